"""Two kinds of cards may print the same name (a mission and an obstacle both called "The
Ambush"): the world engine deals each as its own card, in its own deck, and a card of one kind
never stands for the other."""

from __future__ import annotations

from dsl.loader import load_text
from dsl.world.game import new_game

TEXT = """
ruleset "Two Decks" version "1.0"
players are 1 seats
card kinds are kinds of cards: mission, obstacle
deck is a zone, face down
kind mission {
}
kind obstacle {
  strength int 1..
}
mission "The Ambush" {
}
obstacle "The Ambush" {
  strength 2
}
procedure "Game" {
  teardown: do end the game
}
"""


def test_a_name_two_kinds_share_is_two_cards_each_in_its_own_deck() -> None:
    game = new_game(load_text(TEXT), seed=1, players=1)
    kinds = {info["kind"]: card for card, info in game.state.cards.items()}
    assert set(kinds) == {"mission", "obstacle"}
    assert game.state.zones["mission deck"] == [kinds["mission"]]
    assert game.state.zones["obstacle deck"] == [kinds["obstacle"]]
    assert {game.state.cards[c]["name"] for c in kinds.values()} == {"The Ambush"}
