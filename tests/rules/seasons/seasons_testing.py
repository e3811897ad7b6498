"""Helpers the Seasons tests share: a game at its first planning, orders placed and answered by
script, and the events of a kind."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dsl.world.game import WorldGame, new_game
from rules.seasons import primitives as rules

NORTH = ("North Capital", "North Farm", "North Mine")  # p1's lands
SOUTH = ("South Capital", "South Farm", "South Mine")  # p2's lands


def at_planning(
    seasons: Any, seed: int = 1, players: int = 2, first: str | None = None
) -> WorldGame:
    """A new game at its first planning decision (after setup and the Winter Solstice); with
    ``first``, a seed whose first player is that seat."""
    for tried in range(seed, seed + 50):
        game = new_game(seasons, seed=tried, players=players)
        decision = game.pending()
        assert decision is not None and decision.kind == "order"
        if first is None or game.state.order[0] == first:
            return game
    raise AssertionError(f"no seed near {seed} makes {first} first")


def answer(game: WorldGame, *options: Any) -> Any:
    """Answer the next decisions with ``options`` in turn (each must be offered); the next
    decision."""
    for option in options:
        decision = game.pending()
        assert decision is not None, f"the game is over; {option!r} was not asked"
        assert option in decision.options, (option, decision.prompt, decision.options)
        game.apply(option)
    return game.pending()


def plan(game: WorldGame, orders: dict[str, list[str]]) -> list[str]:
    """Place each player's orders as the game asks them; who was asked, in order."""
    asked = []
    left = {p: list(o) for p, o in orders.items()}
    while (d := game.pending()) is not None and d.kind == "order" and " face " in str(d.options[0]):
        assert d.who is not None
        asked.append(d.who)
        answer(game, left[d.who].pop(0))
    return asked


def again(game: WorldGame) -> WorldGame:
    """The game as a test left it, resumed from its saved state: what it pushed runs, and it
    asks afresh."""
    resumed = WorldGame.from_json(game.ruleset, game.to_json())
    resumed.pending()
    return resumed


def events(game: WorldGame, kind: str, seen_by: str | None = None) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events_for(seen_by) if e.kind == kind]


def clear(game: WorldGame, holders: Iterable[str]) -> None:
    """Take every piece off these tiles (a test sets its own table)."""
    for holder in holders:
        game.state.pieces.pop(holder, None)


__all__ = ["NORTH", "SOUTH", "again", "answer", "at_planning", "clear", "events", "plan", "rules"]
