"""The state of a Six Winters session and campaign, as plain dataclasses.

Everything here is data: it round-trips through JSON (``encode``/``decode``) and copies with
``pickle``. The procedure that changes it lives in ``engine`` as a stack of ``Frame``s, so a
session can be saved, cloned or replayed at any decision.
"""

from __future__ import annotations

import copy
import random
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from itertools import starmap
from typing import Any, NamedTuple

from dsl.kernel.machine import Compact
from dsl.kernel.machine import Event as _Event
from dsl.kernel.machine import Frame as _Frame
from dsl.kernel.random import GameRandom as _GameRandom

_new_event = object.__new__
_set_kind = _Event.__dict__["kind"].__set__
_set_data = _Event.__dict__["data"].__set__

# the kernel's pieces, under the names old saves pickled them by
GameRandom = _GameRandom
Event = _Event
Frame = _Frame
_Compact = Compact


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
    # a scene's record is never changed once appended: snapshots and copies share it
    scenes_completed: list[dict[str, Any]] = field(default_factory=list)
    obstacle_deck: list[str] = field(default_factory=list)
    obstacle_discard: list[str] = field(default_factory=list)
    archive: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    unlocked_abilities: list[str] = field(default_factory=list)
    solo_ability_deck: list[str] = field(default_factory=list)
    idle_characters: list[str] = field(default_factory=list)  # in downtime this year
    campaign_characters: list[str] = field(default_factory=list)
    # the campaign's sheets: only downtime changes them during a session (a card's text changes
    # the session's CharacterState), so only the downtime piece's snapshot copies them
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
    table_dice: bool = False  # the table rolls real dice: each roll is asked (a chance point)


# --- JSON codec -------------------------------------------------------------------------------


_ATOMS = frozenset((str, int, bool, float, type(None)))


def encode(value: Any) -> Any:
    """A JSON-ready copy of a state value (dataclasses become dicts). Atoms, lists and plain
    dicts (most of a state) are handled in line; the rest by ``_encode_object``."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        if value and type(value[0]) is Event:
            # the event log, most of a saved state: each event's data is JSON already (the
            # kernel's contract for an event), so it goes to ``json.dumps`` as told, no copy
            return [
                {"kind": str(e.kind), "data": e.data} if type(e) is Event else encode(e)
                for e in value
            ]
        return [v if type(v) in _ATOMS else encode(v) for v in value]
    if kind is dict:
        return {
            k if type(k) is str else str(k): v if type(v) in _ATOMS else encode(v)
            for k, v in value.items()
        }
    return _encode_object(value)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _encode_object(value: Any) -> Any:
    if type(value) is Event:
        # most of a saved state: its data is JSON already (the kernel's contract for an event),
        # so it goes to ``json.dumps`` as told, with no copy made first
        return {"kind": str(value.kind), "data": value.data}
    names = _FIELD_NAMES.get(type(value))  # a dataclass met before (most objects)
    if names is None and is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[type(value)] = tuple(f.name for f in fields(value))
    if names is not None:
        return {
            name: v if type(v := getattr(value, name)) in _ATOMS else encode(v) for name in names
        }
    if isinstance(value, GameRandom):
        return {"state": value.getstate()[0]}
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
    """The inverse of ``encode`` for a value of type ``hint``: a dataclass from its dict, a
    list or dict of them, a ``GameRandom`` from its state; anything else as it is. The way to
    decode each type is worked out once (``_decoder``)."""
    return None if data is None else _decoder(hint)(data)


_DECODERS: dict[Any, Callable[[Any], Any]] = {}


def _decoder(hint: Any) -> Callable[[Any], Any]:
    found = _DECODERS.get(hint)
    if found is None:
        found = _DECODERS[hint] = _make_decoder(hint)
    return found


def _same(data: Any) -> Any:
    return data


def _make_decoder(hint: Any) -> Callable[[Any], Any]:
    """How to decode a value of type ``hint`` that is not ``None``."""
    if hint is GameRandom or hint is random.Random:

        def rng(data: Any) -> GameRandom:
            found = GameRandom(0)
            found.setstate((data["state"],))
            return found

        return rng
    if isinstance(hint, type) and is_dataclass(hint):
        cls = hint
        hints = _hints(cls)
        # the decoders of the fields that are not plain data, worked out at the first use (a
        # class may name itself); the plain fields (most of them, and all of a die's or an
        # obstacle's) are passed on as they are, with no call and no look-up
        field_plan: list[tuple[tuple[str, Callable[[Any], Any]], ...]] = []

        def dataclass_(data: Any) -> Any:
            if not field_plan:
                decoders = [(n, _decoder(field_hint)) for n, field_hint in hints.items()]
                field_plan.append(tuple((n, d) for n, d in decoders if d is not _same))
            special = field_plan[0]
            if not special:
                return cls(**data)
            fields_ = dict(data)
            for name, d in special:
                value = fields_.get(name)
                if value is not None:
                    fields_[name] = d(value)
            return cls(**fields_)

        return dataclass_
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        # the first type that can be it (a dataclass only from a dict); else the data as it is
        plan = [
            (arg, isinstance(arg, type) and is_dataclass(arg))
            for arg in args
            if arg is not type(None)
        ]

        def union(data: Any) -> Any:
            for arg, needs_dict in plan:
                if needs_dict and not isinstance(data, dict):
                    continue
                return decode(arg, data)
            return data

        return union
    if origin is list:
        item = _decoder(args[0])
        if item is _same:
            return list
        return lambda data: [None if v is None else item(v) for v in data]
    if origin is dict:
        value = _decoder(args[1])
        if value is _same:
            return lambda data: dict(data.items())
        return lambda data: {k: None if v is None else value(v) for k, v in data.items()}
    return _same


def decode_session(data: dict[str, Any]) -> SessionState:
    # the events (most of a saved state) are made here once, not decoded field by field first
    state = decode(SessionState, {**data, "events": []})
    events = []
    for e in data["events"]:  # ``Event(kind, data)`` without its frozen ``__init__``
        event = _new_event(Event)
        _set_kind(event, e["kind"])
        _set_data(event, e["data"])
        events.append(event)
    state.events = events
    return typing.cast(SessionState, state)


def decode_campaign(data: dict[str, Any]) -> CampaignState:
    return typing.cast(CampaignState, decode(CampaignState, data))


# --- snapshots --------------------------------------------------------------------------------
#
# A run frame keeps the state its piece started from, to go back to when the piece asks a
# decision (see ``engine``), and ``Session.clone`` copies a state: ``freeze`` makes such a copy as
# nested lists of field values, ``thaw`` builds the objects again. They are written out field by
# field because a session takes a snapshot at nearly every piece it runs: pickle, which they
# replace, cost more than twice as much and was a third of a session's time. ``_FROZEN`` below
# names the fields they were written for; a field added to a class without them fails at import.


def _copy_data(value: Any) -> Any:
    """A deep copy of JSON-like data (frame data, scene records), keeping its types (a select
    ``Ref`` stays a ``Ref``). Atoms are copied in line, not by a call: this is most of a frame's
    data."""
    kind = type(value)
    if kind is list:
        return [v if type(v) in _ATOMS else _copy_data(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy_data(v) for k, v in value.items()}
    if kind in _ATOMS:
        return value
    if kind is tuple:
        return tuple(_copy_data(v) for v in value)
    return copy.deepcopy(value)


def _copy_frame_data(data: dict[str, Any]) -> dict[str, Any]:
    """A frame's data copied; its ``snap`` (a frozen state, or the pickled one of an older save)
    is never changed once taken, so the copy shares it."""
    return {k: v if k == "snap" or type(v) in _ATOMS else _copy_data(v) for k, v in data.items()}


def _freeze_character(c: CharacterState) -> tuple[Any, ...]:
    return (
        c.name,
        c.location,
        c.action_points,
        c.body,
        c.psyche,
        c.initiative[:],
        [
            # an empty slot: None; a card with every slot empty (most of them, and the most
            # common thing in a snapshot): just the number of its slots
            (
                a.name,
                [d and (d.resource, d.face) for d in a.slots] if any(a.slots) else len(a.slots),
            )
            for a in c.in_progress
        ],
        c.assets[:],
        c.obstacles[:],
        c.abilities[:],
        c.ability_deck[:],
        c.ability_discard[:],
        c.exhausted[:],
        c.skills.copy(),
        c.advances.copy(),
        c.conditions[:],
    )


def _thaw_character(t: Sequence[Any]) -> CharacterState:
    return CharacterState(
        t[0],  # name
        t[1],  # location
        t[2],  # action_points
        t[3],  # body
        t[4],  # psyche
        list(t[5]),  # initiative
        [
            AssetInProgress(
                name,
                [None] * slots  # every slot empty
                if type(slots) is int
                else [d and Die(d[0], d[1]) for d in slots],  # None: empty
            )
            for name, slots in t[6]
        ],
        list(t[7]),  # assets
        list(t[8]),  # obstacles
        list(t[9]),  # abilities
        list(t[10]),  # ability_deck
        list(t[11]),  # ability_discard
        list(t[12]),  # exhausted
        dict(t[13]),  # skills
        dict(t[14]),  # advances
        list(t[15]),  # conditions
    )


def _freeze_location(loc: LocationState) -> tuple[Any, ...]:
    return (
        loc.name,
        loc.x,
        loc.y,
        loc.developed,
        loc.threats,
        [(o.name, o.progress, o.hindrance, o.stays, o.uid) for o in loc.obstacles],
        [(d.resource, d.face) for d in loc.dice],
    )


def _thaw_location(t: Sequence[Any]) -> LocationState:
    name, x, y, developed, threats, obstacles, dice = t
    return LocationState(
        name,
        x,
        y,
        developed,
        threats,
        list(starmap(ObstacleInPlay, obstacles)),
        list(starmap(Die, dice)),
    )


def _freeze_sheet(s: Sheet) -> tuple[Any, ...]:
    return (s.name, s.skills.copy(), s.advances.copy(), s.conditions[:], _copy_data(s.chronicle))


def _thaw_sheet(t: Sequence[Any]) -> Sheet:
    name, skills, advances, conditions, chronicle = t
    return Sheet(name, dict(skills), dict(advances), list(conditions), _copy_data(chronicle))


class Frozen(NamedTuple):
    """A snapshot of a session's state (``freeze``): its fields as copied values, named as
    ``SessionState``'s (its answers and events left out: the engine keeps them itself)."""

    year: int
    seed: int
    solo: bool
    scheme: str
    rng: Any
    characters: list[Any]
    locations: list[Any]
    supply: dict[str, int]
    card_dice: dict[str, list[tuple[str, int]]]
    initiative_supply: int
    threat_pool: int
    threat_box: int
    season: int
    turn: int
    asset_deck: list[Any]
    asset_staging: list[Any]
    asset_discard: list[Any]
    scene_deck: list[Any]
    scenes: list[Any]
    scenes_completed: list[Any]
    obstacle_deck: list[Any]
    obstacle_discard: list[Any]
    archive: list[Any]
    reserve: list[Any]
    unlocked_abilities: list[Any]
    solo_ability_deck: list[Any]
    idle_characters: list[Any]
    campaign_characters: list[Any]
    sheets: list[tuple[str, tuple[Any, ...]]] | None
    frames: list[tuple[str, dict[str, Any]]]
    next_uid: int
    flags: dict[str, int]
    events_out: list[Any]
    dice_script: list[Any]
    lost: str | None
    over: bool
    result: dict[str, Any] | None
    table_dice: bool


def _frozen(values: tuple[Any, ...]) -> Frozen:
    # a tuple made as a display and typed at once: ``Frozen(*values)`` by keywords or
    # positions costs a call of its own at every snapshot
    return tuple.__new__(Frozen, values)


def freeze(st: SessionState, *, sheets: bool = True) -> Frozen:
    """A snapshot of a session's state (see above) without its events and answers, which the
    engine keeps itself, and without the sheets unless ``sheets`` (``thaw`` then gives none:
    the caller puts them back). Nothing in it is ever changed, so copies of a state may share
    it."""
    return _frozen(
        (
            st.year,
            st.seed,
            st.solo,
            st.scheme,
            st.rng.getstate()[0],
            list(map(_freeze_character, st.characters)),
            list(map(_freeze_location, st.locations)),
            st.supply.copy(),
            {card: [(d.resource, d.face) for d in dice] for card, dice in st.card_dice.items()},
            st.initiative_supply,
            st.threat_pool,
            st.threat_box,
            st.season,
            st.turn,
            st.asset_deck[:],
            st.asset_staging[:],
            st.asset_discard[:],
            st.scene_deck[:],
            st.scenes[:],
            # a scene's record is never changed once written (as an event is not): shared, not
            # copied (a copy was most of a late thaw's time)
            st.scenes_completed[:],
            st.obstacle_deck[:],
            st.obstacle_discard[:],
            st.archive[:],
            st.reserve[:],
            st.unlocked_abilities[:],
            st.solo_ability_deck[:],
            st.idle_characters[:],
            st.campaign_characters[:],
            [(name, _freeze_sheet(sheet)) for name, sheet in st.sheets.items()] if sheets else None,
            [(f.kind, _copy_frame_data(f.data)) for f in st.frames],
            st.next_uid,
            st.flags.copy(),
            st.events_out[:],
            st.dice_script[:],
            st.lost,
            st.over,
            _copy_data(st.result),
            st.table_dice,
        )
    )


def thaw(frozen: Frozen, sheets: dict[str, Sheet] | None = None) -> SessionState:
    """The state a ``freeze`` was taken of, as new objects (with no events and no answers);
    a snapshot without the sheets takes ``sheets`` as they are (they have not changed)."""
    f = frozen
    rng = GameRandom(0)
    rng.setstate((f.rng,))
    # positional, in ``_FROZEN``'s order of the fields (checked at import, as ``Frozen``'s): a
    # state is thawed at every decision a piece asks after changing something, and forty
    # keywords cost a third
    return SessionState(
        f.year,
        f.seed,
        f.solo,
        f.scheme,
        rng,
        list(map(_thaw_character, f.characters)),
        list(map(_thaw_location, f.locations)),
        dict(f.supply),
        {card: [Die(d[0], d[1]) for d in dice] for card, dice in f.card_dice.items()},
        f.initiative_supply,
        f.threat_pool,
        f.threat_box,
        f.season,
        f.turn,
        list(f.asset_deck),
        list(f.asset_staging),
        list(f.asset_discard),
        list(f.scene_deck),
        list(f.scenes),
        list(f.scenes_completed),  # each record is never changed once written
        list(f.obstacle_deck),
        list(f.obstacle_discard),
        list(f.archive),
        list(f.reserve),
        list(f.unlocked_abilities),
        list(f.solo_ability_deck),
        list(f.idle_characters),
        list(f.campaign_characters),
        {name: _thaw_sheet(sheet) for name, sheet in f.sheets or ()}
        if f.sheets is not None or sheets is None
        else sheets,
        [Frame(kind, _copy_frame_data(data)) for kind, data in f.frames],
        f.next_uid,
        dict(f.flags),
        list(f.events_out),
        list(f.dice_script),
        [],  # answers
        [],  # events
        f.lost,
        f.over,
        _copy_data(f.result),
        f.table_dice,
    )


def _copy_character(c: CharacterState) -> CharacterState:
    """``_thaw_character(_freeze_character(c))`` in one pass (see ``copy_session``)."""
    return CharacterState(
        c.name,
        c.location,
        c.action_points,
        c.body,
        c.psyche,
        c.initiative[:],
        [
            AssetInProgress(a.name, [d and Die(d.resource, d.face) for d in a.slots])
            for a in c.in_progress
        ],
        c.assets[:],
        c.obstacles[:],
        c.abilities[:],
        c.ability_deck[:],
        c.ability_discard[:],
        c.exhausted[:],
        c.skills.copy(),
        c.advances.copy(),
        c.conditions[:],
    )


def _copy_location(loc: LocationState) -> LocationState:
    return LocationState(
        loc.name,
        loc.x,
        loc.y,
        loc.developed,
        loc.threats,
        [ObstacleInPlay(o.name, o.progress, o.hindrance, o.stays, o.uid) for o in loc.obstacles],
        [Die(d.resource, d.face) for d in loc.dice],
    )


def copy_session(st: SessionState, *, log: bool = False) -> SessionState:
    """``thaw(freeze(st))`` in one pass, with no events and no answers (``log``: with copies
    of their lists, sharing the events and answers, never changed once told): an independent
    copy of a state (``Session.clone``). Going through a snapshot copied every list twice; this is
    written field by field beside them, in ``_FROZEN``'s order, and like them it shares only
    what is never changed (the scenes' records, a frame's snapshot)."""
    rng = GameRandom(0)
    rng.setstate(st.rng.getstate())
    return SessionState(
        st.year,
        st.seed,
        st.solo,
        st.scheme,
        rng,
        list(map(_copy_character, st.characters)),
        list(map(_copy_location, st.locations)),
        st.supply.copy(),
        {card: [Die(d.resource, d.face) for d in dice] for card, dice in st.card_dice.items()},
        st.initiative_supply,
        st.threat_pool,
        st.threat_box,
        st.season,
        st.turn,
        st.asset_deck[:],
        st.asset_staging[:],
        st.asset_discard[:],
        st.scene_deck[:],
        st.scenes[:],
        st.scenes_completed[:],
        st.obstacle_deck[:],
        st.obstacle_discard[:],
        st.archive[:],
        st.reserve[:],
        st.unlocked_abilities[:],
        st.solo_ability_deck[:],
        st.idle_characters[:],
        st.campaign_characters[:],
        {
            name: Sheet(
                s.name,
                s.skills.copy(),
                s.advances.copy(),
                s.conditions[:],
                _copy_data(s.chronicle),
            )
            for name, s in st.sheets.items()
        },
        [Frame(f.kind, _copy_frame_data(f.data)) for f in st.frames],
        st.next_uid,
        st.flags.copy(),
        st.events_out[:],
        st.dice_script[:],
        st.answers[:] if log else [],
        st.events[:] if log else [],
        st.lost,
        st.over,
        _copy_data(st.result),
        st.table_dice,
    )


# the fields ``freeze`` and ``thaw`` copy, in order (``SessionState``'s answers and events are
# left out); checked against the classes at import so that a new field is not silently dropped
_FROZEN: dict[type, tuple[str, ...]] = {
    Die: ("resource", "face"),
    ObstacleInPlay: ("name", "progress", "hindrance", "stays", "uid"),
    AssetInProgress: ("name", "slots"),
    LocationState: ("name", "x", "y", "developed", "threats", "obstacles", "dice"),
    CharacterState: (
        "name",
        "location",
        "action_points",
        "body",
        "psyche",
        "initiative",
        "in_progress",
        "assets",
        "obstacles",
        "abilities",
        "ability_deck",
        "ability_discard",
        "exhausted",
        "skills",
        "advances",
        "conditions",
    ),
    Sheet: ("name", "skills", "advances", "conditions", "chronicle"),
    Frame: ("kind", "data"),
    SessionState: (
        "year",
        "seed",
        "solo",
        "scheme",
        "rng",
        "characters",
        "locations",
        "supply",
        "card_dice",
        "initiative_supply",
        "threat_pool",
        "threat_box",
        "season",
        "turn",
        "asset_deck",
        "asset_staging",
        "asset_discard",
        "scene_deck",
        "scenes",
        "scenes_completed",
        "obstacle_deck",
        "obstacle_discard",
        "archive",
        "reserve",
        "unlocked_abilities",
        "solo_ability_deck",
        "idle_characters",
        "campaign_characters",
        "sheets",
        "frames",
        "next_uid",
        "flags",
        "events_out",
        "dice_script",
        "answers",
        "events",
        "lost",
        "over",
        "result",
        "table_dice",
    ),
}
if Frozen._fields != tuple(n for n in _FROZEN[SessionState] if n not in ("answers", "events")):
    raise TypeError("state.Frozen names the fields of SessionState that freeze copies, in order")
for _cls, _names in _FROZEN.items():
    if tuple(f.name for f in fields(_cls)) != _names:
        raise TypeError(
            f"{_cls.__name__} has fields the snapshot codec (state.freeze/thaw) does not know: "
            "copy the new field there and in copy_session, then list it in _FROZEN"
        )
