"""The checker's diagnostics as the editor shows them, and their "did you mean" fixes."""

from __future__ import annotations

import re

from lsprotocol import types

from dsl.diagnostics import Diagnostic
from dsl.runtime import Span
from journal.editor.positions import to_range

SOURCE = "chronicler"
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}
# dsl.diagnostics.did_you_mean: '; did you mean "X"?' (names) or "; did you mean 'X'?" (words)
_SUGGESTION = re.compile(r"""did you mean (?:"((?:[^"\\]|\\.)*)"|'([^']*)')\?$""")


def suggestion(message: str) -> str | None:
    """The name a message suggests, or None."""
    match = _SUGGESTION.search(message)
    if match is None:
        return None
    return match.group(1) if match.group(1) is not None else match.group(2)


def to_lsp(diagnostic: Diagnostic, lines: list[str], encoding: str) -> types.Diagnostic:
    near = suggestion(diagnostic.message)
    return types.Diagnostic(
        range=to_range(diagnostic.span, lines, encoding),
        message=diagnostic.message,
        severity=_SEVERITY.get(diagnostic.severity, types.DiagnosticSeverity.Error),
        source=SOURCE,
        data={"suggestion": near} if near is not None else None,
    )


def on_first_line(diagnostic: Diagnostic, path: str) -> Diagnostic:
    """A diagnostic that names no file, shown at the top of ``path``."""
    return Diagnostic(diagnostic.severity, diagnostic.message, Span(path, 1, 1, 1, 1))


def replacement(written: str, suggested: str) -> str:
    """What replaces the text a diagnostic marks: the suggestion, quoted as the text was, with
    its capital where the text had one (a sentence's first word)."""
    if written.startswith('"'):
        return '"' + suggested.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if written[:1].isupper() and suggested[:1].islower():
        return suggested[:1].upper() + suggested[1:]
    return suggested
