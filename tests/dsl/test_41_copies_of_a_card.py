"""Copies named in a phrase (``dsl/copies_of.py``, made by ``dsl/world/bringing.py``), tried on
*Levy* (``fixtures/world/levy``: no Python of its own):

- ``Bring 2 copies of "Pikeman" into play.``: that many new cards, each named after its card
  and the next free number, its numbers started from the sheet, on the table;
- ``Bring up to 3 copies of each soldier in play into play.``: how many of each asked, 0 to 3,
  a copy among them copied as its card is;
- copies routed or brought in while a round runs;
- what is refused where it is written: no count, a count out of range, a card that does not
  exist, copies of what no phrase can name, a verb that makes no copies.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.loader import Source, check_sources, load_ruleset
from dsl.runtime import DecisionKind
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME, IN_PLAY
from rules.text.account import narrate

LEVY = FIXTURES / "world" / "levy"
TEXT = (LEVY / "ruleset.rules").read_text(encoding="utf-8")
LEVIED = ["Pikeman 2", "Pikeman 3"]  # the two copies the first step makes


@pytest.fixture(scope="module")
def levy():
    return load_ruleset(LEVY)


@pytest.fixture
def game(levy) -> WorldGame:
    game = new_game(levy, seed=1, players=1)
    game.start_phase("Muster")
    return game


def on_table(game: WorldGame, kind: str = "soldier") -> list[str]:
    cards = game.state.cards.items()
    return [c for c, info in cards if info["at"] == IN_PLAY and info["kind"] == kind]


def asked_how_many(game: WorldGame) -> str:
    decision = game.pending()
    assert decision is not None and decision.kind == DecisionKind.CHOOSE_VALUE
    assert decision.options == (0, 1, 2, 3)
    return decision.prompt


def told(game: WorldGame) -> list[str]:
    return [line.strip() for line in narrate(game.state.events)]


# ---- a written count ------------------------------------------------------------------------


def test_the_count_written_makes_that_many_copies_each_named_after_its_card(game) -> None:
    asked_how_many(game)  # the step after the levy: the copies are on the table already
    assert on_table(game) == LEVIED
    assert game.state.cards["Pikeman"]["zone"] == "barracks"  # the card copied stays put
    assert all(game.state.cards[c]["name"] == "Pikeman" for c in LEVIED)  # its text is read
    assert game.card_fields("Pikeman 3")["might"] == 2
    assert "Pikeman 2: a copy of Pikeman (brought into play)" in told(game)


def test_each_copys_numbers_start_from_the_sheet_and_are_its_own(levy) -> None:
    game = new_game(levy, seed=1, players=1)
    game.ops.set("Pikeman", "resolve", 1, why="a fright")
    game.start_phase("Muster")
    asked_how_many(game)
    assert [game.ops.value(c, "resolve") for c in LEVIED] == [3, 3]  # its nerve, not 1
    game.ops.set("Pikeman 2", "resolve", 0, why="shaken")
    assert game.ops.value("Pikeman 3", "resolve") == 3


# ---- a count asked --------------------------------------------------------------------------


def test_up_to_asks_how_many_of_each_card_the_phrase_finds(game) -> None:
    assert asked_how_many(game) == "how many copies of Pikeman 2 come in? 0 to 3"
    game.apply(2)
    assert asked_how_many(game) == "how many copies of Pikeman 3 come in? 0 to 3"
    game.apply(1)
    assert on_table(game) == [*LEVIED, "Pikeman 4", "Pikeman 5", "Pikeman 6"]
    assert game.ops.value(GAME, "strength") == 5 * 2  # each copy's might counted


def test_answering_none_for_each_makes_no_copy(game) -> None:
    game.apply(0)
    game.apply(0)
    assert on_table(game) == LEVIED
    assert game.ops.value(GAME, "strength") == 2 * 2


def test_a_copy_of_a_copy_is_one_more_of_its_card_started_afresh(game) -> None:
    game.ops.set("Pikeman 2", "resolve", 1, why="shaken")
    game.apply(1)  # a copy of Pikeman 2
    game.apply(0)
    made = game.state.cards["Pikeman 4"]
    assert made["name"] == "Pikeman" and made["called"] == "Pikeman 4"
    assert game.ops.value("Pikeman 4", "resolve") == 3  # the sheet's nerve, not Pikeman 2's 1
    assert any(line.startswith("Pikeman 4: a copy of Pikeman") for line in told(game))


# ---- while the rounds run -------------------------------------------------------------------


def turns(game: WorldGame, answers: dict[str, str], count: int) -> list[str]:
    """Whose turn it is, ``count`` times, each answered (``answers``, else pass)."""
    seen = []
    for _ in range(count):
        decision = game.pending()
        assert decision is not None
        seen.append(str(decision.who))
        game.apply(answers.pop(str(decision.who), "pass"))
    return seen


def test_a_copy_routed_while_others_act_takes_no_turn_and_the_others_go_on(game) -> None:
    game.apply(0)
    game.apply(0)
    assert game.pending().who == "Pikeman 2"
    game.ops.move_card("Pikeman 3", zone="fallen", why="routed")
    assert turns(game, {}, 3) == ["Pikeman 2", "Pikeman 2", "Pikeman 2"]  # rounds 1, 2, 3
    assert "Pikeman 3: the table -> fallen (routed)" in told(game)


def test_a_copy_brought_in_during_a_round_acts_from_the_next_round(game) -> None:
    game.apply(0)
    game.apply(0)
    order = turns(game, {"Pikeman 2": "Take: Call for Archers"}, 6)
    first, second = ["Pikeman 2", "Pikeman 2", "Pikeman 3"], ["Pikeman 2", "Pikeman 3", "Archer 2"]
    assert order == first + second  # its action, then its pass; the archer in round 2 only
    assert game.state.cards["Archer 2"]["at"] == IN_PLAY
    assert game.ops.value("Archer 2", "resolve") == 2  # the Archer sheet's nerve


# ---- refused where written ------------------------------------------------------------------

STEP = '  Levy: Bring 2 copies of "Pikeman" into play.'


@pytest.mark.parametrize(
    ("written", "words", "message"),
    [
        ('Bring copies of "Pikeman" into play.', "copies", "write how many"),
        ('Bring 0 copies of "Pikeman" into play.', "0", "1 to 20, not 0"),
        ('Bring up to 21 copies of "Pikeman" into play.', "21", "1 to 20, not 21"),
        ('Bring 2 copies of "Pikemen" into play.', '"Pikemen"', 'unknown card "Pikemen"'),
        ("Bring 2 copies of each sodlier into play.", "sodlier", "unknown word 'sodlier'"),
        ("Bring 2 copies of a soldier into play.", "a soldier", "copies of which cards?"),
        ('Discard 2 copies of "Pikeman".', "Discard", "verb 'discard' makes no copies"),
    ],
)
def test_a_phrase_of_copies_that_cannot_run_is_an_error_where_written(written, words, message):
    line = f"  Levy: {written}"
    text = TEXT.replace(STEP, line)
    (error,) = check_sources([Source("levy.rules", text)]).diagnostics.errors
    assert message in error.message
    at = (text.splitlines().index(line) + 1, line.index(words) + 1)
    assert (error.span.line, error.span.column) == at


def test_the_fixture_checks_clean() -> None:
    errors = check_sources([Source("levy.rules", TEXT)]).diagnostics.errors
    assert not errors, [e.message for e in errors]
