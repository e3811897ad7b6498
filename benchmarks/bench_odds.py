"""Exact check odds: the time to compute a complex check's odds table, reference 1..10 by
obstacle 1..10, from its text (the dungeon game's "Complex" check of
tests/dsl/fixtures/checks/dungeon.rules: d6 pools, a 1 takes a mark, an exploding 6), plain and
with favour (one die more, the best kept: the pooled road, every sorted set of faces judged).
Also the Tags and Tracks roll table (levels 1..12 by cuts 0..3), the extended check's chance
within 10 rolls by obstacle, and Delve's casting with its miscast judged once it ends (the
running count of 1s joins the chain's state).

Each table is computed afresh (the odds' cache cleared) ``--runs`` times; the median and the
spread are printed. Run: ``.venv/bin/python benchmarks/bench_odds.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dsl.dice import odds as odds_module  # noqa: E402
from dsl.loader import load_ruleset  # noqa: E402


def timed(table: Any, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        odds_module._CACHE.clear()
        odds_module._chain.cache_clear()
        odds_module._bonus_sum.cache_clear()
        start = time.perf_counter()
        table()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    dungeon = load_ruleset(ROOT / "tests" / "dsl" / "fixtures" / "checks").checks
    roll = load_ruleset(ROOT / "rules" / "tags_and_tracks").checks["Roll"]
    complex_check, extended = dungeon["Complex"], dungeon["Extended"]
    casting = load_ruleset(ROOT / "rules" / "delve").checks["Casting"]

    def complex_table(**extra: int) -> Any:
        return lambda: [
            complex_check.odds(reference=r, obstacle=o, **extra)
            for r in range(1, 11)
            for o in range(1, 11)
        ]

    tables = {
        "complex check, reference 1..10 x obstacle 1..10": complex_table(),
        "the same with favour (11 dice at most, the best kept)": complex_table(favour=1),
        "tags and tracks roll, level 1..12 x cuts 0..3": lambda: [
            roll.odds(level=n, cuts=c) for n in range(1, 13) for c in range(4)
        ],
        "extended check within 10 rolls, reference 4 x obstacle 1..10": lambda: [
            extended.odds_within(10, reference=4, obstacle=o) for o in range(1, 11)
        ],
        "casting with its miscast judged, magic 2 x casting 1..10": lambda: [
            casting.odds_within(5, magic=2, casting=c) for c in range(1, 11)
        ],
    }
    print(f"{'table':66} {'median':>9} {'min':>9} {'max':>9}  ({runs} runs, seconds)")
    for name, table in tables.items():
        times = timed(table, runs)
        print(f"{name:66} {statistics.median(times):9.3f} {min(times):9.3f} {max(times):9.3f}")


if __name__ == "__main__":
    main()
