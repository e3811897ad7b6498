"""The names of a checked ruleset and every place each is written.

Three kinds of name can be gone to, found and renamed: a card (defined by ``kind "Name" {``,
named in quotes in another card's field or sentence, a table's row, a map's place), a declared
value (``value hard = -1``, named in quotes in a note, read by the ruleset's Python) and a phase
of the procedure (``procedure "Turn" {``, named by ``play "Turn"``). The index is made from the
checked files' trees, so it sees what the checker saw.
"""

from __future__ import annotations

import bisect
import dataclasses
import importlib.util
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from dsl import ast
from dsl.bound import BoundChoice, BoundEffect, BoundSentence, CheckedCard
from dsl.runtime import Span
from journal.editor.positions import position_in

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis

What = Literal["card", "value", "phase"]


@dataclass(frozen=True, slots=True)
class Occurrence:
    """A name written somewhere: ``key`` is the folded name, ``definition`` where it is made."""

    what: What
    key: str
    span: Span
    definition: bool = False
    kind: str | None = None  # a card's kind, where it is defined


@dataclass(frozen=True, slots=True)
class ValueInfo:
    name: str
    value: int
    span: Span  # the name's words
    declaration: Span
    comment: str


@dataclass(frozen=True, slots=True)
class SentenceAt:
    """A bound sentence of a card (or of a procedure step) and where it is written."""

    sentence: BoundSentence
    effect: BoundEffect
    owner: str  # 'asset "Whisper Drip"', 'procedure "Turn"'


@dataclass
class Index:
    by_file: dict[str, list[Occurrence]] = field(default_factory=dict)
    cards: dict[str, list[tuple[ast.Card, CheckedCard | None]]] = field(default_factory=dict)
    values: dict[str, ValueInfo] = field(default_factory=dict)
    phases: dict[str, ast.ProcedureDecl] = field(default_factory=dict)
    sentences: dict[str, list[tuple[Span, SentenceAt]]] = field(default_factory=dict)
    cards_by_file: dict[str, list[ast.Card]] = field(default_factory=dict)
    procedures_by_file: dict[str, list[ast.ProcedureDecl]] = field(default_factory=dict)
    reads: dict[str, list[tuple[str, int, int, int]]] = field(default_factory=dict)
    _starts: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False)

    def at(self, path: str, line: int, column: int) -> Occurrence | None:
        """The name written at a 1-based line and column of a file."""
        found = self.by_file.get(path, [])
        starts = self._starts.get(path)
        if starts is None:
            starts = [(o.span.line, o.span.column) for o in found]
            self._starts[path] = starts
        k = bisect.bisect_right(starts, (line, column))
        for occurrence in found[max(0, k - 3) : k + 1]:
            if position_in(occurrence.span, line, column):
                return occurrence
        return None

    def occurrences(self, what: What, key: str) -> list[Occurrence]:
        return [
            o for found in self.by_file.values() for o in found if (o.what, o.key) == (what, key)
        ]

    def card_at(self, path: str, line: int) -> ast.Card | None:
        """The card whose text holds ``line`` of ``path``."""
        for card in self.cards_by_file.get(path, []):
            if card.span.line <= line <= card.span.end_line:
                return card
        return None

    def checked_card(self, card: ast.Card) -> CheckedCard | None:
        for written, checked in self.cards.get(card.name.text.casefold(), []):
            if written is card:
                return checked
        return None

    def sentence_at(self, path: str, line: int, column: int) -> SentenceAt | None:
        for span, found in self.sentences.get(path, []):
            if position_in(span, line, column):
                return found
        return None


def build_index(analysis: Analysis) -> Index:
    index = Index()
    checked_by_key = {
        (c.kind.casefold(), c.name.casefold(), c.span.file, c.span.line): c
        for c in analysis.checked.cards
    }
    found: dict[str, list[Occurrence]] = {}
    strings: list[tuple[str, ast.Atom | ast.Name]] = []
    for path, tree in analysis.files.items():
        mine = found.setdefault(path, [])
        for form in tree.forms:
            if isinstance(form, ast.Card):
                key = form.name.text.casefold()
                checked = checked_by_key.get(
                    (_kind_of(form, analysis), key, form.span.file, form.span.line)
                )
                index.cards.setdefault(key, []).append((form, checked))
                index.cards_by_file.setdefault(path, []).append(form)
                mine.append(Occurrence("card", key, form.name.span, True, form.kind.text))
            elif isinstance(form, ast.ProcedureDecl):
                index.phases.setdefault(form.name.text.casefold(), form)
                index.procedures_by_file.setdefault(path, []).append(form)
                mine.append(Occurrence("phase", form.name.text.casefold(), form.name.span, True))
                for item in form.items:
                    target = item.body.target if isinstance(item, ast.Step) else None
                    if target is not None:
                        mine.append(Occurrence("phase", target.text.casefold(), target.span))
            elif isinstance(form, ast.ValueDecl):
                info = _value_info(form, analysis.lines(path), analysis.texts.get(path, ""))
                index.values.setdefault(form.name, info)
                mine.append(Occurrence("value", form.name, info.span, True))
            elif isinstance(form, ast.TableDecl):
                strings.extend((path, row.result) for row in form.rows)
                continue
            elif isinstance(form, ast.MapDecl):
                strings.extend((path, place.card) for place in form.places)
                continue
            if isinstance(form, ast.Card | ast.ProcedureDecl):
                strings.extend((path, atom) for atom in _quoted(form))
    for path, written in strings:
        key = written.text.casefold()
        if key in index.cards:
            found[path].append(Occurrence("card", key, written.span))
        elif written.text in index.values:
            found[path].append(Occurrence("value", written.text, written.span))
    for path, occurrences in found.items():
        occurrences.sort(key=lambda o: (o.span.line, o.span.column))
        index.by_file[path] = occurrences
    _index_sentences(analysis, index)
    index.reads = values_read_at(analysis)
    return index


def _kind_of(card: ast.Card, analysis: Analysis) -> str:
    kinds = getattr(analysis.vocabulary, "card_kinds", ())
    folded = card.kind.text.casefold()
    return next((k for k in kinds if k.casefold() == folded), card.kind.text).casefold()


def _atoms(node: Any) -> Iterator[ast.Atom]:
    """Every atom written in a node, in order."""
    if isinstance(node, ast.Atom):
        yield node
    elif isinstance(node, tuple):
        for item in node:
            yield from _atoms(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type | Span):
        for f in dataclasses.fields(node):
            yield from _atoms(getattr(node, f.name))


_NOTE_QUOTE = re.compile(r'^"((?:[^"\\]|\\.)+)"')


def _quoted(form: ast.Card | ast.ProcedureDecl) -> Iterator[ast.Atom]:
    """The quoted names of a form: its string atoms, and the quoted words of its notes (a
    note is kept word by word as written: ``the value "years" says``)."""
    for atom in _atoms(form):
        if atom.kind == "string":
            yield atom
        elif atom.kind == "word" and atom.text.startswith('"'):
            match = _NOTE_QUOTE.match(atom.text)
            if match is not None:
                span = atom.span
                end = Span(span.file, span.line, span.column, span.line, span.column + match.end())
                yield ast.Atom("string", match.group(1), end)


_VALUE_NAME = re.compile(r"^(\s*value\s+)(.+?)\s*=")


def _value_info(form: ast.ValueDecl, lines: list[str], text: str) -> ValueInfo:
    line = lines[form.span.line - 1] if form.span.line <= len(lines) else ""
    match = _VALUE_NAME.match(line)
    if match is None:
        name_span = form.span
    else:
        start = match.end(1) + 1
        name_span = Span(form.span.file, form.span.line, start, form.span.line, match.end(2) + 1)
    return ValueInfo(form.name, form.value, name_span, form.span, _comment_of(form.span, lines))


def _comment_of(span: Span, lines: list[str]) -> str:
    """The comment lines just above a declaration and the comment at the end of its line."""
    from dsl.formatter import scan_comments

    above = []
    number = span.line - 1
    while number >= 1 and lines[number - 1].lstrip().startswith("#"):
        above.append(lines[number - 1].strip().lstrip("#").strip())
        number -= 1
    trailing = [
        c.text.lstrip("#").strip()
        for c in scan_comments(lines[span.line - 1] if span.line <= len(lines) else "")
        if not c.standalone
    ]
    return "\n".join([*reversed(above), *trailing]).strip()


def _index_sentences(analysis: Analysis, index: Index) -> None:
    def add(effect: BoundEffect, owner: str) -> None:
        for part in effect.parts:
            sentences = (
                [s for _, option in part.options for s in option]
                if isinstance(part, BoundChoice)
                else [part]
            )
            for sentence in sentences:
                at = SentenceAt(sentence, effect, owner)
                index.sentences.setdefault(sentence.span.file, []).append((sentence.span, at))

    def card(checked: CheckedCard, owner: str) -> None:
        for effect in checked.effects:
            add(effect, owner)
        for _, side in checked.blocks:
            card(side, owner)

    for checked in analysis.checked.cards:
        card(checked, f'{checked.kind} "{checked.name}"')
    for phase in analysis.checked.procedures:
        for step in phase.steps:
            if isinstance(step.bound, BoundEffect):
                add(step.bound, f'procedure "{phase.decl.name.text}"')


# ---- where the ruleset's Python reads a value -------------------------------------------------


def values_read_at(analysis: Analysis) -> dict[str, list[tuple[str, int, int, int]]]:
    """Each declared value → the places (file, line, start and end column, 1-based) where the
    Python of the ruleset's package names it in quotes (``ruleset.value("threat pool", 6)``,
    the ``values_read`` list the checker reads)."""
    package = _package_folder(str(getattr(analysis.vocabulary, "primitives", "") or ""))
    if package is None or not analysis.checked.vocabulary.values:
        return {}
    return _quoted_names(package, tuple(sorted(analysis.vocabulary.values)))


def _package_folder(module: str) -> Path | None:
    """The folder of the package holding a primitives module, found without importing it."""
    package = module.rpartition(".")[0]
    if not package:
        return None
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@cache
def _quoted_names(
    folder: Path, names: tuple[str, ...]
) -> dict[str, list[tuple[str, int, int, int]]]:
    wanted = set(names)
    places: dict[str, list[tuple[str, int, int, int]]] = {}
    pattern = re.compile(r"\"([^\"\\\n]+)\"|'([^'\\\n]+)'")
    for path in sorted(folder.glob("*.py")):
        try:
            lines = path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, start=1):
            for match in pattern.finditer(line):
                name = match.group(1) or match.group(2)
                if name in wanted:
                    places.setdefault(name, []).append(
                        (str(path), number, match.start() + 1, match.end() + 1)
                    )
    return places
