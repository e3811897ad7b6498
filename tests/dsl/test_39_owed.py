"""What is owed, cleared in a game of offers (``dsl.world.owed``): ``pay the <things>`` pays a
declared payment from the game's numbers, an answer that ``marks <levels> for <number>`` asks a
name and marks the level the number holds (promoted past the levels held), and one that ``leaves
<number> unpaid`` clears nothing; the off-path cases: several answers, refused answers, a name
given again after an undo, and bad declarations told at their place."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.kernel import IllegalMove
from dsl.kernel.machine import replay
from dsl.loader import check_ruleset, load_ruleset, load_text
from dsl.world.answers import OfferGame, new_offer

PRIMITIVES = """
from dsl.procedure import Words

WORDS = procedure_words = Words()  # no step of its own: the step and the answers are the text's
"""

KEEP = """ruleset "Keep" version "1"
primitives "keep_owed_primitives"
armour are reservoirs of knights: plate
value worst scar = 3 in 1..
value soak price = 2 in 1..
wounds are paid from armour, soak price points each
scars are levels 1 to worst scar of armour, a level held promoted to the next free one
take a scar is an answer that marks scars for wounds, named in 12 characters
give ground is an answer that leaves wounds unpaid
"""

PROCEDURE = """procedure "Struck" {
  Soak: do pay the wounds
  Unsoaked: offer take a scar, or give ground, one must be taken
}
"""


def _keep(tmp_path: Path, text: str = KEEP) -> Path:
    (tmp_path / "keep_owed_primitives.py").write_text(PRIMITIVES)
    (tmp_path / "ruleset.rules").write_text(text)
    (tmp_path / "procedure.rules").write_text(PROCEDURE)
    return tmp_path


def _struck(tmp_path: Path, wounds: int, armour: int, held: list[int] | None = None) -> OfferGame:
    ruleset = load_ruleset(_keep(tmp_path))
    numbers = {"wounds": wounds, "armour": armour}
    return new_offer(ruleset, "Struck", who="Aldo", numbers=numbers, marks={"scars": held or []})


def test_the_payment_step_pays_whole_prices_and_leaves_a_remainder_held(tmp_path: Path) -> None:
    game = _struck(tmp_path, 3, 5)  # 2 points a wound: 2 wounds soaked, 1 point held, 1 owed
    asked = game.pending()
    assert game.state.numbers == {"wounds": 1, "armour": 1}
    assert asked.who == "Aldo" and asked.options == ("take a scar", "give ground")
    paid = game.events[0]
    assert paid.kind == "paid" and (paid.data["paid"], paid.data["spent"]) == (2, 4)


def test_nothing_owed_after_paying_asks_nothing(tmp_path: Path) -> None:
    game = _struck(tmp_path, 2, 4)
    assert game.pending() is None
    assert game.state.numbers == {"wounds": 0, "armour": 0} and game.state.taken is None


def test_a_mark_is_named_then_taken_at_the_level_owed(tmp_path: Path) -> None:
    game = _struck(tmp_path, 2, 0)
    game.apply("take a scar")
    asked = game.pending()
    assert asked.kind == "write" and asked.who == "Aldo" and asked.max_length == 12
    assert game.state.marks == {"scars": []}  # nothing is marked before the name
    game.apply("split lip")
    assert game.pending() is None
    assert game.state.marks == {"scars": [2]} and game.state.numbers["wounds"] == 0
    assert game.state.marked == {"levels": "scars", "name": "split lip", "level": 2, "wanted": 2}


def test_a_level_held_promotes_the_mark_and_the_last_level_is_told(tmp_path: Path) -> None:
    game = _struck(tmp_path, 2, 0, held=[2])
    game.apply("take a scar")
    game.apply("torn ear")
    told = game.events[-1]
    assert told.kind == "level_marked"
    assert (told.data["level"], told.data["promoted"], told.data["last"]) == (3, True, True)


def test_with_no_level_free_only_the_unpaid_answer_is_offered(tmp_path: Path) -> None:
    game = _struck(tmp_path, 2, 0, held=[2, 3])
    assert game.pending().options == ("give ground",)
    with pytest.raises(IllegalMove):
        game.apply("take a scar")  # refused: not offered, and nothing changes
    assert game.state.marks == {"scars": [2, 3]}


def test_more_owed_than_the_last_level_cannot_be_marked(tmp_path: Path) -> None:
    assert _struck(tmp_path, 4, 0).pending().options == ("give ground",)


def test_leaving_it_unpaid_changes_nothing_and_is_told(tmp_path: Path) -> None:
    game = _struck(tmp_path, 3, 1, held=[1])
    game.apply("give ground")
    assert game.pending() is None
    assert game.state.numbers == {"wounds": 3, "armour": 1}  # 1 point pays no whole price
    assert game.state.marks == {"scars": [1]} and game.state.taken == "give ground"
    told = game.events[-1]
    assert told.kind == "left_unpaid" and told.data["owed"] == 3


def test_a_refused_name_changes_nothing_and_the_name_is_asked_again(tmp_path: Path) -> None:
    game = _struck(tmp_path, 1, 0)
    game.apply("take a scar")
    asked = game.pending()
    with pytest.raises(IllegalMove, match="at most 12"):
        game.apply("a very long scar indeed")
    with pytest.raises(IllegalMove, match="is not allowed"):
        game.apply("scar; drop")
    assert game.pending() == asked and game.state.marks == {"scars": []}
    game.apply("nick")
    assert game.state.marks == {"scars": [1]}


def test_an_answer_given_again_after_an_undo(tmp_path: Path) -> None:
    game = _struck(tmp_path, 1, 0)
    game.apply("take a scar")
    game.apply("nick")
    # undone: every answer but the last, given to the game as it began
    again = replay(_struck(tmp_path, 1, 0), game.state.answers[:-1])
    asked = again.pending()
    assert asked is not None and asked.kind == "write" and again.state.marks == {"scars": []}
    again.apply("gash")
    assert again.state.marked is not None and again.state.marked["name"] == "gash"
    # and the choice itself undone: the other answer taken
    other = replay(_struck(tmp_path, 1, 0), game.state.answers[:-2])
    other.apply("give ground")
    assert other.state.marks == {"scars": []} and other.events[-1].kind == "left_unpaid"


def test_a_game_asked_for_a_name_round_trips_through_json(tmp_path: Path) -> None:
    game = _struck(tmp_path, 1, 0, held=[1])
    game.apply("take a scar")
    asked = game.pending()
    copy = type(game).from_json(game.ruleset, game.to_json())
    assert copy.pending() == asked
    copy.apply("burn")
    assert copy.state.marks == {"scars": [1, 2]}


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (
            "duck is an answer that marks bruises for wounds",
            "'bruises' in the answer 'duck' is no track of levels declared",
        ),
        ("duck is an answer that leaves blood unpaid", "'blood' in the answer 'duck' is no number"),
        ("duck is an answer that marks scars for wounds, named badly", "'named in 40 characters'"),
        ("duck is an answer that leaves wounds", "is an answer that leaves wounds unpaid"),
    ],
)
def test_an_owed_answer_that_cannot_be_read_is_told_at_its_place(
    tmp_path: Path, line: str, error: str
) -> None:
    told = _errors(_keep(tmp_path, KEEP + line + "\n"))
    assert any(error in e and "ruleset.rules:10:" in e for e in told), told


def test_the_world_engine_refuses_answers_it_cannot_play() -> None:
    text = """ruleset "Field" version "1"
players are 1 seats
wounds is a number 0.. of players
give ground is an answer that leaves wounds unpaid
procedure "Game" {
  Struck: offer give ground, one must be taken
  teardown: do end the game
}
"""
    with pytest.raises(Exception, match="played by a game of offers"):
        load_text(text)


def _errors(folder: Path) -> list[str]:
    checked = check_ruleset(folder)
    return [d.headline() for d in checked.diagnostics.items if d.severity == "error"]
