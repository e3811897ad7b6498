"""A person choosing in a check played step by step (``dsl.dice.choosing``), on a made-up game
whose words are its own: menus numbered once (an answer the heat cannot pay listed, not
offered), the die to raise by its place, the game as it would end if nothing more were spent,
``--raise``/``--buy`` put to the questions the check's ``spend`` answers ask, refused with the
option named when the rules do not allow them; and the game's events, a line each
(``dsl.dice.told``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.dice.check_game import CheckGame, new_check_game
from dsl.dice.choosing import Choice, Plan, PlanRefused, answer_from_plan, menu, spending, stopped
from dsl.dice.told import check_line
from dsl.loader import load_ruleset

PRIMITIVES = """
from dsl.procedure import Words

WORDS = procedure_words = Words()  # no step of its own: the check's steps and the answers
"""

FORGE = """ruleset "Forge" version "1"
primitives "forge_choosing_primitives"
value temper cost = 1 in 0..
value stoke cost = 2 in 0..
table "blade" roll d6 {
  1-4: "brittle"
  5-6: "true"
}
check "Forge" {
  inputs craft 1..6
  roll craft d6
  spend temper cost: raise a die by 2
  spend stoke cost: roll 1 more die
  score the highest die
  outcomes from table "blade"
  count edges: dice at 5 or more
}
heat is a number 0.. of players
temper a die is an answer that raises a die of the check, paid from heat
stoke the fire is an answer that rolls more dice in the check, paid from heat
"""

PROCEDURE = """procedure "Smithing" {
  Roll: do roll the check
  Work: offer temper a die, or stoke the fire, again until done
  Result: do read the result of the check
  Edges: do count the edges of the check
}
"""


def _forge(tmp_path: Path, dice: list[int], heat: int, temper: int = 1) -> CheckGame:
    """A roll of 2 dice by Ada, holding ``heat``; tempering costs ``temper``."""
    tmp_path = tmp_path / f"temper-{temper}"
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "forge_choosing_primitives.py").write_text(PRIMITIVES)
    text = FORGE.replace("temper cost = 1", f"temper cost = {temper}")
    (tmp_path / "ruleset.rules").write_text(text)
    (tmp_path / "procedure.rules").write_text(PROCEDURE)
    return new_check_game(
        load_ruleset(tmp_path),
        "Smithing",
        check="Forge",
        inputs={"craft": 2},
        numbers={"heat": heat},
        who="Ada",
        dice=dice,
    )


def _by_plan(game: CheckGame, plan: Plan) -> CheckGame:
    while (decision := game.pending()) is not None:
        answer = answer_from_plan(game, decision, plan)
        assert answer is not None, decision.options
        game.apply(answer)
    return game


def test_the_menu_lists_every_answer_in_the_texts_order(tmp_path: Path) -> None:
    game = _forge(tmp_path, [3, 2], heat=1)  # 1 heat: tempering, not stoking
    decision = game.pending()
    assert decision is not None
    assert menu(game, decision) == [
        Choice(1, "temper a die", True),
        Choice(2, "stoke the fire", False),
        Choice(3, "done", True),
    ]
    assert spending(game, "stoke the fire") == (2, "heat")
    assert spending(game, "done") is None


def test_the_die_to_raise_is_numbered_by_its_place(tmp_path: Path) -> None:
    game = _forge(tmp_path, [6, 5], heat=3)
    game.apply("temper a die")
    decision = game.pending()
    assert decision is not None
    # the check raises a die by 2, to the highest face at most; a 6 goes no higher
    assert menu(game, decision) == [
        Choice(1, "raise die 1 (6 -> 6)", False),
        Choice(2, "raise die 2 (5 -> 6)", True),
    ]


def test_stopped_walks_a_copy_to_its_end(tmp_path: Path) -> None:
    game = _forge(tmp_path, [3, 5], heat=2)
    end = stopped(game)
    assert end is not None
    assert (end.state.band, end.state.counts["edges"], end.state.numbers["heat"]) == ("true", 1, 2)
    assert game.pending() is not None and game.state.band is None  # the game itself is untouched


def test_buying_then_raising_as_the_command_line_said(tmp_path: Path) -> None:
    game = _forge(tmp_path, [1, 2, 4], heat=4)  # the third face is the die the fire buys
    _by_plan(game, Plan(raises=[3, 1], buys=1))
    assert game.state.dice == [3, 2, 6]
    assert game.state.numbers["heat"] == 0
    assert (game.state.band, game.state.counts["edges"]) == ("true", 1)


def test_a_plan_the_heat_cannot_pay_is_refused_by_its_option(tmp_path: Path) -> None:
    game = _forge(tmp_path, [1, 2], heat=1)
    decision = game.pending()
    with pytest.raises(PlanRefused, match=r"^--buy: a die costs 2, and heat holds 1$"):
        answer_from_plan(game, decision, Plan(buys=1))
    game = _forge(tmp_path, [1, 2], heat=2, temper=3)  # stoking is offered, tempering not
    refused = r"^--raise 1: raising a die costs 3, and heat holds 2$"
    with pytest.raises(PlanRefused, match=refused):
        answer_from_plan(game, game.pending(), Plan(raises=[1]))


def test_a_die_the_roll_has_not_or_at_its_highest_face_is_refused(tmp_path: Path) -> None:
    game = _forge(tmp_path, [6, 2], heat=3)
    with pytest.raises(PlanRefused, match="--raise 3: the roll has dice 1 to 2"):
        answer_from_plan(game, game.pending(), Plan(raises=[3]))
    with pytest.raises(PlanRefused, match="--raise 1: die 1 shows 6, the highest face"):
        answer_from_plan(game, game.pending(), Plan(raises=[1]))


def test_nothing_said_leaves_every_question_to_a_person(tmp_path: Path) -> None:
    game = _forge(tmp_path, [3, 2], heat=3)
    assert answer_from_plan(game, game.pending(), Plan()) is None


def test_each_event_of_the_game_reads_as_a_line_with_the_texts_count(tmp_path: Path) -> None:
    game = _by_plan(_forge(tmp_path, [1, 2, 4], heat=4), Plan(raises=[3, 1], buys=1))
    assert [check_line(event) for event in game.events] == [
        "rolled 1 2",
        "rolled 4",  # the die the fire bought, for 2 of the 4 heat
        "an extra die: 4 (2 points left)",
        "die 3 raised 4 -> 6 (1 point left)",  # by 2, to the highest face
        "die 1 raised 1 -> 3 (0 points left)",
        None,  # the result: what its score means is the ruleset's to say
        "1 edge",  # the check's count "edges", one of them
    ]
