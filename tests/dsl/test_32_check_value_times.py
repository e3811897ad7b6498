"""A number of a check multiplied by a declared value: ``cuts per level times hindrance``, the
factor written as a value's name rather than a figure (the size of a modifier is the ruleset's
to declare). Read, checked with positions, evaluated, formatted back and given exact odds."""

from __future__ import annotations

from fractions import Fraction

from dsl import ast
from dsl.dice.wording import expr_text
from dsl.formatter import format_text
from dsl.loader import Source, check_sources, load_text
from dsl.parser import parse_text

RULES = """ruleset "Hindered" version "1"
value cuts per wound = 2
value hit on = 4

check "Pool" {
  inputs skill 1..6, wounds 0..3 usually 0
  roll skill d6
  cut the highest cuts per wound times wounds
  score the highest die
  count hits: dice at hit on or more
}
"""


def test_the_factor_before_times_may_be_a_declared_value():
    tree, problems = parse_text(RULES, "h.rules")
    assert problems == []
    (check,) = [f for f in tree.forms if isinstance(f, ast.CheckDecl)]
    cut = check.clauses[2]
    (term,) = cut.count.terms
    assert (term.by, term.name) == ("cuts per wound", "wounds")
    assert expr_text(cut.count) == "cuts per wound times wounds"


def test_each_wound_cuts_as_many_dice_as_the_value_says():
    pool = load_text(RULES, "h.rules").checks["Pool"]
    keeps = pool.setting(skill=4, wounds=1).keeps
    assert keeps == ((False, True, 2),)  # one wound: the two highest dice are cut
    assert pool.setting(skill=4).keeps == ((False, True, 0),)
    assert "cuts per wound" in pool.values  # the value counts as read


def test_the_odds_follow_the_value():
    pool = load_text(RULES, "h.rules").checks["Pool"]
    # 3 dice, 2 cut: the lowest die is left, a hit when all three show 4 or more
    hits = pool.odds(skill=3, wounds=1).counts["hits"]
    assert hits[1] == Fraction(1, 8)
    changed = load_text(RULES.replace("cuts per wound = 2", "cuts per wound = 1"), "h.rules")
    assert changed.checks["Pool"].odds(skill=3, wounds=1).counts["hits"][1] != Fraction(1, 8)


def test_an_unknown_factor_is_told_with_the_near_name():
    checked = check_sources([Source("h.rules", RULES.replace("per wound times", "per wond times"))])
    (message,) = [d.headline() for d in checked.diagnostics.items]
    assert message.startswith("h.rules:8:")
    assert "unknown input or declared value 'cuts per wond'; did you mean 'cuts per wound'?" in (
        message
    )


def test_the_formatter_writes_it_back_unchanged():
    assert format_text(RULES, "h.rules") == (RULES, [])
