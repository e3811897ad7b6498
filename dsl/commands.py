"""``chronicler check``, ``fmt`` and ``cards``: the card language on the command line."""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from dsl.diagnostics import counted
from dsl.errors import ChroniclerError, UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from dsl.compiler import CompiledCard, CompiledRuleset
    from dsl.contract import FixtureRunner, Rulesets
    from dsl.diagnostics import Diagnostics

# The loader (checker, parser, Lark) and Rich's console are imported inside the verbs, so that
# ``chronicler --help`` and the other packages' verbs do not pay for them.

CHECK_HELP = """Check card text: parse, bind every word, resolve every card reference.

Prints every error and warning (path:line:col, the line, a caret) and a summary; exits 1 \
when there are errors. With no paths, checks every ruleset under rules/.

A sheet (a file of another ending, such as a .character) is read as the text's sheet block \
whose files clause names its ending: the text of the folders given with it, else of the \
shipped rulesets.

Example: chronicler check rules/six_winters; chronicler check my_game ada.keeper
"""

FMT_HELP = """Rewrite .rules files in the one canonical layout (comments kept).

With --check, change nothing: list the files that would change and exit 1 if any would.

Example: chronicler fmt --check rules/six_winters
"""

CARDS_HELP = """List a ruleset's cards, or export them as JSON or as a print tool's CSV.

CSV has one row per card and flat columns (fields as printed, each ability's wording in its \
own text column), the shape a print tool's data merge reads.

Example: chronicler cards six-winters --format csv > cards.csv
"""


TEST_HELP = """Run behaviour fixtures: set a table, run a card, answer it, check what follows.

Reads .fixture files (folders are searched); each fixture's own cards are checked with its \
ruleset and reported as by check; every expectation that does not hold is an error at its \
line. Exits 1 when any fixture fails. The format is in docs/language.md.

Example: chronicler test tests/rules/six_winters/fixtures
"""


class CardFormat(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"


def register(app: typer.Typer) -> None:
    app.command("check", help=CHECK_HELP)(check_command)
    app.command("fmt", help=FMT_HELP)(fmt_command)
    app.command("cards", help=CARDS_HELP)(cards_command)
    app.command("test", help=TEST_HELP)(test_command)


def _stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def _default_rulesets() -> list[Path]:
    from dsl.loader import RULES_ROOT

    root = Path("rules") if Path("rules").is_dir() else RULES_ROOT
    return sorted(p for p in root.iterdir() if p.is_dir() and any(p.glob("*.rules")))


def _sheet_checks(text: Any) -> dict[str, Any]:
    """The sheets a checked text declares (``sheet "hero" { files ".hero" ... }``), by ending."""
    from dsl.sheets import sheet_checks

    return sheet_checks(text)


def _group(paths: list[Path]) -> dict[Path, list[Path]]:
    """Each ruleset folder → the files to check (a file given alone brings its whole folder)."""
    from dsl.loader import ruleset_dir, ruleset_files

    groups: dict[Path, list[Path]] = {}
    for path in paths:
        if path.is_dir():
            files = ruleset_files(path)
            if not files:
                raise UsageError(f"no .rules files in {path}")
            groups[path] = files
        elif path.is_file():
            if path.suffix != ".rules":
                raise UsageError(f"{path} is not a .rules file")
            folder = path.parent
            groups[folder] = ruleset_files(folder) or [path]
        else:
            groups[ruleset_dir(str(path))] = ruleset_files(ruleset_dir(str(path)))
    return groups


def print_diagnostics(diagnostics: Diagnostics, console: Console) -> None:
    for diagnostic in diagnostics.sorted():
        text = diagnostic.render(diagnostics.sources.get(diagnostic.span.file))
        head, _, rest = text.partition("\n")
        style = "bold red" if diagnostic.severity == "error" else "bold yellow"
        marker = f"{diagnostic.severity}:"
        before, _, after = head.partition(marker)
        console.print(before, end="", markup=False)
        console.print(marker, style=style, end="", markup=False)
        console.print(after, markup=False)
        if rest:
            console.print(rest, markup=False)


def _rulesets(ctx: typer.Context) -> Rulesets | None:
    """The rulesets the ``chronicler`` app gives its verbs (``ctx.obj``, ``dsl.contract``)."""
    from dsl.contract import Rulesets

    return ctx.obj if isinstance(ctx.obj, Rulesets) else None


def check_command(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(  # noqa: B008 - Typer reads defaults at definition
        None,
        help="Ruleset folders, .rules files, or sheets their text declares (a .character file) "
        "(default: every ruleset under rules/).",
    ),
    json_out: bool = typer.Option(
        False, "--json", help="Print the diagnostics as JSON on the standard output."
    ),
) -> None:
    from dsl.diagnostics import Diagnostics
    from dsl.loader import check_sources, read_sources
    from dsl.world.game import tell_refused_step

    targets = list(paths) if paths else _default_rulesets()
    if not targets:
        raise UsageError("no rulesets found under rules/")
    console = _stderr()
    found: list[Any] = []  # every diagnostic, for --json

    def tell(diagnostics: Diagnostics) -> None:
        if json_out:
            found.extend(diagnostics.sorted())
        else:
            print_diagnostics(diagnostics, console)

    total_files = 0
    errors = warnings = 0
    # a sheet: a file of another ending (read as the text's ``files`` clause says), checked
    # against the folders given with it, else against every shipped ruleset's text
    sheets = [p for p in targets if p.suffix not in ("", ".rules") and not p.is_dir()]
    targets = [p for p in targets if p not in sheets]
    groups = _group(targets) if targets else {}
    checks: dict[str, Any] = {}
    for folder, files in groups.items():
        sources, problems = read_sources(files)
        diagnostics = Diagnostics()
        diagnostics.extend(problems)
        text = check_sources(sources, str(folder), diagnostics)
        tell_refused_step(text, diagnostics)
        for suffix, check in _sheet_checks(text).items():
            checks.setdefault(suffix, check)
        tell(diagnostics)
        total_files += len(files)
        errors += len(diagnostics.errors)
        warnings += len(diagnostics.warnings)
    if sheets and not groups:
        rulesets = _rulesets(ctx)
        checks = dict(rulesets.sheet_checkers()) if rulesets is not None else {}
    for sheet in sheets:
        if sheet.suffix not in checks and groups and errors:
            # the text's own errors are told above: its sheets cannot be read until they go
            console.print(f"error: {sheet}: not checked, the text given has errors", markup=False)
            raise typer.Exit(1)
        if sheet.suffix not in checks:
            endings = ", ".join(sorted(checks)) or "none"
            whose = "the rulesets given read" if groups else "a ruleset reads"
            raise UsageError(f"{sheet} is not a .rules file, nor a sheet {whose} ({endings})")
    for sheet in sheets:
        diagnostics = Diagnostics()
        checks[sheet.suffix](sheet, diagnostics)
        tell(diagnostics)
        errors += len(diagnostics.errors)
        warnings += len(diagnostics.warnings)
    checked = f"{counted(total_files, 'file')} in {counted(len(groups), 'ruleset')}"
    if sheets and groups:
        checked += f" and {counted(len(sheets), 'sheet')}"
    elif sheets:
        checked = counted(len(sheets), "sheet")
    summary = f"checked {checked}: {counted(errors, 'error')}, {counted(warnings, 'warning')}"
    if json_out:
        typer.echo(
            json.dumps(
                {
                    "files": total_files,
                    "rulesets": len(groups),
                    "sheets": len(sheets),
                    "errors": errors,
                    "warnings": warnings,
                    "diagnostics": [_diagnostic_json(d) for d in found],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        console.print(summary, style="bold red" if errors else "bold green", markup=False)
    if errors:
        raise typer.Exit(1)


def _diagnostic_json(d: Any) -> dict[str, Any]:
    span = d.span
    return {
        "file": span.file,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
        "severity": d.severity,
        "message": d.message,
    }


def test_command(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(..., help="The .fixture files or folders to run."),  # noqa: B008
) -> None:
    from dsl.behaviour import Outcome, fixture_files, run_fixture_file

    rulesets = _rulesets(ctx)

    def fixtures_of(folder: Path) -> FixtureRunner | None:
        return rulesets.find(str(folder)).fixtures if rulesets is not None else None

    missing = [p for p in paths if not p.exists()]
    if missing:
        raise UsageError(f"no such file or folder: {missing[0]}")
    others = [p for p in paths if not p.is_dir() and p.suffix != ".fixture"]
    if others:
        raise UsageError(f"{others[0]} is not a .fixture file")
    files = fixture_files(paths)
    if not files:
        raise UsageError("no .fixture files in " + ", ".join(str(p) for p in paths))
    console = _stderr()
    outcome = Outcome()
    for path in files:
        run_fixture_file(path, outcome, fixtures_of)
    print_diagnostics(outcome.diagnostics, console)
    summary = (
        f"ran {counted(outcome.ran, 'fixture')} in {counted(len(files), 'file')}: "
        f"{outcome.ran - outcome.failed} passed, {outcome.failed} failed"
    )
    if outcome.unread:
        summary += f"; {counted(outcome.unread, 'file')} not run (not read as fixtures)"
    failed = outcome.failed or outcome.unread or outcome.diagnostics.errors
    console.print(summary, style="bold red" if failed else "bold green", markup=False)
    if failed:
        raise typer.Exit(1)


def fmt_command(
    paths: list[Path] = typer.Argument(..., help="The .rules files or folders to format."),  # noqa: B008
    check: bool = typer.Option(
        False, "--check", help="Change nothing; exit 1 if a file would change."
    ),
) -> None:
    from dsl.diagnostics import Diagnostics, read_rules_text
    from dsl.formatter import format_text
    from dsl.loader import ruleset_files

    console = _stderr()
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(ruleset_files(path))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"no such file or folder: {path}")
    changed = []
    for file in files:
        text, problem = read_rules_text(file)
        if text is None:
            reason = problem.message.removeprefix("cannot read file: ") if problem else "unread"
            raise ChroniclerError(f"cannot read {file}: {reason}")
        formatted, diagnostics = format_text(text, str(file))
        if diagnostics:
            d = Diagnostics(list(diagnostics), {str(file): text})
            print_diagnostics(d, console)
            raise ChroniclerError(f"{file} has syntax errors; fix them before formatting")
        if formatted != text:
            changed.append(file)
            if not check:
                file.write_text(formatted, encoding="utf-8")
    verb = "would reformat" if check else "reformatted"
    for file in changed:
        console.print(f"{verb} {file}", markup=False)
    if changed:
        console.print(f"{len(changed)} of {counted(len(files), 'file')} {verb}", markup=False)
    else:
        console.print(f"{counted(len(files), 'file')} already formatted", markup=False)
    if check and changed:
        raise typer.Exit(1)


def _load(ruleset: str) -> CompiledRuleset:
    from dsl.diagnostics import CheckFailed
    from dsl.loader import load_ruleset

    try:
        return load_ruleset(ruleset)
    except CheckFailed as failed:
        print_diagnostics(failed.diagnostics, _stderr())
        raise ChroniclerError(
            f"{ruleset} has {counted(len(failed.diagnostics.errors), 'error')}; run "
            "chronicler check"
        ) from failed


def card_record(card: CompiledCard) -> dict[str, Any]:
    """A card as JSON-ready data: fields, printed text, and each side."""
    return {
        "kind": card.kind,
        "name": card.name,
        "file": card.span.file,
        "line": card.span.line,
        "fields": _jsonable(dict(card.fields)),
        "text": list(card.printed),
        "sides": {name: card_record(side) for name, side in card.blocks.items()},
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def _csv_value(text: str) -> str:
    """A field as a data merge wants it: a lone quoted name without its quotes."""
    if len(text) >= 2 and text[0] == text[-1] == '"' and '"' not in text[1:-1]:
        return text[1:-1]
    return text if text else "yes"


def csv_rows(cards: list[CompiledCard]) -> tuple[list[str], list[dict[str, str]]]:
    """One flat row per card: kind, name, each field as printed, its text, and each side's.

    Columns come in a stable order a print tool can map once: the fields (in the order cards
    declare them), then ``text`` (all of it) and ``text 1``..``text N``, then each side's.
    """
    rows = []
    fields: dict[str, list[str]] = {}  # side prefix -> field columns, first seen first
    texts: dict[str, int] = {}  # side prefix -> most text lines on any card

    def add(row: dict[str, str], card: CompiledCard, prefix: str) -> None:
        side_fields = fields.setdefault(prefix, [])
        for name, text in card.field_text:
            row[prefix + name] = _csv_value(text)
            if prefix + name not in side_fields:
                side_fields.append(prefix + name)
        for k, text in enumerate(card.printed, start=1):
            row[f"{prefix}text {k}"] = text
        texts[prefix] = max(texts.get(prefix, 0), len(card.printed))
        row[prefix + "text"] = "\n".join(card.printed)
        for side_name, side in card.blocks.items():
            add(row, side, f"{prefix}{side_name} ")

    for card in cards:
        row = {"kind": card.kind, "name": card.name}
        add(row, card, "")
        rows.append(row)
    columns = ["kind", "name"]
    for prefix, side_fields in fields.items():
        columns += side_fields
        columns.append(prefix + "text")
        columns += [f"{prefix}text {k}" for k in range(1, texts.get(prefix, 0) + 1)]
    return columns, rows


def _print_procedure(compiled: CompiledRuleset, format_: CardFormat) -> None:
    """The procedure as numbered lists (table), one record per step (json, csv)."""
    from dsl.printer import render_procedure

    procedure = compiled.procedure
    if not procedure:
        raise UsageError(f"ruleset '{compiled.name}' writes no procedure")
    records = [
        {
            "phase": phase.name,
            "number": step.number,
            "title": step.title,
            "text": step.text,
            "line": step.span.line,
        }
        for phase in procedure
        for step in phase.steps
    ]
    if format_ is CardFormat.json:
        typer.echo(json.dumps(records, indent=2, ensure_ascii=False))
    elif format_ is CardFormat.csv:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=list(records[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
        typer.echo(buffer.getvalue(), nl=False)
    else:
        typer.echo(render_procedure(procedure))


def cards_command(
    ctx: typer.Context,
    ruleset: str | None = typer.Argument(
        None,
        help="A ruleset name (six-winters) or folder (default: the current campaign's).",
        show_default=False,
    ),
    format_: CardFormat = typer.Option(CardFormat.table, "--format", help="table, json or csv."),  # noqa: B008
    kind: str | None = typer.Option(
        None, "--kind", help="Only cards of this kind; 'procedure': the game's phases and steps."
    ),
) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    if ruleset is None:
        rulesets = _rulesets(ctx)
        if rulesets is None:
            raise UsageError("name the ruleset: a name (six-winters) or the folder of its text")
        found = rulesets.find(None)
        ruleset = found.name if found.shipped else str(found.folder)
    compiled = _load(ruleset)
    kinds_known = {k.casefold() for k in compiled.vocabulary.card_kinds}
    if kind is not None and kind.casefold() == "procedure" and "procedure" not in kinds_known:
        _print_procedure(compiled, format_)
        return
    if kind is not None:
        kinds = list(compiled.vocabulary.card_kinds)
        if kind.casefold() not in {k.casefold() for k in kinds}:
            raise UsageError(f"unknown card kind '{kind}' (kinds: {', '.join(kinds)})")
    cards = compiled.cards(kind)
    out = Console(highlight=False, soft_wrap=True)
    if format_ is CardFormat.json:
        typer.echo(json.dumps([card_record(c) for c in cards], indent=2, ensure_ascii=False))
        return
    if format_ is CardFormat.csv:
        columns, rows = csv_rows(cards)
        buffer = io.StringIO()
        writer = csv.DictWriter(
            buffer, fieldnames=columns, extrasaction="ignore", lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(rows)
        typer.echo(buffer.getvalue(), nl=False)
        return
    table = RichTable(title=f"{compiled.name} {compiled.version}: {counted(len(cards), 'card')}")
    for column in ("kind", "name", "fields", "text"):
        table.add_column(column, overflow="fold")
    for card in cards:
        fields = " · ".join(f"{n} {t}".strip() for n, t in card.field_text)
        table.add_row(card.kind, card.name, fields, "\n".join(card.printed))
    out.print(table)
