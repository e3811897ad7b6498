"""How many actions of some sorts a held card lets its holder take in a phase of its own, and
a restraint held only from a number of stacks on.

A card held for a while (``dsl.world.durations``, ``dsl.world.restraints``) may say::

    Its holder takes at most 1 action a turn.
    Its holder takes at most 2 close moves or dash moves an activation.
    Its holder takes at most 1 move a turn while it holds 2 stacks or more.

``takes at most N <sorts> a <phase>`` (``a``, ``an`` or ``each``): the sorts are read as
``takes no`` reads them (words a card must carry, the last plural or not, joined by ``or``,
``and`` or commas). In a phase of that name played for the holder (``for each unit in order,
play "Turn"``), once it has taken N actions of cards of those sorts there (whatever it held
when it took them), no further one of them is offered; the others are. The actions taken are
counted in the phase's own frame (``taken``: the cards its subject used there), so they end
with it; outside a phase of its own the holder is not limited (an action taken in another's
turn is counted in none).

``while it holds N stacks or more`` after any of the restraints' sentences: it holds only while
the card is held with at least N stacks (a card held ``in stacks until ...`` counts up each
time it is given again: its strength).

Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dsl import ast
from dsl.bind_error import PlacedError

if TYPE_CHECKING:
    from .game import WorldGame

MOST = "write 'Its holder takes at most <N> <sorts> a <phase>.' ('... at most 1 action a turn.')"
WHILE = "write '... while it holds <N> stacks or more.'"
ARTICLES = ("a", "an", "each")


class FormError(PlacedError):
    """Words of one of these forms that cannot be read (``dsl.world.restraints`` tells it as
    the sentence's error)."""


def split_while(atoms: list[ast.Atom]) -> tuple[list[ast.Atom], int]:
    """The words before ``while it holds N stacks or more`` and that N (0: no such words)."""
    words = [a.folded for a in atoms]
    if "while" not in words:
        return atoms, 0
    at = words.index("while")
    tail = words[at:]
    if (
        len(tail) != 7
        or tail[1:3] != ["it", "holds"]
        or atoms[at + 3].kind != "number"
        or tail[4] not in ("stacks", "stack")
        or tail[5:] != ["or", "more"]
    ):
        raise FormError(f"cannot read when it holds: {WHILE}", atoms[at].span)
    stacks = int(atoms[at + 3].text)
    if stacks < 1:
        raise FormError(f"say 1 stack or more, not {stacks}: {WHILE}", atoms[at + 3].span)
    return atoms[:at], stacks


def read_most(atoms: list[ast.Atom]) -> tuple[int, int, str]:
    """``Its holder takes at most N <sorts> a <phase>`` (``atoms`` from "Its"): N, where the
    sorts end (the article before the phase) and the phase."""
    words = [a.folded for a in atoms]
    if len(atoms) < 7 or atoms[5].kind != "number":
        raise FormError(f"say how many it takes: {MOST}", atoms[min(5, len(atoms) - 1)].span)
    cut = max((i for i, w in enumerate(words) if w in ARTICLES and i > 6), default=None)
    if cut is None or cut == len(words) - 1:
        raise FormError(f"say in which phase it is counted: {MOST}", atoms[-1].span)
    return int(atoms[5].text), cut, " ".join(a.text for a in atoms[cut + 1 :])


# ---- in play -----------------------------------------------------------------------------------


def counting(game: WorldGame) -> bool:
    """Whether any held card of the game limits how many actions are taken in a phase."""
    return any(r.how == "most" for kept in game.world.restraints.values() for r in kept)


def took(game: WorldGame, player: str, card: str) -> None:
    """``player`` takes an action of ``card``: counted in each phase played for it now."""
    for frame in game.state.frames:
        if frame.kind == "procedure" and frame.data.get("subject") == player:
            frame.data.setdefault("taken", []).append(card)


def taken(game: WorldGame, holder: str, phase: str) -> list[str] | None:
    """The cards ``holder`` took actions of in the innermost phase of that name played for it
    (``None``: it is in none)."""
    wanted = phase.casefold()
    for frame in reversed(game.state.frames):
        if (
            frame.kind == "procedure"
            and str(frame.data.get("phase", "")).casefold() == wanted
            and frame.data.get("subject") == holder
        ):
            return list(frame.data.get("taken", ()))
    return None
