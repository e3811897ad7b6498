"""Discord Effects: a character whose stress marks a discord condition box (the bottom two of a
track: condition 2 and 3 of each, our reading of three boxes a track) takes its next discord
step, the six unlocked from top to bottom and kept for the campaign ("discord steps"); a mark
of the first box, the one nearest the die, is no discord; a discord box erased at Recover
Conditions and marked again later is a new step. Our reading of when: at the end of the turn
the box was marked in. The steps' own effects are not text yet (STATUS.md)."""

from __future__ import annotations

from typing import Any

from edition_session import PASS, facing, most_dice, pass_to_the_end, session

from dsl.world.game import WorldGame, new_game
from dsl.world.together import carried, carry_into


def steps(game: WorldGame, character: str = "Thea") -> int:
    return game.ops.value(character, "discord steps")


def boxes(game: WorldGame, track: str, character: str = "Thea") -> list[int]:
    return [game.ops.value(character, f"{track} condition {k}") for k in (1, 2, 3)]


def poisoned(winters: Any, marked: list[int]) -> WorldGame:
    """Thea at Poison (its damage two body) with the body boxes ``marked`` and her body die at 2,
    her defence failing on the scripted reroll (no 3 among 1, 2, 2, 4, 6): her body falls to 0
    and marks the first box not yet marked. Then Poison leaves the map and her dice stand at 6,
    so no obstacle's activation marks another box this turn."""
    game = facing(winters, "Poison", [6, 6, 6, 6, 6], [1, 2, 2, 4, 6])
    game.state.values["Thea"].update({f"body condition {k}": 1 for k in marked})
    game.state.values["Thea"]["body"] = 2
    game.apply("Take: Overcome")
    most_dice(game)
    assert game.state.values["Thea"]["body"] == 3  # back to her printed face
    game.ops.move_card("Poison", zone="obstacle deck")
    game.state.values["Thea"].update(body=6, psyche=6)
    return game


def to_the_actions(game: WorldGame) -> None:
    """On to the next action phase, any other question (a progress card to take) answered with
    its first option."""
    while (decision := game.pending()) is not None and PASS not in decision.options:
        game.apply(decision.options[0])
    assert decision is not None


def to_the_next_turn(game: WorldGame) -> None:
    """The one player passes; the turn's last steps run; the next turn's actions ask again."""
    game.apply(PASS)
    to_the_actions(game)


def test_a_discord_box_marked_is_a_discord_step_taken(winters: Any) -> None:
    game = poisoned(winters, marked=[1])
    assert boxes(game, "body") == [1, 1, 0] and steps(game) == 0  # the turn is not over
    to_the_next_turn(game)
    assert steps(game) == 1


def test_the_first_box_marked_is_no_discord(winters: Any) -> None:
    game = poisoned(winters, marked=[])
    to_the_next_turn(game)
    assert boxes(game, "body") == [1, 0, 0] and steps(game) == 0


def test_the_steps_come_one_a_discord_box_and_are_not_taken_twice(winters: Any) -> None:
    game = poisoned(winters, marked=[1])
    to_the_next_turn(game)
    to_the_next_turn(game)  # nothing marked this turn: no step
    assert steps(game) == 1
    game.state.values["Thea"]["psyche condition 1"] = 1
    game.ops.change("Thea", "psyche", -9, "stress")  # the second psyche box: a second step
    to_the_next_turn(game)
    assert boxes(game, "psyche") == [1, 1, 0] and steps(game) == 2


def test_a_discord_box_erased_and_marked_again_is_a_new_step(winters: Any) -> None:
    game = session(winters, seed=2)
    game.pending()
    mine = next(c for c, i in game.state.cards.items() if i.get("player") == "p1")
    game.state.values[mine].update({"body condition 2": 1, "body condition 3": 1})
    game.ops.change(mine, "psyche", -9, "stress")  # the first psyche box: no discord
    pass_to_the_end(game)  # Recover Conditions: psyche 1 and body 2 erased
    left = carried(game)
    assert steps(game, mine) == 2  # body 2 and 3, marked in the first turn
    assert left["numbers"][mine]["discord steps"] == 2  # kept for the campaign
    later = new_game(winters, seed=2, players=1)
    carry_into(later, left)
    to_the_actions(later)
    assert boxes(later, "body", mine) == [0, 0, 1]
    later.ops.change(mine, "body", -9, "stress")  # body 1: no discord
    later.ops.change(mine, "body", -9, "stress")  # body 2 again: a new step
    to_the_next_turn(later)
    assert boxes(later, "body", mine) == [1, 1, 1] and steps(later, mine) == 3
