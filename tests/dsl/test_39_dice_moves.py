"""A die moved from one pool to another for a die spent: "Spend a charm die to move a grain die of
at most its value to the barn grain of this barn." The one acting spends the lowest of their
dice that covers the face moved, the die keeps its face, and goes to the pool of the thing named
(or the table's); when several faces can go the player chooses; with nothing that can go the text
does nothing and an action of it is not offered. Each pool is checked where it is written."""

from __future__ import annotations

from typing import Any

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

BARNYARD = """
ruleset "Barnyard" version "1.0"
players are 1 to 2 seats
charms is a pool 0..6 of players, each a d6
grain is a pool 0..6 of the game, each a d6
barn grain is a pool 0..9 of barns, each a d6
market grain is a pool 0..9 of the game, each a d6
card kinds are kinds of cards: barn, action
barns are places
tokens are pieces of players, one each: token
actions is a zone, holding actions
kind barn {
}
kind action {
}
trigger "Take" activated for action
map "The Yard" {
  "Red Barn" at 0, 0
  "Old Barn" at 1, 0
}
barn "Red Barn" {
}
barn "Old Barn" {
}
action "Store" {
  Take: Spend a charm die to move a grain die of at most its value to the barn grain of this barn.
}
action "Sell" {
  Take: Spend a charm die to move a grain die of at most its value to the market grain.
}
procedure "Game" {
  Turn: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def lay(g: WorldGame, owner: str, pool: str, dice: list[int]) -> None:
    held = g.state.values.setdefault(owner, {})
    for face in range(1, 7):
        held.pop(f"{pool}#{face}", None)
    for face in dice:
        held[f"{pool}#{face}"] = held.get(f"{pool}#{face}", 0) + 1
    held[pool] = len(dice)


def shown(g: WorldGame, owner: str, pool: str) -> list[int]:
    decl = g.world.property(pool)
    assert decl is not None
    return faces(g, owner, decl)


def yard(charms: list[int], grain: list[int], text: str = BARNYARD) -> WorldGame:
    g: WorldGame = new_game(load_text(text), seed=1, players=1)
    g.pending()
    lay(g, "p1", "charms", charms)
    lay(g, "", "grain", grain)
    return g.clone()


def take(g: WorldGame, action: str, *answers: Any) -> WorldGame:
    g.apply(f"Take: {action}")
    for answer in answers:
        decision = g.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        g.apply(answer)
    g.pending()
    return g


def test_one_face_that_can_go_moves_with_no_question() -> None:
    g = take(yard([2, 5], [4, 6]), "Store")  # only the 4 is covered (by the 5)
    assert shown(g, "Red Barn", "barn grain") == [4]
    assert shown(g, "", "grain") == [6]
    assert shown(g, "p1", "charms") == [2]


def test_the_player_chooses_the_face_and_pays_the_lowest_covering_die() -> None:
    g = yard([2, 5, 6], [1, 4, 6])
    g.apply("Take: Store")
    decision = g.pending()
    assert decision is not None and list(decision.options) == [1, 4, 6]
    g.apply(4)
    g.pending()
    assert shown(g, "Red Barn", "barn grain") == [4]
    assert shown(g, "", "grain") == [1, 6]
    assert shown(g, "p1", "charms") == [2, 6]  # the 5 paid: the lowest that covers a 4


def test_a_face_no_spent_die_covers_is_not_offered() -> None:
    g = yard([2, 3], [1, 2, 6])
    g.apply("Take: Store")
    decision = g.pending()
    assert decision is not None and list(decision.options) == [1, 2]


def test_to_a_pool_of_the_table() -> None:
    g = take(yard([6], [3]), "Sell")
    assert shown(g, "", "market grain") == [3]
    assert shown(g, "", "grain") == [] and shown(g, "p1", "charms") == []


def test_nothing_to_move_is_not_offered() -> None:
    g = yard([1, 1], [3, 5])  # no charm covers a 3
    decision = g.pending()
    assert decision is not None
    assert "Take: Store" not in decision.options and "Take: Sell" not in decision.options
    empty = yard([6], [])
    decision = empty.pending()
    assert decision is not None and "Take: Store" not in decision.options


def test_the_form_checks() -> None:
    assert not check_sources([Source("barnyard.rules", BARNYARD)]).diagnostics.errors


@pytest.mark.parametrize(
    ("written", "replaced", "told", "where"),
    [
        (
            "Spend a charm die",
            "Spend a charn die",
            "'a charn die' names no pool",
            [(26, 15), (29, 15)],
        ),
        ("to the market grain.", "to the market grian.", "'the market grian' names no", [(29, 71)]),
        (
            "of at most its value to the market",
            "to the market",
            "write 'Spend a <pool> die",
            [(29, 9)],
        ),
    ],
)
def test_a_mistake_is_told_where_it_is_written(
    written: str, replaced: str, told: str, where: list[tuple[int, int]]
) -> None:
    text = BARNYARD.replace(written, replaced)
    errors = check_sources([Source("barnyard.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == where
    assert len(errors) == len(where)


def test_the_player_acting_is_asked_and_the_barn_is_theirs() -> None:
    g: WorldGame = new_game(load_text(BARNYARD), seed=1, players=2)
    g.pending()
    g.ops.move_pawn("p2", "Old Barn")
    lay(g, "p1", "charms", [])
    lay(g, "p2", "charms", [6])
    lay(g, "", "grain", [2, 3])
    g = g.clone()
    decision = g.pending()
    assert decision is not None and decision.who == "p1"
    assert "Take: Store" not in decision.options  # p1 holds no charm
    g.apply("pass")
    g.apply("Take: Store")
    decision = g.pending()
    assert decision is not None and decision.who == "p2" and list(decision.options) == [2, 3]
    g.apply(3)
    g.pending()
    assert shown(g, "Old Barn", "barn grain") == [3]
    assert shown(g, "Red Barn", "barn grain") == []
