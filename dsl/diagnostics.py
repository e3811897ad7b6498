"""Compiler-style messages about card text: ``path:line:col: error: message``, line, caret.

Every stage collects diagnostics instead of stopping at the first; ``Diagnostics.render`` sorts
them by file and position. ``CheckFailed`` carries them all when a ruleset cannot be compiled.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from dsl.errors import ChroniclerError
from dsl.files import TEXT_FILE_LIMIT, FileRefused, read_regular
from dsl.runtime import Span

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One message about one place in the card text."""

    severity: Severity
    message: str
    span: Span

    def sort_key(self) -> tuple[str, int, int, int, str]:
        rank = 0 if self.severity == "error" else 1
        return (self.span.file, self.span.line, self.span.column, rank, self.message)

    def headline(self) -> str:
        return f"{self.span}: {self.severity}: {self.message}"

    def render(self, source: str | None) -> str:
        """The headline, then the source line and a caret under the column (when known)."""
        lines = [self.headline()]
        if source is not None:
            text_lines = source.splitlines()
            if 1 <= self.span.line <= len(text_lines):
                line = text_lines[self.span.line - 1].replace("\t", " ")
                lines.append(f"  {line}")
                width = 1
                if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                    width = self.span.end_column - self.span.column
                width = max(1, min(width, len(line) - self.span.column + 1))
                lines.append("  " + " " * (self.span.column - 1) + "^" * width)
        return "\n".join(lines)


def did_you_mean(word: str, candidates: Iterable[str], quoted: bool = False) -> str:
    """``; did you mean "X"?`` for the nearest candidate names, or the empty string."""
    pool = list(dict.fromkeys(candidates))
    folded = {c.casefold(): c for c in pool}
    near = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.6)
    if not near:
        return ""
    best = folded[near[0]]
    return f'; did you mean "{best}"?' if quoted else f"; did you mean '{best}'?"


@dataclass(slots=True)
class Diagnostics:
    """All diagnostics of a run, with the source of each file for the caret lines."""

    items: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def error(self, message: str, span: Span) -> None:
        self.items.append(Diagnostic("error", message, span))

    def warning(self, message: str, span: Span) -> None:
        self.items.append(Diagnostic("warning", message, span))

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def sorted(self) -> list[Diagnostic]:
        unique = dict.fromkeys(sorted(self.items, key=Diagnostic.sort_key))
        return list(unique)

    def render(self) -> str:
        return "\n".join(d.render(self.sources.get(d.span.file)) for d in self.sorted())


def counted(number: int, noun: str) -> str:
    """``1 error``, ``2 errors``: a count that agrees with its noun (the noun's last word)."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


class CheckFailed(ChroniclerError):
    """A ruleset has errors; ``diagnostics`` holds every one, sorted."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        errors = sorted(diagnostics.errors, key=Diagnostic.sort_key)
        first = errors[0].headline() if errors else "errors"
        more = f" (and {counted(len(errors) - 1, 'more error')})" if len(errors) > 1 else ""
        super().__init__(first + more)
        self.diagnostics = diagnostics


def read_rules_text(path: str | Path) -> tuple[str | None, Diagnostic | None]:
    """A ``.rules`` file's text, or the diagnostic saying why it cannot be read (a byte that
    is not UTF-8 is named with its position). Only a regular file no larger than
    ``TEXT_FILE_LIMIT`` is read (``dsl.files``); a byte order mark is not part of the text."""
    shown = str(path)
    try:
        raw = read_regular(path, TEXT_FILE_LIMIT, "a .rules file, fixture or sheet")
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        message = (
            f"cannot read file: not UTF-8 text (byte 0x{raw[error.start]:02X} at byte "
            f"{error.start}, line {line}, column {column}); save the file as UTF-8"
        )
        return None, Diagnostic("error", message, Span(shown, line, column, line, column + 1))
    except FileRefused as refused:
        return None, Diagnostic(
            "error", f"cannot read file: {refused.reason}", Span(shown, 1, 1, 1, 1)
        )
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return None, Diagnostic("error", f"cannot read file: {reason}", Span(shown, 1, 1, 1, 1))
    control = _CONTROL.search(text)
    if control is not None:  # a NUL in a card's name once reached print's file names
        line = text.count("\n", 0, control.start()) + 1
        column = control.start() - (text.rfind("\n", 0, control.start()) + 1) + 1
        message = (
            f"cannot read file: control character U+{ord(control.group()):04X} at line {line}, "
            f"column {column}; text holds none but tabs and line breaks"
        )
        return None, Diagnostic("error", message, Span(shown, line, column, line, column + 1))
    return text, None


# What a person's text never holds: C0 controls (but tab, line feed, carriage return) and DEL.
_CONTROL = re.compile("[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f]")
