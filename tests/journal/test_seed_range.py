"""One range for a seed, 0 to 2**63 - 1, wherever a seed is given: what is recorded exports
and imports again."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from journal_testing import Ran

from journal.cli import main
from journal.limits import SEED_MAX

ROOT = Path(__file__).resolve().parents[2]
BRICK = str(ROOT / "rules" / "tags_and_tracks" / "examples" / "brick.character")
PAST = str(SEED_MAX + 1)

SEEDED = {
    "roll": ["roll", "tags-and-tracks", "--character", BRICK, "--skill", "bash"],
    "play": ["play", "six-winters"],
    "simulate": ["simulate", "six-winters", "--games", "1", "--quiet"],
    "year start": ["year", "start", "--campaign", "A", "--year", "1", "--scheme", "S",
                   "--characters", "Parin", "--db", "chronicle.db"],
    "setup": ["setup", "--campaign", "A", "--draw-scheme", "--db", "chronicle.db"],
    "demo": ["demo"],
}  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Ran:
    """The command as typed: no --db added (play, simulate and demo take none)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return Ran(code, out, err)


def one_line_refusal(done: Any) -> str:
    assert done.code == 2, done.err
    assert "Traceback" not in done.out + done.err
    assert done.err.startswith("error: ") and done.err.count("\n") == 1, done.err
    return done.err


@pytest.mark.parametrize("verb", list(SEEDED))
def test_a_seed_past_the_range_is_refused_by_every_verb(
    verb: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for seed in (PAST, "-1"):
        said = one_line_refusal(run(capsys, *SEEDED[verb], "--seed", seed))
        assert "Invalid value for '--seed'" in said and seed in said
    assert list(tmp_path.iterdir()) == []


def test_simulate_refuses_a_first_seed_whose_games_would_run_past_the_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    done = run(
        capsys, "simulate", "six-winters", "--games", "2", "--seed", str(SEED_MAX), "--quiet"
    )
    assert "the last game's seed would be past" in one_line_refusal(done)
    assert list(tmp_path.iterdir()) == []


def test_a_roll_recorded_with_the_largest_seed_exports_and_imports_again(
    cli: Any, journal_path: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for words in (
        ("campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks"),
        ("use", "Salt Roads"),
        ("character", "add", BRICK),
        ("session", "start", "The Drowned Market"),
    ):
        assert cli(*words).code == 0, words
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 8))
    rolled = cli("roll", "tags-and-tracks", "--character", "Brick", "--skill", "bash",
                 "--seed", str(SEED_MAX))  # fmt: skip
    assert rolled.code == 0, rolled.err
    bundle = tmp_path / "salt-roads.json"
    assert cli("export", "--campaign", "Salt Roads", "--out", str(bundle)).code == 0
    assert str(SEED_MAX) in bundle.read_text()
    again = cli("import", str(bundle), "--as", "Salt Roads again")
    assert again.code == 0, again.err
    assert json.loads(bundle.read_text())["campaign"]["name"] == "Salt Roads"
