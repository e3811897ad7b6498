"""The report's 95% intervals against published values, and how they behave at small counts."""

from __future__ import annotations

import pytest

from journal.playtest.intervals import (
    mean_difference,
    paired_rate_difference,
    rate_difference,
    t975,
    wilson,
)


def pairs(both: int, only_a: int, only_b: int, neither: int) -> list[tuple[int, int]]:
    return [(1, 1)] * both + [(1, 0)] * only_a + [(0, 1)] * only_b + [(0, 0)] * neither


def test_wilson_keeps_a_width_at_no_wins_and_at_every_win() -> None:
    assert wilson(0, 1) == pytest.approx((0.0, 0.7935), abs=1e-4)  # one lost game: 0% to 79%
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)  # no games: nothing is known


def test_wilson_narrows_with_more_games_and_holds_the_rate() -> None:
    low, high = wilson(8, 10)
    assert low < 0.8 < high
    wide = high - low
    low, high = wilson(80, 100)
    assert low < 0.8 < high and high - low < wide


def test_the_difference_of_two_rates_is_newcombes_hybrid_score_interval() -> None:
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", example (a): 56/70 against 48/80, method 10: 0.0524 to 0.3339.
    assert rate_difference(56, 70, 48, 80) == pytest.approx((0.2, 0.0524, 0.3339), abs=1e-4)
    assert rate_difference(1, 1, 0, 5) is not None
    assert rate_difference(0, 0, 3, 5) is None


def test_a_rate_from_one_session_brings_its_whole_width_into_the_difference() -> None:
    value, low, high = rate_difference(0, 1, 183, 200)  # one lost session against 91.5%
    assert value == pytest.approx(-0.915)
    assert high - low > 0.7  # not the [-95, -88] a normal interval gives


def test_the_paired_difference_is_newcombes_interval_for_paired_rates() -> None:
    # Fagerland, Lydersen and Laake (2014), airway data (1, 1, 7, 12): Newcombe's square-and-
    # add interval for p1 - p2 is -0.502 to -0.036; B minus A is its mirror.
    value, low, high = paired_rate_difference(pairs(1, 1, 7, 12))
    assert (value, low, high) == pytest.approx((0.2857, 0.0361, 0.5017), abs=1e-4)


def test_a_few_seeds_that_agree_still_give_a_wide_paired_interval() -> None:
    value, low, high = paired_rate_difference(pairs(3, 0, 0, 0))
    assert value == 0 and low < -0.5 and high > 0.5
    value, low, high = paired_rate_difference(pairs(300, 0, 0, 0))
    assert high - low < 0.03  # and it narrows as the seeds add up
    assert paired_rate_difference([]) is None


def test_a_mean_difference_uses_students_t_and_needs_two_pairs() -> None:
    assert t975(1) == 12.706 and t975(30) == 2.042
    assert t975(31) == pytest.approx(2.0395, abs=1e-3) and t975(1000) == pytest.approx(1.9623, 1e-3)
    mean, low, high = mean_difference([1.0, 2.0, 3.0])
    assert mean == 2.0 and (low, high) == pytest.approx((2 - 2.4843, 2 + 2.4843), abs=1e-3)
    assert mean_difference([5.0]) is None
