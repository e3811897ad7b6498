"""Seasons (seed 003) on the world engine: games per second for the random and the heuristic
bot (one core, median of the runs), and the heuristic bot against random over paired seeds
(each seed played twice, the heuristic bot in each seat), with its win rate's 95% Wilson
interval and the number of games behind it.

With ``--lookahead N``, a searching bot (``--bot``: ``lookahead``, the flat search, or
``ismcts``, the information-set tree search) against ``--against`` (the heuristic bot) over N
paired seeds too (slow: every placement of the searching seat costs ``--playouts`` playouts, or
``--seconds`` of search; ``--width`` placements are tried, ``--horizon`` placements ahead the
tree search's playouts stop and are scored from the observation; ``--from`` is the first seed,
so that several processes can share the seeds). ``--duel-only`` skips the speed figures.
``--halving`` has the tree search choose at its root by sequential halving over common random
numbers. ``--against lookahead`` pits the two searches at the same options (the same time
budget with ``--seconds``).

Run: ``.venv/bin/python benchmarks/bench_seasons.py [--games N] [--runs R] [--seats S]
[--lookahead N [--bot B] [--against B] [--playouts P] [--seconds T] [--width W]
[--horizon H] [--halving] [--from S] [--duel-only]]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dsl.world.game import WorldGame, new_game
from rules import registry


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


LOOKAHEAD: dict[str, float | int | None] = {}  # the look-ahead bot's options, from the command line


def play(compiled: object, seed: int, seats: int, bot: str) -> WorldGame:
    from rules.seasons.bots import make

    player = make(bot, seed, **LOOKAHEAD)
    game = new_game(compiled, seed=seed, players=seats)  # type: ignore[arg-type]
    if hasattr(player, "bind"):
        player.bind(game)
    while (decision := game.pending()) is not None:
        game.apply(player.choose(game.observation(decision.who), decision))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--lookahead", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--width", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--horizon", type=int, default=4)
    parser.add_argument("--halving", action="store_true")
    parser.add_argument("--bot", choices=("lookahead", "ismcts"), default="lookahead")
    parser.add_argument("--against", choices=("heuristic", "lookahead"), default="heuristic")
    parser.add_argument("--from", dest="first", type=int, default=0)
    parser.add_argument("--duel-only", action="store_true")
    args = parser.parse_args()
    LOOKAHEAD.update(
        playouts=args.playouts,
        width=args.width,
        seconds=args.seconds,
        horizon=args.horizon,
        halving=args.halving,
    )
    compiled = registry.find("seasons").compiled()
    if args.duel_only:
        duel(compiled, args.bot, args.against, args.lookahead, args.first)
        return
    for bot in ("random", "heuristic"):
        rates = []
        for _ in range(args.runs):
            start = time.perf_counter()
            for seed in range(args.games):
                play(compiled, seed, args.seats, bot)
            rates.append(args.games / (time.perf_counter() - start))
        print(
            f"{bot:>9}: {statistics.median(rates):6.1f} games/s, {args.seats} seats "
            f"(median of {args.runs} runs of {args.games} games, one core)"
        )
    duel(compiled, "heuristic", "random", args.games)
    if args.lookahead:
        duel(compiled, args.bot, args.against, args.lookahead, args.first)


SEARCHERS = ("lookahead", "ismcts")


def duel(compiled: object, bot: str, other: str, seeds: int, first: int = 0) -> None:
    """``bot`` against ``other`` over paired seeds, each seat in turn (a tie shares the win);
    a line a seed as it goes (``seed: wins so far of games so far``), then the figure."""
    wins = 0.0
    start = time.perf_counter()
    for seed in range(first, first + seeds):
        for spec, me in ((f"{bot},{other}", "p1"), (f"{other},{bot}", "p2")):
            tied = play(compiled, seed, 2, spec).state.result["tied"]
            wins += (me in tied) / len(tied)
        if bot in SEARCHERS:
            print(f"  seed {seed}: {wins:g} of {2 * (seed - first + 1)}", flush=True)
    n = 2 * seeds
    low, high = wilson(wins, n)
    budget = (
        f"{LOOKAHEAD['seconds']} s"
        if LOOKAHEAD.get("seconds")
        else f"{LOOKAHEAD['playouts']} playouts"
    )
    horizon = f", horizon {LOOKAHEAD['horizon']}" if "ismcts" in (bot, other) else ""
    horizon += ", halving at the root" * bool(LOOKAHEAD.get("halving"))
    options = f", {budget} a placement, width {LOOKAHEAD['width']}{horizon}" * (bot in SEARCHERS)
    print(
        f"{bot} against {other}: won {wins:g} of {n} games "
        f"({wins / n:.1%}, 95% [{low:.1%}, {high:.1%}]), seeds {first}-{first + seeds - 1}, "
        f"each seat{options}; {(time.perf_counter() - start) / n:.1f} s a game"
    )


if __name__ == "__main__":
    main()
