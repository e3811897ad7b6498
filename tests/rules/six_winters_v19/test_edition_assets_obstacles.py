"""Actions, Assets and Obstacles: the assets where the obstacle stands can be laid on it
during the overcome step, and during the approach when the obstacle is easy; never to defend.
Our reading: every asset that matches a face still missing is laid, after the action dice.
Thea (command 2, combat 0) at Eastkeep, the map's first space; the dice laid by hand."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, facing, held, laid, most_dice

from dsl.world.game import WorldGame
from dsl.world.pools import faces


def place(game: WorldGame, where: str, resource: str, dice: list[int]) -> WorldGame:
    """The ``resource`` assets at ``where``, by face."""
    held = game.state.values.setdefault(where, {})
    for face in range(1, 7):
        held.pop(f"{resource} assets#{face}", None)
    for face in dice:
        key = f"{resource} assets#{face}"
        held[key] = held.get(key, 0) + 1
    held[f"{resource} assets"] = len(dice)
    return game.clone()


def assets(game: WorldGame, where: str, resource: str) -> list[int]:
    decl = game.world.property(f"{resource} assets")
    assert decl is not None
    return faces(game, where, decl)


def overcome(game: WorldGame) -> None:
    game.apply("Take: Overcome")
    most_dice(game)  # every matching action die laid


def psyche(game: WorldGame) -> int:
    return int(game.state.values["Thea"]["psyche"])


def test_an_easy_obstacle_is_matched_with_assets_on_the_approach(winters: Any) -> None:
    # Zarrah: command 1, obstacle dice 5, 5; Thea's command 2: easy
    game = facing(winters, "Zarrah", [5, 1], [])
    game = place(game, WHERE, "military", [3, 5])
    overcome(game)
    assert game.state.cards["Zarrah"]["at"] is None  # her 5 and the asset 5: overcome
    assert held(game) == [1]  # not rerolled: matched on the approach, no defend
    assert assets(game, WHERE, "military") == [3]  # the asset that matches nothing stays


def test_assets_of_several_types_are_laid(winters: Any) -> None:
    game = facing(winters, "Zarrah", [1], [])
    game = place(game, WHERE, "stability", [5])
    game = place(game, WHERE, "sorcery", [5, 6])
    overcome(game)
    assert game.state.cards["Zarrah"]["at"] is None
    assert assets(game, WHERE, "stability") == [] and assets(game, WHERE, "sorcery") == [6]


def test_a_difficult_obstacle_takes_assets_only_in_the_overcome_step(winters: Any) -> None:
    # Rousing Speech: command 3, difficult for Thea; dice 5, 5, 5; damage two psyche. The two
    # asset fives do not defend: the reroll shows no 5, two psyche are taken; then they are laid.
    game = facing(winters, "Rousing Speech", [1, 1], [2, 3])
    game = place(game, WHERE, "diplomacy", [5, 5])
    overcome(game)
    assert psyche(game) == 5 - 2
    assert laid(game, "Rousing Speech") == [5, 5]
    assert assets(game, WHERE, "diplomacy") == []
    assert game.state.cards["Rousing Speech"]["at"] == WHERE  # one 5 still missing


def test_the_action_dice_go_first_and_the_assets_fill_what_is_left(winters: Any) -> None:
    # Rousing Speech again: the reroll shows 5, 5; both laid, and one asset 5 completes it
    game = facing(winters, "Rousing Speech", [1, 1], [5, 5])
    game = place(game, WHERE, "technology", [5, 5])
    overcome(game)
    assert held(game) == []  # both rerolled fives laid
    assert game.state.cards["Rousing Speech"]["at"] is None  # (its Overcome text costs psyche)
    assert assets(game, WHERE, "technology") == [5]


def test_assets_at_another_location_are_not_used(winters: Any) -> None:
    game = facing(winters, "Zarrah", [1], [])
    elsewhere = next(c.name for c in winters.all_cards if c.kind == "location" and c.name != WHERE)
    game = place(game, elsewhere, "military", [5, 5])
    overcome(game)
    assert game.state.cards["Zarrah"]["at"] == WHERE
    assert assets(game, elsewhere, "military") == [5, 5]
