"""``chronicler simulate`` throughput: games per second per worker, scaling at 1 and 2 local
worker processes, and the wall time of a large run with its report.

Run: ``.venv/bin/python benchmarks/bench_simulate.py [--games N] [--big M] [--bot NAME]``;
``--cpu`` prints only games per CPU second played in one process (steadier on a busy machine).
Games are heuristic-bot year-1 games (seeds 0..N-1) stored into a temporary DuckDB file, as the
command does; the big run (default 10,000 games, 2 workers) also computes the full report.
``--big 0`` skips it. The paper estimate of docs/playtesting.md is read off these figures.

``--against REV [--rounds K]`` runs the command itself, ``chronicler simulate six-winters
--games N`` with its report, on this tree and on a checkout of the git revision REV in turn,
round by round (each run a fresh process tree: the command, its worker processes, the report),
and prints the median wall and CPU seconds of each side (the CPU of the command and of its
workers: on a shared machine the wall clock is whatever the other jobs leave) and the median
time ratio of the paired rounds (this tree's time over REV's: 0.55 is "in 0.55 of the time").
The other tree runs as plain Python (its checkout has no build); ``CHRONICLER_PURE=1`` runs
both so.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trees import checkout

from dsl import compiled
from journal.playtest import figures, runner, store
from journal.playtest.games import Plan, play_game
from rules import registry

ROOT = Path(__file__).resolve().parents[1]
# the command as a tree's own code runs it (``sys.argv[1]``: the tree), whatever is installed
COMMAND = "import sys; sys.path.insert(0, sys.argv.pop(1)); from journal.cli import main; main()"


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


def command_seconds(tree: Path, games: int, workers: int) -> tuple[float, float]:
    """Wall and CPU seconds of ``chronicler simulate six-winters --games N`` run by ``tree``'s
    code in a fresh process (its workers' CPU counted: they are its children, waited for)."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = [sys.executable, "-c", COMMAND, str(tree), "simulate", "six-winters"]
        argv += ["--games", str(games), "--workers", str(workers)]
        argv += ["--store", str(Path(tmp) / "bench.duckdb")]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode:  # the command's own one-line error, not a traceback of this one
            sys.exit(f"{tree}: simulate failed: {done.stderr.decode().strip()}")
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def compare(revision: str, games: int, rounds: int, workers: int) -> None:
    """This tree's ``simulate`` against ``revision``'s, in turn round by round (here, there,
    here, there...), so a change in the machine's load falls on both sides alike."""
    with checkout(revision) as tree:
        pairs = [
            (command_seconds(ROOT, games, workers), command_seconds(tree, games, workers))
            for _ in range(rounds)
        ]
    there = "plain Python" if not os.environ.get(compiled.PURE_VARIABLE) else "plain Python too"
    print(f"simulate six-winters --games {games} --workers {workers} with its report")
    print(f"against {revision}: {rounds} rounds in turn")
    print(f"  here: {compiled.summary()}; there: {there}")
    print("  time ratio: this tree's time over the other's (below 1.00: faster here)")
    for i, name in ((0, "wall"), (1, "CPU")):
        here = statistics.median(p[0][i] for p in pairs)
        other = statistics.median(p[1][i] for p in pairs)
        ratio = statistics.median(p[0][i] / p[1][i] for p in pairs)
        print(f"  {name} seconds: {here:.1f} here, {other:.1f} there: time ratio {ratio:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument(
        "--cpu", action="store_true", help="only games per CPU second, in this process"
    )
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="rounds in turn with --against")
    parser.add_argument("--workers", type=int, default=2, help="worker processes with --against")
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.games, args.rounds, args.workers)
        return
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
