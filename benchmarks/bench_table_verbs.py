"""The table verbs and publishing of a game a GM runs, as a GM meets them: each verb a
``chronicler`` call in this process, on a campaign that grows entry by entry.

Run: .venv/bin/python benchmarks/bench_table_verbs.py [ENTRIES]

Prints the median time of ``xp gain`` (a verb that reads the sheet as the log left it and
records one entry) at 10 entries and at ENTRIES (default 300), of ``track tick``, and of
``publish`` of the campaign (Markdown and MkDocs). To compare two checkouts, run it from each
in turn (``PYTHONPATH=<checkout>``), a few times alternately, and compare the medians.
"""

from __future__ import annotations

import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(os.environ.get("PYTHONPATH", "").split(os.pathsep)[0] or Path(__file__).parents[1])
sys.path.insert(0, str(ROOT))

from journal.cli import main  # noqa: E402

BRICK = ROOT / "rules" / "tags_and_tracks" / "examples" / "brick.character"
RUNS = 15


def run(*words: str) -> float:
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(words))
    took = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"{' '.join(words)} failed ({code})")
    return took


def median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.1f} ms (median of {len(times)})"


def bench(entries: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CHRONICLER_DB"] = str(Path(folder) / "journal.db")
        run("campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks")
        run("use", "Salt Roads")
        run("character", "add", str(BRICK))
        run("session", "start", "One")
        run("scene", "start", "Gate")
        run("track", "add", "Watch", "--clock", "100")
        early = [run("xp", "gain", "Brick", "1", "--why", "x") for _ in range(RUNS)]
        for _ in range(entries - 2 * RUNS - 2):  # the rest of the campaign's entries
            run("xp", "gain", "Brick", "1", "--why", "x")
        late = [run("xp", "gain", "Brick", "1", "--why", "x") for _ in range(RUNS)]
        ticks = [run("track", "tick", "Watch") for _ in range(RUNS)]
        out = Path(folder) / "site"
        published = [run("publish", "--out", str(out)) for _ in range(3)]
    print(f"xp gain, entries 3 to {RUNS + 2}: {median_ms(early)}")
    print(f"xp gain, entries {entries - RUNS + 1} to {entries}: {median_ms(late)}")
    print(f"track tick, after them: {median_ms(ticks)}")
    print(f"publish, the whole campaign: {median_ms(published)}")


if __name__ == "__main__":
    bench(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
