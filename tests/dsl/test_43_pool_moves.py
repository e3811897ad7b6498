"""Dice of a place's pool moved to another place (dsl/world/pool_moves.py): "Move the gems of a
well with row of 0 to a well." moves every die of the pool (each colour's, for a family) from a
place the phrase finds to another, faces kept, as many as the pool there holds; the one acting
chooses each place when several answer ("with row of 0": where it lies on the map). A made-up
game, Wells: three wells, gems in two colours."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

WELLS = """
ruleset "Wells" version "1.0"
players are 1 to 2 seats
colours are d6 dice kept at places: ruby, jade
card kinds are kinds of cards: well, action
wells are places
gems is a pool 0..3 of wells for each colour, each a d6
actions is a zone, holding actions
tokens are pieces of players, one each: token
kind well {
}
kind action {
}
trigger "Take" activated for action
map "Wells" {
  "Low Well" at 0, 0
  "Mid Well" at 1, 0
  "High Well" at 0, 1
}
well "Low Well" {
}
well "Mid Well" {
}
well "High Well" {
}
action "Haul" {
  Take: Move the gems of a well with row of 0 to a well.
}
action "Drain" {
  Take: Move the jade gems of this well to a well with row of 1.
}
action "Pour" {
  Take: Move the ruby gems of this well to an adjacent well.
}
procedure "Game" {
  Turn: players act in any order until all pass
  teardown: do end the game
}
"""

LOW, MID, HIGH = "Low Well", "Mid Well", "High Well"


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
    """The game at its first action, the gems given as ``low_ruby=[3]``."""
    g: WorldGame = new_game(load_text(WELLS), seed=1, players=players)
    g.pending()
    for p in g.state.players:
        g.ops.move_pawn(p, LOW)
    names = {"low": LOW, "mid": MID, "high": HIGH}
    for key, faces_ in dice.items():
        where, colour = key.split("_")
        gems(g, names[where], colour, faces_)
    return g.clone()


def offered(g: WorldGame) -> tuple[str, ...]:
    decision = g.pending()
    assert decision is not None
    return tuple(str(o) for o in decision.options)


def test_every_colour_moves_with_its_faces_to_the_place_chosen() -> None:
    g = wells(low_ruby=[2, 5], low_jade=[6], high_ruby=[1])
    g.apply("Take: Haul")
    assert offered(g) == (LOW, MID)  # the wells of row 0: where from
    g.apply(LOW)
    assert set(offered(g)) == {LOW, MID, HIGH}  # where to
    g.apply(HIGH)
    g.pending()
    assert shown(g, LOW, "ruby") == [] and shown(g, LOW, "jade") == []
    assert shown(g, HIGH, "ruby") == [1, 2, 5] and shown(g, HIGH, "jade") == [6]


def test_as_many_as_the_pool_there_holds() -> None:
    g = wells(low_ruby=[2, 5], mid_ruby=[1, 1])
    g.apply("Take: Haul")
    g.apply(LOW)
    g.apply(MID)
    g.pending()
    assert shown(g, MID, "ruby") == [1, 1, 5] and shown(g, LOW, "ruby") == [2]


def test_a_place_with_no_die_or_the_same_place_moves_nothing() -> None:
    g = wells(mid_ruby=[4])
    g.apply("Take: Haul")
    g.apply(LOW)  # no gem at the Low Well: refused, the action offered no more
    g.apply(MID)
    decision = g.pending()
    assert decision is not None and decision.kind == "action"
    assert "Take: Haul" not in offered(g)
    assert shown(g, MID, "ruby") == [4]


def test_one_colour_of_the_place_stood_at_to_a_neighbour() -> None:
    g = wells(players=2, low_ruby=[3], low_jade=[4])
    g.apply("Take: Pour")
    g.apply(MID)
    g.pending()
    assert shown(g, MID, "ruby") == [3] and shown(g, LOW, "jade") == [4]
    g.apply("pass")
    decision = g.pending()
    assert decision is not None and decision.who == "p2"
    # no ruby left at the Low Well for the second player: a place still to choose, the action
    # is offered; taken, it is refused and offered no more until the table changes
    g.apply("Take: Pour")
    g.apply(MID)
    decision = g.pending()
    assert decision is not None and decision.who == "p2" and "Take: Pour" not in offered(g)
    assert shown(g, MID, "ruby") == [3]


def test_nothing_to_move_with_no_place_to_choose_is_not_offered() -> None:
    # the High Well is the one well of row 1: no question, so no jade here means no action
    assert "Take: Drain" not in offered(wells(low_ruby=[2], high_jade=[5]))
    g = wells(low_jade=[5])
    g.apply("Take: Drain")
    g.pending()
    assert shown(g, HIGH, "jade") == [5] and shown(g, LOW, "jade") == []


def test_the_form_checks() -> None:
    assert not check_sources([Source("wells.rules", WELLS)]).diagnostics.errors


@pytest.mark.parametrize(
    ("replaced", "told", "at"),
    [
        ("Move the gems of a well with row of 0.", "from where, to where?", "Move"),
        ("Move the gems of a well with row of 0 to 3.", "is no place", "3"),
    ],
)
def test_a_mistake_is_told_where_it_is_written(replaced: str, told: str, at: str) -> None:
    text = WELLS.replace("Move the gems of a well with row of 0 to a well.", replaced, 1)
    line, row = next((n, r) for n, r in enumerate(text.splitlines(), start=1) if replaced in r)
    errors = check_sources([Source("wells.rules", text)]).diagnostics.errors
    told_at = [(e.span.line, e.span.column) for e in errors if told in e.message]
    assert told_at == [(line, row.index(at) + 1)], errors
