"""A die moved along a relation for a die spent: pools declared one for each member of a
category ("stores is a pool 0..6 of the game for each crop"), and a relation between the members
("relation swap: wheat -> barley"). "Spend a charm die to move a wheat store die of at most its
value along swap." moves it to a pool the relation leads wheat to (the player choosing when it
leads to several); "... a store die of at most its value along swap to the barley stores." takes
it from any pool the relation leads to barley; both pools named check the direction. Only the
pools with a die the spent die covers are offered; a direction the relation does not give is an
error where the sentence is written."""

from __future__ import annotations

import pytest
from test_39_dice_moves import lay

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

MILL = """
ruleset "Mill" version "1.0"
players are 1 to 2 seats
crops are d6 dice kept at places: wheat, barley, oat
relation swap: wheat -> barley
relation swap: barley -> oat
relation swap: oat -> wheat, barley
charms is a pool 0..6 of players, each a d6
stores is a pool 0..6 of the game for each crop, each a d6
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
action "Sell Wheat" {
  Take: If the column of this barn is 0, spend a charm die to move a wheat store die of at most
        its value along swap.
}
action "Buy Barley" {
  Take: If the column of this barn is 1, spend a charm die to move a store die of at most its
        value along swap to the barley stores.
}
action "Sell Oat" {
  Take: If the column of this barn is 0, spend a charm die to move an oat store die of at most
        its value along swap.
}
action "Oat For Wheat" {
  Take: If the column of this barn is 1, spend a charm die to move an oat store die of at most
        its value along swap to the wheat stores.
}
procedure "Game" {
  Turn: players act in any order until all pass
  teardown: do end the game
}
"""


def stores(g: WorldGame, crop: str) -> list[int]:
    decl = g.world.property(f"{crop} stores")
    assert decl is not None
    return faces(g, "", decl)


def charms(g: WorldGame, owner: str = "p1") -> list[int]:
    decl = g.world.property("charms")
    assert decl is not None
    return faces(g, owner, decl)


def mill(charms: list[int], where: str = "Red Barn", **crops: list[int]) -> WorldGame:
    g: WorldGame = new_game(load_text(MILL), seed=1, players=1)
    g.pending()
    g.ops.move_pawn("p1", where)
    lay(g, "p1", "charms", charms)
    for crop in ("wheat", "barley", "oat"):
        lay(g, "", f"{crop} stores", crops.get(crop, []))
    return g.clone()


def offered(g: WorldGame) -> list[str]:
    decision = g.pending()
    assert decision is not None and decision.kind == "action"
    return sorted(str(o) for o in decision.options if str(o).startswith("Take: "))


def test_the_form_checks() -> None:
    assert not check_sources([Source("mill.rules", MILL)]).diagnostics.errors


def test_a_die_goes_where_the_relation_leads_its_pool() -> None:
    g = mill([2, 5], wheat=[4, 6])
    assert offered(g) == ["Take: Sell Wheat"]
    g.apply("Take: Sell Wheat")
    g.pending()
    assert stores(g, "barley") == [4]  # wheat leads to barley only: no question
    assert stores(g, "wheat") == [6]  # no charm covers the 6
    assert charms(g) == [2]  # the 5 paid: the lowest that covers a 4


def test_where_the_relation_leads_to_several_the_player_chooses() -> None:
    g = mill([6], oat=[3])
    g.apply("Take: Sell Oat")
    decision = g.pending()
    assert decision is not None and decision.kind == "choose_option"
    assert list(decision.options) == ["wheat stores", "barley stores"]
    g.apply("wheat stores")
    g.pending()
    assert stores(g, "wheat") == [3] and stores(g, "oat") == [] and stores(g, "barley") == []


def test_into_a_pool_the_player_chooses_which_it_comes_from_then_the_face() -> None:
    g = mill([5], "Old Barn", wheat=[2], oat=[1, 4], barley=[6])
    assert offered(g) == ["Take: Buy Barley", "Take: Oat For Wheat"]
    g.apply("Take: Buy Barley")
    decision = g.pending()
    assert decision is not None and list(decision.options) == ["wheat stores", "oat stores"]
    g.apply("oat stores")
    decision = g.pending()
    assert decision is not None and list(decision.options) == [1, 4]
    g.apply(4)
    g.pending()
    assert stores(g, "barley") == [4, 6] and stores(g, "oat") == [1] and stores(g, "wheat") == [2]
    assert charms(g) == []


def test_only_a_pool_with_a_die_to_move_is_asked_about() -> None:
    g = mill([3], "Old Barn", wheat=[5], oat=[2])  # the wheat 5 is above the charm
    g.apply("Take: Buy Barley")
    g.pending()
    assert stores(g, "barley") == [2] and stores(g, "wheat") == [5]


def test_no_die_to_move_and_a_face_no_charm_covers_are_not_offered() -> None:
    assert offered(mill([6])) == []  # every store empty
    assert offered(mill([2, 3], wheat=[4, 6], oat=[5])) == []  # no charm covers them
    assert offered(mill([], wheat=[1])) == []  # no charm to spend


def test_each_player_trades_at_their_own_barn() -> None:
    g: WorldGame = new_game(load_text(MILL), seed=1, players=2)
    g.pending()
    g.ops.move_pawn("p1", "Red Barn")
    g.ops.move_pawn("p2", "Old Barn")
    lay(g, "p1", "charms", [6])
    lay(g, "p2", "charms", [6])
    lay(g, "", "wheat stores", [3])
    lay(g, "", "oat stores", [])
    lay(g, "", "barley stores", [])
    g = g.clone()
    decision = g.pending()
    assert decision is not None and decision.who == "p1"
    assert "Take: Sell Wheat" in decision.options and "Take: Buy Barley" not in decision.options
    g.apply("pass")
    decision = g.pending()
    assert decision is not None and decision.who == "p2"
    assert "Take: Buy Barley" in decision.options and "Take: Sell Wheat" not in decision.options
    g.apply("Take: Buy Barley")
    g.pending()
    assert stores(g, "barley") == [3]
    assert charms(g, "p2") == [] and charms(g, "p1") == [6]


@pytest.mark.parametrize(
    ("written", "replaced", "told", "where"),
    [
        (  # barley leads to oat only
            "an oat store die of at most\n        its value along swap to the wheat stores",
            "a barley store die of at most\n        its value along swap to the wheat stores",
            "relation swap does not lead barley to wheat (it leads barley to oat)",
            [(41, 25)],
        ),
        (  # a relation the ruleset does not declare
            "a store die of at most its\n        value along swap to the barley stores",
            "a store die of at most its\n        value along trade to the barley stores",
            "'along trade': no relation 'trade' (swap)",
            [(33, 21)],
        ),
        (
            "a wheat store die of at most\n        its value along swap.",
            "a wheat store die of at most\n        its value along.",
            "write 'Spend a <pool> die",
            [(28, 42)],
        ),
    ],
)
def test_a_direction_the_relation_does_not_give_is_told_where_written(
    written: str, replaced: str, told: str, where: list[tuple[int, int]]
) -> None:
    assert written in MILL
    text = MILL.replace(written, replaced)
    errors = check_sources([Source("mill.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == where, errors
    assert len(errors) == len(where)


@pytest.mark.parametrize(
    ("replaced", "told", "line"),
    [
        (  # told at the pool moved
            "a charm die of at most\n        its value along swap.",
            "'charms' is no pool of a member of relation swap",
            28,
        ),
        (  # told at the relation
            "a store die of at most\n        its value along swap.",
            "along swap to which pool?",
            29,
        ),
    ],
)
def test_along_a_relation_the_pools_must_be_its_members(
    replaced: str, told: str, line: int
) -> None:
    text = MILL.replace("a wheat store die of at most\n        its value along swap.", replaced)
    errors = check_sources([Source("mill.rules", text)]).diagnostics.errors
    assert [(e.span.line, told in e.message) for e in errors] == [(line, True)], errors


def test_a_relation_leading_nothing_to_a_pool_is_told() -> None:
    text = MILL.replace("relation swap: barley -> oat\n", "relation swap: barley -> wheat\n")
    text = text.replace("relation swap: oat -> wheat, barley\n", "relation swap: oat -> wheat\n")
    text = text.replace(
        "an oat store die of at most\n        its value along swap to the wheat stores",
        "a store die of at most\n        its value along swap to the oat stores",
    )
    errors = check_sources([Source("mill.rules", text)]).diagnostics.errors
    assert [e.message for e in errors] == ["relation swap leads nothing to oat"]


def test_a_full_pool_takes_no_die() -> None:
    g = mill([6], wheat=[2], barley=[1, 1, 1, 1, 1, 1])  # stores hold 6 at most
    assert offered(g) == []
    g = mill([6], oat=[2], barley=[1, 1, 1, 1, 1, 1])  # oat can still go to wheat
    g.apply("Take: Sell Oat")
    g.pending()
    assert stores(g, "wheat") == [2] and len(stores(g, "barley")) == 6
