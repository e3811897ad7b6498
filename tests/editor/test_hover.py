"""Hover tells what the text means: a card's printed summary on its name, a sentence's bound
meaning and printed wording, a declared value's comment and where the game reads it."""

from __future__ import annotations

from pathlib import Path

from lsp_client import Editor, at, doc
from lsprotocol import types


def hover(editor: Editor, path: Path, line: int, character: int) -> types.Hover | None:
    editor.open(path)
    return editor.call(types.TEXT_DOCUMENT_HOVER, types.HoverParams(doc(path), at(line, character)))


def row_of(path: Path, line: str) -> int:
    return path.read_text(encoding="utf-8").split("\n").index(line)


def test_a_card_named_in_another_file_shows_its_printed_summary(
    editor: Editor, winters: Path
) -> None:
    abilities = winters / "abilities.rules"
    row = row_of(abilities, '  character "Parin" · number 1')
    found = hover(editor, abilities, row, 14)
    assert found is not None
    text = found.contents.value  # type: ignore[union-attr]
    assert "Parin\nCharacter\nTitle: Speaker for the East\nStarting\nPsyche: 5\nBody: 3" in text
    assert "characters.rules:14" in text
    assert found.range == types.Range(at(row, 12), at(row, 19))


def test_a_sentence_shows_its_bound_meaning_and_printed_text(editor: Editor, winters: Path) -> None:
    assets = winters / "assets.rules"
    row = row_of(assets, "  Exhaust: Roll and place a sorcery at this location.")
    found = hover(editor, assets, row, 20)
    assert found is not None
    text = found.contents.value  # type: ignore[union-attr]
    assert 'Sentence of asset "Whisper Drip"' in text
    assert "`roll and place` → `roll_and_place(object=a sorcery, at=this location)`" in text
    assert "> Roll and place a sorcery at this location." in text


def test_an_alias_prints_as_its_declared_word(editor: Editor, winters: Path) -> None:
    """The printed text is the renderer's, not the words typed: ``magic`` is ``sorcery``."""
    assets = winters / "assets.rules"
    text = assets.read_text(encoding="utf-8").replace(
        "Roll and place a sorcery at this location.", "Roll and place a magic at this location.", 1
    )
    editor.open(assets, text)
    editor.change(assets, text)
    row = text.split("\n").index("  Exhaust: Roll and place a magic at this location.")
    found = editor.call(types.TEXT_DOCUMENT_HOVER, types.HoverParams(doc(assets), at(row, 20)))
    assert "> Roll and place a sorcery at this location." in found.contents.value
    editor.change(assets, assets.read_text(encoding="utf-8"))


def test_a_declared_value_shows_its_comment_and_where_the_game_reads_it(
    editor: Editor, winters: Path
) -> None:
    ruleset = winters / "ruleset.rules"
    line = "value threat pool = 6 in 1..  # two players; the game is lost when the pool empties"
    row = row_of(ruleset, line)
    found = hover(editor, ruleset, row, 8)
    assert found is not None
    text = found.contents.value  # type: ignore[union-attr]
    assert text.startswith("**value threat pool = 6**")
    assert "two players; the game is lost when the pool empties" in text
    assert "- `search_bot.py:" in text
    assert "- `session_making.py:" in text
    assert found.range == types.Range(at(row, 6), at(row, 17))


def test_a_phase_shows_its_steps(editor: Editor, winters: Path) -> None:
    procedure = winters / "procedure.rules"
    row = row_of(procedure, '  Refresh: play "Refresh"')
    found = hover(editor, procedure, row, 19)
    assert found is not None
    assert found.contents.value.startswith("procedure **Refresh**")  # type: ignore[union-attr]


def test_nothing_to_say_on_a_comment(editor: Editor, winters: Path) -> None:
    assert hover(editor, winters / "assets.rules", 0, 3) is None
