"""The current campaign and year of a journal ('chronicler use'), so that the table verbs'
--campaign and --year can be left out (the names the shell completes: ``journal.completion``)."""

from __future__ import annotations

from sqlmodel import Session, select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.models import TableFocus


def _focus(s: Session) -> TableFocus | None:
    return s.exec(select(TableFocus)).first()


def use(s: Session, name: str, year: int | None) -> TableFocus:
    """Remember ``name`` (and ``year``) as this journal's current campaign."""
    campaign = ledger.get_campaign(s, name)
    if year is not None:
        ledger.check_year(year)
    row = _focus(s) or TableFocus(campaign=campaign.name)
    row.campaign, row.year = campaign.name, year
    s.add(row)
    s.flush()
    return row


def follow_year(s: Session, campaign: str, year: int) -> None:
    """A year started or reopened becomes the current year of the current campaign."""
    row = _focus(s)
    if row is not None and row.campaign == campaign:
        row.year = year
        s.add(row)


def current_campaign(db: str | None) -> str:
    from journal.db import open_journal

    with open_journal(db, create=False) as journal, journal.reading() as s:
        row = _focus(s)
        if row is None:
            raise ChroniclerError(
                "no --campaign given, and none chosen for this journal: give --campaign NAME, "
                "or choose one once with 'chronicler use NAME'"
            )
        return row.campaign


def current_year(db: str | None, campaign_name: str, starting: bool) -> int:
    """The year in play; for a year to start, the next one; else the year 'use' chose, else
    the campaign's last year (1 when it has none)."""
    from journal.db import open_journal

    with open_journal(db, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, campaign_name)
        years = ledger.sessions(s, campaign)
        in_play = [y.year for y in years if y.result is None]
        ended = [y.year for y in years if y.result is not None]
        if starting:
            return in_play[0] if in_play else (max(ended) + 1 if ended else 1)
        if in_play:
            return in_play[0]
        row = _focus(s)
        if row is not None and row.campaign == campaign.name and row.year is not None:
            return row.year
        if not years:
            raise ChroniclerError(
                f"{campaign.name!r} has no year yet: give --year, or start one with "
                "'chronicler year start'"
            )
        return years[-1].year
