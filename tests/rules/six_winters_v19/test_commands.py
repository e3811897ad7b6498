"""Six Winters v19.7 by name on the command line: `chronicler check six-winters-v19` reads its
seven files clean, and `chronicler play` refuses it in one line while its procedure is not
written (nothing would be played)."""

from __future__ import annotations

import pytest

from journal.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reads_every_file_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "six-winters-v19")
    assert code == 0 and "checked 7 files in 1 ruleset: 0 errors, 0 warnings" in err


def test_play_is_refused_in_one_line_until_the_procedure_is_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "play", "six-winters-v19")
    assert code == 1
    assert "six-winters-v19 has no bots to play it" in err and "procedure is not written" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
