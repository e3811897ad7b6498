"""Discord Effects: a character whose stress marks a discord condition box (the bottom two of a
track: condition 2 and 3 of each, our reading of three boxes a track) takes its next discord
step, the six unlocked from top to bottom and kept for the campaign ("discord steps"); a mark
of the first box, the one nearest the die, is no discord; a discord box erased at Recover
Conditions and marked again later is a new step. Our reading of when: at the end of the turn
the box was marked in, when the discord card of each step taken resolves its text ("Discord:"):
Oniri's first five make every other character in play take stress, each character's sixth
burns obstacles in play, lowers a threat track and burns the character (its player acts no more
that session; in the next, another character is dealt in its place). The other thirty wait for
forms (characters.rules says which)."""

from __future__ import annotations

from typing import Any

from edition_session import PASS, WHERE, facing, most_dice, pass_to_the_end, play_as, session

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


def two_at_the_table(winters: Any, first: str, second: str) -> WorldGame:
    """Two players at their first action, ``first`` played by p1 and ``second`` by p2, every
    obstacle off the map."""
    game = session(winters, players=2, seed=2)
    game.pending()
    for card, info in game.state.cards.items():
        if info["kind"] == "obstacle" and info.get("at"):
            game.ops.move_card(card, zone="obstacle deck")
    play_as(game, "p1", first)
    play_as(game, "p2", second)
    return game.clone()


def to_the_next_turn_of_two(game: WorldGame) -> None:
    game.apply(PASS)
    game.apply(PASS)
    to_the_actions(game)


def stress(game: WorldGame, character: str) -> tuple[int, int]:
    return game.ops.value(character, "psyche"), game.ops.value(character, "body")


def test_oniris_first_step_makes_every_other_character_in_play_take_body(winters: Any) -> None:
    game = two_at_the_table(winters, "Oniri", "Thea")
    game.state.values["Oniri"]["body condition 1"] = 1
    game.ops.change("Oniri", "body", -9, "stress")  # the second body box: step 1
    before_oniri, before_thea = stress(game, "Oniri"), stress(game, "Thea")
    to_the_next_turn_of_two(game)
    assert steps(game, "Oniri") == 1
    assert stress(game, "Thea") == (before_thea[0], before_thea[1] - 1)
    assert stress(game, "Oniri") == before_oniri  # not Oniri
    assert game.ops.value("Fuscus", "body") == game.card_fields("Fuscus")["body"]  # not in play


def test_two_discord_boxes_in_one_turn_resolve_both_steps_in_order(winters: Any) -> None:
    game = two_at_the_table(winters, "Oniri", "Thea")
    game.state.values["Oniri"].update({"body condition 1": 1, "psyche condition 1": 1})
    game.ops.change("Oniri", "body", -9, "stress")
    game.ops.change("Oniri", "psyche", -9, "stress")
    before = stress(game, "Thea")
    to_the_next_turn_of_two(game)
    assert steps(game, "Oniri") == 2  # step 1 (one body) and step 2 (one psyche), not step 3
    assert stress(game, "Thea") == (before[0] - 1, before[1] - 1)


def test_theas_sixth_step_burns_the_issues_lowers_stability_threat_and_burns_her(
    winters: Any,
) -> None:
    game = two_at_the_table(winters, "Fuscus", "Thea")
    game.ops.move_card("Looking West", at=WHERE)  # an Issue
    game.ops.move_card("Hogel", at=WHERE)  # no Issue
    game.state.values[""]["stability threat"] = 5
    marks = {f"{t} condition {k}": 1 for t in ("psyche", "body") for k in (1, 2, 3)}
    game.state.values["Thea"].update(marks, **{"discord steps": 5, "discord marks": 3})
    to_the_next_turn_of_two(game)  # the fourth discord box marked: step 6
    assert steps(game) == 6
    zone = {c: game.state.cards[c]["zone"] for c in ("Looking West", "Hogel", "Thea")}
    assert zone == {"Looking West": "burnt", "Hogel": None, "Thea": "burnt"}
    assert game.ops.value("", "stability threat") == 3
    decision = game.pending()
    assert decision is not None and decision.who == "p1"
    game.apply(PASS)  # Thea's player is asked no more: the turn ends
    assert (after := game.pending()) is not None and after.who == "p1"


def test_a_character_burnt_is_replaced_in_the_next_session(winters: Any) -> None:
    game = two_at_the_table(winters, "Fuscus", "Thea")
    game.ops.move_card("Thea", zone="burnt")
    pass_to_the_end(game)
    left = carried(game)
    assert "Thea" in left["burnt"]
    for seed in range(1, 40):  # a seed that deals Thea again: another takes her place
        later = new_game(winters, seed=seed, players=2)
        if any(i.get("player") and n == "Thea" for n, i in later.state.cards.items()):
            break
    carry_into(later, left)
    played = [
        c for c, i in later.state.cards.items() if i["kind"] == "character" and i.get("player")
    ]
    assert len(played) == 2 and "Thea" not in played
    assert later.state.cards["Thea"]["zone"] == "burnt"
