"""Obstacle Cards, Effect: the obstacles whose effect strikes a character moving into their
location (Tripwire, Lightning Chamber, Eldritch Signs) and the discord location Desolation, each
a "Moving in:" text (form 10, ``dsl/world/moving_in.py``). The character's player acts: the
skill compared is the mover's, the stress theirs. Real cards of the v19.7 sheet, scripted
set-ups: every other obstacle off the map, the character at Eastkeep."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, facing, play_as

from dsl.world import verbs
from dsl.world.game import WorldGame
from dsl.world.matching import LEARNED

THERE = "Guild of Strategy"  # an empire location: one action die from Eastkeep


def moved_in(winters: Any, obstacle: str, character: str, to: str = THERE) -> WorldGame:
    """``character`` (p1) at Eastkeep, ``obstacle`` at ``to``, then p1 moves to the Empire's
    ``to`` by the Move action."""
    game = facing(winters, obstacle, [1, 2, 3, 4, 5], [])
    play_as(game, "p1", character)
    game.ops.move_card(obstacle, at=to)
    game = game.clone()
    game.pending()
    game.apply("Take: Move to the Empire")
    game.pending()
    game.apply(to)
    game.pending()
    return game


def stress(game: WorldGame, character: str) -> tuple[int, int]:
    values = game.state.values[character]
    return int(values["psyche"]), int(values["body"])


def test_tripwire_strikes_a_character_of_thievery_below_4(winters: Any) -> None:
    game = moved_in(winters, "Tripwire", "Menas")  # thievery 0, body 5
    assert game.ops.pawn_at("p1") == THERE
    assert stress(game, "Menas") == (3, 5 - 3)


def test_tripwire_spares_a_character_of_thievery_4(winters: Any) -> None:
    game = facing(winters, "Tripwire", [1, 2, 3, 4, 5], [])
    play_as(game, "p1", "Lucia")  # thievery 3, one rank learned: 4
    game.state.values.setdefault("Lucia", {})[f"{LEARNED}thievery"] = 1
    game.ops.move_card("Tripwire", at=THERE)
    game = game.clone()
    game.pending()
    game.apply("Take: Move to the Empire")
    game.pending()
    game.apply(THERE)
    game.pending()
    assert stress(game, "Lucia") == (3, 5)


def test_lightning_chamber_asks_survival(winters: Any) -> None:
    assert stress(moved_in(winters, "Lightning Chamber", "Menas"), "Menas") == (3, 5 - 3)


def test_eldritch_signs_asks_lore_and_takes_two_body(winters: Any) -> None:
    assert stress(moved_in(winters, "Eldritch Signs", "Menas"), "Menas") == (3, 5 - 2)


def test_a_move_back_to_the_same_location_springs_nothing(winters: Any) -> None:
    game = moved_in(winters, "Tripwire", "Menas", to=WHERE)  # Eastkeep to Eastkeep
    assert stress(game, "Menas") == (3, 5)


def test_the_obstacle_does_nothing_to_the_character_already_there(winters: Any) -> None:
    game = facing(winters, "Tripwire", [1, 2, 3, 4, 5], [])  # Tripwire at the character's place
    play_as(game, "p1", "Menas")
    game = game.clone()
    game.pending()
    assert stress(game, "Menas") == (3, 5)


def test_desolation_costs_one_psyche_to_move_into(winters: Any) -> None:
    game = facing(winters, "Tripwire", [1, 2, 3, 4, 5], [])
    play_as(game, "p1", "Menas")
    verbs.move(game.context(actor="p1"), to=["Desolation"])  # a text moving Menas there
    assert game.ops.pawn_at("p1") == "Desolation"
    assert stress(game, "Menas") == (3 - 1, 5)
