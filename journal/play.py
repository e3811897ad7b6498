"""``chronicler play``: let a bot play a session of a ruleset and tell it turn by turn, and record
it into the journal with ``--campaign``. The ruleset comes from the registry; how its events
read comes from the ruleset (``rules/<name>/account.py``)."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.errors import ChroniclerError, UsageError
from journal.limits import SEED_MAX

PLAY_HELP = (
    "Let a bot play one session (one year) of a game and tell it turn by turn.\n\n"
    "The same seed and bot always give the same game, byte for byte. The years before --year "
    "are played first by the same bot, so the campaign reaches that year as the bot left it. "
    "--json prints the event log instead, one JSON object a line.\n\n"
    "With --campaign NAME the session is recorded into the journal (--db) as it is played: the "
    "campaign's stored state decides the year and the map (a new campaign starts at year 1), "
    "and the next play of the same campaign plays the year after.\n\n"
    "A folder instead of a name plays a designer's own copy of a ruleset's text.\n\n"
    "--replay GAME shows a game 'chronicler simulate' stored (--store) from its seeds and "
    "answers, whatever the text has become since.\n\n"
    "Example: chronicler play six-winters --seed 7 --bot heuristic --characters Parin,Kanun"
)


def register(app: typer.Typer) -> None:
    app.command("play", help=PLAY_HELP)(play_command)


def play_command(
    game: str = typer.Argument(
        ..., help="The ruleset to play: a name (six-winters) or the folder of its text."
    ),
    seed: int = typer.Option(
        1, "--seed", help="Seed of the dice, the decks and the bot.", min=0, max=SEED_MAX
    ),
    bot: str = typer.Option(
        "heuristic",
        "--bot",
        help="heuristic, finale-first (gives the year before the finale up for it), lookahead "
        "(searches copies of the game, slower) or random.",
    ),
    characters: str | None = typer.Option(
        None, "--characters", help="Two characters, comma-separated (default: the bot picks)."
    ),
    year: int | None = typer.Option(
        None,
        "--year",
        help="The campaign year to play, 1-6 (default 1, or the campaign's).",
        show_default=False,
    ),
    solo: bool = typer.Option(False, "--solo", help="The solo variant: one party token."),
    as_json: bool = typer.Option(False, "--json", help="Print the event log as JSON lines."),
    campaign_name: str | None = typer.Option(
        None, "--campaign", help="Record the session into this journal campaign (its next year)."
    ),
    replay_game: int | None = typer.Option(
        None,
        "--replay",
        help="Show game GAME of a simulation store, turn by turn.",
        show_default=False,
    ),
    store_file: str = typer.Option(
        "simulations.duckdb", "--store", help="The simulation store --replay reads."
    ),
    db: str | None = typer.Option(
        None,
        "--db",
        envvar="CHRONICLER_DB",
        help="Journal file or database URL for --campaign (default: ./chronicle.db).",
        show_default=False,
    ),
) -> None:
    from rules import registry

    found = registry.find(game)
    if replay_game is not None:
        from journal.playtest.replay import show_replay

        show_replay(found, replay_game, store_file, year=year, as_json=as_json)
        return
    engine = found.engine
    try:
        bots = found.bots
    except ModuleNotFoundError as missing:  # a game a GM runs has no bots (tags-and-tracks)
        raise ChroniclerError(
            f"{found.name} has no bots to play it (its package has no {missing.name})"
        ) from None
    BOTS, make_bot = bots.BOTS, bots.make_bot
    if bot not in BOTS:
        raise UsageError(f"unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}")
    ruleset = found.load()
    years = ruleset.value("years", 6)
    if year is not None and not 1 <= year <= years:
        raise UsageError(f"--year must be 1-{years}, got {year}")
    chosen: list[str] | None = None
    if characters:
        chosen = [name.strip() for name in characters.split(",") if name.strip()]
        for name in chosen:
            if name not in ruleset.characters:
                near = engine.near_names(name, sorted(ruleset.characters))
                raise ChroniclerError(f"unknown character {name!r}{near}")
        wanted = 2 if solo else found.module("session").characters_a_year(ruleset)
        if len(chosen) != wanted:
            raise UsageError(f"--characters takes {wanted} characters, got {len(chosen)}")
    player = make_bot(bot, seed)
    if campaign_name is not None:
        session, after, where = _play_into_journal(
            found, ruleset, campaign_name, db, seed, player, chosen, year, solo=solo
        )
    else:
        per_year = [chosen] * 6 if chosen else None
        session = None
        for campaign, played in engine.play_campaign(ruleset, seed, player, per_year, solo=solo):
            if played.state.year == (year or 1):
                session = played
                after = campaign
                break
        assert session is not None
    if as_json:
        for event in session.events:
            typer.echo(json.dumps({"kind": event.kind, **event.data}, sort_keys=True))
        return
    console = Console(highlight=False, soft_wrap=True, width=100)
    for line in found.module("account").narrate(session.events):
        console.print(line, markup=True)
    result = session.result()
    console.print(
        f"[bold]{'Victory' if result.won else 'Defeat'}[/] in year {result.year} "
        f"({result.reason}): {result.scenes_completed} scenes, {result.threat_left} threat left."
    )
    if after.fate:
        console.print(f"Brightdune's fate: {after.fate}; campaign score {after.score}.")
    if campaign_name is not None:
        console.print(
            f"Recorded year {result.year} into campaign {escape(campaign_name)} in {where}."
        )


def _play_into_journal(
    game: Any,
    ruleset: Any,
    name: str,
    db: str | None,
    seed: int,
    player: Any,
    chosen: list[str] | None,
    year: int | None,
    *,
    solo: bool,
) -> tuple[Any, Any, str]:
    """Play the campaign's next year from its stored state, recording every event as it comes.

    The campaign starts from the played text's own map and sheets, and is recorded with that
    ruleset's name (a designer's copy, by its folder's name); it is played on with that ruleset
    only. Returns the session, the campaign state after ``end_session`` and where the journal
    is."""
    import random

    from journal import lease, ledger, table
    from journal.catalogue import from_compiled, load_catalogue
    from journal.db import open_journal
    from journal.recording import Recorder
    from rules import registry

    engine = game.engine
    default = game == registry.default()
    # a copy's own cards, never the default text's (a renamed location was a KeyError)
    catalogue = load_catalogue() if default else from_compiled(game.compiled(), ruleset)
    recorded_as = {} if default else {"ruleset": game.name, "version": str(ruleset.version)}
    name = name.strip()  # as 'campaign start' and every journal verb keep it
    # the lease tells another process this year is being played, not left by a kill
    with open_journal(db) as journal, lease.recording(journal.path, name):

        def stored(s: Any) -> dict[str, Any]:
            found = next((c for c in ledger.campaigns(s) if c.name == name), None)
            if found is None:
                found = table.start_campaign(s, name, catalogue, **recorded_as)
            plays = found.ruleset.replace("_", "-")  # the default is kept as six_winters
            if plays != game.name:
                raise ChroniclerError(
                    f"campaign {name!r} plays {plays}; play it on with that ruleset, "
                    f"not {game.name}"
                )
            row = ledger.latest_state(s, found)
            if found.fate or (row is not None and row.state.get("fate")):
                raise ChroniclerError(
                    f"campaign {name!r} has ended after year 6 ({found.fate}); "
                    "start another campaign to play again"
                )
            if row is None or not row.state.get("map"):
                raise ChroniclerError(f"campaign {name!r} holds no engine campaign state to play")
            return dict(row.state)

        state_json = journal.write(stored)
        try:
            campaign = engine.CampaignState.from_json(json.dumps(state_json))
        except Exception as error:
            raise ChroniclerError(
                f"campaign {name!r}: its stored state is not the engine's ({error})"
            ) from None
        if year is not None and year != campaign.year:
            raise ChroniclerError(
                f"campaign {name!r} is at year {campaign.year}, not {year}; drop --year"
            )
        rng = random.Random(seed)
        if chosen is None:
            chosen = engine.choose_characters(player, campaign, ruleset)
        session = engine.new_session(ruleset, campaign, rng.randrange(2**31), chosen, solo=solo)
        recorder = Recorder(journal, name, create=False, catalogue=catalogue)
        if hasattr(player, "bind"):  # a bot that reads the session's cards or searches its copies
            player.bind(session)
        fed = 0
        uses = getattr(player, "uses_observation", True)
        while True:
            fed = _feed(recorder, session, fed)
            decision = session.pending()
            if decision is None:
                break
            obs = session.observation(decision.who) if uses else None
            session.apply(player.choose(obs, decision))
        _feed(recorder, session, fed, final=True)
        after = engine.end_session(campaign, session)
        recorder.end_session(after)
        return session, after, journal.where


def _feed(recorder: Any, session: Any, fed: int, *, final: bool = False) -> int:
    """Give the recorder the events no piece in progress can take back; returns how many."""
    events = session.events
    stable = len(events)
    if not final:
        for frame in session.state.frames:
            if frame.kind == "run" and frame.data.get("snap") is not None:
                stable = min(stable, int(frame.data.get("events", stable)))
    for event in events[fed:stable]:
        recorder.on_event(event)
    return max(fed, stable)
