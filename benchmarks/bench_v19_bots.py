"""Six Winters v19.7 bots scoreboard: obstacles overcome a session by the random and the heuristic
bot on the same seeds, and the heuristic bot's gain with its 95% interval (Student's t over the
paired seeds). The game is cooperative and its procedure partial (rules/six_winters_v19/STATUS.md):
obstacles overcome is the one outcome a session of it has today.

Run: ``.venv/bin/python benchmarks/bench_v19_bots.py [--seeds 100] [--players 2]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from journal.playtest.intervals import mean_difference
from rules.six_winters_v19.bots import make
from rules.text.playtest import play_game
from rules.text.plugin import new_world_game

FOLDER = Path(__file__).resolve().parents[1] / "rules" / "six_winters_v19"


def overcome(facts: dict[str, Any]) -> float:
    """Obstacles the players took off the map in one session (the world engine's counts)."""
    return sum(
        float(n)
        for _subject, kind, measure, n in facts["counts"]
        if kind == "obstacle" and measure == "taken off by a player"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    pairs = []
    for seed in range(args.seeds):
        random_, heuristic = (
            overcome(play_game(new_world_game(FOLDER, seed, args.players), make(name, seed)))
            for name in ("random", "heuristic")
        )
        pairs.append((random_, heuristic))
    seconds = time.perf_counter() - started
    n = len(pairs)
    seats = f"{args.players} player{'s' if args.players != 1 else ''}"
    print(f"Six Winters v19.7, {seats}, {n} paired seeds ({seconds:.1f} s)")
    print(f"obstacles overcome a session: random {sum(r for r, _ in pairs) / n:.2f}, ", end="")
    print(f"heuristic {sum(h for _, h in pairs) / n:.2f}")
    estimate = mean_difference([h - r for r, h in pairs])
    if estimate is not None:
        mean, low, high = estimate
        print(f"heuristic - random: {mean:+.2f} [{low:+.2f}, {high:+.2f}] (95%, Student's t)")


if __name__ == "__main__":
    main()
