"""Dice a player holds by face ("charms is a pool 0..6 of players, each a d6, starting at 4"):
rolled in one die each, spent lowest first, refilled without rerolling the dice held, and read
by value ("your highest charm", "your lowest charm", "your charms of value 6")."""

from __future__ import annotations

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

WELL = """
ruleset "Wishing Well" version "1.0"
players are 1 seats
charms is a pool 0..6 of players, each a d6, starting at 4
luck is a number 0.. of players
card kinds are kinds of cards: action
actions is a zone, holding actions
kind action {
}
trigger "Take" activated for action
action "Spend" {
  Take: Lose 2 charms.
}
action "Wish" {
  Take: Pay 3 charms to gain luck equal to your highest charm.
}
action "Sixes" {
  Take: Gain luck equal to your charms of value 6.
}
action "Low" {
  Take: If your lowest charm is at most 2, gain 1 luck.
}
action "Keep" {
  Take: Set charms to 1.
}
procedure "Game" {
  First: for each player in turn order, do take an action
  Refill: Each player sets charms to 5.
  Second: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def game(dice: list[int]) -> WorldGame:
    g = new_game(load_text(WELL), seed=1, players=1, dice=dice)
    g.pending()
    return g


def pool(g: WorldGame) -> list[int]:
    decl = g.world.property("charms")
    assert decl is not None
    return faces(g, "p1", decl)


def test_the_starting_dice_are_rolled_in_and_kept_by_face() -> None:
    g = game([5, 2, 6, 2])
    assert pool(g) == [2, 2, 5, 6]
    assert g.ops.value("p1", "charms") == 4


def test_dice_go_out_lowest_first() -> None:
    g = game([5, 2, 6, 3, 1, 1, 1, 1, 1])
    g.apply("Take: Spend")  # 2 and 3 go; the refill rolls three ones
    assert pool(g) == [1, 1, 1, 5, 6]
    g.apply("Take: Keep")  # the highest is kept
    assert pool(g) == [6]


def test_a_pool_refilled_keeps_its_dice_and_rolls_only_the_new_ones() -> None:
    g = game([5, 2, 6, 3, 1, 4, 4])
    g.apply("Take: Spend")  # 5 and 6 kept
    assert pool(g) == [1, 4, 4, 5, 6]  # three rolled to make five; 5 and 6 not rerolled


def test_a_pool_is_read_by_value() -> None:
    g = game([6, 1, 6, 3])
    g.apply("Take: Sixes")
    assert g.ops.value("p1", "luck") == 2
    assert g.ops.value("p1", "charms highest") == 6
    assert g.ops.value("p1", "charms lowest") == 1


def test_a_cost_is_paid_before_the_highest_is_read() -> None:
    g = game([6, 1, 4, 3, 2, 2, 2, 2])
    g.apply("Take: Wish")  # 1, 3 and 4 go; 6 stays, read after the cost; four twos refill
    assert pool(g) == [2, 2, 2, 2, 6] and g.ops.value("p1", "luck") == 6


def test_a_condition_reads_the_lowest_die() -> None:
    g = game([3, 4, 5, 6])
    g.apply("Take: Low")
    assert g.ops.value("p1", "luck") == 0


def test_a_pool_of_unknown_dice_is_told() -> None:
    text = WELL.replace("each a d6", "each a dx", 1)
    checked = check_sources([Source("well.rules", text)])
    lines = [d.headline() for d in checked.diagnostics.items if d.severity == "error"]
    assert lines[0].startswith("well.rules:4:"), lines
    assert "a pool's dice are 'each a d6'" in lines[0]
