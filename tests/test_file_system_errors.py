"""What the file system refuses reaches the user in one line, and an output that cannot be
written is told before any work is done.

A name longer than the file system allows (255 bytes a name), wherever a path or a ruleset is
given, is a usage error (exit 2); any other ``OSError`` is one line and exit 1. ``--html``,
``--store``, ``--out`` and ``--report`` are checked before a game is played or a page made.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from journal.cli import main, os_message

LONG = "x" * 300


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, err


def one_line(err: str) -> str:
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err.strip()


PLACES = {
    "check's ruleset": ["check", LONG],
    "cards' ruleset": ["cards", LONG],
    "play's ruleset": ["play", LONG],
    "print's ruleset": ["print", LONG],
    "simulate's ruleset": ["simulate", LONG],
    "odds' ruleset": ["odds", LONG],
    "roll's ruleset": ["roll", LONG, "--character", "Brick", "--skill", "bash"],
    "--db": ["campaign", "list", "--db", LONG],
    "publish --out": ["publish", "--campaign", "A", "--out", LONG],
    "publish --report": ["publish", "--campaign", "A", "--out", "site", "--report", LONG],
    "test": ["test", LONG],
    "fmt": ["fmt", LONG],
    "play --replay --store": ["play", "six-winters", "--replay", "1", "--store", LONG],
    "simulate --html": ["simulate", "six-winters", "--games", "1", "--html", LONG],
    "simulate --compare": ["simulate", "six-winters", "--games", "1", "--compare", LONG],
    "simulate --store": ["simulate", "six-winters", "--games", "1", "--store", LONG],
    "print --out": ["print", "six-winters", "--out", LONG],
    "export --out": ["export", "--campaign", "A", "--out", LONG],
    "import": ["import", LONG],
    "demo --out": ["demo", "--out", LONG],
    "a folder under the long name": ["print", "six-winters", "--out", f"{LONG}/cards"],
}


@pytest.mark.parametrize("place", list(PLACES))
def test_a_name_longer_than_the_file_system_allows_is_one_line(
    place: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing may be written, and nothing here is the user's
    code, err = run(capsys, *PLACES[place])
    assert code == 2, err
    assert LONG[:40] in one_line(err)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("html", "says"),
    [
        ("a-folder", "--html a-folder is a folder; give the name of a file to write"),
        ("missing/report.html", "--html missing/report.html: there is no folder missing"),
    ],
)
def test_simulate_html_that_cannot_be_written_is_told_before_any_game(
    html: str,
    says: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-folder").mkdir()
    code, err = run(
        capsys, "simulate", "six-winters", "--games", "2", "--quiet", "--store", "s.duckdb",
        "--html", html,
    )  # fmt: skip
    assert code == 2
    assert says in one_line(err)
    assert not (tmp_path / "s.duckdb").exists()  # no game was played, no store opened


def test_export_into_a_folder_is_refused_before_the_journal_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, err = run(
        capsys, "export", "--campaign", "A", "--out", str(tmp_path), "--db", str(tmp_path / "c.db")
    )
    assert code == 2
    assert one_line(err) == (
        f"error: --out {tmp_path} is a folder; give the name of a file to write"
        " (see 'chronicler export --help')"
    )


def test_publish_into_a_folder_under_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    out = tmp_path / "notes.txt" / "site"
    code, err = run(capsys, "publish", "--campaign", "A", "--out", str(out), "--db", "x.db")
    assert code == 2
    assert one_line(err) == (
        f"error: --out {out}: {tmp_path / 'notes.txt'} is not a folder"
        " (see 'chronicler publish --help')"
    )


def test_any_other_refusal_of_the_file_system_is_one_line_naming_the_file() -> None:
    full = OSError(errno.ENOSPC, "No space left on device", "site/index.html")
    assert os_message(full) == "site/index.html: No space left on device"
    long = OSError(errno.ENAMETOOLONG, "File name too long", "x" * 300)
    assert os_message(long).endswith(": a name in the path is longer than the file system allows")
