"""The table verbs against the real Six Winters ruleset and the engine's campaign setup."""

from __future__ import annotations

import re
import shlex

import pytest

from journal.catalogue import points_of, skill_of


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


def _year_one(cli, *scenes: tuple[str, str, str]) -> None:  # type: ignore[no-untyped-def]
    assert cli("campaign", "start", "Brightdune").code == 0
    assert cli(
        "year", "start", "--campaign", "Brightdune", "--year", "1",
        "--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun",
    ).code == 0  # fmt: skip
    for scene, location, who in scenes:
        ran = cli(
            "scene", "record", "--campaign", "Brightdune", "--year", "1", "--scene", scene,
            "--location", location, "--participants", who, "--text", "",
        )  # fmt: skip
        assert ran.code == 0, ran.err


AMBER = ("Take Second at the Amber Wine Drinking Game", "Giant's Gate", "Parin")
SCROLL = ("Decipher Gelshah's Scroll", "Giant's Gate", "Kanun")


def test_a_recorded_epilogue_develops_and_adds_on_top_of_the_deck(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    if real_cards.get(AMBER[0], "scene") is None:
        pytest.skip("the ruleset has no such scene")
    _year_one(cli)
    ran = cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1", "--scene", AMBER[0],
        "--location", AMBER[1], "--participants", "Parin", "--text", "",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert "Giant's Gate is developed" in ran.out and "Amber Wine goes on top" in ran.out
    ended = cli("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost")
    assert ended.code == 0, ended.err
    setup = cli("setup", "--campaign", "Brightdune")
    assert setup.code == 0, setup.err
    assert "Giant's Gate at -1,0 (Brightdune, developed side)" in setup.out
    assert "asset: " in setup.out and "cards (Amber Wine, " in setup.out  # on top
    assert f"Archive: {AMBER[0]}" in setup.out


def test_a_failed_year_applies_the_schemes_failure(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    _year_one(cli, AMBER)
    ended = cli(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost",
        "--threat-left", "2", "--threat", "Eastkeep=2", "--reserve", "Whisper Drip",
    )  # fmt: skip
    assert ended.code == 0, ended.err
    assert "Discord in Brightdune goes on top of the obstacle deck" in ended.out
    assert "A threat leaves Eastkeep (session end reduces its danger; default" in ended.out
    removals = [
        line
        for line in ended.out.splitlines()
        if "Eastkeep" in line and ("threat leaves" in line or "removes a threat" in line)
    ]
    assert len(removals) == 1, removals  # each removal told once
    setup = cli("setup", "--campaign", "Brightdune")
    # the failure's event on top of the four obstacles the scheme's summer end added
    assert (
        "obstacle: 5 cards (Discord in Brightdune, Pomegranate Heist, Grain Shortage, "
        "Mole Hunt, The Old Wounds, top first)"
    ) in setup.out
    assert "scene: 8 cards (Ambush Military Scouts, Intercept Freetrader Plans, " in setup.out
    assert "Eastkeep at 1,0 (the Empire, base side): threats 1" in setup.out
    assert "Unlocked abilities" not in setup.out
    assert "Reserve: Whisper Drip" in setup.out and "Whisper Drip," not in setup.out


def test_a_won_year_unlocks_the_schemes_ability_and_needs_three_scenes(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    _year_one(cli, AMBER, SCROLL)
    early = cli("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "won")
    assert early.code == 1 and "a won year needs 3" in early.err
    ran = cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Find the Source of the Gasping Spores", "--location", "Giant's Gate",
        "--participants", "Parin,Kanun", "--text", "", "--choice", "Abandon",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    ended = cli(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "won",
        "--place", "Gelshah's Tower@-2,0", "--reduce", "Eastkeep=nothing", "--threat", "Eastkeep=1",
    )  # fmt: skip
    assert ended.code == 0, ended.err
    assert "Gelshah's Tower joins the map at -2,0" in ended.out
    setup = cli("setup", "--campaign", "Brightdune")
    assert "Gelshah's Tower at -2,0" in setup.out
    assert "Unlocked abilities: Amber Hand Alliance" in setup.out
    assert "Eastkeep at 1,0 (the Empire, base side): threats 1" in setup.out


def test_a_new_location_only_goes_where_the_rules_allow(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    _year_one(cli, SCROLL)
    ended = cli(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost",
        "--place", "Gelshah's Tower@5,5",
    )  # fmt: skip
    assert ended.code == 1 and "cannot join the map at 5,5" in ended.err
    nothing_asked = cli(
        "year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost",
        "--place", "Golden Hills@0,2",
    )  # fmt: skip
    assert nothing_asked.code == 1 and "nothing in year 1 asked for --place" in nothing_asked.err


def _spores(cli, *extra: str):  # type: ignore[no-untyped-def]
    """Parin records Find the Source of the Gasping Spores (4 points) at Giant's Gate."""
    return cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Find the Source of the Gasping Spores", "--location", "Giant's Gate",
        "--participants", "Parin", "--choice", "Stay", "--text", "", *extra,
    )  # fmt: skip


def test_a_scene_recorded_short_of_its_points_is_kept_with_a_warning(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    # Narrate Scene: the cards played and the skill matches must reach the scene's points. At
    # a real table the players' word stands, so the scene is kept; the shortfall is pointed out.
    _year_one(cli)
    ran = _spores(cli, "--played", "Wound Paste")
    paste = points_of(real_cards.require("Wound Paste"))
    assert ran.code == 0, ran.err
    assert (
        "warning: Find the Source of the Gasping Spores needs 4 points; the cards recorded give "
        f"{paste} and the skill matches 0 (--skill-match)"
    ) in ran.err


def test_a_scene_recorded_with_its_points_has_no_warning(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    _year_one(cli)
    paste = points_of(real_cards.require("Wound Paste"))
    enough = _spores(cli, "--played", "Wound Paste", "--skill-match", str(4 - paste))
    assert enough.code == 0 and "warning" not in enough.err


def test_a_location_an_epilogue_places_is_told_once(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    _year_one(cli)
    ran = _spores(cli, "--skill-match", "4")
    assert ran.code == 0, ran.err
    assert ran.out.count("Loomwood joins the map") == 1
    assert "Loomwood joins the map at -1,1 (default; year end's --place" in ran.out


def test_the_place_hint_for_a_name_with_an_apostrophe_can_be_pasted(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    # Decipher Gelshah's Scroll adds Gelshah's Tower; the hint was --place 'Gelshah's Tower@X,Y'
    _year_one(cli)
    ran = cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1",
        "--scene", "Decipher Gelshah's Scroll", "--location", "Giant's Gate",
        "--participants", "Parin", "--skill-match", "4", "--text", "",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    hint = re.search(r"--place (.*?) chooses", ran.out)
    assert hint is not None, ran.out
    assert shlex.split(hint.group(1)) == ["Gelshah's Tower@X,Y"]


def test_setup_shows_the_advance_marks_and_who_takes_downtime(real_cards, cli) -> None:  # type: ignore[no-untyped-def]
    # Gain Skill Advance marks the scene's skill on each participant's sheet; Downtime is for
    # who did not play the year before.
    _year_one(cli)
    scene = real_cards.get(AMBER[0], "scene")
    ran = cli(
        "scene", "record", "--campaign", "Brightdune", "--year", "1", "--scene", AMBER[0],
        "--location", AMBER[1], "--participants", "Parin", "--skill-match", "9", "--text", "",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert (
        cli("year", "end", "--campaign", "Brightdune", "--year", "1", "--result", "lost").code == 0
    )
    setup = cli("setup", "--campaign", "Brightdune").out
    parin = next(line for line in setup.splitlines() if line.startswith("  Parin:"))
    rank = real_cards.character_skills["Parin"][skill_of(scene)]
    assert rank >= 1 and f"{skill_of(scene)} {rank} (1 marked)" in parin  # one mark: not above
    assert "Downtime at the start of year 2 for who sat year 1 out (Fuscus)" in setup
