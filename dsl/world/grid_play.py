"""Dice laid on a card's dice grid in play: "Fill the path of a relic in your kept relics with the
gems of this well." (the grid: ``dsl/grid.py``).

The one acting lays one die, its face kept, from the pool named (of the place they stand at) on
one square of the grid of a card the phrase finds: a card of the kind in the zone written (``a
relic in your kept relics``, ``a relic in the market``; ``dsl.world.arranging`` reads the zone).
A pool declared ``for each`` member of a category of dice (``gems is a pool 0..6 of wells for
each colour``) gives dice of that type ("ruby gems"); a single pool gives dice of no type. A
square takes a die when:

- it is empty, and is a start square or touches (at a side or a corner) a square with a die;
- the die fits it (``dsl.grid.fits``): its type, its face, the group the place belongs to (a
  field of the place card naming the square's group), and its step against the die laid on a
  touching square (some touching die must allow it).

Ending ``, jade gems fitting any square``, the sentence lays a die of that type (of the pool
named) as a wild die (``dsl.grid.Laid.wild``): it fits whatever type, face or step a square asks,
its face kept for the die after it; the square's group still holds.

Every die that may go is an option: the player chooses one (a ``choose_option`` question, each
option written "<face> <type> at row R, column C of <card>"; no question when there is one).
With none the text does nothing, and an action of it is not offered. When the dice laid make a
chain from a start to an end (``dsl.grid.completes``) the card is complete: its dice are
discarded and ``its unmatched <grid>`` (``dsl.world.matching``) reads 0 until a die is laid on
it again; before, it reads 1. The card laid on is "it" for the sentences after. Each phrase is
checked where it is written.

Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause, core_clause
from dsl.grid import Laid, completes, fits
from dsl.runtime import Context, DecisionKind, EffectError, Span, finds

from .arranging import kind_named, zone_named, zone_of
from .events import WorldEvent
from .model import PropertyDecl, game_of
from .pools import faces, tell_pool

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

FUNCTION = "fill_grid"
FORM = (
    "write 'Fill the <grid field> of a <kind> in <zone> with the <pool> of this <place>.', "
    "optionally ending ', <type> <pool> fitting any square'"
)
WILD = ["fitting", "any", "square"]
Square = tuple[int, int]


def _join(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def family(world: Any, pool: str) -> dict[str | None, PropertyDecl]:
    """The pools a name gives, by the type of die: ``gems`` declared for each colour gives
    ``ruby gems`` ..., a single pool its own dice (type ``None``)."""
    said = pool.casefold()
    found: dict[str | None, PropertyDecl] = {}
    for decl in world.properties.values() if world is not None else ():
        name = str(decl.name).casefold()
        if decl.shape != "pool":
            continue
        if name == said:
            found[None] = decl
        elif name.endswith(f" {said}"):
            found[name[: -len(said) - 1]] = decl
    return found


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Fill the <grid> of a <kind> in <zone> with the <pool> of this <place>``: the clause, or
    a positioned error."""
    words = [a.folded for a in atoms]
    here = _join(atoms[0].span, atoms[-1].span)
    of = 3 if words[1:2] == ["the"] and len(words) > 3 and words[3] == "of" else None
    with_ = max((k for k, w in enumerate(words) if w == "with"), default=None)
    if of is None or with_ is None or with_ < 8 or words[4] not in ("a", "an"):
        raise BindError(f"'{' '.join(a.text for a in atoms)}': {FORM}", here)
    grid = words[2]
    kind = kind_named(sb, atoms[5])
    schema = sb.v.kinds.get(kind) or sb.v.kinds.get(kind.casefold())
    field = schema.fields.get(grid) if schema is not None else None
    if field is None or "grid" not in str(getattr(field, "type", "")).casefold():
        raise BindError(f"'{atoms[2].text}' is no dice grid of {kind}: {FORM}", atoms[2].span)
    if words[6] != "in":
        raise BindError(f"a {kind} in which zone? {FORM}", atoms[6].span)
    zone = zone_named(sb, atoms[7:with_])
    end, wild = _wild(sb, atoms, with_)
    rest = words[with_ + 1 : end]
    if len(rest) < 5 or rest[0] != "the" or rest[-3:-1] != ["of", "this"]:
        raise BindError(f"with the dice of which pool? {FORM}", atoms[with_].span)
    pool = " ".join(rest[1:-3])
    if not family(sb.v.world, pool):
        raise BindError(
            f"'the {pool}' names no pool of dice", _join(atoms[with_ + 1].span, atoms[end - 3].span)
        )
    if wild is not None and wild not in family(sb.v.world, pool):
        raise BindError(f"the {pool} have no {wild} dice", atoms[end + 1].span)
    return core_clause(
        "fill",
        FUNCTION,
        (("object", (grid, kind)), ("in", zone), ("with", (pool, wild))),
        (("object", "object"), ("in", "in_"), ("with", "with_")),
        " ".join(a.text for a in atoms),
        here,
    )


def _wild(sb: SentenceBinder, atoms: list[ast.Atom], with_: int) -> tuple[int, str | None]:
    """Where the pool's words end, and the type of die of it that fits any square when the
    sentence ends ``, <type> <pool> fitting any square`` (``None``: no such ending)."""
    words = [a.folded for a in atoms]
    if words[-3:] != WILD:
        return len(atoms), None
    comma = max((k for k, a in enumerate(atoms) if a.kind == "comma"), default=None)
    if comma is None or comma <= with_ or len(atoms) - comma < 6:
        raise BindError(f"which dice fit any square? {FORM}", _join(atoms[-3].span, atoms[-1].span))
    pool = " ".join(words[with_ + 2 : comma - 3])
    typed = " ".join(words[comma + 1 : -3])
    for die in family(sb.v.world, pool):
        if die is not None and typed == f"{die} {pool}":
            return comma, die
    raise BindError(
        f"'{' '.join(a.text for a in atoms[comma + 1 : -3])}' are no dice of the {pool}: "
        f"write ', <type> {pool} fitting any square'",
        _join(atoms[comma + 1].span, atoms[-4].span),
    )


# ---- in play -----------------------------------------------------------------------------------


LAID = "grid dice"  # a card's dice on its grids, kept with the card: {field: {"r,c": [...]}}
DONE = "grids complete"  # the grid fields of the card completed (their dice discarded)


def _dice(game: WorldGame, card: str, field: str) -> dict[str, list[Any]]:
    """The card's dice on one grid, as kept: "row,column" -> [face, type, group]."""
    found: dict[str, list[Any]] = game.state.cards[card].setdefault(LAID, {}).setdefault(field, {})
    return found


def done(game: WorldGame, card: str, field: str) -> bool:
    return field in game.state.cards[card].get(DONE, [])


def laid_on(game: WorldGame, card: str, field: str) -> dict[Square, Laid]:
    """The dice laid on a card's grid, by square (row and column from 0)."""
    found: dict[Square, Laid] = {}
    for at, (face, die, group, *wild) in (
        game.state.cards[card].get(LAID, {}).get(field, {}).items()
    ):
        r, c = (int(x) for x in at.split(","))
        found[(r, c)] = Laid(die, int(face), group, bool(wild and wild[0]))
    return found


def _groups(game: WorldGame, place: str | None) -> set[str]:
    if place is None or place not in game.state.cards:
        return set()
    named: set[str] = set()
    for value in game.card_fields(place).values():
        values = value if isinstance(value, list | tuple) else [value]
        named |= {str(v).casefold() for v in values if isinstance(v, str)}
    return named


def _touching(at: Square) -> list[Square]:
    return [(at[0] + dr, at[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def placements(
    ctx: Context, object: Any, in_: Any, with_: Any
) -> list[tuple[str, Square, Any, int]]:
    """Every die that may go now: (card, square, type, face), in the order the options show."""
    game = game_of(ctx)
    field, kind = str(object[0]), str(object[1])
    cards = [
        c
        for c in game.state.zones.get(zone_of(ctx, in_), [])
        if str(game.state.cards[c]["kind"]).casefold() == kind.casefold()
    ]
    place = game.host.here(ctx)
    if place is None:
        return []
    pools = family(game.world, str(with_[0]))
    wild = with_[1] if len(with_) > 1 else None
    groups = _groups(game, place)
    found = []
    for card in cards:
        grid = game.card_fields(card).get(field) or []
        laid = laid_on(game, card, field)
        if done(game, card, field):
            laid = {}
        for r, row in enumerate(grid):
            for c, square in enumerate(row):
                if square is None or (r, c) in laid:
                    continue
                near = [laid[t] for t in _touching((r, c)) if t in laid]
                if not square["start"] and not near:
                    continue
                group = square["group"] if square["group"] in groups else None
                for die, decl in sorted(pools.items(), key=lambda p: str(p[0])):
                    for face in sorted(set(faces(game, place, decl))):
                        d = Laid(die, face, group, wild is not None and die == wild)
                        before: list[Laid | None] = list(near) if near else [None]
                        if any(fits(square, d, p) for p in before):
                            found.append((card, (r, c), die, face))
    return found


def _label(card: str, at: Square, die: Any, face: int) -> str:
    typed = f"{face} {die}" if die else str(face)
    return f"{typed} at row {at[0] + 1}, column {at[1] + 1} of {card}"


def _missing(ctx: Context, object: Any, in_: Any, with_: Any) -> str | None:
    return None if placements(ctx, object, in_, with_) else "no die that fits"


@finds(_missing)
def fill_grid(ctx: Context, object: Any, in_: Any, with_: Any) -> None:
    """Lay the die the player chooses on the square they choose; a completed grid's dice go."""
    game = game_of(ctx)
    field = str(object[0])
    options = placements(ctx, object, in_, with_)
    labels = [_label(*o) for o in options]
    chosen = 0
    if len(options) > 1:
        asked = f"Which die on the {field}, and where?"
        answer = str(ctx.decide(DecisionKind.CHOOSE_OPTION, labels, asked))
        if answer not in labels:
            raise EffectError(f"{answer} is not a die that may be laid")
        chosen = labels.index(answer)
    card, at, die, face = options[chosen]
    ctx.bindings["it"] = card
    place = str(game.host.here(ctx))
    decl = family(game.world, str(with_[0]))[die]
    before = len(faces(game, place, decl))
    held = game.state.values.setdefault(place, {})
    held[f"{decl.name}#{face}"] = int(held.get(f"{decl.name}#{face}", 0)) - 1
    held[decl.name] = before - 1
    tell_pool(game, place, decl, before, str(ctx.card or ""))
    info = game.state.cards[card]
    if done(game, card, field):  # laid on again: a new chain
        info[DONE] = [f for f in info[DONE] if f != field]
    square = (game.card_fields(card).get(field) or [])[at[0]][at[1]]
    group = square["group"] if square["group"] in _groups(game, place) else None
    wild = len(with_) > 1 and with_[1] is not None and die == with_[1]
    _dice(game, card, field)[f"{at[0]},{at[1]}"] = [face, die, group, wild]
    complete = completes(game.card_fields(card).get(field) or [], laid_on(game, card, field))
    game.emit(
        WorldEvent.DIE_LAID,
        card=card,
        square=f"row {at[0] + 1}, column {at[1] + 1}",
        die=die,
        face=face,
        source=place,
        complete=complete,
    )
    if complete:  # the dice are discarded; the card reads complete until laid on again
        info[LAID].pop(field, None)
        info[DONE] = [*info.get(DONE, []), field]


def unmatched(game: WorldGame, card: str, field: str) -> int | None:
    """``its unmatched <grid>``: 0 once the grid was completed, else 1; ``None`` when the
    field is no dice grid (another module's reading)."""
    grid = game.card_fields(card).get(field)
    if not (isinstance(grid, list) and grid and isinstance(grid[0], list)):
        return None
    return 0 if done(game, card, field) else 1


VERBS: dict[str, Any] = {"fill": fill_grid}

__all__ = ["FUNCTION", "VERBS", "bind", "fill_grid", "laid_on", "placements", "unmatched"]
