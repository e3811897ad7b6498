"""A check rolled by the engine: the dice come from the kernel's chance points (a test's
script, the seeded generator, or the table's dice typed in), and the result is data an event
carries. The dungeon game's checks (fixtures/checks/dungeon.rules) and the checks of the
identity fixture are rolled with scripted dice and read as their text says."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from dsl.dice.model import CheckError
from dsl.dice.roll import CheckResult
from dsl.kernel import Event, Frame, GameRandom, KernelDecision, Machine
from dsl.kernel.dispatch import piece
from dsl.kernel.flat import FlatState
from dsl.loader import load_text
from dsl.runtime import Context

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def dungeon():
    path = FIXTURES / "checks" / "dungeon.rules"
    return load_text(path.read_text(encoding="utf-8"), str(path)).checks


@pytest.fixture(scope="module")
def forms():
    path = FIXTURES / "identity" / "checks.rules"
    return load_text(path.read_text(encoding="utf-8"), str(path)).checks


@dataclass
class RollState:
    check: str
    inputs: dict[str, Any]
    rng: GameRandom
    result: dict[str, Any] | None = None
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class CheckRoll(FlatState, Machine):
    """The smallest game that rolls a check: one piece, the roll, told as an event."""

    state_type = RollState

    def __init__(self, checks: Any, state: RollState) -> None:
        super().__init__(state)
        self.checks = checks

    @piece("roll")
    def op_roll(self, ctx: Context) -> None:
        st = self.state
        result = self.checks[st.check].roll(self, **st.inputs)
        st.result = result.to_json()
        self.emit("check_rolled", **st.result)
        st.over = True


def new_roll(checks: Any, check: str, dice=(), seed=0, table=False, **inputs: Any) -> CheckRoll:
    state = RollState(check, inputs, GameRandom(seed), dice_script=list(dice), table_dice=table)
    game = CheckRoll(checks, state)
    game.push_run("roll")
    return game


def rolled(checks: Any, check: str, dice, **inputs: Any) -> CheckResult:
    game = new_roll(checks, check, dice, **inputs)
    assert game.pending() is None
    assert game.state.dice_script == []  # every scripted die was rolled
    assert game.state.result is not None
    return CheckResult.from_json(game.state.result)


# ---- the basic check


@pytest.mark.parametrize(
    ("face", "obstacle", "outcome"),
    [(1, 3, "bane"), (2, 3, "failure"), (3, 3, "complication"), (4, 3, "success"), (6, 3, "boon")],
)
def test_a_basic_check_reads_one_d6_against_the_obstacle(dungeon, face, obstacle, outcome):
    assert rolled(dungeon, "Basic", [face], obstacle=obstacle).outcome == outcome


def test_at_obstacle_6_a_boon_is_confirmed_by_a_second_6_or_falls_to_the_next_band(dungeon):
    confirmed = rolled(dungeon, "Basic", [6, 6], obstacle=6)
    assert confirmed.outcome == "boon" and confirmed.rolls[0].confirm == (6,)
    unconfirmed = rolled(dungeon, "Basic", [6, 3], obstacle=6)
    assert unconfirmed.outcome == "complication"  # the 6 equals the obstacle
    assert rolled(dungeon, "Basic", [6, 2], obstacle=8).outcome == "failure"


def test_favour_keeps_the_better_of_two_dice_and_peril_the_worse(dungeon):
    favour = rolled(dungeon, "Basic", [2, 5], obstacle=3, favour=2, peril=1)
    assert (favour.kept, favour.cut, favour.outcome) == ((5,), (2,), "success")
    peril = rolled(dungeon, "Basic", [2, 5], obstacle=3, peril=1)
    assert (peril.kept, peril.outcome) == ((2,), "failure")
    even = rolled(dungeon, "Basic", [5], obstacle=3, favour=1, peril=1)
    assert even.faces == (5,)


# ---- the complex check


def test_a_complex_check_counts_marks_a_1_takes_one_and_a_6_rolls_a_bonus_die(dungeon):
    # 4, 6 and 5 are marks, the 1 takes one away; the 6's bonus die is a 5: one more
    result = rolled(dungeon, "Complex", [1, 4, 6, 5, 5], reference=4, obstacle=3)
    assert result.rolls[0].bonus == (5,)
    assert (result.score, result.outcome) == (3, "complication")


def test_a_bonus_6_rolls_again_and_a_bonus_1_takes_nothing_away(dungeon):
    result = rolled(dungeon, "Complex", [6, 6, 1], reference=1, obstacle=1)
    assert result.rolls[0].bonus == (6, 1)
    assert result.score == 2


def test_difficulty_takes_dice_away(dungeon):
    result = rolled(dungeon, "Complex", [4, 4], reference=4, obstacle=2, difficulty="hard")
    assert (result.faces, result.outcome) == ((4, 4), "complication")
    with pytest.raises(CheckError, match="'hardest' is not a step"):
        dungeon["Complex"].setting(reference=4, obstacle=2, difficulty="hardest")


# ---- the extended check


def test_an_extended_check_rolls_until_the_obstacle_each_roll_a_unit_of_time(dungeon):
    # roll 1: 5, 2 (1 mark); roll 2: 4, 3 (2 in all); roll 3: 5, 6 + bonus 2 (4 in all)
    result = rolled(dungeon, "Extended", [5, 2, 4, 3, 5, 6, 2], reference=2, obstacle=4)
    assert [r.score for r in result.rolls] == [1, 1, 2]
    assert (result.total, result.outcome, result.time, result.unit) == (
        4,
        "success",
        3,
        "unit of time",
    )


def test_an_extended_check_ends_as_a_bane_at_0_marks_or_below(dungeon):
    result = rolled(dungeon, "Extended", [2, 3], reference=2, obstacle=4)
    assert (len(result.rolls), result.total, result.outcome) == (1, 0, "bane")


# ---- cuts, counts and tables (the identity fixture's checks)


def test_cuts_take_the_highest_dice_then_pips_off_the_last(forms):
    result = rolled(forms, "Pool", [2, 6, 4], level=3, cuts=4)
    assert result.cut == (6, 4) and result.kept == (1,)  # 2 cuts past the last die: 2 -> 1
    assert result.rolls[0].lowered == 1
    assert (result.score, result.outcome) == (1, "fail")
    assert result.counts == {"hits": 0, "hits before cuts": 2}


def test_keep_the_lowest_and_score_the_sum(forms):
    result = rolled(forms, "Sum", [9, 2, 7], pool=3)
    assert (result.kept, result.cut, result.score) == ((2, 7), (9,), 9)


# ---- the roller is the kernel's chance points


def test_the_table_dice_are_asked_and_the_same_answers_replay_the_roll(dungeon):
    game = new_roll(dungeon, "Complex", table=True, reference=2, obstacle=2)
    asked = game.pending()
    assert asked is not None and asked.kind == KernelDecision.ROLL
    for face in (6, 3, 4):  # two dice, then the 6's bonus die
        game.apply(face)
    assert game.pending() is None
    assert CheckResult.from_json(game.state.result).rolls[0].bonus == (4,)
    again = new_roll(dungeon, "Complex", table=True, reference=2, obstacle=2)
    for answer in game.state.answers:
        assert again.pending() is not None
        again.apply(answer)
    assert again.pending() is None
    assert again.state.result == game.state.result


def test_the_same_seed_gives_the_same_roll_and_the_event_carries_it_as_json(dungeon):
    one = new_roll(dungeon, "Complex", seed=5, reference=6, obstacle=3)
    two = new_roll(dungeon, "Complex", seed=5, reference=6, obstacle=3)
    assert one.pending() is None and two.pending() is None
    assert one.state.result == two.state.result
    (told,) = [e for e in one.events if e.kind == "check_rolled"]
    assert json.loads(json.dumps(told.data)) == one.state.result


def test_a_reroll_rolls_the_same_check_with_the_same_inputs(dungeon):
    first = rolled(dungeon, "Basic", [2], obstacle=4, favour=0)

    class Script:
        def roll_dice(self, sides: int, count: int, why: str) -> list[int]:
            return [5] * count

    again = dungeon["Basic"].reroll(Script(), first)
    assert again.inputs == first.inputs and again.outcome == "success"


def test_an_input_outside_its_range_is_refused(dungeon):
    with pytest.raises(CheckError, match=r"obstacle is 1\.\.10 in check 'Basic', not 0"):
        dungeon["Basic"].setting(obstacle=0)
    with pytest.raises(CheckError, match="needs its input 'obstacle'"):
        dungeon["Basic"].setting()
