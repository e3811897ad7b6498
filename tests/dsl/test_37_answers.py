"""Answers that are sentences on declared numbers ("refuse the deal is an answer that pays
haggle price gold": ``dsl.world.answers``): an offer step runs them with no Python behind them,
an answer that pays is offered only while it can be paid, on a game of offers and on the world
engine, and a bad one is told at its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.loader import check_ruleset, load_ruleset, load_text
from dsl.world.answers import new_offer
from dsl.world.game import new_game

PRIMITIVES = """
from dsl.procedure import Words

WORDS = procedure_words = Words()  # no step of its own: the answers are the text's


@WORDS.condition("the stall is open")
def the_stall_is_open(game):
    return game.state.about != "closed"
"""

STALL = """ruleset "Stall" version "1"
primitives "stall_answers_primitives"
gold is a number 0..5 of players
value haggle price = 2 in 0..
take the deal is an answer that gains 4 gold
refuse the deal is an answer that pays haggle price gold
walk away is an answer that loses 9 gold
"""

PROCEDURE = """procedure "Deal" {
  Offer: offer take the deal, or refuse the deal only if the stall is open, or walk away, one
         must be taken
}
"""


def _stall(tmp_path: Path, text: str = STALL) -> Path:
    (tmp_path / "stall_answers_primitives.py").write_text(PRIMITIVES)
    (tmp_path / "ruleset.rules").write_text(text)
    (tmp_path / "procedure.rules").write_text(PROCEDURE)
    return tmp_path


def _deal(tmp_path: Path, gold: int, about: str = ""):  # type: ignore[no-untyped-def]
    ruleset = load_ruleset(_stall(tmp_path))
    return new_offer(ruleset, "Deal", who="Ann", numbers={"gold": gold}, about=about)


def test_an_answer_that_pays_is_offered_only_while_it_can_be_paid(tmp_path: Path) -> None:
    rich = _deal(tmp_path, 2).pending()
    assert rich.who == "Ann"
    assert rich.options == ("take the deal", "refuse the deal", "walk away")
    assert _deal(tmp_path, 1).pending().options == ("take the deal", "walk away")


def test_a_written_condition_holds_beside_the_answers_own(tmp_path: Path) -> None:
    assert _deal(tmp_path, 5, "closed").pending().options == ("take the deal", "walk away")


def test_paying_takes_the_declared_value_from_the_number(tmp_path: Path) -> None:
    game = _deal(tmp_path, 3)
    game.apply("refuse the deal")
    assert game.pending() is None
    assert game.state.numbers == {"gold": 1} and game.state.taken == "refuse the deal"
    assert game.events[-1].kind == "number_changed"
    assert game.events[-1].data["change"] == -2


def test_gaining_stops_at_the_top_and_losing_at_the_floor(tmp_path: Path) -> None:
    game = _deal(tmp_path, 3)
    game.apply("take the deal")  # 3 + 4, but gold is 0..5
    assert game.state.numbers == {"gold": 5}
    game = _deal(tmp_path, 3)
    game.apply("walk away")
    assert game.state.numbers == {"gold": 0}


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (
            "haggle is an answer that pays hagle price gold",
            "'hagle price' in the answer 'haggle' is no declared value; "
            "did you mean 'haggle price'?",
        ),
        ("haggle is an answer that pays 2 silver", "'silver' in the answer 'haggle' is no number"),
        ("haggle is an answer that steals 2 gold", "as 'an answer that gains|pays|loses"),
    ],
)
def test_an_answer_that_cannot_be_read_is_told_at_its_place(
    tmp_path: Path, line: str, error: str
) -> None:
    told = _errors(_stall(tmp_path, STALL + line + "\n"))
    assert any(error in e and "ruleset.rules:8:" in e for e in told), told


MARKET = """ruleset "Market" version "1"
players are 1 seats
gold is a number 0..5 of players, starting at 3 {
  At 0: Gain 1 luck.
}
luck is a number 0.. of players
take the deal is an answer that gains 1 gold
refuse the deal is an answer that pays 3 gold
procedure "Game" {
  Deal: offer take the deal, or refuse the deal, one must be taken
  teardown: do end the game
}
"""


def test_on_the_world_engine_an_answer_changes_the_acting_players_number() -> None:
    game = new_game(load_text(MARKET), seed=1, players=1)
    asked = game.pending()
    assert asked.kind == "offer" and asked.options == ("take the deal", "refuse the deal")
    game.apply("refuse the deal")  # 3 gold paid: gold reaches 0, and its text runs
    assert (game.ops.value("p1", "gold"), game.ops.value("p1", "luck")) == (0, 1)


def test_on_the_world_engine_an_answer_that_cannot_be_paid_is_not_offered() -> None:
    poorer = MARKET.replace("starting at 3", "starting at 2")
    game = new_game(load_text(poorer), seed=1, players=1)
    assert game.pending().options == ("take the deal",)


def _errors(folder: Path) -> list[str]:
    checked = check_ruleset(folder)
    return [d.headline() for d in checked.diagnostics.items if d.severity == "error"]
