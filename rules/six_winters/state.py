"""The state of a Six Winters session and campaign, as plain dataclasses.

Everything here is data: it round-trips through JSON (``encode``/``decode``) and copies with
``pickle``. The procedure that changes it lives in ``engine`` as a stack of ``Frame``s, so a
session can be saved, cloned or replayed at any decision.
"""

from __future__ import annotations

import random
import types
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


class GameRandom(random.Random):
    """A ``random.Random`` whose whole state is one integer (SplitMix64).

    Small state makes the snapshots a suspended effect keeps, ``clone`` and JSON cheap; the
    methods games use (``random``, ``randrange``, ``shuffle``, ``sample``...) all work.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, seed: int | None = 0) -> None:
        self._state = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._state = hash(a) & self._MASK if not isinstance(a, int) else a & self._MASK
        self.gauss_next = None

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & self._MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next() >> (64 - k) if k else 0
        bits = 0
        for shift in range(0, k, 64):
            bits |= self._next() << shift
        return bits & ((1 << k) - 1)

    def getstate(self) -> Any:
        return (self._state,)

    def setstate(self, state: Any) -> None:
        self._state = int(state[0])


@dataclass(frozen=True, slots=True)
class Event:
    """A state change, named in the game's words; ``data`` is JSON-serialisable."""

    kind: str
    data: dict[str, Any]

    def __reduce__(self) -> Any:  # the dataclass default pickles field by field, slowly
        return (Event, (self.kind, self.data))


class _Compact:
    """Pickles as its class and field values: state snapshots are taken often."""

    def __reduce__(self) -> Any:
        return (type(self), tuple(self.__dict__.values()))


@dataclass
class Die(_Compact):
    """A resource die: its resource (colour) and the face showing."""

    resource: str
    face: int


@dataclass
class ObstacleInPlay(_Compact):
    name: str
    progress: int = 0
    hindrance: int = 0
    stays: bool = False  # set by an effect that keeps the obstacle in play after its threat
    uid: int = 0  # tells apart two copies of one card in play


@dataclass
class LocationState(_Compact):
    name: str
    x: int
    y: int
    developed: bool = False
    threats: int = 0
    obstacles: list[ObstacleInPlay] = field(default_factory=list)
    dice: list[Die] = field(default_factory=list)


@dataclass
class AssetInProgress(_Compact):
    name: str
    slots: list[Die | None] = field(default_factory=list)


@dataclass
class CharacterState(_Compact):
    name: str
    location: str | None = None
    action_points: int = 0
    body: int = 0
    psyche: int = 0
    initiative: list[int] = field(default_factory=list)
    in_progress: list[AssetInProgress] = field(default_factory=list)
    assets: list[str] = field(default_factory=list)  # completed, below the character mat
    obstacles: list[str] = field(default_factory=list)  # overcome, beside the character mat
    abilities: list[str] = field(default_factory=list)  # drawn, face up below the sheet
    ability_deck: list[str] = field(default_factory=list)
    ability_discard: list[str] = field(default_factory=list)
    exhausted: list[str] = field(default_factory=list)  # cards used once this turn
    skills: dict[str, int] = field(default_factory=dict)
    advances: dict[str, int] = field(default_factory=dict)
    conditions: list[str] = field(default_factory=list)


@dataclass
class Sheet(_Compact):
    """A character sheet kept between sessions."""

    name: str
    skills: dict[str, int] = field(default_factory=dict)
    advances: dict[str, int] = field(default_factory=dict)
    conditions: list[str] = field(default_factory=list)
    chronicle: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class MapLocation(_Compact):
    """A location of the campaign map as recorded between sessions."""

    name: str
    x: int
    y: int
    developed: bool = False
    threats: int = 0
    obstacles: list[ObstacleInPlay] = field(default_factory=list)


@dataclass
class CampaignState:
    year: int = 1
    map: list[MapLocation] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)  # asset, scene, obstacle
    archive: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    unlocked_characters: list[str] = field(default_factory=list)
    sheets: dict[str, Sheet] = field(default_factory=dict)
    unlocked_abilities: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    finale_scenes_completed: int = 0
    fate: str | None = None
    score: int | None = None
    last_characters: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        import json

        return json.dumps(encode(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> CampaignState:
        import json

        return decode_campaign(json.loads(text))


@dataclass
class Frame(_Compact):
    """One procedure in progress (a turn step, an action, an effect) and where it stands."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class SessionState:
    year: int
    seed: int
    solo: bool
    scheme: str
    rng: GameRandom
    characters: list[CharacterState] = field(default_factory=list)
    locations: list[LocationState] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)  # resource dice not in play
    # resource dice held on a card a character holds ("May hold 2 resources on this card"),
    # by card name: in play, like the dice at locations and in crafting slots
    card_dice: dict[str, list[Die]] = field(default_factory=dict)
    initiative_supply: int = 0
    threat_pool: int = 0
    threat_box: int = 0
    season: int = 0
    turn: int = 1  # turn within the season, from 1
    asset_deck: list[str] = field(default_factory=list)
    asset_staging: list[str] = field(default_factory=list)
    asset_discard: list[str] = field(default_factory=list)
    scene_deck: list[str] = field(default_factory=list)
    scenes: list[str] = field(default_factory=list)  # the line of drawn scenes
    scenes_completed: list[dict[str, Any]] = field(default_factory=list)
    obstacle_deck: list[str] = field(default_factory=list)
    obstacle_discard: list[str] = field(default_factory=list)
    archive: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    unlocked_abilities: list[str] = field(default_factory=list)
    solo_ability_deck: list[str] = field(default_factory=list)
    idle_characters: list[str] = field(default_factory=list)  # in downtime this year
    campaign_characters: list[str] = field(default_factory=list)
    sheets: dict[str, Sheet] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    next_uid: int = 0
    flags: dict[str, int] = field(default_factory=dict)
    events_out: list[str] = field(
        default_factory=list
    )  # events whose text stands this year  # standing effects: costs, "ignore"s
    dice_script: list[int] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    lost: str | None = None  # the reason, once the players have lost
    over: bool = False
    result: dict[str, Any] | None = None


# --- JSON codec -------------------------------------------------------------------------------


def encode(value: Any) -> Any:
    """A JSON-ready copy of a state value (dataclasses become dicts)."""
    if isinstance(value, GameRandom):
        return {"state": value.getstate()[0]}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list | tuple):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def decode(hint: Any, data: Any) -> Any:
    """The inverse of ``encode`` for a value of type ``hint``."""
    if data is None:
        return None
    if hint is GameRandom or hint is random.Random:
        rng = GameRandom(0)
        rng.setstate((data["state"],))
        return rng
    if isinstance(hint, type) and is_dataclass(hint):
        hints = _hints(hint)
        return hint(**{name: decode(hints[name], value) for name, value in data.items()})
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        for arg in args:
            if arg is type(None):
                continue
            if isinstance(arg, type) and is_dataclass(arg) and not isinstance(data, dict):
                continue
            return decode(arg, data)
        return data
    if origin is list:
        return [decode(args[0], item) for item in data]
    if origin is dict:
        return {k: decode(args[1], v) for k, v in data.items()}
    if hint is Any or hint is object:
        return data
    return data


def decode_session(data: dict[str, Any]) -> SessionState:
    state = decode(SessionState, data)
    state.events = [Event(e["kind"], e["data"]) for e in data["events"]]
    return typing.cast(SessionState, state)


def decode_campaign(data: dict[str, Any]) -> CampaignState:
    return typing.cast(CampaignState, decode(CampaignState, data))
