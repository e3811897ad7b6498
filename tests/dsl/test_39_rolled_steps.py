"""Steps before a round's order is known (``dsl/world/rolled.py``), tried on *Vanguard*
(``fixtures/world/vanguard``: no Python of its own):

- ``do roll the Who goes first table into first side``: the table's die, its row naming a band
  of the number (or a figure), the number set; each result's odds from the rows;
- ``do declare an action into haste``: each unit asked which action it declares (or none), its
  haste the declared card's field;
- ``do roll speed using pace with its haste into speed score``: the check made with the sheet's
  pace, the declared haste taken off, the order of the turns from it.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from dsl_testing import FIXTURES

from dsl.errors import ChroniclerError
from dsl.loader import load_ruleset
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME
from dsl.world.rolled import chances
from rules.text.account import narrate

VANGUARD = FIXTURES / "world" / "vanguard"
TEXT = (VANGUARD / "ruleset.rules").read_text()


@pytest.fixture(scope="module")
def vanguard():
    return load_ruleset(VANGUARD)


def begun(ruleset, dice: list[int]) -> WorldGame:
    game = new_game(ruleset, seed=1, players=1, dice=dice)
    game.start_phase("Round")
    game.pending()
    return game


def asked(game: WorldGame) -> tuple[str, str, tuple[str, ...]]:
    decision = game.pending()
    assert decision is not None
    return str(decision.kind), str(decision.who), tuple(decision.options)


def told(game: WorldGame) -> list[str]:
    return [line.strip() for line in narrate(game.state.events)]


@pytest.fixture
def changed(tmp_path):
    """Vanguard with one line of its text changed."""

    def load(old: str, new: str):
        assert old in TEXT, old
        (tmp_path / "ruleset.rules").write_text(TEXT.replace(old, new, 1))
        return load_ruleset(tmp_path)

    return load


# ---- the side rolled from a table ----------------------------------------------------------


@pytest.mark.parametrize(("face", "side"), [(1, 0), (2, 0), (3, 1), (6, 1)])
def test_the_tables_row_names_the_band_the_number_is_set_to(vanguard, face, side) -> None:
    game = begun(vanguard, [face])
    assert game.ops.value(GAME, "first side") == side
    assert f"Who goes first rolled {face}: {'ours' if side else 'theirs'}" in told(game)


def test_each_result_has_its_odds_from_the_rows(vanguard) -> None:
    game = new_game(vanguard, seed=1, players=1)
    assert chances(game, "Who goes first") == {"theirs": Fraction(1, 3), "ours": Fraction(2, 3)}
    assert chances(game, "who goes first") == chances(game, "Who goes first")


def test_a_row_that_is_a_figure_sets_that_figure(changed) -> None:
    ruleset = changed('1-2: "theirs"', '1-2: "0"')
    game = begun(ruleset, [2])
    assert game.ops.value(GAME, "first side") == 0


def test_a_row_that_names_no_band_is_refused_as_the_game_starts_at_the_step(changed) -> None:
    ruleset = changed('3-6: "ours"', '3-6: "everyone"')
    with pytest.raises(ChroniclerError, match='Declaring: the row "everyone" of "Who goes first"'):
        new_game(ruleset, seed=1, players=1)


def test_a_table_not_declared_or_not_rolled_is_refused_as_the_game_starts(changed) -> None:
    ruleset = changed("roll the Who goes first table", "roll the Who goes last table")
    with pytest.raises(ChroniclerError, match='no rolled table "who goes last"'):
        new_game(ruleset, seed=1, players=1)


def test_chronicler_check_tells_a_step_naming_nothing_where_it_is_written(
    changed, tmp_path
) -> None:
    """A step that names no table, check or number is a check error at its line and column,
    not only a refusal when a game starts: ``chronicler check`` says so and exits 1."""
    changed("roll the Who goes first table", "roll the Who goes last table")
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", "check", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    line = next(n for n, text in enumerate(TEXT.splitlines(), 1) if "Who goes first table" in text)
    assert f"ruleset.rules:{line}:" in done.stderr
    assert 'there is no rolled table "who goes last"' in done.stderr
    assert "1 error" in done.stderr
    clean = subprocess.run(
        [sys.executable, "-m", "journal.cli", "check", str(VANGUARD)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert clean.returncode == 0, clean.stderr


# ---- the action declared ahead ----------------------------------------------------------------


def test_each_unit_is_asked_its_declaration_among_the_actions_it_is_offered(vanguard) -> None:
    game = begun(vanguard, [4])
    assert asked(game) == ("declare", "Scout", ("Take: Charge", "Take: Hold", "pass"))
    game.apply("Take: Charge")
    assert asked(game)[:2] == ("declare", "Raider")


def test_the_declared_cards_field_is_the_units_number_none_or_no_field_is_0(vanguard) -> None:
    game = begun(vanguard, [4, 1, 1])
    game.apply("Take: Charge")  # haste 2
    game.apply("Take: Hold")  # no haste field
    assert game.ops.value("Scout", "haste") == 2
    assert game.ops.value("Raider", "haste") == 0
    lines = told(game)
    assert "Scout declares Charge (haste 2)" in lines
    assert "Raider declares Hold (haste 0)" in lines
    declared = [e.data for e in game.state.events if e.kind == WorldEvent.ACTION_DECLARED]
    assert [d["card"] for d in declared] == ["Charge", "Hold"]


def test_a_declaration_of_an_earlier_round_is_replaced_by_none(vanguard) -> None:
    game = begun(vanguard, [4, 1, 1])
    game.apply("Take: Charge")
    game.apply("pass")
    while game.pending() is not None and game.pending().kind != "declare":
        game.apply("pass")  # the turns, then the next round begins
    game.state.dice_script = [4, 1, 1]
    assert asked(game)[:2] == ("declare", "Scout")
    game.apply("pass")
    assert game.ops.value("Scout", "haste") == 0
    assert "Scout declares no action (haste 0)" in told(game)


def test_a_unit_that_left_play_before_its_declaration_is_passed_over(vanguard) -> None:
    game = begun(vanguard, [4, 1])
    game.ops.move_card("Raider", zone="moves", why="fled")  # out of play before it declares
    game.apply("pass")  # Scout
    kind, who, _ = asked(game)
    assert (kind, who) == ("action", "Scout")  # Raider declared nothing and rolls no speed


# ---- the check with the sheet's member and the declared number ---------------------------------


def test_the_speed_check_adds_the_sheets_pace_and_takes_the_declared_haste_off(vanguard) -> None:
    game = begun(vanguard, [4, 1, 1])
    game.apply("Take: Charge")  # Scout: 1 + pace 3 - haste 2 = 2
    game.apply("pass")  # Raider: 1 + pace 2 - 0 = 3
    assert game.ops.value("Scout", "speed score") == 2
    assert game.ops.value("Raider", "speed score") == 3
    assert asked(game)[:2] == ("action", "Raider")  # the order of the turns follows


def test_without_the_declaration_the_same_dice_give_the_other_order(vanguard) -> None:
    game = begun(vanguard, [4, 1, 1])
    game.apply("pass")
    game.apply("pass")
    assert asked(game)[:2] == ("action", "Scout")  # 1 + 3 = 4 against 3


def test_a_check_or_number_not_declared_is_refused_as_the_game_starts(changed) -> None:
    ruleset = changed("do roll speed using pace", "do roll sprint using pace")
    with pytest.raises(ChroniclerError, match="there is no check 'sprint'"):
        new_game(ruleset, seed=1, players=1)
    ruleset = changed("with its haste into", "with its hurry into")
    with pytest.raises(ChroniclerError, match="'hurry' is no number the ruleset declares"):
        new_game(ruleset, seed=1, players=1)
