"""A role marked ``dsl.runtime.holds`` offers only the places holding what the verb takes.

``dsl.codegen.select_holding`` keeps, of what the place's phrase finds (after its
superlative), those the host counts some of the object at; one place found is no choice and
goes to the primitive as it is; places of which none holds any find nothing to act on.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dsl.bound import BoundClause
from dsl.codegen import _holding, select_holding
from dsl.runtime import Context, EffectError, NothingToActOn, Span
from dsl.selectors import Quantity, Selector, Superlative

COIN = Selector(quantity=Quantity("exact", 1), noun_category="piece", noun="coin", text="a coin")
ANY_ROOM = Selector(
    quantity=Quantity("any", None), noun_category="card kind", noun="room", text="any room"
)


class Rooms:
    """Rooms holding coins; ``measure`` counts them (``None``: a room it cannot count in)."""

    rng = random.Random(1)

    def __init__(self, coins: dict[str, int | None]) -> None:
        self.coins = coins

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        return [{"kind": "room", "name": name} for name in self.coins]

    def measure(self, ctx: Context, thing: Any, best: Superlative) -> int:
        held = self.coins[thing["name"]]
        if held is None:
            raise EffectError("cannot count coins there")
        return held

    def primitive(self, name: str) -> Any:
        raise AssertionError(name)

    def emit(self, kind: str, **data: Any) -> None:
        pass


def _names(found: list[Any]) -> list[str]:
    return [thing["name"] for thing in found]


def test_only_the_places_holding_it_are_kept() -> None:
    ctx = Context(host=Rooms({"hall": 0, "vault": 2, "cellar": 1}))
    assert _names(select_holding(ctx, ANY_ROOM, COIN)) == ["vault", "cellar"]


def test_places_found_of_which_none_holds_any_find_nothing() -> None:
    ctx = Context(host=Rooms({"hall": 0, "vault": 0}))
    with pytest.raises(NothingToActOn, match="no coin to take from any room"):
        select_holding(ctx, ANY_ROOM, COIN)


def test_one_place_found_is_no_choice_and_goes_on_as_it_is() -> None:
    ctx = Context(host=Rooms({"hall": 0}))
    assert _names(select_holding(ctx, ANY_ROOM, COIN)) == ["hall"]


def test_a_place_where_the_host_cannot_count_it_is_still_offered() -> None:
    ctx = Context(host=Rooms({"hall": 0, "garden": None, "vault": 1}))
    assert _names(select_holding(ctx, ANY_ROOM, COIN)) == ["garden", "vault"]


def test_a_superlative_picks_first() -> None:
    most = Superlative("most", counted=COIN)
    the_most = Selector(
        quantity=Quantity("exact", 1),
        noun_category="card kind",
        noun="room",
        text="the room with the most coins",
        superlative=most,
    )
    ctx = Context(host=Rooms({"hall": 0, "vault": 3, "cellar": 3, "attic": 1}))
    assert _names(select_holding(ctx, the_most, COIN)) == ["vault", "cellar"]


TWO_COINS = Selector(
    quantity=Quantity("exact", 2, plural=True), noun_category="piece", noun="coin", text="2 coins"
)


def test_a_place_must_hold_as_many_as_the_holding_phrase_names() -> None:
    ctx = Context(host=Rooms({"hall": 1, "vault": 2, "cellar": 3}))
    assert _names(select_holding(ctx, ANY_ROOM, TWO_COINS)) == ["vault", "cellar"]


def test_places_of_which_none_holds_enough_find_nothing() -> None:
    ctx = Context(host=Rooms({"hall": 1, "vault": 1}))
    with pytest.raises(NothingToActOn, match="no place of 'any room' holds 2 coins"):
        select_holding(ctx, ANY_ROOM, TWO_COINS)


def _clause(whole: bool) -> BoundClause:
    span = Span("t", 1, 1, 1, 2)
    return BoundClause(
        "pay", "pay", (("object", TWO_COINS), ("in", ANY_ROOM)), (), None, None, None, False,
        False, "Pay 2 coins in any room", span, holds=("in",), holds_whole=whole,
    )  # fmt: skip


def test_a_payment_marked_whole_needs_all_it_names_an_effect_one() -> None:
    whole = _holding(_clause(whole=True), "in")
    one = _holding(_clause(whole=False), "in")
    assert whole is not None and whole.quantity.count == 2
    assert one is not None and one.quantity.count == 1
    ctx = Context(host=Rooms({"hall": 1, "vault": 2}))
    assert _names(select_holding(ctx, ANY_ROOM, whole)) == ["vault"]
    assert _names(select_holding(ctx, ANY_ROOM, one)) == ["hall", "vault"]
