"""Going to a card's, a value's or a phase's definition, finding every place it is written,
renaming a card across the ruleset's files, and the outline of a file."""

from __future__ import annotations

from pathlib import Path

from lsp_client import Editor, at, doc, uri
from lsprotocol import types
from pygls.uris import to_fs_path


def row_of(path: Path, line: str) -> int:
    return path.read_text(encoding="utf-8").split("\n").index(line)


def test_a_card_named_in_an_ability_goes_to_the_character_card(
    editor: Editor, winters: Path
) -> None:
    abilities = winters / "abilities.rules"
    editor.open(abilities)
    row = row_of(abilities, '  character "Parin" · number 1')
    found = editor.call(
        types.TEXT_DOCUMENT_DEFINITION, types.DefinitionParams(doc(abilities), at(row, 15))
    )
    characters = winters / "characters.rules"
    name_row = row_of(characters, 'character "Parin" {')
    assert found == [
        types.Location(uri(characters), types.Range(at(name_row, 10), at(name_row, 17)))
    ]


def test_the_references_of_a_card_are_its_definition_and_every_quoted_mention(
    editor: Editor, winters: Path
) -> None:
    characters = winters / "characters.rules"
    editor.open(characters)
    row = row_of(characters, 'character "Parin" {')
    found = editor.call(
        types.TEXT_DOCUMENT_REFERENCES,
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=doc(characters),
            position=at(row, 12),
        ),
    )
    files = sorted(Path(to_fs_path(location.uri)).name for location in found)
    assert files == ["abilities.rules"] * 8 + ["characters.rules"]
    without = editor.call(
        types.TEXT_DOCUMENT_REFERENCES,
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=False),
            text_document=doc(characters),
            position=at(row, 12),
        ),
    )
    assert len(without) == 8


def test_a_value_named_in_a_note_goes_to_its_declaration_and_is_read_by_the_python(
    editor: Editor, winters: Path
) -> None:
    procedure = winters / "procedure.rules"
    editor.open(procedure)
    line = procedure.read_text(encoding="utf-8").split("\n")[12]
    column = line.index('"years"') + 2
    found = editor.call(
        types.TEXT_DOCUMENT_DEFINITION, types.DefinitionParams(doc(procedure), at(12, column))
    )
    ruleset = winters / "ruleset.rules"
    assert [Path(to_fs_path(location.uri)) for location in found] == [ruleset]
    declared = ruleset.read_text(encoding="utf-8").split("\n")[found[0].range.start.line]
    assert declared.startswith("value years = 6")
    references = editor.call(
        types.TEXT_DOCUMENT_REFERENCES,
        types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=doc(procedure),
            position=at(12, column),
        ),
    )
    names = {Path(to_fs_path(location.uri)).name for location in references}
    assert {"ruleset.rules", "procedure.rules", "campaign.py", "primitives.py"} <= names


def test_play_goes_to_the_phase_it_plays(editor: Editor, winters: Path) -> None:
    procedure = winters / "procedure.rules"
    editor.open(procedure)
    row = row_of(procedure, '  Turns: play "Turn" until the year ends')
    found = editor.call(
        types.TEXT_DOCUMENT_DEFINITION, types.DefinitionParams(doc(procedure), at(row, 16))
    )
    phase_row = row_of(procedure, 'procedure "Turn" {')
    assert found == [
        types.Location(uri(procedure), types.Range(at(phase_row, 10), at(phase_row, 16)))
    ]


def test_renaming_a_card_renames_it_in_every_file_of_the_ruleset(
    editor: Editor, winters: Path
) -> None:
    characters = winters / "characters.rules"
    editor.open(characters)
    row = row_of(characters, 'character "Parin" {')
    prepared = editor.call(
        types.TEXT_DOCUMENT_PREPARE_RENAME, types.PrepareRenameParams(doc(characters), at(row, 12))
    )
    assert prepared == types.Range(at(row, 10), at(row, 17))
    change = editor.call(
        types.TEXT_DOCUMENT_RENAME,
        types.RenameParams(
            text_document=doc(characters), position=at(row, 12), new_name='Parin "the Speaker"'
        ),
    )
    edits = {Path(to_fs_path(u)).name: e for u, e in change.changes.items()}
    assert sorted(edits) == ["abilities.rules", "characters.rules"]
    assert len(edits["abilities.rules"]) == 8
    assert {e.new_text for es in edits.values() for e in es} == {'"Parin \\"the Speaker\\""'}
    # applied, the ruleset still checks clean: every mention was renamed
    for name, file_edits in edits.items():
        path = winters / name
        lines = path.read_text(encoding="utf-8").split("\n")
        for e in sorted(
            file_edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
        ):
            line = lines[e.range.start.line]
            lines[e.range.start.line] = (
                line[: e.range.start.character] + e.new_text + line[e.range.end.character :]
            )
        editor.open(path, "\n".join(lines))
        editor.change(path, "\n".join(lines))
    editor.settled(characters)
    assert editor.wait_for(winters / "abilities.rules", lambda found: True) == []
    for name in edits:
        editor.change(winters / name, (winters / name).read_text(encoding="utf-8"))


def test_only_a_card_can_be_renamed(editor: Editor, winters: Path) -> None:
    ruleset = winters / "ruleset.rules"
    editor.open(ruleset)
    prepared = editor.call(
        types.TEXT_DOCUMENT_PREPARE_RENAME, types.PrepareRenameParams(doc(ruleset), at(0, 3))
    )
    assert prepared is None


def test_the_outline_lists_cards_with_their_sides_and_procedures_with_their_steps(
    editor: Editor, winters: Path
) -> None:
    locations = winters / "locations.rules"
    editor.open(locations)
    found = editor.call(
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(doc(locations))
    )
    first = found[0]
    assert (first.name, first.detail, first.kind) == (
        "Yearly Field",
        "location",
        types.SymbolKind.Class,
    )
    assert [side.name for side in first.children] == ["developed"]
    assert first.selection_range == types.Range(at(5, 9), at(5, 23))
    procedure = winters / "procedure.rules"
    editor.open(procedure)
    phases = editor.call(
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(doc(procedure))
    )
    turn = next(p for p in phases if p.name == "Turn")
    assert turn.kind == types.SymbolKind.Module
    assert [step.name for step in turn.children][:3] == ["setup", "Actions", "Refresh"]
