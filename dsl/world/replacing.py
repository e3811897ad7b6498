"""A card that takes another's place on the map: "Put peril "Crag" into play in place of a
random north tower, which is burnt.", "... in place of the tower with the most threats in
this region, which goes to the tower discard.".

A map made of place cards is fixed by the ruleset (its ``map``, or every card of the place
kind); this form changes one game's map. The card put into play stands where the place it
replaces stood: its space on the map (its row and column), its neighbours, and everything
lying there, which stays with the space:

- the pieces counted at the place (pawns, tokens) and the cards lying at it (a character, a
  card with the dice laid on it) are now at the new card;
- the old card's own numbers and dice (a pool "of <places>") are the card's, and leave with it.

The old card goes where the sentence says: burnt (out of the campaign, ``dsl.world.burning``)
or into a zone; it is no place any more and no phrase of places finds it. The new card is
"it" for the sentences after, and "this <place>" on its own text; it is found by the place
kind's noun ("a north tower", "each tower") whatever its own kind, since a place is what
stands on the map. A campaign carries the map as it was left (``dsl.world.together``).

- The place phrase finds none (no place of that group left): nothing to act on, the card
  stays where it lay.
- Several places found ("a north tower" with three of them): the first in the map's order;
  "a random north tower" picks one at random.
- A card phrase naming no card ("Put 2 gold ..."), a place phrase naming no place, or no
  ", which is burnt" / ", which goes to <zone>" saying where the old card goes: a check
  error where it is written.

Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause, core_clause
from dsl.runtime import Context, EffectError, NothingToActOn, Span
from dsl.selectors import Selector

from .arranging import zone_named, zone_of
from .events import WorldEvent
from .state import BURNT

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

VERB = "put into play"
FUNCTION = "take_place"
FORM = (
    "write 'Put <a card> into play in place of <a place>, which is burnt.' or '..., which goes "
    "to <a zone>.'"
)


# ---- the map as this game has it -------------------------------------------------------------


def places(game: WorldGame) -> tuple[str, ...]:
    """The places of the map now: the ruleset's, each replaced by the card standing there."""
    spaces: dict[str, str] = game.state.spaces
    base: tuple[str, ...] = game.world.places
    if not spaces:
        return base
    return tuple(spaces.get(p, p) for p in base)


def ever_places(game: WorldGame) -> set[str]:
    """Every card that was a place of the map at some point of the game (a count of what was put
    on the map and taken off it reads its events against these)."""
    taken = {str(e.data["card"]) for e in game.events if e.kind == WorldEvent.PLACE_TAKEN}
    return set(game.world.places) | taken


def space_of(game: WorldGame, place: str) -> str:
    """The ruleset's place whose space ``place`` stands on (itself when it replaced none)."""
    for space, card in game.state.spaces.items():
        if card == place:
            return str(space)
    return place


def neighbours(game: WorldGame, place: str) -> tuple[str, ...]:
    """The places next to ``place`` on the map as it is now."""
    spaces = game.state.spaces
    found: tuple[str, ...] = game.world.neighbours.get(space_of(game, place), ())
    return tuple(spaces.get(p, p) for p in found) if spaces else found


# ---- the verb ---------------------------------------------------------------------------------


def take_place(ctx: Context, object: Any, instead: Any, burnt: Any = None, to: Any = None) -> None:
    """Put the card ``object`` names on the map where the place ``instead`` names stands; the
    old card is burnt (``burnt``) or goes to the zone ``to``."""
    host: Any = ctx.host
    game: WorldGame = host.game
    new = _card(game, ctx, object)
    if isinstance(instead, Selector):
        instead = host.select(ctx, instead)
    found = instead if isinstance(instead, list | tuple) else [instead]
    now = places(game)
    if new in now:
        raise NothingToActOn(f"{game.host.name_of(new)} is a place of the map already", ctx.span)
    wanted = {str(p) for p in found if p is not None}
    olds = [p for p in now if p in wanted]  # in the map's order
    if not olds:
        raise NothingToActOn(f"there is no place for {game.host.name_of(new)} to take", ctx.span)
    replace(game, olds[0], new, zone=None if burnt else zone_of(ctx, to))
    ctx.bindings["it"] = new


def replace(game: WorldGame, old: str, new: str, zone: str | None) -> None:
    """``new`` takes the space of the place ``old``: what lies there stays, ``old`` leaves,
    burnt when ``zone`` is ``None``."""
    st = game.state
    space = space_of(game, old)
    source = game.ops.where(new)
    game.ops._take_out(new)
    info = st.cards[new]
    info["zone"] = None
    info["at"] = None
    st.spaces[space] = new
    held = st.pieces.pop(old, {})
    if held:
        mine = st.pieces.setdefault(new, {})
        for key, count in held.items():
            mine[key] = mine.get(key, 0) + count
    for card_info in st.cards.values():
        if card_info.get("at") == old:
            card_info["at"] = new
    game.ops.emit(
        WorldEvent.PLACE_TAKEN,
        card=new,
        name=info["name"],
        card_kind=info["kind"],
        source=source,
        place=old,
    )
    game.ops.move_card(old, zone=zone or BURNT, why="its place taken")


def _card(game: WorldGame, ctx: Context, object: Any) -> str:
    """The one card the phrase names: by name (and kind) wherever it lies, else found."""
    if isinstance(object, Selector) and object.name is not None and object.reference is None:
        kind = (object.noun or "").casefold() if object.noun_category == "card kind" else ""
        named = [
            c
            for c, info in game.state.cards.items()
            if info["name"] == object.name and (not kind or info["kind"].casefold() == kind)
        ]
        if not named:
            raise EffectError(f"there is no card {object.name!r}")
        return str(named[0])
    found = ctx.host.select(ctx, object) if isinstance(object, Selector) else [object]
    cards = [str(c) for c in found if c is not None and str(c) in game.state.cards]
    if not cards:
        raise NothingToActOn("there is no card to put into play", ctx.span)
    return cards[0]


# ---- the sentence -----------------------------------------------------------------------------


def is_form(atoms: list[ast.Atom]) -> bool:
    """Whether a "put ... into play" sentence is this form ("in place of")."""
    words = [a.folded for a in atoms]
    return any(words[k : k + 3] == ["in", "place", "of"] for k in range(len(words)))


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Span) -> BoundClause:
    """``Put <card> into play in place of <place>, which is burnt`` / ``..., which goes to
    <zone>``: the clause, or a positioned error saying what is wrong."""
    words = [a.folded for a in atoms]
    into = next((k for k in range(1, len(words)) if words[k : k + 2] == ["into", "play"]), -1)
    at = next(k for k in range(len(words)) if words[k : k + 3] == ["in", "place", "of"])
    if into < 0 or into + 2 != at or into == 1:
        raise BindError(f"'{_text(atoms)}': {FORM}", atoms[0].span)
    card = _phrase(sb, atoms[1:into], atoms[0].span)
    if card.noun_category not in ("card kind", None) or (
        card.name is None and card.noun_category != "card kind"
    ):
        raise BindError(f"'{_text(atoms[1:into])}' names no card: {FORM}", atoms[1].span)
    comma = next((k for k in range(at + 3, len(atoms)) if atoms[k].kind == "comma"), -1)
    place_atoms = atoms[at + 3 : comma if comma >= 0 else len(atoms)]
    if not place_atoms:
        raise BindError(f"in place of what? {FORM}", atoms[at].span)
    place = _phrase(sb, place_atoms, atoms[at].span)
    place_kind = (sb.v.place_kind or "").casefold()
    if not place_kind or (place.noun or "").casefold().rstrip("s") != place_kind:
        raise BindError(
            f"'{_text(place_atoms)}' is no place of the map: a card takes the place of a "
            f"{place_kind or 'place (no kind is declared as the places)'}",
            place_atoms[0].span,
        )
    tail = atoms[comma + 1 :] if comma >= 0 else []
    tail_words = [a.folded for a in tail]
    roles: list[tuple[str, Any]] = [("object", card), ("instead", place)]
    if tail_words == ["which", "is", "burnt"]:
        roles.append(("burnt", ("burnt",)))
    elif tail_words[:3] == ["which", "goes", "to"] and len(tail) > 3:
        roles.append(("to", zone_named(sb, tail[3:])))
    else:
        where = tail[0].span if tail else atoms[-1].span
        raise BindError(f"where does the place replaced go? {FORM}", where)
    return core_clause(
        VERB,
        FUNCTION,
        tuple(roles),
        tuple((r, r) for r, _ in roles),
        _text(atoms),
        Span(span.file, atoms[0].span.line, atoms[0].span.column, span.end_line, span.end_column),
    )


def _phrase(sb: SentenceBinder, atoms: list[ast.Atom], where: Span) -> Selector:
    value = sb.b.single(sb.b.lex(atoms))
    if not isinstance(value, Selector):
        raise BindError(
            f"'{_text(atoms)}' names nothing: {FORM}", atoms[0].span if atoms else where
        )
    return value


def _text(atoms: list[ast.Atom]) -> str:
    return " ".join(a.text for a in atoms)


VERBS: dict[str, Any] = {}  # bound by ``bind`` from "put ... into play ... in place of"
PRIMITIVES: dict[str, Any] = {FUNCTION: take_place}

__all__ = [
    "FUNCTION",
    "PRIMITIVES",
    "bind",
    "ever_places",
    "is_form",
    "neighbours",
    "places",
    "replace",
    "space_of",
]
