"""Playing the games of a simulation: one game is a seed, a bot and a ruleset's text.

A game of ``--year Y`` plays the campaign from year 1 with the same bot (as ``chronicler play
--year Y`` does) and counts year Y; a campaign game counts all six years. What each session
tells the report comes from the ruleset (its contract's ``playtest``); every session keeps its
seed, its characters and the answers given, so the game is rebuilt decision for decision
without the bot (``playtest.replay``).
"""

from __future__ import annotations

import gc
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dsl.contract import Ruleset
from dsl.errors import ChroniclerError
from dsl.kernel.machine import PLAY_GEN0_THRESHOLD


@dataclass(frozen=True)
class Plan:
    """What one side of a simulation plays: the ruleset, the bot, the year (``None``: whole
    campaigns), and the variant's label (a supply size, a card taken out) when it is one."""

    game: Ruleset
    bot: str
    year: int | None
    side: str = "A"
    variant: str = ""


def play_game(plan: Plan, seed: int) -> dict[str, Any]:
    """Play one game; its sessions' facts, or the error that stopped it (a broken text)."""
    start = time.perf_counter()
    try:
        sessions = _play(plan, seed)
        error = None
    except Exception as failure:  # a designer's text may break a game: told, not fatal
        sessions, error = [], f"{type(failure).__name__}: {failure}"
    return {
        "seed": seed,
        "side": plan.side,
        "variant": plan.variant,
        "sessions": sessions,
        "seconds": time.perf_counter() - start,
        "error": error,
    }


def play_chunk(plan: Plan, seeds: Sequence[int]) -> list[dict[str, Any]]:
    """Several games in one task (a worker process or a cluster's worker)."""
    return [play_game(plan, seed) for seed in seeds]


def ignore_interrupt() -> None:
    """Worker processes leave Ctrl-C to the parent, which keeps what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_worker(games: Sequence[Ruleset] = ()) -> None:
    """A local worker process: Ctrl-C left to the parent, the rulesets loaded, and then the
    collector told to leave what is loaded alone."""
    ignore_interrupt()
    for game in games:
        game.load()  # compiled once in the parent, whose workers are forked from it: cached
    # the loaded rulesets are never garbage: frozen, collections skip them; fewer young ones
    gc.freeze()
    gc.set_threshold(GEN0_THRESHOLD, *gc.get_threshold()[1:])


# allocations between young collections (Python's default: 700), as while ``play`` plays
GEN0_THRESHOLD = PLAY_GEN0_THRESHOLD


def _play(plan: Plan, seed: int) -> list[dict[str, Any]]:
    playtest = plan.game.playtest
    if playtest is None:
        raise ChroniclerError(f"{plan.game.name} cannot be simulated")
    return playtest.play(plan.bot, seed, plan.year or playtest.sessions)
