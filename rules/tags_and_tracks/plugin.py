"""Tags and Tracks as everyone outside the ruleset uses it: the one object this package registers
(``RULESET``, the entry point ``tags-and-tracks`` of ``chronicler.rulesets`` in
``pyproject.toml``).

A GM runs it: no bots play it. Its table companion (``chronicler roll``, ``odds``, the
character, session, track, consequence and XP verbs) reaches the engine through ``GmTable``,
its sheets are the text's (``sheet "character"``, read by ``dsl.sheets``). The engine is
imported when a part is first used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl.contract import JournalPart, Printing, Ruleset, SitePages, TableVerb, TableWork

if TYPE_CHECKING:
    from dsl.compiler import CompiledRuleset
    from dsl.kernel.machine import Event
    from dsl.world.answers import OfferGame

    from .odds import RollOdds
    from .progression import Odds, Offset, StatRaised
    from .roll import Roll

FOLDER = Path(__file__).resolve().parent
PRIMITIVES = "rules.tags_and_tracks.primitives"


def _rules(folder: Path) -> CompiledRuleset:
    from .engine import load_ruleset

    compiled: CompiledRuleset = load_ruleset(folder)
    return compiled


@dataclass(frozen=True)
class Reader:
    def load(self, folder: Path) -> object:
        return _rules(folder)

    def compiled(self, folder: Path) -> CompiledRuleset:
        return _rules(folder)


@dataclass(frozen=True)
class GmTable:
    """The roll, the sheets and the progression, each judged by the compiled text given."""

    @property
    def max_dice(self) -> int:
        from .odds import MAX_DICE

        return MAX_DICE

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
    ) -> Roll:
        from .roll import new_roll

        return new_roll(
            ruleset,
            character=character,
            skill=skill,
            level=level,
            advantages=advantages,
            cuts=cuts,
            stat=stat,
            points=points,
            xp=xp,
            seed=seed,
            dice=dice,
            table_dice=table_dice,
            skills=skills,
        )

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
    ) -> Odds:
        from .progression import dice_and_cuts

        return dice_and_cuts(
            ruleset,
            level=level,
            easy=easy,
            assist=assist,
            hard=hard,
            far=far,
            cuts=cuts,
            hindered_by=hindered_by,
        )

    # ---- a person choosing at the table (``choosing.py``) and how the roll reads there

    @property
    def account(self) -> Any:
        """The roll's lines at the table: events, the result if it stops now, menu options."""
        from . import account

        return account

    @property
    def Plan(self) -> Any:
        from .choosing import Plan

        return Plan

    @property
    def NotAllowed(self) -> Any:
        from .progression import NotAllowed

        return NotAllowed

    def answer_from_plan(self, roll: Roll, decision: Any, plan: Any) -> str | None:
        from .choosing import answer_from_plan

        return answer_from_plan(roll, decision, plan)

    def menu(self, roll: Roll, decision: Any) -> list[Any]:
        from .choosing import menu

        return menu(roll, decision)

    def outcome(self, roll: Roll) -> Any:
        from .choosing import outcome

        return outcome(roll)

    def outcome_if_stopped(self, roll: Roll) -> Any:
        from .choosing import outcome_if_stopped

        return outcome_if_stopped(roll)

    def roll_odds(self, ruleset: CompiledRuleset, dice: int, cuts: int = 0) -> RollOdds:
        from .odds import roll_odds

        return roll_odds(ruleset, dice, cuts)

    def best_chance(
        self, ruleset: CompiledRuleset, dice: int, cuts: int, points: int, target: int
    ) -> Fraction:
        from .odds import best_chance

        return best_chance(ruleset, dice, cuts, points, target)

    def consequence_level(
        self, ruleset: CompiledRuleset, *, hits: int, taken: Iterable[int]
    ) -> int:
        from .progression import consequence_level

        return consequence_level(ruleset, hits=hits, taken=taken)

    def offset_hits(self, ruleset: CompiledRuleset, *, points: int, hits: int) -> Offset:
        from .progression import offset_hits

        return offset_hits(ruleset, points=points, hits=hits)

    def flashback(self, ruleset: CompiledRuleset, xp: int) -> int:
        from .progression import flashback

        return flashback(ruleset, xp)

    def raise_stat(
        self,
        ruleset: CompiledRuleset,
        *,
        level: int,
        points: int,
        xp: int,
        highest_skill: int,
        in_conflict: bool,
    ) -> StatRaised:
        from .progression import raise_stat

        return raise_stat(
            ruleset,
            level=level,
            points=points,
            xp=xp,
            highest_skill=highest_skill,
            in_conflict=in_conflict,
        )

    def accept_intrusion(self, ruleset: CompiledRuleset, xp: int) -> int:
        from .progression import accept_intrusion

        return accept_intrusion(ruleset, xp)

    def refuse_intrusion(self, ruleset: CompiledRuleset, xp: int) -> int:
        from .progression import refuse_intrusion

        return refuse_intrusion(ruleset, xp)

    def new_intrusion(
        self, ruleset: CompiledRuleset, *, character: str, xp: int, complication: str
    ) -> OfferGame:
        from .progression import new_intrusion

        return new_intrusion(ruleset, character=character, xp=xp, complication=complication)


@dataclass(frozen=True)
class Account:
    def narrate(self, events: Sequence[Event]) -> list[str]:
        from .account import line

        return [line(event) for event in events]


# The table verbs of a game a GM runs (``journal/tags_and_tracks/commands.py``,
# ``journal/companion.py``).
VERBS = (
    TableVerb(("character", "add"), TableWork.ADD_CHARACTER),
    TableVerb(("character", "show"), TableWork.SHOW_CHARACTER),
    TableVerb(("character",), TableWork.CHANGE_CHARACTER),
    TableVerb(("session", "start"), TableWork.START_SESSION),
    TableVerb(("scene", "start"), TableWork.RECORD),
    TableVerb(("narrate",), TableWork.NARRATE),
    TableVerb(("roll",), TableWork.ROLL),
    TableVerb(("hit",), TableWork.CHANGE_CHARACTER),
    TableVerb(("intrusion",), TableWork.CHANGE_CHARACTER),
    TableVerb(("consequence",), TableWork.CHANGE_CHARACTER),
    TableVerb(("xp",), TableWork.CHANGE_CHARACTER),
    TableVerb(("track",), TableWork.TRACK),
    TableVerb(("entry", "list"), TableWork.LIST),
    TableVerb(("entry", "amend"), TableWork.AMEND),
    TableVerb(("entry", "delete"), TableWork.DELETE),
)
# The kinds of entries a campaign keeps in the journal's log, one per thing the rules did at
# the table (``journal/tags_and_tracks/payloads.py``'s ``ENTRY_MODELS``), and the journal's
# part that keeps them.
ENTRIES = (
    "character",
    "roll",
    "track",
    "consequence",
    "xp",
    "stat",
    "intrusion",
    "hit",
    "narration",
    "rest",
    "recover",
)
KEEPER = "journal.tags_and_tracks"


@dataclass(frozen=True)
class Plugin:
    name: str = "tags-and-tracks"
    folder: Path = FOLDER
    primitives: str | None = PRIMITIVES

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        gm = GmTable()
        return Ruleset(
            name=name,
            folder=folder,
            package=__name__.rpartition(".")[0],
            shipped=shipped,
            reader=Reader(),
            journal=JournalPart(
                account=Account(),
                table="Tags and Tracks table",
                verbs=VERBS,
                entries=ENTRIES,
                site=SitePages.STORY,
                keeper=KEEPER,
            ),
            printing=Printing(folder / "faces"),
            odds=gm,
            story=gm,
        )


RULESET = Plugin()
