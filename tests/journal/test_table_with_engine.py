"""The table verbs against the real Six Winters ruleset and the engine's campaign setup."""

from __future__ import annotations

import importlib.util

import pytest

from journal import catalogue as catalogue_module

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("rules.six_winters.engine") is None, reason="no engine yet"
)


@pytest.fixture
def real_cards():  # type: ignore[no-untyped-def]
    saved = dict(catalogue_module._cache)
    catalogue_module._cache.clear()
    found = catalogue_module.load_catalogue()
    if found is None:
        pytest.skip("the Six Winters ruleset does not load")
    yield found
    catalogue_module._cache.clear()
    catalogue_module._cache.update(saved)


def test_a_new_campaign_starts_from_the_engines_campaign_setup(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    setup = cli("setup", "--campaign", "Brightdune")
    assert setup.code == 0
    for name, x, y in real_cards.starting_map:
        assert f"{name} at {x},{y}" in setup.out
    assert "Parin:" in setup.out  # the starting character sheets


def test_a_misspelt_scheme_names_the_rulesets_schemes(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    scheme = next(iter(real_cards.names("scheme")))
    assert cli("campaign", "start", "Brightdune").code == 0
    ran = cli(
        "year", "start", "--campaign", "Brightdune", "--year", "1",
        "--scheme", scheme[:-2], "--characters", "Parin,Kanun",
    )  # fmt: skip
    assert ran.code == 1 and f'"{scheme}"' in ran.err


def test_a_scene_is_completed_only_where_its_card_says(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    scene = real_cards.get("Take Second at the Amber Wine Drinking Game", "scene")
    if scene is None or "Eastkeep" not in real_cards.names("location"):
        pytest.skip("the ruleset has no such scene")
    assert cli("campaign", "start", "Brightdune").code == 0
    scheme = real_cards.names("scheme")[0]
    assert cli(
        "year", "start", "--campaign", "Brightdune", "--year", "1", "--scheme", scheme,
        "--characters", "Parin,Kanun",
    ).code == 0  # fmt: skip
    elsewhere = cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", scene.name, "--location", "Eastkeep", "--participants", "Parin", "--text", "",
    )  # fmt: skip
    assert (
        elsewhere.code == 1 and "is completed at Giant's Gate, not at 'Eastkeep'" in elsewhere.err
    )
    there = cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", scene.name, "--location", "Giant's Gate", "--participants", "Parin",
        "--text", "",
    )  # fmt: skip
    assert there.code == 0, there.err
