"""The server never dies on bad input: a half-typed file, bytes that are not UTF-8, a 10 MB
file, a file outside any ruleset, random edits and requests. Each gets diagnostics or nothing,
and the server answers the next request."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from lsp_client import ROOT, Editor, at, copy_of_six_winters, doc
from lsprotocol import types

from dsl.loader import Source
from dsl.parser import parse_text
from journal.editor.analysis import FormParser


def still_answers(editor: Editor, path: Path) -> None:
    found = editor.call(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(doc(path)))
    assert isinstance(found, list)
    assert editor.server_alive()


def test_a_half_typed_card_is_a_syntax_error_where_it_stops(editor: Editor, winters: Path) -> None:
    events = winters / "events.rules"
    text = events.read_text(encoding="utf-8")
    half = text + '\nevent "New Event" {\n  tags Ev\n  When this enters play, dra'
    editor.open(events, half)
    editor.change(events, half)
    found = editor.wait_for(events, lambda found: len(found) >= 1)
    assert found[0].severity == types.DiagnosticSeverity.Error
    assert found[0].range.start.line >= text.count("\n")
    still_answers(editor, events)
    editor.change(events, text)
    editor.wait_for(events, lambda found: found == [])


def test_a_neighbour_that_is_not_utf8_is_told_with_its_byte(editor: Editor, tmp_path: Path) -> None:
    folder = copy_of_six_winters(tmp_path / "bytes")
    (folder / "latin.rules").write_bytes(b'# caf\xe9\nevent "X" {\n  tags Event\n}\n')
    events = folder / "events.rules"
    editor.open(events)
    found = editor.wait_for(folder / "latin.rules", lambda found: len(found) == 1)
    assert found[0].message.startswith("cannot read file: not UTF-8 text (byte 0xE9 at byte 5")
    still_answers(editor, events)


def test_text_with_unpaired_surrogates_is_answered(editor: Editor, tmp_path: Path) -> None:
    """What a client sends for bytes it could not decode may hold lone surrogates."""
    folder = copy_of_six_winters(tmp_path / "surrogates")
    events = folder / "events.rules"
    text = events.read_text(encoding="utf-8").replace("tags Event", "tags Ev\udce9nt", 1)
    editor.open(events, text)
    editor.wait_for(events, lambda found: len(found) >= 1)
    hover = editor.call(types.TEXT_DOCUMENT_HOVER, types.HoverParams(doc(events), at(4, 8)))
    assert hover is None or isinstance(hover, types.Hover)
    still_answers(editor, events)


def test_a_ten_megabyte_file_is_too_large_to_check_as_you_type(
    editor: Editor, tmp_path: Path
) -> None:
    big = tmp_path / "big" / "big.rules"
    big.parent.mkdir()
    line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n"
    text = line * (10 * 1024 * 1024 // len(line))
    big.write_text(text, encoding="utf-8")
    editor.open(big, text)
    found = editor.wait_for(big, lambda found: len(found) >= 1)
    assert found[0].severity == types.DiagnosticSeverity.Warning
    assert found[0].message.startswith("10.0 MB of text: too large to check as you type")
    still_answers(editor, big)
    editor.close(big)


def test_a_megabyte_that_is_not_card_text_is_told_its_first_errors(
    editor: Editor, tmp_path: Path
) -> None:
    junk = tmp_path / "junk" / "junk.rules"
    junk.parent.mkdir()
    line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n"
    text = line * (1024 * 1024 // len(line))
    junk.write_text(text, encoding="utf-8")
    editor.open(junk, text)
    found = editor.wait_for(junk, lambda found: len(found) >= 1)
    errors = [d for d in found if d.severity == types.DiagnosticSeverity.Error]
    assert {d.range.start.line for d in errors} == set(range(20))  # and the checker's own
    assert found[-1].message.startswith("more than 20 forms do not read")
    still_answers(editor, junk)
    editor.close(junk)


def test_a_file_outside_any_ruleset_is_checked_alone(editor: Editor, tmp_path: Path) -> None:
    lone = tmp_path / "lone" / "draft.rules"
    lone.parent.mkdir()
    text = 'asset "Draft" {\n  points 1\n}\n'
    lone.write_text(text, encoding="utf-8")
    editor.open(lone, text)
    found = editor.wait_for(lone, lambda found: len(found) >= 1)
    messages = [d.message for d in found]
    assert messages[0].startswith("no ruleset header")  # what chronicler check says of it
    assert any("unknown card kind 'asset'" in m for m in messages)
    unsaved = "untitled:Untitled-1"
    editor.notify(
        types.TEXT_DOCUMENT_DID_OPEN,
        types.DidOpenTextDocumentParams(types.TextDocumentItem(unsaved, "rules", 1, text)),
    )
    symbols = editor.call(
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
        types.DocumentSymbolParams(types.TextDocumentIdentifier(unsaved)),
    )
    assert [s.name for s in symbols] == ["Draft"]


def test_a_form_read_alone_is_the_form_the_parser_reads_in_its_file() -> None:
    """The editor parses one top-level form at a time and moves unchanged forms: the trees are
    those of ``dsl.parser.parse_text`` on the whole file, for every shipped file and random
    edits of them."""
    parser = FormParser()
    rng = random.Random(31)
    pieces = ["\n", "\n\n", "# note\n", "  ", "x", '"', "{", "}", ".", ":"]
    for path in sorted((ROOT / "rules").glob("*/*.rules")):
        text = path.read_text(encoding="utf-8")
        for _ in range(5):
            where = rng.randrange(len(text) + 1)
            text = text[:where] + rng.choice(pieces) + text[where:]
            expected, problems = parse_text(text, str(path))
            found, found_problems = parser.parse(Source(str(path), text))
            assert found == expected
            assert list(found_problems) == problems


# ---- the fuzz test: random edits and requests ----------------------------------------------

REQUESTS = (
    types.TEXT_DOCUMENT_COMPLETION,
    types.TEXT_DOCUMENT_HOVER,
    types.TEXT_DOCUMENT_DEFINITION,
    types.TEXT_DOCUMENT_REFERENCES,
    types.TEXT_DOCUMENT_PREPARE_RENAME,
    types.TEXT_DOCUMENT_RENAME,
    types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
    types.TEXT_DOCUMENT_FORMATTING,
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
)
ANSWERS: dict[str, Any] = {
    types.TEXT_DOCUMENT_COMPLETION: (types.CompletionList, list, tuple, type(None)),
    types.TEXT_DOCUMENT_HOVER: (types.Hover, type(None)),
    types.TEXT_DOCUMENT_DEFINITION: (list, tuple, type(None)),
    types.TEXT_DOCUMENT_REFERENCES: (list, tuple, type(None)),
    types.TEXT_DOCUMENT_PREPARE_RENAME: (types.Range, type(None)),
    types.TEXT_DOCUMENT_RENAME: (types.WorkspaceEdit, type(None)),
    types.TEXT_DOCUMENT_DOCUMENT_SYMBOL: (list, tuple, type(None)),
    types.TEXT_DOCUMENT_FORMATTING: (list, tuple, type(None)),
    types.TEXT_DOCUMENT_CODE_ACTION: (list, tuple, type(None)),
    types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL: (types.SemanticTokens, type(None)),
}


def _params(method: str, path: Path, where: types.Position, rng: random.Random) -> Any:
    d = doc(path)
    everywhere = types.Range(types.Position(0, 0), where)
    return {
        types.TEXT_DOCUMENT_COMPLETION: lambda: types.CompletionParams(d, where),
        types.TEXT_DOCUMENT_HOVER: lambda: types.HoverParams(d, where),
        types.TEXT_DOCUMENT_DEFINITION: lambda: types.DefinitionParams(d, where),
        types.TEXT_DOCUMENT_REFERENCES: lambda: types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=d,
            position=where,
        ),
        types.TEXT_DOCUMENT_PREPARE_RENAME: lambda: types.PrepareRenameParams(d, where),
        types.TEXT_DOCUMENT_RENAME: lambda: types.RenameParams(
            text_document=d, position=where, new_name=rng.choice(["X", '"', "", "a\nb"])
        ),
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL: lambda: types.DocumentSymbolParams(d),
        types.TEXT_DOCUMENT_FORMATTING: lambda: types.DocumentFormattingParams(
            d, types.FormattingOptions(2, True)
        ),
        types.TEXT_DOCUMENT_CODE_ACTION: lambda: types.CodeActionParams(
            d, everywhere, types.CodeActionContext([])
        ),
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL: lambda: types.SemanticTokensParams(d),
    }[method]()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_edits_and_requests_get_well_formed_answers(
    editor: Editor, winters: Path, seed: int
) -> None:
    """Each answer is read by the client into the protocol's typed result (a malformed one
    would fail there) and must be of the type the request allows."""
    rng = random.Random(seed)
    path = winters / rng.choice(["assets.rules", "procedure.rules", "events.rules"])
    text = path.read_text(encoding="utf-8")
    editor.open(path, text)
    pieces = [
        '"',
        "{",
        "}",
        "·",
        ":",
        ".",
        ",",
        "\n",
        "  ",
        "é",
        "🂡",
        "\t",
        "If ",
        "Play: ",
        "x" * 50,
    ]
    for _ in range(40):
        lines = text.split("\n")
        row = rng.randrange(len(lines) + 2)  # sometimes past the end
        column = rng.randrange(200)
        if rng.random() < 0.6:
            start = types.Position(
                min(row, len(lines) - 1), min(column, len(lines[min(row, len(lines) - 1)]))
            )
            cut = rng.randrange(0, 30)
            keep = text.split("\n")
            offset = sum(len(x) + 1 for x in keep[: start.line]) + start.character
            new = rng.choice(pieces)
            text = text[:offset] + new + text[offset + cut :]
            editor.change(path, text)
        method = rng.choice(REQUESTS)
        answer = editor.call(method, _params(method, path, types.Position(row, column), rng))
        assert isinstance(answer, ANSWERS[method]), (method, answer)
    assert editor.server_alive()
    editor.change(path, path.read_text(encoding="utf-8"))
    editor.wait_for(path, lambda found: found == [])
