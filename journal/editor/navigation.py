"""Going to a name's definition, finding where it is written, renaming a card, the outline.

Names are the index's (``journal.editor.index``): cards, declared values (whose references
include the places the ruleset's Python reads them) and procedure phases.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lsprotocol import types

from dsl import ast
from dsl.runtime import Span
from journal.editor.analysis import normal_text
from journal.editor.positions import to_range

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis
    from journal.editor.index import Index, Occurrence

UriOf = Callable[[str], str]


def _lines_of(analysis: Analysis, path: str) -> list[str]:
    if path in analysis.texts:
        return analysis.lines(path)
    try:
        with open(path, encoding="utf-8") as handle:
            return normal_text(handle.read()).split("\n")
    except (OSError, UnicodeDecodeError):
        return []


def _location(analysis: Analysis, span: Span, encoding: str, uri_of: UriOf) -> types.Location:
    return types.Location(
        uri=uri_of(span.file), range=to_range(span, _lines_of(analysis, span.file), encoding)
    )


def _definitions(index: Index, occurrence: Occurrence) -> list[Span]:
    if occurrence.what == "card":
        return [card.name.span for card, _ in index.cards.get(occurrence.key, [])]
    if occurrence.what == "value":
        info = index.values.get(occurrence.key)
        return [info.span] if info is not None else []
    phase = index.phases.get(occurrence.key)
    return [phase.name.span] if phase is not None else []


def definition(
    analysis: Analysis, path: str, line: int, column: int, encoding: str, uri_of: UriOf
) -> list[types.Location] | None:
    index = analysis.index()
    occurrence = index.at(path, line, column)
    if occurrence is None:
        return None
    spans = _definitions(index, occurrence)
    return [_location(analysis, span, encoding, uri_of) for span in spans] or None


def references(
    analysis: Analysis,
    path: str,
    line: int,
    column: int,
    encoding: str,
    uri_of: UriOf,
    declaration: bool = True,
) -> list[types.Location] | None:
    index = analysis.index()
    occurrence = index.at(path, line, column)
    if occurrence is None:
        return None
    found = [
        o.span
        for o in index.occurrences(occurrence.what, occurrence.key)
        if declaration or not o.definition
    ]
    if occurrence.what == "value":
        found += [
            Span(file, number, start, number, end)
            for file, number, start, end in index.reads.get(occurrence.key, [])
        ]
    return [_location(analysis, span, encoding, uri_of) for span in found]


def prepare_rename(
    analysis: Analysis, path: str, line: int, column: int, encoding: str
) -> types.Range | None:
    occurrence = analysis.index().at(path, line, column)
    if occurrence is None or occurrence.what != "card":
        return None
    return to_range(occurrence.span, analysis.lines(path), encoding)


def rename(
    analysis: Analysis,
    path: str,
    line: int,
    column: int,
    new_name: str,
    encoding: str,
    uri_of: UriOf,
) -> types.WorkspaceEdit | None:
    """Every place a card's name is written, in every file of its ruleset, renamed."""
    index = analysis.index()
    occurrence = index.at(path, line, column)
    new_name = new_name.strip()
    if len(new_name) >= 2 and new_name[0] == new_name[-1] == '"':
        new_name = new_name[1:-1]  # typed with its quotes
    if occurrence is None or occurrence.what != "card" or not new_name or "\n" in new_name:
        return None
    quoted = ast.quote(new_name)
    changes: dict[str, list[types.TextEdit]] = {}
    for found in index.occurrences("card", occurrence.key):
        span = found.span
        edit = types.TextEdit(to_range(span, analysis.lines(span.file), encoding), quoted)
        changes.setdefault(uri_of(span.file), []).append(edit)
    return types.WorkspaceEdit(changes=changes)


def symbols(analysis: Analysis, path: str, encoding: str) -> list[types.DocumentSymbol]:
    """The file's outline: its cards (with their sides) and procedures (with their steps),
    and its kinds, tables and maps."""
    tree = analysis.files.get(path)
    if tree is None:
        return []
    lines = analysis.lines(path)

    def symbol(
        name: str,
        kind: types.SymbolKind,
        span: Span,
        chosen: Span,
        detail: str = "",
        children: list[types.DocumentSymbol] | None = None,
    ) -> types.DocumentSymbol:
        return types.DocumentSymbol(
            name=name or "?",
            kind=kind,
            range=to_range(span, lines, encoding),
            selection_range=to_range(chosen, lines, encoding),
            detail=detail or None,
            children=children or None,
        )

    out = []
    for form in tree.forms:
        if isinstance(form, ast.Card):
            sides = [
                symbol(
                    item.name.text, types.SymbolKind.Namespace, item.span, item.name.span, "side"
                )
                for item in form.items
                if isinstance(item, ast.Block)
            ]
            out.append(
                symbol(
                    form.name.text,
                    types.SymbolKind.Class,
                    form.span,
                    form.name.span,
                    form.kind.text,
                    sides,
                )
            )
        elif isinstance(form, ast.ProcedureDecl):
            steps = [
                symbol(item.title.text, types.SymbolKind.Event, item.span, item.title.span, "step")
                for item in form.items
                if isinstance(item, ast.Step)
            ]
            out.append(
                symbol(
                    form.name.text,
                    types.SymbolKind.Module,
                    form.span,
                    form.name.span,
                    "procedure",
                    steps,
                )
            )
        elif isinstance(form, ast.KindDecl):
            out.append(
                symbol(form.kind.text, types.SymbolKind.Struct, form.span, form.kind.span, "kind")
            )
        elif isinstance(form, ast.TableDecl | ast.MapDecl):
            detail = "table" if isinstance(form, ast.TableDecl) else "map"
            out.append(
                symbol(form.name.text, types.SymbolKind.Object, form.span, form.name.span, detail)
            )
    return out
