"""A track of levels that marks are taken on: each level held at most once, a new mark
promoted to the next level free, and none past the last.

A ruleset declares it in the category form::

    scars are levels 1 to worst scar of heroes, a level held promoted to the next free one
    marks are levels 1..3 of heroes

``<marks> are levels <low> to <high> of <owners>[, a level held promoted to the next free
one]``: each owner holds marks at levels from low to high (figures or declared values; ``1..3``
reads the same). A mark wanted at a level the owner already holds goes to the next level up
that is free when promoted, and is refused when not; a mark that would go past the last level
is refused (``LevelRefused``, saying why, for the ruleset to word).

``LevelTrack.mark(wanted, held, values)`` gives the level the mark is taken at. Nothing here
names a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.runtime import Span

from .payments import amount_of

__all__ = ["LevelError", "LevelRefused", "LevelTrack", "read_levels"]

EXAMPLE = "'scars are levels 1 to 4 of heroes, a level held promoted to the next free one'"


class LevelError(PlacedError):
    """A track of levels that cannot be read: the message says what to write."""


class LevelRefused(Exception):
    """A mark that cannot be taken: ``why`` is ``outside`` (no such level) or ``full`` (every
    level from the one wanted to the last is held, or the one wanted when not promoted)."""

    def __init__(self, why: Literal["outside", "full"], wanted: int, low: int, high: int) -> None:
        super().__init__(
            f"no level {wanted}: levels are {low} to {high}"
            if why == "outside"
            else f"no level free from {wanted} to {high}"
        )
        self.why = why
        self.wanted, self.low, self.high = wanted, low, high


@dataclass(frozen=True, slots=True)
class LevelTrack:
    """``<marks> are levels <low> to <high> of <owners>[, a level held promoted ...]``."""

    marks: str
    owner: str
    low: str  # a figure or a declared value's name
    high: str
    promoted: bool
    span: Span

    @property
    def name(self) -> str:
        return self.marks

    def values(self) -> set[str]:
        """The declared values the declaration reads."""
        return {w for w in (self.low, self.high) if not w.isdigit()}

    def bounds(self, values: Mapping[str, Any]) -> tuple[int, int]:
        return amount_of(self.low, values), amount_of(self.high, values)

    def mark(self, wanted: int, held: Iterable[int], values: Mapping[str, Any]) -> int:
        """The level a mark wanted at ``wanted`` is taken at, beside the levels ``held``."""
        low, high = self.bounds(values)
        if not low <= wanted <= high:
            raise LevelRefused("outside", wanted, low, high)
        taken = set(held)
        level = wanted
        while level in taken and self.promoted:
            level += 1
        if level in taken or level > high:
            raise LevelRefused("full", wanted, low, high)
        return level


def read_levels(name: str, atoms: list[ast.Atom], span: Span) -> LevelTrack | None:
    """The track a category declaration writes, ``None`` when it is none (its shape does not
    start ``levels``). Raises ``LevelError``."""
    clauses = ast.clauses(atoms)
    first = clauses[0]
    words = [a.folded for a in first]
    if words[:1] != ["levels"]:
        return None
    rest = words[1:]
    if rest and first[1].kind == "int range":
        lo, _, hi = first[1].text.partition("..")
        if not hi:
            raise LevelError(f"{name}: a track of levels has a last level: {EXAMPLE}", span)
        low, high, rest = lo, hi, rest[1:]
    elif "to" in rest and "of" in rest[rest.index("to") :]:
        to = rest.index("to")
        of = to + rest[to:].index("of")
        low, high, rest = " ".join(rest[:to]), " ".join(rest[to + 1 : of]), rest[of:]
    else:
        raise LevelError(f"write the levels of {name} as 'levels 1 to 4 of ...': {EXAMPLE}", span)
    if not low or not high:
        raise LevelError(f"write the levels of {name} as 'levels 1 to 4 of ...': {EXAMPLE}", span)
    if rest[:1] != ["of"] or len(rest) < 2:
        raise LevelError(f"say whose {name} they are ('of heroes'): {EXAMPLE}", span)
    owner = " ".join(rest[1:])
    promoted = False
    for clause in clauses[1:]:
        if " ".join(a.folded for a in clause) == "a level held promoted to the next free one":
            promoted = True
            continue
        raise LevelError(
            f"cannot read '{' '.join(a.text for a in clause)}' in the levels of {name}: "
            f"write {EXAMPLE}",
            clause[0].span,
        )
    if low.isdigit() and high.isdigit() and int(high) < int(low):
        raise LevelError(f"{name}: levels {low} to {high} hold no level", span)
    return LevelTrack(name, owner, low, high, promoted, span)
