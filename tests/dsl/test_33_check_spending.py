"""What a roller may buy once the dice are seen (``spend 1: raise a die by 1``, ``spend 2: roll
1 more die``): read, checked with positions, written back, and the exact best chance of a count
when the points are spent as well as can be (``dsl.dice.spending``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dsl.dice.model import CheckError
from dsl.dice.spending import best_chance
from dsl.formatter import format_text
from dsl.loader import Source, check_sources, load_text

RULES = """ruleset "Push" version "1"
value push cost = 2

check "Coin" {
  inputs coins 1..3
  roll coins d2
  spend 1: raise a die by 1
  spend push cost: roll 1 more die
  score the highest die
  count heads: dice at 2 or more
}
"""


def coin() -> object:
    return load_text(RULES, "push.rules").checks["Coin"]


def test_the_spendings_are_read_with_their_costs_and_amounts():
    check = coin()
    raising, buying = check.spend(raise_die=True), check.spend(raise_die=False)
    assert (raising.cost.value({}), raising.amount.value({})) == (1, 1)
    assert buying.cost.value({"push cost": 2}) == 2
    assert "push cost" in check.values  # the value counts as read


def test_a_point_turns_a_tail_into_a_head():
    # one coin: a head by itself half the time; 1 point raises a tail, so always
    assert best_chance(coin(), "heads", 1, 0, most_dice=5, coins=1) == Fraction(1, 2)
    assert best_chance(coin(), "heads", 1, 1, most_dice=5, coins=1) == Fraction(1)


def test_a_bought_die_is_weighed_over_its_faces():
    # two heads from one coin and 2 points: a head (1/2) then a bought coin's head (1/2), or
    # a tail raised for 1 point and the last point buys nothing: 1/4 in all
    assert best_chance(coin(), "heads", 2, 2, most_dice=5, coins=1) == Fraction(1, 4)
    # with 3 points: a tail is raised as well, so any start reaches 2 heads if the bought
    # coin shows a head, or it is a head already and the last point raises the bought tail
    assert best_chance(coin(), "heads", 2, 3, most_dice=5, coins=1) == Fraction(3, 4)


def test_no_more_dice_are_bought_than_the_most_allowed():
    assert best_chance(coin(), "heads", 2, 2, most_dice=1, coins=1) == Fraction(0)


def test_an_unknown_count_is_refused_with_the_counts_there_are():
    with pytest.raises(CheckError, match="counts no 'tails' \\(it counts: heads\\)"):
        best_chance(coin(), "tails", 1, 1, most_dice=5, coins=1)


def test_a_spending_declared_twice_is_told_where():
    text = RULES.replace("  spend push cost:", "  spend 2: raise a die by 2\n  spend push cost:")
    checked = check_sources([Source("push.rules", text)])
    (message,) = [d.headline() for d in checked.diagnostics.items]
    assert message == "push.rules:8:3: error: the spending on raising a die is declared twice"


def test_the_formatter_writes_the_spendings_back_unchanged():
    assert format_text(RULES, "push.rules") == (RULES, [])
