"""The table's dice (issue 35, item 6): with ``table_dice`` every die Seasons rolls (the
monster, location, combat, aging, curse, loot and plague dice) is asked of the table as the
kernel's ``roll`` question, even where the rules roll it in a procedure step of Python
(``invade``, ``fight``...): the face typed is the face the rules read."""

from __future__ import annotations

import random
from typing import Any

from seasons_testing import NORTH, SOUTH, at_planning, clear, events

from dsl.world.game import WorldGame, new_game
from rules.seasons import primitives as rules


def rolled(game: WorldGame, *faces: int) -> list[str]:
    """Type these faces at the next questions, each of which must be a die of the table's;
    the questions asked."""
    asked = []
    for face in faces:
        decision = game.pending()
        assert decision is not None and decision.kind == "roll", decision
        assert decision.who is None  # the table rolls, not a seat
        asked.append(str(decision.prompt))
        game.apply(face)
    return asked


def test_the_setup_invasion_asks_the_monster_die_then_the_location_die(seasons: Any) -> None:
    game = new_game(seasons, seed=1, players=2, table_dice=True)
    asked = rolled(game, 5, 6, 1, 9)  # two monsters on face 6; one monster on face 9
    assert (
        asked
        == [
            "Roll the Monster die (a d6): the face the die shows",
            "Roll the location die (a d12): the face the die shows",
        ]
        * 2
    )
    assert game.ops.count("South Mine", "monster") == 2  # face 6; "5-6: 2 monsters"
    assert game.ops.count("East Mine", "monster") == 1  # face 9; "1-4: 1 monster"
    assert [e["face"] for e in events(game, "die_rolled")] == [5, 6, 1, 9]


def test_a_face_the_die_does_not_have_is_refused_and_asked_again(seasons: Any) -> None:
    game = new_game(seasons, seed=1, players=2, table_dice=True)
    decision = game.pending()
    assert decision is not None and tuple(decision.options) == (1, 2, 3, 4, 5, 6)
    for bad in (0, 7, "six"):
        try:
            game.apply(bad)
        except ValueError:
            pass
        else:  # pragma: no cover - the assertion below says what went wrong
            raise AssertionError(f"{bad!r} was taken as a face of a d6")
    assert game.pending() == decision  # the same question, nothing lost
    assert rolled(game, 6)


def test_the_combat_dice_typed_choose_the_lands_the_bandits_take(seasons: Any) -> None:
    game = at_planning(seasons)
    clear(game, [*NORTH, *SOUTH])
    game.ops.place("Combat Area", "warrior", 3, "p1")
    game.ops.place("Combat Area", "warrior", 1, "p2")
    game.ops.place("South Farm", "warrior", 1, "p2")
    game.state.table_dice = True
    game = WorldGame.from_json(game.ruleset, game.to_json())  # no question pending yet
    fight = rules.procedure_words.find("step", "fight")
    assert fight is not None
    fight(game)  # the Combat step, as the procedure does it: a piece that may ask
    asked = rolled(game, 1, 4)  # p2 rolls two combat dice: capital, then farm
    assert asked == [
        "Roll the Combat die (a d6) for Player 2, die 1 of 2: the face the die shows",
        "Roll the Combat die (a d6) for Player 2, die 2 of 2: the face the die shows",
    ]
    assert game.ops.count("South Capital", "bandit") == 1
    assert game.ops.count("South Farm", "bandit") == 0  # met p2's warrior: both removed
    assert game.ops.count("South Farm", "warrior", "p2") == 0
    assert game.ops.count("South Mine", "bandit") == 0  # no die showed 5 or 6


def test_a_game_saved_at_a_roll_asks_the_same_roll_and_goes_on_the_same(seasons: Any) -> None:
    game = new_game(seasons, seed=4, players=3, table_dice=True)
    rolled(game, 2)
    saved = WorldGame.from_json(game.ruleset, game.to_json())
    assert saved.pending() == game.pending()
    for copy in (game, saved):
        rolled(copy, 1)
    assert [(e.kind, e.data) for e in saved.events] == [(e.kind, e.data) for e in game.events]


def test_every_roll_of_a_whole_game_is_the_tables_and_the_faces_typed_are_read(
    seasons: Any,
) -> None:
    """Three seats played to the end by a random choice of options, every die typed from a
    script of faces: each die rolled shows the face typed for it, in order, and no die is the
    generator's."""
    game = new_game(seasons, seed=2, players=3, table_dice=True)
    choose, faces = random.Random(2), random.Random(3)
    typed: list[int] = []
    dice: set[str] = set()
    while (decision := game.pending()) is not None:
        if decision.kind == "roll":
            typed.append(faces.choice(list(decision.options)))
            dice.add(str(decision.prompt).split(" (")[0])
            game.apply(typed[-1])
        else:
            game.apply(choose.choice(list(decision.options)))
    assert game.state.over
    assert [e["face"] for e in events(game, "die_rolled")] == typed
    assert {"Roll the Monster die", "Roll the location die"} <= dice
    assert len(dice) >= 3  # a die rolled by a verb or a step of the events besides


def test_a_bot_that_looks_ahead_plays_its_copies_with_dice_of_their_own(seasons: Any) -> None:
    """The table's dice are unknown to anyone: a determinized copy (what the look-ahead bot
    plays out) draws its dice from its own generator, and asks no roll of anyone."""
    game = new_game(seasons, seed=1, players=2, table_dice=True)
    while (decision := game.pending()) is not None and decision.kind == "roll":
        game.apply(1)  # the setup's and the winter's invasions: to the first placement
    assert decision is not None and decision.kind == "order"
    copy = game.determinize(decision.who, random.Random(7))
    choose = random.Random(1)
    while (asked := copy.pending()) is not None:
        assert asked.kind != "roll"
        copy.apply(choose.choice(list(asked.options)))
    assert copy.state.over and game.state.table_dice  # the game itself still asks the table
