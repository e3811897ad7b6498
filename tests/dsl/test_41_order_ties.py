"""Turns among equals (``for each soldier in order of resolve then might then precedence``:
``dsl/world/phrases.py``), tried on *Levy* (``fixtures/world/levy``): the first number orders
the turns, highest first; each number after ``then`` breaks the ties of those before it; things
equal on all of them keep the order the game lists them in. Copies of one card tie on all
their card's numbers, so a number the table sets (``precedence``) orders them."""

from __future__ import annotations

import subprocess
import sys

import pytest
from dsl_testing import FIXTURES

from dsl.diagnostics import Diagnostics
from dsl.loader import Source, check_sources, load_ruleset
from dsl.world.game import WorldGame, new_game, tell_refused_step
from dsl.world.players import StepRefused

LEVY = FIXTURES / "world" / "levy"
TEXT = (LEVY / "ruleset.rules").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def levy():
    return load_ruleset(LEVY)


def mustered(levy) -> WorldGame:
    """Pikeman 2 and 3 levied; the volunteers asked for."""
    game = new_game(levy, seed=1, players=1)
    game.start_phase("Muster")
    game.pending()
    return game


def round_one(game: WorldGame, before=None) -> list[str]:
    """The turns of the first round, each soldier passing (``before``: the table's changes
    made before the round lists its soldiers)."""
    if before is not None:
        before(game)
    game.apply(0)
    game.apply(0)  # the volunteers: none; the round lists its soldiers as it begins
    seen: list[str] = []
    while (decision := game.pending()) is not None and game.state.round == 1:
        seen.append(str(decision.who))
        game.apply("pass")
    return seen


def test_copies_equal_on_every_number_keep_the_order_the_game_lists_them_in(levy) -> None:
    assert round_one(mustered(levy)) == ["Pikeman 2", "Pikeman 3"]


def test_the_number_the_table_sets_orders_copies_otherwise_equal(levy) -> None:
    game = mustered(levy)

    def ahead(game: WorldGame) -> None:
        game.ops.set("Pikeman 3", "precedence", 1, why="the table")

    assert round_one(game, ahead) == ["Pikeman 3", "Pikeman 2"]


def test_the_first_number_decides_before_any_after_then(levy) -> None:
    game = mustered(levy)

    def shaken(game: WorldGame) -> None:
        game.ops.set("Pikeman 2", "resolve", 1, why="shaken")  # below Pikeman 3's 3
        game.ops.set("Pikeman 2", "precedence", 5, why="the table")  # breaks no tie of resolve

    assert round_one(game, shaken) == ["Pikeman 3", "Pikeman 2"]


def test_a_number_after_then_breaks_only_the_ties_of_those_before(levy) -> None:
    game = mustered(levy)

    def even(game: WorldGame) -> None:  # an Archer copy: might 4 against the pikemen's 2
        made = game.ops.copy_card("Archer", None, why="the table")
        game.ops.move_card(made, at="the table", why="the table")
        game.ops.set(made, "resolve", 3, why="steadied")  # equal resolve: might decides
        game.ops.set("Pikeman 2", "precedence", 9, why="the table")  # after might

    assert round_one(game, even) == ["Archer#2", "Pikeman 2", "Pikeman 3"]


def _without(tmp_path, number: str):
    """The fixture with its last tie-breaker a number no soldier holds."""
    text = TEXT.replace("then precedence,", f"then {number},")
    (tmp_path / "ruleset.rules").write_text(text, encoding="utf-8")
    line = next(n for n, words in enumerate(text.splitlines(), 1) if "Turns: for each" in words)
    column = text.splitlines()[line - 1].index("resolve then") + 1
    return text, line, column


def test_an_order_naming_a_number_no_soldier_holds_is_a_check_error_at_the_phrase(
    tmp_path,
) -> None:
    text, line, column = _without(tmp_path, "rank")
    checked = check_sources([Source("levy.rules", text)])
    assert not checked.diagnostics.errors  # the words read; what they name, the engine knows
    diagnostics = Diagnostics()
    tell_refused_step(checked, diagnostics)  # as chronicler check and the editor do
    [error] = diagnostics.errors
    assert "no number 'rank'" in error.message and error.message.startswith("Turns:")
    assert (error.span.line, error.span.column) == (line, column)


def test_a_game_of_it_is_refused_as_it_starts_not_in_the_round(tmp_path) -> None:
    _without(tmp_path, "rank")
    with pytest.raises(StepRefused, match="Turns: Pikeman has no number 'rank'"):
        new_game(load_ruleset(tmp_path), seed=1, players=1)


def test_a_number_field_or_declared_number_of_every_soldier_orders_cleanly(tmp_path) -> None:
    for held in ("nerve", "strength"):  # a field of the soldier kind; a number of the game
        text, _, _ = _without(tmp_path, held)
        diagnostics = Diagnostics()
        tell_refused_step(check_sources([Source("levy.rules", text)]), diagnostics)
        assert not diagnostics.errors, [e.message for e in diagnostics.errors]


def test_chronicler_check_tells_it_at_its_line_and_column_and_exits_1(tmp_path) -> None:
    _, line, column = _without(tmp_path, "rank")
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", "check", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert f"ruleset.rules:{line}:{column}" in done.stderr
    assert "Turns: Pikeman has no number 'rank'" in done.stderr
    assert "1 error" in done.stderr


def test_the_fixture_with_its_order_checks_clean() -> None:
    errors = check_sources([Source("levy.rules", TEXT)]).diagnostics.errors
    assert not errors, [e.message for e in errors]
