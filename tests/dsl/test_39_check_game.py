"""A check played step by step (``dsl.dice.check_game``): a procedure whose steps are the
check's own (``roll the check``, ``cut the dice of the check``, ``read the result of the
check``, ``count the <count> of the check``), whose answers buy what its ``spend`` clauses sell
paid from a declared number, and one that asks a name (``dsl.world.owed``); the off-path cases:
several answers, refused answers, answers given again after an undo, the table's dice, and bad
declarations told at their place."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.dice.check_game import CheckGame, new_check_game
from dsl.kernel import IllegalMove
from dsl.kernel.machine import replay
from dsl.loader import check_ruleset, load_ruleset

PRIMITIVES = """
from dsl.procedure import Words

WORDS = procedure_words = Words()  # no step of its own: the check's steps and the answers


@WORDS.prompt("name the route")
def name_the_route_prompt(game):
    return f"Name the route up {game.state.about['wall']}"
"""

CLIMB = """ruleset "Climb" version "1"
primitives "climb_check_primitives"
value grip cost = 1 in 0..
value rope cost = 2 in 0..
table "height" roll d6 {
  1-3: "slip"
  4-6: "hold"
}
check "Climb" {
  inputs skill 1..6, strain 0..6 usually 0
  roll skill d6
  cut the highest strain
  spend grip cost: raise a die by 1
  spend rope cost: roll 1 more die
  score the highest die
  outcomes from table "height"
  count holds: dice at 5 or more
}
grit is a number 0.. of players
nudge a die is an answer that raises a die of the check, paid from grit
add a die is an answer that rolls more dice in the check, paid from grit
name the route is an answer that asks a name, in 12 characters
"""

PROCEDURE = """procedure "Attempt" {
  Roll: do roll the check
  Push: offer nudge a die, or add a die, again until done
  Route: offer name the route
  Cut: do cut the dice of the check
  Result: do read the result of the check
  Holds: do count the holds of the check
}
"""


def _climb(tmp_path: Path, text: str = CLIMB, procedure: str = PROCEDURE) -> Path:
    (tmp_path / "climb_check_primitives.py").write_text(PRIMITIVES)
    (tmp_path / "ruleset.rules").write_text(text)
    (tmp_path / "procedure.rules").write_text(procedure)
    return tmp_path


def _attempt(
    tmp_path: Path, dice: list[int], grit: int, strain: int = 0, **kw: object
) -> CheckGame:
    return new_check_game(
        load_ruleset(_climb(tmp_path)),
        "Attempt",
        check="Climb",
        inputs={"skill": 2, "strain": strain},
        numbers={"grit": grit},
        who="Ida",
        about={"wall": "the north face"},
        dice=dice,
        **kw,  # type: ignore[arg-type]
    )


def _play(game: CheckGame, *answers: str) -> CheckGame:
    for answer in answers:
        game.apply(answer)
    return game


def test_the_check_rolls_its_dice_and_offers_what_the_grit_buys(tmp_path: Path) -> None:
    game = _attempt(tmp_path, [3, 4], grit=2)
    asked = game.pending()
    assert game.state.dice == [3, 4] and asked.who == "Ida"
    assert asked.options == ("nudge a die", "add a die", "done")


def test_raising_asks_which_die_and_pays_its_price(tmp_path: Path) -> None:
    game = _attempt(tmp_path, [3, 4], grit=2)
    game.apply("nudge a die")
    which = game.pending()
    assert which.kind == "raise_which_die"
    assert which.options == ("raise die 1 (3 -> 4)", "raise die 2 (4 -> 5)")
    game.apply("raise die 2 (4 -> 5)")
    assert game.state.dice == [3, 5] and game.state.numbers == {"grit": 1}
    # one grit left: a die more costs 2, so only nudging is offered now
    assert game.pending().options == ("nudge a die", "done")


def test_several_answers_then_the_steps_of_the_check(tmp_path: Path) -> None:
    game = _attempt(tmp_path, [3, 4, 6], grit=3, strain=1)
    # 3 grit: a die more (2), a nudge (1); with none left the step ends unasked
    _play(game, "add a die", "nudge a die", "raise die 2 (4 -> 5)", "pass")
    assert game.pending() is None
    # rolled 3 4, bought a 6, raised the 4: 3 5 6, and the strain cuts the 6
    assert game.state.rolled == [3, 4, 6] and game.state.dice == [3, 5]
    assert (game.state.score, game.state.band, game.state.counts) == (5, "hold", {"holds": 1})
    kinds = [str(e.kind) for e in game.events]
    assert kinds == [
        "dice_rolled",
        "dice_rolled",
        "die_bought",
        "die_raised",
        "die_cut",
        "result",
        "counted",
    ]


def test_a_die_at_the_highest_face_is_no_die_to_raise(tmp_path: Path) -> None:
    game = _attempt(tmp_path, [6, 6], grit=3)
    assert game.pending().options == ("add a die", "done")


def test_an_answer_not_offered_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    game = _attempt(tmp_path, [3, 4], grit=1)
    with pytest.raises(IllegalMove):
        game.apply("add a die")  # 2 grit, 1 held
    assert game.state.numbers == {"grit": 1} and game.state.dice == [3, 4]


def test_the_name_is_asked_with_the_rulesets_prompt_and_checked(tmp_path: Path) -> None:
    game = _play(_attempt(tmp_path, [5, 2], grit=0), "name the route")
    asked = game.pending()
    assert asked.kind == "write" and asked.prompt == "Name the route up the north face"
    with pytest.raises(IllegalMove, match="at most 12"):
        game.apply("the long way round")
    game.apply("chimney")
    assert game.state.names == {"name the route": "chimney"} and game.pending() is None


def test_a_name_already_taken_is_refused(tmp_path: Path) -> None:
    game = _play(_attempt(tmp_path, [5, 2], grit=0, taken_names=["Chimney"]), "name the route")
    with pytest.raises(IllegalMove, match="taken"):
        game.apply("chimney")
    game.apply("crack")
    assert game.state.names == {"name the route": "crack"}


def test_answers_given_again_after_an_undo(tmp_path: Path) -> None:
    game = _play(_attempt(tmp_path, [3, 4], grit=2), "nudge a die", "raise die 1 (3 -> 4)")
    # undone: the answers but the last, given to the roll as it began
    again = replay(_attempt(tmp_path, [3, 4], grit=2), game.state.answers[:-1])
    assert again.pending().kind == "raise_which_die" and again.state.numbers == {"grit": 2}
    again.apply("raise die 2 (4 -> 5)")
    assert again.state.dice == [3, 5] and again.state.numbers == {"grit": 1}


def test_the_table_types_the_dice_it_rolled_and_the_die_bought(tmp_path: Path) -> None:
    game = _attempt(tmp_path, [], grit=2, table_dice=True)
    for face in (2, 3):
        assert game.pending().kind == "roll"
        game.apply(face)
    game.apply("add a die")
    assert game.pending().kind == "roll"  # the die bought is the table's to roll too
    game.apply(5)
    assert game.state.dice == [2, 3, 5] and game.state.numbers == {"grit": 0}


def test_a_game_asking_which_die_round_trips_through_json(tmp_path: Path) -> None:
    game = _play(_attempt(tmp_path, [3, 4], grit=2), "nudge a die")
    asked = game.pending()
    copy = type(game).from_json(game.ruleset, game.to_json())
    assert copy.pending() == asked
    copy.apply("raise die 1 (3 -> 4)")
    assert copy.state.dice == [4, 4]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("push is an answer that raises a die of the check, paid from nerve", "'nerve'"),
        ("push is an answer that raises two dice of the check", "raises a die of the check"),
        ("push is an answer that asks a name, in many words", "'in 40 characters'"),
    ],
)
def test_an_answer_that_cannot_be_read_is_told_at_its_place(
    tmp_path: Path, line: str, error: str
) -> None:
    told = _errors(_climb(tmp_path, CLIMB + line + "\n"))
    assert any(error in e and "ruleset.rules:23:" in e for e in told), told


def test_a_count_the_check_does_not_declare_is_no_step(tmp_path: Path) -> None:
    wrong = PROCEDURE.replace("count the holds of the check", "count the falls of the check")
    told = _errors(_climb(tmp_path, procedure=wrong))
    assert any("count the falls of the check" in e for e in told), told


def _errors(folder: Path) -> list[str]:
    checked = check_ruleset(folder)
    return [d.headline() for d in checked.diagnostics.items if d.severity == "error"]
