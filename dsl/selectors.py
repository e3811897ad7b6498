"""Bound selector phrases: what a card's noun phrase asks the host to find.

The checker turns a phrase such as ``a Beast monster at this location``, ``2 frost each with
value 3`` or ``every Town`` into a frozen ``Selector``. Compiled effects hand selectors to
``ctx.host.select(ctx, selector)`` (which returns the matching things as JSON-serialisable
references) or, for things that are made rather than found (a token, a counter, stress), pass
them to the primitive as they are. Every word in a selector is a word the ruleset declared, in
its canonical spelling; nothing here names a game.

How the compiler uses a selector (the contract for a ruleset's ``Host.select`` and primitives):

- A selector is *resolved* (``host.select``, then a decision if needed) when its noun is a card
  kind, a tag, the generic ``card``, or dice with a ``place`` (dice that are somewhere to be
  picked). Anything else (pieces, meters, dice to be made, amounts) is passed to the primitive
  unresolved.
- ``Quantity.mode == "exact"``: when more candidates match than ``count``, the effect asks
  ``ctx.decide(kind="choose_target", options=candidates, min_choices=count,
  max_choices=count)``. The primitive receives one reference when ``count == 1`` and the phrase
  is singular, else a list.
- ``"all"``: every candidate, as a list, no decision.
- ``"any"``: a singular noun ("any Beast in play") is one target chosen among all; a plural
  noun ("any resource dice at this location") is ``choose_many`` with ``min_choices=0``. A
  resource is a mass noun: "any ember at this location" is plural (any number of dice).
- A named card (``monster "Bog Wight"``) is passed unresolved.
- ``"total_value"`` and ``"up_to"``: passed to the primitive unresolved (it asks its own
  ``choose_many``, because only it knows how values add up).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

QuantityMode = Literal["exact", "all", "any", "total_value", "up_to", "another", "none"]
# What a selector's noun is, by the shape of its category (``Selector.category`` names the
# declared category when the noun is one of its words or its own name).
NounCategory = Literal[
    "card kind",  # a declared card kind: monster, relic, the place kind ...
    "card",  # the generic word "card" (any kind)
    "die",  # dice: of a declared type ("a moss", "2 frost") or any ("a die", "a resource")
    "piece",  # pieces ("progress", "threat"; "a token": any)
    "meter",  # an amount held ("nerve", "action point"; "stress": any)
    "reservoir",  # points of a reservoir ("strength")
    "zone",  # a declared zone ("supply", "pool")
    "group",  # a group of places, as a destination ("Add location X to the North")
    "number",  # a bare number where a thing was expected ("to 5")
]
PlaceKind = Literal[
    "this place",  # at this <place> (the place of the acting card or character)
    "any place",  # at any <place> / at any <places> / from any <place>
    "in play",  # anywhere in play
    "zone",  # a declared zone: "from the supply", "to your hand", "the pool"
    "places",  # at/in places matching ``Place.places`` ("in the North", "on any Town")
    "this card",  # in this card ("each hero in this tale")
    "this group",  # in the group (of ``Place.category``) of this place ("in this region")
    "held",  # the cards the acting one has ("for each condition you have")
]
ValueKind = Literal["exact", "each", "same", "any", "opposite"]
SuperlativeKind = Literal["most", "fewest", "highest", "lowest"]


@dataclass(frozen=True, slots=True)
class Quantity:
    """How many things a phrase asks for.

    ``mode``: ``exact`` (``a``, ``an``, ``one``, ``2``, or a bare noun: ``count`` of them),
    ``all`` (``all``, ``every``, ``each``), ``any`` (the player picks; see the module notes),
    ``total_value`` (``a total value of 6``: dice whose values add up to ``total``), ``up_to``
    (``up to 2``), ``another`` (one more of the same kind, e.g. "draw another monster"),
    ``none`` (a reference such as ``this monster`` or ``it``, where no quantity is written).
    ``count`` is the number for ``exact``/``up_to``/``another``; ``total`` the sum for
    ``total_value``; ``plural`` whether the noun was written in the plural. ``reading``: the
    count or total is read from the state when the effect runs ("action points equal to the
    value of a moss at this location", "frost with a total value equal to its
    difficulty"); the compiler puts the number read in ``count`` or ``total`` before the host
    or the primitive sees the selector.
    """

    mode: QuantityMode = "exact"
    count: int | None = 1
    total: int | None = None
    plural: bool = False
    reading: Reading | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """A number read from the state when the effect runs: ``the value of a moss at this
    location`` (``field`` ``None``: the face of the die ``of`` finds), ``its difficulty`` or
    ``the points of a monster at this location`` (``field``: a number field of the card
    ``of`` finds; ``of.reference == "it"`` for "its"). The host reads it:
    ``host.read(ctx, thing, field)``."""

    of: Selector
    field: str | None = None
    # any other number ("the number of monsters here", "the higher of A and B"): a dsl.expr
    # node the compiler evaluates instead of reading ``of``
    expr: Any = None


@dataclass(frozen=True, slots=True)
class Filter:
    """One word restricting what a selector matches, bound to its vocabulary category.

    ``category`` is the declared category's singular name (``card tag``, ``skill``,
    ``region``), or the language's own ``flag`` (a flag field of the card's kind used as an
    adjective: "any starting relic"), ``name`` (a quoted card name) or ``other`` ("each other
    monster"); ``shape`` is the category's shape (``tags``, ``ranks``, ``groups``, ``dice``,
    ``kinds``, ``meters``; the language's own for the others); ``word`` is the declared word
    in its canonical spelling (``"Beast"``, ``"lore"``, ``"north"``).
    """

    category: str
    word: str
    shape: str = ""


@dataclass(frozen=True, slots=True)
class ValueSpec:
    """What value the selected dice have (or must be given).

    ``kind``: ``exact`` ("of value 5", ``value`` = 5), ``each`` ("each with value 3": every die
    made or chosen has ``value``), ``same`` ("of the same value": equal to the value of the die
    an earlier phrase of the same effect chose; the compiler stores the face of a chosen
    object die in ``ctx.bindings["value"]``, and a primitive that picks the die itself should
    store it there too), ``any`` ("of any value"), ``opposite`` ("to its opposite
    face").
    """

    kind: ValueKind
    value: int | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """Where the selected things must be (or go).

    ``kind`` says which sort of place (see ``PlaceKind``). ``zone`` is the declared zone word
    for ``kind == "zone"`` (``"supply"``); ``owner`` is ``"your"`` when written ("your
    hand": the acting hero's), else ``None``. ``places`` is a selector of the places for
    ``kind == "places"`` ("at a Forest location", "in the North": a selector whose noun is
    the place kind filtered by group). ``preposition`` is the word the card used (``at``,
    ``in``, ``from``, ``on``). ``of_kind`` is a card kind written before a zone ("the relic
    deck": zone ``deck``, of_kind ``relic``). ``category``: the groups category of ``this
    group`` ("this region": ``region``).
    """

    kind: PlaceKind
    preposition: str = "at"
    zone: str | None = None
    owner: str | None = None
    places: Selector | None = None
    of_kind: str | None = None
    category: str | None = None


@dataclass(frozen=True, slots=True)
class Selector:
    """A bound noun phrase: which things, how many, where, of what value.

    ``quantity``: how many (see ``Quantity``). ``noun_category``/``noun``: what sort of thing,
    by shape, e.g. (``"card kind"``, ``"monster"``), (``"die"``, ``"ember"``), (``"piece"``,
    ``"progress"``), (``"meter"``, ``"action point"``), (``"die"``, ``None``), (``"card"``,
    ``None``); ``category``: the declared category of the noun (``resource``, ``token``,
    ``counter``; ``None`` for a card kind, "card" and "die"), which tells two categories of one
    shape apart (a ruleset's stress from its counters). ``filters``: all must hold (``a lore
    monster`` → skill lore). ``any_of``: at
    least one must hold (``a Beast or Spirit`` → card tag Beast, card tag Spirit); empty means no
    such test. ``place``: where (``None`` = wherever the primitive looks by default).
    ``value``: dice values. ``name``: a quoted card name (``monster "Bog Wight"``), already
    checked to exist. ``reference``: ``this`` ("this monster", "this card"; "this location"
    also has ``place.kind == "this place"``: the place where the effect happens, which is the
    card itself when the card is a place),
    ``it`` / ``them`` (``ctx.bindings["it"]``: the object the compiler last chose in
    this effect, or what a primitive stored there, e.g. the card a search found), ``self``
    ("you", the one acting), else ``None``.
    A selector with a ``name`` is never resolved: the primitive
    finds the named card wherever it is (deck, archive, in play). ``with_``: things that must
    be at/on the selected thing ("locations with a hero",
    "locations with threat tokens"). ``text``: the words as written, for prompts.
    ``superlative``: "with the most ..." / "with the lowest ..." (see ``Superlative``).
    """

    quantity: Quantity = field(default_factory=Quantity)
    noun_category: NounCategory = "card"
    noun: str | None = None
    filters: tuple[Filter, ...] = ()
    any_of: tuple[Filter, ...] = ()
    place: Place | None = None
    value: ValueSpec | None = None
    name: str | None = None
    reference: str | None = None
    with_: tuple[Selector, ...] = ()
    text: str = ""
    superlative: Superlative | None = None
    category: str | None = None
    # "with strength below 4": numbers of each candidate compared (dsl.numbers.Having)
    where: tuple[Any, ...] = ()
    # "3 copies of "Rat"", "up to 2 copies of each soldier in play": new cards made of those
    # the phrase names, ``quantity`` of each (``dsl.copies_of``); never looked up as they are
    copies: bool = False

    @property
    def resolvable(self) -> bool:
        """True when the compiler looks the things up with ``host.select`` (see module notes)."""
        if self.quantity.mode in ("total_value", "up_to") or self.name is not None or self.copies:
            return False
        if self.noun_category in ("card kind", "card"):
            return True
        return self.noun_category == "die" and (
            self.place is not None or self.reference is not None
        )


@dataclass(frozen=True, slots=True)
class Superlative:
    """``the location with the most dice``, ``the character with the lowest command``: of the
    things a selector matches, only those that score best (a tie leaves the choice open).

    ``kind``: ``most``/``fewest`` count ``counted`` (a selector of things at or on each
    candidate: dice, tokens, cards); ``highest``/``lowest`` read ``measure`` (a member of a
    declared category of ranks or meters, as a ``Filter``) from each candidate. The compiler
    asks the host to score each candidate (``host.measure(ctx, candidate, superlative)``) and
    keeps the best. ``of``: "the post of the scout with the lowest stealth": the things
    scored are those ``of`` finds standing at the places the selector finds, and the places kept
    are where the best stand (``dsl.superlatives``).
    """

    kind: SuperlativeKind
    counted: Selector | None = None
    measure: Filter | None = None
    of: Selector | None = None


@dataclass(frozen=True, slots=True)
class Amount:
    """A number an effect uses: written (``2``), a declared value, or counted.

    ``number``: the written number. ``value_name``: a declared ``value`` of the ruleset.
    ``per``: "for each <selector>": the amount is ``number`` (default 1) times the number of
    things ``per`` matches.
    """

    number: int | None = None
    value_name: str | None = None
    per: Selector | None = None
    expr: Any = None  # a number read when the effect runs (a ``dsl.expr`` node): ``choices``


@dataclass(frozen=True, slots=True)
class Either:
    """``either Fort or Urban``: one step of a placement spec that any of its options answers
    (each option a tuple of ``Filter``s that all hold); the places of every option that
    matches are the candidates."""

    options: tuple[tuple[Filter, ...], ...]


@dataclass(frozen=True, slots=True)
class PlaceSpec:
    """Where a card enters play: steps tried in order (``A, else B``).

    Each step is a tuple of ``Filter``s (a group, a tag of the place) that all hold, a quoted
    place's name (``Filter("name", "Mossy Gate", "name")``), no filter at all (``any
    <place>``: every place in play), or an ``Either`` (``either Fort or Urban``); the first
    step that matches a place in play is used.
    """

    alternatives: tuple[tuple[Filter, ...] | Either, ...]
