"""Delve by name on the command line: ``chronicler check delve`` reads its text, ``chronicler
odds delve CHECK`` prints each check's odds from it (the same figures as the count by hand), and
a check or input it does not have is one line and exit 2."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from delve_by_hand import basic, complex_outcomes, dice_for, marks

from journal.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reads_every_file_of_delve(capsys):
    code, _, err = run(capsys, "check", "delve")
    assert code == 0 and "0 errors, 0 warnings" in err


def test_odds_of_a_basic_check_by_obstacle(capsys):
    code, out, _ = run(capsys, "odds", "delve", "Basic", "--json", "--exact")
    assert code == 0
    rows = json.loads(out)["rows"]
    assert [row["inputs"]["obstacle"] for row in rows] == list(range(1, 11))
    for row in rows:
        by_hand = basic(row["inputs"]["obstacle"])
        assert {b: Fraction(p) for b, p in row["outcomes"].items()} == {
            b: by_hand.get(b, Fraction(0)) for b in row["outcomes"]
        }


def test_odds_of_a_hard_complex_check_by_reference(capsys):
    code, out, _ = run(
        capsys, "odds", "delve", "Complex", "--input", "obstacle=2", "--input",
        "difficulty=hard", "--by", "reference", "--json",
    )  # fmt: skip
    assert code == 0
    for row in json.loads(out)["rows"][:6]:
        dice = dice_for(row["inputs"]["reference"], "hard")
        assert row["dice"] == dice
        by_hand = complex_outcomes(marks(dice), 2)
        for band, p in row["outcomes"].items():
            assert abs(Fraction(p) - by_hand.get(band, 0)) <= 1e-12


def test_odds_of_an_extended_check_within_rolls(capsys):
    code, out, _ = run(
        capsys, "odds", "delve", "Extended", "--input", "reference=3", "--by", "obstacle",
        "--within", "4",
    )  # fmt: skip
    assert code == 0
    assert "success in 4" in out and "expected rolls" in out


def test_a_check_delve_does_not_have_is_one_line_and_exit_2(capsys):
    code, _, err = run(capsys, "odds", "delve", "Complx")
    assert code == 2 and "did you mean 'Complex'" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    code, _, err = run(
        capsys, "odds", "delve", "Complex", "--input", "obstacle=2", "--input", "reference=2",
        "--input", "difficulty=trivial",
    )  # fmt: skip
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "'trivial' is not a step of 'difficulty'" in err


def test_a_gm_runs_delve_so_no_bot_plays_or_simulates_it(capsys):
    code, _, err = run(capsys, "play", "delve")
    assert code != 0 and "delve has no bots to play it" in err
    assert len(err.strip().splitlines()) == 1
