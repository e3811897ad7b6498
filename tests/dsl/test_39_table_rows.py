"""A table's row read as a number: "the Harvest size by wheat acres" is the row of table
"Harvest size" that covers the wheat acres, its words a number. With it a pool of the table for
each member of a category is refilled to a level: dice rolled in up to the row's number, the dice
held not rerolled, a pool holding more keeping them. A number no row covers stops the text
naming the table; a table with a row that is no number is refused where the words are written."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.runtime import EffectError
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

GRANARY = """
ruleset "Granary" version "1.0"
players are 1 to 2 seats
grains are meters of players: wheat, rye
stores is a pool 0..6 of the game for each grain, each a d6
acres is a number 0..12 of the game for each grain, starting at 1
card kinds are kinds of cards: action
table "Harvest size" by "acres" {
  1-3: "1"
  4-8: "2"
  9+: "4"
}
procedure "Year" {
  Refill: Gain wheat stores equal to the higher of the Harvest size by wheat acres minus wheat
    stores and 0. Gain rye stores equal to the higher of the Harvest size by rye acres minus rye
    stores and 0.
  teardown: do end the game
}
"""


def year(
    acres: dict[str, int], stores: dict[str, list[int]] | None = None, dice: list[int] | None = None
) -> WorldGame:
    """A year refilled once: ``acres`` and the dice each store holds before (by face)."""
    g: WorldGame = new_game(load_text(GRANARY), seed=1, players=1, dice=dice)
    held = g.state.values.setdefault("", {})
    for grain, count in acres.items():
        held[f"{grain} acres"] = count
    for grain, shown in (stores or {}).items():
        for face in shown:
            key = f"{grain} stores#{face}"
            held[key] = held.get(key, 0) + 1
        held[f"{grain} stores"] = len(shown)
    g.pending()
    assert g.state.over
    return g


def store(g: WorldGame, grain: str) -> list[int]:
    decl = g.world.property(f"{grain} stores")
    assert decl is not None
    return faces(g, "", decl)


@pytest.mark.parametrize(("acres", "size"), [(1, 1), (3, 1), (4, 2), (8, 2), (9, 4), (12, 4)])
def test_the_row_covering_the_number_gives_the_number(acres: int, size: int) -> None:
    g = year({"wheat": acres, "rye": 1})
    assert len(store(g, "wheat")) == size


def test_each_member_has_its_own_pool_and_level() -> None:
    g = year({"wheat": 9, "rye": 4})
    assert (len(store(g, "wheat")), len(store(g, "rye"))) == (4, 2)


def test_the_dice_held_are_kept_and_only_the_rest_are_rolled() -> None:
    # wheat holds a 6 at size 2: one die rolled (the scripted 3), the 6 kept
    g = year({"wheat": 4, "rye": 1}, {"wheat": [6], "rye": [2]}, dice=[3, 5, 5])
    assert store(g, "wheat") == [3, 6]
    assert store(g, "rye") == [2]  # rye is full at size 1: nothing rolled


def test_a_pool_holding_more_than_its_level_keeps_them() -> None:
    g = year({"wheat": 1, "rye": 1}, {"wheat": [1, 4, 6]})
    assert store(g, "wheat") == [1, 4, 6]


def test_a_number_no_row_covers_stops_the_text_naming_the_table() -> None:
    with pytest.raises(EffectError, match='table "Harvest size" has no row for 0'):
        year({"wheat": 0, "rye": 1})


def test_the_form_checks() -> None:
    assert not check_sources([Source("granary.rules", GRANARY)]).diagnostics.errors


def test_a_table_of_words_is_refused_where_the_number_is_written() -> None:
    text = GRANARY.replace('9+: "4"', '9+: "A bumper crop"')
    errors = check_sources([Source("granary.rules", text)]).diagnostics.errors
    told = 'table "Harvest size" gives "A bumper crop" for 9'
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == [
        (14, 52),
        (15, 58),
    ]


def test_a_name_that_is_no_table_is_not_read_as_one() -> None:
    text = GRANARY.replace("the Harvest size by wheat acres", "the Harvest sise by wheat acres")
    errors = check_sources([Source("granary.rules", text)]).diagnostics.errors
    assert len(errors) == 1 and errors[0].span.line == 14
