"""Things paid for out of a reservoir of points: a price per thing, a floor the points never go
below, and what a remainder too small to pay a whole price does.

A ruleset declares it in the category form::

    hits are paid from stats, offset hit cost points each, a remainder paying one
    wounds are paid from armour, 2 points each

``<things> are paid from <reservoirs>, <price> [points] each[, a remainder paying one]``: each
thing owed costs the price (a figure or a declared value) out of the points held; the points
never go below 0 (the reservoir's floor); with ``a remainder paying one``, points left that are
fewer than the price but more than none pay for one more thing, all of them (the overflow of
the floor: nothing is owed back). Without it, a remainder stays held and the thing stays owed.

``Payment.pay(held, owed, values)`` gives what was paid, what is held after and what is still
owed. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.runtime import Span

__all__ = ["Paid", "Payment", "PaymentError", "amount_of", "read_payment"]

EXAMPLE = "'hits are paid from stats, 3 points each, a remainder paying one'"


class PaymentError(PlacedError):
    """A payment declaration that cannot be read: the message says what to write."""


@dataclass(frozen=True, slots=True)
class Paid:
    """One payment: ``paid`` things paid for, ``held`` points left, ``owed`` things unpaid,
    ``spent`` points spent."""

    paid: int
    held: int
    owed: int
    spent: int


def values_named(words: str | None) -> set[str]:
    """The declared value an amount's words name: none for a figure or no words."""
    return {words} if words is not None and not words.isdigit() else set()


def amount_of(words: str, values: Mapping[str, Any]) -> int:
    """A figure, or the declared value those words name."""
    if words.isdigit():
        return int(words)
    if words not in values:
        raise KeyError(f"'{words}' is no declared value")
    return int(values[words])


@dataclass(frozen=True, slots=True)
class Payment:
    """``<things> are paid from <reservoirs>, <price> each[, a remainder paying one]``."""

    things: str
    reservoir: str
    price: str  # a figure or a declared value's name
    remainder_pays: bool
    span: Span

    @property
    def name(self) -> str:
        return self.things

    def values(self) -> set[str]:
        """The declared values the declaration reads."""
        return set() if self.price.isdigit() else {self.price}

    def pay(self, held: int, owed: int, values: Mapping[str, Any]) -> Paid:
        """Pay for ``owed`` things out of ``held`` points, whole prices first."""
        if held < 0 or owed < 0:
            raise ValueError(f"{self.things}: points held and things owed are 0 or more")
        price = amount_of(self.price, values)
        paid = min(owed, held // price) if price else owed
        left = held - paid * price
        if self.remainder_pays and paid < owed and 0 < left < price:
            paid, left = paid + 1, 0
        return Paid(paid, left, owed - paid, held - left)


def read_payment(name: str, atoms: list[ast.Atom], span: Span) -> Payment | None:
    """The payment a category declaration writes, ``None`` when it is no payment (its shape
    does not start ``paid from``). Raises ``PaymentError``."""
    clauses = ast.clauses(atoms)
    first = [a.folded for a in clauses[0]]
    if first[:2] != ["paid", "from"]:
        return None
    if len(first) < 3 or len(clauses) < 2:
        raise PaymentError(f"say what {name} are paid from and at what price: {EXAMPLE}", span)
    reservoir = " ".join(a.text for a in clauses[0][2:])
    price_words = [a.text for a in clauses[1]]
    folded = [w.casefold() for w in price_words]
    if folded[-1:] != ["each"]:
        raise PaymentError(f"write the price of one as '<price> points each': {EXAMPLE}", span)
    folded = folded[:-1]
    if folded[-1:] in (["points"], ["point"]):
        folded = folded[:-1]
    if not folded:
        raise PaymentError(f"write the price of one as '<price> points each': {EXAMPLE}", span)
    price = " ".join(folded)
    remainder = False
    for clause in clauses[2:]:
        words = [a.folded for a in clause]
        if words == ["a", "remainder", "paying", "one"]:
            remainder = True
            continue
        raise PaymentError(
            f"cannot read '{' '.join(a.text for a in clause)}' in the payment of {name}: "
            f"write {EXAMPLE}",
            clause[0].span,
        )
    return Payment(name, reservoir, price, remainder, span)
