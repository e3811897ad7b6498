"""Semantic tokens: every editor colours card text the same way, from the ruleset's words.

A line is read with ``journal.editor.scan``; each token is then named by what the ruleset says
it is: a card kind (``type``), a card's name (``class``), a kind's field (``property``), a
trigger or step title (``event``), a verb (``function``), a declared word (``enumMember``), a
declared value (``variable``), a phase (``namespace``), a grammar keyword, a number, a quoted
text, a comment.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from journal.editor.positions import units
from journal.editor.scan import Token, grammar_keywords, is_form_start, tokens

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis

TOKEN_TYPES = (
    "keyword",
    "type",
    "class",
    "property",
    "event",
    "function",
    "enumMember",
    "variable",
    "namespace",
    "string",
    "number",
    "comment",
)
TOKEN_MODIFIERS = ("declaration",)
_TYPE = {name: k for k, name in enumerate(TOKEN_TYPES)}
DECLARATION = 1
# dsl/grammar.lark's TRIGGER_LABEL and WHEN_LABEL: the words before an item's ":" or ","
_LABEL = re.compile(r"^(\s*(?:·\s*)?)((?!choose\s+one\b)[^\W\d_][\w'’\- ]*)(?=:)", re.I)
_WHEN = re.compile(r"^(\s*)(when\b[^,:.\"\n]*)(?=,)", re.I)


class Words:
    """The ruleset's words, for naming tokens: runs of folded words to a token type."""

    def __init__(self, analysis: Analysis) -> None:
        vocab = analysis.vocabulary
        index = analysis.index()
        self.kinds = {k.casefold() for k in (getattr(vocab, "card_kinds", None) or ())}
        self.kinds |= {k.casefold() for k in getattr(vocab, "kinds", {})}
        self.fields: dict[str, set[tuple[str, ...]]] = {}
        for kind, schema in getattr(vocab, "kinds", {}).items():
            self.fields[kind.casefold()] = {tuple(f.words) for f in schema.fields.values()}
        self.runs: dict[tuple[str, ...], str] = {}
        for key in getattr(vocab, "lexicon", {}):
            self.runs[tuple(key)] = "enumMember"
        for key in getattr(vocab, "verb_lexicon", {}):
            self.runs.setdefault(tuple(key), "function")
        self.longest = max((len(k) for k in self.runs), default=1)
        self.cards = set(index.cards)
        self.phases = set(index.phases)
        self.values = set(index.values)
        self.keywords = grammar_keywords()


def words_of(analysis: Analysis) -> Words:
    found = analysis.memo.get("words")
    if found is None:
        found = analysis.memo["words"] = Words(analysis)
    return found


def classify(analysis: Analysis, lines: list[str]) -> list[tuple[int, Token, str, int]]:
    """Each named token of ``lines``: (0-based line, token, type, modifiers)."""
    words = words_of(analysis)
    out: list[tuple[int, Token, str, int]] = []
    form = ""
    depth = 0
    for row, line in enumerate(lines):
        found = tokens(line)
        starts_form = is_form_start(line)
        if starts_form:
            form = next((t.text.casefold() for t in found if t.type == "word"), "")
            depth = 0
        labelled = _label_columns(line) if depth >= 1 else set()
        item_start = True
        named_string = False
        k = 0
        while k < len(found):
            token = found[k]
            if token.type == "punct":
                if token.text == "{":
                    depth += 1
                elif token.text == "}":
                    depth = max(0, depth - 1)
                item_start = token.text in ("·", "{")
                k += 1
                continue
            if token.type in ("comment", "number"):
                out.append((row, token, token.type, 0))
            elif token.type == "string":
                out.append((row, token, *_string(words, token, form, starts_form, named_string)))
                named_string = named_string or starts_form
            elif token.start in labelled:
                out.append((row, token, "event", 0))
            elif starts_form and depth == 0:
                first = k == 0
                if first and form in words.kinds:
                    out.append((row, token, "type", 0))
                elif token.text.casefold() in words.keywords:
                    out.append((row, token, "keyword", 0))
                elif form == "value" and not any(t.text == "=" for t in found[:k]):
                    out.append((row, token, "variable", DECLARATION))
            elif item_start and depth >= 1 and form in words.fields:
                taken = _field_words(words.fields[form], found, k)
                if taken:
                    out.extend((row, found[k + j], "property", 0) for j in range(taken))
                    k += taken
                    item_start = False
                    continue
                k += _run(words, found, k, row, out)
                item_start = False
                continue
            elif form == "procedure" and token.text.casefold() in words.keywords:
                out.append((row, token, "keyword", 0))
            else:
                k += _run(words, found, k, row, out)
                item_start = False
                continue
            item_start = False
            k += 1
    return out


def _label_columns(line: str) -> set[int]:
    """The columns where the words of an item's label start (``Exhaust:``, ``When ...,``)."""
    match = _LABEL.match(line) or _WHEN.match(line)
    if match is None:
        return set()
    return {t.start + match.start(2) for t in tokens(match.group(2)) if t.type == "word"}


def _string(
    words: Words, token: Token, form: str, starts_form: bool, named: bool
) -> tuple[str, int]:
    text = token.text.strip('"').casefold()
    if starts_form and not named:
        if form in words.kinds:
            return "class", DECLARATION
        if form == "procedure":
            return "namespace", DECLARATION
    if text in words.cards:
        return "class", 0
    if form == "procedure" and text in words.phases:
        return "namespace", 0
    if token.text.strip('"') in words.values:
        return "variable", 0
    return "string", 0


def _field_words(fields: set[tuple[str, ...]], found: list[Token], k: int) -> int:
    best = 0
    for name in fields:
        n = len(name)
        run = found[k : k + n]
        if (
            n > best
            and len(run) == n
            and all(
                t.type == "word" and t.text.casefold() == w for t, w in zip(run, name, strict=True)
            )
        ):
            best = n
    return best


def _run(words: Words, found: list[Token], k: int, row: int, out: list[Any]) -> int:
    """Name the longest run of declared words from token ``k``; how many tokens it took."""
    for n in range(min(words.longest, len(found) - k), 0, -1):
        run = found[k : k + n]
        if any(t.type != "word" for t in run):
            continue
        kind = words.runs.get(tuple(t.text.casefold() for t in run))
        if kind is not None:
            out.extend((row, t, kind, 0) for t in run)
            return n
    return 1


def encode(analysis: Analysis, lines: list[str], encoding: str) -> list[int]:
    """The protocol's relative encoding: line and start deltas, length, type, modifiers."""
    data: list[int] = []
    last_row = last_start = 0
    for row, token, kind, modifiers in classify(analysis, lines):
        line = lines[row]
        start = units(line[: token.start], encoding)
        length = units(token.text, encoding)
        delta_start = start - last_start if row == last_row else start
        data += [row - last_row, delta_start, length, _TYPE[kind], modifiers]
        last_row, last_start = row, start
    return data
