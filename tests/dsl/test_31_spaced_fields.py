"""A number field of several words ("road cost") read as "the road cost of ...", and "this
stop" in the text of a card that is no stop: the stop where the actor stands. A card that
leaves an optional number field out has nothing to read: the text cannot happen (a cost is not
paid, the action is refused) rather than reading 0."""

from __future__ import annotations

from dsl.loader import load_text
from dsl.world.game import WorldGame, new_game

ROAD = """
ruleset "Card Road" version "1.0"
players are 1 seats
steps is a number 0..9 of players, starting at 3
card kinds are kinds of cards: stop, action
stops are places
lanterns are pieces of players, one each: lantern
actions is a zone, holding actions
kind stop {
  road cost int 1.. optional
}
kind action {
}
trigger "Take" activated for action
map "The Road" {
  "Gate" at 0, 0
  "Mill" at 1, 0
}
stop "Gate" {
  road cost 2
}
stop "Mill" {
  # no road out: Walk is refused here
}
action "Walk" {
  Take: Lose steps equal to the road cost of this stop to move to a stop.
}
procedure "Game" {
  Turns: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def at(stop: str) -> WorldGame:
    game = new_game(load_text(ROAD), seed=1, players=1)
    game.pending()
    game.ops.move_pawn("p1", stop)
    return game


def test_walking_pays_the_road_cost_of_the_stop_where_the_player_stands() -> None:
    game = at("Gate")
    game.apply("Take: Walk")
    game.apply("Mill")
    game.pending()
    assert game.ops.pawn_at("p1") == "Mill"
    assert game.state.values["p1"]["steps"] == 3 - 2


def test_a_stop_with_no_road_cost_refuses_the_walk() -> None:
    game = at("Mill")
    game.apply("Take: Walk")
    decision = game.pending()
    assert decision is not None and decision.options == ("pass",)
    assert game.ops.pawn_at("p1") == "Mill" and game.state.values["p1"]["steps"] == 3
