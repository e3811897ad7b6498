"""Six Winters cards as typed records, and the ruleset that holds them.

The engine reads cards only through these records. ``from_compiled`` builds them from the
compiled card text (``dsl``); ``rules.six_winters.starter`` holds a small hand-made set used by
tests and as a fallback while the card text does not compile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Effect:
    """One ability or effect of a card: when it happens (its trigger) and what it does.

    ``run`` is the compiled effect (``run(ctx)``, see ``dsl.runtime``); ``None`` for an effect the
    engine only records (flavour, or text the language cannot run yet).
    """

    trigger: str  # the printed label: "Exhaust", "Play", "Threat", "Spring end"...
    text: str = ""
    run: Callable[[Any], Any] | None = None
    usage: str = "on"  # activated, played, on (an event), static
    event: str | None = None  # for ``on`` triggers: "season end", "threat", "epilogue"...
    qualifier: str | None = None  # "spring" in "Spring end"
    cost: Callable[[Any], Any] | None = None
    replaces: str | None = None  # the primitive an "Instead of ..." effect replaces

    def on(self, event: str, qualifier: str | None = None) -> bool:
        """Whether this effect happens at ``event`` (and for ``qualifier``, e.g. a season)."""
        if self.event is None or self.event.casefold() != event.casefold():
            return False
        return self.qualifier is None or (
            qualifier is not None and self.qualifier.casefold() == qualifier.casefold()
        )


@dataclass(frozen=True, slots=True)
class RecipeSlot:
    """A square of an asset's recipe: a resource and/or a face; ``None`` means any."""

    resource: str | None = None
    face: int | None = None

    def accepts(self, resource: str, face: int) -> bool:
        return (self.resource is None or self.resource == resource) and (
            self.face is None or self.face == face
        )


@dataclass(frozen=True, slots=True)
class Asset:
    name: str
    number: int = 0
    starting: bool = False
    tags: tuple[str, ...] = ()
    skill: str | None = None
    points: int = 0
    recipe: tuple[RecipeSlot, ...] = ()
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Obstacle:
    name: str
    number: int = 0
    skill: str = ""
    difficulty: int = 1
    points: int = 0
    stress: tuple[str, ...] = ()
    # Each entry is one alternative; the next is the fallback when none of the first is in play.
    enters: tuple[tuple[str, ...], ...] = ()
    progress: int = 0
    hindrance: int = 0
    moves_toward: tuple[str, ...] = ()
    moves_toward_character: bool = False
    tags: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    number: int = 0
    tags: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class LocationSide:
    """One side of a location card (base or developed)."""

    tags: tuple[str, ...] = ()
    produces: tuple[str, ...] = ()
    entry_cost: int = 0
    port_cost: int | None = None
    portal_cost: int | None = None  # action points
    portal_stress_cost: int | None = None  # body or psyche, the player's choice
    musters: tuple[str, ...] = ()  # "May muster X at this location"
    no_trade: bool = False
    no_muster: bool = False
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    number: int = 0
    region: str | None = None
    starting: bool = False
    base: LocationSide = field(default_factory=LocationSide)
    developed: LocationSide | None = None

    def side(self, developed: bool) -> LocationSide:
        return self.developed if developed and self.developed is not None else self.base


@dataclass(frozen=True, slots=True)
class Scene:
    name: str
    number: int = 0
    starting: bool = False
    finale: bool = False
    at: tuple[tuple[str, ...], ...] = ()  # alternatives, like Obstacle.enters
    skill: str = ""
    points: int = 0
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Scheme:
    name: str
    years: tuple[int, int] = (1, 6)
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    title: str = ""
    starting: bool = False
    psyche: int = 3
    body: int = 3
    skills: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    character: str | None = None  # None: a shared ability unlocked for every character
    number: int = 0
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Condition:
    name: str
    stress: str = ""
    effects: tuple[Effect, ...] = ()


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
    trade: dict[str, tuple[str, ...]] = field(default_factory=dict)
    seasons: tuple[tuple[str, int], ...] = ()
    values: dict[str, int] = field(default_factory=dict)
    # condition tables: stress type -> list of (low, high, condition name) on a d6
    condition_tables: dict[str, tuple[tuple[int, int, str], ...]] = field(default_factory=dict)
    starting_map: tuple[tuple[str, int, int], ...] = ()
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
    source: str = "starter"

    def value(self, name: str, default: int | None = None) -> int:
        """A declared value (``value threat pool = 6``); a missing one is a ruleset error."""
        if name in self.values:
            return self.values[name]
        if default is not None:
            return default
        raise KeyError(f"the ruleset declares no value {name!r}")

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

    def character_abilities(self, character: str) -> list[Ability]:
        """The character's ability deck in ascending ability number."""
        own = [a for a in self.abilities.values() if a.character == character]
        return sorted(own, key=lambda a: (a.number, a.name))

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


def _field(card: Any, name: str, default: Any = None) -> Any:
    fields = getattr(card, "fields", None) or {}
    return fields.get(name, default)


def _effects(card: Any) -> tuple[Effect, ...]:
    out = []
    for ability in getattr(card, "abilities", ()) or ():
        trigger = getattr(ability, "trigger", None)
        out.append(
            Effect(
                trigger=str(getattr(trigger, "label", "") or ""),
                text=str(getattr(ability, "text", "") or ""),
                run=getattr(ability, "run", None),
                usage=str(getattr(trigger, "usage", "static") or "static"),
                event=getattr(trigger, "event", None),
                qualifier=getattr(trigger, "qualifier", None),
                cost=getattr(ability, "cost", None),
                replaces=getattr(ability, "replaces", None),
            )
        )
    return tuple(out)


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        return tuple(value)
    return (value,)


def _alternatives(value: Any) -> tuple[tuple[str, ...], ...]:
    """A location spec as alternatives: ``Blighted, else Wilderness`` → one tuple each."""
    if value is None:
        return ()
    if isinstance(value, str):
        return ((value,),)
    items = list(value)
    if items and all(isinstance(item, str) for item in items):
        return tuple((item,) for item in items)
    return tuple(tuple(_tuple(item)) for item in items)


def _recipe(value: Any) -> tuple[RecipeSlot, ...]:
    slots = []
    for slot in _tuple(value):
        if isinstance(slot, RecipeSlot):
            slots.append(slot)
        elif isinstance(slot, dict):
            slots.append(RecipeSlot(slot.get("resource"), slot.get("face")))
        elif isinstance(slot, list | tuple):
            resource, face = ([*list(slot), None, None])[:2]
            slots.append(RecipeSlot(resource if resource != "any" else None, face))
        else:
            resource = getattr(slot, "resource", None)
            slots.append(RecipeSlot(resource if resource != "any" else None, slot.face))
    return tuple(slots)


def _side(card: Any, fields: dict[str, Any], effects: tuple[Effect, ...]) -> LocationSide:
    port = fields.get("port cost", fields.get("port_cost"))
    portal = fields.get("portal cost", fields.get("portal_cost"))
    portal_ap: int | None = None
    portal_stress: int | None = None
    if isinstance(portal, dict):
        portal_ap = portal.get("action points")
        portal_stress = portal.get("stress")
    elif isinstance(portal, int):
        portal_ap = portal
    return LocationSide(
        tags=tuple(_tuple(fields.get("tags"))),
        produces=tuple(_tuple(fields.get("produces"))),
        entry_cost=int(fields.get("entry cost", fields.get("entry_cost", 0)) or 0),
        port_cost=port if isinstance(port, int) else None,
        portal_cost=portal_ap,
        portal_stress_cost=portal_stress,
        musters=tuple(_tuple(fields.get("musters"))),
        effects=effects,
    )


def from_compiled(compiled: Any) -> Ruleset:
    """Build the engine's records from a ``dsl`` ``CompiledRuleset``.

    Field names follow docs/design/language-spec.md; a card kind the compiled ruleset does not
    have is simply empty.
    """
    vocabulary = getattr(compiled, "vocabulary", None)
    values = dict(getattr(compiled, "values", {}) or {})
    tables = dict(getattr(compiled, "tables", {}) or {})
    ruleset = Ruleset(
        name=str(getattr(compiled, "name", "Six Winters")),
        version=str(getattr(compiled, "version", "")),
        values={str(k): int(v) for k, v in values.items() if isinstance(v, int)},
        source="compiled",
    )
    if vocabulary is not None:
        ruleset.resources = tuple(getattr(vocabulary, "resources", ()) or ())
        ruleset.skills = tuple(getattr(vocabulary, "skills", ()) or ())
        ruleset.regions = tuple(getattr(vocabulary, "regions", ()) or ())
        ruleset.stress = tuple(getattr(vocabulary, "stress", ("body", "psyche")) or ())
        ruleset.trade = {k: tuple(v) for k, v in (getattr(vocabulary, "trade", {}) or {}).items()}
        ruleset.seasons = tuple(
            (str(k), int(v)) for k, v in dict(getattr(vocabulary, "seasons", {}) or {}).items()
        )
    for table_name, table in tables.items():
        rows = getattr(table, "rows", None) or ()
        lowered = str(table_name).lower()
        for stress in ruleset.stress or ("body", "psyche"):
            if stress in lowered:
                ruleset.condition_tables[stress] = tuple(
                    (int(row.low), int(row.high), str(row.result)) for row in rows
                )

    def cards(kind: str) -> list[Any]:
        try:
            return list(compiled.cards(kind))
        except (KeyError, AttributeError):
            return []

    for card in cards("asset"):
        ruleset.assets[card.name] = Asset(
            name=card.name,
            number=int(_field(card, "number", 0) or 0),
            starting=bool(_field(card, "starting", False)),
            tags=_tuple(_field(card, "tags")),
            skill=_field(card, "skill"),
            points=int(_field(card, "points", 0) or 0),
            recipe=_recipe(_field(card, "recipe")),
            effects=_effects(card),
        )
    for card in cards("obstacle"):
        starts = list(_tuple(_field(card, "starts with")))
        moves = _field(card, "moves toward")
        toward: tuple[str, ...] = ()
        with_character = False
        if isinstance(moves, dict):
            toward = _tuple(moves.get("tags"))
            with_character = bool(moves.get("with a character"))
        elif moves is not None:
            toward = _tuple(moves)
        ruleset.obstacles[card.name] = Obstacle(
            name=card.name,
            number=int(_field(card, "number", 0) or 0),
            skill=str(_field(card, "skill", "")),
            difficulty=int(_field(card, "difficulty", 1)),
            points=int(_field(card, "points", 0) or 0),
            stress=_tuple(_field(card, "stress")),
            enters=_alternatives(_field(card, "enters")),
            progress=starts.count("progress"),
            hindrance=starts.count("hindrance"),
            moves_toward=toward,
            moves_toward_character=with_character,
            tags=_tuple(_field(card, "tags")),
            effects=_effects(card),
        )
    for card in cards("event"):
        ruleset.events[card.name] = Event(name=card.name, effects=_effects(card))
    for card in cards("location"):
        fields = dict(getattr(card, "fields", {}) or {})
        developed = fields.get("developed")
        ruleset.locations[card.name] = Location(
            name=card.name,
            number=int(fields.get("number", 0) or 0),
            region=fields.get("region"),
            starting=bool(fields.get("starting", False)),
            base=_side(card, fields, _effects(card)),
            developed=_side(card, dict(developed), ()) if isinstance(developed, dict) else None,
        )
    for card in cards("scene"):
        ruleset.scenes[card.name] = Scene(
            name=card.name,
            starting=bool(_field(card, "starting", False)),
            finale=bool(_field(card, "finale", False)),
            at=_alternatives(_field(card, "at")),
            skill=str(_field(card, "skill", "")),
            points=int(_field(card, "points", 0) or 0),
            effects=_effects(card),
        )
    for card in cards("scheme"):
        years = _field(card, "years", (1, 6))
        if isinstance(years, int):
            years = (years, years)
        ruleset.schemes[card.name] = Scheme(
            name=card.name, years=(int(years[0]), int(years[-1])), effects=_effects(card)
        )
    for card in cards("character"):
        skills = _field(card, "skills", {}) or {}
        ruleset.characters[card.name] = Character(
            name=card.name,
            title=str(_field(card, "title", "")),
            starting=bool(_field(card, "starting", False)),
            psyche=int(_field(card, "psyche", 3)),
            body=int(_field(card, "body", 3)),
            skills=tuple((str(k), int(v)) for k, v in dict(skills).items()),
        )
    for card in cards("ability"):
        ruleset.abilities[card.name] = Ability(
            name=card.name,
            character=_field(card, "character"),
            number=int(_field(card, "number", 0) or 0),
            effects=_effects(card),
        )
    for card in cards("condition"):
        ruleset.conditions[card.name] = Condition(
            name=card.name, stress=str(_field(card, "stress", "")), effects=_effects(card)
        )
    maps = getattr(compiled, "maps", None) or {}
    if maps:
        first = next(iter(maps.values()))
        ruleset.starting_map = tuple((str(n), int(x), int(y)) for n, x, y in first)
    return ruleset
