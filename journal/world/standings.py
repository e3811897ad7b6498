"""A campaign's standings over its games: each player's wins and points, with the number of
games they rest on (a tie for first is a win for none; it is counted apart)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Row:
    player: str
    games: int
    wins: int
    ties: int
    points: int


@dataclass(frozen=True)
class Standings:
    games: int  # the finished games the table rests on
    rows: tuple[Row, ...]


def standings(games: Sequence[dict[str, Any]]) -> Standings:
    """Wins, first places shared and points per player over the finished games, best first
    (most wins, then most points)."""
    played: dict[str, list[int]] = {}
    finished = 0
    for game in games:
        result = game.get("result")
        if not result:
            continue
        finished += 1
        winners = list(result.get("winners", []))
        for player, score in result.get("scores", {}).items():
            row = played.setdefault(str(player), [0, 0, 0, 0])
            row[0] += 1
            row[1] += int(player in winners and len(winners) == 1)
            row[2] += int(player in winners and len(winners) > 1)
            row[3] += int(score)
    rows = [Row(name, g, w, t, pts) for name, (g, w, t, pts) in played.items()]
    rows.sort(key=lambda r: (-r.wins, -r.points, r.player))
    return Standings(finished, tuple(rows))
