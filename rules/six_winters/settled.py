"""Which of this ruleset's primitives, called with given roles, ask nothing and fail at nothing
once called: a card used as an action whose text ends in such a call (``last_call`` of its
compiled ability, ``dsl.codegen.last_call``) is never taken back or asked again after its first
change, so the piece needs no copy of the game to go back to (``Session.primitive``).

Each rule below is read off the primitive's code in ``primitives.py`` and the operations it
calls, and says when none of these can happen once it is called: a ``ctx.decide`` (a value "of
any value", which location, which resource, the stress of an exploding sorcery), an
``EffectError`` other than ``NothingToActOn`` raised before any change (its contract, held by
``test_a_primitive_that_finds_nothing_changes_nothing``), or any other exception (which the
compiled text turns into an ``EffectError``). A die rolled is the generator's or the script's:
the session checks the table's dice are not asked. A rule that is wrong shows at once: a piece
that asks or is refused with no copy fails loudly (``Machine._restore``), never silently. Only
the very functions of ``primitives.py`` are known (a designer's own primitives are not)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dsl.runtime import Context

from . import primitives as p

Settles = Callable[[Context, dict[str, Any]], bool]


def _fixed(spec: Any) -> bool:
    """Whether ``primitives._choose_value`` gives a face without asking."""
    if isinstance(spec, int):
        return True
    kind = getattr(spec, "kind", None)
    return (kind in ("exact", "each") and spec.value is not None) or kind == "same"


def _flip(ctx: Context, kw: dict[str, Any]) -> bool:
    return True  # reads the faces it turns; a location is turned back with an event


def _remove(ctx: Context, kw: dict[str, Any]) -> bool:
    # threat: taken from the locations named, ``NothingToActOn`` before any when there is none
    # (progress and hindrance ask which obstacle)
    return p._noun(kw.get("object"))[1] == "threat"


def _set_value(ctx: Context, kw: dict[str, Any]) -> bool:
    return _fixed(kw.get("to"))


def _trade(ctx: Context, kw: dict[str, Any]) -> bool:
    for_ = kw.get("for_")
    if for_ is None or ctx.location is None:  # the standard trade asks; ``_here`` fails
        return False
    given = p._die_targets(ctx, kw.get("object"))
    if not all(r["kind"] in ("die", "held", "initiative") for r in given):
        return False  # a die being rolled is no die ``_remove_dice`` takes
    category, noun = p._noun(for_)
    if category == "counter" and noun and "initiative" in noun:
        return True
    spec = getattr(for_, "value", None)
    host: Any = ctx.host
    # a sorcery gained may explode, and its stress is asked
    return (spec is None or _fixed(spec)) and noun is not None and noun != host.sorcery


def _move(ctx: Context, kw: dict[str, Any]) -> bool:
    # the actor moves ("Move to any location"): asked only when more than one place is left
    if "object" in kw or "from_" in kw or "onto" in kw:
        return False
    to = kw.get("to")
    return to is None or len(p._locations(ctx, to)) <= 1


def _roll_and_place(ctx: Context, kw: dict[str, Any]) -> bool:
    made = kw.get("object")
    makes = made if isinstance(made, list) else [made]
    if not makes or makes[0] is None:
        return False
    place = getattr(makes[0], "place", None)
    if not (kw.get("at") or kw.get("on")) and not (
        place is None or place.kind in ("this location", "zone")
    ):
        return False  # ``_where_made`` asks which location
    host: Any = ctx.host
    for item in makes:
        noun = p._noun(item)[1]
        if noun is None or noun == host.sorcery:  # asked which; an exploding sorcery asks
            return False
    return True


SETTLED: dict[Callable[..., Any], Settles] = {
    p.flip: _flip,
    p.remove: _remove,
    p.set_value: _set_value,
    p.trade: _trade,
    p.move: _move,
    p.roll_and_place: _roll_and_place,
}
