"""Journal benchmarks under load: writers at once, and PostgreSQL against SQLite per command.

Run: .venv/bin/python benchmarks/bench_journal_servers.py   (``make bench`` runs every bench_*.py)

Writers: 2, 4 and 8 processes record scenes into one SQLite journal at once; every scene must
land, numbered without a gap. Per command: the same ``chronicler`` commands (list the
campaigns, record a scene) as processes against a SQLite file and against the PostgreSQL
database of ``CHRONICLER_BENCH_DATABASE_URL`` (else ``CHRONICLER_TEST_DATABASE_URL``; without
either, that part is skipped). The PostgreSQL database is emptied first: give a throwaway one.
Kills survived are counted by the slow test: CHRONICLER_SLOW=1 .venv/bin/pytest -s
tests/journal/test_crash_recovery.py -k hundreds
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "journal"))

from writers import record_scenes  # noqa: E402  (the concurrency test's writer)

from journal.db import open_journal, shown  # noqa: E402
from journal.six_winters import ledger  # noqa: E402

SCENES_EACH = 25
COMMAND_RUNS = 9


def writers_at_once(folder: Path, count: int) -> tuple[float, int, int]:
    """``count`` processes record SCENES_EACH scenes each; (seconds, scenes found, expected)."""
    path = folder / f"writers-{count}.db"
    with open_journal(path) as journal:

        def start(s):  # type: ignore[no-untyped-def]
            campaign = ledger.create_campaign(s, "Shared")
            ledger.start_year(s, campaign, 1, "Sow Discord", ["Parin", "Kanun"])

        journal.write(start)
    context = multiprocessing.get_context("spawn")
    processes = [
        context.Process(target=record_scenes, args=(str(path), f"W{n}", SCENES_EACH))
        for n in range(count)
    ]
    started = time.perf_counter()
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=600)
        assert process.exitcode == 0, f"a writer failed ({process.exitcode})"
    seconds = time.perf_counter() - started
    with open_journal(path) as journal, journal.reading() as s:
        session = ledger.get_session(s, ledger.get_campaign(s, "Shared"), 1)
        numbers = sorted(scene.number for scene in ledger.scenes_of(s, session))
    expected = count * SCENES_EACH
    assert numbers == list(range(1, expected + 1)), "a scene was lost or numbered twice"
    return seconds, len(numbers), expected


def chronicler(*args: str) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", *args], capture_output=True, text=True
    )
    if done.returncode != 0:  # what chronicler said, not a traceback of this script
        raise SystemExit(f"chronicler {' '.join(args[:2])} failed: {done.stderr.strip()}")
    return time.perf_counter() - started


def per_command(targets: dict[str, str]) -> dict[str, dict[str, float]]:
    """Median seconds of each command against each journal (a path or a URL). The journals
    take turns, run by run, so a busy moment of the machine weighs on both alike."""
    scheme = ["--scheme", "Sow Discord in Brightdune", "--characters", "Parin,Kanun"]
    scene = ["--scene", "Find the Mad Honey Supplier", "--location", "Giant's Gate"]
    # the ledger refuses a scene recorded twice in a year: each run records it in a campaign of
    # its own, started (not timed) beforehand
    for n in range(COMMAND_RUNS):
        for target in targets.values():
            chronicler("campaign", "start", f"Bench {n}", "--db", target)
            year = ["--campaign", f"Bench {n}", "--year", "1"]
            chronicler("year", "start", *year, *scheme, "--db", target)
    timings: dict[str, dict[str, list[float]]] = {
        name: {"campaign list": [], "scene record": []} for name in targets
    }
    for n in range(COMMAND_RUNS):
        year = ["--campaign", f"Bench {n}", "--year", "1"]
        for name, target in targets.items():
            timings[name]["campaign list"].append(chronicler("campaign", "list", "--db", target))
            timings[name]["scene record"].append(
                chronicler(
                    "scene",
                    "record",
                    *year,
                    *scene,
                    "--participants",
                    "Parin",
                    "--text",
                    f"Run {n}.",
                    "--db",
                    target,
                )
            )
    return {
        name: {command: statistics.median(times) for command, times in commands.items()}
        for name, commands in timings.items()
    }


def empty_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"writers at once into one SQLite journal ({SCENES_EACH} scenes each):")
        for count in (2, 4, 8):
            seconds, found, expected = writers_at_once(folder, count)
            print(
                f"  {count} writers: {found}/{expected} scenes landed, none lost, "
                f"{found / seconds:.0f} scenes/s ({seconds:.1f} s with start-up)"
            )
        url = os.environ.get("CHRONICLER_BENCH_DATABASE_URL") or os.environ.get(
            "CHRONICLER_TEST_DATABASE_URL"
        )
        sqlite_file = str(folder / "commands.db")
        if not url:
            print("PostgreSQL per command: skipped (set CHRONICLER_BENCH_DATABASE_URL)")
            for command, seconds in per_command({"SQLite": sqlite_file})["SQLite"].items():
                print(f"  {command}: SQLite {seconds * 1000:.0f} ms")
            return
        empty_postgres(url)
        found = per_command({"SQLite": sqlite_file, "PostgreSQL": url})
        sqlite, postgres = found["SQLite"], found["PostgreSQL"]
        print(f"per command, median of {COMMAND_RUNS} processes (PostgreSQL: {shown(url)}):")
        for command in sqlite:
            ratio = postgres[command] / sqlite[command]
            print(
                f"  {command}: SQLite {sqlite[command] * 1000:.0f} ms, PostgreSQL "
                f"{postgres[command] * 1000:.0f} ms, ratio {ratio:.2f} "
                f"(+{(postgres[command] - sqlite[command]) * 1000:.0f} ms)"
            )


if __name__ == "__main__":
    main()
