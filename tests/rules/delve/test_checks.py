"""Seed 004, "Checks System": basic, complex and extended checks, the five outcomes, the
difficulty ladder and the obstacle, read from rules/delve/checks.rules and held to a count by
hand (delve_by_hand.py) of every roll the seed's words allow."""

from __future__ import annotations

from fractions import Fraction

import pytest
from delve_by_hand import (
    DIFFICULTY,
    SIXTH,
    Scripted,
    basic,
    basic_with_difficulty,
    complex_outcomes,
    dice_for,
    extended,
    marks,
)

from dsl.dice.model import CheckError
from dsl.dice.odds import TOLERANCE
from dsl.dice.sheet import sheet_inputs

BANDS = ("bane", "failure", "complication", "success", "boon")


def near(ours: dict, theirs: dict, tolerance: float) -> bool:
    keys = {*ours, *theirs}
    return all(abs(float(ours.get(k, 0)) - float(theirs.get(k, 0))) <= tolerance for k in keys)


# ---- the five outcomes


def test_every_check_ends_in_one_of_the_five_outcomes_from_bane_to_boon(checks):
    assert set(checks["Basic"].band_names) == set(BANDS)
    assert set(checks["Complex"].band_names) == set(BANDS)


# ---- basic checks


@pytest.mark.parametrize("obstacle", range(1, 11))
def test_a_basic_check_is_one_d6_against_the_obstacle(checks, obstacle):
    odds = checks["Basic"].odds(obstacle=obstacle)
    assert odds.dice == 1 and odds.error == 0
    assert {b: odds.outcomes.get(b, 0) for b in BANDS} == {
        b: basic(obstacle).get(b, 0) for b in BANDS
    }


def test_a_1_is_always_a_bane_and_a_6_a_boon_below_an_obstacle_of_6(checks):
    for obstacle in range(1, 6):
        odds = checks["Basic"].odds(obstacle=obstacle)
        assert odds.outcomes["bane"] == SIXTH
        assert odds.outcomes["boon"] == SIXTH


@pytest.mark.parametrize("obstacle", [6, 7, 10])
def test_from_an_obstacle_of_6_a_boon_needs_a_second_6(checks, obstacle):
    assert checks["Basic"].odds(obstacle=obstacle).outcomes["boon"] == SIXTH * SIXTH


def test_a_basic_roll_equal_to_the_obstacle_is_a_complication(checks):
    assert checks["Basic"].roll(Scripted([4]), obstacle=4).outcome == "complication"
    assert checks["Basic"].roll(Scripted([5]), obstacle=4).outcome == "success"
    assert checks["Basic"].roll(Scripted([3]), obstacle=4).outcome == "failure"
    assert checks["Basic"].roll(Scripted([6, 2]), obstacle=6).outcome == "complication"
    assert checks["Basic"].roll(Scripted([6, 6]), obstacle=6).outcome == "boon"


# ---- complex checks


@pytest.mark.parametrize("reference", range(0, 5))
@pytest.mark.parametrize("obstacle", [1, 2, 4, 6])
def test_complex_marks_and_outcomes_equal_a_count_of_every_roll(checks, reference, obstacle):
    odds = checks["Complex"].odds(reference=reference, obstacle=obstacle)
    assert odds.dice == reference
    assert odds.error <= TOLERANCE
    assert near(dict(odds.score), marks(reference), TOLERANCE)
    assert near(dict(odds.outcomes), complex_outcomes(marks(reference), obstacle), TOLERANCE)


def test_a_complex_die_marks_at_the_target_a_1_takes_one_and_a_6_rolls_again(checks):
    # one die: 1 is -1; 2-3 nothing; 4-5 a mark; a 6 a mark and a bonus die (4+ a mark, 6 again)
    odds = checks["Complex"].odds(reference=1, obstacle=1)
    assert odds.score[-1] == SIXTH
    assert odds.score[0] == Fraction(2, 6)
    chance_of_two = SIXTH * (Fraction(2, 6) + SIXTH * Fraction(3, 6))  # 6 then 4-5, or 6, 6, 1-3
    assert abs(odds.score[2] - chance_of_two) <= TOLERANCE


@pytest.mark.parametrize("obstacle", [1, 3, 5])
def test_opposed_the_obstacle_is_the_targets_reference_value(checks, obstacle):
    # a model with Melee 3 against a defender with Defense `obstacle`: the same complex check
    odds = checks["Complex"].odds(reference=3, obstacle=obstacle)
    assert near(dict(odds.outcomes), complex_outcomes(marks(3), obstacle), TOLERANCE)


# ---- difficulty: the reference value, never the obstacle


@pytest.mark.parametrize("step", list(DIFFICULTY))
def test_difficulty_moves_the_reference_value_along_the_ladder(checks, step):
    odds = checks["Complex"].odds(reference=4, obstacle=2, difficulty=step)
    dice = dice_for(4, step)
    assert odds.dice == dice
    assert near(dict(odds.outcomes), complex_outcomes(marks(dice), 2), TOLERANCE)


def test_the_ladder_runs_from_very_easy_to_impossible(checks):
    (ladder,) = [ladder for ladder in checks["Complex"].ladders if ladder.name == "difficulty"]
    assert [step for step, _ in ladder.steps] == list(DIFFICULTY)


def test_an_impossible_check_with_a_small_reference_rolls_no_dice_and_fails(checks):
    odds = checks["Complex"].odds(reference=3, obstacle=1, difficulty="impossible")
    assert odds.dice == 0
    assert odds.outcomes["failure"] == 1


@pytest.mark.parametrize("steps", [2, -1, -2, 0])
def test_steps_from_momentum_or_conditions_are_a_die_each_easier_or_below_0_harder(checks, steps):
    odds = checks["Complex"].odds(reference=3, obstacle=2, steps=steps)
    dice = dice_for(3, easier=max(0, steps), harder=max(0, -steps))
    assert odds.dice == dice
    assert near(dict(odds.outcomes), complex_outcomes(marks(dice), 2), TOLERANCE)


@pytest.mark.parametrize("size", ["tiny", "small", "large", "monstrous"])
def test_a_targets_size_makes_an_attack_easier_or_harder(checks, size):
    odds = checks["Complex"].odds(reference=4, obstacle=2, size=size)
    assert odds.dice == dice_for(4, size=size)


# ---- extended checks


@pytest.mark.parametrize(("reference", "obstacle"), [(1, 2), (2, 3), (3, 5), (4, 8)])
def test_an_extended_check_rolls_until_the_obstacle_or_a_bane(checks, reference, obstacle):
    rolls = 4
    odds = checks["Extended"].odds_within(rolls, reference=reference, obstacle=obstacle)
    within, in_the_end, expected = extended(marks(reference), obstacle, rolls)
    assert near(dict(odds.within[-1]), within, 1e-9)
    assert near(dict(odds.eventually), in_the_end, 1e-9)
    assert abs(float(odds.expected_rolls) - expected) <= 1e-6


def test_each_roll_of_an_extended_check_is_a_unit_of_time(checks):
    dice = Scripted([4, 5, 2, 6, 3, 5, 5])  # 4 5 2: 2 marks; 6 3 5: 2 more, the 6's bonus 5: 1
    result = checks["Extended"].roll(dice, reference=3, obstacle=5)
    assert result.outcome == "success"
    assert len(result.rolls) == 2 and result.time == 2
    assert result.total == 5


def test_marks_at_0_or_below_end_an_extended_check_as_a_bane(checks):
    result = checks["Extended"].roll(Scripted([1, 2, 3]), reference=3, obstacle=4)
    assert result.outcome == "bane" and len(result.rolls) == 1


# ---- check mode: a check made by a model, unopposed or against a model


def sheet(delve, name):
    return delve.card(name, "model").fields


def test_unopposed_the_reference_value_is_the_actors_skill(delve, checks):
    wenna = sheet(delve, "Wenna Ashgrove")
    assert sheet_inputs(checks["Complex"], wenna, "melee") == {"reference": 3}
    # a characteristic, when the sheet lists no skill of that name
    assert sheet_inputs(checks["Complex"], wenna, "initiative") == {"reference": 4}


def test_opposed_the_obstacle_is_read_from_the_targets_sheet(delve, checks):
    wenna, rat = sheet(delve, "Wenna Ashgrove"), sheet(delve, "Tunnel Rat")
    found = sheet_inputs(checks["Complex"], wenna, "melee", target=rat, target_member="defense")
    assert found == {"reference": 3, "obstacle": 1}
    # the same skill on both sides unless the table names another
    assert sheet_inputs(checks["Complex"], rat, "melee", target=wenna)["obstacle"] == 3
    # an extended check rolls like a complex one, and reads the sheets alike
    assert sheet_inputs(
        checks["Extended"], wenna, "dodge", target=rat, target_member="stealth"
    ) == {
        "reference": 3,
        "obstacle": 3,
    }


def test_a_basic_check_reads_only_the_targets_value_as_its_obstacle(delve, checks):
    rat = sheet(delve, "Tunnel Rat")
    wenna = sheet(delve, "Wenna Ashgrove")
    assert sheet_inputs(checks["Basic"], wenna, "cool", target=rat, target_member="stealth") == {
        "obstacle": 3
    }


def test_a_skill_the_sheet_lacks_is_told_by_name(delve, checks):
    rat = sheet(delve, "Tunnel Rat")
    with pytest.raises(CheckError, match="Tunnel Rat has no 'charm' in skills or characteristics"):
        sheet_inputs(checks["Complex"], rat, "charm", actor_name="Tunnel Rat")


# ---- difficulty on a basic check (our reading: a pip a step on the die against the obstacle)


@pytest.mark.parametrize("difficulty", ["very easy", "routine", "hard", "impossible"])
@pytest.mark.parametrize("obstacle", [1, 2, 4, 6, 9])
def test_difficulty_moves_a_basic_check_a_pip_a_step(checks, difficulty, obstacle):
    odds = checks["Basic"].odds(obstacle=obstacle, difficulty=difficulty)
    assert dict(odds.outcomes) == {
        b: basic_with_difficulty(obstacle, difficulty).get(b, 0) for b in odds.outcomes
    }


def test_a_challenging_basic_check_is_the_plain_one(checks):
    for obstacle in range(1, 11):
        plain = checks["Basic"].odds(obstacle=obstacle)
        assert (
            plain.outcomes
            == checks["Basic"].odds(obstacle=obstacle, difficulty="challenging").outcomes
        )
