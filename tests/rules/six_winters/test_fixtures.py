"""Behaviour fixtures in text: ``chronicler test`` runs them with check's diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out + err


def test_every_fixture_in_the_folder_passes(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(FIXTURES.glob("*.fixture"))
    assert files, "the fixtures folder is empty"
    code, told = run(capsys, "test", str(FIXTURES))
    assert code == 0, told
    assert " 0 failed" in told


FAILING = """ruleset "six-winters"

fixture "Card text with a slip is told as check tells it"
  cards:
    ability "Count the Red" {
      Play: Gain 1 action point for each thret at this location.
    }
  table:
    character Parin at "Giant's Gate"
  run: ability "Count the Red" by Parin

fixture "An expectation that does not hold is told at its line"
  cards:
    ability "Count the Red" {
      Play: Gain 1 action point for each threat at this location.
    }
  table:
    character Parin at "Giant's Gate"
    character Kanun at "Giant's Gate"
    Parin holds ability "Count the Red"
    threats 2 at "Giant's Gate"
  run: ability "Count the Red" by Parin
  expect:
    action points Parin 5
    event threat_placed

fixture "A question with no answer left is told"
  table:
    character Parin at "Giant's Gate"
    character Kanun at "Giant's Gate"
    Parin holds ability "Shove Along"
  run: step nowhere
"""


def test_a_failing_fixture_is_told_at_its_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "slips.fixture"
    path.write_text(FAILING)
    code, told = run(capsys, "test", str(path))
    assert code == 1
    assert f"{path}:6:42: error: unknown word 'thret'; did you mean 'threat'?" in told
    assert "      Play: Gain 1 action point for each thret at this location.\n" in told
    assert f"{path}:24:5: error: expected 5, found 6" in told
    assert f"{path}:25:5: error: no threat_placed event like this" in told
    assert "Traceback" not in told
    assert "ran 3 fixtures in 1 file: 0 passed, 3 failed" in told


def test_a_file_that_is_not_a_fixture_is_told_what_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.fixture"
    path.write_text('ruleset "six-winters"\nfixture "No run"\n  tabel:\n    roll 4\n')
    code, told = run(capsys, "test", str(path))
    assert code == 1
    assert (
        f"{path}:3:3: error: expected a section (forms:, cards:, table:, run:, answers:, expect:)"
        in told
    )
    assert f"{path}:2:9: error: fixture \"No run\" has no 'run:' line" in told
