"""Helpers the procedure's tests share: a session of v19.7 dealt and played by rule."""

from __future__ import annotations

from typing import Any

from dsl.world.bots import RandomBot
from dsl.world.game import WorldGame, new_game

PASS = "pass"


def session(winters: Any, players: int = 1, seed: int = 1) -> WorldGame:
    return new_game(winters, seed=seed, players=players)


def obstacles_in_play(game: WorldGame) -> dict[str, str]:
    """Each obstacle on the location board, with the location it is at."""
    return {
        card: str(info["at"])
        for card, info in game.state.cards.items()
        if info["kind"] == "obstacle" and info.get("at")
    }


def pass_to_the_end(game: WorldGame) -> int:
    """Every player passes every action phase; how many times they were asked to act. Any
    other question (where a threat location goes when a track reaches its end) takes the first
    option."""
    asked = 0
    while (decision := game.pending()) is not None:
        if PASS not in decision.options:
            assert decision.kind != "action"
            game.apply(decision.options[0])
            continue
        asked += 1
        game.apply(PASS)
    return asked


def play_randomly(game: WorldGame, seed: int) -> WorldGame:
    bot = RandomBot(seed)
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(None, decision))
    return game
