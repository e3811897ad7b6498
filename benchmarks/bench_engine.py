"""Six Winters engine figures: sessions per second per bot on one core, the cost of ``clone``
and of a JSON round trip, and the size of a session's state.

Run: ``.venv/bin/python benchmarks/bench_engine.py [--sessions N] [--against REV]``. Each figure
is the median of five repeats; the sessions are year-1 sessions from a fresh campaign, seeds
0..N-1. ``--against REV`` runs the same benchmark on a checkout of the git revision REV (its own
copy of this script) right after, and prints this tree's figures as ratios of that one's.
"""

from __future__ import annotations

import argparse
import pickle
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot

REPEATS = 5


def median_of(fn, repeats: int = REPEATS, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeats):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def sessions_per_second(ruleset, bot_class, count: int) -> tuple[float, float, float]:
    """Sessions per second by the wall clock and by this process's CPU time (one core: what
    other jobs on a shared machine take from the wall clock does not count), and decisions."""
    campaign = engine.new_campaign(ruleset)
    decisions = []

    def run() -> None:
        decisions.clear()
        for seed in range(count):
            session = engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"])
            engine.play(session, bot_class(seed))
            decisions.append(len(session.state.answers))

    seconds = median_of(run)
    cpu_seconds = median_of(run, clock=time.process_time)
    return count / seconds, count / cpu_seconds, statistics.mean(decisions)


def mid_session(ruleset):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 1, ["Parin", "Kanun"])
    bot = RandomBot(1)
    for _ in range(60):
        decision = session.pending()
        if decision is None:
            break
        session.apply(bot.choose(None, decision))
    return session


ROOT = Path(__file__).resolve().parents[1]
FIGURE = re.compile(
    r"(?P<bot>\w+) bot: +(?P<clock>[\d.]+) sessions/s/core by the clock, (?P<cpu>[\d.]+) by CPU"
    r"|clone: (?P<clone>\d+) µs; JSON round trip: (?P<json>\d+) µs"
)


def figures(text: str) -> dict[str, float]:
    """The figures a run of this benchmark printed, by name."""
    found: dict[str, float] = {}
    for match in FIGURE.finditer(text):
        if match["bot"]:
            found[f"{match['bot']} sessions/s (clock)"] = float(match["clock"])
            found[f"{match['bot']} sessions/s (CPU)"] = float(match["cpu"])
        else:
            found["clone µs"] = float(match["clone"])
            found["JSON round trip µs"] = float(match["json"])
    return found


def run_at(revision: str, sessions: int) -> str:
    """This benchmark as the git revision ``revision`` has it, run on that revision's code."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), revision],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            done = subprocess.run(
                [sys.executable, "benchmarks/bench_engine.py", "--sessions", str(sessions)],
                cwd=tree,
                check=True,
                capture_output=True,
                text=True,
            )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    args = parser.parse_args()
    if args.against:
        here = subprocess.run(
            [sys.executable, __file__, "--sessions", str(args.sessions)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        there = run_at(args.against, args.sessions)
        print(here, end="")
        mine, theirs = figures(here), figures(there)
        print(f"against {args.against} (same run, one after the other):")
        for name, value in mine.items():
            if name in theirs:
                print(
                    f"  {name}: {value:g} here, {theirs[name]:g} there: "
                    f"ratio {value / theirs[name]:.2f}"
                )
        return
    ruleset = engine.load_ruleset()
    print(f"ruleset: {ruleset.source}; {args.sessions} sessions, median of {REPEATS}")
    for bot_class in (RandomBot, HeuristicBot):
        rate, cpu_rate, decisions = sessions_per_second(ruleset, bot_class, args.sessions)
        print(
            f"{bot_class.name:>9} bot: {rate:8.1f} sessions/s/core by the clock, "
            f"{cpu_rate:.1f} by CPU time "
            f"({1000 / rate:.2f} ms a session, {decisions:.0f} decisions a session)"
        )
    session = mid_session(ruleset)
    n = 200
    clone = median_of(lambda: [session.clone() for _ in range(n)]) / n
    text = session.to_json()
    round_trip = (
        median_of(lambda: [engine.Session.from_json(ruleset, session.to_json()) for _ in range(n)])
        / n
    )
    print(f"clone: {clone * 1e6:.0f} µs; JSON round trip: {round_trip * 1e6:.0f} µs")
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copy = session.clone()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copy
    events = len(session.state.events)
    print(
        f"state size: {len(pickle.dumps(session.state))} bytes pickled, "
        f"{len(text)} bytes JSON, {after - before} bytes in memory ({events} events so far)"
    )


if __name__ == "__main__":
    main()
