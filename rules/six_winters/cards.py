"""Six Winters cards as the language compiled them, read in the game's terms, and the ruleset
that holds them.

There is one card after compiling: ``dsl.compiler.CompiledCard``. Each class here is a typed,
read-only view over one (``Obstacle(card).difficulty`` reads its ``difficulty`` field), and a
card's abilities are its ``CompiledAbility`` objects themselves. The engine and the bots read
these views, ``from_compiled`` makes one per card; the journal's catalogue and the site read
the very compiled cards the views hold (through ``rules.registry``). Nothing copies a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from dsl.compiler import CompiledAbility, CompiledCard, CompiledRuleset, Permission
from dsl.errors import ChroniclerError
from dsl.selectors import Selector

# One step of a placement spec: its options, each the words a location must all answer to
# ("brightdune Rural"); "either Fort or Urban" has two options, "any location" one empty option.
Step = tuple[tuple[str, ...], ...]

# One ability of a card as the language compiled it: its trigger, printed text and run.
Effect = CompiledAbility


@dataclass(frozen=True, slots=True)
class RecipeSlot:
    """A square of an asset's recipe: a resource and/or a face; ``None`` means any."""

    resource: str | None = None
    face: int | None = None

    def accepts(self, resource: str, face: int) -> bool:
        return (self.resource is None or self.resource == resource) and (
            self.face is None or self.face == face
        )


class CardView:
    """One card of the ruleset: its compiled card (``dsl.compiler.CompiledCard``), read in the
    game's terms.

    A view holds nothing but the compiled card; each reading (``difficulty``, ``enters``...) is
    worked out from its fields the first time it is asked and kept (the hot paths then read a
    plain attribute). There is no other record of a card.
    """

    compiled: CompiledCard

    def __init__(self, compiled: CompiledCard) -> None:
        object.__setattr__(self, "compiled", compiled)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: change the card's text")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: change the card's text")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.compiled.kind} {self.compiled.name!r})"

    @cached_property
    def name(self) -> str:
        return self.compiled.name

    @cached_property
    def kind(self) -> str:
        return self.compiled.kind

    def field(self, name: str, default: Any = None) -> Any:
        """A field as the card's text gives it (``default`` when it gives none)."""
        return self.compiled.fields.get(name, default)

    @cached_property
    def effects(self) -> tuple[Effect, ...]:
        return self.compiled.abilities

    @cached_property
    def permissions(self) -> tuple[Permission, ...]:
        """Its "May ..." standing permissions."""
        return self.compiled.permissions


class Asset(CardView):
    @cached_property
    def number(self) -> int:
        return _numbers(self.field("number"))[0]

    @cached_property
    def starting(self) -> bool:
        return bool(self.field("starting", False))

    @cached_property
    def tags(self) -> tuple[str, ...]:
        return _tuple(self.field("tags"))

    @cached_property
    def skill(self) -> str | None:
        return self.field("skill")

    @cached_property
    def points(self) -> int:
        return int(self.field("points", 0) or 0)

    @cached_property
    def recipe(self) -> tuple[RecipeSlot, ...]:
        return _recipe(self.field("recipe"))


class Obstacle(CardView):
    @cached_property
    def numbers(self) -> tuple[int, ...]:
        return tuple(_numbers(self.field("number")))

    @cached_property
    def number(self) -> int:
        return self.numbers[0]

    @cached_property
    def copies(self) -> int:
        """Printed copies in the obstacle deck: one per number."""
        return len(self.numbers)

    @cached_property
    def skill(self) -> str:
        return str(self.field("skill", ""))

    @cached_property
    def difficulty(self) -> int:
        return int(self.field("difficulty", 1))

    @cached_property
    def points(self) -> int:
        return int(self.field("points", 0) or 0)

    @cached_property
    def stress(self) -> tuple[str, ...]:
        return _tuple(self.field("stress"))

    @cached_property
    def enters(self) -> tuple[Step, ...]:
        """Each entry is one step; the next is the fallback when none of the first is in play."""
        return _alternatives(self.field("enters"))

    @cached_property
    def progress(self) -> int:
        return list(_tuple(self.field("starts with"))).count("progress")

    @cached_property
    def hindrance(self) -> int:
        return list(_tuple(self.field("starts with"))).count("hindrance")

    @cached_property
    def moves_toward(self) -> tuple[str, ...]:
        moves = self.field("moves toward")
        if isinstance(moves, dict):
            return (*_tuple(moves.get("tags")), *_tuple(moves.get("groups")))
        return tuple(str(m) for m in _tuple(moves))

    @cached_property
    def moves_toward_character(self) -> bool:
        moves = self.field("moves toward")
        return isinstance(moves, dict) and "character" in [
            str(w) for w in _tuple(moves.get("with"))
        ]

    @cached_property
    def tags(self) -> tuple[str, ...]:
        return _tuple(self.field("tags"))


class Event(CardView):
    number = 0

    @cached_property
    def tags(self) -> tuple[str, ...]:
        return _tuple(self.field("tags"))

    @cached_property
    def stays_out(self) -> bool:
        """An event with standing text stays out (on the trade wheel) until session end."""
        return any(e.usage == "static" or e.on("session end") for e in self.effects)


class LocationSide(CardView):
    """One side of a location card: the card itself (base) or its ``developed { ... }``
    block."""

    @cached_property
    def tags(self) -> tuple[str, ...]:
        return _tuple(self.field("tags"))

    @cached_property
    def produces(self) -> tuple[str, ...]:
        return _tuple(self.field("produces"))

    @cached_property
    def entry_cost(self) -> int:
        return int(self.field("entry cost") or 0)

    @cached_property
    def port_cost(self) -> int | None:
        return _ap(self.field("port cost"))

    @cached_property
    def portal_cost(self) -> int | None:
        """In action points."""
        return _ap(self.field("portal cost"))

    @cached_property
    def portal_stress_cost(self) -> int | None:
        """In body or psyche, the player's choice."""
        return _stress_cost(self.field("portal cost"))

    @cached_property
    def musters(self) -> tuple[str, ...]:
        """Resources a "May muster X at this location" permission allows."""
        return tuple(
            str(getattr(p.roles.get("object"), "noun", ""))
            for p in self.compiled.permissions
            if p.verb == "muster" and p.roles.get("object") is not None
        )

    @cached_property
    def no_trade(self) -> bool:
        return "trade" in _restricted(self.compiled)

    @cached_property
    def no_muster(self) -> bool:
        return "muster" in _restricted(self.compiled)

    @cached_property
    def permissions(self) -> tuple[Permission, ...]:
        """Its permissions other than mustering ("May spend 2 dice ... to ..."): offered as
        actions."""
        return tuple(p for p in self.compiled.permissions if p.verb != "muster")


class Location(LocationSide):
    """A location card; as a ``LocationSide`` it is its base side."""

    @cached_property
    def number(self) -> int:
        return int(self.field("number", 0) or 0)

    @cached_property
    def region(self) -> str | None:
        return self.field("region")

    @cached_property
    def starting(self) -> bool:
        return bool(self.field("starting", False))

    @cached_property
    def base(self) -> LocationSide:
        return self

    @cached_property
    def developed(self) -> LocationSide | None:
        block = self.compiled.blocks.get("developed")
        return LocationSide(block) if block is not None else None

    def side(self, developed: bool) -> LocationSide:
        return self.developed if developed and self.developed is not None else self


class Scene(CardView):
    number = 0

    @cached_property
    def starting(self) -> bool:
        return bool(self.field("starting", False))

    @cached_property
    def finale(self) -> bool:
        return bool(self.field("finale", False))

    @cached_property
    def at(self) -> tuple[Step, ...]:
        """Steps, like ``Obstacle.enters``."""
        return _alternatives(self.field("at"))

    @cached_property
    def skill(self) -> str:
        return str(self.field("skill", ""))

    @cached_property
    def points(self) -> int:
        return int(self.field("points", 0) or 0)


class Scheme(CardView):
    @cached_property
    def years(self) -> tuple[int, int]:
        years = [int(y) for y in _tuple(self.field("years", (1, 6)))]
        return (years[0], years[-1])


class Character(CardView):
    @cached_property
    def title(self) -> str:
        return str(self.field("title", ""))

    @cached_property
    def starting(self) -> bool:
        return bool(self.field("starting", False))

    @cached_property
    def psyche(self) -> int:
        return int(self.field("psyche", 3))

    @cached_property
    def body(self) -> int:
        return int(self.field("body", 3))

    @cached_property
    def skills(self) -> tuple[tuple[str, int], ...]:
        return tuple((str(k), int(v)) for k, v in dict(self.field("skills", {})).items())


class Ability(CardView):
    @cached_property
    def character(self) -> str | None:
        """``None``: a shared ability unlocked for every character."""
        return self.field("character")

    @cached_property
    def numbers(self) -> tuple[int, ...]:
        """One per printed copy (Ride Swiftly is 2 and 8)."""
        return tuple(_numbers(self.field("number")))

    @cached_property
    def number(self) -> int:
        return self.numbers[0]


class Condition(CardView):
    @cached_property
    def stress(self) -> str:
        return str(self.field("stress", ""))


Card = Asset | Obstacle | Event | Location | Scene | Scheme | Character | Ability | Condition


@dataclass
class Ruleset:
    """Every card and declared value the engine plays with."""

    name: str = "Six Winters"
    version: str = "25.1"
    resources: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    stress: tuple[str, ...] = ("body", "psyche")
    regions: tuple[str, ...] = ()
    region_names: dict[str, str] = field(default_factory=dict)  # as players say them
    trade: dict[str, tuple[str, ...]] = field(default_factory=dict)
    seasons: tuple[tuple[str, int], ...] = ()
    values: dict[str, int] = field(default_factory=dict)
    # condition tables: stress type -> list of (low, high, condition name) on a d6
    condition_tables: dict[str, tuple[tuple[int, int, str], ...]] = field(default_factory=dict)
    starting_map: tuple[tuple[str, int, int], ...] = ()
    # tables looked up by a count (``table "Campaign score" by "score"``): what is counted ->
    # rows of (lowest, highest or None for an open top, result)
    count_tables: dict[str, tuple[tuple[int, int | None, str], ...]] = field(default_factory=dict)
    assets: dict[str, Asset] = field(default_factory=dict)
    obstacles: dict[str, Obstacle] = field(default_factory=dict)
    events: dict[str, Event] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)
    scenes: dict[str, Scene] = field(default_factory=dict)
    schemes: dict[str, Scheme] = field(default_factory=dict)
    characters: dict[str, Character] = field(default_factory=dict)
    abilities: dict[str, Ability] = field(default_factory=dict)
    conditions: dict[str, Condition] = field(default_factory=dict)
    primitives_module: str = "rules.six_winters.primitives"
    source: str = "records"  # "compiled" when built from the card text
    # verbs a card's standing text forbids where it is ("May not trade or muster"), by card
    restrictions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # what a card's standing text forbids a verb on while it is in play, by card
    forbidden_on: dict[str, tuple[tuple[str, Any], ...]] = field(default_factory=dict)
    compiled: Any = None

    @property
    def procedure(self) -> Any:
        """The game's phases and steps (``procedure.rules``), as ``dsl.procedure`` compiled them."""
        return self.compiled.procedure

    def value(self, name: str, default: int | None = None) -> int:
        """A declared value (``value threat pool = 6``); a missing one is a ruleset error."""
        if name in self.values:
            return self.values[name]
        if default is not None:
            return default
        raise KeyError(f"the ruleset declares no value {name!r}")

    def by_count(self, counted: str, count: int) -> str | None:
        """The row of the table looked up by ``counted`` ("score") for ``count``; ``None`` when
        no such table is declared. A count below the lowest row gets the lowest row (a campaign
        score of 0 is below the printed 1-30 band), one above the highest the highest."""
        rows = self.count_tables.get(counted)
        if not rows:
            return None
        for low, high, result in rows:
            if low <= count and (high is None or count <= high):
                return result
        lowest = min(rows, key=lambda row: row[0])
        highest = max(rows, key=lambda row: row[0] if row[1] is None else row[1])
        return lowest[2] if count < lowest[0] else highest[2]

    def card(self, name: str) -> Card:
        for table in self._tables():
            if name in table:
                return table[name]
        raise KeyError(name)

    def kind_of(self, name: str) -> str:
        for kind, table in zip(CARD_KINDS, self._tables(), strict=True):
            if name in table:
                return kind
        raise KeyError(name)

    def _tables(self) -> Iterable[dict[str, Any]]:
        return (
            self.assets,
            self.obstacles,
            self.events,
            self.locations,
            self.scenes,
            self.schemes,
            self.characters,
            self.abilities,
            self.conditions,
        )

    def character_abilities(self, character: str, shared: Sequence[str] = ()) -> list[str]:
        """The character's ability deck: one entry per copy, ascending ability number, with
        the ``shared`` abilities unlocked in the campaign sorted in by their numbers (under
        the character's own card of the same number)."""
        own = [
            (number, 0, a.name)
            for a in self.abilities.values()
            if a.character == character
            for number in (a.numbers or (a.number,))
        ]
        own += [
            (number, 1, name)
            for name in shared
            if name in self.abilities
            for number in (self.abilities[name].numbers or (self.abilities[name].number,))
        ]
        return [name for _, _, name in sorted(own)]

    def turns_in_year(self) -> int:
        return sum(turns for _, turns in self.seasons)


CARD_KINDS = (
    "asset",
    "obstacle",
    "event",
    "location",
    "scene",
    "scheme",
    "character",
    "ability",
    "condition",
)


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        return tuple(value)
    return (value,)


def _alternatives(value: Any) -> tuple[Step, ...]:
    """A location spec (``Blighted, else either Fort or Urban``) as steps tried in order, each
    a tuple of options, each option the words a location must all answer to (no words: any
    location). The compiled field is a list of steps, each its words or
    ``{"either": [[words], ...]}`` (``dsl.codegen``)."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (((value,),),)
    steps: list[Step] = []
    for item in value:
        if isinstance(item, dict) and "either" in item:
            steps.append(tuple(tuple(str(w) for w in option) for option in item["either"]))
        else:
            steps.append((tuple(str(w) for w in _tuple(item)),))
    return tuple(steps)


def _recipe(value: Any) -> tuple[RecipeSlot, ...]:
    """The compiled recipe (a dice list: ``[{"die": ..., "face": ...}]``) as its squares."""
    slots = []
    for slot in _tuple(value):
        resource = slot.get("die")
        slots.append(RecipeSlot(None if resource == "any" else resource, slot.get("face")))
    return tuple(slots)


def _ap(cost: Any) -> int | None:
    if isinstance(cost, int):
        return cost
    if isinstance(cost, dict):
        for key in ("action point", "action points", "AP"):
            if key in cost:
                return int(cost[key])
    return None


def _stress_cost(cost: Any) -> int | None:
    if isinstance(cost, dict) and ("body" in cost or "psyche" in cost):
        return int(cost.get("body") or cost.get("psyche") or 1)
    return None


def _restricted(card: CompiledCard) -> tuple[str, ...]:
    """The verbs a card forbids outright where it is (not those forbidden on some thing)."""
    return tuple(verb for r in card.restrictions if r.object is None for verb in r.verbs)


def _forbidden_on(card: CompiledCard) -> tuple[tuple[str, Selector], ...]:
    """(verb, what) for each thing a card forbids a verb on ("May not overcome Stability
    obstacles": ``("overcome", <selector>)``)."""
    return tuple(
        (verb, r.object) for r in card.restrictions if r.object is not None for verb in r.verbs
    )


def _numbers(value: Any) -> list[int]:
    return [int(n) for n in _tuple(value)] or [0]


# The view of each kind of card; a kind the ruleset declares that is not here has no view.
VIEWS: dict[str, type[CardView]] = {
    "asset": Asset,
    "obstacle": Obstacle,
    "event": Event,
    "location": Location,
    "scene": Scene,
    "scheme": Scheme,
    "character": Character,
    "ability": Ability,
    "condition": Condition,
}


def from_compiled(compiled: CompiledRuleset) -> Ruleset:
    """The ruleset the engine plays, over a ``dsl`` ``CompiledRuleset``: one view per compiled
    card (field names as docs/design/language-spec.md and rules/six_winters/ruleset.rules
    declare them)."""
    vocabulary = compiled.vocabulary
    # the words both editions declare in the library "winters" (rules/library/winters/)
    regions = vocabulary.members("regions")
    seasons = vocabulary.category("seasons")
    if seasons is None:
        raise ChroniclerError('Six Winters\' text declares no seasons (library "winters")')
    ruleset = Ruleset(
        name=str(compiled.name),
        version=str(compiled.version),
        resources=tuple(vocabulary.members("resources")),
        skills=tuple(vocabulary.members("skills")),
        stress=tuple(vocabulary.members("stress")),
        regions=tuple(vocabulary.members("regions")),
        region_names={r: vocabulary.titles[r] for r in regions if r in vocabulary.titles},
        trade={k: tuple(v) for k, v in vocabulary.relations.get("trade", {}).items()},
        seasons=tuple((str(k), int(v)) for k, v in seasons.turns.items()),
        values={str(k): int(v) for k, v in dict(compiled.values).items()},
        primitives_module=str(compiled.primitives or "rules.six_winters.primitives"),
        source="compiled",
        compiled=compiled,
    )
    for table in dict(compiled.tables).values():
        rows = tuple(table.rows)
        if table.by:
            ruleset.count_tables[str(table.by)] = tuple(
                (int(row.low), None if row.high is None else int(row.high), str(row.result))
                for row in rows
            )
        if rows and all(row.kind == "condition" for row in rows):
            stress = next((s for s in ruleset.stress if s in table.name.casefold()), None)
            if stress is not None:
                ruleset.condition_tables[stress] = tuple(
                    (int(row.low), int(row.high if row.high is not None else row.low), row.result)
                    for row in rows
                )
    maps = dict(compiled.maps)
    if maps:
        first = next(iter(maps.values()))
        ruleset.starting_map = tuple(
            (str(name), int(x), int(y)) for name, (x, y) in dict(first.positions).items()
        )
    for kind, views in zip(CARD_KINDS, ruleset._tables(), strict=True):
        for card in compiled.cards(kind):
            views[card.name] = VIEWS[kind](card)
            if kind in ("obstacle", "event") and _restricted(card):
                ruleset.restrictions[card.name] = _restricted(card)
            if kind in ("obstacle", "event") and _forbidden_on(card):
                ruleset.forbidden_on[card.name] = _forbidden_on(card)
    return ruleset
