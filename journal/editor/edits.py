"""Edits the server offers: the canonical layout (what ``chronicler fmt`` writes) and the fix a
diagnostic suggests ("did you mean ...")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from journal.editor.diagnostics import replacement, suggestion, to_lsp
from journal.editor.positions import position, units

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis


def formatting(text: str, path: str, encoding: str) -> list[types.TextEdit] | None:
    """One edit making the document what ``chronicler fmt`` makes of it; none when it has
    syntax errors (``fmt`` refuses those too) or is already formatted."""
    from dsl.formatter import format_text

    formatted, problems = format_text(text, path)
    if problems or formatted == text:
        return [] if not problems else None
    lines = text.split("\n")
    end = types.Position(len(lines) - 1, units(lines[-1], encoding))
    return [types.TextEdit(types.Range(types.Position(0, 0), end), formatted)]


def _overlaps(a: types.Range, b: types.Range) -> bool:
    return (a.start.line, a.start.character) <= (b.end.line, b.end.character) and (
        b.start.line,
        b.start.character,
    ) <= (a.end.line, a.end.character)


def did_you_mean(
    analysis: Analysis,
    path: str,
    lines: list[str],
    uri: str,
    asked: types.Range,
    encoding: str,
) -> list[types.CodeAction]:
    """A quick fix for each diagnostic in ``asked`` that suggests a near name: the marked
    text replaced by the suggestion."""
    actions = []
    for diagnostic in analysis.diagnostics.get(path, ()):
        near = suggestion(diagnostic.message)
        if near is None:
            continue
        shown = to_lsp(diagnostic, lines, encoding)
        if not _overlaps(shown.range, asked):
            continue
        span = diagnostic.span
        if span.line != span.end_line or span.line > len(lines):
            continue
        written = lines[span.line - 1][span.column - 1 : span.end_column - 1]
        if not written:
            continue
        new_text = replacement(written, near)
        where = types.Range(
            position(lines, span.line, span.column, encoding),
            position(lines, span.end_line, span.end_column, encoding),
        )
        actions.append(
            types.CodeAction(
                title=f"Change to {new_text}",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[shown],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(where, new_text)]}),
            )
        )
    return actions
