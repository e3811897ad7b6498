"""Six Winters v19.7 bots scoreboard: obstacles overcome and progress made in a session by the
random and the heuristic bot on the same seeds, and the heuristic bot's gain with its 95% interval
(Student's t over the paired seeds). The game is cooperative and its procedure partial
(rules/six_winters_v19/STATUS.md): progress is the spaces the six progress tracks rose in the
session (progress cards completed), read from the game's state at its end.

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
from rules.six_winters_v19.playtest import overcome as overcome_in
from rules.text.playtest import play_game
from rules.text.plugin import new_world_game

FOLDER = Path(__file__).resolve().parents[1] / "rules" / "six_winters_v19"


def overcome(game: Any) -> float:
    """Obstacles the players overcame in one session: each completed by an Overcome."""
    return float(len(overcome_in(game)))


RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def progress(game: Any) -> float:
    """The spaces the six progress tracks rose in the session (each starts on space 1)."""
    held = game.state.values.get("", {})
    return float(sum(int(held.get(f"{r} progress", 1)) - 1 for r in RESOURCES))


def session(seed: int, players: int, name: str) -> tuple[float, float]:
    """One session played by the bot: (obstacles overcome, progress made)."""
    game = new_world_game(FOLDER, seed, players)
    play_game(game, make(name, seed))
    return overcome(game), progress(game)


def report(what: str, pairs: list[tuple[float, float]]) -> None:
    n = len(pairs)
    print(f"{what} a session: random {sum(r for r, _ in pairs) / n:.2f}, ", end="")
    print(f"heuristic {sum(h for _, h in pairs) / n:.2f}")
    estimate = mean_difference([h - r for r, h in pairs])
    if estimate is not None:
        mean, low, high = estimate
        print(f"  heuristic - random: {mean:+.2f} [{low:+.2f}, {high:+.2f}] (95%, Student's t)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    played = [
        (session(seed, args.players, "random"), session(seed, args.players, "heuristic"))
        for seed in range(args.seeds)
    ]
    seconds = time.perf_counter() - started
    n = len(played)
    seats = f"{args.players} player{'s' if args.players != 1 else ''}"
    print(f"Six Winters v19.7, {seats}, {n} paired seeds ({seconds:.1f} s)")
    report("obstacles overcome", [(r[0], h[0]) for r, h in played])
    report("progress (track spaces risen)", [(r[1], h[1]) for r, h in played])


if __name__ == "__main__":
    main()
