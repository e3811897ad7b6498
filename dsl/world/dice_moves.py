"""A die moved from one pool to another for a die spent: "Spend a charm die to move a grain die
of at most its value to the grain stores of this barn."

Along a relation (``relation swap: wheat -> barley``) between pools declared one for each member
of its category ("stores is a pool 0..6 of the game for each crop": "wheat stores", "barley
stores"): "Spend a charm die to move a wheat store die of at most its value along swap." (to a
pool of a member the relation leads wheat to: the player chooses among several), "Spend a charm
die to move a store die of at most its value along swap to the barley stores." (from a pool of
any member the relation leads to barley), or both pools named and "along swap" checking the
direction. The pools a sentence may move between are fixed where it is written; a direction the
relation does not give is an error there.

"Spend a charm die to move every grain die of its value to ...": the spent die's own value, and
every die of the pool showing it moves (the player choosing the value when several can go).
"Spend a charm die to move a run of grain dice down from at most its value to ...": from the
face chosen (at most the spent die's), one die of each face below it while the pool shows it
(5 4 3 of 5 4 4 3 1).

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
from dsl.bound import BoundClause, core_clause
from dsl.runtime import Context, DecisionKind, EffectError, NothingToActOn, Span, finds
from dsl.selectors import Selector

from .control import holder
from .model import GAME, PropertyDecl, game_of
from .pools import faces, tell_pool

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

VERB = "spend"  # the sentence's first word
FUNCTION = "spend_die"  # its primitive, among the engine's core verbs
FORM = (
    "write 'Spend a <pool> die to move a <pool> die of at most its value (or every <pool> die "
    "of its value, or a run of <pool> dice down from at most its value) [along <relation>] [to "
    "the <pool> [of <thing>]].'"
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
        if said in (name, singular, f"{singular} die", f"{name} die", f"{name} dice"):
            return str(decl.name)
    span = _join(atoms[0].span, atoms[-1].span) if atoms else Span("<text>", 1, 1, 1, 1)
    known = ", ".join(sorted(str(d.name) for d in pools)) or "none declared"
    raise BindError(f"'{' '.join(a.text for a in atoms)}' names no pool of dice ({known})", span)


def _member_pool(name: str, members: tuple[str, ...]) -> tuple[str, str]:
    """The member a pool declared for each member belongs to, and the rest of its name
    ("wheat stores": wheat, "stores"); ``("", name)`` when it is no member's."""
    for member in sorted(members, key=len, reverse=True):
        if name.casefold().startswith(member.casefold() + " "):
            return member, name[len(member) + 1 :]
    return "", name


def _pools_of(
    sb: SentenceBinder, atoms: list[ast.Atom], members: tuple[str, ...]
) -> dict[str, str]:
    """Each member's pool a phrase names with no member ("a store die": "wheat stores", ...)."""
    words = [a.folded for a in atoms]
    if words[:1] in (["a"], ["an"]):
        words = words[1:]
    said = " ".join(words)
    world = sb.v.world
    found: dict[str, str] = {}
    for decl in [d for d in (world.properties.values() if world else ()) if d.shape == "pool"]:
        member, rest = _member_pool(str(decl.name), members)
        if not member:
            continue
        rest = rest.casefold()
        singular = rest[: -len("dice")] + "die" if rest.endswith("dice") else rest.rstrip("s")
        if said in (rest, singular, f"{singular} die", f"{rest} die", f"{rest} dice"):
            found[member] = str(decl.name)
    return found


def _along(
    sb: SentenceBinder, atoms: list[ast.Atom], source: list[ast.Atom], into: str | None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The pairs of pools (from, to) a sentence moving "along <relation>" may move between."""
    here = _join(atoms[0].span, atoms[-1].span)
    name = " ".join(a.text for a in atoms)
    relation = sb.v.relations.get(name) or next(
        (r for k, r in sb.v.relations.items() if k.casefold() == name.casefold()), None
    )
    if relation is None:
        known = ", ".join(sorted(sb.v.relations)) or "none declared"
        raise BindError(f"'along {name}': no relation '{name}' ({known})", here)
    category = next((c for c in sb.v.categories.values() if c.member(next(iter(relation)))), None)
    members = tuple(str(m) for m in (category.members if category is not None else relation))
    declared = {
        str(d.name)
        for d in (sb.v.world.properties.values() if sb.v.world else ())
        if d.shape == "pool"
    }
    moved_span = _join(source[0].span, source[-1].span)
    try:
        named: str | None = _pool_named(sb, source, True)
    except BindError:
        named = None
    if named is not None:
        member, rest = _member_pool(named, members)
        if not member:
            raise BindError(f"'{named}' is no pool of a member of relation {name}", moved_span)
        led = relation.get(member, ())
        if into is None:
            targets = [f"{t} {rest}" for t in led if f"{t} {rest}" in declared]
            if not targets:
                raise BindError(f"relation {name} leads {member} to no pool of {rest}", here)
            return tuple(named for _ in targets), tuple(targets)
        to_member, _ = _member_pool(into, members)
        if to_member not in led:
            leads = ", ".join(led) or "nothing"
            raise BindError(
                f"relation {name} does not lead {member} to {to_member or into} (it leads "
                f"{member} to {leads})",
                here,
            )
        return (named,), (into,)
    pools = _pools_of(sb, source, members)
    if not pools:
        said = " ".join(a.text for a in source)
        raise BindError(f"'{said}' names no pool of dice, nor one for each member", moved_span)
    if into is None:
        raise BindError(f"along {name} to which pool? {FORM}", here)
    to_member, _ = _member_pool(into, members)
    sources = [pools[m] for m in members if m in pools and to_member in relation.get(m, ())]
    if not sources:
        raise BindError(f"relation {name} leads nothing to {to_member or into}", here)
    return tuple(sources), tuple(into for _ in sources)


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Spend a <pool> die to move a <pool> die of at most its value [along <relation>] [to
    the <pool> [of <thing>]]``: the clause, or a positioned error saying what is wrong."""
    words = [a.folded for a in atoms]
    here = _join(atoms[0].span, atoms[-1].span)
    cut = next(
        (k for k in range(1, len(words) - 1) if words[k] == "to" and words[k + 1] == "move"), None
    )
    every = cut is not None and cut + 2 < len(words) and words[cut + 2] in ("every", "all")
    run = cut is not None and words[cut + 2 : cut + 5] == ["a", "run", "of"]
    tail = ["of", "its", "value"] if every else ["of", "at", "most", "its", "value"]
    tail = ["down", "from", "at", "most", "its", "value"] if run else tail
    value = next((k for k in range(len(words)) if words[k : k + len(tail)] == tail), None)
    if cut is None and "move" not in words:  # "Spend a charm die.": dsl/world/die_changes.py
        from .die_changes import bind as bind_change

        return bind_change(sb, atoms, span)
    skip = 3 if run else int(every)  # the words before the pool moved: "every", "a run of"
    if cut is None or value is None or value < cut + 3 + skip or value + len(tail) >= len(words):
        raise BindError(f"'{' '.join(a.text for a in atoms)}': {FORM}", here)
    after = value + len(tail)
    along = after + 1 if words[after] == "along" else None
    to = next((k for k in range(after, len(words)) if words[k] == "to"), None)
    if (along is None and to != after) or (along is not None and (to or len(words)) <= along):
        raise BindError(f"'{' '.join(a.text for a in atoms)}': {FORM}", here)
    spent = _pool_named(sb, atoms[1:cut], True)
    roles: list[tuple[str, Any]] = [("object", (spent,))]
    params = [("object", "object"), ("moved", "moved"), ("into", "into")]
    into: str | None = None
    rest = atoms[to + 1 :] if to is not None else []
    if to is not None:
        if to + 1 >= len(words):
            raise BindError(f"'{' '.join(a.text for a in atoms)}': {FORM}", here)
        rest_words = [a.folded for a in rest]
        of = rest_words.index("of") if "of" in rest_words else len(rest)
        into = _pool_named(sb, rest[:of], False)
    if along is None:
        moved: tuple[str, ...] = (
            _pool_named(sb, atoms[cut + 2 + skip : value], not (every or run)),
        )
        intos: tuple[str, ...] = (into or "",)
    else:
        moved, intos = _along(
            sb, atoms[along : to or len(atoms)], atoms[cut + 2 + skip : value], into
        )
    roles += [("moved", moved), ("into", intos)]
    if every or run:
        roles.append(("how", ("every" if every else "run",)))
        params.append(("how", "how"))
    rest_words = [a.folded for a in rest]
    of = rest_words.index("of") if "of" in rest_words else len(rest)
    if of < len(rest):
        if of + 1 >= len(rest):
            raise BindError(f"the pool of what? {FORM}", rest[of].span)
        thing = sb.b.single(sb.b.lex(rest[of + 1 :]))
        if not isinstance(thing, Selector):
            raise BindError(f"the pool of what? {FORM}", rest[of + 1].span)
        roles.append(("on", thing))
        params.append(("on", "on"))
    return core_clause(
        VERB,
        FUNCTION,
        tuple(roles),
        tuple(params),
        " ".join(a.text for a in atoms),
        here,
    )


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


def _pairs(moved: Any, into: Any) -> list[tuple[str, str]]:
    """The (from, to) pools a sentence may move between: one pair, or one a direction along a
    relation (``dice_moves.bind``)."""
    sources = list(moved) if isinstance(moved, list | tuple) else [moved]
    targets = list(into) if isinstance(into, list | tuple) else [into]
    return [(str(a), str(b)) for a, b in zip(sources, targets, strict=True)]


def movable(
    ctx: Context, object: Any, moved: Any, into: Any, on: Any = None, how: Any = None
) -> list[int]:
    """The faces of the moved pools that a die of the spent pool covers, lowest first."""
    pairs = _pairs(moved, into)
    return sorted({f for pair in pairs for f in _covered(ctx, object, pair, how, on)})


def _room(game: WorldGame, ctx: Context, into: str, on: Any) -> int:
    """How many more dice the pool moved to holds (its most)."""
    target = _decl(game, into)
    held = len(faces(game, _owner(game, ctx, target, on), target))
    return (target.high - held) if target.high is not None else 1 << 30


def _how(how: Any) -> str:
    """How many dice move: "one", "every" (of the value), "run" (down from the face)."""
    return _name(how) if how else "one"


def _covered(
    ctx: Context, object: Any, pair: tuple[str, str], how: Any = None, on: Any = None
) -> list[int]:
    """The faces of the pair's first pool a die of the spent pool covers: of at most its value,
    or (``how`` every) of its very value; none when the second pool is full."""
    game = game_of(ctx)
    spent, source = _decl(game, _name(object)), _decl(game, pair[0])
    if _room(game, ctx, pair[1], on) <= 0:
        return []
    paying = faces(game, _owner(game, ctx, spent), spent)
    shown = faces(game, _owner(game, ctx, source), source)
    if _how(how) == "every":
        return sorted({f for f in shown if f in paying})
    return sorted({f for f in shown if f <= max(paying, default=0)})


def _missing(
    ctx: Context, object: Any, moved: Any, into: Any, on: Any = None, how: Any = None
) -> str | None:
    if movable(ctx, object, moved, into, on, how):
        return None
    sources = " or ".join(dict.fromkeys(a for a, _ in _pairs(moved, into)))
    return f"no {sources} die that a {_name(object)} die covers"


@finds(_missing)
def spend_die(
    ctx: Context, object: Any, moved: Any, into: Any, on: Any = None, how: Any = None
) -> None:
    """Spend the lowest die of ``object`` (the actor's pool) that covers the face chosen of
    ``moved``; that die of ``moved`` goes, its face kept, to ``into`` (of ``on``). Along a
    relation, the player first chooses which pool it comes from or goes to, among those with a
    die to move."""
    game = game_of(ctx)
    spent = _decl(game, _name(object))
    pairs = [pair for pair in _pairs(moved, into) if _covered(ctx, object, pair, how, on)]
    pair = pairs[0]
    if len(pairs) > 1:
        to = len({b for _, b in pairs}) > 1  # the pools it may go to differ, else come from
        names = [b if to else a for a, b in pairs]
        asked = (
            f"Which pool does the {pair[0]} die go to?"
            if to
            else f"Which pool does the die for the {pair[1]} come from?"
        )
        chosen = str(ctx.decide(DecisionKind.CHOOSE_OPTION, names, asked))
        if chosen not in names:
            raise EffectError(f"{chosen} is not a pool the die can move {'to' if to else 'from'}")
        pair = pairs[names.index(chosen)]
    source, target = _decl(game, pair[0]), _decl(game, pair[1])
    choices = _covered(ctx, object, pair, how, on)
    face = choices[0]
    if len(choices) > 1:
        asked = f"Which {source.name} die to move (a {spent.name} die of at least its value)?"
        face = int(ctx.decide(DecisionKind.CHOOSE_OPTION, choices, asked))
        if face not in choices:
            raise EffectError(f"{face} is not a {source.name} die that can be moved")
    payer, giver = _owner(game, ctx, spent), _owner(game, ctx, source)
    receiver = _owner(game, ctx, target, on)
    paid = min(f for f in faces(game, payer, spent) if f >= face)  # ``how`` every: the face
    held = faces(game, giver, source)
    moving = [face] * (held.count(face) if _how(how) == "every" else 1)
    if _how(how) == "run":  # one die of each face down from it, one apart
        moving = [f for f in range(face, 0, -1) if all(g in held for g in range(f, face + 1))]
    moving = moving[: _room(game, ctx, pair[1], on)]  # as many as the pool moved to holds
    before = {
        (owner, decl.name): len(faces(game, owner, decl))
        for owner, decl in ((payer, spent), (giver, source), (receiver, target))
    }
    _move(game, payer, spent, paid, -1)
    for one in moving:
        _move(game, giver, source, one, -1)
        _move(game, receiver, target, one, +1)
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
