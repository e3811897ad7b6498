"""A ``dice grid`` field: a card prints squares in rows, each asking for a die, and dice are laid
in a chain of squares touching at a side or a corner from a start square to an end square.

The behaviour fixture of the form in ``docs/language.md`` ("Dice grids"): a rune puzzle of
three by three squares, written row by row; the checker refuses a grid no chain can cross, and
names the square it cannot read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dsl.formatter import format_text
from dsl.grid import Laid, completes, fits
from dsl.loader import Source, check_sources, load_ruleset

HEADER = """\
ruleset "Rune Wall" version "1"
runes are d6 dice kept at places: ember, frost
wings are groups of halls: north, south
card kinds are kinds of cards: puzzle, hall
halls are places
kind hall {
}
kind puzzle {
  path dice grid of 3 by 3
}
"""

PUZZLE = """\
puzzle "Three Steps" {
  path row start ember, any 5, empty
    row empty, frost north, plus 1
    row empty, equal, end any
}
"""


def errors_of(card: str, header: str = HEADER) -> list[str]:
    checked = check_sources([Source("wall.rules", header + card)])
    return [d.message for d in checked.diagnostics.items]


def with_path(*rows: str) -> str:
    return 'puzzle "P" {\n  path ' + "\n    ".join(f"row {r}" for r in rows) + "\n}\n"


def test_a_grid_compiles_to_rows_of_squares(tmp_path: Path) -> None:
    (tmp_path / "wall.rules").write_text(HEADER + PUZZLE)
    path = load_ruleset(tmp_path).card("Three Steps").fields["path"]
    assert len(path) == 3 and all(len(row) == 3 for row in path)
    start = path[0][0]
    assert start == {
        "die": "ember",
        "face": None,
        "group": None,
        "step": None,
        "start": True,
        "end": False,
    }
    assert path[0][1]["face"] == 5 and path[0][1]["die"] is None  # any type, face 5
    assert path[0][2] is None  # no square printed there
    assert path[1][1]["die"] == "frost" and path[1][1]["group"] == "north"
    assert path[1][2]["step"] == 1 and path[2][1]["step"] == 0
    assert path[2][2]["end"] is True


def test_the_fixture_checks_clean() -> None:
    assert errors_of(PUZZLE) == []


def test_a_grid_no_chain_crosses_is_refused() -> None:
    # the start and the end touch no common square: nothing joins them
    assert any(
        "no chain of squares" in m
        for m in errors_of(
            with_path("start any, empty, empty", "empty, empty, empty", "empty, empty, end any")
        )
    )


def test_squares_touching_at_a_corner_join() -> None:
    assert (
        errors_of(
            with_path("start any, empty, empty", "empty, any, empty", "empty, empty, end any")
        )
        == []
    )


def test_a_grid_needs_a_start_and_an_end() -> None:
    assert any(
        "has no start square" in m
        for m in errors_of(
            with_path("any, any, empty", "empty, any, empty", "empty, empty, end any")
        )
    )
    assert any(
        "has no end square" in m
        for m in errors_of(
            with_path("start any, any, empty", "empty, any, empty", "empty, empty, any")
        )
    )


def test_a_start_cannot_compare_with_a_die_before_it() -> None:
    messages = errors_of(
        with_path("start plus 1, any, empty", "empty, any, empty", "empty, empty, end any")
    )
    assert any("row 1, column 1 is a start" in m for m in messages)


def test_the_grid_has_its_declared_rows_and_columns() -> None:
    assert any(
        "has 3 rows, not 2" in m
        for m in errors_of(with_path("start any, any, end any", "empty, empty, empty"))
    )
    assert any(
        "row 2 of 'path' has 3 squares, not 2" in m
        for m in errors_of(
            with_path("start any, any, end any", "empty, empty", "empty, empty, empty")
        )
    )


def test_a_word_no_square_holds_is_named() -> None:
    messages = errors_of(
        with_path("start any, emberr, end any", "empty, empty, empty", "empty, empty, empty")
    )
    assert any("cannot read 'emberr' in the square at row 1, column 2" in m for m in messages)


def test_a_face_past_the_die_is_refused() -> None:
    messages = errors_of(
        with_path("start any, any 7, end any", "empty, empty, empty", "empty, empty, empty")
    )
    assert any("a die face is 1 to 6, not 7" in m for m in messages)


def test_only_a_dice_grid_says_its_size() -> None:
    header = HEADER.replace("path dice grid of 3 by 3", "path dice grid")
    assert any("a dice grid says its columns and rows" in m for m in errors_of("", header))


def test_the_formatter_writes_one_row_a_line() -> None:
    squashed = (
        'puzzle "Three Steps" {\n  path row start ember, any 5, empty row empty, frost north,\n'
        "    plus 1 row empty, equal, end any\n}\n"
    )
    text, diagnostics = format_text(HEADER + squashed)
    assert not diagnostics
    assert text.endswith(PUZZLE)


# --- laying dice in play ------------------------------------------------------------------------


def three_steps(tmp_path: Path) -> list[list[dict[str, Any] | None]]:
    (tmp_path / "wall.rules").write_text(HEADER + PUZZLE)
    path: list[list[dict[str, Any] | None]] = (
        load_ruleset(tmp_path).card("Three Steps").fields["path"]
    )
    return path


def test_a_chain_of_fitting_dice_from_start_to_end_completes(tmp_path: Path) -> None:
    path = three_steps(tmp_path)
    laid = {(0, 0): Laid("ember", 2), (1, 1): Laid("frost", 4, "north"), (2, 2): Laid("ember", 1)}
    assert completes(path, laid)
    del laid[(1, 1)]  # the chain is broken: start and end do not touch
    assert not completes(path, laid)


def test_a_square_asks_its_type_face_and_group(tmp_path: Path) -> None:
    path = three_steps(tmp_path)
    assert not fits(path[0][0], Laid("frost", 2), None)  # an ember square
    assert fits(path[0][1], Laid("frost", 5), Laid("ember", 2))  # any type, face 5
    assert not fits(path[0][1], Laid("frost", 4), Laid("ember", 2))
    assert not fits(path[1][1], Laid("frost", 4, "south"), None)  # frost from the north only
    assert not fits(path[0][2], Laid("ember", 1), None)  # no square printed there


def test_a_step_is_read_against_the_die_before_it(tmp_path: Path) -> None:
    path = three_steps(tmp_path)
    before = {(0, 0): Laid("ember", 3), (0, 1): Laid("ember", 5), (2, 2): Laid("frost", 6)}
    assert completes(path, {**before, (1, 2): Laid("ember", 6)})  # plus 1 after the 5
    assert not completes(path, {**before, (1, 2): Laid("ember", 5)})
    assert not fits(path[1][2], Laid("ember", 6), None)  # nothing before it to step from


def test_a_wild_die_stands_for_any_type_and_face_but_not_its_place(tmp_path: Path) -> None:
    path = three_steps(tmp_path)
    assert fits(path[0][1], Laid("frost", 2, wild=True), None)
    assert fits(path[1][2], Laid("frost", 1, wild=True), Laid("ember", 5))
    assert not fits(path[1][1], Laid("ember", 1, "south", wild=True), None)
