"""Edits the server offers: the layout ``chronicler fmt`` writes, a "did you mean" quick fix,
semantic colours for every editor, and a card's printed face."""

from __future__ import annotations

from pathlib import Path

from lsp_client import Editor, at, doc, uri
from lsprotocol import types

from dsl.formatter import format_text


def test_formatting_gives_what_chronicler_fmt_writes(editor: Editor, winters: Path) -> None:
    conditions = winters / "conditions.rules"
    text = conditions.read_text(encoding="utf-8")
    messy = text.replace("  stress body\n  Refresh: Lose", "  stress   body\n  Refresh:   Lose", 1)
    assert messy != text
    editor.open(conditions, messy)
    editor.change(conditions, messy)
    found = editor.call(
        types.TEXT_DOCUMENT_FORMATTING,
        types.DocumentFormattingParams(doc(conditions), types.FormattingOptions(2, True)),
    )
    assert len(found) == 1
    assert found[0].range.start == at(0, 0)
    assert found[0].new_text == format_text(messy, str(conditions))[0] == text
    editor.change(conditions, text)
    unchanged = editor.call(
        types.TEXT_DOCUMENT_FORMATTING,
        types.DocumentFormattingParams(doc(conditions), types.FormattingOptions(2, True)),
    )
    assert list(unchanged) == []


def test_text_with_syntax_errors_is_not_formatted(editor: Editor, winters: Path) -> None:
    events = winters / "events.rules"
    broken = events.read_text(encoding="utf-8").replace("tags Event\n", "tags Event {\n", 1)
    editor.open(events, broken)
    editor.change(events, broken)
    found = editor.call(
        types.TEXT_DOCUMENT_FORMATTING,
        types.DocumentFormattingParams(doc(events), types.FormattingOptions(2, True)),
    )
    assert found is None
    editor.change(events, events.read_text(encoding="utf-8"))


def test_a_quick_fix_applies_the_suggested_name(editor: Editor, winters: Path) -> None:
    abilities = winters / "abilities.rules"
    text = abilities.read_text(encoding="utf-8")
    broken = text.replace('character "Fuscus" · number 1', 'character "Fucsus" · number 1', 1)
    editor.open(abilities, broken)
    editor.change(abilities, broken)
    found = editor.wait_for(abilities, lambda found: len(found) == 1)
    row = broken.split("\n").index('  character "Fucsus" · number 1')
    actions = editor.call(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionParams(
            doc(abilities), types.Range(at(row, 14), at(row, 14)), types.CodeActionContext(found)
        ),
    )
    assert [a.title for a in actions] == ['Change to "Fuscus"']
    edit = actions[0].edit.changes[uri(abilities)][0]
    assert edit == types.TextEdit(types.Range(at(row, 12), at(row, 20)), '"Fuscus"')
    word = broken.replace("Set any resource dice", "Sett any resource dice", 1)
    editor.change(abilities, word)
    found = editor.wait_for(abilities, lambda found: any("Sett" in d.message for d in found))
    row = word.split("\n").index("  Play: Sett any resource dice at this location to 5.")
    actions = editor.call(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionParams(
            doc(abilities), types.Range(at(row, 8), at(row, 9)), types.CodeActionContext(found)
        ),
    )
    assert [a.edit.changes[uri(abilities)][0].new_text for a in actions] == ["Set"]
    editor.change(abilities, text)


def decode(data: list[int], lines: list[str], legend: list[str]) -> list[tuple[str, str]]:
    out = []
    row = column = 0
    for k in range(0, len(data), 5):
        delta_line, delta_start, length, kind, _ = data[k : k + 5]
        row += delta_line
        column = column + delta_start if delta_line == 0 else delta_start
        out.append((lines[row][column : column + length], legend[kind]))
    return out


def test_semantic_tokens_name_each_word_by_what_the_ruleset_declares(
    editor: Editor, winters: Path
) -> None:
    assets = winters / "assets.rules"
    editor.open(assets)
    editor.settled(assets)
    legend = editor.initialized.capabilities.semantic_tokens_provider.legend.token_types
    found = editor.call(
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, types.SemanticTokensParams(doc(assets))
    )
    lines = assets.read_text(encoding="utf-8").split("\n")
    named = decode(found.data, lines, list(legend))
    start = named.index(("asset", "type"))
    assert named[start : start + 12] == [
        ("asset", "type"),
        ('"Whisper Drip"', "class"),
        ("number", "property"),
        ("1", "number"),
        ("starting", "property"),
        ("tags", "property"),
        ("Potion", "enumMember"),
        ("skill", "property"),
        ("shadow", "enumMember"),
        ("points", "property"),
        ("3", "number"),
        ("recipe", "property"),
    ]
    assert ("Exhaust", "event") in named
    assert ("Roll", "function") in named
    assert named[0][1] == "comment"


def test_the_preview_draws_the_card_under_the_cursor(
    editor: Editor, winters: Path, cache_dir: Path
) -> None:
    assets = winters / "assets.rules"
    editor.open(assets)
    row = assets.read_text(encoding="utf-8").split("\n").index("  tags Potion")
    found = editor.call(
        types.WORKSPACE_EXECUTE_COMMAND,
        types.ExecuteCommandParams(
            "chronicler.preview", [uri(assets), {"line": row, "character": 4}]
        ),
    )
    assert found["card"] == "Whisper Drip" and found["kind"] == "asset"
    image = Path(found["path"])
    assert image.parent == cache_dir / "preview"
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    with Image.open(image) as drawn:
        assert drawn.width > 200 and drawn.height > drawn.width  # a portrait card
    outside = editor.call(
        types.WORKSPACE_EXECUTE_COMMAND,
        types.ExecuteCommandParams(
            "chronicler.preview", [uri(assets), {"line": 0, "character": 0}]
        ),
    )
    assert outside == {"error": "no card here"}
