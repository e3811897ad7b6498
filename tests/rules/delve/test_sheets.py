"""Seed 004, "Model Types" and "Abilities" as sheets: a model card in the text holds its types,
characteristics, skills, secondary characteristics, talents, and the luck and fate points it
holds, and ``chronicler check`` tells a bad one at its file, line and column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from journal.cli import main
from rules import registry


def test_a_sheet_reads_characteristics_by_name_or_abbreviation(delve):
    wenna = delve.card("Wenna Ashgrove", "model").fields
    rat = delve.card("Tunnel Rat", "model").fields
    assert wenna["types"] == ["Character"] and rat["types"] == ["Minion"]
    assert wenna["characteristics"]["weapon skill"] == 3
    assert rat["characteristics"]["weapon skill"] == 2  # written WS 2
    assert rat["characteristics"]["fellowship"] == 1  # written Fel 1
    assert wenna["profile"]["corruption threshold"] == 3  # written CT 3


@pytest.mark.parametrize(
    ("types", "characteristics", "told"),
    [
        ("Minion", "WS 11", "bad.rules:3:22: error: a rank must be within 0..10"),
        ("Minion", "WS 2, charisma 3", "bad.rules:3:25: error: unknown characteristic 'charisma'"),
        ("Boss", "WS 2", "bad.rules:2:9: error: unknown model type 'Boss'"),
    ],
)
def test_a_bad_sheet_is_told_at_its_line(tmp_path: Path, capsys, types, characteristics, told):
    folder = tmp_path / "delve"
    shutil.copytree(registry.find("delve").folder, folder, ignore=shutil.ignore_patterns("*.py"))
    card = f'model "Bad" {{\n  types {types}\n  characteristics {characteristics}\n}}\n'
    (folder / "bad.rules").write_text(card)
    code = main(["check", str(folder)])
    _, err = capsys.readouterr()
    assert code == 1 and told in err and "Traceback" not in err


def test_a_sheet_holds_its_talents_luck_and_fate(delve):
    wenna = delve.card("Wenna Ashgrove", "model").fields
    osric = delve.card("Osric Vell", "model").fields
    assert wenna["talents"] == ["Acute Senses", "Ambidextrous"]
    assert (wenna["luck points"], wenna["fate points"]) == (2, 1)
    assert osric["talents"] == ["Aetheric Attunement"] and osric["profile"]["magic"] == 2
    # a minion's sheet gives none: it holds no luck to spend
    rat = delve.card("Tunnel Rat", "model").fields
    assert rat.get("luck points") is None and rat.get("talents") is None


def test_a_member_of_several_words_is_written_plainly(delve):
    wenna = delve.card("Wenna Ashgrove", "model").fields  # written weapon skill 3, unquoted
    osric = delve.card("Osric Vell", "model").fields  # corruption threshold 4, unquoted
    assert wenna["characteristics"]["weapon skill"] == 3
    assert osric["profile"]["corruption threshold"] == 4


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("talents Menacing, Lucky", "bad.rules:3:21: error: unknown talent 'Lucky'"),
        ("luck points -1", "bad.rules:3:"),
        ("fate points many", "bad.rules:3:"),
        ("characteristics weapon skil 3", "bad.rules:3:19: error: unknown characteristic"),
    ],
)
def test_a_bad_talent_or_point_is_told_at_its_line(tmp_path: Path, capsys, line, told):
    folder = tmp_path / "delve"
    shutil.copytree(registry.find("delve").folder, folder, ignore=shutil.ignore_patterns("*.py"))
    card = f'model "Bad" {{\n  types Minion\n  {line}\n  characteristics WS 1\n}}\n'
    (folder / "bad.rules").write_text(card)
    code = main(["check", str(folder)])
    _, err = capsys.readouterr()
    assert code == 1 and told in err and "Traceback" not in err
