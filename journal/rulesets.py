"""Rulesets as the command line and the journal reach them, through the registry only.

- ``find_ruleset``: a ruleset by name or folder; given none, the ruleset of the campaign
  ``chronicler use`` chose (``play``, ``print``, ``simulate``, ``cards``, ``roll``, ``odds``);
- ``campaign_ruleset``: the ruleset a journal's campaign plays;
- ``check_table_verb``: a table verb of one ruleset used on a campaign of another is refused in
  one line naming the verb that does the same there;
- ``CommandLineRulesets``: the same, as ``dsl.contract.Rulesets`` (the app's ``ctx.obj``), for
  the designer's verbs of ``dsl/commands.py``, which may not import ``rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dsl.contract import Ruleset, SheetChecker, TableVerb, TableWork
from dsl.errors import ChroniclerError, UsageError
from rules import registry


def find_ruleset(spec: str | None, db: str | None = None) -> Ruleset:
    """The ruleset named or kept in ``spec``; ``None``: the current campaign's."""
    if spec is not None and spec.strip():
        return registry.find(spec)
    return current_ruleset(db)


def current_ruleset(db: str | None = None) -> Ruleset:
    """The ruleset of the campaign 'chronicler use' chose for the journal ``db``."""
    from sqlmodel import select

    from journal.db import open_journal
    from journal.models import Campaign, TableFocus

    nothing = (
        "no ruleset given, and no current campaign to take it from: name the ruleset "
        "(six-winters, or the folder of its text), or choose a campaign with 'chronicler use NAME'"
    )
    try:
        journal = open_journal(db, create=False)
    except ChroniclerError:
        raise UsageError(nothing) from None
    with journal, journal.reading() as s:
        focus = s.exec(select(TableFocus)).first()
        if focus is None:
            raise UsageError(nothing)
        campaign = s.exec(select(Campaign).where(Campaign.name == focus.campaign)).first()
        ruleset = campaign.ruleset if campaign is not None else None
    return registry.find(ruleset or registry.DEFAULT)


def campaign_ruleset(ruleset: str | None) -> Ruleset | None:
    """The ruleset a campaign's row names (``None`` when the registry has no such ruleset)."""
    try:
        return registry.find(ruleset or registry.DEFAULT)
    except ChroniclerError:
        return None


def campaign_plays(db: str | None, name: str) -> str | None:
    """The ruleset the journal's campaign ``name`` plays, as its row names it; ``None`` when
    there is no such journal or campaign (the verb itself says so)."""
    from sqlmodel import select

    from journal.db import open_journal
    from journal.models import Campaign

    try:
        journal = open_journal(db, create=False)
    except ChroniclerError:
        return None
    with journal, journal.reading() as s:
        row = s.exec(select(Campaign).where(Campaign.name == name)).first()
        return (row.ruleset or registry.DEFAULT) if row is not None else None


def owner_of(path: Sequence[str]) -> tuple[Ruleset, TableVerb] | None:
    """The shipped ruleset whose table the verb at ``path`` belongs to, if any."""
    for ruleset in registry.games().values():
        verb = ruleset.journal.verb(path)
        if verb is not None:
            return ruleset, verb
    return None


# What the log's own verbs do (``entry list``, ``entry delete``): they serve every ruleset whose
# campaigns keep a log of entries, whichever table lists them.
LOG_WORK = (TableWork.LIST, TableWork.DELETE)
# The keepers whose campaigns ``entry amend`` fixes as well: a game played at the table is
# played again from the answer amended (``journal/world/amend.py``).
AMENDED_BY_PLAYING_AGAIN = ("journal.world",)


def check_table_verb(path: Sequence[str], campaign: str, plays: str | None) -> None:
    """Refuse a table verb of one ruleset on a campaign that plays another, naming the verb
    that does the same in the campaign's ruleset (or its table's verbs)."""
    owned = owner_of(path)
    if owned is None:
        return  # a verb of every campaign (history, publish, export...)
    owner, verb = owned
    ruleset = campaign_ruleset(plays)
    if ruleset is None or ruleset.journal.verb(path) is not None:
        return
    if verb.does in LOG_WORK and ruleset.journal.entries:  # any log of entries (journal/log.py)
        return
    if verb.does is TableWork.AMEND and ruleset.journal.keeper in AMENDED_BY_PLAYING_AGAIN:
        return
    same = [v for v in ruleset.journal.verbs if v.does is verb.does]
    if same:
        hint = f"to {verb.does.value} there, use 'chronicler {same[0].words}'"
    elif ruleset.journal.verbs:
        groups = dict.fromkeys(v.path[0] for v in ruleset.journal.verbs)
        hint = f"its table verbs are {', '.join(groups)}"
    else:
        hint = "it has no table verbs"
    raise UsageError(
        f"'{' '.join(path)}' is a verb of the {owner.journal.table}; {campaign!r} plays "
        f"{ruleset.name}: {hint}"
    )


@dataclass(frozen=True)
class CommandLineRulesets:
    """``dsl.contract.Rulesets`` over the registry and the journal ``db`` (its current
    campaign)."""

    db: str | None = None

    def find(self, spec: str | None) -> Ruleset:
        return find_ruleset(spec, self.db)

    def sheet_checkers(self) -> Mapping[str, SheetChecker]:
        return registry.sheet_checkers()
