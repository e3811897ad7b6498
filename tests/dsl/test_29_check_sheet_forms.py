"""The check forms a GM-run game needs (fixtures/sheet_checks/forms.rules, a small game of its own):
inputs read from a sheet, ranges below 0, a score with numbers added, a ladder reversed, a
judgement once a repeated check ends and re-rolls as rules of the check. Each is held to what
its text says, rolled from scripted dice, and its odds to a count by hand written here."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from dsl.diagnostics import CheckFailed
from dsl.dice.model import CheckError
from dsl.dice.rerolls import refusal, reroll_odds
from dsl.dice.sheet import sheet_inputs
from dsl.formatter import format_text
from dsl.loader import load_text

FIXTURE = Path(__file__).parent / "fixtures" / "sheet_checks" / "forms.rules"
SIXTH = Fraction(1, 6)


@pytest.fixture(scope="module")
def game():
    return load_text(FIXTURE.read_text(encoding="utf-8"), str(FIXTURE))


class Dice:
    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def roll_dice(self, sides: int, count: int, why: str) -> list[int]:
        taken, self.faces = self.faces[:count], self.faces[count:]
        return taken


def errors_of(text: str) -> list[str]:
    base = FIXTURE.read_text(encoding="utf-8")
    with pytest.raises(CheckFailed) as failed:
        load_text(base + text, "forms.rules")
    return [f"{e.span.line}:{e.span.column}: {e.message}" for e in failed.value.diagnostics.errors]


def check_text(body: str) -> str:
    return 'check "Extra" {\n' + body + "\n}\n"


# ---- inputs from a sheet


def test_a_check_reads_its_inputs_from_the_actors_and_the_targets_sheets(game):
    ilse = game.card("Ilse", "adventurer").fields
    warden = game.card("Warden", "adventurer").fields
    pool = game.checks["Pool"]
    assert [(s.input, s.who, s.fields) for s in pool.sources] == [
        ("skill", "actor", ("talents",)),
        ("against", "target", ("talents",)),
    ]
    assert sheet_inputs(pool, ilse, "pick locks") == {"skill": 2}
    assert sheet_inputs(pool, ilse, "climb", target=warden) == {"skill": 3, "against": 1}
    assert sheet_inputs(pool, ilse, "speed", target=warden, target_member="climb") == {
        "skill": 4,
        "against": 1,
    }
    with pytest.raises(CheckError, match="Warden has no 'pick locks' in talents"):
        sheet_inputs(pool, warden, "pick locks", actor_name="Warden")


@pytest.mark.parametrize(
    ("body", "told"),
    [
        (
            "  inputs skill 0..6\n  skill from the actor's powers\n  roll skill d6\n  score the "
            "highest die",
            "'powers' is no field of ranks of a card",
        ),
        (
            "  inputs skill 0..6\n  skill from the ally's talents\n  roll skill d6\n  score the "
            "highest die",
            "the actor's or the target's sheet, not the ally's",
        ),
        (
            "  inputs skill 0..6\n  skil from the actor's talents\n  roll skill d6\n  score the "
            "highest die",
            "'skil' is none; did you mean 'skill'?",
        ),
    ],
)
def test_a_sheet_the_check_cannot_read_is_told_at_its_line(body, told):
    found = errors_of(check_text(body))
    assert any(told in e for e in found), found
    assert all(e.split(":")[0] != "0" for e in found)


# ---- ranges below 0 and a score with numbers added


def test_an_input_may_range_below_0(game):
    (penalty,) = [i for i in game.checks["Order"].inputs if i.name == "penalty"]
    assert (penalty.low, penalty.high, penalty.usually) == (-2, 2, 0)
    with pytest.raises(CheckError, match=r"penalty is -2\.\.2"):
        game.checks["Order"].odds(speed=1, penalty=-3)


def test_a_score_adds_and_takes_away_numbers(game):
    order = game.checks["Order"]
    assert order.roll(Dice([4]), speed=3, penalty=2).score == 5
    assert order.roll(Dice([4]), speed=3, penalty=-2).score == 9
    odds = order.odds(speed=2, penalty=-1)
    assert odds.score == {face + 3: SIXTH for face in range(1, 7)}
    # first at 7 or more: a die of 4 or more
    assert odds.outcomes == {"first": Fraction(1, 2), "later": Fraction(1, 2)}


# ---- a ladder reversed


@pytest.mark.parametrize(("step", "moved"), [("easy", 3), ("fair", 4), ("hard", 5)])
def test_a_reversed_ladder_moves_its_input_the_other_way(game, step, moved):
    odds = game.checks["Dash"].odds(target=4, difficulty=step)
    assert odds.outcomes["made"] == Fraction(7 - moved, 6)


def test_a_reversed_ladder_is_kept_within_the_inputs_range(game):
    assert game.checks["Dash"].odds(target=6, difficulty="hard").outcomes["made"] == SIXTH


# ---- a judgement once a repeated check ends


def ritual_by_hand(power: int, goal: int) -> dict[str, Fraction]:
    """Every ordered roll, roll after roll (a running total and the 1s so far), until the
    total is 0 or less or reaches the goal; the 1s judged then. Exact: the chain is cut where
    what is left running is below 1e-30 (and said so by the tolerance below)."""
    per: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=power):
        per[(sum(f >= 4 for f in faces) - faces.count(1), faces.count(1))] += SIXTH**power
    ended: dict[str, float] = defaultdict(float)
    state: dict[tuple[int, int], float] = {(0, 0): 1.0}
    while sum(state.values()) > 1e-30:
        after: dict[tuple[int, int], float] = defaultdict(float)
        for (total, ones), p in state.items():
            for (m, o), q in per.items():
                t, n = total + m, ones + o
                if t <= 0 or t >= goal:
                    band = "severe" if n >= 2 * power else "mild" if n == power else "none"
                    ended[band] += p * float(q)
                else:
                    after[(t, n)] += p * float(q)
        state = dict(after)
    return {k: Fraction(v) for k, v in ended.items()}


def test_a_judgement_is_made_once_the_check_ends(game):
    ritual = game.checks["Ritual"]
    # power 2, goal 3: 4 5 (2), 1 4 (2, one 1), 1 5 (2, two 1s), 5 6 (4): done, two 1s: mild
    result = ritual.roll(Dice([4, 5, 1, 4, 1, 5, 5, 6]), power=2, goal=3)
    assert result.outcome == "done" and result.counts["ones"] == 2
    assert result.judged == {"backlash": "mild"}
    assert ritual.roll(Dice([4, 4]), power=2, goal=2).judged == {"backlash": None}


@pytest.mark.parametrize(("power", "goal"), [(1, 2), (2, 3), (2, 5), (3, 4)])
def test_a_judgements_odds_equal_a_count_by_hand(game, power, goal):
    odds = game.checks["Ritual"].odds_within(2, power=power, goal=goal)
    by_hand = ritual_by_hand(power, goal)
    for band, p in odds.judged["backlash"].items():
        assert abs(float(p) - float(by_hand.get(band, 0))) <= 1e-12, band
    assert sum(odds.judged["backlash"].values()) == 1


def test_a_judgement_reads_no_dice_and_no_band_after_otherwise():
    found = errors_of(
        check_text(
            "  roll 2 d6\n  score the highest die\n  outcome high if the score is 6\n"
            "  outcome low otherwise\n  judge luck: big otherwise, small if the score is 1"
        )
    )
    assert any("band 'small' comes after 'big otherwise'" in e for e in found), found
    found = errors_of(
        check_text(
            "  roll 2 d6\n  score the highest die\n  outcome low otherwise\n"
            "  judge omen: dark if a die shows 1"
        )
    )
    assert any("a judgement reads the total, the counts" in e for e in found), found


# ---- re-rolls as rules of the check


def test_a_check_declares_its_re_rolls_and_what_each_costs(game):
    pool = game.checks["Pool"]
    assert [(r.way, r.again, r.costs) for r in pool.rerolls] == [
        ("luck", False, ((1, "luck"),)),
        ("push", False, ((1, "strain"), (2, "doom"))),
        ("bargain", True, ((1, "doom"),)),
    ]
    assert refusal(pool, "luck", []) is None
    assert refusal(pool, "push", ["luck"]) is not None  # one re-roll a check
    assert refusal(pool, "bargain", ["luck", "bargain"]) is None  # but this one again and again


def test_the_odds_of_re_rolling_a_failure(game):
    pool = game.checks["Pool"]
    # 2 dice against 1: a failure is no die at 4 or more, 1/4; re-rolled once, 1/16
    once = pool.odds(skill=2, against=1).outcomes["failure"]
    assert once == Fraction(1, 4)
    assert reroll_odds(pool, ["luck"], {"failure"}, skill=2, against=1)["failure"] == once**2
    thrice = reroll_odds(pool, ["bargain"] * 3, {"failure"}, skill=2, against=1)
    assert thrice["failure"] == once**4


def test_a_re_roll_cost_must_be_a_declared_number():
    found = errors_of(
        check_text(
            "  roll 1 d6\n  score the highest die\n  outcome low otherwise\n"
            "  re-roll once by grit, paying 1 grit"
        )
    )
    assert any("'grit' is none" in e for e in found), found


# ---- the formatter writes each form back as it reads it


def test_the_forms_format_to_themselves(game):
    text = FIXTURE.read_text(encoding="utf-8")
    formatted, problems = format_text(text, str(FIXTURE))
    assert problems == []
    again = load_text(formatted, str(FIXTURE))
    for name, check in game.checks.items():
        assert again.checks[name].printed == check.printed
    assert "re-roll again and again by a bargain, paying 1 doom" in game.checks["Pool"].printed
