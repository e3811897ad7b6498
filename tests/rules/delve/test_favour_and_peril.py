"""Seed 004, "Favour & Peril": favour helps, peril hurts, and they cancel one for one; only
which has more counts. Our reading (declared in rules/delve/checks.rules): one more die, the
better kept when favourable, the worse when perilous."""

from __future__ import annotations

import pytest
from delve_by_hand import basic, complex_outcomes, marks

from dsl.dice.odds import TOLERANCE

BANDS = ("bane", "failure", "complication", "success", "boon")


def near(ours: dict, theirs: dict) -> bool:
    return all(abs(ours.get(k, 0) - theirs.get(k, 0)) <= TOLERANCE for k in {*ours, *theirs})


@pytest.mark.parametrize(("favour", "peril"), [(1, 0), (0, 1), (3, 1), (1, 3)])
@pytest.mark.parametrize("obstacle", [2, 4, 6])
def test_a_basic_check_with_favour_or_peril_keeps_the_better_or_worse_of_two(
    checks, favour, peril, obstacle
):
    odds = checks["Basic"].odds(obstacle=obstacle, favour=favour, peril=peril)
    by_hand = basic(obstacle, favour, peril)
    assert {b: odds.outcomes.get(b, 0) for b in BANDS} == {b: by_hand.get(b, 0) for b in BANDS}


@pytest.mark.parametrize("both", [1, 2, 5])
def test_equal_favour_and_peril_are_a_normal_roll(checks, both):
    for obstacle in (2, 5):
        assert checks["Basic"].odds(obstacle=obstacle, favour=both, peril=both).outcomes == (
            checks["Basic"].odds(obstacle=obstacle).outcomes
        )
    plain = checks["Complex"].odds(reference=2, obstacle=2)
    even = checks["Complex"].odds(reference=2, obstacle=2, favour=both, peril=both)
    assert even.dice == plain.dice and even.outcomes == plain.outcomes


def test_only_which_has_more_counts_not_by_how_much(checks):
    one = checks["Basic"].odds(obstacle=4, favour=1).outcomes
    assert checks["Basic"].odds(obstacle=4, favour=4, peril=1).outcomes == one


@pytest.mark.parametrize(("favour", "peril"), [(1, 0), (0, 1), (2, 1)])
def test_a_complex_check_rolls_one_more_die_and_keeps_the_reference_value(checks, favour, peril):
    odds = checks["Complex"].odds(reference=3, obstacle=2, favour=favour, peril=peril)
    assert near(dict(odds.score), marks(3, favour, peril))
    assert near(dict(odds.outcomes), complex_outcomes(marks(3, favour, peril), 2))


def test_favour_is_better_and_peril_worse_than_a_normal_roll(checks):
    def success_or_better(**given):
        odds = checks["Complex"].odds(reference=3, obstacle=2, **given).outcomes
        return odds["complication"] + odds["success"] + odds["boon"]

    assert success_or_better(favour=1) > success_or_better() > success_or_better(peril=1)
