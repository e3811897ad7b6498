"""Completion offers what the ruleset declares where the cursor is: fields inside a card, card
names in a quoted name, phases after ``play``, the primitives after ``do``, declared words in a
sentence, card kinds at the top level."""

from __future__ import annotations

from pathlib import Path

from lsp_client import Editor, at, doc
from lsprotocol import types


def complete(
    editor: Editor, path: Path, text: str, line: int, character: int
) -> dict[str, types.CompletionItem]:
    editor.open(path, text)
    answer = editor.call(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionParams(doc(path), at(line, character))
    )
    items = answer.items if isinstance(answer, types.CompletionList) else answer
    return {item.label: item for item in items}


def test_inside_an_asset_the_fields_of_the_asset_kind_are_offered(
    editor: Editor, winters: Path
) -> None:
    path = winters / "assets.rules"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    row = lines.index('asset "Whisper Drip" {') + 1
    lines.insert(row, "  ")
    items = complete(editor, path, "\n".join(lines), row, 2)
    for field in ("number", "starting", "tags", "skill", "points", "recipe"):
        assert items[field].kind == types.CompletionItemKind.Field
    assert items["recipe"].detail == "dice list"  # the type the kind declares it with
    assert "difficulty" not in items  # an obstacle's field, not an asset's
    assert items["Exhaust"].kind == types.CompletionItemKind.Event  # a declared trigger


def test_a_quoted_name_after_a_kind_offers_the_cards_of_that_kind(
    editor: Editor, winters: Path
) -> None:
    path = winters / "abilities.rules"
    text = path.read_text(encoding="utf-8").replace(
        'character "Parin" · number 1', 'character "Pa', 1
    )
    row = text.split("\n").index('  character "Pa')
    items = complete(editor, path, text, row, len('  character "Pa'))
    assert set(items) == {"Parin"}
    edit = items["Parin"].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.new_text == 'Parin"'
    assert edit.range == types.Range(at(row, 13), at(row, 15))


def test_after_play_the_phases_of_the_procedure_are_offered(editor: Editor, winters: Path) -> None:
    path = winters / "procedure.rules"
    text = path.read_text(encoding="utf-8").replace(
        'Refresh: play "Refresh"', 'Refresh: play "Re', 1
    )
    row = text.split("\n").index('  Refresh: play "Re')
    items = complete(editor, path, text, row, len('  Refresh: play "Re'))
    assert "Refresh" in items
    assert items["Refresh"].kind == types.CompletionItemKind.Module


def test_after_do_the_step_primitives_are_offered_in_words(editor: Editor, winters: Path) -> None:
    path = winters / "procedure.rules"
    text = path.read_text(encoding="utf-8").replace(
        "Advance Time: do advance time", "Advance Time: do adv", 1
    )
    row = text.split("\n").index("  Advance Time: do adv")
    items = complete(editor, path, text, row, len("  Advance Time: do adv"))
    assert items["advance time"].detail == "step_advance_time()"


def test_a_procedure_offers_its_step_forms(editor: Editor, winters: Path) -> None:
    path = winters / "procedure.rules"
    lines = path.read_text(encoding="utf-8").split("\n")
    row = lines.index('procedure "Turn" {') + 1
    lines.insert(row, "  Muster: ")
    items = complete(editor, path, "\n".join(lines), row, len("  Muster: "))
    assert "players act in any order until all pass" in items
    assert items["for each"].insert_text_format == types.InsertTextFormat.Snippet


def test_in_a_sentence_the_declared_words_and_verbs_are_offered(
    editor: Editor, winters: Path
) -> None:
    path = winters / "assets.rules"
    text = path.read_text(encoding="utf-8").replace(
        "Exhaust: Roll and place a sorcery at this location.", "Exhaust: Roll and place a sor", 1
    )
    row = text.split("\n").index("  Exhaust: Roll and place a sor")
    items = complete(editor, path, text, row, len("  Exhaust: Roll and place a sor"))
    assert items["sorcery"].kind == types.CompletionItemKind.EnumMember
    assert items["sorcery"].detail == "resource"
    verbs = complete(
        editor, path, text.replace("Roll and place a sor", "Ro", 1), row, len("  Exhaust: Ro")
    )
    assert verbs["roll and place"].detail == "verb → roll_and_place()"
    blank = text.replace("Roll and place a sor", "Roll and place a ", 1)
    everything = complete(editor, path, blank, row, len("  Exhaust: Roll and place a "))
    assert everything["threat pool"].detail == "value = 6"  # a declared value


def test_at_the_top_level_the_card_kinds_and_keywords_are_offered(
    editor: Editor, winters: Path
) -> None:
    path = winters / "events.rules"
    text = path.read_text(encoding="utf-8") + "\nob"
    row = text.count("\n")
    items = complete(editor, path, text, row, 2)
    assert items["obstacle"].kind == types.CompletionItemKind.Class
    assert items["obstacle"].insert_text == 'obstacle "${1:Name}" {\n  $0\n}'
    keywords = complete(editor, path, text[:-2] + "proc", row, 4)
    assert keywords["procedure"].kind == types.CompletionItemKind.Keyword
