"""Six Winters v19.7 by name on the command line: `chronicler check six-winters-v19` reads its
eight files clean, and `chronicler play` tells a whole session, the same for the same seed: the
first year's, after which the campaign goes on."""

from __future__ import annotations

import pytest

from journal.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reads_every_file_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "six-winters-v19")
    assert code == 0 and "checked 8 files in 1 ruleset: 0 errors, 0 warnings" in err


def test_play_tells_a_session_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "six-winters-v19", "--seed", "1")
    assert code == 0 and "Traceback" not in err
    lines = out.strip().splitlines()
    assert lines[0] == "Game started: p1 (seed 1)"
    assert any(line.startswith("Session over: year now 2") for line in lines)
    assert lines[-1].startswith("The session ends: year 2, the campaign goes on")
    assert run(capsys, "play", "six-winters-v19", "--seed", "1")[1] == out  # the same seed


def test_play_refuses_more_seats_than_the_text_allows(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "six-winters-v19", "--players", "5")
    assert code != 0 and "1 to 4 players, not 5" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
