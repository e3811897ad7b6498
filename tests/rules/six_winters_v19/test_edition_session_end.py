"""Session End: after the fall's last turn the session ends; what our text does of its steps
today is clearing the location board (the obstacles go to the discard)."""

from __future__ import annotations

from typing import Any

from edition_session import obstacles_in_play, pass_to_the_end, play_randomly, session


def test_the_session_ends_after_the_fall(winters: Any) -> None:
    game = session(winters, players=2)
    pass_to_the_end(game)
    assert game.state.over
    assert game.pending() is None


def test_session_end_clears_every_obstacle_from_the_board(winters: Any) -> None:
    game = session(winters, players=3)
    game.pending()
    assert obstacles_in_play(game)
    turns = pass_to_the_end(game) // 3  # each of the three players passes once a turn
    assert obstacles_in_play(game) == {}
    dealt = 3 + turns * 2  # one per player, then two each turn
    assert len(game.state.zones["discard"]) == dealt
    assert len(game.state.zones["obstacle deck"]) == 90 - dealt


def test_a_random_session_also_ends_with_the_board_clear(winters: Any) -> None:
    game = play_randomly(session(winters, players=2, seed=5), seed=5)
    assert game.state.over and obstacles_in_play(game) == {}
