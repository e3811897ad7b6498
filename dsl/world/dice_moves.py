"""A die moved from one pool to another for a die spent: "Spend a charm die to move a grain die
of at most its value to the grain stores of this barn."

The one acting spends one die of their pool (the first) and moves one die of the second pool,
its face kept, to the third pool: of the thing named after "of" ("of this barn"), else of the
table when it is a pool of the game, else their own. The moved die shows at most the spent
die's value. The player chooses which face to move when more than one can go (a
``choose_option`` question, the faces as numbers); the die spent is the lowest that covers it,
so the best dice stay. A pool with no die to move, or no spent die high enough, is nothing to
act on: the text does nothing (an action that finds nothing is not offered). The pools are
checked where the sentence is written: each must be a declared pool (``dsl.world.pools``).

Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause
from dsl.runtime import Context, DecisionKind, EffectError, NothingToActOn, Span, finds
from dsl.selectors import Selector

from .control import holder
from .model import GAME, PropertyDecl
from .pools import faces, tell_pool

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

VERB = "spend"  # the sentence's first word
FUNCTION = "spend_die"  # its primitive, among the engine's core verbs
FORM = (
    "write 'Spend a <pool> die to move a <pool> die of at most its value to the <pool> [of "
    "<thing>].'"
)


def _join(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def _pool_named(sb: SentenceBinder, atoms: list[ast.Atom], article: bool) -> str:
    """The declared pool a phrase names: "a grain die" (``article``) or "the grain stores"."""
    words = [a.folded for a in atoms]
    opening = (["a"], ["an"]) if article else (["the"],)
    if words[:1] in opening:
        words = words[1:]
    said = " ".join(words)
    world = sb.v.world
    pools = [d for d in (world.properties.values() if world else ()) if d.shape == "pool"]
    for decl in pools:
        name = str(decl.name).casefold()
        singular = name[: -len("dice")] + "die" if name.endswith("dice") else name.rstrip("s")
        if said in (name, singular, f"{singular} die", f"{name} die"):
            return str(decl.name)
    span = _join(atoms[0].span, atoms[-1].span) if atoms else Span("<text>", 1, 1, 1, 1)
    known = ", ".join(sorted(str(d.name) for d in pools)) or "none declared"
    raise BindError(f"'{' '.join(a.text for a in atoms)}' names no pool of dice ({known})", span)


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Spend a <pool> die to move a <pool> die of at most its value to the <pool> [of
    <thing>]``: the clause, or a positioned error saying what is wrong."""
    words = [a.folded for a in atoms]
    here = _join(atoms[0].span, atoms[-1].span)
    cut = next(
        (k for k in range(1, len(words) - 1) if words[k] == "to" and words[k + 1] == "move"), None
    )
    tail = ["of", "at", "most", "its", "value", "to"]
    value = next((k for k in range(len(words)) if words[k : k + len(tail)] == tail), None)
    if cut is None and "move" not in words:  # "Spend a charm die.": dsl/world/die_changes.py
        from .die_changes import bind as bind_change

        return bind_change(sb, atoms, span)
    if cut is None or value is None or value < cut + 3 or value + len(tail) >= len(words):
        raise BindError(f"'{' '.join(a.text for a in atoms)}': {FORM}", here)
    spent = _pool_named(sb, atoms[1:cut], True)
    moved = _pool_named(sb, atoms[cut + 2 : value], True)
    rest = atoms[value + len(tail) :]
    rest_words = [a.folded for a in rest]
    of = rest_words.index("of") if "of" in rest_words else len(rest)
    into = _pool_named(sb, rest[:of], False)
    roles: list[tuple[str, Any]] = [("object", (spent,)), ("moved", (moved,)), ("into", (into,))]
    params = [("object", "object"), ("moved", "moved"), ("into", "into")]
    if of < len(rest):
        if of + 1 >= len(rest):
            raise BindError(f"the pool of what? {FORM}", rest[of].span)
        thing = sb.b.single(sb.b.lex(rest[of + 1 :]))
        if not isinstance(thing, Selector):
            raise BindError(f"the pool of what? {FORM}", rest[of + 1].span)
        roles.append(("on", thing))
        params.append(("on", "on"))
    return BoundClause(
        verb=VERB,
        function=FUNCTION,
        roles=tuple(roles),
        params=tuple(params),
        subject=None,
        per=None,
        cost=None,
        optional=False,
        negated=False,
        text=" ".join(a.text for a in atoms),
        span=here,
    )


def _game(ctx: Context) -> WorldGame:
    game: WorldGame = ctx.host.game  # type: ignore[attr-defined]
    return game


def _name(value: Any) -> str:
    return str(value[0] if isinstance(value, list | tuple) else value)


def _decl(game: WorldGame, name: str) -> PropertyDecl:
    decl = game.world.property(name)
    if decl is None or decl.shape != "pool":
        raise EffectError(f"'{name}' is not a pool of dice")
    return decl


def _owner(game: WorldGame, ctx: Context, decl: PropertyDecl, on: Any = None) -> str:
    """Whose dice of the pool: the thing named, the table's for a pool of the game, else the
    actor's (their played card's, when the pool is of a kind they play)."""
    if on is not None:
        things = on if isinstance(on, list) else [on]
        if not things or things[0] is None:
            raise NothingToActOn("there is nothing to hold the dice", ctx.span)
        return str(things[0])
    if decl.owner == GAME:
        return GAME
    if ctx.actor is None:
        raise EffectError(f"whose {decl.name}? nobody is acting")
    return holder(game.world, game.state, str(ctx.actor), decl)


def movable(ctx: Context, object: Any, moved: Any, into: Any, on: Any = None) -> list[int]:
    """The faces of the moved pool that a die of the spent pool covers, lowest first."""
    game = _game(ctx)
    spent, source = _decl(game, _name(object)), _decl(game, _name(moved))
    highest = max(faces(game, _owner(game, ctx, spent), spent), default=0)
    return sorted({f for f in faces(game, _owner(game, ctx, source), source) if f <= highest})


def _missing(ctx: Context, object: Any, moved: Any, into: Any, on: Any = None) -> str | None:
    if movable(ctx, object, moved, into, on):
        return None
    return f"no {_name(moved)} die that a {_name(object)} die covers"


@finds(_missing)
def spend_die(ctx: Context, object: Any, moved: Any, into: Any, on: Any = None) -> None:
    """Spend the lowest die of ``object`` (the actor's pool) that covers the face chosen of
    ``moved``; that die of ``moved`` goes, its face kept, to ``into`` (of ``on``)."""
    game = _game(ctx)
    spent, source, target = (_decl(game, _name(x)) for x in (object, moved, into))
    choices = movable(ctx, object, moved, into, on)
    face = choices[0]
    if len(choices) > 1:
        asked = f"Which {source.name} die to move (a {spent.name} die of at least its value)?"
        face = int(ctx.decide(DecisionKind.CHOOSE_OPTION, choices, asked))
        if face not in choices:
            raise EffectError(f"{face} is not a {source.name} die that can be moved")
    payer, giver = _owner(game, ctx, spent), _owner(game, ctx, source)
    receiver = _owner(game, ctx, target, on)
    paid = min(f for f in faces(game, payer, spent) if f >= face)
    before = {
        (owner, decl.name): len(faces(game, owner, decl))
        for owner, decl in ((payer, spent), (giver, source), (receiver, target))
    }
    _move(game, payer, spent, paid, -1)
    _move(game, giver, source, face, -1)
    _move(game, receiver, target, face, +1)
    why = str(ctx.card or "")
    for (owner, name), count in before.items():
        tell_pool(game, owner, _decl(game, name), count, why)


def _move(game: WorldGame, owner: str, decl: PropertyDecl, face: int, delta: int) -> None:
    held = game.state.values.setdefault(owner, {})
    key = f"{decl.name}#{face}"
    held[key] = int(held.get(key, 0)) + delta
    held[decl.name] = len(faces(game, owner, decl))


VERBS: dict[str, Any] = {VERB: spend_die}

__all__ = ["FUNCTION", "VERB", "VERBS", "bind", "movable", "spend_die"]
