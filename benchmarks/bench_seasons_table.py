"""Seasons played at the table (``chronicler play seasons --people 1 --campaign NAME``): what
recording a game move by move costs. A scripted person in seat 1 (always the first option)
and the heuristic bot in seat 2 play the same seeds twice, once told on a terminal only and
once recorded into a fresh journal as it is played (``journal/world/live.py``: an entry and a
change of the history per answer). Prints the median seconds a game of each, the paired
ratio, and the entries written a game.

Run: ``.venv/bin/python benchmarks/bench_seasons_table.py [--games N]``.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console

from dsl.contract import GameSetup
from journal.hotseat import HotSeat, Terminal, play_at_table
from rules import registry


def _seated(seed: int) -> tuple[Any, HotSeat]:
    found = registry.find("seasons")
    assert found.engine is not None and found.bots is not None
    bot = found.bots.make("heuristic", seed)
    game = found.engine.new_game(GameSetup(seed=seed, seats=2), bot)
    console = Console(file=io.StringIO(), width=100)
    names = dict(game.state.names)  # type: ignore[attr-defined]
    seat = HotSeat(
        game, bot, ("p1",), Terminal(console, lambda: "1\n"), names, found.journal.account.narrate
    )
    return game, seat


def told(seed: int) -> float:
    game, seat = _seated(seed)
    start = time.perf_counter()
    play_at_table(game, seat)
    return time.perf_counter() - start


def recorded(seed: int, folder: Path) -> tuple[float, int]:
    from journal import ledger
    from journal.db import open_journal
    from journal.world.live import Live

    found = registry.find("seasons")
    game, seat = _seated(seed)
    with open_journal(folder / f"{seed}.db") as journal:
        live = Live(journal, "Bench", found, ("p1", "p2"), ["person", "heuristic"], seed)
        start = time.perf_counter()
        live.begin(game, [])

        def answered(decision: Any, asked_at: int) -> None:
            live.answered(game, decision.who, decision.prompt, asked_at, seat.last_answer)

        play_at_table(game, seat, answered)
        live.finish(game)
        took = time.perf_counter() - start
        with journal.reading() as s:
            entries = len(ledger.entries(s, ledger.get_campaign(s, "Bench")))
    return took, entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    plain: list[float] = []
    kept: list[float] = []
    counts: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, args.games + 1):
            plain.append(told(seed))
            took, entries = recorded(seed, Path(tmp))
            kept.append(took)
            counts.append(entries)
    ratios = [k / p for k, p in zip(kept, plain, strict=True)]
    print(f"games: {args.games} (seeds 1..{args.games}), seat 1 scripted, seat 2 heuristic")
    print(f"told only:          median {statistics.median(plain):.2f} s a game")
    print(f"recorded as played: median {statistics.median(kept):.2f} s a game")
    print(f"paired ratio:       median {statistics.median(ratios):.1f}x")
    each = statistics.median(k - p for k, p in zip(kept, plain, strict=True))
    print(
        f"entries a game:     median {statistics.median(counts):.0f} "
        f"({1000 * each / statistics.median(counts):.0f} ms an entry)"
    )


if __name__ == "__main__":
    main()
