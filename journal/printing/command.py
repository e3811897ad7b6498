"""``chronicler print``: a ruleset's cards as a print-and-play PDF, PNGs, TTS decks or a CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from dsl.diagnostics import counted

PRINT_HELP = """Print a ruleset's cards from their compiled text, through each kind's layout \
in the ruleset's faces/ folder.

Formats: pdf (print-and-play: 3 x 3 cards on A4 or Letter, bleed and crop marks, each page of \
fronts followed by its backs for duplex, one card per printed number), png (one image per \
card and side, and each kind's back), tts (Tabletop Simulator deck sheets, back images and a \
saved object per kind), csv (a data merge: one row per printed copy; --icons tokens writes \
the xxNAME icon tokens).

Writes only under --out. --changed-since REV prints only the cards whose text or layout \
changed since that git revision.

Example: chronicler print six-winters --format pdf --paper letter --out print
"""


def register(app: typer.Typer) -> None:
    app.command("print", help=PRINT_HELP)(print_command)


def print_command(
    ruleset: Annotated[
        str | None,
        typer.Argument(
            help="A ruleset name (six-winters) or folder (default: the current campaign's).",
            show_default=False,
        ),
    ] = None,
    format_: Annotated[
        str, typer.Option("--format", help="pdf, png, tts or csv.", show_default=True)
    ] = "pdf",
    out: Annotated[
        Path, typer.Option("--out", help="The folder to write in (made if missing).")
    ] = Path("print-output"),
    kind: Annotated[
        list[str] | None, typer.Option("--kind", help="Only cards of this kind (repeatable).")
    ] = None,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Only the card of this name (repeatable).")
    ] = None,
    changed_since: Annotated[
        str | None,
        typer.Option("--changed-since", help="Only cards changed since this git revision."),
    ] = None,
    size: Annotated[
        str | None, typer.Option("--size", help="poker or bridge (default: the ruleset's).")
    ] = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter (pdf).")] = "a4",
    bleed: Annotated[
        float | None,
        typer.Option("--bleed", help="Bleed in mm round each card (default: 3 for pdf, else 0)."),
    ] = None,
    dpi: Annotated[
        int | None, typer.Option("--dpi", help="Resolution (default: 300; tts 160).")
    ] = None,
    icons: Annotated[
        str, typer.Option("--icons", help="csv: words, or tokens (xxNAME).")
    ] = "words",
    base_url: Annotated[
        str | None,
        typer.Option("--base-url", help="tts: where the sheets will be hosted (default: files)."),
    ] = None,
) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from dsl.errors import UsageError
    from journal.outputs import folder_to_write
    from journal.printing.run import Options, PrintFormat, print_cards

    folder_to_write(out, "--out")
    try:
        fmt = PrintFormat(format_.casefold())
    except ValueError:
        raise UsageError(f"unknown format '{format_}' (formats: pdf, png, tts, csv)") from None
    options = Options(
        kinds=tuple(kind or ()),
        only=tuple(only or ()),
        changed_since=changed_since,
        size=size.casefold() if size else None,
        paper=paper.casefold(),
        bleed=bleed,
        dpi=dpi,
        icons=icons.casefold(),
        base_url=base_url,
    )
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    with Progress(
        TextColumn("drawing cards"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,  # else its last line is a blank one before any error
    ) as bar:
        task = bar.add_task("draw", total=None)

        def progress(advance: int, total: int) -> None:
            if total:
                bar.update(task, total=total)
            if advance:
                bar.advance(task, advance)

        report = print_cards(ruleset, fmt, out, options, progress)
    for overflow in report.overflows:
        err.print(f"warning: text does not fit on {overflow}", markup=False)
    for face in report.images:
        err.print(
            f"warning: {face} draws SVG the PDF cannot draw as vectors: placed as an image",
            markup=False,
        )
    console = Console(highlight=False, soft_wrap=True)
    if report.cards == 0:
        console.print("no cards to print (nothing matched or changed)", markup=False)
        return
    pages = f", {counted(report.pages, 'sheet' if fmt is PrintFormat.tts else 'page')}"
    copies = f"{report.copies} printed cop{'y' if report.copies == 1 else 'ies'}"
    console.print(
        f"{counted(report.cards, 'card')}, {copies}{pages if report.pages else ''}: "
        f"wrote {counted(len(report.files), 'file')} under {out}",
        markup=False,
    )
    for path in report.files[:12]:
        console.print(f"  {path}", markup=False)
    if len(report.files) > 12:
        console.print(f"  ... and {len(report.files) - 12} more", markup=False)
