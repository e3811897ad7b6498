"""Journal benchmarks: recording a scene, and publishing a campaign against a bare MkDocs build.

Run: .venv/bin/python benchmarks/bench_journal.py   (``make bench`` runs every bench_*.py)

Targets: recording a scene (one engine event, one committed transaction, WAL with
synchronous=FULL) has a median under 20 ms; publishing the demo campaign takes at most 1.15 times
as long as ``mkdocs build`` of the same generated pages. Publishing is timed twice: in this
process against ``build_site`` (MkDocs alone), and as a ``chronicler publish`` process against a
``mkdocs build`` process, as a user sees it.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from journal.db import open_journal  # noqa: E402
from journal.six_winters.recording import Recorder, record_campaign  # noqa: E402
from journal.website.publish import build_site, publish  # noqa: E402

SCENES = 300
PUBLISH_RUNS = 6
PROCESS_RUNS = 5


def scene_event(n: int) -> dict[str, Any]:
    return {
        "kind": "scene_completed",
        "data": {
            "scene": f"Scene {n}",
            "location": "Yearly Field",
            "participants": ["Parin", "Kanun"],
            "cards_played": [
                {"card": "Wound Paste", "kind": "asset", "points": 1, "character": "Parin"},
                {"card": "Restless Dead", "kind": "obstacle", "points": 1, "character": "Kanun"},
            ],
            "skill_match_points": 1,
            "points_needed": 3,
            "epilogue_choice": None,
            "skill": "lore",
            "advances": [{"character": "Parin", "skill": "lore", "new_rank": 2}],
        },
    }


def bench_record_scene(folder: Path) -> list[float]:
    with open_journal(folder / "record.db") as journal:
        recorder = Recorder(journal, "Bench", catalogue=None)
        recorder.on_event(
            {
                "kind": "session_started",
                "data": {"year": 1, "scheme": "Bench", "characters": ["Parin", "Kanun"]},
            }
        )
        timings = []
        for n in range(SCENES):
            recorder.on_event({"kind": "turn_started", "data": {"season": "spring", "turn": n}})
            started = time.perf_counter()
            recorder.on_event(scene_event(n))
            timings.append(time.perf_counter() - started)
    return timings


def demo_years(seed: int) -> Any:
    try:
        from journal.demo import engine_play_campaign

        return engine_play_campaign()(seed), "engine.play_campaign"
    except Exception:
        sys.path.insert(0, str(ROOT / "tests" / "journal"))
        from fakes import play_campaign  # the journal tests' made-up campaign

        return play_campaign(seed), "the tests' fake campaign (engine unavailable)"


def bench_publish(folder: Path) -> tuple[list[float], list[float], str, int]:
    years, source = demo_years(1)
    publish_times, bare_times = [], []
    with open_journal(folder / "demo.db") as journal:
        record_campaign(journal, "Demo", years, seed=1)
        pages = 0
        for run in range(PUBLISH_RUNS):
            out = folder / f"site-{run}"
            started = time.perf_counter()
            done = publish(journal, "Demo", out)
            publish_times.append(time.perf_counter() - started)
            pages = done.pages
            started = time.perf_counter()
            build_site(out / "mkdocs.yml")  # the same pages, MkDocs alone
            bare_times.append(time.perf_counter() - started)
    return publish_times, bare_times, source, pages


def bench_processes(folder: Path) -> tuple[float, float, float]:
    """The same comparison as a user sees it: one ``chronicler publish`` process against one
    ``mkdocs build`` process of the same generated pages, each paying its own start-up; publish
    also reads the journal and needs the card text. Its cache folder (the parse cache, and the
    gallery and compiled templates of ``journal/website/caches.py``) is a fresh one: the first
    publish fills it (reported apart), the timed ones find it warm, as every publish after a
    user's first does."""
    bin_dir = Path(sys.executable).parent
    db, out = folder / "demo.db", folder / "site-cli"
    publish_cmd = [str(bin_dir / "chronicler"), "publish", "--campaign", "Demo", "--out", str(out)]
    publish_cmd += ["--db", str(db)]
    env = {**os.environ, "CHRONICLER_CACHE_DIR": str(folder / "cache")}
    env.pop("CHRONICLER_NO_CACHE", None)
    started = time.perf_counter()
    subprocess.run(publish_cmd, check=True, capture_output=True, env=env)
    first = time.perf_counter() - started
    timings: dict[str, list[float]] = {"publish": [], "mkdocs": []}
    for _ in range(PROCESS_RUNS):
        started = time.perf_counter()
        subprocess.run(publish_cmd, check=True, capture_output=True, env=env)
        timings["publish"].append(time.perf_counter() - started)
        started = time.perf_counter()
        subprocess.run(
            [str(bin_dir / "mkdocs"), "build", "-q"], cwd=out, check=True, capture_output=True
        )
        timings["mkdocs"].append(time.perf_counter() - started)
    return statistics.median(timings["publish"]), statistics.median(timings["mkdocs"]), first


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        timings = bench_record_scene(folder)
        ms = sorted(t * 1000 for t in timings)
        print(
            f"record a scene: median {statistics.median(ms):.2f} ms, "
            f"p95 {ms[int(len(ms) * 0.95)]:.2f} ms over {SCENES} scenes (target median < 20 ms)"
        )
        publish_times, bare_times, source, pages = bench_publish(folder)
        # The first run warms the caches (card text, theme files); it is reported apart.
        ours, bare = statistics.median(publish_times[1:]), statistics.median(bare_times[1:])
        print(f"publish demo campaign ({source}, {pages} pages)")
        print(f"in this process (median of {PUBLISH_RUNS - 1} after the first):")
        print(f"  publish                                {ours:.2f} s")
        print(f"  build_site (MkDocs alone), same pages  {bare:.2f} s")
        print(f"  publish / bare build ratio: {ours / bare:.3f} (target <= 1.15)")
        print(
            f"  first publish in this process: {publish_times[0]:.2f} s "
            "(includes compiling the card text once for the gallery)"
        )
        cli, bare_cli, first = bench_processes(folder)
        print(f"as processes (median of {PROCESS_RUNS}; start-up and card text included):")
        print(f"  chronicler publish, warm caches        {cli:.2f} s")
        print(f"  mkdocs build of the same pages         {bare_cli:.2f} s")
        met = "met" if cli / bare_cli <= 1.15 else "NOT met"
        print(f"  publish / mkdocs build ratio: {cli / bare_cli:.2f} (target <= 1.15: {met})")
        print(f"  first publish process (empty caches): {first:.2f} s")


if __name__ == "__main__":
    main()
