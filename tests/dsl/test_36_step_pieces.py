"""A ruleset's own Python procedure steps run as pieces of the kernel
(``dsl/world/step_pieces.py``): with the generator's dice they run at once, as they always did;
with the table's dice each die they roll is the kernel's ``roll`` question, asked again until
answered with a face, and a game saved at that question asks it again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dsl_testing import ROOT

from dsl.world.game import WorldGame, new_game
from rules import registry

OMENS = ROOT / "tests" / "dsl" / "fixtures" / "world" / "omens"


@pytest.fixture(scope="module")
def omens() -> Any:
    return registry.find(OMENS).compiled()


def faces(game: WorldGame) -> list[int]:
    return [int(e.data["face"]) for e in game.events if e.kind == "die_rolled"]


def test_with_the_generators_dice_the_steps_run_at_once_and_ask_nothing(omens: Any) -> None:
    game = new_game(omens, seed=3, players=2)
    assert game.pending() is None  # over: no question, no frame left behind
    omen, p1, p2 = faces(game)
    assert game.returns() == {"p1": omen + p1, "p2": omen + p2}
    again = new_game(omens, seed=3, players=2)
    again.pending()
    assert [(e.kind, e.data) for e in again.events] == [(e.kind, e.data) for e in game.events]


def test_with_the_tables_dice_each_roll_of_a_step_is_asked(omens: Any) -> None:
    game = new_game(omens, seed=3, players=2, table_dice=True)
    asked = []
    for face in (2, 5, 6):
        decision = game.pending()
        assert decision is not None and decision.kind == "roll" and decision.who is None
        assert tuple(decision.options) == (1, 2, 3, 4, 5, 6)
        asked.append(decision.prompt)
        game.apply(face)
    assert asked == [
        "Roll the omen die (a d6): the face the die shows",
        "Roll the omen die (a d6) for Player 1: the face the die shows",
        "Roll the omen die (a d6) for Player 2: the face the die shows",
    ]
    assert game.pending() is None
    assert faces(game) == [2, 5, 6]
    assert game.returns() == {"p1": 2 + 5, "p2": 2 + 6}


def test_a_face_the_die_lacks_is_refused_and_a_saved_game_asks_the_roll_again(
    omens: Any,
) -> None:
    game = new_game(omens, seed=3, players=2, table_dice=True)
    game.apply(4)
    with pytest.raises(ValueError, match="not among the options"):
        game.apply(7)
    saved = WorldGame.from_json(game.ruleset, game.to_json())
    assert saved.pending() == game.pending()
    for copy in (game, saved):
        copy.apply(1)
        copy.apply(3)
    assert saved.returns() == game.returns() == {"p1": 5, "p2": 7}


def test_a_step_wrapped_as_a_piece_keeps_what_it_takes(tmp_path: Path) -> None:
    """The checker still reads the step's own parameters: a step done for each player, written
    without ``for each``, is refused in one line."""
    from dsl.errors import ChroniclerError

    folder = tmp_path / "omens"
    folder.mkdir()
    text = (OMENS / "ruleset.rules").read_text()
    (folder / "ruleset.rules").write_text(
        text.replace("for each player in turn order, do bless", "do bless")
    )
    (folder / "omen_steps.py").write_text((OMENS / "omen_steps.py").read_text())
    with pytest.raises(ChroniclerError, match="'bless' is done for each thing"):
        registry.find(folder).compiled()
