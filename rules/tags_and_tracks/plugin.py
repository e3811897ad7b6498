"""Tags and Tracks as everyone outside the ruleset uses it: the one object this package registers
(``RULESET``, the entry point ``tags-and-tracks`` of ``chronicler.rulesets`` in
``pyproject.toml``).

A GM runs it: no bots play it. Its table companion (``chronicler roll``, ``odds``, the
character, session, track, consequence and XP verbs) reaches the engine module through
``GmTable``; its sheets are the text's (``sheet "character"``, read by ``dsl.sheets``). The
engine is imported when a part is first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from dsl.contract import JournalPart, Printing, Ruleset, SitePages, TableVerb, TableWork

if TYPE_CHECKING:
    from dsl.compiler import CompiledRuleset
    from dsl.contract import DicePoolOdds, StoryRules
    from dsl.kernel.machine import Event

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


class GmTable:
    """The contract's ``story`` and ``odds``: the engine module (``engine.py``: the roll, the
    sheets and the progression, each judged by the compiled text given), imported when first
    used. That the module is both is checked by mypy below."""

    def __getattr__(self, name: str) -> Any:
        from . import engine

        return getattr(engine, name)


if TYPE_CHECKING:  # the engine module keeps the contract: mypy checks each signature here
    from . import engine as _engine

    _STORY: StoryRules = _engine
    _ODDS: DicePoolOdds = _engine


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
        gm = cast("StoryRules", GmTable())  # the engine module, checked above
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
            odds=cast("DicePoolOdds", gm),
            story=gm,
        )


RULESET = Plugin()
