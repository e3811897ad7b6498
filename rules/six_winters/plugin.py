"""Six Winters as everyone outside the ruleset uses it: the one object this package registers
(``RULESET``, the entry point ``six-winters`` of ``chronicler.rulesets`` in ``pyproject.toml``).

Each part of the contract (``dsl.contract``) is a small object bound to a folder of the text (the
shipped one or a designer's copy); the engine's modules are imported when a part is first used,
so finding the ruleset costs nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl.contract import (
    Bot,
    CampaignRecord,
    Facts,
    Game,
    GameSetup,
    JournalPart,
    Outcome,
    Printing,
    Ruleset,
    SitePages,
    TableVerb,
    TableWork,
)
from dsl.diagnostics import counted
from dsl.errors import ChroniclerError, UsageError

if TYPE_CHECKING:
    from dsl.behaviour import Fixture
    from dsl.compiler import CompiledRuleset
    from dsl.diagnostics import Diagnostic
    from dsl.kernel.machine import Event
    from dsl.runtime import Decision

    from .cards import Ruleset as SixWintersRules
    from .session import Session
    from .state import CampaignState

FOLDER = Path(__file__).resolve().parent
PRIMITIVES = "rules.six_winters.primitives"


def _rules(folder: Path) -> SixWintersRules:
    from .session import load_ruleset

    return load_ruleset(folder)


@dataclass(frozen=True)
class Reader:
    def load(self, folder: Path) -> object:
        return _rules(folder)

    def compiled(self, folder: Path) -> CompiledRuleset:
        return _rules(folder).compiled


@dataclass
class YearGame:
    """A year of the campaign in play: its session, and the campaign it started from (what
    the year's end is applied to)."""

    session: Session
    campaign: CampaignState

    @property
    def events(self) -> Sequence[Event]:
        return self.session.events

    def pending(self) -> Decision | None:
        return self.session.pending()

    def apply(self, answer: Any) -> None:
        self.session.apply(answer)

    def observation(self, who: str | None = None) -> dict[str, Any]:
        return self.session.observation(who)


def _year_game(game: Game) -> YearGame:
    if not isinstance(game, YearGame):
        raise TypeError(f"not a year of Six Winters: {type(game).__name__}")
    return game


def _state(campaign: CampaignRecord) -> CampaignState:
    from .state import CampaignState

    if not isinstance(campaign, CampaignState):
        raise TypeError(f"not a Six Winters campaign: {type(campaign).__name__}")
    return campaign


def _bind(bot: Bot | None, session: Session) -> None:
    bind = getattr(bot, "bind", None)
    if bind is not None:  # a bot that reads the session's cards or searches its copies
        bind(session)


@dataclass(frozen=True)
class Engine:
    """A year of a campaign: the years before it are played by the same bot first."""

    folder: Path

    def new_game(self, setup: GameSetup, bot: Bot) -> YearGame:
        from .campaign import choose_characters, end_session
        from .session import characters_a_year, near_names, new_campaign, new_session

        ruleset = _rules(self.folder)
        options = dict(setup.options)
        year = int(options.pop("year", 1))
        solo = bool(options.pop("solo", False))
        for unknown in options:
            raise UsageError(f"--{unknown} is not an option of Six Winters")
        if setup.seats is not None:
            raise UsageError("--players: Six Winters is played by characters (--characters)")
        years = ruleset.value("years", 6)
        if not 1 <= year <= years:
            raise UsageError(f"--year must be 1-{years}, got {year}")
        chosen = list(setup.characters)
        for name in chosen:
            if name not in ruleset.characters:
                raise ChroniclerError(
                    f"unknown character {name!r}{near_names(name, sorted(ruleset.characters))}"
                )
        wanted = 2 if solo else characters_a_year(ruleset)
        if chosen and len(chosen) != wanted:
            raise UsageError(f"--characters takes {wanted} characters, got {len(chosen)}")
        rng = random.Random(setup.seed)  # as play_campaign: the same seed, the same years
        campaign = new_campaign(ruleset)
        while True:
            picked = chosen or choose_characters(bot, campaign, ruleset)
            session = new_session(ruleset, campaign, rng.randrange(2**31), picked, solo=solo)
            _bind(bot, session)
            if campaign.year == year:
                return YearGame(session, campaign)
            from dsl.kernel.machine import play

            play(session, bot)
            campaign = end_session(campaign, session)

    def outcome(self, game: Game) -> Outcome:
        from .account import _esc
        from .campaign import end_session

        year = _year_game(game)
        result = year.session.result()
        after = end_session(year.campaign, year.session)
        seats = tuple(c.name for c in year.session.state.characters)
        lines = [
            f"[bold]{'Victory' if result.won else 'Defeat'}[/] in year {result.year} "
            f"({_esc(result.reason)}): {counted(result.scenes_completed, 'scene')}, "
            f"{result.threat_left} threat left."
        ]
        if after.fate:
            lines.append(f"Brightdune's fate: {_esc(after.fate)}; campaign score {after.score}.")
        return Outcome(
            seats=seats,
            winners=seats if result.won else (),
            scores={},
            reason=result.reason,
            lines=tuple(lines),
        )


@dataclass(frozen=True)
class Bots:
    default: str = "heuristic"

    def names(self) -> tuple[str, ...]:
        from .bots import BOTS

        return tuple(BOTS)

    def make(self, name: str, seed: int) -> Bot:
        from .bots import BOTS

        made: Bot = BOTS[name](seed)
        return made


@dataclass(frozen=True)
class Fixtures:
    """``chronicler test``: a behaviour fixture's table set on a session, its text run."""

    def __call__(self, fixture: Fixture, compiled: CompiledRuleset) -> list[Diagnostic]:
        from .fixtures import run

        return run(fixture, compiled)


@dataclass(frozen=True)
class Account:
    def narrate(self, events: Sequence[Event]) -> list[str]:
        from .account import narrate

        return narrate(list(events))


@dataclass(frozen=True)
class Campaign:
    """The six years: each year's session starts from the campaign and ends into the next."""

    folder: Path

    def new_campaign(self) -> CampaignState:
        from .session import new_campaign

        return new_campaign(_rules(self.folder))

    def campaign_from_json(self, text: str) -> CampaignState:
        from .state import CampaignState

        return CampaignState.from_json(text)

    def characters_a_session(self) -> int:
        from .session import characters_a_year

        return characters_a_year(_rules(self.folder))

    def choose_characters(self, bot: Bot, campaign: CampaignRecord) -> list[str]:
        from .campaign import choose_characters

        return choose_characters(bot, _state(campaign), _rules(self.folder))

    def new_session(
        self,
        campaign: CampaignRecord,
        seed: int,
        characters: Sequence[str],
        *,
        solo: bool = False,
        bot: Bot | None = None,
    ) -> YearGame:
        from .session import new_session

        start = _state(campaign)
        session = new_session(_rules(self.folder), start, seed, characters, solo=solo)
        _bind(bot, session)
        return YearGame(session, start)

    def stable_events(self, session: Game) -> int:
        st = _year_game(session).session.state
        stable = len(st.events)
        for frame in st.frames:
            if frame.kind == "run" and frame.data.get("snap") is not None:
                stable = min(stable, int(frame.data.get("events", stable)))
        return stable

    def end_session(self, campaign: CampaignRecord, session: Game) -> CampaignState:
        from .campaign import end_session

        return end_session(_state(campaign), _year_game(session).session)

    def play_campaign(self, seed: int, bot: Bot) -> Iterator[tuple[CampaignState, Session]]:
        from .campaign import play_campaign

        return play_campaign(_rules(self.folder), seed, bot)


def _campaign_json(state: Mapping[str, Any]) -> CampaignState:
    from .state import CampaignState

    return CampaignState.from_json(json.dumps(state))


@dataclass(frozen=True)
class Table:
    """A year played at a real table, applied through the card text (``campaign.py``)."""

    folder: Path

    def reads(self, rules: object) -> bool:
        from .cards import Ruleset as SixWintersRules

        return isinstance(rules, SixWintersRules)

    def session_so_far(self, state: Mapping[str, Any], record: Mapping[str, Any]) -> object:
        from .campaign import table_session

        session, _answers = table_session(
            _rules(self.folder), _campaign_json(state), dict(record), whole_year=True
        )
        return session.state

    def preview(
        self,
        state: Mapping[str, Any],
        record: Mapping[str, Any],
        *,
        places: Mapping[str, str] | None = None,
        picks: Sequence[str] = (),
    ) -> list[str]:
        from .campaign import preview_table_scenes

        return preview_table_scenes(
            _rules(self.folder),
            _campaign_json(state),
            dict(record),
            places=dict(places or {}),
            picks=picks,
        )

    def apply_session(
        self,
        state: Mapping[str, Any],
        record: Mapping[str, Any],
        *,
        places: Mapping[str, str] | None = None,
        reduce: Mapping[str, str] | None = None,
        picks: Sequence[str] = (),
    ) -> tuple[CampaignState, list[str]]:
        from .campaign import apply_table_year

        return apply_table_year(
            _rules(self.folder),
            _campaign_json(state),
            dict(record),
            places=dict(places or {}),
            reduce=dict(reduce or {}),
            picks=picks,
        )


@dataclass(frozen=True)
class Playtest:
    """What a simulation plays: the campaign from year 1 with one bot, each session's facts."""

    folder: Path
    supply_value: str | None = "resource dice per resource"
    ablate_kinds: tuple[str, ...] = ("ability", "asset")
    figures: tuple[str, ...] = (
        "schemes",
        "pairs",
        "losses",
        "conditions",
        "runouts",
        "card use",
        "cards",
        "scenes",
    )

    @property
    def sessions(self) -> int:
        return _rules(self.folder).value("finale year", 6)

    def play(self, bot: str, seed: int, last: int) -> list[Facts]:
        from .bots import make_bot
        from .playtest import play_sessions

        return play_sessions(_rules(self.folder), make_bot(bot, seed), seed, last)

    def replay(self, sessions: Sequence[Facts]) -> YearGame:
        from .playtest import replay_sessions

        if not sessions:
            raise ChroniclerError("no session to replay")
        session, campaign = replay_sessions(_rules(self.folder), sessions)
        return YearGame(session, campaign)


# The table verbs of a campaign of Six Winters (``journal/commands.py``).
VERBS = (
    TableVerb(("setup",), TableWork.SET_UP),
    TableVerb(("year", "start"), TableWork.START_SESSION),
    TableVerb(("year", "end"), TableWork.END_SESSION),
    TableVerb(("year", "reopen"), TableWork.REOPEN_SESSION),
    TableVerb(("scene", "record"), TableWork.RECORD),
    TableVerb(("scene", "amend"), TableWork.AMEND),
    TableVerb(("scene", "delete"), TableWork.DELETE),
    TableVerb(("scene", "narrate"), TableWork.NARRATE),
    TableVerb(("chronicle",), TableWork.CHRONICLE),
)
# What a campaign keeps, a year at a time (``journal/models.py``).
ENTRIES = ("year", "scene", "card played", "chronicle entry", "map", "campaign state", "event")


@dataclass(frozen=True)
class Plugin:
    name: str = "six-winters"
    folder: Path = FOLDER
    primitives: str | None = PRIMITIVES

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        return Ruleset(
            name=name,
            folder=folder,
            package=__name__.rpartition(".")[0],
            shipped=shipped,
            reader=Reader(),
            journal=JournalPart(
                account=Account(),
                table="Six Winters table",
                verbs=VERBS,
                entries=ENTRIES,
                site=SitePages.YEARS,
            ),
            printing=Printing(folder / "faces"),
            engine=Engine(folder),
            bots=Bots(),
            playtest=Playtest(folder),
            fixtures=Fixtures(),
            campaign=Campaign(folder),
            table=Table(folder),
        )


RULESET = Plugin()
