"""The v19.7 text's "Threat Locations" and "Unlocking Threat Locations": when a threat track
reaches its last space, its threat location is put into play in its region at the space of a
location there, which is burnt; what lay at that location (a character, an obstacle with the
dice laid on it) stays at the space; the obstacle the threat location brings is put into play
there. Our readings (ruleset.rules): the location is one of the region's at random; a threat
location already in play does not come again."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import WHERE, laid, play_as, session

from dsl.selectors import Selector
from dsl.world.burning import burnt
from dsl.world.game import WorldGame
from dsl.world.replacing import places
from dsl.world.together import carried, carry_into

RESOURCES = ["stability", "technology", "espionage", "military", "diplomacy", "sorcery"]


def peril_of(winters: Any, resource: str) -> Any:
    (peril,) = [c for c in winters.cards("peril") if c.fields.get("threat") == resource]
    return peril


def card_id(game: WorldGame, name: str, kind: str) -> str:
    (card,) = [c for c, i in game.state.cards.items() if i["name"] == name and i["kind"] == kind]
    return card


def at_its_end(winters: Any, resource: str, seed: int = 1) -> WorldGame:
    """A session at its first action whose ``resource`` threat track then reaches space 12."""
    game = session(winters, players=1, seed=seed)
    game.pending()
    game.ops.set("", f"{resource} threat", 11)
    return game


def region_of(game: WorldGame, place: str) -> str:
    return str(game.card_fields(place)["region"])


@pytest.mark.parametrize("resource", RESOURCES)
def test_the_threat_location_takes_the_place_of_a_burnt_location_of_its_region(
    winters: Any, resource: str
) -> None:
    peril = peril_of(winters, resource)
    game = at_its_end(winters, resource)
    before = places(game)
    assert game.ops.value("", f"{resource} threat") == 11 and burnt(game.state) == []
    game.ops.change("", f"{resource} threat", 1)
    card = card_id(game, peril.name, "peril")
    now = places(game)
    (space,) = [k for k, (a, b) in enumerate(zip(before, now, strict=True)) if a != b]
    assert now[space] == card
    assert burnt(game.state) == [before[space]]  # a location of the peril's own region
    assert region_of(game, before[space]) == peril.fields["region"]
    (brought,) = peril.fields["brings"]
    assert game.state.cards[card_id(game, brought, "obstacle")]["at"] == card


def test_what_lay_at_the_burnt_location_stays_at_the_space(winters: Any) -> None:
    """The Throne Room (espionage, the Empire) in place of Eastkeep: the character standing
    there and the obstacle with two dice laid on it are at the threat location now."""
    hits = 0
    for seed in range(1, 9):
        game = at_its_end(winters, "espionage", seed)
        play_as(game, "p1", "Thea")
        game.ops.move_card("Poison", at=WHERE)
        game.ops.change("Poison", "laid dice", 2)
        dice = laid(game, "Poison")
        game.ops.change("", "espionage threat", 1)
        if burnt(game.state) != [WHERE]:
            assert game.state.cards["Poison"]["at"] == WHERE  # another location was burnt
            continue
        hits += 1
        throne = card_id(game, "The Throne Room", "peril")
        assert game.ops.pawn_at("p1") == throne
        assert game.state.cards["Thea"]["at"] == throne
        assert game.state.cards["Poison"]["at"] == throne and laid(game, "Poison") == dice
    assert hits  # among eight seeds, Eastkeep was the one burnt at least once


def test_the_threat_location_is_found_as_a_location_and_the_burnt_one_is_not(
    winters: Any,
) -> None:
    game = at_its_end(winters, "espionage")
    game.ops.change("", "espionage threat", 1)
    throne = card_id(game, "The Throne Room", "peril")
    (gone,) = burnt(game.state)
    ctx = game.context(actor="p1")
    a_location = Selector(noun_category="card kind", noun="location", text="a location")
    found = {str(c) for c in game.host.select(ctx, a_location)}
    assert throne in found and gone not in found
    # "each obstacle at any location" (Threat Tracks) counts the obstacle it brought
    assert game.state.cards["Wrath of the Autarch"]["at"] == throne


def test_a_threat_location_in_play_does_not_come_again(winters: Any) -> None:
    game = at_its_end(winters, "espionage")
    game.ops.change("", "espionage threat", 1)
    first = places(game)
    game.ops.set("", "espionage threat", 11)
    game.ops.change("", "espionage threat", 1)
    assert places(game) == first and len(burnt(game.state)) == 1


def test_the_map_with_its_threat_location_is_carried_to_the_next_session(winters: Any) -> None:
    game = at_its_end(winters, "military")
    game.ops.change("", "military threat", 1)
    left = carried(game)
    crag = card_id(game, "Sundered Crag", "peril")
    assert crag in left["spaces"].values()
    nxt = session(winters, players=1, seed=5, keep=False)
    carry_into(nxt, left)
    assert crag in places(nxt) and set(left["burnt"]) <= set(burnt(nxt.state))
