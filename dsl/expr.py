"""Numbers as expressions: what a sentence computes wherever a number stands.

"Gain gold equal to the land value of that tile", "roll X combat dice, where X is the
difference between their combat power and yours", "if your happiness is at most 2", "lose 1
happiness for each fire on your tiles": the binder reads such words into these frozen nodes, and
``evaluate`` computes them when the text runs, reading the table through the host
(``host.select`` finds, ``host.read`` reads a number of a thing). The printer writes them back
as words (``words``). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from dsl.runtime import Context, EffectError, NothingToActOn
from dsl.selectors import Selector

Comparison = Literal["eq", "ne", "lt", "le", "gt", "ge"]
Operator = Literal["plus", "minus", "times", "difference", "min", "max", "beyond", "half"]


@dataclass(frozen=True, slots=True)
class Num:
    """A written number: ``2``, ``two``."""

    value: int


@dataclass(frozen=True, slots=True)
class Value:
    """A declared value of the ruleset: ``the unit limit`` (``value unit limit = 5``)."""

    name: str


@dataclass(frozen=True, slots=True)
class Bound:
    """A number an earlier part of the text gave a name: ``X`` (bound once per text), ``the
    roll`` (the face of the last die rolled), ``it`` (a number "it" names)."""

    name: str


@dataclass(frozen=True, slots=True)
class Read:
    """A number of a thing: a card's field or a property its owner holds: ``its difficulty``,
    ``the land value of that tile``, ``your happiness``, ``the gold of each player``."""

    field: str
    of: Selector | None  # None: the actor's own ("your happiness")
    total: bool = False  # "the sum of the share of each model": 0 when nothing is found
    member: str | None = None  # "the number of fire among the runes of each tile": a list's
    said: str | None = None  # the words a reading of its own prints ("its unmatched lock")


@dataclass(frozen=True, slots=True)
class Count:
    """How many things a phrase finds: ``the number of fires on that tile``."""

    of: Selector


@dataclass(frozen=True, slots=True)
class Op:
    """Two numbers combined: ``A plus B``, ``the difference between A and B`` (never below 0),
    ``the higher of A and B``, ``A beyond 2`` (what is over 2), ``half of A`` (rounded down)."""

    op: Operator
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Row:
    """A table's row as a number: ``the Harvest size by your acres`` (``dsl.table_rows``):
    ``rows`` are (low, high or None, number), taken from the table when the text is checked."""

    table: str
    rows: tuple[tuple[int, int | None, int], ...]
    by: Expr


Expr = Num | Value | Bound | Read | Count | Op | Row


@dataclass(frozen=True, slots=True)
class Compare:
    """A condition on numbers: ``your happiness is at most 2``, ``X is more than 0``."""

    left: Expr
    cmp: Comparison
    right: Expr


@dataclass(frozen=True, slots=True)
class Within:
    """A number in a named band of its values: ``your happiness is dire`` (dire: 0..2);
    ``negated``: ``is not dire``."""

    left: Expr
    band: str
    low: int
    high: int
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Both:
    """Two conditions that must both hold: ``its unmatched lock is 0 and your nerve is at
    least 2``."""

    left: Compare | Within | Both
    right: Compare | Within | Both


Condition = Compare | Within | Both


COMPARE: dict[Comparison, Callable[[int, int], bool]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}

OPERATORS: dict[Operator, Callable[[int, int], int]] = {
    "plus": lambda a, b: a + b,
    "minus": lambda a, b: a - b,
    "times": lambda a, b: a * b,
    "difference": lambda a, b: abs(a - b),
    "min": min,
    "max": max,
    "beyond": lambda a, b: max(0, a - b),
    "half": lambda a, b: a // 2,
}


def evaluate(expr: Expr, ctx: Context) -> int:
    """The number an expression gives now (``NothingToActOn`` when it reads a thing that is not
    there: "its difficulty" with nothing found)."""
    if isinstance(expr, Num):
        return expr.value
    if isinstance(expr, Op):
        return OPERATORS[expr.op](evaluate(expr.left, ctx), evaluate(expr.right, ctx))
    if isinstance(expr, Value):
        values = getattr(ctx.host, "values", None)
        if values is None or expr.name not in values:
            raise EffectError(f"the value '{expr.name}' is not declared")
        return int(values[expr.name])
    if isinstance(expr, Bound):
        found = ctx.bindings.get(expr.name)
        if not isinstance(found, int):
            raise NothingToActOn(f"'{expr.name}' has no number yet")
        return found
    if isinstance(expr, Count):
        count = getattr(ctx.host, "count", None)  # a host that counts pieces on places
        if count is not None and expr.of.reference is None:
            return int(count(ctx, expr.of))
        return len(_found(ctx, expr.of))
    if isinstance(expr, Row):  # the number of the table's row covering the count
        count = evaluate(expr.by, ctx)
        for low, high, value in expr.rows:
            if low <= count and (high is None or count <= high):
                return value
        raise EffectError(f'table "{expr.table}" has no row for {count}')
    return _read(expr, ctx)


def _found(ctx: Context, selector: Selector) -> list[Any]:
    if selector.reference in ("it", "that"):
        found = ctx.bindings.get("that" if selector.reference == "that" else "it")
        return found if isinstance(found, list) else ([] if found is None else [found])
    return list(ctx.host.select(ctx, selector))


def _read(expr: Read, ctx: Context) -> int:
    read = getattr(ctx.host, "read", None)
    if read is None:
        raise EffectError("this game cannot read numbers from the table (its host has no read)")
    if expr.of is None:
        shared = getattr(ctx.host, "shared_owner", None)  # a number the table holds as one
        owner = shared(expr.field) if shared is not None else None
        if owner is not None:
            return int(read(ctx, owner, expr.field))
        if ctx.actor is None:
            raise EffectError(f"whose {expr.field}? nobody is acting")
        return int(read(ctx, ctx.actor, expr.field))
    things = _found(ctx, expr.of)
    if not things and expr.total:
        return 0
    if expr.member is not None:  # how many times a list field of each thing holds the member
        listed = getattr(ctx.host, "listed", None)
        if listed is None:
            raise EffectError("this game cannot read a card's list (its host has no listed)")
        return sum(listed(ctx, thing, expr.field).count(expr.member) for thing in things)
    if not things:
        raise NothingToActOn(f"nothing to read {expr.field} from: '{expr.of.text}'")
    return sum(int(read(ctx, thing, expr.field)) for thing in things)


def holds(condition: Condition, ctx: Context) -> bool:
    if isinstance(condition, Both):
        return holds(condition.left, ctx) and holds(condition.right, ctx)
    if isinstance(condition, Within):
        inside = condition.low <= evaluate(condition.left, ctx) <= condition.high
        return inside != condition.negated
    return COMPARE[condition.cmp](evaluate(condition.left, ctx), evaluate(condition.right, ctx))


# ---- words ------------------------------------------------------------------------------------

CMP_WORDS: dict[Comparison, str] = {
    "eq": "is",
    "ne": "is not",
    "lt": "is less than",
    "le": "is at most",
    "gt": "is more than",
    "ge": "is at least",
}


def words(expr: Expr) -> str:
    """The expression as the printed card says it."""
    if isinstance(expr, Num):
        return str(expr.value)
    if isinstance(expr, Value):
        return f"the {expr.name}"
    if isinstance(expr, Bound):
        return expr.name
    if isinstance(expr, Count):
        return f"the number of {expr.of.text}"
    if isinstance(expr, Row):
        return f"the {expr.table} by {words(expr.by)}"
    if isinstance(expr, Read) and expr.said is not None:
        return expr.said
    if isinstance(expr, Read) and expr.member is not None and expr.of is not None:
        return f"the number of {expr.member} among the {expr.field} of {expr.of.text}"
    if isinstance(expr, Read):
        total = "the sum of " if expr.total else ""
        if expr.of is None:
            return f"your {expr.field}"
        return f"{total}the {expr.field} of {expr.of.text}"
    left, right = words(expr.left), words(expr.right)
    return {
        "plus": f"{left} plus {right}",
        "minus": f"{left} minus {right}",
        "times": f"{left} times {right}",
        "difference": f"the difference between {left} and {right}",
        "min": f"the lower of {left} and {right}",
        "max": f"the higher of {left} and {right}",
        "beyond": f"{left} beyond {right}",
        "half": f"half of {left}",
    }[expr.op]


def condition_words(condition: Condition) -> str:
    if isinstance(condition, Both):
        return f"{condition_words(condition.left)} and {condition_words(condition.right)}"
    if isinstance(condition, Within):
        return f"{words(condition.left)} is {'not ' if condition.negated else ''}{condition.band}"
    return f"{words(condition.left)} {CMP_WORDS[condition.cmp]} {words(condition.right)}"
