"""Session End: after the fall's last turn the session ends; its steps as text today: the
location board cleared (the obstacles go to the discard), twice the year's number of random
progress cards of the lowest stage burnt, the obstacle deck shuffled, the year advanced. The
steps not yet text are `note` lines in procedure.rules (STATUS.md)."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import obstacles_in_play, pass_to_the_end, play_randomly, session

from dsl.world.burning import burnt


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


# ---- Burn Progress Cards, Shuffle Obstacle Decks, Advance Year ----


def session_of_year(winters: Any, year: int) -> Any:
    game = session(winters, players=1, seed=year)
    game.pending()
    game.state.values[""]["year"] = year
    pass_to_the_end(game)
    return game


def burnt_stages(game: Any) -> list[int]:
    """The stages of the progress cards burnt, lowest first."""
    stages = {c.name: int(c.fields["stage"]) for c in game.ruleset.cards("mission")}
    return sorted(stages[game.state.cards[card]["name"]] for card in burnt(game.state))


@pytest.mark.parametrize(
    ("year", "stages"),
    [(1, [1] * 2), (2, [1] * 4), (3, [1] * 6), (4, [2] * 8), (5, [3] * 10), (6, [4] * 12)],
)
def test_twice_the_year_of_the_lowest_stage_are_burnt(
    winters: Any, year: int, stages: list[int]
) -> None:
    game = session_of_year(winters, year)
    assert burnt_stages(game) == stages
    assert not set(burnt(game.state)) & set(game.state.zones["mission deck"])


def test_burnt_cards_are_random_among_their_stage(winters: Any) -> None:
    picked = {tuple(sorted(burnt(session_of_year(winters, 1).state)))}
    picked |= {
        tuple(sorted(burnt(play_randomly(session(winters, seed=s), seed=s).state))) for s in (2, 3)
    }
    assert len(picked) > 1


def test_the_obstacle_deck_is_shuffled_and_the_year_advances(winters: Any) -> None:
    game = session_of_year(winters, 2)
    assert game.ops.value("", "year") == 3
    shuffled = [e for e in game.events if e.kind == "zone_shuffled"]
    assert shuffled and shuffled[-1].data["zone"] == "obstacle deck"
    after = [e.kind for e in game.events[game.events.index(shuffled[-1]) :]]
    assert "card_moved" not in after  # the steps after it (notes, the year) move no card
