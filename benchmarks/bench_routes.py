"""Publishing grows linearly with a narration's links, checking with a sentence's list (issue 34).

Run: .venv/bin/python benchmarks/bench_routes.py   (``make bench`` runs every bench_*.py)
Prints figures, asserts nothing.

- publish: a campaign whose one scene's narration is n Markdown links (n up to the 12,000 a
  narration of 200,000 characters holds), published in this process (pages made, MkDocs build);
  the median of three runs of each size, CPU seconds. The time the narration adds (over the same
  campaign with an empty narration) is fitted on a log-log scale: a slope of 1 is linear, 2 is
  quadratic. For contrast, Python-Markdown's own render of the same narrations (which published
  them until issue 34) at smaller sizes.
- check: Six Winters' text with one sentence listing n things ("each location with technology
  and each location with technology and ..."), checked (parse and bind, no cache); the time the
  list adds, fitted the same way.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl import loader  # noqa: E402
from journal.cli import main  # noqa: E402
from journal.db import open_journal  # noqa: E402
from journal.website.publish import publish  # noqa: E402

LINK = "[a](http://b.c) "  # 16 characters: 12,000 of them fill a narration
PUBLISH_SIZES = (1_500, 3_000, 6_000, 12_000)
CONTRAST_SIZES = (250, 500, 1_000)
LIST_SIZES = (500, 1_000, 2_000, 4_000)
ITEM = "each location with technology"
SENTENCE = 'Roll and place a technology and an espionage on "Eastkeep".'
RUNS = 3


def cpu(work: Callable[[], Any], runs: int = RUNS) -> float:
    """The median CPU time of ``runs`` runs (the machine is shared)."""
    timings = []
    for _ in range(runs):
        start = time.process_time()
        work()
        timings.append(time.process_time() - start)
    return statistics.median(timings)


def slope(sizes: Sequence[int], seconds: Sequence[float]) -> float:
    """The least-squares slope of log(seconds) against log(size)."""
    xs = [math.log(n) for n in sizes]
    ys = [math.log(max(s, 1e-6)) for s in seconds]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def quietly(*args: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(args)) == 0, args


def bench_publish(folder: Path) -> None:
    db = folder / "chronicle.db"
    year = ["--campaign", "Bench", "--year", "1", "--db", str(db)]
    quietly("campaign", "start", "Bench", "--db", str(db))
    quietly("year", "start", *year, "--scheme", "Sow Discord in Brightdune",
            "--characters", "Parin,Kanun")  # fmt: skip
    quietly("scene", "record", *year, "--scene", "Find the Source of the Gasping Spores",
            "--location", "Giant's Gate", "--participants", "Parin,Kanun", "--choice", "Stay",
            "--text", "")  # fmt: skip

    def published(links: int) -> float:
        quietly("scene", "narrate", *year, "--number", "1", "--text", LINK * links or " ")
        with open_journal(db) as journal:
            publish(journal, "Bench", folder / "site")  # the caches warm, the pages once
            return cpu(lambda: publish(journal, "Bench", folder / "site"))

    base = published(0)
    times = [published(n) for n in PUBLISH_SIZES]
    added = [t - base for t in times]
    print(f"publish, a narration of n links (median of {RUNS}, CPU s; empty: {base:.2f} s):")
    for n, t, more in zip(PUBLISH_SIZES, times, added, strict=True):
        print(f"  {n:>6} links ({n * len(LINK):>7} chars): {t:6.2f} s, the narration {more:6.3f} s")
    print(f"  slope of the narration's time on a log-log scale: {slope(PUBLISH_SIZES, added):.2f}"
          "  (1 is linear, 2 quadratic)")  # fmt: skip

    import markdown  # Python-Markdown: what rendered narrations until issue 34

    old = [cpu(lambda n=n: markdown.markdown(LINK * n), 1) for n in CONTRAST_SIZES]
    shown = ", ".join(f"{n}: {t:.2f} s" for n, t in zip(CONTRAST_SIZES, old, strict=True))
    print(f"  for contrast, Python-Markdown alone: {shown}; slope {slope(CONTRAST_SIZES, old):.2f}")


def bench_check(folder: Path) -> None:
    os.environ["CHRONICLER_NO_CACHE"] = "1"  # parse every time: the list is in the text
    rules = ROOT / "rules" / "six_winters"

    def checked(items: int) -> float:
        copy = folder / f"list-{items}"
        shutil.copytree(rules, copy)
        schemes = (rules / "schemes.rules").read_text(encoding="utf-8")
        chain = " and ".join([ITEM] * items)
        changed = schemes.replace(SENTENCE, f'Roll and place {chain} on "Eastkeep".', 1)
        assert changed != schemes
        (copy / "schemes.rules").write_text(changed, encoding="utf-8")

        def once() -> None:
            loader.clear_caches()
            loader.check_ruleset(copy)

        return cpu(once)

    base = checked(1)
    times = [checked(n) for n in LIST_SIZES]
    added = [t - base for t in times]
    print(
        f"check, one sentence listing n things (median of {RUNS}, CPU s; one thing: {base:.2f} s):"
    )
    for n, t, more in zip(LIST_SIZES, times, added, strict=True):
        print(f"  {n:>6} things: {t:6.2f} s, the list {more:6.3f} s")
    print(f"  slope of the list's time on a log-log scale: {slope(LIST_SIZES, added):.2f}"
          "  (1 is linear, 2 quadratic)")  # fmt: skip


def main_() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench_publish(Path(tmp))
        bench_check(Path(tmp))


if __name__ == "__main__":
    main_()
