"""Behaviour fixtures in text: a table, a card to run, the answers, what must follow.

sqlglot keeps its tests as fixture files a reader can open; these are the same habit for what
cards do. A ``.fixture`` file holds one or more fixtures::

    ruleset "toy"                         # which ruleset runs them (a name or a folder)

    fixture "Counting threats at this location"
      forms: count, place                 # the forms of docs/language.md it shows (optional)
      cards:                              # card text only this fixture sees (optional)
        relic "Red Count" {
          number 40
          Play: Gain 1 lantern for each threat at this location.
        }
      table:                              # the ruleset's own words for setting the table
        hero Wren at "Mossy Gate"
        threats 2 at "Mossy Gate"
      run: relic "Red Count" by Wren
      answers: "Ember Town", yes          # each decision the run asks, in order
      expect:                             # what must hold afterwards
        lanterns Wren 2
        event lantern_gained hero "Wren" now 2

This module reads the format and compiles each fixture's cards with its ruleset (diagnostics
at the fixture file's lines, as ``chronicler check`` gives them). What the table, run and
expect lines mean belongs to the ruleset: its package's ``fixtures`` module (beside the
primitives module its header names) has ``run(fixture, compiled) -> list[Diagnostic]``,
returning a diagnostic at each line that did not hold.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl.diagnostics import Diagnostic, Diagnostics, read_rules_text
from dsl.errors import ChroniclerError
from dsl.runtime import Span

if TYPE_CHECKING:
    from dsl.contract import FixtureRunner

_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|[^\s,:"]+|[,:]')
SECTIONS = ("forms", "cards", "table", "run", "answers", "expect")


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a fixture line: ``quoted`` when it was written in quotes (a name)."""

    text: str
    quoted: bool
    span: Span


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a section: its words (commas and colons dropped), its text, where it is."""

    words: tuple[Word, ...]
    text: str
    span: Span

    def plain(self) -> list[str]:
        return [w.text for w in self.words]


@dataclass(slots=True)
class Fixture:
    name: str
    span: Span
    ruleset: str | None = None
    cards: str = ""
    cards_line: int = 0  # the file line of the first line of ``cards``
    cards_indent: int = 0
    table: list[Line] = field(default_factory=list)
    run: Line | None = None
    answers: list[Word] = field(default_factory=list)
    expect: list[Line] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)  # the forms of docs/language.md it shows


def words_of(text: str, path: str, line: int, column: int) -> tuple[Word, ...]:
    out = []
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        if raw in (",", ":"):
            continue
        if raw.startswith("#"):
            break
        quoted = raw.startswith('"')
        word = raw[1:-1].replace('\\"', '"') if quoted else raw
        start = column + match.start()
        out.append(Word(word, quoted, Span(path, line, start, line, start + len(raw))))
    return tuple(out)


def _strip_comment(line: str) -> str:
    quoted = False
    for k, char in enumerate(line):
        if char == '"' and (k == 0 or line[k - 1] != "\\"):
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:k].rstrip()
    return line.rstrip()


def parse_fixtures(text: str, path: str) -> tuple[str | None, list[Fixture], list[Diagnostic]]:
    """The file's ruleset line, its fixtures, and what could not be read."""
    problems: list[Diagnostic] = []
    fixtures: list[Fixture] = []
    ruleset: str | None = None
    lines = text.replace("\r\n", "\n").split("\n")
    current: Fixture | None = None
    section: str | None = None
    section_indent = 0
    block: list[tuple[int, str]] = []

    def error(message: str, number: int, column: int = 1, width: int = 1) -> None:
        problems.append(
            Diagnostic("error", message, Span(path, number, column, number, column + width))
        )

    def close_block() -> None:
        nonlocal block
        if current is None or section is None or not block:
            block = []
            return
        if section == "cards":
            first = block[0][0]
            raw = [lines[n - 1] for n in range(first, block[-1][0] + 1)]
            dedented = textwrap.dedent("\n".join(raw))
            current.cards = dedented + "\n"
            current.cards_line = first
            current.cards_indent = len(raw[0]) - len(raw[0].lstrip())
        else:
            for number, body in block:
                column = len(lines[number - 1]) - len(lines[number - 1].lstrip()) + 1
                add(section, number, body, column)
        block = []

    def add(name: str, number: int, body: str, column: int) -> None:
        assert current is not None
        found = words_of(body, path, number, column)
        if not found:
            return
        line = Line(found, body.strip(), Span(path, number, column, number, column + len(body)))
        if name == "table":
            current.table.append(line)
        elif name == "expect":
            current.expect.append(line)
        elif name == "run":
            if current.run is not None:
                error("a fixture runs one thing: write one 'run:' line", number, column)
            current.run = line
        elif name == "answers":
            current.answers.extend(found)
        elif name == "forms":  # "forms: subject may, cost then effect": names with spaces
            current.forms.extend(" ".join(f.split()) for f in body.split(",") if f.strip())

    for number, raw in enumerate(lines, start=1):
        stripped = _strip_comment(raw)
        if not stripped.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        body = stripped.strip()
        head = body.split(None, 1)[0].rstrip(":").casefold()
        if indent == 0:
            close_block()
            section = None
            found = words_of(body, path, number, 1)
            if head == "ruleset" and len(found) == 2 and not fixtures:
                ruleset = found[1].text
            elif head == "fixture" and len(found) == 2 and found[1].quoted:
                current = Fixture(found[1].text, found[1].span, ruleset)
                fixtures.append(current)
            else:
                error(
                    "expected 'fixture \"Name\"' (or 'ruleset \"name\"' first) at the start "
                    "of a line; indent the lines of a fixture",
                    number,
                    1,
                    len(body.split()[0]),
                )
                current = None
            continue
        if current is None:
            continue  # told at the line that should have opened a fixture
        if section is not None and indent > section_indent:
            block.append((number, stripped))
            continue
        close_block()
        name, _, rest = body.partition(":")
        name = name.strip().casefold()
        if name not in SECTIONS or ":" not in body:
            error(
                f"expected a section ({', '.join(s + ':' for s in SECTIONS)}), not "
                f"'{body.split()[0]}'",
                number,
                indent + 1,
                len(body.split()[0]),
            )
            section = None
            continue
        section = name
        section_indent = indent
        if rest.strip():
            if name == "cards":
                error("write the cards on the lines below 'cards:'", number, indent + 1)
            else:
                add(name, number, rest, indent + 1 + len(body) - len(rest))
    close_block()
    for fixture in fixtures:
        if fixture.run is None:
            problems.append(
                Diagnostic(
                    "error",
                    f"fixture \"{fixture.name}\" has no 'run:' line: say what to run",
                    fixture.span,
                )
            )
    return ruleset, fixtures, problems


def fixture_files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(path.rglob("*.fixture"))
        else:
            found.append(path)
    return found


def _shift(diagnostic: Diagnostic, fixture: Fixture, path: str) -> Diagnostic:
    """A diagnostic in a fixture's cards, moved to where those cards stand in the file."""
    span = diagnostic.span
    if span.file != path:
        return diagnostic
    moved = Span(
        path,
        span.line,
        span.column + fixture.cards_indent,
        span.end_line,
        span.end_column + fixture.cards_indent,
    )
    return Diagnostic(diagnostic.severity, diagnostic.message, moved)


def compile_fixture(fixture: Fixture, path: str, folder: Path, d: Diagnostics) -> Any:
    """The ruleset of ``folder`` with the fixture's own cards, compiled; ``None`` (and the
    diagnostics in ``d``) when the cards do not check."""
    from dsl.codegen import compile_checked
    from dsl.loader import Source, check_sources, read_sources, ruleset_files

    sources, problems = read_sources(ruleset_files(folder))
    d.extend(problems)
    if fixture.cards:
        padded = "\n" * (fixture.cards_line - 1) + fixture.cards
        sources.append(Source(path, padded))
    found = Diagnostics()
    checked = check_sources(sources, str(folder), found)
    d.extend(_shift(item, fixture, path) for item in found.items)
    if found.errors or problems:
        return None
    return compile_checked(checked)


# Where a ruleset's fixture runner is found: the command line gives it (``chronicler test`` asks
# the ruleset contract, ``dsl.contract.Ruleset.fixtures``); without one, no table can be set.
FixturesOf = Callable[[Path], "FixtureRunner | None"]


def _no_runner(folder: Path) -> FixtureRunner | None:
    return None


@dataclass(slots=True)
class Outcome:
    """What a run found: fixtures run and failed among them, and the files whose fixtures
    could not be read at all (their errors are in ``diagnostics``), so ``failed <= ran``."""

    ran: int = 0
    failed: int = 0
    unread: int = 0
    diagnostics: Diagnostics = field(default_factory=Diagnostics)


def run_fixture_file(path: Path, outcome: Outcome, fixtures_of: FixturesOf = _no_runner) -> None:
    """Run every fixture of one file, adding what failed to ``outcome``; ``fixtures_of`` gives
    the runner of the ruleset in a folder (its contract's ``fixtures``)."""
    from dsl.loader import ruleset_dir

    d = outcome.diagnostics
    text, problem = read_rules_text(path)
    if text is None:
        assert problem is not None
        d.extend([problem])
        outcome.unread += 1
        return
    shown = str(path)
    d.sources[shown] = text
    _, fixtures, problems = parse_fixtures(text, shown)  # each fixture keeps the ruleset line
    d.extend(problems)
    if problems:
        outcome.unread += 1
        return
    for fixture in fixtures:
        outcome.ran += 1
        name = fixture.ruleset or _ruleset_above(path)
        if name is None:
            d.extend(
                [
                    Diagnostic(
                        "error",
                        'no ruleset: write ruleset "name" (a name or a folder) on the '
                        "first line, or keep the file in a ruleset's folder",
                        fixture.span,
                    )
                ]
            )
            outcome.failed += 1
            continue
        try:
            folder = ruleset_dir(name)
        except Exception as error:  # an unknown name or folder, as the loader says it
            d.extend([Diagnostic("error", f"ruleset {name!r}: {error}", fixture.span)])
            outcome.failed += 1
            continue
        before = len(d.errors)
        compiled = compile_fixture(fixture, shown, folder, d)
        if compiled is None:
            outcome.failed += 1
            continue
        try:
            run = fixtures_of(folder)
        except ChroniclerError as error:  # a folder no ruleset Chronicler has can play
            d.extend([Diagnostic("error", f"ruleset {name!r}: {error.message}", fixture.span)])
            outcome.failed += 1
            continue
        if run is None:
            d.extend(
                [
                    Diagnostic(
                        "error",
                        f"ruleset {name!r} has no fixture runner (its contract's fixtures): "
                        "its tables cannot be set",
                        fixture.span,
                    )
                ]
            )
            outcome.failed += 1
            continue
        d.extend(run(fixture, compiled))
        if len(d.errors) > before:
            outcome.failed += 1


def _ruleset_above(path: Path) -> str | None:
    for folder in path.resolve().parents:
        if (folder / "ruleset.rules").is_file():
            return str(folder)
    return None
