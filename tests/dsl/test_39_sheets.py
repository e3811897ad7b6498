"""Sheets (``dsl.sheets``): a file a person writes about one thing of a game, read as the
layout the ruleset declares in its text (``sheet "keeper" { ... }``), its creation rules
checked, every problem at file:line:column. The game is made up: lamp keepers with virtues
(reservoirs), crafts in chains and vows."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.diagnostics import CheckFailed, Diagnostics
from dsl.loader import Source, check_sources, load_text
from dsl.sheets import NUMBER_LIMIT, Reservoir, layout_of, load_sheet

LAMPLIGHTERS = """
ruleset "Lamplighters" version "1.0"
virtues are reservoirs of keepers: grace, grit
alias GR = grace
crafts are ranks 1.. of keepers: "make do"
value first craft level = 1 in 0..
value virtue start = 1 in 0..
value virtue cap = 4 in 1..
value starting marks = 9 in 0..
value virtue price = 2 in 0..
sheet "keeper" {
  files ".keeper"
  title name, calling
  held virtues, amount first
  held supplies, name first
  ranks crafts in chains, the root "make do" at first craft level
  tags vows, labelled "vow", "vows"
  every virtues at least virtue start, full, at most virtue cap times the highest crafts
  spends starting marks "marks", 1 per crafts level but the root,
    virtue price per virtues level above virtue start
}
"""

# crafts 2 + 3 = 5 marks (the root costs none), virtues (2 - 1) * 2 + (2 - 1) * 2 = 4: the 9
# marks a keeper starts with, all spent
ADA = """Ada - keeper of the north lamp
make do 1
trim wicks 2, mend glass 3
2/2 GR
2/2 grit
oil 3/5
vow: keep the lamp lit, find the ferryman 2
"""


@pytest.fixture(scope="module")
def game():
    return load_text(LAMPLIGHTERS)


def read(game, text: str):
    d = Diagnostics()
    sheet = layout_of(game, ".keeper").read(text, "ada.keeper", game, d)
    return sheet, [f"{x.span.line}:{x.span.column}: {x.message}" for x in d.sorted()]


def layout_errors(layout: str) -> list[str]:
    text = LAMPLIGHTERS.split('sheet "keeper"')[0] + layout
    checked = check_sources([Source("lamp.rules", text)])
    return [d.headline() for d in checked.diagnostics.items if d.severity == "error"]


def test_a_sheet_is_read_as_its_layout_says(game) -> None:
    sheet, problems = read(game, ADA)
    assert problems == []
    assert sheet.title == {"name": "Ada", "calling": "keeper of the north lamp"}
    assert sheet.held["virtues"] == {
        "grace": Reservoir("grace", 2, 2),
        "grit": Reservoir("grit", 2, 2),
    }
    assert sheet.held["supplies"] == {"oil": Reservoir("oil", 3, 5)}
    assert sheet.rank("mend glass").builds_on == "trim wicks"
    assert sheet.rank("trim wicks").builds_on == "make do"
    assert [(t.name, t.level) for t in sheet.tags["vows"]] == [
        ("keep the lamp lit", 1),
        ("find the ferryman", 2),
    ]
    assert sheet.highest == 3 and sheet.spent(game.values) == 9


def test_the_cap_is_the_declared_value_times_the_highest_rank(game) -> None:
    _, problems = read(game, ADA.replace("2/2 grit", "13/13 grit"))
    assert "5:1: grit is level 13: a virtue is at most 4 times the highest craft level (12)" in (
        problems
    )


def test_each_creation_rule_is_told_where_it_fails(game) -> None:
    text = "Bo\nmake do 1\nwhittle 3\n1/2 GR\n"
    _, problems = read(game, text)
    assert problems == [
        "1:1: the sheet spends 5 of 9 marks: at creation all of it is spent (4 left)",
        "1:1: virtue grit is missing: every keeper has it, at level 1 or more",
        "3:1: whittle 3 does not build on a lower craft: a level 3 craft specializes a level 2 "
        "one written before it on its line, and make do is 1",
        "4:1: GR holds 1 of its 2 points: a new keeper's virtues are full (2/2 GR)",
    ]


def test_overspending_is_told_at_the_entry_that_passes_the_budget(game) -> None:
    _, problems = read(game, ADA.replace("2/2 grit", "3/3 grit"))
    assert problems == ["5:1: the sheet spends 11 marks: creation gives 9 (2 overspent)"]


def test_a_root_written_wrong_and_an_unknown_label_are_positioned(game) -> None:
    text = ADA.replace("make do 1\n", "make do 2\n").replace("vow:", "vo:")
    _, problems = read(game, text)
    assert '2:1: the root craft is "make do 1", written alone on its line' in problems
    unknown = "7:1: 'vo:' is not a line of a sheet: a labelled line is 'vow:'"
    assert f"{unknown}; did you mean 'vow'?" in problems


def test_the_numbers_a_rule_reads_are_the_declared_values() -> None:
    cheaper = load_text(LAMPLIGHTERS.replace("virtue price = 2", "virtue price = 1"))
    _, problems = read(cheaper, ADA)
    assert problems == [
        "1:1: the sheet spends 7 of 9 marks: at creation all of it is spent (2 left)"
    ]


# ---- hostile input -------------------------------------------------------------------------


def test_a_level_of_a_billion_is_one_error_not_a_hang(game) -> None:
    _, problems = read(game, ADA.replace("2/2 grit", "1000000000/1000000000 grit"))
    assert f"5:1: 1000000000: a number on a sheet is at most {NUMBER_LIMIT}" in problems
    _, problems = read(game, ADA.replace("mend glass 3", "mend glass " + "9" * 5000))
    assert any(f"a number on a sheet is at most {NUMBER_LIMIT}" in p for p in problems)


def test_an_enormous_file_is_refused_unread(game, tmp_path: Path) -> None:
    big = tmp_path / "big.keeper"
    big.write_text(ADA + "x" * 2_000_000, encoding="utf-8")
    d = Diagnostics()
    assert layout_of(game, ".keeper").read_file(big, game, d) is None
    assert [x.message for x in d.errors] == [
        "cannot read file: it is larger than a .rules file, fixture or sheet may be "
        "(1,000,000 bytes at most)"
    ]


def test_a_long_line_is_read_in_time(game) -> None:
    line = "a " * 200_000 + "1"
    _, problems = read(game, ADA + line + "\n")
    assert any("is 399999 characters long: a name holds at most 200" in p for p in problems)
    # runs of spaces a pattern could try at every position (each once quadratic: a hang)
    spaces = " " * 400_000
    for line in (f"a{spaces}b", f"1/2 a{spaces}b", f"a{spaces}b:", f"a{spaces}1", f"a{spaces}1/"):
        _, problems = read(game, ADA + line + "\n")
        assert problems


def test_a_reservoir_written_the_other_way_is_told_how_to_write_it(game) -> None:
    _, problems = read(game, ADA.replace("2/2 GR", "GR 2/2"))
    assert problems == ["4:1: GR is a virtue: write it points first, 2/2 GR"]


def test_a_line_no_clause_reads_is_told_as_what_the_sheet_holds() -> None:
    without = load_text(LAMPLIGHTERS.replace("  held supplies, name first\n", ""))
    _, problems = read(without, ADA)
    assert problems == [
        "6:1: 'oil 3/5' is neither a virtue (points/level VIRTUE) nor a craft (a name and a level)"
    ]


def test_control_characters_are_refused_at_their_place(game, tmp_path: Path) -> None:
    bad = tmp_path / "bad.keeper"
    bad.write_text(ADA.replace("oil", "o\x00il"), encoding="utf-8")
    with pytest.raises(CheckFailed) as failed:
        load_sheet(bad, game)
    (error,) = failed.value.diagnostics.errors
    assert error.message.startswith("cannot read file: control character U+0000 at line 6")


def test_a_path_outside_the_folder_is_refused(game, tmp_path: Path) -> None:
    inside = tmp_path / "sheets"
    inside.mkdir()
    outside = tmp_path / "ada.keeper"
    outside.write_text(ADA, encoding="utf-8")
    d = Diagnostics()
    sneaky = inside / ".." / "ada.keeper"
    assert layout_of(game, ".keeper").read_file(sneaky, game, d, within=inside) is None
    assert [x.message for x in d.errors] == [f"cannot read file: it is outside {inside}"]
    d = Diagnostics()
    assert layout_of(game, ".keeper").read_file(outside, game, d, within=tmp_path) is not None


def test_an_empty_sheet_and_a_file_of_no_ruleset_sheet(game) -> None:
    sheet, problems = read(game, "# nothing yet\n\n")
    assert sheet is None
    assert problems == ["1:1: the sheet is empty: its first line is the name and calling"]
    with pytest.raises(Exception, match=r"declares no sheet read from \.hero files"):
        layout_of(game, ".hero")


# ---- the layout itself is checked -----------------------------------------------------------


def test_a_layout_naming_an_undeclared_value_is_an_error() -> None:
    errors = layout_errors(
        'sheet "keeper" {\n  files ".keeper"\n  title name\n  held virtues, amount first\n'
        "  every virtues at least virtue begin\n}\n"
    )
    assert any("'virtue begin' in sheet \"keeper\" is no declared value" in e for e in errors)


def test_a_clause_the_form_does_not_know_is_an_error_with_a_suggestion() -> None:
    errors = layout_errors('sheet "keeper" {\n  files ".keeper"\n  titel name\n}\n')
    assert any("'titel' is no clause of a sheet; did you mean 'title'?" in e for e in errors)


def test_a_layout_without_its_files_is_an_error() -> None:
    errors = layout_errors('sheet "keeper" {\n  title name\n}\n')
    assert any('sheet "keeper" names its files and its title' in e for e in errors)


def test_chains_of_no_category_are_an_error() -> None:
    errors = layout_errors(
        'sheet "keeper" {\n  files ".keeper"\n  title name\n'
        '  ranks trades in chains, the root "make do" at 1\n}\n'
    )
    assert any("'trades' is no category declared" in e for e in errors)


def test_a_cap_may_be_the_top_a_rise_declares() -> None:
    text = LAMPLIGHTERS.replace(
        "at most virtue cap times the highest crafts", "at most the top of virtue raises"
    ) + (
        "virtue raises are rises of virtues, 1 level each, to at most virtue cap times the "
        "highest crafts\n"
    )
    capped = load_text(text)
    _, problems = read(capped, ADA.replace("2/2 grit", "13/13 grit"))
    assert "5:1: grit is level 13: a virtue is at most 4 times the highest craft level (12)" in (
        problems
    )


def test_a_top_of_no_rises_declared_is_an_error() -> None:
    errors = layout_errors(
        'sheet "keeper" {\n  files ".keeper"\n  title name\n  held virtues, amount first\n'
        "  every virtues at most the top of virtue rises\n}\n"
    )
    assert any("every virtues: 'virtue rises' is no rises declared" in e for e in errors)


def test_a_root_that_is_no_member_of_its_ranks_is_an_error() -> None:
    errors = layout_errors(
        'sheet "keeper" {\n  files ".keeper"\n  title name\n'
        '  ranks crafts in chains, the root "make due" at 1\n}\n'
    )
    assert any("the root 'make due' is no member of crafts; did you mean 'make do'?" in e
               for e in errors)  # fmt: skip


def test_a_ruleset_with_cards_of_kind_sheet_keeps_them_as_cards() -> None:
    sheets_as_cards = (
        'ruleset "Paper" version "1.0"\n'
        "card kinds are kinds of cards: sheet\n"
        "kind sheet {\n  pages int 1..\n}\n"
        'sheet "Map" {\n  pages 3\n}\n'
    )
    paper = load_text(sheets_as_cards)
    assert paper.card("Map").kind == "sheet" and paper.vocabulary.sheets == {}
