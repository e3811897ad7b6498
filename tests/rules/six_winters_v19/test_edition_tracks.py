"""The v19.7 text's "Progress", "Threats", "Resource Mastery Bonus" and "Threat Location Unlock": a
progress track and a threat track of twelve spaces for each resource, written as tracks of the
game, with mastery as a band and the threat location unlocked when a threat track reaches its
end."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from dsl.world.declare import world_of
from dsl.world.game import new_game

RESOURCES = ["stability", "technology", "espionage", "military", "diplomacy", "sorcery"]


@pytest.fixture(scope="module")
def world(winters: Any) -> Any:
    return world_of(winters)


@pytest.mark.parametrize("resource", RESOURCES)
def test_each_resource_has_a_progress_and_a_threat_track_of_twelve_spaces(
    winters: Any, world: Any, resource: str
) -> None:
    for track in ("progress", "threat"):
        decl = world.properties[f"{resource} {track}"]
        assert (decl.low, decl.high) == (1, winters.values["track spaces"])
    assert (
        world.properties[f"{resource} progress"].start == winters.values["starting progress space"]
    )
    # our reading until a setup step chooses the difficulty: Standard's space
    assert world.properties[f"{resource} threat"].start == winters.values["standard threat space"]


@pytest.mark.parametrize("resource", RESOURCES)
def test_mastery_runs_from_the_red_plus_to_the_end(winters: Any, world: Any, resource: str) -> None:
    bands = world.properties[f"{resource} progress"].bands
    assert [(b.name, b.low, b.high) for b in bands] == [
        ("mastered", winters.values["mastery space"], winters.values["track spaces"])
    ]


@pytest.mark.parametrize("resource", RESOURCES)
def test_a_threat_track_at_its_end_unlocks_its_threat_location(
    winters: Any, world: Any, resource: str
) -> None:
    """The threshold's text; what it does in play: test_edition_threat_locations.py."""
    (threshold,) = [t for t in world.properties[f"{resource} threat"].thresholds if not t.above]
    assert threshold.at == winters.values["track spaces"] and threshold.back_to is None
    (peril,) = [c for c in winters.cards("peril") if c.fields.get("threat") == resource]
    taken, brought = threshold.ability.meaning.parts
    (clause,) = taken.alternatives
    roles = dict(clause.roles)
    assert clause.function == "take_place"
    assert (roles["object"].noun, roles["object"].name) == ("peril", peril.name)
    # in place of a location of the peril's own region, which is burnt
    assert peril.fields["region"] in [f.word for f in roles["instead"].filters]
    assert "burnt" in roles
    (put,) = brought.alternatives
    assert dict(put.roles)["object"].name == peril.fields["brings"][0]


def test_no_progress_track_unlocks_anything(world: Any) -> None:
    for resource in RESOURCES:
        assert world.properties[f"{resource} progress"].thresholds == ()


def test_twelve_tracks_are_two_declarations(winters: Any) -> None:
    # "progress is a track 1..12 of the game for each resource": one number per resource
    names = {p for p in world_of(winters).properties if p.endswith((" progress", " threat"))}
    assert names == {f"{r} {t}" for r in RESOURCES for t in ("progress", "threat")}


# "Threats": a threat track already at its highest space raises the next track in trade order
# instead; past sorcery's end the players choose which track rises.
TRADE_ORDER = ["stability", "technology", "espionage", "military", "diplomacy", "stability"]


@pytest.mark.parametrize("before, after", list(pairwise(TRADE_ORDER)))
def test_a_threat_past_its_end_raises_the_next_track_in_trade_order(
    winters: Any, before: str, after: str
) -> None:
    game = new_game(winters, seed=1, players=1)
    game.state.values[""][f"{before} threat"] = 12  # already at its end
    start = game.ops.value("", f"{after} threat")
    game.ops.change("", f"{before} threat", 3)
    assert game.ops.value("", f"{before} threat") == 12
    assert game.ops.value("", f"{after} threat") == start + 3


def test_past_sorcerys_end_the_players_choose_the_track(winters: Any) -> None:
    (above,) = [t for t in world_of(winters).properties["sorcery threat"].thresholds if t.above]
    (choice,) = above.ability.meaning.parts
    assert [label for label, _ in choice.options] == [
        "Stability",
        "Technology",
        "Espionage",
        "Military",
        "Diplomacy",
    ]
