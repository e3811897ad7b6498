"""Checked card text → Python closures: the executable ruleset the engine runs.

The shapes here (``CompiledRuleset``, ``CompiledCard``, ``CompiledAbility``, ``Restriction``,
``Permission``) are the contract the engine codes against; the compiling itself lives in
``dsl.codegen``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.dice.model import Check
from dsl.errors import ChroniclerError
from dsl.procedure import Procedure
from dsl.runtime import Context, Span
from dsl.selectors import Place, Selector

Run = Callable[[Context], Any]


def _no_effect(ctx: Context) -> None:
    return None


@dataclass(frozen=True, slots=True)
class Trigger:
    """When an ability happens, as the ruleset declared it.

    ``label`` is the printed word ("Tap", "Every season end"); ``usage`` is ``activated``,
    ``played`` or ``on``; ``event`` the event name for ``on`` triggers ("season end");
    ``qualifier`` an extra word ("spring"); ``once_per_turn`` for activated triggers so
    declared. An ability with a cost label ("Spend 2 dice: ...") has ``usage == "activated"``
    and its cost in ``CompiledAbility.cost``.
    """

    label: str
    usage: str
    event: str | None = None
    qualifier: str | None = None
    once_per_turn: bool = False


@dataclass(frozen=True, slots=True)
class Restriction:
    """A static rule forbidding verbs: "May not trade or muster at this location."

    ``verbs`` are the primitive names forbidden; ``place`` where (``None`` = everywhere);
    ``object`` what they may not be done to, while the card is in play ("May not fight
    Beast monsters", "Dice at this location do not refresh"; ``None``: anything).
    """

    verbs: tuple[str, ...]
    place: Place | None
    text: str
    span: Span
    object: Selector | None = None


@dataclass(frozen=True, slots=True)
class Permission:
    """A static rule allowing an action: "May muster frost at this location."

    ``verb`` is the primitive name; ``roles`` the bound roles as written (selectors, amounts);
    ``place`` where; ``run`` performs the permitted action when the engine offers it.
    """

    verb: str
    roles: Mapping[str, Any]
    place: Place | None
    text: str
    span: Span
    run: Run = field(default=_no_effect, compare=False)  # written out when first called


@dataclass(frozen=True, slots=True)
class CompiledAbility:
    """One triggered or activated ability, or a standing effect, of a card.

    ``trigger`` is ``None`` for a standing effect. ``text`` is the printed wording. ``run(ctx)``
    performs it (raising ``DecisionNeeded`` to ask, ``EffectError`` when it cannot run).
    ``cost`` is the run of the cost part when the ability is "cost: effect" or "cost to
    effect" (``None`` otherwise); ``replaces`` names the primitive an "Instead of ..." ability
    replaces, with ``replaced`` the selector of what it would have acted on. ``verbs`` lets a
    host tell what kind of ability it is (one that ignores stress, one that moves dice...).
    ``meaning`` is the bound text it was compiled from (``dsl.bound.BoundEffect``): what a bot
    or a report reads of the card (which verb, what object, where, at what cost).
    ``last_call`` names the primitive of a text that only resolves its roles (asking and
    reading, changing nothing) and then calls that one primitive once, doing nothing after: a
    host that knows the primitive asks nothing once called needs no copy of the game to go back
    to when that text runs.
    """

    trigger: Trigger | None
    text: str
    # ``run`` and ``cost`` are written out as Python the first time they are called
    # (``dsl.codegen``) and then replaced by what was written: left out of equality
    run: Run = field(compare=False)
    span: Span
    cost: Run | None = field(default=None, compare=False)
    cost_text: str | None = None
    replaces: str | None = None
    replaced: Selector | None = None
    optional: bool = False
    verbs: tuple[str, ...] = ()  # the primitives its sentences call, cost first, in order
    meaning: Any = None  # the BoundEffect it was compiled from
    # the one primitive the text calls, as the last thing it does (``dsl.codegen.last_call``):
    # whatever else it asks or fails at, it does before that call; ``None`` for any other text
    last_call: str | None = None

    @property
    def label(self) -> str:
        """The printed trigger word ("Exhaust", "Spring end"); empty for a standing effect."""
        return self.trigger.label if self.trigger is not None else ""

    @property
    def usage(self) -> str:
        """``activated``, ``played``, ``on`` (an event) or, with no trigger, ``static``."""
        return self.trigger.usage if self.trigger is not None else "static"

    @property
    def event(self) -> str | None:
        """For an ``on`` trigger, its event ("season end"); else ``None``."""
        return self.trigger.event if self.trigger is not None else None

    def on(self, event: str, qualifier: str | None = None) -> bool:
        """Whether this ability happens at ``event`` (and for ``qualifier``, e.g. a season)."""
        trigger = self.trigger
        if trigger is None or trigger.event is None:
            return False
        if trigger.event.casefold() != event.casefold():
            return False
        return trigger.qualifier is None or (
            qualifier is not None and trigger.qualifier.casefold() == qualifier.casefold()
        )


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """A card ready to play: kind, name, fields as plain Python values, abilities, rules.

    ``fields`` maps each field name (as declared: ``"entry cost"``, ``"starts with"``) to a
    plain value: int, bool, str, list, dict. A ``place spec`` is a list of alternatives,
    each a list of words (``[["Forest"], ["Ruin"]]``); a ``place selector`` is a dict
    (``{"tags": [...], "groups": [...], "any of": bool, "with": [nouns]}``, ``"with"`` listing
    what must be there: ``moves toward Town with a hero`` → ``["hero"]``); a ``dice list`` a
    list of slots ``{"die": str | None, "face": int | None}``; a ``cost`` a dict of declared
    word → amount, with ``"choice": True`` when the card says "or"; a side (``developed
    { ... }``) a dict of its fields, its abilities in ``blocks[name]``.
    """

    kind: str
    name: str
    fields: Mapping[str, Any]
    abilities: tuple[CompiledAbility, ...]
    span: Span
    restrictions: tuple[Restriction, ...] = ()
    permissions: tuple[Permission, ...] = ()
    blocks: Mapping[str, CompiledCard] = field(default_factory=dict)
    field_text: tuple[tuple[str, str], ...] = ()
    printed: tuple[str, ...] = ()  # every ability and rule's wording, in the order written

    def abilities_for(self, label: str) -> tuple[CompiledAbility, ...]:
        """The abilities whose trigger has this label (case-insensitive)."""
        wanted = label.casefold()
        return tuple(
            a for a in self.abilities if a.trigger and a.trigger.label.casefold() == wanted
        )


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a rolled table: the faces it covers and the card or words it gives."""

    low: int
    high: int | None  # None: open at the top ("121+")
    kind: str | None
    result: str


@dataclass(frozen=True, slots=True)
class Table:
    """A declared table: ``roll`` is the die ("d6") or, for ``by`` tables, ``None`` with ``by``
    naming what is counted ("score"); ``rows`` cover the faces or counts."""

    name: str
    roll: str | None
    rows: tuple[TableRow, ...]
    span: Span
    by: str | None = None

    def lookup(self, face: int) -> TableRow:
        for row in self.rows:
            if row.low <= face and (row.high is None or face <= row.high):
                return row
        raise ChroniclerError(f'table "{self.name}" has no row for {face}')


@dataclass(frozen=True, slots=True)
class GameMap:
    """A declared map: place name → (x, y); places sharing a side are adjacent."""

    name: str
    positions: Mapping[str, tuple[int, int]]
    span: Span

    def __iter__(self) -> Any:
        """(name, x, y) for each place, in the order written."""
        return iter([(name, x, y) for name, (x, y) in self.positions.items()])

    def adjacent(self, a: str, b: str) -> bool:
        (ax, ay), (bx, by) = self.positions[a], self.positions[b]
        return abs(ax - bx) + abs(ay - by) == 1


@dataclass(frozen=True, slots=True)
class CompiledRuleset:
    """The executable ruleset: every card, value, table, map and the declared vocabulary."""

    name: str
    version: str
    primitives: str
    all_cards: tuple[CompiledCard, ...]
    values: Mapping[str, int]
    tables: Mapping[str, Table]
    maps: Mapping[str, GameMap]
    vocabulary: Any
    procedure: Procedure = field(default_factory=Procedure)  # the game's phases and steps
    checks: Mapping[str, Check] = field(default_factory=dict)  # its checks (dsl/dice/), by name
    _by_name: dict[str, CompiledCard] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for card in self.all_cards:
            self._by_name.setdefault(card.name.casefold(), card)
            self._by_name.setdefault(f"{card.kind}:{card.name}".casefold(), card)

    def cards(self, kind: str | None = None) -> list[CompiledCard]:
        """Every card of this kind (every card when ``kind`` is None), in source order."""
        if kind is None:
            return list(self.all_cards)
        wanted = kind.casefold()
        return [c for c in self.all_cards if c.kind.casefold() == wanted]

    def card(self, name: str, kind: str | None = None) -> CompiledCard:
        """The card with this name; a ChroniclerError with near names when there is none."""
        key = f"{kind}:{name}" if kind else name
        found = self._by_name.get(key.casefold())
        if found is not None:
            return found
        names = [c.name for c in self.all_cards if kind is None or c.kind == kind]
        near = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
        what = kind or "card"
        raise ChroniclerError(f"no {what} named {name!r} in ruleset {self.name!r}{hint}")
