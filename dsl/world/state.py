"""A world game's state: plain data only, so the kernel snapshots, copies and writes it as JSON
without a line of code of ours (``dsl.kernel.flat.FlatState``).

- ``players``: the seats, in seat order (``p1``, ``p2``...); ``order`` the turn order now;
- ``values``: each owner's numbers (``values["p1"]["gold"]``; the game's own under ``""``);
- ``cards``: every card by id, with where it lies (``zone`` or ``at`` a place) and who owns it;
- ``zones``: each zone's cards, top first (``hand@p1``, ``relic deck``, ``discard``);
- ``pieces``: the pieces counted on each thing (``pieces["Old Mill"]["fire"]``; an owned
  piece as ``warrior@p1``);
- ``effects``: what lasts until a named point of the procedure (``dsl.world.effects``);
- ``committed``: hidden choices made and not yet revealed, by player;
- ``orders``: the orders on the board, in the order placed (``dsl.world.players``);
- ``spaces``: the map's places another card stands in now, by the ruleset's place
  (``dsl.world.replacing``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl.kernel.machine import Event, Frame
from dsl.kernel.random import GameRandom


@dataclass
class WorldState:
    players: list[str]
    rng: GameRandom
    names: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    current: str | None = None  # whose turn it is
    round: int = 0
    values: dict[str, dict[str, int]] = field(default_factory=dict)
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    zones: dict[str, list[str]] = field(default_factory=dict)
    pieces: dict[str, dict[str, int]] = field(default_factory=dict)
    effects: list[dict[str, Any]] = field(default_factory=list)
    committed: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    orders: list[dict[str, Any]] = field(default_factory=list)
    spaces: dict[str, str] = field(default_factory=dict)  # a place -> the card in its place
    used: list[str] = field(default_factory=list)  # abilities used once this turn (card|label)
    passed: list[str] = field(default_factory=list)  # players done acting in this phase
    result: dict[str, Any] = field(default_factory=dict)  # scores, winner, ranking
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


def owned_key(piece: str, owner: str | None) -> str:
    """How a piece is counted on a thing: ``fire``, or ``warrior@p1`` when a player owns it."""
    return f"{piece}@{owner}" if owner else piece


def split_key(key: str) -> tuple[str, str | None]:
    piece, _, owner = key.partition("@")
    return piece, owner or None


def zone_key(zone: str, owner: str | None = None) -> str:
    """A zone's key: ``discard``, or ``hand@p1`` for a player's own."""
    return f"{zone}@{owner}" if owner else zone


BURNT = "burnt"  # the zone of the cards out of the campaign (``dsl.world.burning``)
