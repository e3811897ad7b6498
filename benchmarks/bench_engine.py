"""Six Winters engine figures: sessions per second per bot on one core, the cost of ``clone``
and of a JSON round trip, and the size of a session's state.

Run: ``.venv/bin/python benchmarks/bench_engine.py [--sessions N]``. Each figure is
the median of five repeats; the sessions are year-1 sessions from a fresh campaign, seeds 0..N-1.
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=100)
    args = parser.parse_args()
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
