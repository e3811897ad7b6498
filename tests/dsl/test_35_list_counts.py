"""A list field's members counted over the things a phrase finds: "the number of fire among the
marks of each stone" (a stone marked fire, fire, water counts two)."""

from __future__ import annotations

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import new_game

STONES = """
ruleset "Stone Circle" version "1.0"
players are 1 seats
elements are meters of players: fire, water, earth
heat is a number 0.. of players
card kinds are kinds of cards: stone
stones are in play from the start
kind stone {
  marks elements
}
stone "Old Stone" {
  marks fire, fire, water
}
stone "Grey Stone" {
  marks fire, earth
}
stone "Wet Stone" {
  marks water
}
procedure "Game" {
  Warm: for each player in turn order, gain heat equal to the number of fire among the marks of
        each stone.
  Cool: for each player in turn order, gain heat equal to the number of water among the marks of
        each stone minus 1.
  teardown: do end the game
}
"""


def test_each_mark_of_each_stone_is_counted() -> None:
    game = new_game(load_text(STONES), seed=1, players=1)
    game.pending()
    assert game.ops.value("p1", "heat") == 3 + (2 - 1)  # three fire marks; two water, less 1


def test_a_count_with_no_list_named_is_told() -> None:
    text = STONES.replace("fire among the marks", "fire among the mraks", 1)
    checked = check_sources([Source("stones.rules", text)])
    errors = [d.headline() for d in checked.diagnostics.items if d.severity == "error"]
    assert errors and "the number of <word> among the <list> of <things>" in errors[0], errors
