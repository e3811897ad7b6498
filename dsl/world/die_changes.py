"""A die changed, split or spent, and dice that explode: the forms of abilities fuelled by a die.

- ``Turn a charm die of value 3 into a 4.``: one die of the pool (of that value, when said) is
  taken out and the dice after "into" come into the same pool, of the same owner: ``a 4``,
  ``a 4 and a 4``, ``a 3, a 4 and a 5`` (faces), ``one 1 lower`` / ``one 2 higher`` (its value
  moved: a die it would take off the die's faces does not qualify), ``one showing its opposite
  face`` (a d6's 2 a 5), ``two dice summing to its value`` (the player chooses the two: a 1 does
  not qualify), ``one of another type`` (the die, its face kept, to another pool of its family,
  the player choosing: a "grain stores" die to the "wool stores") or ``a wool stores die`` (to
  that pool of the family).
- ``Spend a charm die.``: the die taken out, nothing given (the cost of an ability).
- ``Explode your charm dice of value 5.``: a die rolled into the pool for each die of that value,
  and again for each new die showing it, until none does.

The die may come from several pools, joined by "or": ``Turn a charm die or a grain stores die
of this barn of value 1 into a 2.`` (the actor's own, the table's for a pool of the game, or the
thing's after "of"). A pool's family is the pools whose names end in the same word ("grain
stores", "wool stores": "a stores die of this barn" is a die of any of them). The player chooses
which die when several could go (a ``choose_option`` question); which pool to explode likewise.
No die that qualifies is nothing to act on: the text does nothing, and an ability whose first
sentence finds none is not offered. A pool at its most keeps the dice it holds: a die past it is
not gained. The pools are checked where the sentence is written. Nothing here names a game.
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
from .pools import change, faces, tell_pool

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

__all__ = ["FUNCTIONS", "VERBS", "bind", "explode_dice", "turn_die"]

FORM = (
    "write 'Turn a <pool> die [of <thing>] [or a <pool> die ...] [of value N] into a 4 | a 4 "
    "and a 4 | one 1 lower | one 1 higher | one showing its opposite face | two dice summing to "
    "its value | one of another type | a <pool> die', 'Spend a <pool> die [of value N].' or "
    "'Explode <pool> dice [of <thing>] [or ...] of value N.'"
)
FUNCTIONS = ("turn_die", "explode_dice")
SPENT = "nothing"


def _join(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def _text(atoms: list[ast.Atom]) -> str:
    return " ".join(a.text for a in atoms)


def _pools(sb: SentenceBinder, atoms: list[ast.Atom]) -> tuple[str, ...]:
    """The declared pools a phrase names: one by its name ("a grain die", "your grain dice"),
    or a family by the last word of its members' names ("a stores die")."""
    words = [a.folded for a in atoms]
    while words and words[0] in ("a", "an", "the", "your"):
        words = words[1:]
    world = sb.v.world
    pools = [d for d in (world.properties.values() if world else ()) if d.shape == "pool"]
    said = " ".join(words)
    for decl in pools:
        name = str(decl.name).casefold()
        singular = name[: -len("dice")] + "die" if name.endswith("dice") else name.rstrip("s")
        if said in (name, singular, f"{singular} die", f"{name} die", f"{name} dice"):
            return (str(decl.name),)
    if words and words[-1] in ("die", "dice"):
        words = words[:-1]
    family = " ".join(words)
    if family:
        members = [
            str(d.name)
            for d in pools
            if str(d.name).casefold().endswith(f" {family}")
            or str(d.name).casefold().endswith(f" {family}s")
        ]
        if len(members) > 1:
            return tuple(members)
    span = _join(atoms[0].span, atoms[-1].span) if atoms else Span("<text>", 1, 1, 1, 1)
    known = ", ".join(sorted(str(d.name) for d in pools)) or "none declared"
    raise BindError(f"'{_text(atoms)}' names no pool of dice ({known})", span)


def _value(atoms: list[ast.Atom]) -> tuple[list[ast.Atom], int | None]:
    """A phrase's trailing "of value N", read off."""
    words = [a.folded for a in atoms]
    if len(words) >= 3 and words[-3:-1] == ["of", "value"]:
        if not words[-1].isdigit():
            raise BindError(f"'of value {atoms[-1].text}': a number", atoms[-1].span)
        return atoms[:-3], int(words[-1])
    return atoms, None


def _sources(
    sb: SentenceBinder, atoms: list[ast.Atom], here: Span
) -> tuple[tuple[str, ...], Selector | None]:
    """Each source as ``pool`` or ``pool@of`` (owned by the thing after "of"), and that thing.
    Sources are split at "or" and commas; every "of <thing>" must name the same thing."""
    parts: list[list[ast.Atom]] = [[]]
    for atom in atoms:
        if atom.kind == "comma" or atom.folded == "or":
            parts.append([])
        else:
            parts[-1].append(atom)
    specs: list[str] = []
    thing: Selector | None = None
    said_of = ""
    for part in parts:
        if not part:
            raise BindError(f"a die of which pool? {FORM}", here)
        words = [a.folded for a in part]
        of = words.index("of") if "of" in words else len(part)
        names = _pools(sb, part[:of])
        if of < len(part):
            if of + 1 >= len(part):
                raise BindError(f"the pool of what? {FORM}", part[of].span)
            words_of = " ".join(words[of + 1 :])
            if said_of and words_of != said_of:
                raise BindError(
                    f"'of {words_of}': the dice come from one thing's pools ('of {said_of}')",
                    part[of].span,
                )
            found = sb.b.single(sb.b.lex(part[of + 1 :]))
            if not isinstance(found, Selector):
                raise BindError(f"the pool of what? {FORM}", part[of + 1].span)
            thing, said_of = found, words_of
            specs.append("|".join(f"{name}@of" for name in names))
        else:
            specs.append("|".join(names))
    return tuple(specs), thing


def _result(atoms: list[ast.Atom], here: Span, sb: SentenceBinder) -> str:
    """What a die turns into, as a spec: ``faces:3,4``, ``shift:-1``, ``split``, ``flip``,
    ``retype`` (another pool of its family, the player choosing) or ``retype:<pool>``."""
    words = [a.folded for a in atoms if a.kind != "comma"]
    if len(words) >= 3 and words[0] in ("a", "an") and words[-1] == "die":
        named = _pools(sb, atoms)
        if len(named) == 1:
            return f"retype:{named[0]}"
    if words == ["two", "dice", "summing", "to", "its", "value"]:
        return "split"
    if words == ["one", "of", "another", "type"]:
        return "retype"
    if words == ["one", "showing", "its", "opposite", "face"]:
        return "flip"
    if (
        len(words) == 3
        and words[0] == "one"
        and words[1].isdigit()
        and words[2] in ("lower", "higher")
    ):
        return f"shift:{int(words[1]) * (-1 if words[2] == 'lower' else 1)}"
    got: list[int] = []
    k = 0
    while k < len(words):
        if words[k] == "and" and got:
            k += 1
        if k + 1 < len(words) and words[k] in ("a", "an") and words[k + 1].isdigit():
            got.append(int(words[k + 1]))
            k += 2
            continue
        raise BindError(f"into '{_text(atoms)}'? {FORM}", here)
    if not got:
        raise BindError(f"into what? {FORM}", here)
    return "faces:" + ",".join(str(f) for f in got)


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Turn ... into ...``, ``Spend a <pool> die.`` and ``Explode ... of value N``: the
    clause, or a positioned error saying what is wrong."""
    here = _join(atoms[0].span, atoms[-1].span)
    verb = atoms[0].folded
    body = atoms[1:]
    if verb == "explode":
        body, value = _value(body)
        if value is None:
            raise BindError(f"explode the dice of which value? {FORM}", here)
        function, result = "explode_dice", f"value:{value}"
    else:
        words = [a.folded for a in body]
        into = words.index("into") if "into" in words else None
        if verb == "spend":
            if into is not None:
                raise BindError(f"'{_text(atoms)}': {FORM}", here)
            into_atoms: list[ast.Atom] = []
        elif into is None or into + 1 >= len(body):
            raise BindError(f"turn it into what? {FORM}", here)
        else:
            into_atoms = body[into + 1 :]
            body = body[:into]
        body, value = _value(body)
        function = "turn_die"
        result = _result(into_atoms, here, sb) if into_atoms else SPENT
        if value is not None:
            result = f"{result};value:{value}"
    if not body:
        raise BindError(f"a die of which pool? {FORM}", here)
    specs, thing = _sources(sb, body, here)
    if result.startswith("retype") and any("|" not in s for s in specs):
        raise BindError("'one of another type': the die comes from a family of pools", here)
    if result.startswith("retype:"):
        target = result.split(";")[0][len("retype:") :]
        if not all(any(m.partition("@")[0] == target for m in s.split("|")) for s in specs):
            raise BindError(f"a {target} die: the die comes from a family of pools with it", here)
    roles: list[tuple[str, Any]] = [("object", specs), ("result", (result,))]
    params = [("object", "object"), ("result", "result")]
    if thing is not None:
        roles.append(("on", thing))
        params.append(("on", "on"))
    return core_clause(
        verb,
        function,
        tuple(roles),
        tuple(params),
        _text(atoms),
        here,
    )


# ---- running -------------------------------------------------------------------------------


def _list(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]


def _decl(game: WorldGame, name: str) -> PropertyDecl:
    decl = game.world.property(name)
    if decl is None or decl.shape != "pool":
        raise EffectError(f"'{name}' is not a pool of dice")
    return decl


def _owner(game: WorldGame, ctx: Context, decl: PropertyDecl, of: bool, on: Any) -> str | None:
    if of:
        things = on if isinstance(on, list) else [on]
        return str(things[0]) if things and things[0] is not None else None
    if decl.owner == GAME:
        return GAME
    if ctx.actor is None:
        return None
    return holder(game.world, game.state, str(ctx.actor), decl)


def _spec(result: Any) -> tuple[str, int | None]:
    text = _list(result)[0]
    what, _, value = text.partition(";value:")
    return what, (int(value) if value else None)


def _qualifies(what: str, face: int, sides: int, pool: str = "") -> bool:
    if what == "split":
        return face >= 2
    if what == "flip":
        return sides + 1 - face != face
    if what.startswith("shift:"):
        return 1 <= face + int(what[6:]) <= sides
    if what.startswith("retype:"):
        return what[len("retype:") :] != pool  # a die already of that type is no change
    return True


Die = tuple[str, str, int]  # (pool, owner, face)


def _candidates(ctx: Context, object: Any, result: Any, on: Any) -> list[Die]:
    """Every die that may be turned, one entry a pool, owner and face."""
    game = game_of(ctx)
    what, value = _spec(result)
    found: list[Die] = []
    for spec in _list(object):
        for member in spec.split("|"):
            name, _, of = member.partition("@")
            decl = _decl(game, name)
            owner = _owner(game, ctx, decl, bool(of), on)
            if owner is None:
                continue
            for face in sorted(set(faces(game, owner, decl))):
                die = (str(decl.name), owner, face)
                if (value is None or face == value) and _qualifies(
                    what, face, decl.sides, str(decl.name)
                ):
                    found += [] if die in found else [die]
    return found


def _missing(ctx: Context, object: Any, result: Any, on: Any = None) -> str | None:
    if _candidates(ctx, object, result, on):
        return None
    return f"no die that '{ctx.card or 'this text'}' can take"


def _label(game: WorldGame, die: Die, actor: Any) -> str:
    pool, owner, face = die
    whose = "" if owner in (GAME, actor) or owner == _played(game, actor) else f" of {owner}"
    return f"a {face} of {pool}{whose}"


def _played(game: WorldGame, actor: Any) -> str | None:
    for card, info in game.state.cards.items():
        if actor is not None and info.get("player") == actor:
            return str(card)
    return None


def _put(game: WorldGame, owner: str, decl: PropertyDecl, face: int, delta: int) -> bool:
    held = game.state.values.setdefault(owner, {})
    if delta > 0 and decl.high is not None and len(faces(game, owner, decl)) >= decl.high:
        return False  # the pool at its most: the die is not gained
    key = f"{decl.name}#{face}"
    held[key] = int(held.get(key, 0)) + delta
    held[decl.name] = len(faces(game, owner, decl))
    return True


def _ask(ctx: Context, options: list[str], asked: str) -> str:
    if len(options) == 1:
        return options[0]
    got = str(ctx.decide(DecisionKind.CHOOSE_OPTION, options, asked))
    if got not in options:
        raise EffectError(f"'{got}' is none of {', '.join(options)}")
    return got


@finds(_missing)
def turn_die(ctx: Context, object: Any, result: Any, on: Any = None) -> None:
    """Take one die out of a pool (the player choosing which) and put what ``result`` says
    into the same pool of the same owner, or into another pool of its family."""
    game = game_of(ctx)
    dice = _candidates(ctx, object, result, on)
    if not dice:
        raise NothingToActOn(_missing(ctx, object, result, on) or "", ctx.span)
    labels = {_label(game, d, ctx.actor): d for d in dice}
    pool, owner, face = labels[_ask(ctx, list(labels), "Which die?")]
    decl = _decl(game, pool)
    what, _ = _spec(result)
    target = decl
    if what == SPENT:
        gained: list[int] = []
    elif what == "split":
        pairs = [f"{a} and {face - a}" for a in range(1, face // 2 + 1)]
        pair = _ask(ctx, pairs, f"Split the {face} into which two dice?")
        a, _, b = pair.partition(" and ")
        gained = [int(a), int(b)]
    elif what.startswith("shift:"):
        gained = [face + int(what[6:])]
    elif what == "flip":
        gained = [decl.sides + 1 - face]
    elif what.startswith("retype:"):
        target = _decl(game, what[len("retype:") :])
        gained = [face]
    elif what == "retype":
        family = next(s for s in _list(object) if f"{pool}@" in s or pool in s.split("|"))
        others = [m.partition("@")[0] for m in family.split("|") if m.partition("@")[0] != pool]
        target = _decl(game, _ask(ctx, others, f"The {face} of {pool} becomes which?"))
        gained = [face]
    else:
        gained = [int(f) for f in what[len("faces:") :].split(",")]
    before = {pool: len(faces(game, owner, decl)), target.name: len(faces(game, owner, target))}
    _put(game, owner, decl, face, -1)
    for new in gained:
        _put(game, owner, target, max(1, min(target.sides, new)), +1)
    why = str(ctx.card or "")
    for name, count in before.items():
        tell_pool(game, owner, _decl(game, name), count, why)


def _fives(ctx: Context, object: Any, result: Any, on: Any) -> list[tuple[str, list[Die]]]:
    """Each pool (or family) that may explode, with its dice of the value."""
    game = game_of(ctx)
    value = int(_list(result)[0].partition("value:")[2])
    found = []
    for spec in _list(object):
        dice: list[Die] = []
        for member in spec.split("|"):
            name, _, of = member.partition("@")
            decl = _decl(game, name)
            owner = _owner(game, ctx, decl, bool(of), on)
            if owner is not None:
                dice += [(name, owner, value)] * faces(game, owner, decl).count(value)
        if dice:
            found.append((spec, dice))
    return found


def _no_fives(ctx: Context, object: Any, result: Any, on: Any = None) -> str | None:
    return None if _fives(ctx, object, result, on) else "no die of that value to explode"


@finds(_no_fives)
def explode_dice(ctx: Context, object: Any, result: Any, on: Any = None) -> None:
    """For each die of the value in the pool chosen, roll a new die into its pool; each new die
    showing the value rolls another, until none does (or the pool is at its most)."""
    game = game_of(ctx)
    found = _fives(ctx, object, result, on)
    if not found:
        raise NothingToActOn(_no_fives(ctx, object, result, on) or "", ctx.span)
    names = {_pool_label(spec, dice): dice for spec, dice in found}
    dice = names[_ask(ctx, list(names), "Explode which dice?")]
    value = dice[0][2]
    why = str(ctx.card or "")
    waiting = [(pool, owner) for pool, owner, _ in dice]
    while waiting:
        pool, owner = waiting.pop(0)
        decl = _decl(game, pool)
        held = faces(game, owner, decl)
        if decl.high is not None and len(held) >= decl.high:
            continue
        before = len(held)
        change(game, owner, decl, +1, why=why, tell=False)
        new = faces(game, owner, decl)
        tell_pool(game, owner, decl, before, why)
        rolled = _rolled_face(held, new)
        if rolled == value:
            waiting.append((pool, owner))


def _pool_label(spec: str, dice: list[Die]) -> str:
    """A pool as the player is asked about it: its name, or its family's last word ("stores"),
    then "of" the thing holding it when it is no one's own."""
    members = [m.partition("@")[0] for m in spec.split("|")]
    label = members[0] if len(members) == 1 else members[0].rsplit(" ", 1)[-1]
    return f"{label} of {dice[0][1]}" if "@of" in spec else label


def _rolled_face(before: list[int], after: list[int]) -> int:
    rest = list(after)
    for face in before:
        rest.remove(face)
    return rest[0] if rest else 0


VERBS: dict[str, Any] = {"turn": turn_die, "explode": explode_dice}
