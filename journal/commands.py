"""The journal's verbs on the ``chronicler`` command line (``register(app)``, see journal/cli.py).

campaign start|list|show, year start|end, scene record, setup, export, import, publish, demo.
Every verb takes ``--db PATH`` (or ``$CHRONICLER_DB``; default ./chronicle.db), which may also be
a SQLAlchemy database URL.
"""

from __future__ import annotations

import dataclasses
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


def _year_option(ctx: typer.Context, value: int) -> int:
    """Left out: the year in play (for 'year start', the next year to start), else the year
    'chronicler use' chose, else the campaign's last year."""
    if ctx.resilient_parsing:  # the shell completing a word: nothing is looked up
        return value
    if _given(ctx, "year"):
        if not 1 <= value <= 6:
            raise typer.BadParameter(f"{value} is not one of the six winters (1-6)")
        return value
    from journal.focus import current_year

    starting = ctx.command.name == "start"
    return current_year(ctx.params.get("db"), str(ctx.params.get("campaign")), starting)


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
Year = Annotated[
    int,
    typer.Option(
        "--year",
        help="Which of the six winters (1-6; default: the year in play).",
        callback=_year_option,
        show_default=False,
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
year_app = typer.Typer(
    help=(
        "Start and end a year's session at a real table.\n\nExample: chronicler year start "
        '--campaign Brightdune --year 1 --scheme "Sow Discord in Brightdune" '
        "--characters Parin,Kanun"
    ),
    no_args_is_help=True,
)
scene_app = typer.Typer(
    help=(
        "Record a completed scene and its narration.\n\nExample: chronicler scene record "
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
    from journal import table

    if ruleset is not None:
        from rules import registry

        found = registry.find(ruleset)
        if not (found.shipped and found.name == registry.DEFAULT):
            from journal.tables import story

            game = story.find_game(ruleset)
            with _journal(db) as journal:
                journal.write(lambda s: story.start_campaign(s, name, game))
                where = journal.where
            console.print(
                f"Started campaign [bold]{escape(name.strip())}[/] of {escape(game.name)} in "
                f"{escape(where)}.",
                markup=True,
            )
            return
    catalogue = load_catalogue()
    with _journal(db) as journal:
        journal.write(lambda s: table.start_campaign(s, name, catalogue))
        where = journal.where
    console.print(
        f"Started campaign [bold]{escape(name.strip())}[/] in {escape(where)}.", markup=True
    )
    if catalogue is None:
        console.print(
            "The ruleset could not be loaded, so names are recorded without being checked."
        )


@campaign_app.command("list")
def campaign_list(json_out: JsonOut = False, db: Db = None) -> None:
    """List the campaigns in the journal.

    Example: chronicler campaign list --db chronicle.db
    """
    from journal import ledger

    with _journal(db, create=False) as journal, journal.reading() as s:
        rows = []
        listed = []
        for campaign in ledger.campaigns(s):
            years = ledger.sessions(s, campaign)
            played = len([y for y in years if y.result])
            listed.append(
                {
                    "name": campaign.name,
                    "ruleset": campaign.ruleset,
                    "years_played": played,
                    "fate": campaign.fate,
                    "score": campaign.score,
                }
            )
            rows.append(
                (
                    campaign.name,
                    str(played),
                    campaign.fate or "",
                    "" if campaign.score is None else str(campaign.score),
                )
            )
    if json_out:
        print_json(listed)
        return
    if not rows:
        console.print("No campaigns yet; start one with 'chronicler campaign start NAME'.")
        return
    from rich.table import Table

    out = Table("campaign", "years played", "fate", "score")
    for row in rows:
        out.add_row(*row)
    console.print(out)


@campaign_app.command("rollback")
def campaign_rollback(
    name: str = typer.Argument(..., help="The campaign's name."),
    db: Db = None,
) -> None:
    """Remove a year left unfinished by a crash during 'play --campaign', to play it again.

    Every row the unfinished year wrote goes (scenes, events, downtime notes); the campaign
    state kept from the year's start stays, so 'chronicler play --campaign NAME' plays the
    year again (with the same --seed, the same way).

    Example: chronicler campaign rollback Brightdune
    """
    from journal import recovery

    with _journal(db, create=False) as journal:
        done = journal.write(lambda s: recovery.rollback_year(s, name))
    console.print(
        f"Rolled back year {done.year} of {name.strip()}: {counted(done.scenes, 'scene')} "
        f"and {counted(done.events, 'event')} removed; "
        f"play it again with 'chronicler play six-winters --campaign \"{name.strip()}\"'."
    )


@campaign_app.command("show")
def campaign_show(
    name: str = typer.Argument(..., help="The campaign's name."),
    year: int | None = typer.Option(
        None, "--year", help="Show the campaign as of this year.", min=0, max=6
    ),
    json_out: JsonOut = False,
    db: Db = None,
) -> None:
    """Show a campaign: its years, scenes and characters, optionally as of a year.

    Example: chronicler campaign show Brightdune --year 3
    """
    from journal import ledger

    with _journal(db, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, name)
        from journal.tables import story

        if story.is_story_campaign(campaign):  # a game a GM runs: sessions, sheets, tracks
            from journal.tables.shown import story_json, story_lines

            if json_out:
                print_json(story_json(s, campaign))
                return
            for line in story_lines(s, campaign):
                console.print(line, markup=False)
            return
        upto = 6 if year is None else year
        if json_out:
            print_json(_campaign_json(s, campaign, year))
            return
        console.print(
            f"[bold]{escape(campaign.name)}[/]" + (f" as of year {year}" if year else ""),
            markup=True,
        )
        if campaign.fate and year is None:
            console.print(
                f"Brightdune's fate: {campaign.fate} "
                f"({campaign.finale_scenes_completed} finale scenes); "
                f"score {campaign.score} ({campaign.score_title})"
            )
        for session in ledger.sessions(s, campaign):
            if session.year > upto:
                continue
            count = session.scenes_completed
            console.print(
                f"Year {session.year}: {session.scheme}: {session.result or 'in play'}; "
                f"{', '.join(session.characters)}; {count} scene{'' if count == 1 else 's'}",
                markup=False,
            )
            for scene in ledger.scenes_of(s, session):
                cards = (
                    ", ".join(
                        p.card + (f" by {p.character}" if p.character else "")
                        for p in ledger.plays_of(s, scene)
                    )
                    or "no cards"
                )
                console.print(f"  {scene.number}. {scene.scene} at {scene.location} ({cards})")
        places = ledger.map_as_of(s, campaign, upto)
        if places:
            console.print(
                "Map: "
                + "; ".join(
                    f"{p.name} ({p.x},{p.y}"
                    + (", developed" if p.developed else "")
                    + (f", threats {p.threats}" if p.threats else "")
                    + (f", {', '.join(p.obstacles)}" if p.obstacles else "")
                    + ")"
                    for p in places
                ),
                markup=False,
            )
        for character in ledger.characters(s, campaign):
            sheet = ledger.sheet(s, character, upto)
            if sheet is not None:
                skills = ", ".join(f"{k} {v}" for k, v in sheet.skills.items())
                console.print(f"{character.name} (year {sheet.year} sheet): {skills}")


def _campaign_json(s: Any, campaign: Any, year: int | None) -> dict[str, Any]:
    """``campaign show --json`` of a board-game campaign: what the lines show, as data."""
    from journal import ledger

    upto = 6 if year is None else year
    years = []
    for session in ledger.sessions(s, campaign):
        if session.year > upto:
            continue
        scenes = [
            {
                "number": scene.number,
                "scene": scene.scene,
                "location": scene.location,
                "played": [
                    {"card": p.card, "character": p.character} for p in ledger.plays_of(s, scene)
                ],
            }
            for scene in ledger.scenes_of(s, session)
        ]
        years.append(
            {
                "year": session.year,
                "scheme": session.scheme,
                "result": session.result,
                "characters": list(session.characters),
                "scenes_completed": session.scenes_completed,
                "scenes": scenes,
            }
        )
    places = [
        {
            "name": p.name,
            "x": p.x,
            "y": p.y,
            "developed": p.developed,
            "threats": p.threats,
            "obstacles": list(p.obstacles),
        }
        for p in ledger.map_as_of(s, campaign, upto)
    ]
    sheets = []
    for character in ledger.characters(s, campaign):
        sheet = ledger.sheet(s, character, upto)
        if sheet is not None:
            sheets.append(
                {
                    "name": character.name,
                    "year": sheet.year,
                    "skills": dict(sheet.skills),
                    "advances": dict(sheet.advances),
                    "conditions": list(sheet.conditions),
                }
            )
    ended = year is None and bool(campaign.fate)
    return {
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "as_of_year": year,
        "fate": campaign.fate if ended else None,
        "finale_scenes_completed": campaign.finale_scenes_completed if ended else None,
        "score": campaign.score if ended else None,
        "score_title": campaign.score_title if ended else None,
        "years": years,
        "map": places,
        "characters": sheets,
    }


# --- year ---------------------------------------------------------------------------------------


@year_app.command("start")
def year_start(
    campaign: CampaignName = "",
    year: Year = 0,
    scheme: str | None = typer.Option(
        None,
        "--scheme",
        help="The Autarch's scheme this year (default: the one 'setup --draw-scheme' drew).",
        autocompletion=_names("scheme"),
        show_default=False,
    ),
    characters: str = typer.Option(
        ..., "--characters", help="Comma-separated: Parin,Kanun", autocompletion=_names("character")
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="The seed, if a program dealt.", min=0, max=SEED_MAX
    ),
    downtime: Annotated[
        Texts | None,
        typer.Option("--downtime", help="CHARACTER=SKILL,SKILL: two advances from downtime."),
    ] = None,
    recover: Annotated[
        Texts | None,
        typer.Option("--recover", help="CHARACTER=CONDITION: a condition rested away."),
    ] = None,
    db: Db = None,
) -> None:
    """Start a year's session: its scheme and characters (and downtime, from year 2).

    Example:

    ```
    chronicler year start --campaign Brightdune --year 1 \\
        --scheme "Sow Discord in Brightdune" --characters Parin,Kanun
    ```
    """
    from journal import table

    catalogue = load_catalogue()
    names = table.split_names(characters)
    trained = table.parse_downtime(downtime or [])
    rested = table.parse_conditions(recover or [], option="--recover")
    with _journal(db, create=False) as journal:
        if scheme is None:
            with journal.reading() as s:
                scheme = table.drawn_scheme(s, campaign, year)
            if scheme is not None:
                console.print(f"The scheme 'setup --draw-scheme' drew: {scheme}", markup=False)
            else:
                from journal.prompting import required

                scheme = required("--scheme", "the Autarch's scheme this year")
        chosen = scheme
        session = journal.write(
            lambda s: table.start_year(
                s, catalogue, campaign, year, chosen, names, seed, trained, rested
            )
        )
    console.print(
        f"Year {session.year} of {campaign}: {session.scheme}, with "
        f"{', '.join(session.characters)}."
    )


@year_app.command("end")
def year_end(
    campaign: CampaignName = "",
    year: Year = 0,
    result: str = typer.Option(..., "--result", help="won or lost"),
    threat_left: int | None = typer.Option(
        None,
        "--threat-left",
        help="Threat left in the pool (default: counted from the map's threats).",
        min=0,
        max=COUNT_MAX,
    ),
    reason: str | None = typer.Option(None, "--reason", help="Why it ended so, in a few words."),
    threat: Annotated[
        Texts | None, typer.Option("--threat", help="LOCATION=COUNT: threats on a location.")
    ] = None,
    obstacle: Annotated[
        Texts | None, typer.Option("--obstacle", help="LOCATION=OBSTACLE[,OBSTACLE] left there.")
    ] = None,
    develop: Annotated[
        Texts | None, typer.Option("--develop", help="A location flipped to its developed side.")
    ] = None,
    add_location: Annotated[
        Texts | None, typer.Option("--add-location", help="NAME@X,Y[,REGION]: a new location.")
    ] = None,
    condition: Annotated[
        Texts | None,
        typer.Option("--condition", help="CHARACTER=CONDITION: a condition taken this year."),
    ] = None,
    finale_scenes: int | None = typer.Option(
        None,
        "--finale-scenes",
        help="Year 6: finale scenes completed (default: scenes recorded).",
        min=0,
        max=COUNT_MAX,
    ),
    place: Annotated[
        Texts | None,
        typer.Option("--place", help="LOCATION@X,Y: where an epilogue's new location goes."),
    ] = None,
    reduce: Annotated[
        Texts | None,
        typer.Option(
            "--reduce", help="LOCATION=threat|OBSTACLE|nothing: what session end removes there."
        ),
    ] = None,
    pick: Annotated[
        Texts | None,
        typer.Option("--pick", help="An answer to any other question the cards ask."),
    ] = None,
    reserve: str | None = typer.Option(
        None, "--reserve", help="Completed assets kept in reserve: Asset,Asset."
    ),
    undeveloped: Annotated[
        Texts | None,
        typer.Option("--undeveloped", help="A location flipped back to its plain side."),
    ] = None,
    in_deck: Annotated[
        Texts | None,
        typer.Option(
            "--in-deck",
            help="OBSTACLE=COUNT: its copies off the map at winter's end (deck, discard, hands).",
        ),
    ] = None,
    staging: str | None = typer.Option(
        None, "--staging", help="The staging area at winter's end: Asset,Asset."
    ),
    asset_discard: str | None = typer.Option(
        None, "--asset-discard", help="The asset discard at winter's end: Asset,Asset."
    ),
    crafting: str | None = typer.Option(
        None, "--crafting", help="Assets being crafted on the boards at winter's end: Asset,Asset."
    ),
    season: Annotated[
        Texts | None,
        typer.Option("--season", help="N=SEASON: the season scene N was completed in."),
    ] = None,
    seasons_ended: int | None = typer.Option(
        None,
        "--seasons-ended",
        help="Season ends the year reached (default: all; fewer if the pool emptied).",
        min=0,
        max=COUNT_MAX,
    ),
    burned: Annotated[
        Texts | None,
        typer.Option("--burned", help="A card burned or archived in play, not in a scene."),
    ] = None,
    db: Db = None,
) -> None:
    """End a year: result, threat left, the map; the ruleset applies session end.

    With the Six Winters cards, the ruleset applies each recorded scene's epilogue, the
    scheme's success or failure and the session end steps to the campaign state: --threat and
    --obstacle then give the map at the end of the winter turn, and --place, --reduce, --pick
    answer what the cards ask (else a default that follows the rules, printed). What the
    group sees at winter's end besides the map makes the year exact: --season (in which
    season each scene was completed), --in-deck (copies of an obstacle off the map),
    --staging, --asset-discard, --crafting, --undeveloped, --burned, --seasons-ended.

    Example:

    ```
    chronicler year end --campaign Brightdune --year 1 --result won \\
        --threat-left 3 --threat "Eastkeep=1"
    ```
    """
    from journal import ledger, table

    if result not in ("won", "lost"):
        raise UsageError(f"--result is 'won' or 'lost', not {result!r}")
    conditions = table.parse_conditions(condition or [])
    changes = table.parse_map_changes(
        threat or [], obstacle or [], develop or [], add_location or []
    )
    catalogue = load_catalogue()
    decisions = table.parse_decisions(catalogue, place or [], reduce or [], pick or [], reserve)
    seen = table.parse_seen(
        catalogue,
        in_deck=in_deck or [],
        staging=staging,
        asset_discard=asset_discard,
        crafting=crafting,
        undeveloped=undeveloped or [],
        seasons=season or [],
        seasons_ended=seasons_ended,
        burned=burned or [],
    )
    decisions = dataclasses.replace(decisions, seen=seen)
    with _journal(db, create=False) as journal:
        counted: list[str] = []

        def work(s: Any) -> list[str] | None:
            left = threat_left
            if left is None:
                found = table.computed_threat_left(s, catalogue, campaign, year, changes)
                if found is not None:
                    left = found[0]
                    counted[:] = [
                        f"Threat left: {left} (counted: the pool's {found[1]} less {found[2]} "
                        "placed on the map this year; give --threat-left if a card took "
                        "threats back)"
                    ]
            if table.already_ended(s, campaign, year, result, left):
                return None  # the same command again (a retry): the year stands as it ended
            _, notes = table.end_year(
                s,
                catalogue,
                campaign,
                year,
                result=result,
                reason=reason,
                threat_left=left,
                changes=changes,
                finale_scenes=finale_scenes,
                conditions=conditions,
                decisions=decisions,
            )
            return notes

        notes = journal.write(work)
        if notes is None:
            console.print(
                f"Year {year} of {campaign} had already ended: {result}; nothing changed."
            )
            return
        with journal.reading() as s:
            found = ledger.get_campaign(s, campaign)
            fate, score, title = found.fate, found.score, found.score_title
    console.print(f"Year {year} of {campaign} ended: {result}.")
    for line in counted:
        console.print(line, markup=False)
    if notes:
        console.print("By the cards:", markup=False)
    for line in notes:
        console.print(f"  {line}", markup=False)
    if fate:
        console.print(f"Brightdune's fate: {fate}. Campaign score: {score} ({title}).")


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


@scene_app.command("record")
def scene_record(
    campaign: CampaignName = "",
    year: Year = 0,
    scene: str = typer.Option(
        ..., "--scene", help="The scene card's name.", autocompletion=_names("scene")
    ),
    location: str = typer.Option(
        ..., "--location", help="Where the scene was completed.", autocompletion=_names("location")
    ),
    participants: str = typer.Option(
        ...,
        "--participants",
        help="Comma-separated characters.",
        autocompletion=_names("character"),
    ),
    played: str = typer.Option(
        "",
        "--played",
        help='Cards discarded or burned, and who played them: "Card@Parin,Card:2@Kanun".',
        autocompletion=_names("card"),
    ),
    choice: str | None = typer.Option(None, "--choice", help="The epilogue choice taken."),
    text: str | None = typer.Option(None, "--text", help="The narration (Markdown)."),
    file: Annotated[
        Path | None, typer.Option("--file", help="Read the narration from a file.")
    ] = None,
    tier: str | None = typer.Option(
        None, "--tier", help="Storytelling tier: plain, apprentice or master."
    ),
    skill_match: int | None = typer.Option(
        None,
        "--skill-match",
        help="Points from skill matches (default: counted from --played and --holding).",
        min=0,
        max=COUNT_MAX,
    ),
    holding: str = typer.Option(
        "",
        "--holding",
        help="Completed assets and overcome obstacles the participants hold but do not play "
        "(they count for skill matches): Card,Card.",
        autocompletion=_names("card"),
    ),
    answer: Annotated[
        Texts | None, typer.Option("--answer", help="An answer to a challenge question.")
    ] = None,
    narrator: str | None = typer.Option(None, "--narrator", help="Who told it."),
    again: bool = typer.Option(
        False,
        "--again",
        help="Record it even though it repeats the year's last scene exactly (else a retry).",
    ),
    db: Db = None,
) -> None:
    """Record a completed scene; with neither --text nor --file, $EDITOR opens for the narration.

    Run again after a crash or a lost reply, the same command records nothing twice: a scene
    exactly like the year's last one is taken for a retry (give --again to record it anyway).

    Example:

    ```
    chronicler scene record --campaign Brightdune --year 1 \\
        --scene "Find the Source of the Gasping Spores" --location Loomwood \\
        --participants Parin,Kanun --played "Wound Paste" --choice Stay \\
        --text "We follow the spores." --tier apprentice
    ```
    """
    from journal import table

    chosen_tier = table.parse_tier(tier)
    catalogue = load_catalogue()
    with _journal(db, create=False) as journal:
        narration = _narration(text, file)
        matched = skill_match
        if matched is None:
            matched, matches = table.skill_matches(
                catalogue, scene, table.split_names(played), table.split_names(holding)
            )
            if matches:
                console.print(f"Skill matches: {matched} ({', '.join(matches)})", markup=False)
        if chosen_tier is None:
            chosen_tier = table.TIERS[1] if narration and narration.strip() else table.TIER_PLAIN
        entry = table.SceneInput(
            scene=scene,
            location=location,
            participants=table.split_names(participants),
            played=table.split_names(played),
            choice=choice,
            narration=narration or "",
            tier=chosen_tier,
            skill_match_points=matched,
            answers=tuple(answer or []),
            narrator=narrator,
        )

        def work(s: Any) -> tuple[Any, str | None, list[str]] | None:
            if not again and table.already_recorded(s, catalogue, campaign, year, entry):
                return None
            record = table.record_scene(s, catalogue, campaign, year, entry)
            short = table.points_short(s, record)
            return record, short, table.epilogue_notes(s, catalogue, campaign, year)

        recorded = journal.write(work)
    if recorded is None:
        console.print(
            f"The last scene of year {year} is already this one, recorded exactly so "
            "(a command run again?); nothing added.",
        )
        return
    record, short, notes = recorded
    console.print(
        f"Recorded scene {record.number} of year {year}: {record.scene} at {record.location} "
        f"({record.tier}).",
        markup=False,
    )
    if short:
        err_console.print(short, markup=False)
    if notes:
        console.print("Its epilogue, by the cards (applied at 'year end'):", markup=False)
    for line in notes:
        console.print(f"  {line}", markup=False)


def chronicle(
    campaign: CampaignName = "",
    year: Year = 0,
    character: str = typer.Option(..., "--character", help="Whose chronicle."),
    text: str | None = typer.Option(None, "--text", help="What the player wrote (Markdown)."),
    file: Annotated[Path | None, typer.Option("--file", help="Read it from a file.")] = None,
    db: Db = None,
) -> None:
    """Write a character's chronicle entry for a year that has ended.

    Example:

    ```
    chronicler chronicle --campaign Brightdune --character Parin --year 1 \\
        --text "Parin kept the peace between the Amber Hand and the Five-Fold."
    ```
    """
    from journal import table

    with _journal(db, create=False) as journal:
        written = _narration(text, file) or ""
        journal.write(lambda s: table.write_chronicle_text(s, campaign, character, year, written))
    console.print(f"Wrote {character}'s chronicle for year {year}.")


@scene_app.command("narrate")
def scene_narrate(
    campaign: CampaignName = "",
    year: Year = 0,
    number: int = typer.Option(
        ..., "--number", help="The scene's number in its year (1, 2...).", min=1, max=COUNT_MAX
    ),
    text: str | None = typer.Option(None, "--text", help="The narration (Markdown)."),
    file: Annotated[
        Path | None, typer.Option("--file", help="Read the narration from a file.")
    ] = None,
    tier: str | None = typer.Option(
        None, "--tier", help="Storytelling tier: plain, apprentice or master."
    ),
    narrator: str | None = typer.Option(None, "--narrator", help="Who told it."),
    db: Db = None,
) -> None:
    """Rewrite the narration of a recorded scene (even after its year ended).

    Example:

    ```
    chronicler scene narrate --campaign Brightdune --year 1 --number 2 \\
        --file scene2.md --tier master
    ```
    """
    from journal import table

    chosen_tier = table.parse_tier(tier)
    with _journal(db, create=False) as journal:
        current = ""
        if text is None and file is None:
            with journal.reading() as s:
                current = table.scene_of(s, campaign, year, number).narration
        try:
            narration = _narration(text, file, current) or ""
        except KeptText as kept:
            err_console.print(kept.message, markup=False)
            return
        record = journal.write(
            lambda s: table.rewrite_narration(
                s, campaign, year, number, narration, chosen_tier, narrator
            )
        )
    console.print(f"Rewrote the narration of {record.scene} ({record.tier}).")


@scene_app.command("amend")
def scene_amend(
    campaign: CampaignName = "",
    year: Year = 0,
    number: int = typer.Option(
        ..., "--number", help="The scene's number in its year (1, 2...).", min=1, max=COUNT_MAX
    ),
    scene: str | None = typer.Option(None, "--scene", help="The right scene card."),
    location: str | None = typer.Option(None, "--location", help="The right location."),
    participants: str | None = typer.Option(
        None, "--participants", help="The right participants: Parin,Kanun."
    ),
    played: str | None = typer.Option(
        None, "--played", help='The right cards played: "Card,Card" (or "Card:points").'
    ),
    choice: str | None = typer.Option(None, "--choice", help="The right epilogue choice."),
    skill_match: int | None = typer.Option(
        None, "--skill-match", help="The right skill-match points.", min=0, max=COUNT_MAX
    ),
    db: Db = None,
) -> None:
    """Fix a scene of the year in play: what is given replaces what was recorded.

    The year's scenes are recorded again in order, so the rules check the fixed scene and
    every later one; the scene as it was stays in the history ('chronicler history').

    Example:

    ```
    chronicler scene amend --campaign Brightdune --year 1 --number 2 --played "Old Map"
    ```
    """
    from journal import table

    catalogue = load_catalogue()
    changes: dict[str, Any] = {
        "scene": scene,
        "location": location,
        "participants": None if participants is None else table.split_names(participants),
        "played": None if played is None else table.split_names(played),
        "choice": choice,
        "skill_match_points": skill_match,
    }
    with _journal(db, create=False) as journal:
        record = journal.write(
            lambda s: table.amend_scene(s, catalogue, campaign, year, number, **changes)
        )
    console.print(
        f"Amended scene {record.number} of year {year}: {record.scene} at {record.location}; "
        "the scene as it was is kept in the history.",
        markup=False,
    )


@scene_app.command("delete")
def scene_delete(
    campaign: CampaignName = "",
    year: Year = 0,
    number: int = typer.Option(
        ..., "--number", help="The scene's number in its year (1, 2...).", min=1, max=COUNT_MAX
    ),
    db: Db = None,
) -> None:
    """Take a scene out of the year in play; the later scenes move up one.

    The scene (its cards, its story) stays in the history ('chronicler history').

    Example: chronicler scene delete --campaign Brightdune --year 1 --number 2
    """
    from journal import table

    catalogue = load_catalogue()
    with _journal(db, create=False) as journal:
        gone = journal.write(lambda s: table.delete_scene(s, catalogue, campaign, year, number))
    console.print(
        f"Deleted scene {number} of year {year} ({gone.scene} at {gone.location}); "
        "it is kept in the history.",
        markup=False,
    )


@year_app.command("reopen")
def year_reopen(campaign: CampaignName = "", year: Year = 0, db: Db = None) -> None:
    """Put the last ended year back in play, as it stood before 'year end'.

    Its scenes stay (amend or delete them, record more), then end it again; the year as it
    had ended stays in the history ('chronicler history').

    Example: chronicler year reopen --campaign Brightdune --year 1
    """
    from journal import table

    catalogue = load_catalogue()
    with _journal(db, create=False) as journal:
        journal.write(lambda s: table.reopen_year(s, catalogue, campaign, year))
    console.print(
        f"Year {year} of {campaign} is in play again; end it with 'chronicler year end'. "
        "The year as it had ended is kept in the history."
    )


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
    """List the changes made to a campaign at the table, oldest first.

    Each change keeps the campaign as it stood before it, so nothing a fix replaced is lost;
    'chronicler export' carries the history.

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


# --- setup, export, import, publish, demo -------------------------------------------------------


def setup(
    campaign: CampaignName = "",
    draw_scheme: bool = typer.Option(
        False, "--draw-scheme", help="Draw the year's scheme (seeded: --seed replays it)."
    ),
    seed: int | None = typer.Option(
        None,
        "--seed",
        help="The seed of --draw-scheme (default: a new one, printed).",
        min=0,
        max=SEED_MAX,
    ),
    db: Db = None,
) -> None:
    """Print what to put on the table for the next session: map, threat pool, the schemes the
    year can draw, the dice to roll at each location, decks, sheets.

    Example: chronicler setup --campaign Brightdune --draw-scheme --seed 7
    """
    from journal import table

    if draw_scheme and seed is None:
        import secrets

        seed = secrets.randbelow(10**6)
    catalogue = load_catalogue()
    with _journal(db, create=False) as journal:
        if draw_scheme and seed is not None:
            drawn = seed
            journal.write(lambda s: table.draw_scheme(s, campaign, catalogue, drawn))
        with journal.reading() as s:
            lines = table.setup_text(
                s, campaign, catalogue, draw_seed=seed if draw_scheme else None
            )
    for line in lines:
        console.print(line, markup=False)


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
    catalogue = load_catalogue()
    with _journal(db) as journal:
        campaign = journal.write(
            lambda s: bundle.import_campaign(s, checked, rename=as_name, catalogue=catalogue)
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
    app.add_typer(year_app, name="year")
    app.add_typer(scene_app, name="scene")
    app.command("chronicle")(chronicle)
    app.command("history")(history)
    app.command("use")(use)
    app.command("setup")(setup)
    app.command("export")(export)
    app.command("import")(import_)
    app.command("publish")(publish)
    app.command("demo")(demo)
