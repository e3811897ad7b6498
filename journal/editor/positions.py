"""Places in card text between the checker's spans and the editor's positions.

A ``Span`` counts lines and columns from 1, in characters; the protocol counts from 0, in the
code units the client and server agreed on at start (UTF-16 unless the client offers another).
"""

from __future__ import annotations

from lsprotocol import types

from dsl.runtime import Span


def units(text: str, encoding: str) -> int:
    """How many code units ``text`` is in the agreed encoding."""
    if encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def character(line: str, column: int, encoding: str) -> int:
    """The 0-based character index of a position ``column`` code units into ``line``."""
    if encoding == types.PositionEncodingKind.Utf32:
        return max(0, min(column, len(line)))
    count = 0
    for k, char in enumerate(line):
        if count >= column:
            return k
        count += units(char, encoding)
    return len(line)


def position(lines: list[str], line: int, column: int, encoding: str) -> types.Position:
    """The protocol's position of a 1-based ``line``/``column`` (characters)."""
    row = max(0, line - 1)
    text = lines[row] if row < len(lines) else ""
    return types.Position(row, units(text[: max(0, column - 1)], encoding))


def to_range(span: Span, lines: list[str], encoding: str) -> types.Range:
    return types.Range(
        position(lines, span.line, span.column, encoding),
        position(lines, span.end_line, span.end_column, encoding),
    )


def from_position(lines: list[str], where: types.Position, encoding: str) -> tuple[int, int]:
    """The 1-based line and column (characters) of a protocol position."""
    text = lines[where.line] if 0 <= where.line < len(lines) else ""
    return where.line + 1, character(text, where.character, encoding) + 1


def position_in(span: Span, line: int, column: int) -> bool:
    """Whether the 1-based ``line``/``column`` falls within ``span`` (its end excluded, but a
    cursor just after the last character counts)."""
    if line < span.line or line > span.end_line:
        return False
    if line == span.line and column < span.column:
        return False
    return not (line == span.end_line and column > span.end_column)
