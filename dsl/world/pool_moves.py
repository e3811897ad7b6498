"""Dice of a place's pool moved to another place: "Move the gems of a well with row of 0 to a
well." (one hook in ``dsl/binder.py``).

The pool is one declared ``of`` places (``ruby gems``), or a family of them by the word they end
in (``gems``: every colour's). The two places are noun phrases as anywhere else (the one acting
chooses when several answer: ``a well with row of 0``, ``an adjacent well``); every die of the
pool (or of each pool of the family) goes, each keeping its face, as many as the pool at the
place it goes to may hold (its most). With no die of the pool at the place it leaves, or the
two places the same, there is nothing to act on: the text does nothing and an action of it is
not offered once refused. Each phrase is checked where it is written.

Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause, core_clause
from dsl.runtime import Context, Span, finds
from dsl.selectors import Selector

from .grid_play import family
from .model import PropertyDecl, game_of
from .pools import faces, tell_pool

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

FUNCTION = "move_pool_dice"
FORM = "write 'Move the <pool> of <a place> to <a place>.'"


def _join(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def bind(
    sb: SentenceBinder, atoms: list[ast.Atom], span: Any, function: str = "move"
) -> BoundClause | None:
    """``Move the <pool> of <a place> to <a place>``: the clause, a positioned error, or
    ``None`` when the words after ``the`` name no pool (another ``Move`` sentence) or the verb
    (its ``function``) is no move."""
    words = [a.folded for a in atoms]
    of = next((k for k in range(2, len(words)) if words[k] == "of"), None)
    if function != "move" or len(words) < 4 or words[1] != "the" or of is None:
        return None
    pool = " ".join(words[2:of])
    if not family(sb.v.world, pool):
        return None
    to = max((k for k in range(of + 1, len(words)) if words[k] == "to"), default=None)
    if to is None or to == of + 1 or to == len(words) - 1:
        raise BindError(f"from where, to where? {FORM}", _join(atoms[0].span, atoms[-1].span))
    places = []
    for part in (atoms[of + 1 : to], atoms[to + 1 :]):
        thing = sb.b.single(sb.b.lex(part))
        if not isinstance(thing, Selector):
            raise BindError(f"'{' '.join(a.text for a in part)}' is no place: {FORM}", part[0].span)
        places.append(thing)
    return core_clause(
        "move",
        FUNCTION,
        (("object", (pool,)), ("from", places[0]), ("to", places[1])),
        (("object", "object"), ("from", "from_"), ("to", "to")),
        " ".join(a.text for a in atoms),
        _join(atoms[0].span, atoms[-1].span),
    )


def _one(found: Any) -> str | None:
    things = [t for t in (found if isinstance(found, list) else [found]) if t is not None]
    return str(things[0]) if things else None


def _missing(ctx: Context, object: Any, from_: Any, to: Any) -> str | None:
    game = game_of(ctx)
    source, target = _one(from_), _one(to)
    if source is None or target is None or source == target:
        return "no other place to move dice to"
    pools = family(game.world, str(object[0])).values()
    return None if any(faces(game, source, decl) for decl in pools) else "no die to move"


@finds(_missing)
def move_pool_dice(ctx: Context, object: Any, from_: Any, to: Any) -> None:
    """Every die of the pool at one place to the same pool at the other, faces kept, as many
    as the pool there may hold."""
    game = game_of(ctx)
    source, target = str(_one(from_)), str(_one(to))
    for decl in family(game.world, str(object[0])).values():
        _move(game, decl, source, target, str(ctx.card or ""))


def _move(game: WorldGame, decl: PropertyDecl, source: str, target: str, why: str) -> None:
    there, here = faces(game, target, decl), faces(game, source, decl)
    room = decl.clamp(len(there) + len(here)) - len(there)
    moved = sorted(here, reverse=True)[:room]  # the highest first, our reading for a full pool
    if not moved:
        return
    for owner, sign in ((source, -1), (target, 1)):
        held = game.state.values.setdefault(owner, {})
        before = len(faces(game, owner, decl))
        for face in moved:
            key = f"{decl.name}#{face}"
            held[key] = int(held.get(key, 0)) + sign
        held[decl.name] = before + sign * len(moved)
        tell_pool(game, owner, decl, before, why)


VERBS: dict[str, Any] = {}
PRIMITIVES: dict[str, Any] = {FUNCTION: move_pool_dice}

__all__ = ["FUNCTION", "PRIMITIVES", "bind", "move_pool_dice"]
