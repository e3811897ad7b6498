"""The v19.7 text's "Location Action": a location's Action text is taken by a character standing
there for one action die of any value (locations.rules: "Pay 1 red dice to ..."), refused when
they hold none; a location waiting in the location deck offers nothing, and its action is offered
once it enters the map (Session End's Burn Locations put it in place of a burnt one)."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, held, hold, session

from dsl.world.game import WorldGame
from dsl.world.replacing import replace

FREETRADER = "The Rosy Freetrader"  # Action: a Guard obstacle moved to this location
OPTION = f"Action: {FREETRADER}"


def at_the_first_action(winters: Any) -> WorldGame:
    game = session(winters, players=1, seed=2)
    game.pending()
    for card, info in game.state.cards.items():
        if info["kind"] == "obstacle" and info.get("at"):
            game.ops.move_card(card, zone="obstacle deck")
    game.ops.move_card("Imperial Guard", at="Gray Forest")
    return game


def test_a_location_in_the_location_deck_offers_nothing(winters: Any) -> None:
    game = at_the_first_action(winters)
    assert game.state.cards[FREETRADER]["zone"] == "location deck"
    assert OPTION not in game.pending().options


def test_the_action_of_a_location_that_entered_the_map_costs_one_action_die(
    winters: Any,
) -> None:
    game = at_the_first_action(winters)
    replace(game, WHERE, FREETRADER, zone=None)  # in place of Eastkeep, where p1 stands
    hold(game, "p1", [2, 6, 5])
    game = game.clone()
    assert OPTION in game.pending().options
    game.apply(OPTION)
    assert game.state.cards["Imperial Guard"]["at"] == FREETRADER
    assert held(game) == [5, 6]  # one die, whatever its value: the lowest


def test_the_action_is_refused_without_an_action_die(winters: Any) -> None:
    game = at_the_first_action(winters)
    replace(game, WHERE, FREETRADER, zone=None)
    hold(game, "p1", [])
    game = game.clone()
    assert OPTION not in game.pending().options  # its cost cannot be paid: not offered
    hold(game, "p1", [1])
    assert OPTION in game.clone().pending().options
