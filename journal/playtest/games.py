"""Playing the games of a simulation: one game is a seed, a bot and a ruleset's text.

A game of ``--year Y`` plays the campaign from year 1 with the same bot (as ``chronicler play
--year Y`` does) and counts year Y; a campaign game counts all six years. What each session
tells the report comes from the ruleset (``rules/<name>/playtest.py``); every session keeps its
seed, its characters and the answers given, so the game is rebuilt decision for decision
without the bot (``replay``).
"""

from __future__ import annotations

import gc
import random
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dsl.kernel.machine import PLAY_GEN0_THRESHOLD
from rules.registry import Game


@dataclass(frozen=True)
class Plan:
    """What one side of a simulation plays: the ruleset, the bot, the year (``None``: whole
    campaigns), and the variant's label (a supply size, a card taken out) when it is one."""

    game: Game
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


def start_worker(games: Sequence[Game] = ()) -> None:
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
    engine = plan.game.engine
    campaign_module = plan.game.module("campaign")
    playtest = plan.game.module("playtest")
    ruleset = plan.game.load()
    bot = plan.game.bots.make_bot(plan.bot, seed)
    uses = getattr(bot, "uses_observation", True)
    final = ruleset.value("finale year", 6)
    last = plan.year or final
    rng = random.Random(seed)  # as play_campaign: the same seed gives the same sessions
    campaign = engine.new_campaign(ruleset)
    sessions = []
    for _year in range(1, last + 1):
        chosen = campaign_module.choose_characters(bot, campaign, ruleset)
        session = engine.new_session(ruleset, campaign, rng.randrange(2**31), chosen)
        watch = playtest.SupplyWatch.of(session)
        if hasattr(bot, "bind"):  # a bot that searches copies of the session it plays
            bot.bind(session)
        while (decision := session.pending()) is not None:
            obs = session.observation(decision.who) if uses else None
            session.apply(bot.choose(obs, decision))
            watch.see(session)
        sessions.append(playtest.facts(session, watch))
        if _year < last:  # the campaign after the last session is never read here
            campaign = engine.end_session(campaign, session)
    return sessions


def replay(game: Game, sessions: Sequence[dict[str, Any]]) -> tuple[Any, Any]:
    """Rebuild a stored game's sessions in order from their seeds, characters and answers;
    returns the last session and the campaign after it."""
    engine = game.engine
    ruleset = game.load()
    campaign = engine.new_campaign(ruleset)
    session = None
    for stored in sessions:
        session = engine.replay(
            ruleset, campaign, stored["seed"], stored["characters"], stored["answers"]
        )
        campaign = engine.end_session(campaign, session)
    return session, campaign
