"""Card text read as it is typed: the words of a line, and where the cursor stands.

The parser needs a whole form that reads; an editor asks about text being written. This module
reads lines with the language's token shapes (the terminals of ``dsl/grammar.lark``: a word, a
quoted name, a number or range, a comment) and follows the braces from the top-level form above
the cursor, so completion and colouring work in a half-typed file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import dsl

TokenType = Literal["word", "string", "number", "comment", "punct"]

# The shapes of dsl/grammar.lark's WORD, STRING, NUMBER, RANGE, INT_RANGE, OPEN_RANGE, COMMENT
# terminals (a string may be left open while typing).
_TOKEN = re.compile(
    r"(?P<comment>#.*)"
    r"|(?P<string>\"(?:\\.|[^\"\\])*(?:\"|$))"
    r"|(?P<number>\d+(?:\.\.\d*|-\d+|\+)?)"
    r"|(?P<word>[^\W\d_][\w'’]*(?:-[^\W\d_][\w'’]*)*)"
    r"|(?P<punct>->|[^\s\w])"
)


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a line: 0-based column ``start`` to ``end`` (code points)."""

    type: TokenType
    text: str
    start: int
    end: int


def tokens(line: str) -> list[Token]:
    out = []
    for match in _TOKEN.finditer(line):
        kind = match.lastgroup
        assert kind is not None
        out.append(Token(kind, match.group(), match.start(), match.end()))  # type: ignore[arg-type]
    return out


def is_form_start(line: str) -> bool:
    """A top-level form starts at column 0 (``dsl.parser``'s rule): not blank, a comment or
    a closing brace."""
    return bool(line) and line[0] not in " \t\f#}\r"


@cache
def grammar_keywords() -> frozenset[str]:
    """The words the grammar spells out (``"procedure"i``...), read from ``grammar.lark``."""
    text = (Path(dsl.__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    return frozenset(re.findall(r'^[A-Z_]+(?:\.\d+)?:\s*"([a-z]+)"i\s*$', text, re.M))


@dataclass(frozen=True, slots=True)
class Place:
    """Where a position stands in the text.

    ``form``: the first word of the top-level form it is in (folded; "" before any);
    ``form_line``: that form's first line (0-based); ``name``: the form's quoted name;
    ``depth``: open braces; ``side``: the block it is in within a card (``developed``);
    ``item_start``: nothing but blanks or ``·`` before it in its item; ``string``: the column
    of an open quote before it on its line (-1: not in a quoted name); ``before``: the tokens
    of its line before it.
    """

    form: str
    form_line: int
    name: str
    depth: int
    side: str | None
    item_start: bool
    string: int
    before: tuple[Token, ...]

    @property
    def words_before(self) -> list[str]:
        return [t.text.casefold() for t in self.before if t.type == "word"]


def place(lines: list[str], line: int, column: int) -> Place:
    """Where the 0-based ``line``/``column`` of ``lines`` stands."""
    line = max(0, min(line, len(lines) - 1)) if lines else 0
    current = lines[line] if lines else ""
    column = max(0, min(column, len(current)))
    start = line
    while start > 0 and not is_form_start(lines[start]):
        start -= 1
    form_tokens = tokens(lines[start]) if lines else []
    words = [t for t in form_tokens if t.type == "word"]
    form = words[0].text.casefold() if words and is_form_start(lines[start]) else ""
    name = next((t.text.strip('"') for t in form_tokens if t.type == "string"), "")
    depth = 0
    sides: list[str | None] = []
    for number in range(start, line + 1):
        text = lines[number] if number < line else current[:column]
        previous: Token | None = None
        for token in tokens(text):
            if token.type == "punct" and token.text == "{":
                opened = previous.text if previous is not None and previous.type == "word" else None
                sides.append(opened if depth >= 1 else None)
                depth += 1
            elif token.type == "punct" and token.text == "}":
                depth = max(0, depth - 1)
                if sides:
                    sides.pop()
            previous = token
    before = tuple(tokens(current[:column]))
    string = -1
    if before and before[-1].type == "string":
        last = before[-1]
        closed = len(last.text) > 1 and last.text.endswith('"') and not last.text.endswith('\\"')
        if not closed or last.end > column:
            string = last.start
    after_separator = [t for t in before if not (t.type == "punct" and t.text == "·")]
    if before and before[-1].type == "punct" and before[-1].text == "·":
        after_separator = []
    elif any(t.type == "punct" and t.text == "·" for t in before):
        last_dot = max(k for k, t in enumerate(before) if t.type == "punct" and t.text == "·")
        after_separator = list(before[last_dot + 1 :])
    typed = [t for t in after_separator if t.type != "comment"]
    item_start = len(typed) == 0 or (len(typed) == 1 and typed[0].end == column)
    side = next((s for s in reversed(sides) if s), None)
    return Place(form, start, name, depth, side, item_start, string, before)
