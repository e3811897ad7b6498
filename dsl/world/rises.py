"""A reservoir raised a level at a time up to a top that is an expression, and a mark recovered
by a roll that counts at least its level.

A ruleset declares them in the category form::

    virtue raises are rises of virtues, 1 level each, to at most virtue cap times the highest
      crafts, a point gained but not in a storm
    mendings are rolls against scars, recovered with successes at least the level

``<rises> are rises of <reservoirs>, <n> level[s] each, to at most <top>[ times the highest
<ranks>][, a point gained[ but not in <situation>]]``: each rise adds ``n`` to a reservoir's
level, refused past the top (a figure or a declared value, times the highest rank the owner
holds when so written); what it holds rises with it (one point a level) unless no point is
written, or the situation named holds. ``Rise.rise(level, held, values, highest=...,
situations=...)`` gives the new level and held amount, or raises ``RiseRefused``.

``<name> are rolls against <marks>, recovered with <count> at least the level``: a roll against
a mark of that level recovers it when the roll's ``count`` (one the caller names) is at least
the level. ``Recovery.recovers(level, counted)``. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.diagnostics import did_you_mean
from dsl.errors import ChroniclerError
from dsl.runtime import Span

from .payments import amount_of

__all__ = ["Recovery", "Rise", "RiseError", "RiseRefused", "read_recovery", "read_rise"]

RISE = (
    "'virtue raises are rises of virtues, 1 level each, to at most virtue cap times the highest "
    "crafts, a point gained but not in a storm'"
)
RECOVERY = "'mendings are rolls against scars, recovered with successes at least the level'"


class RiseError(PlacedError):
    """A rise or a recovery that cannot be read: the message says what to write."""


class RiseRefused(ChroniclerError):
    """A rise past the top: ``most`` is the top as it stands."""

    def __init__(self, wanted: int, most: int) -> None:
        super().__init__(f"level {wanted} is past the top, {most}")
        self.wanted, self.most = wanted, most


def _amount(words: list[str], what: str, span: Span) -> str:
    said = " ".join(words)
    if not said:
        raise RiseError(f"{what}: write a figure or a declared value", span)
    return said


Report = Callable[[str, Span], None]


@dataclass(frozen=True, slots=True)
class Rise:
    name: str
    owner: str  # the reservoirs' category
    step: str  # levels a rise adds: a figure or a declared value
    top: str
    ranks: str | None  # "times the highest <ranks>"
    gains: bool  # the held amount rises with the level
    unless: str | None  # ... but not in this situation
    span: Span

    def values(self) -> set[str]:
        return {w for w in (self.step, self.top) if not w.isdigit()}

    def check(self, values: list[str], categories: list[str], report: Report) -> None:
        for value in sorted(self.values()):
            if value not in values:
                report(
                    f"'{value}' in the rises of {self.owner} is no declared value"
                    f"{did_you_mean(value, values)}",
                    self.span,
                )
        folded = {c.casefold() for c in categories}
        for whose in (self.owner, self.ranks):
            if whose is not None and whose.casefold() not in folded:
                report(
                    f"'{whose}' in {self.name} is no category declared"
                    f"{did_you_mean(whose, categories)}",
                    self.span,
                )

    def most(self, values: Mapping[str, Any], highest: Mapping[str, int] | None = None) -> int:
        """The top as it stands: the value, times the highest rank given when so written."""
        top = amount_of(self.top, values)
        if self.ranks is None:
            return top
        found = {k.casefold(): v for k, v in (highest or {}).items()}.get(self.ranks.casefold())
        if found is None:
            raise ChroniclerError(f"{self.name}: give the highest of {self.ranks}")
        return top * found

    def rise(
        self,
        level: int,
        held: int,
        values: Mapping[str, Any],
        *,
        highest: Mapping[str, int] | None = None,
        situations: Collection[str] = (),
    ) -> tuple[int, int]:
        """The level and the held amount after one rise; ``RiseRefused`` past the top."""
        step = amount_of(self.step, values)
        most = self.most(values, highest)
        if level + step > most:
            raise RiseRefused(level + step, most)
        now = {s.casefold() for s in situations}
        gains = self.gains and (self.unless is None or self.unless.casefold() not in now)
        return level + step, held + (step if gains else 0)


def read_rise(name: str, atoms: list[ast.Atom], span: Span) -> Rise | None:
    """The rise a category declaration writes, ``None`` when it is none (its shape does not
    start ``rises of``). Raises ``RiseError``."""
    parts = ast.clauses(atoms)
    words = [[a.folded for a in p] for p in parts]
    if words[0][:2] != ["rises", "of"]:
        return None
    if len(parts) < 3 or len(words[0]) < 3:
        raise RiseError(f"write the rises of {name} as {RISE}", span)
    owner = " ".join(words[0][2:])
    step_words = words[1]
    if step_words[-2:] not in (["level", "each"], ["levels", "each"]):
        raise RiseError(f"say how many levels a rise adds ('1 level each'): {RISE}", span)
    step = _amount(step_words[:-2], "a rise's levels", span)
    top_words = words[2]
    if top_words[:3] != ["to", "at", "most"]:
        raise RiseError(f"say the top ('to at most 6'): {RISE}", span)
    top_words = top_words[3:]
    ranks = None
    if "times" in top_words:
        at = top_words.index("times")
        if top_words[at + 1 : at + 3] != ["the", "highest"] or len(top_words) <= at + 3:
            raise RiseError(f"write 'times the highest <ranks>': {RISE}", span)
        ranks = " ".join(top_words[at + 3 :])
        top_words = top_words[:at]
    top = _amount(top_words, "the top", span)
    gains, unless = False, None
    for clause, said in zip(parts[3:], words[3:], strict=True):
        if said == ["a", "point", "gained"]:
            gains = True
            continue
        if said[:6] == ["a", "point", "gained", "but", "not", "in"] and len(said) > 6:
            gains, unless = True, " ".join(said[6:])
            continue
        raise RiseError(
            f"cannot read '{' '.join(a.text for a in clause)}' in the rises of {owner}: {RISE}",
            clause[0].span if clause else span,
        )
    return Rise(name, owner, step, top, ranks, gains, unless, span)


@dataclass(frozen=True, slots=True)
class Recovery:
    name: str
    marks: str  # a track of levels the ruleset declares
    count: str  # what the roll counts, named by the caller
    span: Span

    def values(self) -> set[str]:
        return set()

    def check(self, levels: list[str], report: Report) -> None:
        if self.marks.casefold() not in {x.casefold() for x in levels}:
            report(
                f"'{self.marks}' in {self.name} is no track of levels declared"
                f"{did_you_mean(self.marks, levels)}",
                self.span,
            )

    def recovers(self, level: int, counted: Mapping[str, int]) -> bool:
        """Whether a roll counting ``counted`` recovers a mark of ``level``."""
        found = {k.casefold(): v for k, v in counted.items()}.get(self.count.casefold())
        if found is None:
            raise ChroniclerError(f"{self.name}: give the roll's {self.count}")
        return found >= level


def read_recovery(name: str, atoms: list[ast.Atom], span: Span) -> Recovery | None:
    """The recovery a category declaration writes, ``None`` when it is none (its shape does
    not start ``rolls against``). Raises ``RiseError``."""
    parts = ast.clauses(atoms)
    words = [[a.folded for a in p] for p in parts]
    if words[0][:2] != ["rolls", "against"]:
        return None
    said = words[1] if len(parts) == 2 else []
    if (
        len(words[0]) < 3
        or said[:2] != ["recovered", "with"]
        or said[-4:]
        != [
            "at",
            "least",
            "the",
            "level",
        ]
    ):
        raise RiseError(f"write {name} as {RECOVERY}", span)
    count = " ".join(said[2:-4])
    if not count:
        raise RiseError(f"say what the roll counts ('with successes'): {RECOVERY}", span)
    return Recovery(name, " ".join(words[0][2:]), count, span)
