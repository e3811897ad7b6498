"""The dungeon game's checks (seed 004, "Checks System"), declared in text
(fixtures/checks/dungeon.rules): their exact odds from the declaration equal an independent
brute-force count written here from the seed's rules and the fixture's stated readings.

Exploding 6s: the brute force follows chains of bonus dice 30 deep; the odds stop where going
further is below 1e-12, and say so (``error``): they agree to 1e-12.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from dsl.dice.odds import TOLERANCE
from dsl.loader import load_text

FIXTURE = Path(__file__).parent / "fixtures" / "checks" / "dungeon.rules"
BANDS = ("bane", "failure", "complication", "success", "boon")
SIXTH = Fraction(1, 6)
TARGET, BOON_MARGIN = 4, 3  # the fixture's declared values
LADDER = {"very easy": 3, "easy": 2, "routine": 1, "challenging": 0, "difficult": -1}


@pytest.fixture(scope="module")
def checks():
    return load_text(FIXTURE.read_text(encoding="utf-8"), str(FIXTURE)).checks


# ---- the brute force, from the seed's words


def basic_by_hand(obstacle: int, favour: int = 0, peril: int = 0) -> dict[str, Fraction]:
    """Bane on a 1; a 6 is a boon, confirmed by a second 6 at an obstacle of 6 or more; else
    below the obstacle fails, equal is a complication, above succeeds. Favour: the better of
    two dice; peril: the worse."""
    odds = defaultdict(Fraction)
    dice = 2 if favour != peril else 1
    for faces in product(range(1, 7), repeat=dice):
        p = SIXTH**dice
        roll = max(faces) if favour > peril else min(faces)
        if roll == 1:
            odds["bane"] += p
            continue
        if roll == 6:
            confirmed = SIXTH if obstacle >= 6 else Fraction(1)
            odds["boon"] += p * confirmed
            p *= 1 - confirmed
        if p:
            band = (
                "failure" if roll < obstacle else "complication" if roll == obstacle else "success"
            )
            odds[band] += p
    return odds


@cache
def bonus_by_hand(depth: int = 30) -> dict[int, Fraction]:
    """One bonus die: a mark at 4+, and a 6 rolls another (followed ``depth`` deep)."""
    marks: dict[int, Fraction] = defaultdict(Fraction)
    for face in range(1, 7):
        mark = int(face >= TARGET)
        if face == 6 and depth:
            for more, p in bonus_by_hand(depth - 1).items():
                marks[mark + more] += SIXTH * p
        else:
            marks[mark] += SIXTH
    return dict(marks)


def plus(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return out


def marks_by_hand(reference: int, favour: int = 0, peril: int = 0) -> dict[int, Fraction]:
    """Every ordered roll of the dice: favour rolls one more and keeps the best ``reference``,
    peril the worst; a mark per die at 4+, a 1 takes one away, each 6 a bonus die."""
    extra = int(favour != peril)
    marks: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=reference + extra):
        kept = sorted(faces, reverse=favour > peril)[:reference]
        base = sum(1 for f in kept if f >= TARGET) - kept.count(1)
        chains = {0: Fraction(1)}
        for _ in range(kept.count(6)):
            chains = plus(chains, bonus_by_hand())
        for more, p in chains.items():
            marks[base + more] += SIXTH ** len(faces) * p
    return dict(marks)


def complex_by_hand(marks: dict[int, Fraction], obstacle: int) -> dict[str, Fraction]:
    odds = defaultdict(Fraction)
    for m, p in marks.items():
        if m < 0:
            odds["bane"] += p
        elif m < obstacle:
            odds["failure"] += p
        elif m == obstacle:
            odds["complication"] += p
        elif m >= obstacle + BOON_MARGIN:
            odds["boon"] += p
        else:
            odds["success"] += p
    return odds


def close(ours: dict[str, Fraction], theirs: dict[str, Fraction], tolerance: float) -> bool:
    return all(abs(ours.get(b, 0) - theirs.get(b, 0)) <= tolerance for b in {*ours, *theirs})


# ---- basic checks: exact


@pytest.mark.parametrize("obstacle", range(1, 11))
def test_a_basic_check_is_bane_on_a_1_and_a_confirmed_boon_on_a_6(checks, obstacle):
    odds = checks["Basic"].odds(obstacle=obstacle)
    assert odds.error == 0
    assert dict(odds.outcomes) == {b: basic_by_hand(obstacle).get(b, 0) for b in odds.outcomes}
    assert sum(odds.outcomes.values()) == 1


@pytest.mark.parametrize(("favour", "peril"), [(1, 0), (0, 1), (2, 1), (1, 2), (2, 2)])
@pytest.mark.parametrize("obstacle", [2, 4, 6])
def test_favour_and_peril_cancel_and_the_greater_keeps_the_better_or_worse_die(
    checks, favour, peril, obstacle
):
    odds = checks["Basic"].odds(obstacle=obstacle, favour=favour, peril=peril)
    assert dict(odds.outcomes) == {
        b: basic_by_hand(obstacle, favour, peril).get(b, 0) for b in odds.outcomes
    }


def test_at_an_obstacle_of_6_a_boon_needs_a_second_6(checks):
    assert checks["Basic"].odds(obstacle=5).outcomes["boon"] == SIXTH
    assert checks["Basic"].odds(obstacle=6).outcomes["boon"] == SIXTH * SIXTH


# ---- complex checks: the exploding 6 to 1e-12


@pytest.mark.parametrize("reference", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("obstacle", [1, 2, 3, 5])
def test_complex_marks_and_outcomes_equal_a_brute_force_count(checks, reference, obstacle):
    odds = checks["Complex"].odds(reference=reference, obstacle=obstacle)
    marks = marks_by_hand(reference)
    assert odds.error <= TOLERANCE
    assert close(dict(odds.score), marks, TOLERANCE)
    assert close(dict(odds.outcomes), complex_by_hand(marks, obstacle), TOLERANCE)
    assert abs(sum(odds.outcomes.values()) - 1) <= TOLERANCE


@pytest.mark.parametrize(("favour", "peril"), [(1, 0), (0, 2)])
def test_complex_favour_keeps_the_best_dice_of_one_more(checks, favour, peril):
    odds = checks["Complex"].odds(reference=3, obstacle=2, favour=favour, peril=peril)
    marks = marks_by_hand(3, favour, peril)
    assert close(dict(odds.score), marks, TOLERANCE)
    assert close(dict(odds.outcomes), complex_by_hand(marks, 2), TOLERANCE)


@pytest.mark.parametrize("step", list(LADDER))
def test_difficulty_changes_the_reference_never_the_obstacle(checks, step):
    odds = checks["Complex"].odds(reference=2, obstacle=2, difficulty=step)
    reference = max(0, 2 + LADDER[step])
    assert odds.dice == reference
    assert close(dict(odds.outcomes), complex_by_hand(marks_by_hand(reference), 2), TOLERANCE)


def test_a_6_rolls_again_for_a_bonus_mark(checks):
    # one die: a 6 is a mark and a bonus die; 2 marks are a 6 then a 4 or 5 (2/6), or a 6
    # then a 6 (a mark) then a 1-3 (none): 1/6 * (2/6 + 1/6 * 3/6) = 5/72
    odds = checks["Complex"].odds(reference=1, obstacle=1)
    assert abs(odds.score[2] - Fraction(5, 72)) <= TOLERANCE
    assert odds.score[-1] == SIXTH  # a 1 takes a mark away


# ---- extended checks: the chance within N rolls and the expected time


def extended_by_hand(marks: dict[int, Fraction], obstacle: int, rolls: int):
    """Roll after roll, the running total: at 0 or below a bane, at the obstacle a success."""
    running = {0: Fraction(1)}
    ended = {"bane": Fraction(0), "success": Fraction(0)}
    within = []
    expected = Fraction(0)
    for _ in range(rolls):
        expected += sum(running.values())
        after: dict[int, Fraction] = defaultdict(Fraction)
        for total, p in running.items():
            for m, q in marks.items():
                new = total + m
                if new <= 0:
                    ended["bane"] += p * q
                elif new >= obstacle:
                    ended["success"] += p * q
                else:
                    after[new] += p * q
        running = after
        within.append(dict(ended))
    return within, expected


@pytest.mark.parametrize(("reference", "obstacle"), [(1, 2), (3, 4), (4, 6)])
def test_an_extended_check_rolls_until_the_obstacle_or_a_bane(checks, reference, obstacle):
    odds = checks["Extended"].odds_within(6, reference=reference, obstacle=obstacle)
    within, _ = extended_by_hand(marks_by_hand(reference), obstacle, 6)
    for ours, theirs in zip(odds.within, within, strict=True):
        assert close(dict(ours), theirs, 6 * TOLERANCE)


def test_the_expected_time_of_an_extended_check(checks):
    odds = checks["Extended"].odds_within(1, reference=3, obstacle=4)
    _, expected = extended_by_hand(marks_by_hand(3), 4, 400)  # the rest after 400 is nothing
    assert odds.expected_rolls is not None
    assert abs(odds.expected_rolls - expected) < 1e-9
    assert abs(sum(odds.eventually.values()) - 1) < 1e-9
