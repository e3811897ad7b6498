"""Six Winters engine figures: sessions per second per bot on one core, the cost of ``clone``
and of a JSON round trip, and the size of a session's state.

Run: ``.venv/bin/python benchmarks/bench_engine.py [--sessions N] [--against REV [--compiled]]``.
Each figure is the median of five repeats; the sessions are year-1 sessions from a fresh
campaign, seeds 0..N-1; the campaigns are whole six-year campaigns of the heuristic bot
(``play_campaign``, seeds 0..N/20-1, at least 2). ``--against REV [--rounds K]`` measures this
tree and a checkout of the git revision REV in turn, round by round (each round a fresh process
on one tree, through the engine's public API only), and prints each figure's median and the
median speed ratio of the paired rounds (how many times faster this tree is: a rate here over
there, a time there over here; 1.00 is "no slower"): on a shared, noisy machine a change of load
falls on both sides alike. The other tree runs as plain Python unless ``--compiled`` builds its
hot modules too (a few minutes); ``CHRONICLER_PURE=1`` runs both as plain Python. ``--tree DIR``
uses a checkout of REV made beforehand (``git worktree add DIR REV``, built there with
``python -c "import dsl.compiled as c; c.main(['build'])"`` or not) as it is, so that repeated
comparisons build it once; each ratio is printed with its lowest and highest round.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trees import checkout, run_on

from dsl import compiled
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

# One round of the comparison, run in a fresh process on one tree (``sys.argv[1]``): only the
# engine's public API, which every revision since the engine split keeps, so the same code
# measures both sides. Prints one JSON line of figures (CPU time: what other jobs on a shared
# machine take from the wall clock does not count).
ROUND = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot
sessions = int(sys.argv[2])
ruleset = engine.load_ruleset()
campaign = engine.new_campaign(ruleset)
out = {}
for name, bot in (("random", RandomBot), ("heuristic", HeuristicBot)):
    engine.play(engine.new_session(ruleset, campaign, 0, ["Parin", "Kanun"]), bot(0))  # warm
    start = time.process_time()
    for seed in range(sessions):
        engine.play(engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"]), bot(seed))
    out[name + " sessions/s (CPU)"] = sessions / (time.process_time() - start)
campaigns = max(2, sessions // 20)  # whole six-year campaigns, the bot choosing characters
start = time.process_time()
for seed in range(campaigns):
    for _ in engine.play_campaign(ruleset, seed, HeuristicBot(seed)):
        pass
out["heuristic campaigns/s (CPU)"] = campaigns / (time.process_time() - start)
session = engine.new_session(ruleset, campaign, 1, ["Parin", "Kanun"])
bot = RandomBot(1)
for _ in range(60):
    session.apply(bot.choose(None, session.pending()))
start = time.process_time()
for _ in range(200):
    session.clone()
out["clone µs"] = (time.process_time() - start) / 200 * 1e6
start = time.process_time()
for _ in range(100):
    engine.Session.from_json(ruleset, session.to_json())
out["JSON round trip µs"] = (time.process_time() - start) / 100 * 1e6
print(json.dumps(out))
"""


def one_round(tree: Path, sessions: int) -> dict[str, float]:
    return dict(run_on(tree, ROUND, str(sessions)))


BUILD = "import sys; sys.path.insert(0, '.'); import dsl.compiled as c; sys.exit(c.main(['build']))"


def compare(
    revision: str, sessions: int, rounds: int, *, build: bool = False, tree: Path | None = None
) -> None:
    """This tree against ``revision``, round by round in turn (here, there, here, there...), so
    a change in the machine's load falls on both sides alike; each figure is the median of its
    rounds, and each ratio the median of the rounds' ratios. ``build``: the other tree's hot
    modules are compiled too (a few minutes), so that compiled is measured against compiled.
    ``tree``: a checkout of ``revision`` made beforehand (built or not, as it is), used as it
    is and left there, so that repeated comparisons build it once."""
    if tree is not None:
        there = "the checkout given, as it is"
        if (tree / ".build" / "compiled").is_dir() and not os.environ.get(compiled.PURE_VARIABLE):
            there = "the checkout given, compiled"
        pairs = [(one_round(ROOT, sessions), one_round(tree, sessions)) for _ in range(rounds)]
        _report(revision, sessions, rounds, there, pairs)
        return
    with checkout(revision) as fresh:
        there = "plain Python (CHRONICLER_PURE=1: both plain; --compiled: both compiled)"
        if build and not os.environ.get(compiled.PURE_VARIABLE):
            subprocess.run([sys.executable, "-c", BUILD], cwd=fresh, check=True)
            there = "compiled, built for this comparison"
        pairs = [(one_round(ROOT, sessions), one_round(fresh, sessions)) for _ in range(rounds)]
    _report(revision, sessions, rounds, there, pairs)


def _report(
    revision: str,
    sessions: int,
    rounds: int,
    there: str,
    pairs: list[tuple[dict[str, float], dict[str, float]]],
) -> None:
    """Each figure's median on each side, and the median of the rounds' speed ratios with
    their spread (the lowest and highest round)."""
    print(f"against {revision}: {sessions} sessions a bot, {rounds} rounds in turn, CPU time")
    print(f"  here: {compiled.summary()}; there: {there}")
    print("  speed ratio: how many times faster here (above 1.00: faster, below: slower)")
    for name in pairs[0][0]:
        here = statistics.median(p[0][name] for p in pairs)
        other = statistics.median(p[1][name] for p in pairs)
        ratios = [_speed(name, p[0][name], p[1][name]) for p in pairs]
        print(
            f"  {name}: {here:.1f} here, {other:.1f} there: speed ratio "
            f"{statistics.median(ratios):.2f} (rounds {min(ratios):.2f} to {max(ratios):.2f})"
        )


def _commit(tree: Path, revision: str) -> str | None:
    """The commit ``revision`` names in the git checkout ``tree`` (``None``: none)."""
    done = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() or None


def _speed(name: str, here: float, there: float) -> float:
    """How many times faster here: a rate (per second) is better high, a time (µs) low."""
    return there / here if name.endswith("µs") else here / there


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="rounds in turn with --against")
    parser.add_argument(
        "--compiled", action="store_true", help="with --against: compile the other tree too"
    )
    parser.add_argument(
        "--tree",
        type=Path,
        metavar="DIR",
        help="with --against: a checkout of REV made beforehand (built with its "
        "`dsl.compiled build` or not), used as it is instead of a fresh one",
    )
    args = parser.parse_args()
    if args.tree is not None and not args.against:
        parser.error("--tree needs --against REV (the revision the checkout holds)")
    if args.tree is not None and _commit(args.tree, "HEAD") != _commit(ROOT, args.against):
        parser.error(f"--tree {args.tree}: not a checkout of {args.against}")
    if args.against:
        compare(args.against, args.sessions, args.rounds, build=args.compiled, tree=args.tree)
        return
    ruleset = engine.load_ruleset()
    print(f"ruleset: {ruleset.source}; {args.sessions} sessions, median of {REPEATS}")
    print(f"engine: {compiled.summary()}")
    for bot_class in (RandomBot, HeuristicBot):
        rate, cpu_rate, decisions = sessions_per_second(ruleset, bot_class, args.sessions)
        print(
            f"{bot_class.name:>9} bot: {rate:8.1f} sessions/s/core by the clock, "
            f"{cpu_rate:.1f} by CPU time "
            f"({1000 / rate:.2f} ms a session, {decisions:.0f} decisions a session)"
        )
    campaigns = max(2, args.sessions // 20)
    seconds = median_of(
        lambda: [
            None
            for seed in range(campaigns)
            for _ in engine.play_campaign(ruleset, seed, HeuristicBot(seed))
        ],
        clock=time.process_time,
    )
    print(f"heuristic bot: {campaigns / seconds:.2f} six-year campaigns/s by CPU time")
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
