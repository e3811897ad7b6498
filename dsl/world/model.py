"""The world a ruleset declares, as the world engine reads it: who plays, what each one holds,
where things lie, which dice are rolled.

These records are made from the ruleset's text (``dsl.world.declare``) and read by the state,
the host and the core verbs. Nothing here names a game: a property is a number, a track or a
reservoir of some owner; a zone holds cards of some kinds, seen by everyone, by its owner or by
no one; pieces are counted on things; places are the things of one kind, with neighbours.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from dsl.runtime import Span

if TYPE_CHECKING:
    from dsl.runtime import Context

    from .game import WorldGame

PropertyShape = Literal["number", "track", "reservoir", "pool"]
Visibility = Literal["public", "hidden", "owner"]
GAME = ""  # the owner of a property the game itself holds (one pool for the table)
PLAYER = "player"  # the kind every seat is
IN_PLAY = "the table"  # where a card in play from the start lies when the world has no map


@dataclass(frozen=True, slots=True)
class Threshold:
    """What a track does when its value reaches ``at``: the text of ``ability`` (a compiled
    ``CompiledAbility`` run with the owner acting), then, when ``back_to`` is set, the value
    goes back there and what is left of the change goes on from it ("goes back to 5 and keeps
    rising")."""

    at: int
    ability: Any = None
    text: str = ""
    back_to: int | None = None
    below: bool = False  # run by a change that would pass ``at`` (the floor), with the deficit
    above: bool = False  # run by a change that would pass ``at`` (the top), with the excess


@dataclass(frozen=True, slots=True)
class Band:
    """A named span of a track's values ("dire" from 0 to 2)."""

    name: str
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class PropertyDecl:
    """A number some owner holds: ``gold is a number 0.. of players, starting at 10``.

    ``owner`` is the kind of thing holding it (``player``, a card kind, or ``GAME``). A number
    stays within ``low``..``high`` (a change past them stops there; a cost that would pass the
    low bound cannot be paid). A track also has bands and thresholds; a reservoir holds points
    up to its level (``level`` names its maximum's own property)."""

    name: str
    shape: PropertyShape
    owner: str
    low: int | None = 0
    high: int | None = None
    start: int = 0
    thresholds: tuple[Threshold, ...] = ()
    bands: tuple[Band, ...] = ()
    span: Span | None = None
    start_field: str | None = None  # "starting at its nerve": each card's own field
    sides: int = 6  # a pool's dice ("each a d6": ``dsl.world.pools``)
    matching: str | None = None  # a pool laid on cards: the list field it matches (``matching``)
    wraps: bool = False  # "wrapping": past its top it goes on from its bottom, and back

    def clamp(self, value: int) -> int:
        if self.low is not None and value < self.low:
            return self.low
        if self.high is not None and value > self.high:
            return self.high
        return value

    def moved(self, value: int, delta: int) -> int:
        """Where ``delta`` takes ``value``: round the range when it wraps (a change of more than
        the whole range goes round more than once), else stopped at its ends."""
        if self.wraps and self.low is not None and self.high is not None:
            return self.low + (value + delta - self.low) % (self.high - self.low + 1)
        return self.clamp(value + delta)

    def step(self, value: int, step: int) -> int:
        """The value one space on (``step`` is 1 or -1): a wrapping number goes from its top
        to its bottom (and from its bottom to its top); any other stops at its end."""
        if self.wraps and self.low is not None and self.high is not None:
            if step > 0 and value >= self.high:
                return self.low
            if step < 0 and value <= self.low:
                return self.high
        return self.clamp(value + step)


@dataclass(frozen=True, slots=True)
class DieDecl:
    """A die of ``sides`` faces, rolled by name (``curse die is a d6``); ``table`` names the
    ruleset's table that reads its face, when it has one."""

    name: str
    sides: int = 6
    table: str | None = None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class ZoneDecl:
    """Where cards lie: ``hand is a zone of players, hidden, at most 3 blessings``.

    ``owner`` is ``player`` for one zone per seat, else ``GAME``; ``kinds`` are the card kinds
    it holds (empty: any; a zone of one kind, such as a deck, is written "the relic deck");
    ``visibility``: ``public`` (face up), ``hidden`` (face down for all: a deck) or ``owner``
    (a hand); ``limit``: the most cards it may hold."""

    name: str
    owner: str = GAME
    kinds: tuple[str, ...] = ()
    visibility: Visibility = "public"
    ordered: bool = True
    limit: int | None = None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class PieceDecl:
    """Identical pieces counted on things: ``fire`` on a tile, ``warrior`` of a player on a
    tile, one ``pawn`` of each player standing at a place. ``owned``: each player has their
    own; ``supply``: how many there are in all (``None``: as many as needed); ``pawn``: each
    player has exactly one, which stands where that player is."""

    name: str
    owned: bool = False
    supply: int | None = None
    pawn: bool = False
    limit_per_place: int | None = None
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class World:
    """Everything the world engine needs to know about a ruleset's table.

    ``place_kind`` is the kind whose things are the map (its cards, or the places of a
    ``map``); ``neighbours`` gives each place's adjacent places. ``card_kinds`` are the kinds
    whose cards the engine deals into zones; ``home`` gives each card kind the zone its cards
    start in (``deck`` unless declared)."""

    players: tuple[int, int] = (1, 1)
    properties: Mapping[str, PropertyDecl] = field(default_factory=dict)
    dice: Mapping[str, DieDecl] = field(default_factory=dict)
    zones: Mapping[str, ZoneDecl] = field(default_factory=dict)
    pieces: Mapping[str, PieceDecl] = field(default_factory=dict)
    place_kind: str | None = None
    places: tuple[str, ...] = ()
    neighbours: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    card_kinds: tuple[str, ...] = ()
    home: Mapping[str, str] = field(default_factory=dict)
    score: str | None = None  # the property that ranks the players at the end
    tables: Mapping[str, Any] = field(default_factory=dict)
    # the card kinds in play from the start ("models are in play from the start"), folded
    in_play: tuple[str, ...] = ()
    # the card kinds each player plays one of ("heroes are played by players, one each"), folded
    played: tuple[str, ...] = ()
    # how long a held card lasts, by the tag it carries (``dsl.world.durations``)
    durations: Mapping[str, Any] = field(default_factory=dict)
    # what a held card changes in checks, by its name (``dsl.world.check_changes``), folded
    check_changes: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # a kind's deck for each member of a field, by kind (``dsl.world.deck_backs``), folded
    decks: Mapping[str, Any] = field(default_factory=dict)
    # what a held card forbids its holder, by its name (``dsl.world.restraints``), folded
    restraints: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # what a card in play changes in others' numbers, by its name (``dsl.world.number_changes``)
    number_changes: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # the fields some card changes (read on every number read: ``number_changes.changed``)
    changed_fields: frozenset[str] = frozenset()
    # a game played together, a campaign of sessions (``dsl.world.together``), by declaration
    together: Mapping[str, Any] = field(default_factory=dict)
    # cards a player uses as their played card's own, by kind (``dsl.world.belonging``)
    belongs: Mapping[str, Any] = field(default_factory=dict)

    def property(self, name: str) -> PropertyDecl | None:
        return self.properties.get(name.casefold())

    def owned_by(self, owner: str) -> list[PropertyDecl]:
        return [p for p in self.properties.values() if p.owner == owner]

    def pawn(self) -> PieceDecl | None:
        for piece in self.pieces.values():
            if piece.pawn:
                return piece
        return None

    def zone(self, name: str) -> ZoneDecl | None:
        return self.zones.get(name.casefold())


def game_of(ctx: Context) -> WorldGame:
    """The world game a card's text runs in (its host's game)."""
    host: Any = ctx.host
    game: WorldGame = host.game
    return game
