"""A crash during ``play --campaign`` loses no committed row, and the year can be played again.

The slow test kills a recording process a few hundred times at every point of a year
(``-m slow`` or ``CHRONICLER_SLOW=1``; ``CHRONICLER_KILLS`` sets how many, 200 by default).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from journal import bundle
from journal.db import open_journal

HERE = Path(__file__).parent
STAMPS = {"created_at", "started_at", "ended_at", "recorded_at"}
SLOW = bool(os.environ.get("CHRONICLER_SLOW"))


def chronicler(*args: str, kill_after: int | None = None) -> subprocess.CompletedProcess[str]:
    command = (
        [sys.executable, str(HERE / "crasher.py"), str(kill_after), "--"]
        if kill_after is not None
        else [sys.executable, "-m", "journal.cli"]
    )
    return subprocess.run(
        [*command, *args], capture_output=True, text=True, timeout=300, check=False
    )


def play(db: Path, seed: int, kill_after: int | None = None) -> subprocess.CompletedProcess[str]:
    return chronicler(
        "play", "six-winters", "--seed", str(seed), "--campaign", "Bots", "--db", str(db),
        kill_after=kill_after,
    )  # fmt: skip


def without_stamps(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_stamps(v) for k, v in value.items() if k not in STAMPS}
    if isinstance(value, list):
        return [without_stamps(v) for v in value]
    return value


def exported(db: Path) -> Any:
    with open_journal(db, create=False) as journal, journal.reading() as s:
        return without_stamps(bundle.export_campaign(s, "Bots"))


def counts(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("year_session", "scene", "event", "campaign_state")
        }


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """Year 1 played, kept as a file to copy; and the campaign after year 2, never crashed."""
    folder = tmp_path_factory.mktemp("reference")
    year_one = folder / "year-one.db"
    assert play(year_one, 3).returncode == 0
    both = folder / "both.db"
    both.write_bytes(year_one.read_bytes())
    assert play(both, 4).returncode == 0
    return year_one, exported(both)


def killed_at(db: Path, seconds: float) -> int:
    """Play year 2 and SIGKILL it ``seconds`` after it started, wherever it is."""
    command = [sys.executable, "-m", "journal.cli", "play", "six-winters", "--seed", "4",
               "--campaign", "Bots", "--db", str(db)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        return process.wait()


def crash_and_recover(
    reference: tuple[Path, Any],
    folder: Path,
    kill_after: int | None = None,
    kill_at: float | None = None,
) -> str:
    """Kill year 2's recording after ``kill_after`` commits (or ``kill_at`` seconds), then
    roll back and play again. Returns how the crash left the year: "not begun",
    "unfinished" or "finished"."""
    year_one, after_both = reference
    db = folder / "crash.db"
    db.write_bytes(year_one.read_bytes())
    before = counts(db)
    if kill_after is not None:
        died = play(db, 4, kill_after=kill_after)
        code = died.returncode
        if code != 0:
            assert code == -9 and died.stdout.count("committed ") == kill_after
    else:
        assert kill_at is not None
        code = killed_at(db, kill_at)
    if code == 0:  # it finished before the kill point
        assert exported(db) == after_both
        return "finished"
    assert code == -9
    after = counts(db)  # the file is whole
    if after["campaign_state"] > before["campaign_state"]:  # killed after the year's last commit
        assert exported(db) == after_both
        return "ended"
    again = play(db, 4)
    if after["year_session"] == before["year_session"]:  # killed before the year began
        assert again.returncode == 0, again.stderr
        assert exported(db) == after_both
        return "not begun"
    assert after["event"] > before["event"]  # what was acknowledged is there
    assert again.returncode == 1, "a killed year must not be played twice over"
    assert "left unfinished" in again.stderr and "campaign rollback" in again.stderr
    assert "Traceback" not in again.stderr
    rolled = chronicler("campaign", "rollback", "Bots", "--db", str(db))
    assert rolled.returncode == 0, rolled.stderr
    assert counts(db) == before  # nothing of the unfinished year is left
    replay = play(db, 4)
    assert replay.returncode == 0, replay.stderr
    assert exported(db) == after_both  # as if it had never crashed
    return "unfinished"


@pytest.mark.parametrize("kill_after", [3, 6])
def test_a_year_killed_mid_play_is_rolled_back_and_played_again(
    reference: tuple[Path, Any], tmp_path: Path, kill_after: int
) -> None:
    assert crash_and_recover(reference, tmp_path, kill_after) == "unfinished"


def test_rollback_refuses_a_campaign_with_nothing_unfinished(
    reference: tuple[Path, Any], tmp_path: Path
) -> None:
    db = tmp_path / "done.db"
    db.write_bytes(reference[0].read_bytes())
    before = db.read_bytes()
    ran = chronicler("campaign", "rollback", "Bots", "--db", str(db))
    assert ran.returncode == 1 and "no unfinished year" in ran.stderr
    assert "Traceback" not in ran.stderr and db.read_bytes() == before


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="slow: set CHRONICLER_SLOW=1 (or run -m slow)")
def test_hundreds_of_kills_lose_no_committed_row(
    reference: tuple[Path, Any], tmp_path: Path
) -> None:
    """Half the kills right after a commit (every acknowledged row must be there), half at a
    random moment (inside a transaction, between two, while the engine plays)."""
    kills = int(os.environ.get("CHRONICLER_KILLS", "200"))
    commits, seconds = play_commits(reference[0], tmp_path)
    rng = random.Random(2026)
    outcomes: dict[str, int] = {}
    for n in range(2 * kills):  # a timed kill may come too late: then it did not count
        if n % 2:
            outcome = crash_and_recover(reference, tmp_path, kill_after=rng.randrange(1, commits))
        else:  # mostly after start-up, while the year is played and written
            kill_at = rng.uniform(0.4 * seconds, 1.05 * seconds)
            outcome = crash_and_recover(reference, tmp_path, kill_at=kill_at)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if n + 1 - outcomes.get("finished", 0) == kills:
            break
    killed = sum(outcomes.values()) - outcomes.get("finished", 0)
    print(f"{killed} SIGKILLs survived ({outcomes}); a year is {commits} commits, {seconds:.1f} s")
    assert killed == kills


def play_commits(year_one: Path, folder: Path) -> tuple[int, float]:
    """How many transactions playing year 2 commits, and how long the command takes."""
    db = folder / "count.db"
    db.write_bytes(year_one.read_bytes())
    started = time.perf_counter()
    done = play(db, 4, kill_after=10**9)
    assert done.returncode == 0
    return done.stdout.count("committed "), time.perf_counter() - started


def test_a_year_being_recorded_is_told_as_such_and_rollback_leaves_it(
    reference: tuple[Path, Any], tmp_path: Path
) -> None:
    """Another process asks while year 2 is being played (not killed): the year is live."""
    year_one, after_both = reference
    db = tmp_path / "live.db"
    db.write_bytes(year_one.read_bytes())
    command = [sys.executable, str(HERE / "pauser.py"), "4", "--", "play", "six-winters",
               "--seed", "4", "--campaign", "Bots", "--db", str(db)]  # fmt: skip
    live = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert live.stdout is not None and live.stdout.readline() == "paused\n"
        other = play(db, 5)
        assert other.returncode == 1
        assert other.stderr.strip() == (
            "error: campaign 'Bots' is being recorded right now by another 'chronicler play'; "
            "wait for it to end"
        )
        at_table = chronicler("year", "start", "--campaign", "Bots", "--year", "2", "--scheme",
                              "Mobilize War Machines", "--characters", "Parin,Kanun",
                              "--db", str(db))  # fmt: skip
        assert at_table.returncode == 1 and "left unfinished" not in at_table.stderr
        assert "is being recorded right now by another 'chronicler play'" in at_table.stderr
        rolled = chronicler("campaign", "rollback", "Bots", "--db", str(db))
        assert rolled.returncode == 1 and "nothing was removed" in rolled.stderr
    finally:
        _, err = live.communicate("\n", timeout=300)
    assert live.returncode == 0, err
    assert exported(db) == after_both  # the year went on to its end, untouched
