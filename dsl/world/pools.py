"""Dice a player holds, by face: "charms is a pool 0..6 of players, each a d6, starting at 4".

A pool is a number (how many dice are held: "Lose 2 charms.", "Lose charms equal to ...", "Set
charms to 5.", a cost that cannot be paid is refused) whose dice keep the faces they were
rolled with. Dice come in rolled, one die each, and a pool that rises keeps the dice it holds:
"Set charms to 5." with three held rolls two (refilled without rerolling). Dice go out lowest
first: a player keeps their best ("Set charms to 3." keeps the three highest). A pool is read by
value: "the highest charm of yours", "the lowest charm of yours", "the number of your charms of
value 6" (``faces``). The faces are kept beside the count, as numbers ``<pool>#<face>`` of the
owner, so the state stays numbers.

Where the text lets the player choose, the player chooses: "Keep 3 charms of your choice." (the
rest go out) and "Keep up to 3 charms of your choice." (as many as they like, none to three);
"of your choice" after a pool in another verb ("Lay charms of your choice on it.":
``dsl.world.matching``) asks the same way. One question offers every set of dice that may be
chosen, each once however many dice show the same faces ("6, 5, 5"; "none"), fewest dice and
lowest faces first, so the last is the most and best; a question with one answer is not asked.
Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import product
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause, core_clause
from dsl.runtime import Context, DecisionKind, EffectError, Span

from .events import WorldEvent
from .model import PropertyDecl, World, game_of

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

CHOICE = ["of", "your", "choice"]  # "... charms of your choice ..."
KEEP_FORM = "write 'Keep [up to] N <pool> of your choice.'"


def _key(decl: PropertyDecl, face: int) -> str:
    return f"{decl.name}#{face}"


def faces(game: WorldGame, owner: str, decl: PropertyDecl) -> list[int]:
    """The faces of the dice ``owner`` holds in the pool, lowest first."""
    held = game.state.values.get(owner, {})
    return [f for f in range(1, decl.sides + 1) for _ in range(int(held.get(_key(decl, f), 0)))]


def tell_pool(game: WorldGame, owner: str, decl: PropertyDecl, before: int, why: str) -> None:
    """Tell a pool's change: the dice ``owner`` held before, those held now and their faces."""
    now = faces(game, owner, decl)
    game.emit(
        WorldEvent.VALUE_CHANGED,
        owner=owner,
        property=decl.name,
        before=before,
        after=len(now),
        why=why,
        rolled=[],
        faces=now,
    )


def change(
    game: WorldGame, owner: str, decl: PropertyDecl, delta: int, why: str = "", tell: bool = True
) -> int:
    """Roll ``delta`` dice into the pool (within its most), or take ``-delta`` out, lowest
    first; returns how many are held. ``tell``: say it (not when the game is dealt)."""
    held = game.state.values.setdefault(owner, {})
    before = faces(game, owner, decl)
    count = decl.clamp(len(before) + delta) - len(before)
    if count == 0:
        return len(before)
    rolled: list[int] = []
    if count > 0:
        rolled = game.roll_dice(decl.sides, count, decl.name)
        for face in rolled:
            held[_key(decl, face)] = int(held.get(_key(decl, face), 0)) + 1
    else:
        for face in before[:-count]:
            held[_key(decl, face)] = int(held[_key(decl, face)]) - 1
    after = faces(game, owner, decl)
    held[decl.name] = len(after)
    if not tell:
        return len(after)
    game.emit(
        WorldEvent.VALUE_CHANGED,
        owner=owner,
        property=decl.name,
        before=len(before),
        after=len(after),
        why=why,
        rolled=rolled,
        faces=after,
    )
    return len(after)


def read(game: WorldGame, owner: str, decl: PropertyDecl, how: str, value: int = 0) -> int:
    """A pool read by value: ``highest`` or ``lowest`` face (0 when empty), or ``of value``:
    how many dice show ``value``."""
    held = faces(game, owner, decl)
    if how == "highest":
        return held[-1] if held else 0
    if how == "lowest":
        return held[0] if held else 0
    return held.count(value)


READINGS = ("highest", "lowest")


def reading(world: World, name: str) -> tuple[PropertyDecl, str, int] | None:
    """The pool and reading a read's name says (``charms highest``, ``charms of value 6``: the
    names ``dsl.numbers`` gives "your highest charm", "your charms of value 6"), else ``None``."""
    for how in READINGS:
        if name.endswith(f" {how}"):
            decl = world.property(name[: -len(how) - 1])
            return (decl, how, 0) if decl is not None and decl.shape == "pool" else None
    base, sep, value = name.rpartition(" of value ")
    if sep and value.isdigit():
        decl = world.property(base)
        return (decl, "of value", int(value)) if decl is not None and decl.shape == "pool" else None
    return None


# ---- dice the player chooses --------------------------------------------------------------------


def choice_at(words: list[str]) -> int | None:
    """Where "of your choice" starts among ``words`` (folded), else ``None``."""
    return next(
        (k for k in range(len(words) - 2) if words[k : k + 3] == CHOICE),
        None,
    )


def dice_options(dice: list[int], sizes: Collection[int]) -> list[tuple[int, ...]]:
    """Every set of ``dice`` of a size in ``sizes``, each once however many dice show its faces
    (each highest first), fewest dice first, then lowest faces first."""
    held = {f: dice.count(f) for f in set(dice)}
    shown = sorted(held)
    found: list[tuple[int, ...]] = []
    for counts in product(*(range(held[f] + 1) for f in shown)):
        if sum(counts) in sizes:
            chosen = [f for f, n in zip(shown, counts, strict=True) for _ in range(n)]
            found.append(tuple(sorted(chosen, reverse=True)))
    return sorted(found, key=lambda o: (len(o), sum(o), sorted(o)))


def dice_label(option: tuple[int, ...]) -> str:
    """A set of dice as the question shows it: "6, 5, 5", or "none"."""
    return ", ".join(str(f) for f in option) or "none"


def choose_dice(ctx: Context, dice: list[int], sizes: Collection[int], asked: str) -> list[int]:
    """The dice the player acting chooses among ``dice`` (a set of a size in ``sizes``): one
    question, not asked when one set is all there is."""
    options = dice_options(dice, sizes)
    if not options:
        return []
    if len(options) == 1:
        return list(options[0])
    labels = [dice_label(o) for o in options]
    got = str(ctx.decide(DecisionKind.CHOOSE_OPTION, labels, asked))
    if got not in labels:
        raise EffectError(f"'{got}' is none of the dice that may be chosen: {'; '.join(labels)}")
    return list(options[labels.index(got)])


def declared_pool(world: Any, name: str) -> PropertyDecl | None:
    """The pool of dice declared as ``name`` (folded), if any."""
    found = world.properties.values() if world is not None else ()
    return next((d for d in found if d.shape == "pool" and d.name.casefold() == name), None)


def _words_span(atoms: list[ast.Atom]) -> Span:
    """From the first word's start to the last one's end."""
    first, last = atoms[0].span, atoms[-1].span
    return Span(first.file, first.line, first.column, last.end_line, last.end_column)


def _pool_words(sb: SentenceBinder, atoms: list[ast.Atom]) -> PropertyDecl:
    """The pool a phrase names ("charms", "red dice"), or a positioned error."""
    said = " ".join(a.folded for a in atoms)
    world = sb.v.world
    here = _words_span(atoms)
    decl = declared_pool(world, said)
    if decl is None:
        pools = sorted(
            str(d.name) for d in (world.properties.values() if world else ()) if d.shape == "pool"
        )
        known = ", ".join(pools) or "none declared"
        raise BindError(
            f"'{' '.join(a.text for a in atoms)}' names no pool of dice ({known})", here
        )
    return decl


def bind_keep(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Keep [up to] N <pool> of your choice.``: the clause, or a positioned error."""
    words = [a.folded for a in atoms]
    text = " ".join(a.text for a in atoms)
    here = _words_span(atoms)
    at = choice_at(words)
    if at is None or at + 3 != len(words):
        raise BindError(f"'{text}': who chooses the dice kept? {KEEP_FORM}", here)
    start = 3 if words[1:3] == ["up", "to"] else 1
    if start >= at or not words[start].isdigit():
        raise BindError(f"'{text}': how many dice? {KEEP_FORM}", atoms[min(start, at)].span)
    if start + 1 >= at:
        raise BindError(f"'{text}': dice of which pool? {KEEP_FORM}", atoms[start].span)
    decl = _pool_words(sb, atoms[start + 1 : at])
    roles: tuple[tuple[str, Any], ...] = (
        ("object", (str(decl.name),)),
        ("amount", (int(words[start]),)),
        ("how", ("up to" if start == 3 else "exactly",)),
    )
    params = (("object", "object"), ("amount", "amount"), ("how", "how"))
    return core_clause("keep", "keep_dice", roles, params, text, here)


def keep_dice(ctx: Context, object: Any, amount: Any, how: Any) -> None:
    """Keep the dice of the actor's pool they choose (``amount`` of them, or up to it with
    ``how`` "up to"); the rest go out."""
    from .control import holder

    game = game_of(ctx)
    decl = game.world.property(str(object[0]))
    if decl is None or decl.shape != "pool":
        raise EffectError(f"'{object[0]}' is not a pool of dice")
    if ctx.actor is None:
        raise EffectError(f"whose {decl.name}? nobody is acting")
    owner = holder(game.world, game.state, str(ctx.actor), decl)
    held = faces(game, owner, decl)
    most = min(int(amount[0]), len(held))
    sizes = range(most + 1) if str(how[0]) == "up to" else (most,)
    if str(how[0]) != "up to" and most == len(held):
        return  # nothing to let go
    upto = "up to " if str(how[0]) == "up to" else ""
    kept = choose_dice(ctx, held, sizes, f"Which {decl.name} to keep ({upto}{amount[0]})?")
    if len(kept) == len(held):
        return
    counts = game.state.values.setdefault(owner, {})
    for face in set(held):
        counts[_key(decl, face)] = kept.count(face)
    counts[decl.name] = len(kept)
    tell_pool(game, owner, decl, len(held), str(ctx.card or ""))


VERBS: dict[str, Any] = {"keep": keep_dice}
