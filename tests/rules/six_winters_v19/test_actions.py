"""Actions: a player spends action dice to move, rest or overcome an obstacle at their
character's location; an action they cannot pay for is refused and they choose again."""

from __future__ import annotations

from typing import Any

from session import obstacles_in_play, session

from dsl.world.game import WorldGame


def at_first_action(winters: Any) -> WorldGame:
    game = session(winters, players=1)
    game.pending()
    return game


def test_a_player_may_move_rest_overcome_or_pass(winters: Any) -> None:
    game = session(winters, players=1)
    decision = game.pending()
    assert decision is not None
    assert decision.options == ("Take: Move", "Take: Rest", "Take: Overcome", "pass")


def test_move_spends_one_die_and_takes_the_character_to_the_chosen_location(winters: Any) -> None:
    game = at_first_action(winters)
    game.apply("Take: Move")
    decision = game.pending()
    assert decision is not None and "Gravewood" in decision.options
    game.apply("Gravewood")
    game.pending()
    assert game.ops.pawn_at("p1") == "Gravewood"
    assert game.state.values["p1"]["red dice"] == 4


def test_rest_spends_one_die(winters: Any) -> None:
    game = at_first_action(winters)
    game.apply("Take: Rest")
    game.pending()
    assert game.state.values["p1"]["red dice"] == 4


def test_overcome_spends_dice_equal_to_the_difficulty_and_discards_the_obstacle(
    winters: Any,
) -> None:
    game = at_first_action(winters)
    (obstacle, where) = next(iter(obstacles_in_play(game).items()))
    game.ops.move_pawn("p1", where)
    difficulty = winters.card(game.state.cards[obstacle]["name"], "obstacle").fields["difficulty"]
    game.state.values["p1"]["red dice"] = 5
    game.apply("Take: Overcome")
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(obstacle)  # the obstacle to overcome, when asked
    assert obstacle not in obstacles_in_play(game)
    assert obstacle in game.state.zones["discard"]
    assert game.state.values["p1"]["red dice"] == 5 - difficulty


def test_overcome_without_enough_dice_is_refused_and_the_player_chooses_again(
    winters: Any,
) -> None:
    game = at_first_action(winters)
    (obstacle, where) = next(iter(obstacles_in_play(game).items()))
    game.ops.move_pawn("p1", where)
    game.state.values["p1"]["red dice"] = 0
    game.apply("Take: Overcome")
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    assert "Take: Overcome" not in decision.options
    assert obstacle in obstacles_in_play(game)


def test_no_action_dice_no_move(winters: Any) -> None:
    game = at_first_action(winters)
    game.state.values["p1"]["red dice"] = 0
    game.apply("Take: Move")
    decision = game.pending()
    assert decision is not None and "Take: Move" not in decision.options
    assert game.ops.pawn_at("p1") == "Eastkeep"
