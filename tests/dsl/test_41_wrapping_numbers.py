"""A number that wraps past its top ("hour is a number 1..12 of the game, starting at 11,
wrapping"), tried on a made-up game, *Clock Tower*: a change past the top goes on from the
bottom and a lowering past the bottom from the top, each value it passes on the way running its
``At N:`` text as any change does; a wrapping number has no ``At above`` or ``At below`` text."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.declare import world_of
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game

CLOCK = """ruleset "Clock Tower" version "1"
players are 2 seats
days is a number 0.. of the game
points is a number 0.. of players
hour is a number 1..12 of the game, starting at 11, wrapping {
  At 12: Gain 1 days.
  At 1: Gain 1 moon.
}
bearing is a number 0..3 of players, wrapping {
  At 0: Gain 1 points.
}
moon is a number 0..7 of the game, wrapping
card kinds are kinds of cards: order
kind order {
}
trigger "Use" activated for order
orders is a zone, holding orders
order "Wind" {
  Use: Gain 14 hour.
}
order "Turn back" {
  Use: Lose 3 bearing.
}
procedure "Game" {
  Rounds: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def game() -> WorldGame:
    g = new_game(load_text(CLOCK, "clock.rules"), seed=1, players=2)
    g.pending()
    return g


def reached(g: WorldGame, name: str) -> list[tuple[str, int]]:
    return [
        (e.data["owner"], e.data["at"])
        for e in g.events
        if e.kind == WorldEvent.THRESHOLD_REACHED and e.data["property"] == name
    ]


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("clock.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def test_wrapping_is_declared_with_the_number() -> None:
    world = world_of(load_text(CLOCK, "clock.rules"))
    assert world.properties["hour"].wraps and world.properties["bearing"].wraps
    assert not world.properties["days"].wraps


def test_a_change_past_the_top_goes_on_from_the_bottom_running_each_text_it_passes() -> None:
    g = game()
    assert g.ops.change("p1", "hour", 3, why="test") == 2  # 11 -> 12 -> 1 -> 2
    assert reached(g, "hour") == [("", 12), ("", 1)]
    assert g.ops.value("", "days") == 1
    assert g.ops.value("", "moon") == 1


def test_a_change_of_more_than_the_whole_range_goes_round_more_than_once() -> None:
    g = game()
    assert g.ops.change("p1", "hour", 25, why="test") == 12  # round twice, then one more
    assert reached(g, "hour") == [("", 12), ("", 1), ("", 12), ("", 1), ("", 12)]
    assert (g.ops.value("", "days"), g.ops.value("", "moon")) == (3, 2)


def test_a_number_without_texts_wraps_to_where_the_change_ends() -> None:
    g = game()
    assert g.ops.change("p1", "moon", -20, why="test") == 4  # 0 - 20, round 8 values
    assert g.ops.change("p1", "moon", 8, why="test") == 4  # a whole round: back where it was
    assert g.ops.change("p1", "moon", 3, why="test") == 7


def test_a_lowering_past_the_bottom_goes_on_from_the_top() -> None:
    g = game()
    g.ops.change("p1", "bearing", 1, why="test")
    assert g.ops.change("p1", "bearing", -3, why="test") == 2  # 1 -> 0 -> 3 -> 2
    assert reached(g, "bearing") == [("p1", 0)]
    assert g.ops.value("p1", "points") == 1
    assert g.ops.change("p1", "bearing", -7, why="test") == 3  # passes 0 twice
    assert g.ops.value("p1", "points") == 3


def test_each_owner_wraps_its_own_number_and_its_text_runs_for_that_owner() -> None:
    g = game()
    g.ops.change("p2", "bearing", 5, why="test")  # 0 -> 1 -> 2 -> 3 -> 0 -> 1
    assert (g.ops.value("p1", "bearing"), g.ops.value("p2", "bearing")) == (0, 1)
    assert (g.ops.value("p1", "points"), g.ops.value("p2", "points")) == (0, 1)
    assert reached(g, "bearing") == [("p2", 0)]


def test_no_change_runs_no_text() -> None:
    g = game()
    g.ops.change("p1", "bearing", 4, why="test")  # a whole round: 0 again, its text ran
    assert g.ops.value("p1", "points") == 1
    before = len(g.events)
    assert g.ops.change("p1", "bearing", 0, why="test") == 0
    assert g.ops.change("p1", "hour", 0, why="test") == 11
    assert len(g.events) == before
    assert g.ops.value("p1", "points") == 1


def test_a_card_sentence_winds_the_number_round() -> None:
    g = game()
    g.ops.move_card("Wind", zone="hand@p1", why="test")
    decision = g.pending()
    while decision is not None and decision.who != "p1":
        g.apply(decision.options[0])
        decision = g.pending()
    assert decision is not None and "Use: Wind" in decision.options
    g.apply("Use: Wind")
    g.pending()
    assert g.ops.value("", "hour") == 1  # 11 + 14: round past 12 and 1 twice
    assert (g.ops.value("", "days"), g.ops.value("", "moon")) == (2, 2)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "  At 12: Gain 1 days.",
            "  At above 12: Gain 1 days.",
            "clock.rules:6:3: error: hour wraps: a change past 12 goes on from 1, so nothing "
            "passes its top; write 'At 1: ...' for the wrap, or drop 'wrapping'",
        ),
        (
            "  At 0: Gain 1 points.",
            "  At below 0: Gain 1 points.",
            "clock.rules:10:3: error: bearing wraps: a change past 0 goes on from 3, so nothing "
            "passes its floor",
        ),
        (
            "moon is a number 0..7 of the game, wrapping",
            "moon is a number 0.. of the game, wrapping",
            "clock.rules:12:1: error: moon wraps past its top to its bottom: give it a bottom",
        ),
        (
            "moon is a number 0..7 of the game, wrapping",
            "moon is a number 3..3 of the game, wrapping",
            "clock.rules:12:1: error: moon wraps past its top to its bottom",
        ),
    ],
)
def test_a_wrapping_number_that_cannot_be_is_told_where_and_why(
    old: str, new: str, error: str
) -> None:
    assert old in CLOCK
    found = errors_of(CLOCK.replace(old, new, 1))
    assert any(line.startswith(error) for line in found), found


def test_the_clock_checks_clean() -> None:
    assert errors_of(CLOCK) == []
