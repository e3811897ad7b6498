"""``chronicler simulate`` throughput: games per second per worker, scaling at 1 and 2 local
worker processes, and the wall time of a large run with its report.

Run: ``.venv/bin/python benchmarks/bench_simulate.py [--games N] [--big M] [--bot NAME]``;
``--cpu`` prints only games per CPU second played in one process (steadier on a busy machine).
Games are heuristic-bot year-1 games (seeds 0..N-1) stored into a temporary DuckDB file, as the
command does; the big run (default 10,000 games, 2 workers) also computes the full report.
``--big 0`` skips it. The paper estimate of docs/playtesting.md is read off these figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dsl import compiled
from journal.playtest import figures, runner, store
from journal.playtest.games import Plan, play_game
from rules import registry


def timed(games: int, workers: int, bot: str, report: bool = False) -> tuple[float, float]:
    game = registry.find("six-winters")
    game.load()
    with tempfile.TemporaryDirectory() as tmp:
        con = store.connect(Path(tmp) / "bench.duckdb")
        runs = runner.start_runs(con, [Plan(game, bot, 1)], list(range(games)), "bench")
        start = time.perf_counter()
        runner.play_runs(con, runs, workers=workers)
        played = time.perf_counter() - start
        if report:
            figures.report(con, [runs[0].run_id], campaigns=False)
        total = time.perf_counter() - start
        con.close()
    return played, total


def per_cpu_second(games: int, bot: str) -> float:
    """Games per CPU second of this process, played in it (``play_game``, as a worker does):
    on a shared machine the CPU time moves less with the others' load than the wall time."""
    game = registry.find("six-winters")
    game.load()
    plan = Plan(game, bot, 1)
    play_game(plan, games)  # warm: imports and caches
    start = time.process_time()
    for seed in range(games):
        play_game(plan, seed)
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument(
        "--cpu", action="store_true", help="only games per CPU second, in this process"
    )
    args = parser.parse_args()
    print(f"engine: {compiled.summary()}")
    if args.cpu:
        rate = per_cpu_second(args.games, args.bot)
        print(f"{args.bot} year 1, {args.games} games in process: {rate:.1f} games per CPU second")
        return
    rates = {}
    for workers in (1, 2):
        played, _ = timed(args.games, workers, args.bot)
        rates[workers] = args.games / played
        print(
            f"{args.bot} year 1, {args.games} games, {workers} worker(s): {played:.1f} s, "
            f"{rates[workers]:.1f} games/s ({rates[workers] / workers:.1f} per worker)"
        )
    print(f"scaling 1 -> 2 workers: x{rates[2] / rates[1]:.2f}")
    if args.big:
        played, total = timed(args.big, 2, args.bot, report=True)
        print(
            f"{args.big} {args.bot} year-1 games on 2 workers: {played:.1f} s played, "
            f"{total:.1f} s wall with the report ({args.big / total:.1f} games/s)"
        )


if __name__ == "__main__":
    main()
