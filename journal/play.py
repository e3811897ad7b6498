"""``chronicler play``: let a bot play a session of a ruleset and tell it turn by turn, and record
it into the journal with ``--campaign``. The ruleset comes from the registry; how its events
read comes from the ruleset (its ``journal.account``): the command calls only the ruleset's
contract (``dsl.contract``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.diagnostics import counted
from dsl.errors import ChroniclerError, UsageError
from journal.limits import SEED_MAX

if TYPE_CHECKING:
    from sqlmodel import Session

    from dsl.contract import Bot, Game, Ruleset
    from journal.six_winters.recording import Recorder

PLAY_HELP = (
    "Let a bot play one session (one year) of a game and tell it turn by turn.\n\n"
    "The same seed and bot always give the same game, byte for byte. The years before --year "
    "are played first by the same bot, so the campaign reaches that year as the bot left it. "
    "--json prints the event log instead, one JSON object a line.\n\n"
    "With --campaign NAME the session is recorded into the journal (--db) as it is played: the "
    "campaign's stored state decides the year and the map (a new campaign starts at year 1), "
    "and the next play of the same campaign plays the year after. A game played by seats "
    "(a game written in text) is played whole and recorded as the campaign's next game; when "
    "its text declares a campaign ('the campaign is over once year is above years'), the game "
    "starts from what the campaign's last game left (its numbers, its burnt cards), and once "
    "the campaign is over it is refused.\n\n"
    "A folder instead of a name plays a designer's own copy of a ruleset's text, or a game "
    "written wholly in text (the world engine: --players seats, the random bot).\n\n"
    "--replay GAME shows a game 'chronicler simulate' stored (--store) from its seeds and "
    "answers, whatever the text has become since.\n\n"
    "--people 1,3 seats people at this terminal in those seats (hot-seat; the bots play the "
    "others): each person's view and questions are shown only after a hand-over screen, the "
    "screen cleared between people; the dice are the generator's (--seed), or with --dice "
    "table typed at the terminal as the table rolls them (each die asked by name, its faces "
    "listed, recorded with the game).\n\n"
    "--choose difficulty=tragedy makes a choice a text declares for its campaign's setup "
    "('difficulty is a choice of the campaign, standard for bots: ...'): a new campaign's "
    "only; at a terminal a new campaign asks each choice not given, else the bots' member is "
    "taken.\n\n"
    "Example: chronicler play six-winters --seed 7 --bot heuristic --characters Parin,Kanun"
)


def register(app: typer.Typer) -> None:
    app.command("play", help=PLAY_HELP)(play_command)


def play_command(
    game: str | None = typer.Argument(
        None,
        help="The ruleset to play: a name (six-winters) or the folder of its text (default: the "
        "current campaign's).",
        show_default=False,
    ),
    seed: int = typer.Option(
        1, "--seed", help="Seed of the dice, the decks and the bot.", min=0, max=SEED_MAX
    ),
    bot: str | None = typer.Option(
        None,
        "--bot",
        help="The bot (default: the ruleset's own). Six Winters: heuristic, finale-first (gives "
        "the year before the finale up for it), lookahead (searches copies of the game, slower) "
        "or random; Seasons: heuristic, lookahead (plays out its placements, slower), ismcts "
        "(a tree search over its placements, slower), random, or one a seat "
        "(heuristic,random); a game written in text: random.",
        show_default=False,
    ),
    players: int | None = typer.Option(
        None,
        "--players",
        min=1,
        help="How many players, for a game played by seats (default: the fewest it allows).",
        show_default=False,
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
        None,
        "--campaign",
        help="Record the session into this journal campaign (its next year; a game played by "
        "seats: its next game).",
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
    people: str | None = typer.Option(
        None,
        "--people",
        help="Seats people play at this terminal, comma-separated (1,3): hot-seat, a hand-over "
        "screen between people; a game played by seats only.",
        show_default=False,
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="Play on the campaign's game stopped at the table (--campaign): replayed from its "
        "recorded answers, with its own seats, seed, people and bots.",
    ),
    dice: str = typer.Option(
        "generator",
        "--dice",
        help="Where the dice come from at the table (--people): generator (seeded by --seed) "
        "or table (each die typed at the terminal as the table rolls it).",
    ),
    notes: list[str] = typer.Option(  # noqa: B008 (typer's way to take a repeated option)
        [],
        "--note",
        help="A line of narration recorded with the game (--campaign); repeat it for more. "
        "People at the table add more by typing 'note TEXT' at any question.",
        show_default=False,
    ),
    choose: list[str] = typer.Option(  # noqa: B008 (typer's way to take a repeated option)
        [],
        "--choose",
        help="A choice of a new campaign's setup, NAME=MEMBER (difficulty=tragedy); repeat it "
        "for more. Not given: asked at a terminal, else the text's member for bots.",
        show_default=False,
    ),
) -> None:
    from dsl.contract import GameSetup
    from journal.rulesets import find_ruleset

    found = find_ruleset(game, db)
    if replay_game is not None:
        from journal.playtest.replay import show_replay

        show_replay(found, replay_game, store_file, year=year, as_json=as_json)
        return
    if found.engine is None or found.bots is None:  # a game a GM runs (tags-and-tracks)
        raise ChroniclerError(
            f"{found.name} has no bots to play it: a GM runs it at the table, or its "
            "procedure is not written yet"
        )
    if bot is None:
        bot = found.bots.default
    if bot not in found.bots.names():
        raise UsageError(f"unknown bot {bot!r}; known: {', '.join(sorted(found.bots.names()))}")
    chosen = tuple(name.strip() for name in (characters or "").split(",") if name.strip())
    player = found.bots.make(bot, seed)
    whole = found.campaign is None and found.journal.keeper == "journal.world"
    if (people is not None or resume) and not whole:
        raise UsageError("--people and --resume: for a game played by seats only")
    if resume and people is not None:
        raise UsageError("--resume plays on with the people the game was begun with: drop --people")
    if notes and (campaign_name is None or not whole):
        raise UsageError(
            "--note: the narration is kept with a game played by seats recorded (--campaign)"
        )
    if dice not in ("generator", "table"):
        raise UsageError(f"--dice {dice!r}: generator or table")
    if dice == "table" and resume:
        raise UsageError("--resume plays on with the dice the game was begun with: drop --dice")
    if dice == "table" and people is None:
        raise UsageError("--dice table: the dice are typed by people at the table (--people)")
    chosen_at_setup = _choices_given(found, choose)
    if chosen_at_setup and resume:
        raise UsageError(
            "--resume plays on with the choices the game was begun with: drop --choose"
        )
    if people is not None or resume:
        _play_at_table(
            found, seed, players, bot, player, people, notes, campaign_name, db, as_json, resume,
            table_dice=dice == "table", choices=chosen_at_setup,
        )  # fmt: skip
        return
    if campaign_name is not None and not whole:
        if found.campaign is None:
            raise UsageError(f"--campaign: the journal keeps no campaign of {found.name} to play")
        if players is not None:
            raise UsageError("--players: a campaign's year is played by its characters")
        played, played_year, where = _play_into_journal(
            found, campaign_name, db, seed, player, list(chosen) or None, year, solo=solo
        )
    else:
        options: dict[str, int | bool | str] = {}
        if year is not None:
            options["year"] = year
        if solo:
            options["solo"] = True
        carried = _campaign_left(found, campaign_name, db) if campaign_name is not None else {}
        if campaign_name is not None and not carried:  # a new campaign: its setup's choices
            chosen_at_setup = _asked(found, chosen_at_setup)
        options.update(chosen_at_setup)
        setup = GameSetup(
            seed=seed, seats=players, characters=chosen, options=options, carried=carried
        )
        played = _play(found.engine.new_game(setup, player), player)
        if campaign_name is not None:  # a game played by seats: recorded whole, as one session
            played_year, where = _record_whole(found, campaign_name, db, played, bot, seed, notes)
    if as_json:
        for event in played.events:
            typer.echo(json.dumps({"kind": event.kind, **event.data}, sort_keys=True))
        return
    console = Console(highlight=False, soft_wrap=True, width=100)
    for line in found.journal.account.narrate(played.events):
        console.print(line, markup=True)
    outcome = found.engine.outcome(played)
    for line in outcome.lines:
        console.print(line, markup=True)
    if campaign_name is not None:
        said = "game" if whole else "year"
        console.print(
            f"Recorded {said} {played_year} into campaign {escape(campaign_name)} in {where}."
        )


def _choices_given(found: Ruleset, given: list[str]) -> dict[str, str]:
    """``--choose NAME=MEMBER``, each by its name (the engine checks the member)."""
    if not given:
        return {}
    declared = getattr(found.engine, "choices", None)
    known = declared() if declared is not None else {}
    out: dict[str, str] = {}
    for said in given:
        name, _, member = said.partition("=")
        name, member = " ".join(name.split()), member.strip()
        if not name or not member:
            raise UsageError(f"--choose {said!r}: write NAME=MEMBER, as in difficulty=standard")
        if name.casefold() not in known:
            names = ", ".join(d.name for d in known.values()) or "none"
            raise UsageError(
                f"--choose {name}: {found.name} has no such choice (its choices: {names})"
            )
        out[known[name.casefold()].name] = member
    return out


def _at_terminal() -> bool:
    """Whether a person answers at this terminal (a choice not given is asked)."""
    import sys

    isatty = getattr(sys.stdin, "isatty", None)  # a stand-in input may not say
    return bool(isatty is not None and isatty())


def _asked(found: Ruleset, given: dict[str, str]) -> dict[str, str]:
    """A new campaign's choices: those given, each other one asked at a terminal (its bots'
    member the default); with no terminal the bots' member stands (the engine's start)."""
    declared = getattr(found.engine, "choices", None)
    if declared is None or not _at_terminal():
        return given
    out = dict(given)
    for decl in declared().values():
        if decl.name not in out:
            listed = ", ".join(
                m if t.casefold() == m.casefold() else f"{m} ({t})"
                for m, t in zip(decl.members, decl.titles, strict=True)
            )
            out[decl.name] = typer.prompt(
                f"The campaign's {decl.name}: {listed}", default=decl.default
            )
    return out


def _campaign_left(found: Ruleset, name: str, db: str | None) -> dict[str, Any]:
    """What the campaign's last game left for the next (a game played by seats whose sessions
    make a campaign: ``dsl.world.together``); ``{}`` for a new campaign."""
    from journal.db import open_journal
    from journal.world.recording import campaign_left

    with open_journal(db) as journal, journal.reading() as s:
        return campaign_left(s, name, found)


def _record_whole(
    found: Ruleset,
    name: str,
    db: str | None,
    played: Game,
    bot: str,
    seed: int,
    notes: list[str] | None = None,
) -> tuple[int, str]:
    """Record a finished game played by seats as the campaign's next session (a new campaign
    is started), with the narration people added; returns the game's number in the campaign
    and where the journal is."""
    from journal.db import open_journal
    from journal.world.recording import record_game

    with open_journal(db) as journal:
        number = journal.write(
            lambda s: record_game(s, name, found, played, bot.split(","), seed, notes or [])[1]
        )
        return number, journal.where


def _play_at_table(
    found: Ruleset,
    seed: int,
    players: int | None,
    bot: str,
    player: Bot,
    people: str | None,
    notes: list[str],
    campaign_name: str | None,
    db: str | None,
    as_json: bool,
    resume: bool = False,
    *,
    table_dice: bool = False,
    choices: dict[str, str] | None = None,
) -> None:
    """People at this terminal (``journal/hotseat.py``) and bots in the other seats; the
    game's public account told as it is played, its end told to the whole table. With
    ``resume``, the campaign's stopped game is replayed from its recorded answers and played
    on with its own seats, seed and bots. ``table_dice``: every die is typed at the terminal
    (a game resumed keeps where its dice came from). ``choices``: a new campaign's setup
    choices (``--choose``; each other one asked at a terminal), recorded with the game so a
    game resumed or amended is set up with them again."""
    from journal.hotseat import HotSeat, Terminal, seats_of

    assert found.engine is not None  # play_command asked
    if as_json:
        raise UsageError("--json: a game played at the table is told on the terminal")
    if campaign_name is None:
        if resume:
            raise UsageError("--resume: name the campaign whose stopped game to play on")
        assert people is not None  # play_command asked
        game = _new_game(
            found, seed, players, player, table_dice, None, _asked(found, choices or {})
        )
        seats, names = _seats(game)
        seat = HotSeat(
            game, player, seats_of(people, len(seats)), Terminal(_console()), names,
            found.journal.account.narrate, dice=table_dice,
        )  # fmt: skip
        _at_table(game, seat, None)
        _tell_the_end(found, game, seat)
        return
    from journal.db import open_journal
    from journal.world.live import Live

    with open_journal(db, create=not resume) as journal:
        from journal.world.recording import campaign_left

        with journal.reading() as s:  # the campaign's next session: from what the last left
            carried = campaign_left(s, campaign_name, found)
        if resume:
            resumed = Live.resume(journal, campaign_name, found)
            chosen = tuple(
                s for s, b in zip(resumed.seats, resumed.bots, strict=False) if b == "person"
            )
            played = [found.bots.default if b == "person" else b for b in resumed.bots]  # type: ignore[union-attr]
            by_seat, seed, table_dice = resumed.bots, resumed.seed, resumed.dice == "table"
            # one bot for every seat when they agree (a game written in text has no bot a seat)
            named = played[0] if len(set(played)) == 1 else ",".join(played)
            player = found.bots.make(named, seed)  # type: ignore[union-attr]
            made = resumed.chosen  # the choices the game was begun with
            game = _new_game(found, seed, len(resumed.seats), player, table_dice, carried, made)
            for answer in resumed.answers:  # the game as it stood when it stopped
                if game.pending() is None:
                    raise ChroniclerError(
                        f"campaign {campaign_name!r}: the recorded answers go past the game's "
                        "end; it cannot be resumed"
                    )
                game.apply(answer)
        else:
            made = dict(choices or {}) if carried else _asked(found, choices or {})  # its setup's
            game = _new_game(found, seed, players, player, table_dice, carried, made)
        seats, names = _seats(game)
        if not resume:
            chosen = seats_of(people or "", len(seats))
            bots = bot.split(",")  # one a seat, in seat order (heuristic,random)
            by_seat = [
                "person" if s in chosen else bots[i % len(bots)] for i, s in enumerate(seats)
            ]
        console = _console()
        seat = HotSeat(
            game, player, chosen, Terminal(console), names, found.journal.account.narrate,
            dice=table_dice,
        )  # fmt: skip
        live = Live(
            journal, campaign_name, found, tuple(seats), by_seat, seed,
            dice="table" if table_dice else "generator", chosen=made,
        )  # fmt: skip
        if resume:
            live.caught_up(game, resumed.number)
            seat.told = live.told
            number = resumed.number
            console.print(
                f"Playing game {number} of {escape(campaign_name)} on from round {live.round}, "
                f"after its {len(resumed.answers)} answers."
            )
            for text in notes:
                live.noted(text)
        else:
            number = live.begin(game, notes)
        seat.on_note = live.noted
        _at_table(game, seat, live)
        live.finish(game)
        where = journal.where
    _tell_the_end(found, game, seat)
    console.print(
        f"Recorded game {number} into campaign {escape(campaign_name)} in {where}, move by move."
    )


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True, width=100)


def _new_game(
    found: Ruleset,
    seed: int,
    players: int | None,
    player: Bot,
    table_dice: bool = False,
    carried: dict[str, Any] | None = None,
    chosen: dict[str, str] | None = None,
) -> Game:
    """``carried``: what the campaign's last game left, for the next session of a campaign;
    ``chosen``: the choices of a new campaign's setup (``--choose``)."""
    from dsl.contract import GameSetup

    assert found.engine is not None  # play_command asked
    options: dict[str, int | bool | str] = {"dice": "table"} if table_dice else {}
    options.update(chosen or {})
    setup = GameSetup(seed=seed, seats=players, options=options, carried=carried or {})
    return found.engine.new_game(setup, player)


def _seats(game: Game) -> tuple[list[str], dict[str, str]]:
    """The game's seats and the name each is shown by (a world game's ``state``)."""
    state = getattr(game, "state", None)
    seats = [str(p) for p in getattr(state, "players", [])]
    names = {str(k): str(v) for k, v in dict(getattr(state, "names", {}) or {}).items()}
    return seats, names


def _tell_the_end(found: Ruleset, game: Game, seat: Any) -> None:
    """What followed the last answer, then the outcome, to the whole table."""
    assert found.engine is not None
    seat.hand_to_table()
    seat._tell_public()
    for line in found.engine.outcome(game).lines:
        seat.terminal.console.print(line, markup=True)


def _at_table(game: Game, seat: Any, live: Any) -> None:
    """Play at the table; stopped before its end (Ctrl-C, the input closed), the recording
    says where and keeps what was played."""
    answered = None
    if live is not None:

        def answered(decision: Any, asked_at: int) -> None:
            live.answered(
                game, decision.who, decision.prompt, asked_at, seat.last_answer,
                rolled=decision.kind == "roll",
            )  # fmt: skip

    try:
        from journal.hotseat import play_at_table

        play_at_table(game, seat, answered)
    except KeyboardInterrupt:
        seat.hand_to_table()
        if live is not None:
            live.stopped("stopped at the table (Ctrl-C)")
        raise ChroniclerError(
            "the game was stopped at the table before its end"
            + ("; what was played is recorded up to there" if live is not None else "")
        ) from None
    except ChroniclerError as error:  # the input closed: no one answers
        seat.hand_to_table()
        if live is not None:
            live.stopped(str(error))
            raise ChroniclerError(
                f"{error.message}; what was played is recorded up to there",
                exit_code=error.exit_code,
            ) from None
        raise


def _play(game: Game, bot: Bot) -> Game:
    """Play the game to its end: each question answered by the bot from what its seat sees."""
    uses = bot.uses_observation
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(game.observation(decision.who) if uses else None, decision))
    return game


def _play_into_journal(
    found: Ruleset,
    name: str,
    db: str | None,
    seed: int,
    player: Bot,
    chosen: list[str] | None,
    year: int | None,
    *,
    solo: bool,
) -> tuple[Game, int, str]:
    """Play the campaign's next year from its stored state, recording every event as it comes.

    The campaign starts from the played text's own map and sheets, and is recorded with that
    ruleset's name (a designer's copy, by its folder's name); it is played on with that ruleset
    only. Returns the session played, its year and where the journal is."""
    import random

    from journal import lease
    from journal.catalogue import from_compiled, load_catalogue
    from journal.db import open_journal
    from journal.six_winters import ledger, table
    from journal.six_winters.recording import Recorder
    from rules import registry

    campaigns = found.campaign
    assert campaigns is not None  # play_command asked
    default = found == registry.default()
    # a copy's own cards, never the default text's (a renamed location was a KeyError)
    compiled = found.compiled()
    catalogue = load_catalogue() if default else from_compiled(compiled, found.load())
    if catalogue is not None and not default:
        catalogue.game = found  # its campaign starts from the copy's map, not the default's
    recorded_as = {} if default else {"ruleset": found.name, "version": str(compiled.version)}
    game_name = found.name
    name = name.strip()  # as 'campaign start' and every journal verb keep it
    # the lease tells another process this year is being played, not left by a kill
    with open_journal(db) as journal, lease.recording(journal.path, name):

        def stored(s: Session) -> dict[str, Any]:
            found = next((c for c in ledger.campaigns(s) if c.name == name), None)
            if found is None:
                found = table.start_campaign(s, name, catalogue, **recorded_as)
            if found.ruleset != game_name:
                raise ChroniclerError(
                    f"campaign {name!r} plays {found.ruleset}; play it on with that ruleset, "
                    f"not {game_name}"
                )
            row = ledger.latest_state(s, found)
            fate = ledger.campaign_end(s, found).fate
            if fate or (row is not None and row.state.get("fate")):
                raise ChroniclerError(
                    f"campaign {name!r} has ended after year 6 ({fate}); "
                    "start another campaign to play again"
                )
            if row is None or not row.state.get("map"):
                raise ChroniclerError(f"campaign {name!r} holds no engine campaign state to play")
            return dict(row.state)

        state_json = journal.write(stored)
        try:
            campaign = campaigns.campaign_from_json(json.dumps(state_json))
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
            chosen = campaigns.choose_characters(player, campaign)
        elif len(chosen) != (wanted := 2 if solo else campaigns.characters_a_session()):
            raise UsageError(
                f"--characters takes {counted(wanted, 'character')}, got {len(chosen)}"
            )
        session = campaigns.new_session(
            campaign, rng.randrange(2**31), chosen, solo=solo, bot=player
        )
        recorder = Recorder(journal, name, create=False, catalogue=catalogue)
        fed = 0
        uses = player.uses_observation
        while True:
            fed = _feed(recorder, session, fed, campaigns.stable_events(session))
            decision = session.pending()
            if decision is None:
                break
            obs = session.observation(decision.who) if uses else None
            session.apply(player.choose(obs, decision))
        _feed(recorder, session, fed, len(session.events))
        recorder.end_session(campaigns.end_session(campaign, session))
        return session, campaign.year, journal.where


def _feed(recorder: Recorder, session: Game, fed: int, stable: int) -> int:
    """Give the recorder the events no piece in progress can take back (the first ``stable``);
    returns how many it has had."""
    for event in session.events[fed:stable]:
        recorder.on_event(event)
    return max(fed, stable)
