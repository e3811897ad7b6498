"""Libraries: ``library "winters"`` reads a folder of ``.rules`` files before the ruleset's own,
each file with its own positions in diagnostics (docs/language.md, "Libraries")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from dsl_testing import ROOT

from dsl.loader import LIBRARY_ROOT, check_ruleset, libraries, load_ruleset
from journal.cli import main

HEADER = 'ruleset "Moor" version "1"\n'
WORDS = "resources are d6 dice kept at places: peat, reed\nskills are ranks 0..3 of walkers: wade\n"


def _ruleset(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.rules").write_text(HEADER + text)
    return folder


def _errors(folder: Path) -> list[str]:
    return [
        f"{Path(d.span.file).name}:{d.span.line}:{d.span.column}: {d.message}"
        for d in check_ruleset(folder).diagnostics.errors
    ]


def test_a_library_folder_gives_its_words_to_the_ruleset(tmp_path: Path) -> None:
    (tmp_path / "moor_words").mkdir()
    (tmp_path / "moor_words" / "words.rules").write_text(WORDS)
    folder = _ruleset(tmp_path / "moor", 'library "../moor_words"\nresources: bog\n')
    vocabulary = check_ruleset(folder).vocabulary
    assert vocabulary.members("resources") == ["peat", "reed", "bog"]
    assert vocabulary.category("skills") is not None
    assert _errors(folder) == []


def test_a_mistake_in_a_library_is_told_at_its_own_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "words.rules").write_text(WORDS + "tokens are pices: mud\n")
    folder = _ruleset(tmp_path / "moor", 'library "../lib"\n')
    assert _errors(folder) == [
        "words.rules:3:12: unknown shape 'pices'; did you mean 'pieces'? (shapes: d6 dice, "
        "pieces, meters, reservoirs, ranks 0..5, tags of ..., groups of ..., zones, periods of "
        "turns, kinds of cards, places)"
    ]


def test_an_unknown_library_is_told_at_the_header_with_a_suggestion(tmp_path: Path) -> None:
    folder = _ruleset(tmp_path / "moor", 'library "wintres"\n')
    assert _errors(folder) == [
        'ruleset.rules:2:9: no library "wintres"; did you mean "winters"?: name one of '
        "Chronicler's or give a folder relative to the ruleset's"
    ]


def test_chroniclers_libraries_are_the_folders_of_rules_library() -> None:
    assert "winters" in libraries()
    assert (LIBRARY_ROOT / "winters").is_dir()


def test_six_winters_reads_its_shared_words_from_the_library_winters() -> None:
    text = (ROOT / "rules" / "six_winters" / "ruleset.rules").read_text()
    assert 'library "winters"' in text and "resources are" not in text
    vocabulary = check_ruleset(ROOT / "rules" / "six_winters").vocabulary
    resources = vocabulary.category("resources")
    assert resources is not None and resources.shape == "dice" and resources.sides == 6
    assert resources.span.file.endswith("rules/library/winters/words.rules")
    assert vocabulary.members("seasons") == ["spring", "summer", "fall", "winter"]
    assert vocabulary.place_kind == "location"


def test_a_designers_copy_elsewhere_still_finds_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "my_winters"
    copy.mkdir()
    for path in (ROOT / "rules" / "six_winters").glob("*.rules"):
        shutil.copy(path, copy)
    assert main(["check", str(copy)]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().err
    assert load_ruleset(copy).vocabulary.members("regions") == ["empire", "brightdune", "settled"]


def test_a_library_folder_beside_the_rules_is_read_before_chroniclers(tmp_path: Path) -> None:
    copy = tmp_path / "my_winters"
    copy.mkdir()
    for path in (ROOT / "rules" / "six_winters").glob("*.rules"):
        shutil.copy(path, copy)
    shutil.copytree(LIBRARY_ROOT / "winters", copy / "winters")
    words = copy / "winters" / "words.rules"
    words.write_text(words.read_text().replace("body, psyche", "body, psyche, heart"))
    assert load_ruleset(copy).vocabulary.members("stress") == ["body", "psyche", "heart"]


def test_the_same_library_named_twice_is_read_once(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "words.rules").write_text(WORDS)
    folder = _ruleset(tmp_path / "moor", 'library "../lib"\n')
    (folder / "more.rules").write_text('library "../lib"\n')
    assert _errors(folder) == []
