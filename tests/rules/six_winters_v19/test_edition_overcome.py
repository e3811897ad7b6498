"""Actions, Overcome Obstacle: action dice laid on an obstacle at the character's location to
match its obstacle dice, by approach (only when it is easy), defend (the dice left rerolled, one
of each face of the obstacle dice to show) and overcome; a difficult obstacle overcome raises the
character's skill; dice laid stay for the next action, the same or another character's
(teamwork). The text's worked examples, with its scripted dice."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, facing, held, hold, laid, most_dice, play_as

from dsl.world.game import WorldGame
from dsl.world.matching import rank
from rules.six_winters_v19.bots import HeuristicBot


def overcome(game: WorldGame) -> None:
    game.apply("Take: Overcome")
    most_dice(game)  # every matching action die laid


def stress(game: WorldGame, track: str) -> int:
    return int(game.state.values["Thea"][track])


def test_thea_finds_her_overcome_skills_on_her_sheet(winters: Any) -> None:
    game = facing(winters, "Zarrah", [1], [])
    assert rank(game, "p1", "command") == 2 and rank(game, "p1", "thievery") == 0
    assert winters.card("Zarrah", "obstacle").fields["difficulty"] == 1  # easy for her


def test_an_easy_obstacle_matched_on_the_approach_is_overcome_without_defending(
    winters: Any,
) -> None:
    # Zarrah: command 1, obstacle dice 5, 5; Thea's command 2: easy
    game = facing(winters, "Zarrah", [5, 5, 1, 2], [])
    overcome(game)
    assert game.state.cards["Zarrah"]["at"] is None  # discarded
    assert held(game) == [1, 2]  # not rerolled: the defend step is skipped
    assert stress(game, "psyche") == 5 and rank(game, "p1", "command") == 2  # easy: no rank


def test_one_die_of_the_one_value_defends_against_dice_all_alike(winters: Any) -> None:
    # The text: four sixes need one six in the reroll. Rousing Speech: 5, 5, 5 (command 3,
    # difficult for Thea: no approach). The reroll shows one 5: defended, and it is laid.
    game = facing(winters, "Rousing Speech", [5, 5, 1, 1], [5, 2, 3, 4])
    overcome(game)
    assert stress(game, "psyche") == 5  # defended
    assert laid(game, "Rousing Speech") == [5]
    assert held(game) == [2, 3, 4]
    assert game.state.cards["Rousing Speech"]["at"] == WHERE  # still lacks two fives


def test_every_value_of_the_obstacle_dice_must_show_to_defend(winters: Any) -> None:
    # The text: two ones, a two and a three need a one, a two and a three rolled. Poison: 1, 2,
    # 3, thievery 2, difficult for Thea (thievery 0); its damage two body.
    game = facing(winters, "Poison", [6, 6, 6, 6, 6], [1, 2, 2, 4, 6])
    overcome(game)
    assert stress(game, "body") == 3 - 2  # no 3 rolled: the defence fails, two body taken
    assert laid(game, "Poison") == [1, 2]  # the overcome step still lays what matches
    assert held(game) == [2, 4, 6]


def test_a_defence_that_shows_each_value_takes_no_stress(winters: Any) -> None:
    game = facing(winters, "Poison", [6, 6, 6, 6, 6], [3, 1, 2, 6, 6])
    overcome(game)
    assert stress(game, "body") == 3
    assert game.state.cards["Poison"]["at"] is None  # 1, 2, 3 laid: overcome


def test_a_difficult_obstacle_overcome_raises_the_skill_by_one(winters: Any) -> None:
    game = facing(winters, "Poison", [1, 2, 3, 6, 6], [3, 1, 2, 6, 6])
    overcome(game)  # difficult: her 1, 2, 3 are not laid on the approach, but rerolled
    assert game.state.cards["Poison"]["at"] is None
    assert rank(game, "p1", "thievery") == 0 + 1


def test_dice_left_on_an_obstacle_wait_for_the_next_overcome(winters: Any) -> None:
    game = facing(winters, "Rousing Speech", [5, 5, 1, 1], [5, 2, 3, 4, 5, 5, 1])
    overcome(game)
    assert laid(game, "Rousing Speech") == [5]
    overcome(game)  # 2, 3, 4 rerolled: 5, 5, 1; both fives laid
    assert game.state.cards["Rousing Speech"]["at"] is None
    assert rank(game, "p1", "command") == 2 + 1


def test_teamwork_another_character_at_the_location_adds_to_the_dice_laid(winters: Any) -> None:
    # Tradition, or Reform?: command 2, obstacle dice 5, 5, its damage two psyche; easy for Thea
    game = facing(winters, "Tradition, or Reform?", [5, 1], [1], players=2)
    overcome(game)  # Thea lays one 5; her 1 is rerolled: a 1, no 5: two psyche taken
    assert laid(game, "Tradition, or Reform?") == [5]
    assert stress(game, "psyche") == 5 - 2
    game.apply("pass")  # Thea is done; Fuscus, at Eastkeep too, takes over
    play_as(game, "p2", "Fuscus")  # command 0: difficult for him, no approach
    hold(game, "p2", [5, 3])
    game.state.dice_script = [3, 5]  # his reroll shows a 5: he defends, and lays it
    game = game.clone()
    decision = game.pending()
    assert decision is not None and decision.who == "p2"
    game.apply("Take: Overcome")
    most_dice(game)  # every matching action die laid
    assert game.state.cards["Tradition, or Reform?"]["at"] is None
    assert int(game.state.values["Fuscus"]["psyche"]) == 4  # his printed psyche: defended
    assert rank(game, "p2", "command") == 0 + 1  # difficult for the one who completed it


def test_no_obstacle_at_the_location_no_overcome(winters: Any) -> None:
    game = facing(winters, "Zarrah", [1], [])
    game.ops.move_card("Zarrah", zone="obstacle deck")
    decision = game.clone().pending()
    assert decision is not None and "Take: Overcome" not in decision.options
    assert "Take: Rest" in decision.options


def test_the_player_chooses_which_matching_dice_to_lay_on_the_approach(winters: Any) -> None:
    # The text's approach: "any number of action dice" on an easy obstacle. Zarrah (5, 5) for
    # Thea: her two 5s are one face, offered none, one or both; the 1 and 2 match nothing.
    game = facing(winters, "Zarrah", [5, 5, 1, 2], [3, 3, 3])
    game.apply("Take: Overcome")
    decision = game.pending()
    assert decision is not None and decision.prompt == "Which red dice to lay on Zarrah?"
    assert decision.options == ("none", "5", "5, 5")
    game.apply("5")  # one kept back: the defence rerolls the 5, 1 and 2
    assert laid(game, "Zarrah") == [5]
    assert held(game) == [3, 3, 3]  # rerolled: no 5, the defence fails
    assert game.state.cards["Zarrah"]["at"] == WHERE


def test_the_heuristic_bot_lays_every_matching_die(winters: Any) -> None:
    game = facing(winters, "Zarrah", [5, 5, 1, 2], [])
    game.apply("Take: Overcome")
    decision = game.pending()
    assert decision is not None
    assert HeuristicBot(1).choose(game.observation(decision.who), decision) == "5, 5"
