"""Turns: a session is played in four seasons from winter, each of one or two turns (our
reading until the symbols on the decks are counted: two); a turn is its actions, the refresh to
five action dice and new obstacles, with the obstacle surge of a three- and four-player game."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import obstacles_in_play, pass_to_the_end, session


def test_a_session_is_four_seasons_of_two_turns(winters: Any) -> None:
    steps = winters.procedure.phase("Session").steps
    phases = [step.title for step in steps if step.title not in ("setup", "teardown")]
    assert phases == ["Winter", "Spring", "Summer", "Fall", "Session End"]
    game = session(winters, players=1)
    assert pass_to_the_end(game) == 4 * winters.values["turns per season"]
    assert game.state.over


def test_every_player_acts_each_turn_until_all_pass(winters: Any) -> None:
    game = session(winters, players=2)
    asked = pass_to_the_end(game)
    assert asked == 2 * 8  # each of the two players, eight turns


@pytest.mark.parametrize(("players", "each_turn"), [(1, 1), (2, 1), (3, 2), (4, 3)])
def test_new_obstacles_and_the_surge_each_turn(winters: Any, players: int, each_turn: int) -> None:
    game = session(winters, players=players)
    game.pending()
    assert len(obstacles_in_play(game)) == players  # one per progress card kept, before turn 1
    for turn in range(1, 4):
        for _ in range(players):
            game.apply("pass")
        game.pending()
        assert len(obstacles_in_play(game)) == players + turn * each_turn


def test_obstacles_come_from_the_deck_to_a_location_space(winters: Any) -> None:
    game = session(winters, players=1)
    game.pending()
    spaces = set(winters.maps["Standard starting locations"].positions)
    (where,) = obstacles_in_play(game).values()
    assert where in spaces
    assert len(game.state.zones["obstacle deck"]) == 89  # 90 printed copies, one in play


def test_the_refresh_brings_the_action_dice_back_to_five(winters: Any) -> None:
    game = session(winters, players=1)
    game.pending()
    for _ in range(3):
        game.apply("Take: Rest")
        game.pending()
        game.apply("Body")  # the track the rest recovers
        game.pending()
    assert game.state.values["p1"]["red dice"] == 2
    game.apply("pass")
    game.pending()
    assert game.state.values["p1"]["red dice"] == winters.values["action dice"]
