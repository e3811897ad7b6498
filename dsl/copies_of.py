"""Copies named in a phrase: new cards made of a card of the text, not cards found on the table::

    Bring 3 copies of "Tunnel Rat" into play.
    Bring up to 4 copies of each adversary model in play into play.

``N copies of <cards>`` makes N copies of each card the rest names; ``up to N copies of
<cards>`` asks the one acting how many of each, 0 to N (copies are made, not chosen among
those there are: none is an answer, unlike ``up to N <cards>``, which chooses 1 to N); ``a
copy of <card>`` is one. The cards copied are one named in quotes (``"Tunnel Rat"``) or every
card a phrase with ``each`` finds as the sentence runs (``each adversary model in play``).

Checked where written: the count is 1 to ``MOST`` (none, or a count no table holds, is an
error at the number), the name is one of the text's cards (the binder's own check of a quoted
name), and only ``bring ... into play`` makes copies (``dsl/world/bringing.py``: each copy is
named after its card and the next free number, ``Tunnel Rat 2``, its numbers started as the
deal starts them: ``dsl/world/copies.py``). The phrase binds to the selector of the cards
copied, with ``copies`` set and ``quantity`` how many of each. Nothing here names a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dsl.bind_error import BindError
from dsl.selectors import Quantity, Selector

if TYPE_CHECKING:
    from dsl.binder import Lexeme

COPY_WORDS = ("copies", "copy")
MOST = 20  # the most copies one phrase makes of a card (our limit: a table's worth of models)
VERBS = (("bring", "into", "play"),)  # the verbs that make the copies a phrase names
HOW = "write how many: 'N copies of ...', 'up to N copies of ...' or 'a copy of ...'"


def copies_at(lx: Sequence[Lexeme]) -> int | None:
    """Where ``copies of`` (or ``copy of``) stands in a phrase after its count, else ``None``."""
    for k in range(min(len(lx) - 1, 4)):
        if lx[k].text.casefold() in COPY_WORDS and lx[k + 1].text.casefold() == "of":
            return k
    return None


def _count(head: Sequence[Lexeme], at: Any) -> Quantity:
    words = [x.text.casefold() for x in head]
    number = head[-1] if head and head[-1].kind == "number" else None
    if words in (["a"], ["an"], ["one"]):
        return Quantity("exact", 1)
    if number is not None and (len(head) == 1 or (words[:2] == ["up", "to"] and len(head) == 3)):
        if not 1 <= number.value <= MOST:
            raise BindError(f"copies of a card: 1 to {MOST}, not {number.value}", number.span)
        if len(head) == 1:
            return Quantity("exact", number.value, None, number.value != 1)
        return Quantity("up_to", number.value, None, number.value != 1)
    raise BindError(HOW, head[0].span if head else at)


def bind(binder: Any, lx: Sequence[Lexeme], k: int) -> Selector:
    """The selector of ``lx``, a phrase with ``copies of`` at ``k``: the cards copied, with
    ``copies`` set and how many of each (``binder``: the ``dsl.binder`` reading the phrase)."""
    rest = list(lx[k + 2 :])
    if not rest:
        raise BindError("copies of which card? name it in quotes or write 'each ...'", lx[k].span)
    quantity = _count(lx[:k], lx[k].span)
    of, end = binder.selector(rest, 0)
    if end < len(rest):
        raise binder.cannot(rest[end], rest)
    each = of.quantity.mode == "all" and of.reference is None
    if of.name is None and not (each and of.noun_category in ("card kind", "card")):
        raise BindError(
            "copies of which cards? one named in quotes ('3 copies of \"Rat\"') or each a "
            "phrase finds ('2 copies of each soldier in play')",
            rest[0].span,
        )
    text = " ".join(x.text for x in lx)
    made: Selector = replace(of, quantity=quantity, copies=True, text=text)
    return made


def refuse_the_verb(words: Sequence[str], value: Any, span: Any) -> None:
    """Copies named for a verb that makes none ("Discard 2 copies of ...") are an error."""
    if isinstance(value, Selector) and value.copies and tuple(words) not in VERBS:
        raise BindError(
            f"verb '{' '.join(words)}' makes no copies: 'Bring N copies of ... into play' does",
            span,
        )
