"""The table companion's verbs for a game a GM runs (Tags and Tracks), each recorded in the
journal's log as one entry: characters, sessions and scenes with narration, tracks,
consequences, XP and intrusions. ``chronicler roll`` (``journal/companion.py``) records its
rolls here too. ``entry list``, ``entry amend N VERB ...`` and ``entry delete N`` fix what was
recorded (``journal/log.py``); ``undo`` and ``history`` are every campaign's.

Every verb takes ``--db`` and ``--campaign`` like the Six Winters table verbs (``chronicler use
NAME`` makes --campaign optional). What the rules refuse is a one-line error and nothing is
written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from dsl.errors import UsageError
from journal.commands import CampaignName, Db, JsonOut, _journal, _names, print_json

console = Console(highlight=False, soft_wrap=True, markup=False)

character_app = typer.Typer(
    help=(
        "Add a character to a campaign of a game a GM runs, and show their sheet.\n\n"
        "Example: chronicler character add brick.character --campaign 'Salt Roads'"
    ),
    no_args_is_help=True,
)
session_app = typer.Typer(
    help=(
        "Start a session of a game a GM runs, with its narration.\n\n"
        "Example: chronicler session start 'The Drowned Market' --text 'Rain on the stalls.'"
    ),
    no_args_is_help=True,
)
track_app = typer.Typer(
    help=(
        "Tracks: countdowns, clocks and tracks of steps with breaks; add, tick, untick, burn.\n\n"
        "Example: chronicler track add 'Guards arrive' --clock 4"
    ),
    no_args_is_help=True,
)
consequence_app = typer.Typer(
    help=(
        "Consequences: take one as the GM decides it, or recover from one ('chronicler hit' "
        "offsets hits with points first).\n\n"
        "Example: chronicler consequence take Brick --stat STR --hits 1 --what 'sprained wrist'"
    ),
    no_args_is_help=True,
)
xp_app = typer.Typer(
    help=(
        "XP: gain it, or spend it on a stat or a flashback (a new skill is bought in a roll).\n\n"
        "Example: chronicler xp spend Brick --stat WIL"
    ),
    no_args_is_help=True,
)

entry_app = typer.Typer(
    help=(
        "The log of what the table recorded: list it, record an entry again (its own verb, "
        "other options), or take one out. Every later entry is checked again by the rules.\n\n"
        "Example: chronicler entry amend 5 hit Brick --stat STR --hits 3 --what 'broken arm'"
    ),
    no_args_is_help=True,
)

Narration = Annotated[
    str, typer.Option("--text", help="The narration, in Markdown.", show_default=False)
]
NarrationFile = Annotated[
    Path | None,
    typer.Option("--file", help="Read the narration from this file (Markdown)."),
]
Who = Annotated[
    str,
    typer.Argument(
        help="The character, as their sheet names them.", autocompletion=_names("story character")
    ),
]


def _narration(text: str, file: Path | None) -> str:
    if file is None:
        return text
    if text:
        raise UsageError("give the narration with --text or --file, not both")
    from journal.commands import _read_text_file

    return _read_text_file(file)


def _write(db: str | None, campaign: str, work: Any) -> Any:
    """Run ``work(s, campaign_row, game)`` in one transaction on the story campaign."""
    from pydantic import ValidationError

    from journal.tags_and_tracks import payloads, story

    with _journal(db, create=False) as journal:
        try:
            return journal.write(lambda s: work(s, *story.story_campaign(s, campaign)))
        except ValidationError as error:  # what was typed does not fit a record's shape
            raise payloads.refused(error, "the change") from None


def _record(db: str | None, campaign: str, verb: str, make: Any) -> Any:
    """Record the entry ``make(story, campaign_row, game)`` makes from the table as its entries
    left it (in place of entry N under ``entry amend``); returns the entry written."""
    from journal.tags_and_tracks import story

    return _write(db, campaign, lambda s, row, game: story.record(s, row, game, verb, make))


def _tell(line: str) -> None:
    console.print(line)


def _told(entry: Any) -> None:
    """What an entry did, with its number (``entry amend N`` and ``entry delete N`` take it)."""
    console.print(f"{entry.number}. {entry.summary}")


# --- characters --------------------------------------------------------------------------------


@character_app.command("add")
def character_add(
    sheet: Annotated[Path, typer.Argument(help="The character's sheet file (.character).")],
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Add a character from their sheet file, checked by the campaign's ruleset.

    Example: chronicler character add brick.character --campaign 'Salt Roads'
    """
    from journal import ledger
    from journal.companion import checked_sheet
    from journal.tags_and_tracks import shown, story

    with _journal(db, create=False) as journal, journal.reading() as s:
        _, game = story.story_campaign(s, campaign)
    kept = story.sheet_of_character(checked_sheet(sheet, game.rules, "nothing recorded"))

    def work(s: Any, row: Any, game: Any) -> Any:
        joins = lambda state, c, g: story.joins(state, c, kept)  # noqa: E731
        entry = story.record(s, row, game, "character add", joins)
        ledger.ensure_character(s, row, kept.name, title=kept.background or None)
        return entry

    entry = _write(db, campaign, work)
    _tell(f"{entry.number}. {kept.name} joins {campaign}: {shown.summary(game, kept)}")


@character_app.command("show")
def character_show(
    who: Who, campaign: CampaignName = "", json_out: JsonOut = False, db: Db = None
) -> None:
    """Show a character's sheet as it stands: skills, stats and other reservoirs, XP,
    schemes, inventory and consequences (--json: the sheet as the journal keeps it).

    Example: chronicler character show Brick
    """
    from journal import log
    from journal.tags_and_tracks import shown, story

    with _journal(db, create=False) as journal, journal.reading() as s:
        row, game = story.story_campaign(s, campaign)
        sheet = log.state_now(s, row).character(row, who)
    if json_out:
        print_json(sheet.model_dump(mode="json"))
        return
    _tell(f"{sheet.name}: {shown.summary(game, sheet)}")


# --- sessions and scenes -----------------------------------------------------------------------


@session_app.command("start")
def session_start(
    title: Annotated[str, typer.Argument(help="The session's title.")],
    campaign: CampaignName = "",
    text: Narration = "",
    file: NarrationFile = None,
    db: Db = None,
) -> None:
    """Start a session: what happens next is recorded in it.

    Example: chronicler session start 'The Drowned Market' --text 'Rain on the stalls.'
    """
    from journal.tags_and_tracks import story

    narration = _narration(text, file)
    row = _write(db, campaign, lambda s, c, g: story.begin_session(s, c, title, narration))
    _tell(f"Session {row.number} of {campaign}: {row.title}")


def scene_start(
    title: Annotated[str, typer.Argument(help="The scene's title.")],
    campaign: CampaignName = "",
    text: Narration = "",
    file: NarrationFile = None,
    db: Db = None,
) -> None:
    """Start a scene of the session in play (a game a GM runs): rolls, tracks and the rest
    recorded next appear in its story.

    Example: chronicler scene start 'At the fish market' --text 'Brick haggles.'
    """
    from journal.tags_and_tracks import story

    narration = _narration(text, file)
    row = _write(db, campaign, lambda s, c, g: story.begin_scene(s, c, title, narration))
    _tell(f"Scene {row.number}: {row.title}")


def narrate(
    text: Annotated[str, typer.Argument(help="The story told, in Markdown.")] = "",
    file: NarrationFile = None,
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Tell the story of the scene in play between its rolls: the site shows it in its place,
    among the rolls and changes, in the order told.

    Example: chronicler narrate 'Brick sets his shoulder against the gate.'
    """
    from journal import log
    from journal.tags_and_tracks import story

    said = _narration(text, file)

    def work(s: Any, row: Any, game: Any) -> Any:
        if log.amended() is None:
            story.checked_scene(s, row)
        return story.record(s, row, game, "narrate", lambda t, c, g: story.narration(said))

    _told(_write(db, campaign, work))


# --- tracks ------------------------------------------------------------------------------------


@track_app.command("add")
def track_add(
    name: Annotated[str, typer.Argument(help="What the track is for.")],
    countdown: Annotated[
        int | None, typer.Option("--countdown", help="A countdown from N: done at zero.")
    ] = None,
    clock: Annotated[
        int | None, typer.Option("--clock", help="A clock of N wedges: done when full.")
    ] = None,
    steps: Annotated[
        str | None,
        typer.Option(
            "--steps",
            help="Steps with breaks: marks (○○○○|○○, or o / x for ○ ∅ ⦻) or counts (4|2).",
        ),
    ] = None,
    breaks: Annotated[
        list[str] | None,
        typer.Option("--break", help="What happens at a break, in order (repeat for each)."),
    ] = None,
    hidden: Annotated[
        bool, typer.Option("--hidden", help="Keep it from the players: the site leaves it out.")
    ] = False,
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Add a track: a countdown, a clock, or a track of steps whose breaks carry text.

    Example: chronicler track add 'Build a castle' --steps '4|2|2' --break 'outer wall'
    --break moat
    """
    from journal.tags_and_tracks import tracks

    state = tracks.new_track_state(
        countdown=countdown, clock=clock, steps=steps, breaks=list(breaks or []), hidden=hidden
    )
    _told(_record(db, campaign, "track add", lambda t, c, g: tracks.add_track(t, c, name, state)))


def _change(name: str, change: str, by: int, campaign: str, db: str | None) -> None:
    from journal.tags_and_tracks import payloads, tracks

    what = payloads.TrackChange(change)
    _told(
        _record(
            db,
            campaign,
            f"track {change}",
            lambda t, c, g: tracks.change_track(t, c, name, what, by),
        )
    )


By = Annotated[int, typer.Option("--by", help="How many steps.", min=1, max=1000)]
TrackName = Annotated[str, typer.Argument(help="The track's name.")]


@track_app.command("tick")
def track_tick(name: TrackName, by: By = 1, campaign: CampaignName = "", db: Db = None) -> None:
    """Tick a track: a countdown counts down, a clock fills a wedge, steps tick in order.

    Example: chronicler track tick 'Guards arrive'
    """
    _change(name, "tick", by, campaign, db)


@track_app.command("untick")
def track_untick(name: TrackName, by: By = 1, campaign: CampaignName = "", db: Db = None) -> None:
    """Take progress back: erase the last ticks (never a burned step), or a countdown goes up.

    Example: chronicler track untick 'Room on fire' --by 2
    """
    _change(name, "untick", by, campaign, db)


@track_app.command("burn")
def track_burn(name: TrackName, by: By = 1, campaign: CampaignName = "", db: Db = None) -> None:
    """Burn the last ticked steps of a track of steps: progress hard to undo.

    Example: chronicler track burn 'Instability in the kingdom'
    """
    _change(name, "burn", by, campaign, db)


@track_app.command("hide")
def track_hide(name: TrackName, campaign: CampaignName = "", db: Db = None) -> None:
    """Keep a track from the players: the site leaves it and its changes out until it is
    revealed ('track reveal').

    Example: chronicler track hide 'The cult gathers'
    """
    from journal.tags_and_tracks import tracks

    _told(_record(db, campaign, "track hide", lambda t, c, g: tracks.hide_track(t, c, name, True)))


@track_app.command("reveal")
def track_reveal(name: TrackName, campaign: CampaignName = "", db: Db = None) -> None:
    """Show a hidden track to the players again: the site shows it and all its changes.

    Example: chronicler track reveal 'The cult gathers'
    """
    from journal.tags_and_tracks import tracks

    _told(
        _record(db, campaign, "track reveal", lambda t, c, g: tracks.hide_track(t, c, name, False))
    )


@track_app.command("remove")
def track_remove(name: TrackName, campaign: CampaignName = "", db: Db = None) -> None:
    """Take a track off the table (done with, or never to come): it is listed no more, and
    its changes stay in the story.

    Example: chronicler track remove 'Guards arrive'
    """
    from journal.tags_and_tracks import tracks

    _told(_record(db, campaign, "track remove", lambda t, c, g: tracks.remove_track(t, c, name)))


@track_app.command("list")
def track_list(campaign: CampaignName = "", json_out: JsonOut = False, db: Db = None) -> None:
    """List the campaign's tracks as they stand (a hidden one marked so).

    Example: chronicler track list --json
    """
    from journal import log
    from journal.tags_and_tracks import story

    with _journal(db, create=False) as journal, journal.reading() as s:
        row, _ = story.story_campaign(s, campaign)
        rows = list(log.state_now(s, row).tracks.items())
    from journal.tags_and_tracks import tracks

    if json_out:
        print_json([tracks.track_json(name, state) for name, state in rows])
        return
    if not rows:
        _tell(f"{campaign} has no track yet; add one with 'chronicler track add NAME'.")
    for name, state in rows:
        hidden = " (hidden from the players)" if state.hidden else ""
        _tell(f"{name} ({state.kind}): {tracks.drawn(state)}{hidden}")


# --- consequences, XP, intrusions --------------------------------------------------------------


@consequence_app.command("take")
def consequence_take(
    who: Who,
    stat: Annotated[str, typer.Option("--stat", help="The stat the hits were against (STR).")],
    hits: Annotated[int, typer.Option("--hits", help="The hits it offsets.", min=1, max=100)],
    what: Annotated[str, typer.Option("--what", help="The consequence, as the GM decides it.")],
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Take a consequence: its level is the hits it offsets, promoted past a level the stat
    already holds.

    Example: chronicler consequence take Brick --stat STR --hits 1 --what 'sprained wrist'
    """
    from journal.tags_and_tracks import changes

    _told(
        _record(
            db,
            campaign,
            "consequence take",
            lambda t, c, g: changes.take_consequence(
                t, c, g, who, stat=stat, hits=hits, consequence=what
            ),
        )
    )


@consequence_app.command("recover")
def consequence_recover(
    who: Who,
    what: Annotated[str, typer.Option("--what", help="The consequence recovered from.")],
    why: Annotated[str, typer.Option("--why", help="How: the roll and the rest.")] = "",
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Remove a consequence: the character rolled against its level and rested.

    Example: chronicler consequence recover Brick --what 'sprained wrist'
    """
    from journal.tags_and_tracks import changes

    _told(
        _record(
            db,
            campaign,
            "consequence recover",
            lambda t, c, g: changes.recover(t, c, g, who, what, why),
        )
    )


def hit(
    who: Who,
    stat: Annotated[str, typer.Option("--stat", help="The most relevant stat (STR).")],
    hits: Annotated[int, typer.Option("--hits", help="The hits against them.", min=1, max=100)],
    what: Annotated[
        str | None,
        typer.Option(
            "--what",
            help="The consequence, if the points cannot offset every hit (else it is asked).",
        ),
    ] = None,
    concede: Annotated[
        bool, typer.Option("--concede", help="Concede, if a hit is left, rather than take one.")
    ] = False,
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Hits against a character: the stat's points offset them while they last (the
    ruleset's cost a hit), and only the hits left are one consequence (--what), promoted past
    a level the stat holds, or a concession. Left out when needed, the consequence is asked
    at a terminal; a script is told what to give.

    Example: chronicler hit Brick --stat STR --hits 2 --what 'sprained wrist'
    """
    from journal.prompting import ask, interactive, say
    from journal.tags_and_tracks import changes

    def record(what: str | None, conceding: bool) -> Any:
        return _record(
            db,
            campaign,
            "hit",
            lambda t, c, g: changes.hit(
                t, c, g, who, stat=stat, hits=hits, consequence=what, concede=conceding
            ),
        )

    try:
        told = record(what, concede)
    except changes.ConsequenceNeeded as needed:
        if not interactive():
            raise
        say(needed.situation + ".")
        if needed.level is None:
            say("Every consequence level of the stat is taken: the character concedes.")
            told = record(None, True)
        else:
            say(f"  1. take a consequence (-{needed.level})")
            say("  2. concede (the antagonist gets their way)")
            if ask("Your choice", ["1", "2"]) == "2":
                told = record(None, True)
            else:
                told = record(ask(f"Name the -{needed.level} consequence"), False)
    _told(told)


@character_app.command("rest")
def character_rest(
    who: Who,
    stat: Annotated[str, typer.Option("--stat", help="The stat whose points come back (STR).")],
    points: Annotated[
        int | None, typer.Option("--points", help="How many (default: all, up to its level).")
    ] = None,
    why: Annotated[str, typer.Option("--why", help="How they rested or healed.")] = "",
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """A character regains a stat's points by resting or healing.

    Example: chronicler character rest Brick --stat STR
    """
    from journal.tags_and_tracks import changes

    _told(
        _record(
            db,
            campaign,
            "character rest",
            lambda t, c, g: changes.rest(t, c, g, who, stat, points, why),
        )
    )


@xp_app.command("gain")
def xp_gain(
    who: Who,
    amount: Annotated[int, typer.Argument(help="The XP gained.", min=1, max=1000)],
    why: Annotated[str, typer.Option("--why", help="What it was given for.")] = "",
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Give a character XP (the XP of a roll with no hits and of an intrusion are recorded
    by 'roll' and 'intrusion').

    Example: chronicler xp gain Brick 1 --why 'played his key'
    """
    from journal.tags_and_tracks import changes

    _told(_record(db, campaign, "xp gain", lambda t, c, g: changes.gain_xp(t, c, who, amount, why)))


@xp_app.command("spend")
def xp_spend(
    who: Who,
    stat: Annotated[
        str | None, typer.Option("--stat", help="Raise this stat's level by 1 (STR).")
    ] = None,
    in_conflict: Annotated[
        bool, typer.Option("--in-conflict", help="In a conflict: the stat gains no point now.")
    ] = False,
    flashback: Annotated[
        str | None, typer.Option("--flashback", help="Have a flashback: what it reveals.")
    ] = None,
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """Spend XP: raise a stat, or have a flashback, at the prices the ruleset sets.

    Example: chronicler xp spend Brick --flashback 'The rope was in his pack all along.'
    """
    from journal.tags_and_tracks import changes

    if (stat is None) == (flashback is None):
        raise UsageError("spend XP on one thing: --stat STAT or --flashback TEXT")
    if stat is not None:
        raised = stat
        _told(
            _record(
                db,
                campaign,
                "xp spend",
                lambda t, c, g: changes.raise_stat(t, c, g, who, raised, in_conflict),
            )
        )
        return
    assert flashback is not None
    told = flashback
    _told(_record(db, campaign, "xp spend", lambda t, c, g: changes.flashback(t, c, g, who, told)))


def intrusion(
    who: Who,
    text: Annotated[str, typer.Option("--text", help="The complication the GM offers.")],
    accept: Annotated[bool, typer.Option("--accept", help="The player accepts it.")] = False,
    refuse: Annotated[bool, typer.Option("--refuse", help="The player refuses it.")] = False,
    campaign: CampaignName = "",
    db: Db = None,
) -> None:
    """The GM offers an intrusion: accepted, the character gains XP; refused, they pay XP.
    Without --accept or --refuse the player is asked (refusing only if they hold the XP).

    Example: chronicler intrusion Brick --text 'The stall collapses.' --accept
    """
    from journal import log
    from journal.tags_and_tracks import changes, story

    if accept and refuse:
        raise UsageError("--accept or --refuse, not both")
    if not accept and not refuse:
        with _journal(db, create=False) as journal, journal.reading() as s:
            row, game = story.story_campaign(s, campaign)
            sheet = log.state_now(s, row).character(row, who)
        accept = _ask_intrusion(game, sheet.name, text, sheet.xp)
    accepted = accept
    _told(
        _record(
            db,
            campaign,
            "intrusion",
            lambda t, c, g: changes.intrusion(t, c, g, who, text, accepted),
        )
    )


def _ask_intrusion(game: Any, name: str, text: str, xp: int) -> bool:
    """The player's answer, asked through the ruleset's own intrusion procedure: refusing is
    offered only to a character who holds its XP."""
    from dsl.dice.choosing import menu
    from journal.prompting import ask, say

    offer = game.engine.new_intrusion(game.rules, character=name, xp=xp, complication=text)
    decision = offer.pending()
    say(f"The GM offers {name} an intrusion: {text}")
    entries = menu(offer, decision)
    for entry in entries:
        say("  " + game.engine.account.option_line(offer, entry), None if entry.offered else "dim")
    choices = [str(e.number) for e in entries if e.offered]
    picked = ask("Your choice", choices) if len(choices) > 1 else choices[0]
    answer = next(e.answer for e in entries if str(e.number) == picked)
    offer.apply(answer)
    return bool(offer.state.taken == game.engine.account.ACCEPT)


# --- the log: list, amend, delete ------------------------------------------------------------

EntryNumber = Annotated[int, typer.Argument(help="The entry's number ('entry list').", min=1)]
# What 'entry amend' may run in an entry's place: the verbs that record one entry.
RECORDING = (
    ("roll",),
    ("narrate",),
    ("hit",),
    ("intrusion",),
    ("consequence", "take"),
    ("consequence", "recover"),
    ("xp", "gain"),
    ("xp", "spend"),
    ("track", "add"),
    ("track", "tick"),
    ("track", "untick"),
    ("track", "burn"),
    ("track", "hide"),
    ("track", "reveal"),
    ("track", "remove"),
    ("character", "add"),
    ("character", "rest"),
)


@entry_app.command("list")
def entry_list(campaign: CampaignName = "", db: Db = None) -> None:
    """List the campaign's entries in order: number, [session.scene] and what each did.

    Example: chronicler entry list
    """
    from journal import ledger, log

    with _journal(db, create=False) as journal, journal.reading() as s:
        lines = log.listing(s, ledger.get_campaign(s, campaign))
    if not lines:
        _tell(f"{campaign} has no entries yet.")
    for line in lines:
        _tell(line)


@entry_app.command(
    "amend", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def entry_amend(
    ctx: typer.Context, number: EntryNumber, campaign: CampaignName = "", db: Db = None
) -> None:
    """Record entry NUMBER again: the verb that records it, with the options it should have
    had, follows the number. It runs on the table as the entries before NUMBER left it, takes
    NUMBER's place, and every later entry runs again through the rules (one they now refuse
    refuses the fix, and nothing is written). What the entry was stays in the history.

    A game played at the table (Seasons, Six Winters v19.7): 'answer' and the answer as typed
    at the table (an option's number, several comma-separated, or a die's face) follow the
    number of a move of any game of the campaign; the game is played again with every later
    answer (one no longer offered refuses the fix, and nothing is written), then each later
    game of the campaign from what it now leaves (a game played by bots, by its bots).

    Example: chronicler entry amend 5 hit Brick --stat STR --hits 3 --what 'broken arm'
    """
    from journal import log
    from journal.cli import app

    words = list(ctx.args)
    if _fixes_a_game(number, words, campaign, db):
        return
    verb = next((v for v in RECORDING if tuple(words[: len(v)]) == v), None)
    if verb is None:
        recording = ", ".join(" ".join(v) for v in RECORDING)
        raise UsageError(
            f"entry amend {number}: give the verb that records it again and its options, one "
            f"of: {recording} (as in 'chronicler entry amend {number} hit Brick --stat STR "
            "--hits 3')"
        )
    if "--campaign" not in words:
        words += ["--campaign", campaign]
    if db is not None and "--db" not in words:
        words += ["--db", db]
    with log.amending(number) as recorded:
        app(args=words, prog_name="chronicler", standalone_mode=False)
    if not recorded:
        raise UsageError(f"'{' '.join(verb)}' recorded nothing in place of entry {number}")


@entry_app.command("delete")
def entry_delete(number: EntryNumber, campaign: CampaignName = "", db: Db = None) -> None:
    """Take entry NUMBER out of the log; every later entry runs again through the rules
    without it (one they now refuse refuses the deletion). It stays in the history, and
    'chronicler undo' puts it back. A move of a game played at the table: the game is played
    again without its answer.

    Example: chronicler entry delete 7
    """
    from journal import log

    if _fixes_a_game(number, None, campaign, db):
        return
    with _journal(db, create=False) as journal:
        gone = journal.write(lambda s: log.delete(s, campaign, number))
    _tell(f"Deleted entry {gone.number} ({gone.summary}); it is kept in the history.")


def _fixes_a_game(number: int, words: list[str] | None, campaign: str, db: str | None) -> bool:
    """A campaign of games played by seats: ``entry amend N answer TYPED`` (``words``) or
    ``entry delete N`` (``None``) of an answer plays the game again (``journal/world/amend.py``);
    whether it was such a campaign's answer (and so done)."""
    from journal.world import amend

    with _journal(db, create=False) as journal:
        if not journal.write(lambda s: amend.plays_by_seats(s, campaign)):
            return False
        if words is not None and (len(words) != 2 or words[0] != amend.ANSWER):
            raise UsageError(
                f"entry amend {number}: a game played by seats takes its new answer as typed "
                f"at the table (as in 'chronicler entry amend {number} answer 2': an option's "
                "number, several comma-separated, or a die's face)"
            )
        typed = words[1] if words is not None else None
        done = journal.write(lambda s: amend.fix(s, campaign, number, typed))
    if done is None:
        return False
    if done.now is None:
        _tell(
            f"Deleted entry {done.number} ({done.was}); the game was played again with its "
            f"{done.replayed} later answers. It is kept in the history."
        )
    else:
        _tell(
            f"Amended entry {done.number} ({done.now}): the answer {done.answer!r} in place of "
            f"{done.answered!r}; the game was played again with its {done.replayed} later "
            "answers. What it was is kept in the history."
        )
    if done.games:  # an earlier game of a campaign: each later one played again after it
        _tell(f"Then, from what it now leaves: {'; '.join(done.games)}.")
    return True


def register(app: typer.Typer) -> None:
    from journal.commands import scene_app

    app.add_typer(character_app, name="character")
    app.add_typer(session_app, name="session")
    scene_app.command("start")(scene_start)
    app.add_typer(track_app, name="track")
    app.add_typer(consequence_app, name="consequence")
    app.add_typer(xp_app, name="xp")
    app.add_typer(entry_app, name="entry")
    app.command("intrusion")(intrusion)
    app.command("hit")(hit)
    app.command("narrate")(narrate)
