"""The v19.7 text's "Progress", "Threats", "Resource Mastery Bonus" and "Threat Location Unlock": a
progress track and a threat track of twelve spaces for each resource, written as tracks of the
game, with mastery as a band and the threat location unlocked when a threat track reaches its
end."""

from __future__ import annotations

from typing import Any

import pytest

from dsl.world.declare import world_of

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
    (threshold,) = world.properties[f"{resource} threat"].thresholds
    assert threshold.at == winters.values["track spaces"] and threshold.back_to is None
    (peril,) = [c for c in winters.cards("peril") if c.fields.get("threat") == resource]
    (sentence,) = threshold.ability.meaning.parts
    (clause,) = sentence.alternatives
    roles = dict(clause.roles)
    assert clause.verb == "put into play"
    assert (roles["object"].noun, roles["object"].name) == ("peril", peril.name)
    # into the peril's own region
    assert [f.word for f in roles["at"].filters] == [peril.fields["region"]]


def test_no_progress_track_unlocks_anything(world: Any) -> None:
    for resource in RESOURCES:
        assert world.properties[f"{resource} progress"].thresholds == ()
