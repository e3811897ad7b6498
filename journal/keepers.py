"""Each ruleset's part of the journal: what the one ledger asks of a campaign's ruleset.

A ruleset's contract names the module of the journal that keeps its campaigns
(``JournalPart.keeper`` in ``dsl/contract.py``, e.g. ``"journal.tags_and_tracks"``); that
module's ``KEEPER`` is a ``Keeper``: the kinds of entries its campaigns keep and the pydantic
model of each payload, what a state of its table is and how each entry changes it (its derived
views: a sheet, a track), how an entry is run again through the rules when an earlier one is
fixed, the tables it keeps of its own (their part of a bundle), and what ``campaign list`` and
``campaign show`` say of a campaign. The modules the contracts may name are listed here, in
``KEEPERS``: a keeper is found through this table, never by a name built from words.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from dsl.errors import ChroniclerError

if TYPE_CHECKING:
    from pydantic import BaseModel
    from sqlmodel import Session

    from dsl.contract import Ruleset
    from journal.catalogue import Catalogue
    from journal.models import Campaign, Entry, LedgerChange


@dataclass(frozen=True)
class Draft:
    """An entry as a ruleset's rules made it, before the log writes it: its kind, its payload
    (an instance of the kind's model), one line saying what it did, who it is about and what
    people wrote with it."""

    kind: str
    payload: BaseModel
    summary: str
    who: str | None = None
    text: str = ""


@runtime_checkable
class Keeper(Protocol):
    """A ruleset's part of the journal."""

    @property
    def name(self) -> str:
        """The ruleset it keeps (as the registry names it)."""
        ...

    @property
    def entry_models(self) -> Mapping[str, type[BaseModel]]:
        """Each kind of entry its campaigns keep, with the model of its payload."""
        ...

    @property
    def own(self) -> type[BaseModel] | None:
        """The model of its part of a bundle (the tables it keeps of its own), if it has one."""
        ...

    def start(self, s: Session, name: str, game: Ruleset) -> Campaign:
        """A new campaign of the ruleset, set up as the ruleset sets it up."""
        ...

    def standing(self, s: Session, campaign: Campaign) -> str:
        """Where the campaign stands, in a few words (``campaign list``)."""
        ...

    def shown(self, s: Session, campaign: Campaign, upto: int | None) -> list[str]:
        """The campaign in lines (``campaign show``; ``upto``: as of that session)."""
        ...

    def listed(self, s: Session, campaign: Campaign) -> dict[str, Any]:
        """What ``campaign list --json`` gives of the campaign beyond its name and ruleset."""
        ...

    def shown_json(self, s: Session, campaign: Campaign, upto: int | None) -> dict[str, Any]:
        """``campaign show --json``: what the lines show, as data."""
        ...

    def empty(self, s: Session, campaign: Campaign) -> Any:
        """The state of its table before any entry."""
        ...

    def after(self, state: Any, entry: Entry) -> Any:
        """The state once ``entry`` is recorded (its recorded outcome applied; no rules)."""
        ...

    def again(self, s: Session, campaign: Campaign, state: Any, entry: Entry) -> Draft:
        """``entry`` run again through the rules on ``state`` (an earlier entry was fixed); a
        ``ChroniclerError`` when the rules refuse it there."""
        ...

    def check_undo(self, s: Session, campaign: Campaign, change: LedgerChange) -> None:
        """Refuse (a ``ChroniclerError``) to take back ``change`` when that would take away
        what was recorded since without a change of the history (a year bots played)."""
        ...

    def export_own(self, s: Session, campaign: Campaign) -> dict[str, Any] | None: ...

    def import_own(self, s: Session, campaign: Campaign, part: Any) -> None: ...

    def check_names(self, data: Any, part: Any, catalogue: Catalogue | None) -> None:
        """Refuse a bundle whose own tables name what its ruleset's cards do not have."""
        ...

    def remove_own(self, s: Session, campaign: Campaign) -> None:
        """Every row of its own tables for the campaign (to restore a kept campaign)."""
        ...

    def markdown(self, s: Session, campaign: Campaign) -> list[str]:
        """Its part of ``export --format markdown``."""
        ...


# The journal modules a ruleset's contract may name as its keeper (``JournalPart.keeper``), each
# with the module that holds its ``KEEPER``. Like the rulesets' entry points, a keeper is
# imported when it is first asked for, by the name written here: the keepers import this module
# (its ``Draft`` and ``Keeper``), never the other way round.
class KeepsNoTables:
    """The hooks of a keeper whose campaigns keep nothing beside the ledger's entries (no
    tables of their own to export, import, check, undo or remove): each does nothing."""

    def check_undo(self, s: Session, campaign: Campaign, change: LedgerChange) -> None:
        return None

    def export_own(self, s: Session, campaign: Campaign) -> dict[str, Any] | None:
        return None

    def import_own(self, s: Session, campaign: Campaign, part: Any) -> None:
        return None

    def check_names(self, data: Any, part: Any, catalogue: Catalogue | None) -> None:
        return None

    def remove_own(self, s: Session, campaign: Campaign) -> None:
        return None


KEEPERS: dict[str, str] = {
    "journal.six_winters": "journal.six_winters.keeper",
    "journal.tags_and_tracks": "journal.tags_and_tracks.keeper",
    "journal.delve": "journal.delve.keeper",
    "journal.world": "journal.world.keeper",
}


def _load(module: str) -> Any:
    return importlib.import_module(KEEPERS[module]).KEEPER


def keeper_named(module: str | None, ruleset: str = "the ruleset") -> Keeper:
    """The keeper in the journal module a contract names."""
    if module is None:
        raise ChroniclerError(
            f"{ruleset} keeps no campaigns in the journal (its contract names no journal part)"
        )
    if module not in KEEPERS:
        raise ChroniclerError(
            f"the ruleset's journal part {module!r} is not one of the journal's "
            f"({', '.join(KEEPERS)}): journal/keepers.py lists them"
        )
    keeper = _load(module)
    if not isinstance(keeper, Keeper):
        raise ChroniclerError(f"{module}.KEEPER is not a journal keeper (journal/keepers.py)")
    return keeper


def keeper_of(ruleset: str) -> Keeper:
    """The keeper of the campaigns of ``ruleset`` (a campaign row's ruleset)."""
    from rules import registry

    game = registry.find(ruleset)
    return keeper_named(game.journal.keeper, game.name)


def every_keeper() -> Sequence[Keeper]:
    """Every keeper the journal has."""
    return [_load(module) for module in KEEPERS]
