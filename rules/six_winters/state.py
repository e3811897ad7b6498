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


@dataclass(frozen=True, slots=True)
class Event:
    """A state change, named in the game's words; ``data`` is JSON-serialisable."""

    kind: str
    data: dict[str, Any]


@dataclass(slots=True)
class Die:
    """A resource die: its resource (colour) and the face showing."""

    resource: str
    face: int


@dataclass(slots=True)
class ObstacleInPlay:
    name: str
    progress: int = 0
    hindrance: int = 0
    stays: bool = False  # set by an effect that keeps the obstacle in play after its threat
    uid: int = 0  # tells apart two copies of one card in play


@dataclass(slots=True)
class LocationState:
    name: str
    x: int
    y: int
    developed: bool = False
    threats: int = 0
    obstacles: list[ObstacleInPlay] = field(default_factory=list)
    dice: list[Die] = field(default_factory=list)


@dataclass(slots=True)
class AssetInProgress:
    name: str
    slots: list[Die | None] = field(default_factory=list)


@dataclass(slots=True)
class CharacterState:
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


@dataclass(slots=True)
class Sheet:
    """A character sheet kept between sessions."""

    name: str
    skills: dict[str, int] = field(default_factory=dict)
    advances: dict[str, int] = field(default_factory=dict)
    conditions: list[str] = field(default_factory=list)
    chronicle: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class MapLocation:
    """A location of the campaign map as recorded between sessions."""

    name: str
    x: int
    y: int
    developed: bool = False
    threats: int = 0
    obstacles: list[ObstacleInPlay] = field(default_factory=list)


@dataclass(slots=True)
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


@dataclass(slots=True)
class Frame:
    """One procedure in progress (a turn step, an action, an effect) and where it stands."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class SessionState:
    year: int
    seed: int
    solo: bool
    scheme: str
    rng: random.Random
    characters: list[CharacterState] = field(default_factory=list)
    locations: list[LocationState] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)  # resource dice not in play
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
    dice_script: list[int] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    lost: str | None = None  # the reason, once the players have lost
    over: bool = False
    result: dict[str, Any] | None = None


# --- JSON codec -------------------------------------------------------------------------------


def encode(value: Any) -> Any:
    """A JSON-ready copy of a state value (dataclasses become dicts)."""
    if isinstance(value, random.Random):
        version, internal, gauss = value.getstate()
        return {"version": version, "internal": list(internal), "gauss": gauss}
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
    if hint is random.Random:
        rng = random.Random()
        rng.setstate((data["version"], tuple(data["internal"]), data["gauss"]))
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
