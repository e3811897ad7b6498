"""Six Winters' table verbs (``register(app)``, see journal/cli.py): year start|end|reopen,
scene record|amend|delete|narrate, chronicle, setup, campaign rollback. What each does is
``journal/six_winters/table.py``'s; the options and helpers every verb shares are
``journal/commands.py``'s.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Any

import typer

from dsl.diagnostics import counted
from dsl.errors import UsageError
from journal.commands import (
    COUNT_MAX,
    SEED_MAX,
    CampaignName,
    Db,
    KeptText,
    Texts,
    _given,
    _journal,
    _names,
    _narration,
    campaign_app,
    console,
    err_console,
    load_catalogue,
    scene_app,
)


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


Year = Annotated[
    int,
    typer.Option(
        "--year",
        help="Which of the six winters (1-6; default: the year in play).",
        callback=_year_option,
        show_default=False,
    ),
]
year_app = typer.Typer(
    help=(
        "Start and end a year's session at a real table.\n\nExample: chronicler year start "
        '--campaign Brightdune --year 1 --scheme "Sow Discord in Brightdune" '
        "--characters Parin,Kanun"
    ),
    no_args_is_help=True,
)


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
    from journal.six_winters import recovery

    with _journal(db, create=False) as journal:
        done = journal.write(lambda s: recovery.rollback_year(s, name))
    console.print(
        f"Rolled back year {done.year} of {name.strip()}: {counted(done.scenes, 'scene')} "
        f"and {counted(done.events, 'event')} removed; "
        f"play it again with 'chronicler play six-winters --campaign \"{name.strip()}\"'."
    )


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
    from journal.six_winters import table

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
    from journal.six_winters import ledger, table

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
            end = ledger.campaign_end(s, ledger.get_campaign(s, campaign))
            fate, score, title = end.fate, end.score, end.score_title
    console.print(f"Year {year} of {campaign} ended: {result}.")
    for line in counted:
        console.print(line, markup=False)
    if notes:
        console.print("By the cards:", markup=False)
    for line in notes:
        console.print(f"  {line}", markup=False)
    if fate:
        console.print(f"Brightdune's fate: {fate}. Campaign score: {score} ({title}).")


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
    from journal.six_winters import table

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
    from journal.six_winters import table

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
    from journal.six_winters import table

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
    from journal.six_winters import table

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
    from journal.six_winters import table

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
    from journal.six_winters import table

    catalogue = load_catalogue()
    with _journal(db, create=False) as journal:
        journal.write(lambda s: table.reopen_year(s, catalogue, campaign, year))
    console.print(
        f"Year {year} of {campaign} is in play again; end it with 'chronicler year end'. "
        "The year as it had ended is kept in the history."
    )


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
    from journal.six_winters import table

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


def register(app: typer.Typer) -> None:
    app.add_typer(year_app, name="year")
    app.command("chronicle")(chronicle)
    app.command("setup")(setup)
