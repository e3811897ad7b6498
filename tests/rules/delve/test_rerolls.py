"""Seed 004, "Re-Rolls" and "Resources": a luck point buys a re-roll, a dark deal costs
corruption, a push stress or fatigue; fate points escape certain death. One re-roll a check,
except that a dark deal may be made again; the re-rolled result is final. Each check declares
its re-rolls (``re-roll once by luck, paying 1 luck``), and their odds come from the text."""

from __future__ import annotations

from fractions import Fraction

import pytest
from delve_by_hand import Scripted, complex_outcomes, marks, rerolled

from dsl.dice.model import CheckError
from dsl.dice.rerolls import refusal, reroll_odds


@pytest.mark.parametrize("number", ["luck", "fate", "corruption", "stress", "fatigue"])
def test_what_a_re_roll_costs_is_a_number_each_model_holds_from_0(delve, number):
    declared = delve.vocabulary.world.properties[number]
    assert declared.owner == "model"
    assert declared.low == 0 and declared.start == 0


def test_a_re_roll_rolls_the_same_check_with_the_same_inputs(checks):
    first = checks["Complex"].roll(Scripted([1, 2, 3]), reference=3, obstacle=2, favour=1)
    again = checks["Complex"].reroll(Scripted([5, 5, 4, 2]), first)
    assert first.outcome == "bane"
    assert again.inputs == first.inputs
    assert sorted(again.kept) == [4, 5, 5] and again.outcome == "success"


@pytest.mark.parametrize("check", ["Basic", "Complex", "Extended", "Casting"])
def test_every_check_may_be_re_rolled_by_luck_a_dark_deal_or_a_push(checks, check):
    ways = {r.way: (r.again, r.costs) for r in checks[check].rerolls}
    assert ways == {
        "luck": (False, ((1, "luck"),)),
        "dark deal": (True, ((1, "corruption"),)),
        "push": (False, ((1, "stress"), (1, "fatigue"))),
    }


def test_one_re_roll_a_check_except_a_dark_deal(checks):
    complex_ = checks["Complex"]
    assert refusal(complex_, "luck", []) is None
    assert refusal(complex_, "push", []) is None
    assert refusal(complex_, "luck", ["push"]) is not None
    assert refusal(complex_, "push", ["luck"]) is not None
    assert refusal(complex_, "dark deal", ["luck"]) is None
    assert refusal(complex_, "dark deal", ["dark deal", "dark deal"]) is None
    # our reading: luck cannot follow a dark deal (one re-roll a check, the deal excepted)
    assert refusal(complex_, "luck", ["dark deal"]) is not None


def test_a_way_the_check_does_not_declare_is_refused(checks):
    with pytest.raises(CheckError, match="no re-roll by 'prayer'"):
        refusal(checks["Basic"], "prayer", [])


@pytest.mark.parametrize(
    ("reference", "obstacle", "ways", "on"),
    [
        (3, 2, ["luck"], {"bane", "failure"}),
        (2, 1, ["push"], {"bane"}),
        (4, 3, ["dark deal", "dark deal", "dark deal"], {"bane", "failure", "complication"}),
        (3, 3, ["luck", "dark deal"], {"failure"}),
    ],
)
def test_the_odds_of_a_re_rolled_check_equal_a_count_by_hand(checks, reference, obstacle, ways, on):
    once = complex_outcomes(marks(reference), obstacle)
    by_hand = rerolled(once, on, len(ways))
    odds = reroll_odds(checks["Complex"], ways, on, reference=reference, obstacle=obstacle)
    assert sum(odds.values()) == pytest.approx(1, abs=1e-12)
    for band in by_hand:
        assert abs(float(odds[band]) - float(by_hand[band])) <= 1e-11, band


def test_a_final_re_roll_can_make_things_worse(checks):
    # re-rolling a complication risks a bane: the re-roll stands
    odds = reroll_odds(checks["Basic"], ["luck"], {"complication"}, obstacle=4)
    assert odds["bane"] == Fraction(1, 6) + Fraction(1, 6) * Fraction(1, 6)


def test_the_odds_refuse_a_second_luck_point(checks):
    with pytest.raises(CheckError, match="re-rolled already"):
        reroll_odds(checks["Complex"], ["luck", "luck"], {"failure"}, reference=2, obstacle=2)


def test_the_command_line_prints_a_re_rolled_check(capsys):
    from journal.cli import main

    args = ["odds", "delve", "Complex", "--input", "reference=3", "--by", "obstacle"]
    code = main([*args, "--reroll", "luck", "--reroll-on", "failure", "--reroll-on", "bane"])
    out, _ = capsys.readouterr()
    assert code == 0 and "failure re-rolled" in out and "by luck" in out
    code = main([*args, "--reroll", "luck", "--reroll", "push", "--reroll-on", "failure"])
    _, err = capsys.readouterr()
    assert code == 2 and "re-rolled already" in err and "Traceback" not in err
