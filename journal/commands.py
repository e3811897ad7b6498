"""The journal's verbs of every campaign on the ``chronicler`` command line (``register(app)``,
see journal/cli.py): campaign start|list|show, use, history, undo, export, import, publish, demo.
Each ruleset's table verbs are in its part of the journal (``journal/six_winters/commands.py``,
``journal/tags_and_tracks/commands.py``), with the options and helpers here.

Every verb takes ``--db PATH`` (or ``$CHRONICLER_DB``; default ./chronicle.db), which may also be
a SQLAlchemy database URL.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.diagnostics import counted
from dsl.errors import ChroniclerError, UsageError
from journal.limits import SEED_MAX

if TYPE_CHECKING:
    from journal.catalogue import Catalogue
    from journal.db import Journal


def load_catalogue() -> Catalogue | None:
    """The ruleset's cards (``journal.catalogue``), imported when a verb needs them: the card
    language is not loaded for --help, the verbs that read no card, or a Tab."""
    from journal.catalogue import load_catalogue as load

    return load()


# The database and site libraries (and click's editor, Rich's tables) are imported inside the
# verbs that use them, so that the other verbs (check, fmt, play...) and ``--help`` do not pay
# for SQLAlchemy, Alembic and MkDocs.

# Names people type may hold Rich markup ("[/]"): nothing is read as markup unless a line
# says so and escapes what it prints.
console = Console(highlight=False, soft_wrap=True, markup=False)

DB_HELP = "Journal file or database URL (default: ./chronicle.db, or $CHRONICLER_DB)."


def _db_option(value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise typer.BadParameter("is empty; give a journal file or a database URL")
    return value


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option was given (on the command line or in the environment)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def _campaign_option(ctx: typer.Context, value: str) -> str:
    """The name as 'campaign start' keeps it (without the spaces around it); left out, the
    campaign 'chronicler use' chose for this journal. A table verb of another ruleset than the
    campaign's is refused here, naming the verb that does the same in its ruleset."""
    if ctx.resilient_parsing:  # the shell completing a word: nothing is looked up
        return value
    if not _given(ctx, "campaign"):
        from journal.focus import current_campaign

        name = current_campaign(ctx.params.get("db"))
    else:
        name = value.strip()
        if not name:
            raise typer.BadParameter("is empty; give the campaign's name")
    _check_table_verb(ctx, name)
    return name


def _verb_path(ctx: typer.Context) -> tuple[str, ...]:
    """The verb as typed after ``chronicler`` (``("year", "start")``)."""
    return tuple(ctx.command_path.split()[1:])  # the program's name first


def _check_table_verb(ctx: typer.Context, campaign: str) -> None:
    from journal.rulesets import campaign_plays, check_table_verb, owner_of

    path = _verb_path(ctx)
    if owner_of(path) is None:
        return  # a verb of every campaign
    plays = campaign_plays(ctx.params.get("db"), campaign)
    if plays is not None:
        check_table_verb(path, campaign, plays)


def _complete(what: str, ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion (installed with 'chronicler --install-completion'): quick, and quoted
    for the shell by ``journal.completion``."""
    from journal.completion import completions

    campaign = ctx.params.get("campaign")
    return completions(ctx.params.get("db"), what, incomplete, campaign or None)


def _names(what: str) -> Any:
    return lambda ctx, incomplete: _complete(what, ctx, incomplete)


Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="CHRONICLER_DB",
        help=DB_HELP,
        show_default=False,
        callback=_db_option,
        is_eager=True,  # read first: a left-out --campaign or --year is looked up in it
    ),
]
CampaignName = Annotated[
    str,
    typer.Option(
        "--campaign",
        help="The campaign's name (default: the one 'chronicler use' chose).",
        callback=_campaign_option,
        show_default=False,
        autocompletion=_names("campaign"),
    ),
]
JsonOut = Annotated[
    bool,
    typer.Option("--json", help="Print JSON for a script, not lines for a person."),
]
Texts = list[str]
# Counts on the table (threat, points, scenes) are small; a seed fits a 64-bit column.
COUNT_MAX = 10_000


err_console = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)


def print_json(data: Any) -> None:
    """What a verb's --json prints: one JSON document on the standard output."""
    import json

    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _journal(db: str | None, *, create: bool = True) -> Journal:
    """Open the journal; say so when an older one was backed up and migrated."""
    from journal.db import open_journal

    journal = open_journal(db, create=create)
    if journal.backup is not None:
        err_console.print(
            f"Migrated {journal.where} to the current journal schema; "
            f"the journal as it was is kept at {journal.backup}",
            markup=False,
        )
    return journal


campaign_app = typer.Typer(
    help="Start, list and show campaigns.\n\nExample: chronicler campaign start Brightdune",
    no_args_is_help=True,
)
scene_app = typer.Typer(
    help=(
        "Scenes of a campaign, as its ruleset keeps them: Six Winters records each completed "
        "scene; a game a GM runs starts one.\n\nExample: chronicler scene record "
        '--campaign Brightdune --year 1 --scene "Find the Source of the Gasping Spores" '
        '--location Loomwood --participants Parin,Kanun --played "Wound Paste" --choice Stay '
        '--text "We follow the spores."'
    ),
    no_args_is_help=True,
)


# --- campaign -----------------------------------------------------------------------------------


@campaign_app.command("start")
def campaign_start(
    name: str = typer.Argument(..., help="The campaign's name."),
    ruleset: str | None = typer.Option(
        None,
        "--ruleset",
        help="The game, by name or folder (default: six-winters); tags-and-tracks is a game a "
        "GM runs, kept with the 'character', 'session', 'track'... verbs.",
    ),
    db: Db = None,
) -> None:
    """Start a campaign: the starting map, decks and sheets as the ruleset sets them.

    Example: chronicler campaign start Brightdune
    """
    from journal.keepers import keeper_named
    from rules import registry

    game = registry.find(ruleset) if ruleset is not None else registry.default()
    keeper = keeper_named(game.journal.keeper, game.name)
    with _journal(db) as journal:
        journal.write(lambda s: keeper.start(s, name, game))
        where = journal.where
    shown = "" if game == registry.default() else f" of {escape(game.name)}"
    console.print(
        f"Started campaign [bold]{escape(name.strip())}[/]{shown} in {escape(where)}.",
        markup=True,
    )
    if game == registry.default() and load_catalogue() is None:
        console.print(
            "The ruleset could not be loaded, so names are recorded without being checked."
        )


@campaign_app.command("list")
def campaign_list(json_out: JsonOut = False, db: Db = None) -> None:
    """List the campaigns in the journal: the game each plays and where it stands, as its
    ruleset tells it (--json: what each ruleset says of its campaigns, as data).

    Example: chronicler campaign list --db chronicle.db
    """
    from journal import ledger
    from journal.keepers import keeper_of

    with _journal(db, create=False) as journal, journal.reading() as s:
        rows = []
        listed = []
        for campaign in ledger.campaigns(s):
            try:
                keeper = keeper_of(campaign.ruleset)
                standing = keeper.standing(s, campaign)
                facts = keeper.listed(s, campaign)
            except ChroniclerError as unknown:  # a ruleset this Chronicler does not have
                standing, facts = unknown.message, {}
            rows.append((campaign.name, campaign.ruleset, standing))
            listed.append({"name": campaign.name, "ruleset": campaign.ruleset, **facts})
    if json_out:
        print_json(listed)
        return
    if not rows:
        console.print("No campaigns yet; start one with 'chronicler campaign start NAME'.")
        return
    from rich.table import Column, Table

    out = Table(Column("campaign", no_wrap=True), "game", "where it stands")
    for row in rows:
        out.add_row(*row)
    console.print(out)


@campaign_app.command("show")
def campaign_show(
    name: str = typer.Argument(..., help="The campaign's name."),
    year: int | None = typer.Option(
        None,
        "--year",
        "--session",
        help="Show the campaign as of this year (a game a GM runs: session).",
        min=0,
        max=COUNT_MAX,
    ),
    json_out: JsonOut = False,
    db: Db = None,
) -> None:
    """Show a campaign as its ruleset tells it: Six Winters' years, scenes, map and sheets; a
    GM's sessions, scenes, sheets and tracks; optionally as of a year (session).

    Example: chronicler campaign show Brightdune --year 3
    """
    from journal import ledger
    from journal.keepers import keeper_of

    with _journal(db, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, name)
        keeper = keeper_of(campaign.ruleset)
        if json_out:
            print_json(keeper.shown_json(s, campaign, year))
            return
        lines = keeper.shown(s, campaign, year)
    for k, line in enumerate(lines):
        console.print(line, markup=k == 0 and line.startswith("[bold]"))


# --- scene --------------------------------------------------------------------------------------


EDITOR_HINT = (
    "#> Write the text above this line; this line is dropped. An empty save keeps the old text."
)


class KeptText(ChroniclerError):
    """The editor gave nothing to write: the text as it was stays (the verb says so, exit 0)."""

    exit_code = 0


def _narration(
    text: str | None, file: Path | None, current: str = "", what: str = "the narration"
) -> str | None:
    """The text from --text, --file or ``$EDITOR`` (opened with ``current``)."""
    if text is not None and file is not None:
        raise UsageError("give the narration with --text or --file, not both")
    if text is not None:
        return text
    if file is not None:
        return _read_text_file(file)
    no_editor = not os.environ.get("EDITOR") and not os.environ.get("VISUAL")
    if no_editor and not sys.stdin.isatty():
        return ""
    return _edit(current, what)


def _edit(current: str, what: str) -> str:
    """``$EDITOR`` on ``current``. An editor that fails is an error, and an empty save of a
    text that was there raises ``KeptText``: either way the caller writes nothing."""
    import click

    try:
        written = click.edit(f"{current.rstrip()}\n\n{EDITOR_HINT}\n", extension=".md")
    except click.ClickException as failed:  # the editor exited non-zero, or would not start
        raise ChroniclerError(
            f"{failed.format_message()}; {what} is kept as it was (nothing written)"
        ) from None
    if written is None and current.strip():  # closed without saving: nothing changed
        raise KeptText(f"the editor was closed without saving; {what} is kept as it was")
    lines = (written or "").splitlines()
    kept_lines = [line for line in lines if line.strip() != EDITOR_HINT]
    out = "\n".join(kept_lines).strip()
    if not out and current.strip():
        raise KeptText(f"the editor's text was empty; {what} is kept as it was")
    return out


def _read_text_file(file: Path) -> str:
    """A narration file: UTF-8 text no longer than the journal keeps (checked before reading)."""
    from dsl.files import FileRefused, FileTooLarge, read_regular
    from journal.bundle_schema import TEXT_LIMIT

    try:
        # UTF-8 takes at most 4 bytes a character; the ledger counts the characters
        return read_regular(file, 4 * TEXT_LIMIT, "a narration").decode("utf-8")
    except FileTooLarge as refused:
        raise ChroniclerError(f"--file {file}: {refused.reason}: split it or shorten it") from None
    except FileRefused as refused:
        raise ChroniclerError(f"--file {file}: {refused.reason}") from None
    except UnicodeDecodeError as error:
        raise ChroniclerError(
            f"--file {file} is not UTF-8 text (byte {error.object[error.start]:#04x} at "
            f"offset {error.start}); save it as UTF-8"
        ) from None
    except IsADirectoryError:
        raise ChroniclerError(f"--file {file} is a folder, not a text file") from None
    except OSError as error:
        raise ChroniclerError(f"cannot read {file}: {error.strerror}") from None


def use(
    name: str = typer.Argument(..., help="The campaign's name.", autocompletion=_names("campaign")),
    year: int | None = typer.Option(
        None, "--year", help="The year to default to when none is in play.", min=1, max=6
    ),
    db: Db = None,
) -> None:
    """Choose this journal's current campaign (and year): --campaign and --year may then be
    left out of the table verbs.

    Without --year, they take the year in play (for 'year start', the next year).

    Example: chronicler use Brightdune
    """
    from journal import focus

    with _journal(db, create=False) as journal:
        chosen = journal.write(lambda s: focus.use(s, name.strip(), year))
        where = journal.where
    console.print(
        f"Using {chosen.campaign}"
        + (f", year {chosen.year}" if chosen.year else "")
        + f" in {where}: --campaign and --year may be left out.",
        markup=False,
    )


def history(campaign: CampaignName = "", db: Db = None) -> None:
    """List the changes made to a campaign, oldest first: what each recorded, fixed or took
    back.

    Each change keeps what stood before it, so nothing a fix replaced is lost; 'chronicler
    undo' takes back the latest, and 'chronicler export' carries the history.

    Example: chronicler history --campaign Brightdune
    """
    from journal import history as kept
    from journal import ledger

    with _journal(db, create=False) as journal, journal.reading() as s:
        rows = kept.changes(s, ledger.get_campaign(s, campaign))
        lines = [f"{r.number}. {r.at} {r.verb}: {r.summary}" for r in rows]
    if not lines:
        console.print(f"No changes kept for {campaign} yet.", markup=False)
    for line in lines:
        console.print(line, markup=False)


def undo(campaign: CampaignName = "", db: Db = None) -> None:
    """Take back the latest change not yet taken back (an entry recorded, amended or deleted,
    a scene recorded, a year ended...): what stood before it is put back. The undo is a change
    of its own in the history, so nothing is lost; run it again to go further back.

    Example: chronicler undo --campaign 'Salt Roads'
    """
    from journal import history as kept

    with _journal(db, create=False) as journal:
        done = journal.write(lambda s: kept.undo(s, campaign))
    console.print(
        f"Took back change {done.number} ({done.verb}: {done.summary}); the undo is change "
        f"{done.undo} of the history.",
        markup=False,
    )


# --- setup, export, import, publish, demo -------------------------------------------------------


def export(
    out: Annotated[Path, typer.Option("--out", help="The file to write.")],
    campaign: CampaignName = "",
    format: str = typer.Option("json", "--format", help="json (lossless) or markdown."),
    db: Db = None,
) -> None:
    """Export a campaign as a JSON bundle (re-importable) or a Markdown document.

    Example: chronicler export --campaign Brightdune --format json --out brightdune.json
    """
    from journal import bundle
    from journal.outputs import file_to_write

    if format not in ("json", "markdown"):
        raise UsageError(f"--format is json or markdown, not {format!r}")
    file_to_write(out, "--out")
    with _journal(db, create=False) as journal, journal.reading() as s:
        if format == "json":
            content = bundle.dumps(bundle.export_campaign(s, campaign))
        else:
            content = bundle.export_markdown(s, campaign)
    try:
        out.write_text(content, encoding="utf-8")
    except OSError as error:
        raise ChroniclerError(f"cannot write {out}: {error.strerror}") from None
    console.print(f"Wrote {campaign} to {out} ({format}).")


def import_(
    file: Annotated[Path, typer.Argument(help="A JSON bundle written by 'chronicler export'.")],
    as_name: str | None = typer.Option(None, "--as", help="Import under another name."),
    db: Db = None,
) -> None:
    """Import a campaign from a JSON bundle.

    Example: chronicler import brightdune.json --db other.db
    """
    from journal import bundle
    from journal.outputs import checked_name

    checked_name(file, "FILE")
    data = bundle.read_bundle(file)
    checked = bundle.validated(data)  # before the journal is opened: a refused bundle opens none
    raw = bundle.upgraded(data)
    catalogue = load_catalogue()
    with _journal(db) as journal:
        campaign = journal.write(
            lambda s: bundle.import_campaign(
                s, checked, rename=as_name, catalogue=catalogue, raw=raw
            )
        )
        where = journal.where
    console.print(f"Imported {campaign.name} into {where}.")


def publish(
    out: Annotated[Path, typer.Option("--out", help="Folder for mkdocs.yml, docs/ and site/.")],
    campaign: CampaignName = "",
    db: Db = None,
    spoilers: Annotated[
        bool, typer.Option("--spoilers", help="Show every card's face, not only those met.")
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            help="A simulation store (chronicler simulate --store): its playtest report "
            "becomes a page of the site.",
        ),
    ] = None,
    report_run: Annotated[
        int | None,
        typer.Option("--report-run", help="Which run of the --report store (default: latest)."),
    ] = None,
    site_url: Annotated[
        str | None,
        typer.Option(
            "--site-url",
            help="Where the site will be served (https://...): adds its sitemap.xml and each "
            "page's address for link previews.",
        ),
    ] = None,
) -> None:
    """Publish a campaign's website (MkDocs + Material; opens from file://).

    Example: chronicler publish --campaign Brightdune --out brightdune-site
    --report simulations.duckdb
    """
    from journal.outputs import checked_name, folder_to_write
    from journal.website.publish import checked_site_url
    from journal.website.publish import publish as publish_site

    if report_run is not None and report is None:
        raise UsageError("--report-run needs --report STORE")
    folder_to_write(out, "--out")
    if report is not None:
        checked_name(report, "--report")
        if not report.is_file():
            raise UsageError(f"--report: no simulation store at {report}")
    url = checked_site_url(site_url) if site_url is not None else None
    with _journal(db, create=False) as journal:
        done = publish_site(
            journal,
            campaign,
            out,
            spoilers=spoilers,
            report=report,
            report_run=report_run,
            site_url=url,
        )
    console.print(f"Published {campaign}: {counted(done.pages, 'page')}; open {done.index}")


def demo(
    out: Annotated[Path, typer.Option("--out", help="Folder for the journal and the site.")] = Path(
        "demo-output"
    ),
    # 27: a campaign with won and lost years and two finale scenes, so the demo site has
    # something of every page to show (benchmarks/bench_bots.py measures the bots over many).
    seed: int = typer.Option(
        27, "--seed", help="The seed of the bots' campaign.", min=0, max=SEED_MAX
    ),
    ruleset: str = typer.Option(
        "six-winters",
        "--ruleset",
        help="six-winters (bots play six years) or tags-and-tracks (two sessions a GM recorded).",
    ),
) -> None:
    """Play a six-year campaign with bots into a fresh journal and publish it; or, with
    --ruleset tags-and-tracks, record two sessions of a game a GM runs and publish them. Run
    again into the same folder, it replaces the journal and site it wrote there.

    Example: chronicler demo --out demo-output --seed 7
    """
    from journal.demo import STORY_RULESET, run_demo, run_story_demo
    from journal.outputs import folder_to_write
    from rules import registry

    folder_to_write(out, "--out")
    if registry.find(ruleset).name == STORY_RULESET:
        told = run_story_demo(out)
        console.print(f"Recorded two sessions of {told.campaign} (tags-and-tracks).")
        console.print(f"Journal: {told.journal}")
        console.print(f"Site: {told.site_index}")
        return
    if registry.find(ruleset) != registry.default():
        raise UsageError(f"--ruleset: the demo plays six-winters or {STORY_RULESET}")
    result = run_demo(out, seed)
    console.print(f"Played six years with bots (seed {seed}).")
    console.print(f"Journal: {result.journal}")
    console.print(f"Site: {result.site_index}")
    console.print(f"Brightdune's fate: {result.fate}; campaign score {result.score}.")


def register(app: typer.Typer) -> None:
    app.add_typer(campaign_app, name="campaign")
    app.add_typer(scene_app, name="scene")
    app.command("history")(history)
    app.command("undo")(undo)
    app.command("use")(use)
    app.command("export")(export)
    app.command("import")(import_)
    app.command("publish")(publish)
    app.command("demo")(demo)
