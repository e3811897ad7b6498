"""A map made of cards: when the place kind has cards of its own ("stops are places" and a
`stop "Gate" { }` card for each place of the map), those cards are the map, in play from the
start. "a random stop" and "a stop" find them, so a step can move a card from a deck to one and
a player can walk to one (before, only a map with no cards of the place kind was found)."""

from __future__ import annotations

from dsl.loader import load_text
from dsl.world.game import new_game

ROAD = """
ruleset "Card Road" version "1.0"
players are 1 to 2 seats
steps is a number 0..9 of players, starting at 3
card kinds are kinds of cards: stop, monster, action
stops are places
lanterns are pieces of players, one each: lantern
deck is a zone, face down
discard is a zone
actions is a zone, holding actions
kind stop {
}
kind monster {
  strength int 1..
}
kind action {
}
trigger "Take" activated for action
map "The Road" {
  "Gate" at 0, 0
  "Mill" at 1, 0
}
stop "Gate" {
}
stop "Mill" {
}
monster "Bog Wight" {
  strength 2
}
action "Walk" {
  Take: Lose 1 steps to move to a stop.
}
procedure "Game" {
  setup: Move a monster from the monster deck to a random stop.
  Turns: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def test_a_card_of_the_map_is_found_by_a_random_place() -> None:
    game = new_game(load_text(ROAD), seed=3, players=1)
    game.pending()
    assert game.state.cards["Bog Wight"]["at"] in {"Gate", "Mill"}


def test_a_player_walks_to_a_card_of_the_map() -> None:
    game = new_game(load_text(ROAD), seed=3, players=1)
    decision = game.pending()
    assert decision is not None and "Take: Walk" in decision.options
    game.apply("Take: Walk")
    while (decision := game.pending()) is not None and "Take: Walk" not in decision.options:
        game.apply(decision.options[-1])  # the stop to walk to
    assert game.state.values["p1"]["steps"] == 2
    assert game.ops.pawn_at("p1") in {"Gate", "Mill"}
