"""Diagnostics as the designer types: exactly those of ``chronicler check``, at the same places,
with the same suggestions, for the edited file and the files its change affects."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from lsp_client import ROOT, Editor, copy_of_six_winters, uri
from lsprotocol import types

HEADLINE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning): (?P<message>.*)$"
)


def chronicler_check(folder: Path) -> set[tuple[str, int, int, str, str]]:
    """What ``chronicler check FOLDER`` prints: file, line, column, severity, message."""
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", "check", str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    found = set()
    for line in done.stderr.splitlines():
        match = HEADLINE.match(line)
        if match:
            found.add(
                (
                    str(Path(match["file"]).resolve()),
                    int(match["line"]),
                    int(match["column"]),
                    match["severity"],
                    match["message"],
                )
            )
    return found


def shown(editor: Editor, folder: Path) -> set[tuple[str, int, int, str, str]]:
    """What the editor was sent for the folder's files, as ``check`` would print it."""
    severity = {
        types.DiagnosticSeverity.Error: "error",
        types.DiagnosticSeverity.Warning: "warning",
    }
    found = set()
    for path in folder.glob("*.rules"):
        for d in editor.diagnostics.get(uri(path), []):
            found.add(
                (
                    str(path.resolve()),
                    d.range.start.line + 1,
                    d.range.start.character + 1,
                    severity[d.severity],  # type: ignore[index]
                    d.message,
                )
            )
    return found


def test_a_clean_ruleset_gets_no_diagnostics(editor: Editor, winters: Path) -> None:
    assets = winters / "assets.rules"
    editor.open(assets)
    assert editor.wait_for(assets, lambda found: True) == []
    assert chronicler_check(winters) == set()


def test_a_misspelt_skill_is_told_as_check_tells_it_with_its_suggestion(
    editor: Editor, winters: Path
) -> None:
    assets = winters / "assets.rules"
    text = assets.read_text(encoding="utf-8")
    broken = text.replace("skill shadow · points 3", "skill shadwo · points 3", 1)
    editor.open(assets, text)
    editor.change(assets, broken)
    found = editor.wait_for(assets, lambda found: len(found) == 1)
    line = broken.split("\n").index("  skill shadwo · points 3")
    assert found[0].range == types.Range(types.Position(line, 8), types.Position(line, 14))
    assert found[0].message == "unknown skill 'shadwo'; did you mean 'shadow'?"
    assert found[0].severity == types.DiagnosticSeverity.Error
    assert found[0].data == {"suggestion": "shadow"}
    editor.change(assets, text)
    assert editor.wait_for(assets, lambda found: found == []) == []


def test_many_mistakes_match_chronicler_check_exactly(editor: Editor, tmp_path: Path) -> None:
    """The same text on disk for ``check`` and in the editor: the same diagnostics."""
    folder = copy_of_six_winters(tmp_path / "broken_winters")
    obstacles = folder / "obstacles.rules"
    text = obstacles.read_text(encoding="utf-8")
    broken = (
        text.replace("skill steel", "skill steal", 1)
        .replace("difficulty", "dificulty", 1)
        .replace("Place", "Plaec", 1)
    )
    obstacles.write_text(broken, encoding="utf-8")
    expected = chronicler_check(folder)
    assert len(expected) >= 3
    editor.open(obstacles)
    editor.wait_for(obstacles, lambda found: len(found) >= 3)
    editor.settled(obstacles)
    assert shown(editor, folder) == expected


def test_a_card_renamed_in_one_file_is_an_error_where_another_file_names_it(
    editor: Editor, winters: Path
) -> None:
    characters = winters / "characters.rules"
    abilities = winters / "abilities.rules"
    text = characters.read_text(encoding="utf-8")
    editor.open(characters, text)
    editor.change(characters, text.replace('character "Parin"', 'character "Parine"'))
    found = editor.wait_for(abilities, lambda found: len(found) >= 8)
    assert all(d.message == 'unknown character "Parin"; did you mean "Parine"?' for d in found)
    lines = abilities.read_text(encoding="utf-8").split("\n")
    first = found[0].range.start
    assert lines[first.line][first.character :].startswith('"Parin"')
    editor.change(characters, text)
    editor.wait_for(abilities, lambda found: found == [])


def test_an_incremental_edit_is_checked_like_a_whole_text(editor: Editor, winters: Path) -> None:
    conditions = winters / "conditions.rules"
    text = conditions.read_text(encoding="utf-8")
    editor.open(conditions, text)
    row = text.split("\n").index("  Refresh: Lose 1 action point.")
    start = types.Position(row, len("  Refresh: "))
    editor.edit(conditions, start, types.Position(row, len("  Refresh: Lose")), "Loose")
    found = editor.wait_for(conditions, lambda found: len(found) == 1)
    assert found[0].range.start == start
    assert "unknown verb 'Loose'" in found[0].message
    editor.edit(conditions, start, types.Position(row, len("  Refresh: Loose")), "Lose")
    editor.wait_for(conditions, lambda found: found == [])


def test_a_shipped_ruleset_is_checked_in_place(editor: Editor) -> None:
    """A ruleset the registry knows, opened where it lives."""
    procedure = ROOT / "rules" / "tags_and_tracks" / "procedure.rules"
    editor.open(procedure)
    assert editor.wait_for(procedure, lambda found: True) == []
    editor.close(procedure)


def test_a_step_a_game_would_refuse_is_told_where_it_is_written(
    editor: Editor, tmp_path: Path
) -> None:
    """A procedure step naming a table the text does not declare checks clean word by word but
    would stop a game as it starts: the editor tells it at the step, as ``check`` does."""
    folder = tmp_path / "my_delve"
    folder.mkdir()
    for path in (ROOT / "rules" / "delve").glob("*.rules"):
        shutil.copy(path, folder / path.name)
    encounters = folder / "encounters.rules"
    text = encounters.read_text(encoding="utf-8")
    editor.open(encounters, text)
    assert editor.wait_for(encounters, lambda found: True) == []
    broken = text.replace("Who declares first table", "Who declares firstt table", 1)
    encounters.write_text(broken, encoding="utf-8")
    editor.change(encounters, broken)
    found = editor.wait_for(encounters, lambda found: len(found) == 1)
    line = broken.split("\n").index(
        next(s for s in broken.split("\n") if "Who declares firstt table" in s)
    )
    assert found[0].range.start.line == line
    assert "who declares firstt" in found[0].message
    assert found[0].severity == types.DiagnosticSeverity.Error
    editor.settled(encounters)
    assert shown(editor, folder) == chronicler_check(folder)
    editor.change(encounters, text)
    assert editor.wait_for(encounters, lambda found: found == []) == []
