"""A phase played only when a condition holds: ``play "Watch" only if oil is at least 3``. The
condition is the card language's (any number a card sentence reads, compared), asked once, when
the step is reached, after the steps before it have changed the table; when it does not hold
the step is passed over and the procedure goes on. After ``for each player in turn order,`` it
is asked for each player, that player acting ("your coins"). A condition reading nothing (no card
to read) does not hold. A condition the words cannot read is a check error where it is written,
and a phase that plays itself only if something holds is not told it never ends."""

from __future__ import annotations

import pytest

from dsl.formatter import format_text
from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

LIGHTHOUSE = """
ruleset "Lighthouse" version "1.0"
players are 1 to 3 seats
oil is a number 0..9 of the game, starting at 1
watches is a number 0..9 of the game
coins is a number 0..9 of players, starting at 1
bonuses is a number 0..9 of players
card kinds are kinds of cards: lamp
kind lamp {
  wick int 0..9
}
procedure "Night" {
  Dusk: play "Watch"
  Late: play "Watch" only if oil is at least 3
  Dawn: for each player in turn order, play "Bonus" only if your coins is at least 2
  teardown: do end the game
}
procedure "Watch" {
  Burn: Gain 2 oil. Gain 1 watches.
}
procedure "Bonus" {
  Give: Gain 1 bonuses.
}
"""


def night(
    text: str = LIGHTHOUSE, players: int = 1, coins: dict[str, int] | None = None
) -> WorldGame:
    """A night played to its end (``coins``: each player's before the dawn)."""
    g: WorldGame = new_game(load_text(text), seed=1, players=players)
    for player, count in (coins or {}).items():
        g.ops.set(player, "coins", count)
    g.pending()
    assert g.state.over
    return g


def test_the_phase_is_played_when_the_condition_holds_as_the_step_is_reached() -> None:
    # oil starts at 1: the first watch burns it to 3, so the late watch is played (5)
    g = night()
    assert g.ops.value("", "watches") == 2
    assert g.ops.value("", "oil") == 5


def test_the_phase_is_passed_over_when_it_does_not_hold() -> None:
    # oil starts at 0: 2 after the first watch, below 3: no late watch, the night goes on
    g = night(LIGHTHOUSE.replace("starting at 1\nwatches", "starting at 0\nwatches"))
    assert g.ops.value("", "watches") == 1
    assert g.ops.value("", "oil") == 2


def test_for_each_player_the_condition_is_asked_with_that_player_acting() -> None:
    g = night(players=3, coins={"p1": 2, "p2": 1, "p3": 5})
    assert [g.ops.value(p, "bonuses") for p in ("p1", "p2", "p3")] == [1, 0, 1]


def test_no_player_answering_plays_it_for_nobody() -> None:
    g = night(players=2)  # each holds 1 coin
    assert [g.ops.value(p, "bonuses") for p in ("p1", "p2")] == [0, 0]


def test_a_condition_reading_nothing_does_not_hold() -> None:
    # there is no lamp: "the wick of a lamp" reads nothing, so no late watch (a sum over no
    # lamp is 0, and holds)
    text = LIGHTHOUSE.replace(
        "only if oil is at least 3", "only if the wick of a lamp is at least 0"
    )
    assert not check_sources([Source("lighthouse.rules", text)]).diagnostics.errors
    assert night(text).ops.value("", "watches") == 1
    summed = LIGHTHOUSE.replace(
        "only if oil is at least 3", "only if the sum of the wick of each lamp is at least 0"
    )
    assert night(summed).ops.value("", "watches") == 2


def test_the_form_checks_and_prints_as_written() -> None:
    assert not check_sources([Source("lighthouse.rules", LIGHTHOUSE)]).diagnostics.errors
    step = load_text(LIGHTHOUSE).procedure.phase("Night").steps[1]
    assert step.text == 'Play "Watch" only if oil is at least 3'
    assert 'Late: play "Watch" only if oil is at least 3' in format_text(LIGHTHOUSE)[0]


def test_a_number_in_the_condition_is_not_a_count_of_plays() -> None:
    step = load_text(LIGHTHOUSE).procedure.phase("Night").steps[1]
    assert step.times is None and step.only_if_text == "oil is at least 3"


@pytest.mark.parametrize(
    ("condition", "told", "column"),
    [
        ("oyl is at least 3", "unknown word 'oyl'; did you mean 'oil'?", 30),
        ("oil is bright", "'bright' is not a number the language reads", 37),
    ],
)
def test_a_condition_the_words_cannot_read_is_told_where_it_is_written(
    condition: str, told: str, column: int
) -> None:
    text = LIGHTHOUSE.replace("only if oil is at least 3", f"only if {condition}")
    errors = check_sources([Source("lighthouse.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == [(14, column)]
    assert len(errors) == 1


def test_a_phase_playing_itself_only_if_something_holds_may_end() -> None:
    text = LIGHTHOUSE.replace(
        "Burn: Gain 2 oil. Gain 1 watches.",
        'Burn: Gain 2 oil. Gain 1 watches.\n  Again: play "Watch" only if oil is at most 6',
    )
    assert not check_sources([Source("lighthouse.rules", text)]).diagnostics.errors
    # 1, 3, 5, 7: the watch plays itself until the oil passes 6, then the late watch is played
    # once more (9)
    g = night(text)
    assert g.ops.value("", "oil") == 9
