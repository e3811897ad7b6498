"""A character sheet beyond stats and skills, as the seed's "What makes a Character" lists it:
another reservoir (``rations 2/3``), schemes (plot tags) and inventory (stuff tags) are read from
the sheet file, cost no XP, and are kept everywhere the sheet goes: the journal, ``character
show`` (and its JSON), the site. A new character's stats are full, as Character Creation says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gm_table import BRICK, counts, refused, sheet

from journal.cli import main
from journal.tables import payloads as p

# Brick as the example sheet has him, with rations, schemes and a pack
KIT = (
    Path(BRICK).read_text("utf-8")
    + "rations 2/3\n"
    + "scheme: open a tavern by the sea 2, feed the whole road\n"
    + "inventory: cleaver, cauldron 2\n"
)


def check(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    """``chronicler check PATH``: its exit code and what it said on stderr."""
    capsys.readouterr()
    code = main(["check", str(path)])
    return code, capsys.readouterr().err


@pytest.fixture
def kitted(cli, tmp_path):  # type: ignore[no-untyped-def]
    """A campaign with Brick added from his sheet with rations, schemes and inventory."""
    path = tmp_path / "brick.character"
    path.write_text(KIT, "utf-8")
    for words in (
        ("campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks"),
        ("use", "Salt Roads"),
        ("character", "add", str(path)),
        ("session", "start", "The Drowned Market"),
        ("scene", "start", "At the gate"),
    ):
        done = cli(*words)
        assert done.code == 0, (words, done.err)
    return cli


def test_the_sheet_checks_clean_with_its_schemes_and_inventory_costing_no_xp(
    capsys, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "brick.character"
    path.write_text(KIT, "utf-8")
    code, said = check(capsys, path)
    assert code == 0, said
    assert "checked 1 sheet: 0 errors, 0 warnings" in said


def test_a_scheme_line_is_not_read_as_a_skill(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # a scheme with a level read as a skill would cost 2 XP and build on nothing
    path = tmp_path / "brick.character"
    path.write_text(Path(BRICK).read_text("utf-8") + "scheme: avenge 2\n", "utf-8")
    assert check(capsys, path) == (0, "checked 1 sheet: 0 errors, 0 warnings\n")


def test_the_journal_keeps_the_reservoirs_schemes_and_inventory(kitted, journal_path) -> None:  # type: ignore[no-untyped-def]
    brick = sheet(journal_path)
    assert brick.reservoirs == [p.Reservoir(name="rations", value=2, level=3)]
    assert brick.schemes == [
        p.Tag(name="open a tavern by the sea", level=2),
        p.Tag(name="feed the whole road", level=1),
    ]
    assert brick.inventory == [p.Tag(name="cleaver"), p.Tag(name="cauldron", level=2)]
    kitted("hit", "Brick", "--stat", "STR", "--hits", "1")  # a change: a new version of the sheet
    assert sheet(journal_path).reservoirs == brick.reservoirs


def test_character_show_tells_them(kitted) -> None:  # type: ignore[no-untyped-def]
    done = kitted("character", "show", "Brick")
    assert done.code == 0, done.err
    assert "5/5 STR, 3/3 DEX, 1/1 WIL, rations 2/3; 0 XP" in done.out
    assert "schemes: open a tavern by the sea 2, feed the whole road" in done.out
    assert "inventory: cleaver, cauldron 2" in done.out
    shown = json.loads(kitted("character", "show", "Brick", "--json").out)
    assert shown["reservoirs"] == [{"name": "rations", "value": 2, "level": 3}]
    assert shown["inventory"][1] == {"name": "cauldron", "level": 2}


def test_the_site_shows_them(kitted, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "site"
    done = kitted("publish", "--out", str(out))
    assert done.code == 0, done.err
    for page in (out / "site" / "index.html", out / "site" / "characters" / "character-1.html"):
        html = page.read_text("utf-8")
        assert "<th>reservoirs</th><td>rations 2/3</td>" in html
        assert "<th>schemes</th><td>open a tavern by the sea 2, feed the whole road</td>" in html
        assert "<th>inventory</th><td>cleaver, cauldron 2</td>" in html


def test_a_new_characters_stats_are_full(table, journal_path, tmp_path) -> None:  # type: ignore[no-untyped-def]
    spent = tmp_path / "kit.character"
    spent.write_text(Path(BRICK).read_text("utf-8").replace("Brick -", "Kit -").replace(
        "5/5 STR", "3/5 STR"), "utf-8")  # fmt: skip
    before = counts(journal_path)
    done = table("character", "add", str(spent))
    assert done.code == 1
    assert f"{spent}:7:1: error: STR holds 3 of its 5 points: a new character's stats are full" in (
        done.err
    )
    assert counts(journal_path) == before


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("schem: x", "'schem:' is not a line of a sheet"),
        ("inventory: rope, rope", "inventory 'rope' is written twice"),
        ("rations 4/3", "rations holds 4 of at most 3"),
    ],
)
def test_a_labelled_line_written_wrong_is_an_error_at_its_place(
    capsys, tmp_path, line, said
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "brick.character"
    path.write_text(Path(BRICK).read_text("utf-8") + line + "\n", "utf-8")
    code, told = check(capsys, path)
    assert code == 1
    assert f"{path}:10:" in told and said in told


def test_a_sheet_kept_before_reservoirs_were_kept_still_reads() -> None:
    old = {"name": "Brick", "stats": [{"name": "will", "points": 1, "level": 1}], "skills": []}
    assert p.sheet(old).reservoirs == [] and p.sheet(old).schemes == []


def test_refused_helper_is_one_line(table) -> None:  # type: ignore[no-untyped-def]
    assert refused(table("character", "show", "Brok")).endswith("did you mean Brick?")
