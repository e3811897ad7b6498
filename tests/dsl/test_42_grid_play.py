"""Dice laid on a card's dice grid in play (dsl/world/grid_play.py): "Fill the path of a relic in
your kept relics with the gems of this well." lays one die of the well where the player stands
on a square it fits (its colour, face, the well's district, its step against a touching die),
a start square or one touching a die already laid; the player chooses among every die that may
go, and with none the action is not offered. A chain from the start to the end completes the
card: its dice go, and "its unmatched path" reads 0 for the sentences after."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.grid_play import laid_on
from dsl.world.pools import faces
from rules.text.account import narrate

WELLS = """
ruleset "Wells" version "1.0"
players are 1 to 2 seats
colours are d6 dice kept at places: ruby, jade
card kinds are kinds of cards: well, relic, action
wells are places
districts are groups of wells: north, south
gems is a pool 0..6 of wells for each colour, each a d6
glory is a number 0.. of the game
deck is a zone, face down
kept relics is a zone of players, face up, holding relics
market is a zone, face up
actions is a zone, holding actions
tokens are pieces of players, one each: token
kind well {
  district district
}
kind relic {
  path dice grid of 3 by 2
}
kind action {
}
trigger "Take" activated for action
map "Wells" {
  "North Well" at 0, 0
  "South Well" at 1, 0
}
well "North Well" {
  district north
}
well "South Well" {
  district south
}
relic "Idol" {
  path row start ruby, any north, end jade 4
    row empty, plus 1, empty
}
relic "Mask" {
  path row start ruby, any north, end jade 4
    row empty, plus 1, empty
}
relic "Crown" {
  path row start ruby, any north, end jade 4
    row empty, plus 1, empty
}
action "Fill" {
  Take: Fill the path of a relic in your kept relics with the gems of this well.
        If its unmatched path is 0, gain 1 glory.
        If its unmatched path is 0, discard it.
        If its unmatched path is 0 and the number of relics in the market is more than 0, select
        a relic from the market.
}
action "Help" {
  Take: Fill the path of a relic in the market with the gems of this well.
}
action "Walk" {
  Take: Move to an adjacent well.
}
procedure "Game" {
  Deal: for each player in turn order, move 1 relic from the relic deck to your kept relics.
  Market: Move 1 relic from the relic deck to the market.
  Turn: players act in any order until all pass
  teardown: do end the game
}
"""

NORTH, SOUTH = "North Well", "South Well"


def gems(g: WorldGame, well: str, colour: str, dice: list[int]) -> None:
    held = g.state.values.setdefault(well, {})
    for face in range(1, 7):
        held.pop(f"{colour} gems#{face}", None)
    for face in dice:
        held[f"{colour} gems#{face}"] = held.get(f"{colour} gems#{face}", 0) + 1
    held[f"{colour} gems"] = len(dice)


def shown(g: WorldGame, well: str, colour: str) -> list[int]:
    decl = g.world.property(f"{colour} gems")
    assert decl is not None
    return faces(g, well, decl)


def wells(players: int = 1, **dice: list[int]) -> WorldGame:
    """The game at its first action, the gems given as ``north_ruby=[3]``."""
    g: WorldGame = new_game(load_text(WELLS), seed=1, players=players)
    g.pending()
    for key, faces_ in dice.items():
        where, colour = key.split("_")
        gems(g, NORTH if where == "north" else SOUTH, colour, faces_)
    return g.clone()


def mine(g: WorldGame, player: str = "p1") -> str:
    return g.state.zones[f"kept relics@{player}"][0]


def offered(g: WorldGame) -> tuple[str, ...]:
    decision = g.pending()
    assert decision is not None
    return tuple(str(o) for o in decision.options)


def test_no_die_that_fits_offers_no_action() -> None:
    g = wells(north_jade=[4, 5])  # the start square asks for a ruby die
    assert "Take: Fill" not in offered(g)
    assert "Take: Fill" in offered(wells(north_ruby=[1]))


def test_one_die_that_fits_is_laid_with_no_question() -> None:
    g = wells(north_ruby=[3], north_jade=[6])
    card = mine(g)
    g.apply("Take: Fill")
    assert g.pending() is not None and g.pending().kind == "action"  # type: ignore[union-attr]
    assert laid_on(g, card, "path")[(0, 0)].face == 3
    assert shown(g, NORTH, "ruby") == [] and shown(g, NORTH, "jade") == [6]
    assert f"  {card}: a 3 ruby from North Well laid at row 1, column 1" in narrate(g.events)


def test_the_player_chooses_among_the_dice_that_fit_next_to_the_chain() -> None:
    g = wells(north_ruby=[3, 2], north_jade=[4])
    card = mine(g)
    g.apply("Take: Fill")
    assert list(offered(g)) == [
        f"2 ruby at row 1, column 1 of {card}",
        f"3 ruby at row 1, column 1 of {card}",
    ]
    g.apply(f"3 ruby at row 1, column 1 of {card}")
    g.pending()
    g.apply("Take: Fill")
    # beside the start: any die from the north (2 ruby, 4 jade), or one more than the 3 (4);
    # the end square touches no die yet
    assert sorted(offered(g)) == sorted(
        [
            f"2 ruby at row 1, column 2 of {card}",
            f"4 jade at row 1, column 2 of {card}",
            f"4 jade at row 2, column 2 of {card}",
        ]
    )


def test_a_die_laid_after_the_character_moved_comes_from_the_new_place() -> None:
    g = wells(north_ruby=[3], south_jade=[4, 4, 5])
    card = mine(g)
    g.apply("Take: Fill")
    g.pending()
    g.apply("Take: Walk")
    g.pending()
    g.apply(SOUTH)
    g.pending()
    assert g.ops.pawn_at("p1") == SOUTH
    g.apply("Take: Fill")
    # the square asking for the north is not offered from the south; one more than 3 is
    assert offered(g) != () and g.pending().kind == "action"  # type: ignore[union-attr]
    assert laid_on(g, card, "path")[(1, 1)].face == 4
    assert shown(g, SOUTH, "jade") == [4, 5]


def test_a_card_completed_mid_turn_pays_and_is_replaced_by_a_choice() -> None:
    g = wells(north_ruby=[3], north_jade=[4, 4])
    card = mine(g)
    market = list(g.state.zones["market"])
    for pick in (
        "3 ruby at row 1, column 1",
        "4 jade at row 2, column 2",
        "4 jade at row 1, column 3",
    ):
        g.apply("Take: Fill")
        decision = g.pending()
        if decision is not None and decision.kind == "choose_option":
            g.apply(f"{pick} of {card}")
    decision = g.pending()
    assert decision is not None and decision.kind == "action"  # the turn goes on
    assert g.ops.value("", "glory") == 1
    assert g.state.cards[card]["zone"] == g.discard_key(card)
    assert laid_on(g, card, "path") == {}  # the dice are gone with it
    assert g.state.zones["kept relics@p1"] == market  # the only card there: no question
    assert g.state.zones["market"] == []
    assert any("(complete)" in line for line in narrate(g.events))


def test_a_card_not_completed_pays_nothing() -> None:
    g = wells(north_ruby=[3], north_jade=[4])
    g.apply("Take: Fill")
    g.pending()
    g.apply("Take: Fill")
    g.apply(f"4 jade at row 1, column 2 of {mine(g)}")
    g.pending()
    assert g.ops.value("", "glory") == 0 and len(g.state.zones["kept relics@p1"]) == 1


def test_several_players_lay_on_the_same_card_in_turn() -> None:
    g = wells(players=2, north_ruby=[3], north_jade=[4])
    shared = g.state.zones["market"][0]
    decision = g.pending()
    assert decision is not None and decision.who == "p1"
    g.apply("Take: Help")
    decision = g.pending()
    assert decision is not None and decision.kind == "action"
    g.apply("pass")
    decision = g.pending()
    assert decision is not None and decision.who == "p2"
    g.apply("Take: Help")
    # beside p1's die: a 4 from the north, or one more than the 3 below it
    assert offered(g) == (
        f"4 jade at row 1, column 2 of {shared}",
        f"4 jade at row 2, column 2 of {shared}",
    )
    g.apply(f"4 jade at row 1, column 2 of {shared}")
    g.pending()
    assert {at: d.face for at, d in laid_on(g, shared, "path").items()} == {(0, 0): 3, (0, 1): 4}


def test_the_form_checks() -> None:
    assert not check_sources([Source("wells.rules", WELLS)]).diagnostics.errors


@pytest.mark.parametrize(
    ("written", "replaced", "told"),
    [
        ("Fill the path of a relic in your", "Fill the pth of a relic in your", "no dice grid"),
        (
            "with the gems of this well.\n        If",
            "with the gens of this well.\n        If",
            "no pool",
        ),
        ("a relic in your kept relics", "a relic in your kept relix", "names no zone"),
        ("a relic in your kept relics", "a relik in your kept relics", "is no kind"),
        ("Fill the path of a relic in your", "Fill a relic in your", "write 'Fill the"),
    ],
)
def test_a_mistake_is_told_where_it_is_written(written: str, replaced: str, told: str) -> None:
    text = WELLS.replace(written, replaced, 1)
    first = replaced.split("\n")[0]
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if first in row)
    errors = check_sources([Source("wells.rules", text)]).diagnostics.errors
    assert [e.span.line for e in errors if told in e.message] == [line], errors


def test_a_card_completed_with_the_market_empty_still_pays() -> None:
    # "Select" finds nothing in an empty market: the sentence's condition keeps it from
    # refusing the whole action (a verb that finds nothing refuses the text it is in)
    g = wells(north_ruby=[3], north_jade=[4, 4])
    card = mine(g)
    g.ops.move_card(g.state.zones["market"][0], zone="relic deck", why="test")
    g = g.clone()
    for pick in (
        "3 ruby at row 1, column 1",
        "4 jade at row 2, column 2",
        "4 jade at row 1, column 3",
    ):
        g.apply("Take: Fill")
        decision = g.pending()
        if decision is not None and decision.kind == "choose_option":
            g.apply(f"{pick} of {card}")
    g.pending()
    assert g.ops.value("", "glory") == 1
    assert g.state.cards[card]["zone"] == g.discard_key(card)
    assert not g.state.zones.get("kept relics@p1")
