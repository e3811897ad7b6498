"""The ruleset contract: what one ruleset gives everyone who uses it, typed.

A ruleset package registers ONE ``RulesetPlugin`` (its ``plugin.py``), declared as an entry point
of the group ``chronicler.rulesets`` in ``pyproject.toml``; ``rules/registry.py`` finds the
plugins through ``importlib.metadata`` and binds each to a folder of text (its own, or a
designer's copy), which gives a ``Ruleset``. A folder of text with no engine of its own gets the
world engine's (``rules/text``). Everyone else (the command line, ``simulate``, ``print``,
``odds``, the journal and its site) calls only what a ``Ruleset`` holds:

- ``engine``: a new game from a seed, seats or characters and options, and what its end says;
- ``bots``: the bots that play it, by name;
- ``journal``: how its events read (``account``), its table verbs, the kinds of entries it
  keeps in the journal's one log, which pages its campaigns publish, and the module of the
  journal that keeps its campaigns (``keeper``);
- ``printing``: the folder of its card faces;
- ``playtest``: what ``simulate`` plays and stores of each game;
- ``odds``: the exact odds of its dice pool;
- ``fixtures``: how ``chronicler test`` sets its table and runs a behaviour fixture;
- ``campaign``, ``table``, ``story``: for a game whose sessions make a campaign, its table
  companion, and a game a GM runs with character sheets.

A part the ruleset has not got is ``None`` (or empty), and whoever needs it says so in one line.
The parts are objects bound to the folder, so a call is one a type checker and the import
checker can follow: nothing is found by a name built from words. What crosses is typed by
these protocols; only game data (an answer, an observation, a JSON state) is ``Any`` inside its
container.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from dsl.behaviour import Fixture
    from dsl.compiler import CompiledRuleset
    from dsl.diagnostics import Diagnostic, Diagnostics
    from dsl.kernel.machine import Event
    from dsl.runtime import Decision

# What a bot is shown at a question: the player's observation (JSON-like), or nothing.
Observation = dict[str, Any] | None
# One stored game's facts as the simulation store keeps them (``journal/playtest/store.py``).
Facts = dict[str, Any]


# ---- the engine ------------------------------------------------------------------------------


class Game(Protocol):
    """One game (or one session of a campaign) in progress, OpenSpiel-shaped: the question
    pending, the answer applied, what a player sees, and every change told as an event."""

    @property
    def events(self) -> Sequence[Event]: ...

    def pending(self) -> Decision | None: ...

    def apply(self, answer: Any) -> None: ...

    def observation(self, who: str | None = None) -> dict[str, Any]: ...


class Bot(Protocol):
    """A player the program plays: it answers each question from what its seat may see."""

    uses_observation: bool

    def choose(self, observation: Observation, decision: Decision) -> Any: ...


BotMaker = Callable[[int], Bot]  # a bot from its seed


@dataclass(frozen=True)
class GameSetup:
    """What a new game is set up with. ``seats``: how many players (``None``: the fewest the
    ruleset allows); ``characters``: who plays, where the game has characters to choose (empty:
    a bot chooses); ``options``: the ruleset's own (``year``, ``solo``...), each refused with
    its name by a ruleset that has no such option."""

    seed: int = 0
    seats: int | None = None
    characters: tuple[str, ...] = ()
    options: Mapping[str, int | bool | str] = field(default_factory=dict)
    # a session of a campaign: what the last one left (its ``Outcome.carried``, as the journal
    # kept it); empty: a new campaign, or a game that is no campaign's
    carried: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who played, who won (every seat or none in a cooperative
    game), the scores, why, and the closing lines ``chronicler play`` prints (Rich markup)."""

    seats: tuple[str, ...]
    winners: tuple[str, ...]
    scores: Mapping[str, int]
    reason: str
    lines: tuple[str, ...]
    # each seat's score by category, when the game scores by categories (the journal keeps it)
    categories: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    # a game played together: its result in the text's words ("Major Victory") and the table's
    # one score; "" and None for a game whose seats are ranked, or a session the campaign goes
    # on from
    result: str = ""
    score: int | None = None
    # a session of a campaign: what it leaves for the next (``GameSetup.carried``); the last
    # session's too (the state the campaign ended in), its ``result`` saying it is the last
    carried: Mapping[str, Any] = field(default_factory=dict)


class Engine(Protocol):
    """How a ruleset's game is set up and read at its end."""

    def new_game(self, setup: GameSetup, bot: Bot) -> Game:
        """A game ready for its first question. ``bot`` makes the choices the setup asks
        outside the game (characters) and plays what comes before it (the years before
        ``year`` of a campaign); a bot that reads the game is bound to it."""
        ...

    def outcome(self, game: Game) -> Outcome: ...


class Bots(Protocol):
    """The bots of a ruleset, by name."""

    @property
    def default(self) -> str: ...

    def names(self) -> tuple[str, ...]: ...

    def make(self, name: str, seed: int) -> Bot: ...


# ---- the journal -----------------------------------------------------------------------------


class Account(Protocol):
    """How a ruleset's events read to people: readable lines in Rich markup (names escaped)."""

    def narrate(self, events: Sequence[Event]) -> list[str]: ...


class TableWork(StrEnum):
    """What a table verb does, in every game's words: a verb of one ruleset used on another's
    campaign is answered with the verb that does the same there."""

    START_SESSION = "start a session"
    END_SESSION = "end a session"
    REOPEN_SESSION = "reopen a session"
    RECORD = "record what the table played"
    AMEND = "amend what was recorded"
    DELETE = "take back what was recorded"
    NARRATE = "tell the story"
    ADD_CHARACTER = "add a character"
    SHOW_CHARACTER = "show a character"
    ROLL = "roll at the table"
    SET_UP = "set up the table"
    CHRONICLE = "write a character's chronicle"
    TRACK = "keep a track"
    CHANGE_CHARACTER = "change a character"
    LIST = "list what was recorded"


@dataclass(frozen=True)
class TableVerb:
    """A verb of the command line that belongs to one ruleset's table: its path (``("year",
    "start")``) and what it does."""

    path: tuple[str, ...]
    does: TableWork

    @property
    def words(self) -> str:
        return " ".join(self.path)


class SitePages(StrEnum):
    """Which pages a campaign of the ruleset publishes (``journal/website``)."""

    YEARS = "years"  # the campaign's years: timeline, a page per year and part, the map
    STORY = "story"  # the story told at a GM's table: sessions, sheets over time, tracks
    GAMES = "games"  # games played by seats: each game's rounds, tracks and scores; standings
    NONE = "none"  # no campaign site (a ruleset whose campaigns the journal does not keep)
    EXPEDITION = "expedition"  # a GM's expedition: its story, encounters by round, sheets


@dataclass(frozen=True)
class JournalPart:
    """What the journal keeps of a ruleset's campaigns and how it shows them.

    ``keeper`` names the module of the journal (``journal/<ruleset>/``) that keeps its
    campaigns in the journal's one ledger: the model of each kind of entry its campaigns keep
    in the log (``entries``), the table those entries make (a sheet, a track), the tables it
    keeps of its own, if any; ``journal/keepers.py`` lists the modules a contract may name.
    ``None``: the journal keeps no campaign of it."""

    account: Account
    table: str  # the heading its table verbs are listed under ("Six Winters table")
    verbs: tuple[TableVerb, ...] = ()
    entries: tuple[str, ...] = ()  # the kinds of entries its campaigns keep in the log, in order
    site: SitePages = SitePages.NONE
    keeper: str | None = None  # "journal.tags_and_tracks"

    def verb(self, path: Sequence[str]) -> TableVerb | None:
        """The table verb at ``path`` (or the group it is under: ``track`` for ``track
        add``), if it is this ruleset's."""
        wanted = tuple(path)
        for verb in self.verbs:
            if wanted[: len(verb.path)] == verb.path:
                return verb
        return None


# ---- printing, odds, sheets ------------------------------------------------------------------


@dataclass(frozen=True)
class Printing:
    """Where the layouts of its cards are: ``faces.toml``, ``<kind>.svg.j2`` (or ``card.svg.j2``
    for every kind), ``back.svg.j2`` and ``icons/`` (``journal/printing/faces.py``); ``under``:
    the folders whose layouts draw the kinds ``faces`` does not (``journal/printing/layouts.py``).
    """

    faces: Path
    under: tuple[Path, ...] = ()


class PoolSize(Protocol):
    @property
    def dice(self) -> int: ...

    @property
    def cuts(self) -> int: ...


class PoolOdds(Protocol):
    """The exact odds of a dice pool: each result band, and at least N hits."""

    @property
    def dice(self) -> int: ...

    @property
    def cuts(self) -> int: ...

    @property
    def bands(self) -> dict[str, Fraction]: ...

    @property
    def at_least(self) -> dict[int, Fraction]: ...


class DicePoolOdds(Protocol):
    """``chronicler odds``: a pool's size from the roll's circumstances, and its exact odds
    computed from the ruleset's text."""

    @property
    def max_dice(self) -> int:
        """The most dice the odds are computed for."""
        ...

    def dice_and_cuts(
        self,
        ruleset: CompiledRuleset,
        *,
        level: int,
        easy: bool = False,
        assist: int = 0,
        hard: bool = False,
        far: bool = False,
        cuts: int = 0,
    ) -> PoolSize: ...

    def roll_odds(self, ruleset: CompiledRuleset, dice: int, cuts: int = 0) -> PoolOdds: ...

    def best_chance(
        self, ruleset: CompiledRuleset, dice: int, cuts: int, points: int, target: int
    ) -> Fraction: ...


# A checker of one kind of sheet file: every problem goes into the diagnostics.
SheetChecker = Callable[[Path, "Diagnostics"], object]
# ``chronicler test``: one behaviour fixture run on the text compiled with its cards; a
# diagnostic at each line that did not hold (``dsl/behaviour.py``).
FixtureRunner = Callable[["Fixture", "CompiledRuleset"], "list[Diagnostic]"]


# ---- simulate --------------------------------------------------------------------------------


class Playtest(Protocol):
    """What ``chronicler simulate`` plays of a ruleset and what it stores of each game.

    ``sessions``: how many sessions a whole game (a campaign) has; ``supply_value``: the
    declared value ``--supply-sweep`` varies (``None``: no sweep); ``ablate_kinds``: the card
    kinds ``--ablate`` takes out; ``figures``: the report's figures its facts feed
    (``journal/playtest/figures.py``)."""

    @property
    def sessions(self) -> int: ...

    @property
    def supply_value(self) -> str | None: ...

    @property
    def ablate_kinds(self) -> tuple[str, ...]: ...

    @property
    def figures(self) -> tuple[str, ...]: ...

    def play(self, bot: str, seed: int, last: int) -> list[Facts]:
        """Play sessions 1 to ``last`` with the bot seeded ``seed``: each session's facts."""
        ...

    def replay(self, sessions: Sequence[Facts]) -> Game:
        """The last of the stored sessions rebuilt from their seeds and answers, without the
        bot (``chronicler play --replay``)."""
        ...


# ---- a campaign of sessions ------------------------------------------------------------------


class CampaignRecord(Protocol):
    """A campaign between its sessions, as the engine keeps it (JSON round trip)."""

    @property
    def year(self) -> int: ...

    @property
    def fate(self) -> str | None: ...

    @property
    def score(self) -> int | None: ...

    def to_json(self) -> str: ...


class CampaignPlay(Protocol):
    """A game whose sessions make a campaign: each session starts from the campaign and ends
    into the next campaign (``play --campaign``, the demo)."""

    def new_campaign(self) -> CampaignRecord: ...

    def campaign_from_json(self, text: str) -> CampaignRecord: ...

    def characters_a_session(self) -> int: ...

    def choose_characters(self, bot: Bot, campaign: CampaignRecord) -> list[str]: ...

    def new_session(
        self,
        campaign: CampaignRecord,
        seed: int,
        characters: Sequence[str],
        *,
        solo: bool = False,
        bot: Bot | None = None,
    ) -> Game:
        """The next session of the campaign; ``bot``, when it reads the game, is bound to it."""
        ...

    def stable_events(self, session: Game) -> int:
        """How many of the session's events no piece in progress can take back (the journal
        records those as they come)."""
        ...

    def end_session(self, campaign: CampaignRecord, session: Game) -> CampaignRecord: ...

    def play_campaign(self, seed: int, bot: Bot) -> Iterator[tuple[CampaignRecord, Game]]: ...


class CampaignTable(Protocol):
    """A campaign played at a real table and told to the journal a session at a time
    (``journal/six_winters/table.py``): the ruleset rebuilds the session from what the table
    recorded, previews what its cards did, and applies the session's end to the campaign.
    ``state`` is the campaign as the engine's JSON keeps it, ``record`` the session as the table
    recorded it; ``places``, ``reduce`` and ``picks`` answer the questions the cards ask on the
    way."""

    def reads(self, rules: object) -> bool:
        """Whether ``rules`` is this engine's own reading of the text (the catalogue's)."""
        ...

    def session_so_far(self, state: Mapping[str, Any], record: Mapping[str, Any]) -> object:
        """The session's state with the recorded parts applied: what the table checks the
        next record against (``journal/table_rules.py`` reads it)."""
        ...

    def preview(
        self,
        state: Mapping[str, Any],
        record: Mapping[str, Any],
        *,
        places: Mapping[str, str] | None = None,
        picks: Sequence[str] = (),
    ) -> list[str]:
        """What the recorded parts' texts did, one line each."""
        ...

    def apply_session(
        self,
        state: Mapping[str, Any],
        record: Mapping[str, Any],
        *,
        places: Mapping[str, str] | None = None,
        reduce: Mapping[str, str] | None = None,
        picks: Sequence[str] = (),
    ) -> tuple[CampaignRecord, list[str]]:
        """The campaign after the session, and what happened, one line each."""
        ...


# ---- a game a GM runs ------------------------------------------------------------------------


# A character's sheet is the one the text declares (``sheet "character" { ... }``, read by
# ``dsl.sheets``: its title's parts, its held reservoirs, its chains of ranks, its labelled tags);
# the journal reads it with ``dsl.sheets.load_sheet`` by the ending its ``files`` clause names.


class RollState(Protocol):
    """A roll's state (``dsl.dice.check_game.CheckState``): its dice, the roller's numbers,
    and once read, the score, band and counts; the names its answers were given."""

    @property
    def dice(self) -> list[int]: ...

    @property
    def numbers(self) -> dict[str, int]: ...

    @property
    def score(self) -> int | None: ...

    @property
    def band(self) -> str | None: ...

    @property
    def counts(self) -> dict[str, int]: ...

    @property
    def names(self) -> dict[str, str]: ...


class Roll(Game, Protocol):
    """A roll at the table, asked decision by decision like a game."""

    @property
    def state(self) -> RollState: ...


class HitsOffset(Protocol):
    @property
    def points(self) -> int: ...

    @property
    def offset(self) -> int: ...

    @property
    def left(self) -> int: ...


class StatRaised(Protocol):
    @property
    def level(self) -> int: ...

    @property
    def points(self) -> int: ...

    @property
    def xp(self) -> int: ...


class StoryRules(Protocol):
    """A game a GM runs: character sheets, a roll asked decision by decision, and what the rules
    do to a sheet outside a roll. Each takes the compiled text it judges by."""

    def new_roll(
        self,
        ruleset: CompiledRuleset,
        *,
        character: str,
        skill: str,
        level: int,
        advantages: int,
        cuts: int,
        stat: str | None,
        points: int,
        xp: int,
        seed: int,
        dice: list[int],
        table_dice: bool,
        skills: list[str],
    ) -> Roll: ...

    def dice_and_cuts(
        self,
        ruleset: CompiledRuleset,
        *,
        level: int,
        easy: bool = False,
        assist: int = 0,
        hard: bool = False,
        far: bool = False,
        cuts: int = 0,
        hindered_by: Sequence[int] = (),
    ) -> PoolSize: ...

    # how the roll reads at the table, and where it ends (the menus, the result if it stops now
    # and the spending said on the command line are any check's: ``dsl.dice.choosing``)
    @property
    def account(self) -> Any: ...

    @property
    def NotAllowed(self) -> type[Exception]: ...

    def outcome(self, roll: Any) -> Any: ...

    def consequence_level(
        self, ruleset: CompiledRuleset, *, hits: int, taken: Iterable[int]
    ) -> int: ...

    def offset_hits(self, ruleset: CompiledRuleset, *, points: int, hits: int) -> HitsOffset: ...

    def flashback(self, ruleset: CompiledRuleset, xp: int) -> int: ...

    def raise_stat(
        self,
        ruleset: CompiledRuleset,
        *,
        level: int,
        points: int,
        xp: int,
        highest_skill: int,
        in_conflict: bool,
    ) -> StatRaised: ...

    def accept_intrusion(self, ruleset: CompiledRuleset, xp: int) -> int: ...

    def refuse_intrusion(self, ruleset: CompiledRuleset, xp: int) -> int: ...

    def new_intrusion(
        self, ruleset: CompiledRuleset, *, character: str, xp: int, complication: str
    ) -> Any:
        """The GM's offer put to the character holding ``xp``: a game asking accept or refuse
        (its ``state.taken`` once answered: the words of the answer taken)."""
        ...


# ---- the ruleset -----------------------------------------------------------------------------


class Reader(Protocol):
    """How the engine reads a folder's text (each cached per folder: the text is compiled once a
    process, whoever asks first)."""

    def load(self, folder: Path) -> object:
        """The engine's own reading of the text (its ruleset object)."""
        ...

    def compiled(self, folder: Path) -> CompiledRuleset:
        """The compiled card text that reading rests on."""
        ...


@dataclass(frozen=True)
class Ruleset:
    """One ruleset over one folder of text, as everyone outside the ruleset uses it."""

    name: str  # as the command line names it ("six-winters"), or the designer's folder's
    folder: Path  # the folder of its text
    package: str  # the package whose engine plays it ("rules.six_winters"; text alone: the world's)
    shipped: bool  # its own folder (not a designer's copy)
    # its parts (left out of its repr: a ruleset is shown by its name and folder)
    reader: Reader = field(repr=False)
    journal: JournalPart = field(repr=False)
    printing: Printing = field(repr=False)
    engine: Engine | None = field(default=None, repr=False)
    bots: Bots | None = field(default=None, repr=False)
    playtest: Playtest | None = field(default=None, repr=False)
    odds: DicePoolOdds | None = field(default=None, repr=False)
    fixtures: FixtureRunner | None = field(default=None, repr=False)
    campaign: CampaignPlay | None = field(default=None, repr=False)
    table: CampaignTable | None = field(default=None, repr=False)
    story: StoryRules | None = field(default=None, repr=False)

    def load(self) -> object:
        return self.reader.load(self.folder)

    def compiled(self) -> CompiledRuleset:
        return self.reader.compiled(self.folder)


@runtime_checkable
class RulesetPlugin(Protocol):
    """What a ruleset package registers (the object its ``chronicler.rulesets`` entry point
    names): its name, its own folder, the primitives module its text declares (``None``: text
    alone), and the ``Ruleset`` over any folder of its text."""

    @property
    def name(self) -> str: ...

    @property
    def folder(self) -> Path: ...

    @property
    def primitives(self) -> str | None: ...

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset: ...


@runtime_checkable
class Rulesets(Protocol):
    """The rulesets as the command line reaches them (``ctx.obj`` of the ``chronicler`` app):
    a designer's verb in ``dsl/commands.py`` finds one without importing ``rules``."""

    def find(self, spec: str | None) -> Ruleset:
        """The ruleset named or kept in ``spec``; ``None``: the current campaign's."""
        ...

    def sheet_checkers(self) -> Mapping[str, SheetChecker]:
        """The sheets the rulesets' text declares, by the ending of their files."""
        ...
