"""Dice odds, exact: the odds walked through the ruleset's procedure equal a brute-force count
of every ordered outcome under the seed's rules, written here independently."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from rules.tags_and_tracks.odds import best_chance, roll_odds

ROOT = Path(__file__).parents[3]


def by_hand(dice: int, cuts: int) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Every ordered roll of d6s: cut the highest die per cut (the last die loses a pip), the
    highest left decides (1-3 fail, 4-5 minor, 6 major), each 4+ is a hit."""
    bands = {"fail": Fraction(0), "minor success": Fraction(0), "major success": Fraction(0)}
    at_least = {n: Fraction(0) for n in range(1, dice + 1)}
    one = Fraction(1, 6**dice)
    for faces in product(range(1, 7), repeat=dice):
        left = sorted(faces)
        for _ in range(cuts):
            if len(left) > 1:
                left.pop()
            else:
                left[0] = max(1, left[0] - 1)
        top = left[-1]
        bands["fail" if top <= 3 else "minor success" if top <= 5 else "major success"] += one
        hits = sum(1 for f in left if f >= 4)
        for n in range(1, hits + 1):
            at_least[n] += one
    return bands, at_least


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize("cuts", [0, 1, 2])
def test_the_exact_odds_equal_a_brute_force_count(ruleset, dice, cuts):
    odds = roll_odds(ruleset, dice, cuts)
    bands, at_least = by_hand(dice, cuts)
    assert odds.bands == bands
    assert odds.at_least == at_least
    assert sum(odds.bands.values()) == 1


def test_the_odds_of_one_and_two_dice_are_those_anydice_gives(ruleset):
    one = roll_odds(ruleset, 1)
    assert one.bands == {
        "fail": Fraction(1, 2),
        "minor success": Fraction(1, 3),
        "major success": Fraction(1, 6),
    }
    assert one.no_hits == Fraction(1, 2)
    two = roll_odds(ruleset, 2)
    assert two.bands["major success"] == Fraction(11, 36)  # 1 - (5/6)^2
    assert two.at_least == {1: Fraction(3, 4), 2: Fraction(1, 4)}


def test_a_roll_has_at_least_one_die(ruleset):
    with pytest.raises(ValueError, match="1 to 12 dice"):
        roll_odds(ruleset, 0)


def odds(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", "odds", "tags-and-tracks", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )


def test_chronicler_odds_prints_exact_fractions():
    done = odds("--level", "3", "--hard", "--exact")
    assert done.returncode == 0, done.stderr
    row = [line.split() for line in done.stdout.splitlines() if line.strip().startswith("3 ")]
    assert row == [["3", "3", "1", "1/2", "23/54", "2/27", "1/2", "1/8", "0"]]


def test_the_docs_page_shows_the_odds_of_levels_1_to_6_as_the_command_prints_them():
    text = (ROOT / "docs" / "rulesets" / "tags-and-tracks.md").read_text(encoding="utf-8")
    shown = re.search(r"\$ chronicler odds tags-and-tracks\n```\n\n```text\n(.*?)```", text, re.S)
    assert shown is not None
    done = odds()
    assert done.returncode == 0, done.stderr
    strip = [line.rstrip() for line in done.stdout.splitlines() if line.strip()]
    assert strip == [line.rstrip() for line in shown.group(1).splitlines() if line.strip()]


def test_too_many_dice_is_a_clear_error():
    done = odds("--level", "12", "--easy")
    assert done.returncode == 2
    assert "13 dice: the odds are computed for up to 12" in done.stderr
    assert "Traceback" not in done.stderr


def test_points_held_raise_the_chance_a_2_raised_to_a_4_costs_2_points(ruleset):
    # one die, 1 point: a 3 or better hits (the 3 raised); with 2 points a 2 is raised to a
    # 4 too, and a 1 is better spent on an extra die: 5/6 + 1/6 * 1/2
    assert best_chance(ruleset, 1, 0, points=1, target=1) == Fraction(2, 3)
    assert best_chance(ruleset, 1, 0, points=2, target=1) == Fraction(11, 12)


def test_with_no_points_the_best_chance_is_the_plain_odds(ruleset):
    for dice in (1, 2, 3):
        for target in range(1, dice + 1):
            plain = roll_odds(ruleset, dice, 1).at_least[target]
            assert best_chance(ruleset, dice, 1, points=0, target=target) == plain


def test_more_points_never_lower_the_chance(ruleset):
    chances = [best_chance(ruleset, 2, 1, points=p, target=2) for p in range(6)]
    assert chances == sorted(chances) and chances[-1] > chances[0]


def test_chronicler_odds_with_points_gives_the_best_chance_of_the_target():
    done = odds("--level", "1", "--points", "2", "--target", "1", "--exact")
    assert done.returncode == 0, done.stderr
    assert "11/12" in done.stdout


def test_points_without_a_target_is_a_clear_error():
    done = odds("--level", "1", "--points", "2")
    assert done.returncode == 2
    assert "--points needs --target" in done.stderr


def best_by_hand(faces: tuple[int, ...], cuts: int, points: int, target: int) -> Fraction:
    """The seed's spending, tried every way on the dice in the order they fell: 1 point raises a
    die by 1, 2 points roll an extra die (at most 12 dice); then the cuts, and the hits left."""
    left = sorted(faces)
    for _ in range(cuts):
        if len(left) > 1:
            left.pop()
        else:
            left[0] = max(1, left[0] - 1)
    chance = Fraction(int(sum(1 for f in left if f >= 4) >= target))
    if points >= 1:
        for i, face in enumerate(faces):
            if face < 6:
                raised = (*faces[:i], face + 1, *faces[i + 1 :])
                chance = max(chance, best_by_hand(raised, cuts, points - 1, target))
    if points >= 2 and len(faces) < 12:
        bought = sum(best_by_hand((*faces, f), cuts, points - 2, target) for f in range(1, 7))
        chance = max(chance, Fraction(bought, 6))
    return chance


@pytest.mark.parametrize(
    ("dice", "cuts", "points", "target"), [(1, 0, 3, 1), (2, 1, 3, 1), (2, 0, 4, 2)]
)
def test_the_best_chance_with_points_equals_a_brute_force_search(
    ruleset, dice, cuts, points, target
):
    rolls = list(product(range(1, 7), repeat=dice))
    by_hand = sum(best_by_hand(faces, cuts, points, target) for faces in rolls) / len(rolls)
    assert best_chance(ruleset, dice, cuts, points=points, target=target) == by_hand
