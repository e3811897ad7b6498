"""Six Winters cards as typed records, and the ruleset that holds them.

The engine reads cards only through these records. ``from_compiled`` builds them from the
compiled card text (``dsl``); every game and every test runs that text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# One step of a placement spec: its options, each the words a location must all answer to
# ("brightdune Rural"); "either Fort or Urban" has two options, "any location" one empty option.
Step = tuple[tuple[str, ...], ...]


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
    verbs: tuple[str, ...] = ()  # the primitives its text calls ("ignore", "spend"...)

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
    permissions: tuple[Any, ...] = ()  # "May ..." standing permissions (``dsl`` Permission)


@dataclass(frozen=True, slots=True)
class Obstacle:
    name: str
    number: int = 0
    skill: str = ""
    difficulty: int = 1
    points: int = 0
    stress: tuple[str, ...] = ()
    # Each entry is one step; the next is the fallback when none of the first is in play.
    enters: tuple[Step, ...] = ()
    progress: int = 0
    hindrance: int = 0
    moves_toward: tuple[str, ...] = ()
    moves_toward_character: bool = False
    tags: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    copies: int = 1  # printed copies in the obstacle deck


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    number: int = 0
    tags: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    permissions: tuple[Any, ...] = ()  # "May spend ... to burn this card"

    @property
    def stays_out(self) -> bool:
        """An event with standing text stays out (on the trade wheel) until session end."""
        return any(e.usage == "static" or e.on("session end") for e in self.effects)


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
    permissions: tuple[Any, ...] = ()  # "May spend 2 dice ... to ...": offered as actions


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
    at: tuple[Step, ...] = ()  # steps, like Obstacle.enters
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
    numbers: tuple[int, ...] = ()  # one per printed copy (Ride Swiftly is 2 and 8)
    permissions: tuple[Any, ...] = ()


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
                verbs=tuple(getattr(ability, "verbs", ()) or ()),
            )
        )
    return tuple(out)


def _tuple(value: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if isinstance(value, list | tuple):
        return tuple(value)
    return (value,)


def _alternatives(value: Any) -> tuple[Step, ...]:
    """A location spec (``Blighted, else either Fort or Urban``) as steps tried in order, each
    a tuple of options, each option the words a location must all answer to (no words: any
    location)."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (((value,),),)
    alternatives = getattr(value, "alternatives", None)
    if alternatives is not None:  # a LocationSpec of Filters
        return tuple(_step_of(getattr(alt, "options", None), alt) for alt in alternatives)
    steps: list[Step] = []
    for item in value:
        if isinstance(item, dict) and "either" in item:
            steps.append(tuple(tuple(str(w) for w in option) for option in item["either"]))
        else:
            steps.append((tuple(str(w) for w in _tuple(item)),))
    return tuple(steps)


def _step_of(options: Any, alternative: Any) -> Step:
    if options is not None:  # Either
        return tuple(tuple(str(f.word) for f in option) for option in options)
    return (tuple(str(f.word) for f in alternative),)


def _recipe(value: Any) -> tuple[RecipeSlot, ...]:
    slots = []
    for slot in _tuple(value):
        if isinstance(slot, RecipeSlot):
            slots.append(slot)
        elif isinstance(slot, dict):
            resource = slot.get("resource")
            slots.append(RecipeSlot(None if resource == "any" else resource, slot.get("face")))
        else:
            resource, face = getattr(slot, "resource", None), getattr(slot, "face", None)
            slots.append(RecipeSlot(None if resource == "any" else resource, face))
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


def _restricted(card: Any) -> tuple[str, ...]:
    """The verbs a card forbids outright where it is (not those forbidden on some thing)."""
    verbs: list[str] = []
    for restriction in getattr(card, "restrictions", ()) or ():
        if getattr(restriction, "object", None) is None:
            verbs += list(getattr(restriction, "verbs", ()) or ())
    return tuple(verbs)


def _forbidden_on(card: Any) -> tuple[tuple[str, Any], ...]:
    """(verb, what) for each thing a card forbids a verb on ("May not overcome Stability
    obstacles": ``("overcome", <selector>)``)."""
    return tuple(
        (verb, restriction.object)
        for restriction in getattr(card, "restrictions", ()) or ()
        if getattr(restriction, "object", None) is not None
        for verb in restriction.verbs
    )


def _side(card: Any) -> LocationSide:
    fields = dict(getattr(card, "fields", {}) or {})
    musters = _musters(card)
    restricted = _restricted(card)
    return LocationSide(
        tags=tuple(_tuple(fields.get("tags"))),
        produces=tuple(_tuple(fields.get("produces"))),
        entry_cost=int(fields.get("entry cost") or 0),
        port_cost=_ap(fields.get("port cost")),
        portal_cost=_ap(fields.get("portal cost")),
        portal_stress_cost=_stress_cost(fields.get("portal cost")),
        musters=musters,
        no_trade="trade" in restricted,
        no_muster="muster" in restricted,
        effects=_effects(card),
        permissions=_other_permissions(card),
    )


def _musters(card: Any) -> tuple[str, ...]:
    """Resources a "May muster X at this location" permission allows."""
    return tuple(
        str(getattr(p.roles.get("object"), "noun", ""))
        for p in getattr(card, "permissions", ()) or ()
        if p.verb == "muster" and p.roles.get("object") is not None
    )


def _other_permissions(card: Any) -> tuple[Any, ...]:
    return tuple(p for p in getattr(card, "permissions", ()) or () if p.verb != "muster")


def _numbers(value: Any) -> list[int]:
    return [int(n) for n in _tuple(value)] or [0]


def from_compiled(compiled: Any) -> Ruleset:
    """Build the engine's records from a ``dsl`` ``CompiledRuleset`` (field names as
    docs/design/language-spec.md and rules/six_winters/ruleset.rules declare them)."""
    vocabulary = compiled.vocabulary
    ruleset = Ruleset(
        name=str(compiled.name),
        version=str(compiled.version),
        resources=tuple(vocabulary.resources),
        skills=tuple(vocabulary.skills),
        stress=tuple(vocabulary.stress),
        regions=tuple(vocabulary.regions),
        region_names={str(k): str(v) for k, v in dict(vocabulary.regions).items() if v},
        trade={k: tuple(v) for k, v in dict(vocabulary.trade).items()},
        seasons=tuple((str(k), int(v)) for k, v in dict(vocabulary.seasons).items()),
        values={str(k): int(v) for k, v in dict(compiled.values).items()},
        primitives_module=str(getattr(compiled, "primitives", "rules.six_winters.primitives")),
        source="compiled",
        compiled=compiled,
    )
    for table in dict(compiled.tables).values():
        rows = tuple(table.rows)
        if getattr(table, "by", None):
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
    for card in compiled.cards("asset"):
        ruleset.assets[card.name] = Asset(
            name=card.name,
            number=_numbers(_field(card, "number"))[0],
            starting=bool(_field(card, "starting", False)),
            tags=_tuple(_field(card, "tags")),
            skill=_field(card, "skill"),
            points=int(_field(card, "points", 0) or 0),
            recipe=_recipe(_field(card, "recipe")),
            effects=_effects(card),
            permissions=tuple(getattr(card, "permissions", ()) or ()),
        )
    for card in compiled.cards("obstacle"):
        starts = list(_tuple(_field(card, "starts with")))
        moves = _field(card, "moves toward")
        toward: tuple[str, ...] = ()
        with_character = False
        if isinstance(moves, dict):
            toward = (*_tuple(moves.get("tags")), *_tuple(moves.get("regions")))
            with_character = "character" in [str(w) for w in _tuple(moves.get("with"))]
        elif moves is not None:
            toward = tuple(str(m) for m in _tuple(moves))
        numbers = _numbers(_field(card, "number"))
        ruleset.obstacles[card.name] = Obstacle(
            name=card.name,
            number=numbers[0],
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
            copies=len(numbers),
        )
        if _restricted(card):
            ruleset.restrictions[card.name] = _restricted(card)
        if _forbidden_on(card):
            ruleset.forbidden_on[card.name] = _forbidden_on(card)
    for card in compiled.cards("event"):
        ruleset.events[card.name] = Event(
            name=card.name,
            tags=_tuple(_field(card, "tags")),
            effects=_effects(card),
            permissions=tuple(getattr(card, "permissions", ()) or ()),
        )
        if _restricted(card):
            ruleset.restrictions[card.name] = _restricted(card)
        if _forbidden_on(card):
            ruleset.forbidden_on[card.name] = _forbidden_on(card)
    for card in compiled.cards("location"):
        developed = (getattr(card, "blocks", None) or {}).get("developed")
        ruleset.locations[card.name] = Location(
            name=card.name,
            number=int(_field(card, "number", 0) or 0),
            region=_field(card, "region"),
            starting=bool(_field(card, "starting", False)),
            base=_side(card),
            developed=_side(developed) if developed is not None else None,
        )
    for card in compiled.cards("scene"):
        ruleset.scenes[card.name] = Scene(
            name=card.name,
            starting=bool(_field(card, "starting", False)),
            finale=bool(_field(card, "finale", False)),
            at=_alternatives(_field(card, "at")),
            skill=str(_field(card, "skill", "")),
            points=int(_field(card, "points", 0) or 0),
            effects=_effects(card),
        )
    for card in compiled.cards("scheme"):
        years = [int(y) for y in _tuple(_field(card, "years", (1, 6)))]
        ruleset.schemes[card.name] = Scheme(
            name=card.name, years=(years[0], years[-1]), effects=_effects(card)
        )
    for card in compiled.cards("character"):
        ruleset.characters[card.name] = Character(
            name=card.name,
            title=str(_field(card, "title", "")),
            starting=bool(_field(card, "starting", False)),
            psyche=int(_field(card, "psyche", 3)),
            body=int(_field(card, "body", 3)),
            skills=tuple((str(k), int(v)) for k, v in dict(_field(card, "skills", {})).items()),
        )
    for card in compiled.cards("ability"):
        numbers = _numbers(_field(card, "number"))
        ruleset.abilities[card.name] = Ability(
            name=card.name,
            character=_field(card, "character"),
            number=numbers[0],
            effects=_effects(card),
            numbers=tuple(numbers),
            permissions=tuple(getattr(card, "permissions", ()) or ()),
        )
    for card in compiled.cards("condition"):
        ruleset.conditions[card.name] = Condition(
            name=card.name, stress=str(_field(card, "stress", "")), effects=_effects(card)
        )
    return ruleset
