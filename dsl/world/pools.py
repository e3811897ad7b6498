"""Dice a player holds, by face: "charms is a pool 0..6 of players, each a d6, starting at 4".

A pool is a number (how many dice are held: "Lose 2 charms.", "Lose charms equal to ...", "Set
charms to 5.", a cost that cannot be paid is refused) whose dice keep the faces they were
rolled with. Dice come in rolled, one die each, and a pool that rises keeps the dice it holds:
"Set charms to 5." with three held rolls two (refilled without rerolling). Dice go out lowest
first: a player keeps their best ("Set charms to 3." keeps the three highest). A pool is read by
value: "the highest charm of yours", "the lowest charm of yours", "the number of your charms of
value 6" (``faces``). The faces are kept beside the count, as numbers ``<pool>#<face>`` of the
owner, so the state stays numbers. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import WorldEvent
from .model import PropertyDecl, World

if TYPE_CHECKING:
    from .game import WorldGame


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
