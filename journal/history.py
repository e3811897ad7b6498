"""The ledger's history: each change made at the table, and the campaign as it stood before it.

Every table verb that changes a campaign (``year start``, ``scene record``, ``scene narrate``,
``scene amend``, ``scene delete``, ``year end``, ``year reopen``) first keeps a ``LedgerChange``
row holding the campaign's bundle as it stood (``journal.bundle.export_campaign``, without the
history itself). A fix is made by going back to a kept campaign and recording again through
the same verbs, so every check the rules make runs again, and what the fix replaced stays in
the history (``chronicler history``; the bundle export carries it).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, delete, select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.models import (
    Campaign,
    CampaignState,
    CardPlay,
    Character,
    ChronicleEntry,
    EventRecord,
    LedgerChange,
    MapLocation,
    MapSnapshot,
    SceneRecord,
    SheetYear,
    YearSession,
)


def changes(s: Session, campaign: Campaign) -> list[LedgerChange]:
    return list(
        s.exec(
            select(LedgerChange)
            .where(LedgerChange.campaign_id == campaign.id)
            .order_by(col(LedgerChange.number))
        )
    )


def snapshot(s: Session, campaign: Campaign) -> dict[str, Any]:
    """The campaign as it stands, as a bundle without its history."""
    from journal import bundle

    s.flush()
    kept = bundle.export_campaign(s, campaign.name, history=False)
    return kept


def keep(s: Session, campaign_name: str, verb: str, year: int | None, summary: str) -> LedgerChange:
    """Keep the campaign as it stands before the change ``verb`` makes."""
    campaign = ledger.get_campaign(s, campaign_name)
    done = changes(s, campaign)
    row = LedgerChange(
        campaign_id=int(campaign.id or 0),
        number=(done[-1].number + 1) if done else 1,
        at=ledger.now_iso(),
        verb=verb,
        year=year,
        summary=ledger.checked_text(summary, "the change's summary")[:1000],
        before=snapshot(s, campaign),
    )
    s.add(row)
    s.flush()
    return row


def _remove_rows(s: Session, campaign: Campaign) -> None:
    """Every row of the campaign except its history (and the campaign row itself)."""
    sessions = ledger.sessions(s, campaign)
    for session in sessions:
        for scene in ledger.scenes_of(s, session):
            s.exec(delete(CardPlay).where(col(CardPlay.scene_id) == scene.id))
        s.exec(delete(SceneRecord).where(col(SceneRecord.session_id) == session.id))
        s.exec(delete(EventRecord).where(col(EventRecord.session_id) == session.id))
    s.exec(delete(YearSession).where(col(YearSession.campaign_id) == campaign.id))
    for character in ledger.characters(s, campaign):
        s.exec(delete(SheetYear).where(col(SheetYear.character_id) == character.id))
        s.exec(delete(ChronicleEntry).where(col(ChronicleEntry.character_id) == character.id))
    s.exec(delete(Character).where(col(Character.campaign_id) == campaign.id))
    for snap in s.exec(select(MapSnapshot).where(MapSnapshot.campaign_id == campaign.id)):
        s.exec(delete(MapLocation).where(col(MapLocation.snapshot_id) == snap.id))
    s.exec(delete(MapSnapshot).where(col(MapSnapshot.campaign_id) == campaign.id))
    s.exec(delete(CampaignState).where(col(CampaignState.campaign_id) == campaign.id))
    s.flush()
    s.expire_all()


def restore(s: Session, campaign_name: str, kept: dict[str, Any]) -> Campaign:
    """Put the campaign back as ``kept`` holds it; its history stays and goes on."""
    from journal import bundle

    campaign = ledger.get_campaign(s, campaign_name)
    data = bundle.validated(kept)
    history = [row.model_dump(exclude={"id", "campaign_id"}) for row in changes(s, campaign)]
    _remove_rows(s, campaign)
    s.exec(delete(LedgerChange).where(col(LedgerChange.campaign_id) == campaign.id))
    s.delete(campaign)
    s.flush()
    restored = bundle.import_campaign(s, data, rename=campaign_name)
    for row in history:  # the history goes on with the restored campaign
        s.add(LedgerChange(**row, campaign_id=int(restored.id or 0)))
    s.flush()
    return restored


def year_started(s: Session, campaign: Campaign, year: int) -> dict[str, Any]:
    """The campaign just after year ``year`` started (its downtime taken, no scene yet): the
    latest kept campaign holding that year in play with no scenes."""
    for row in reversed(changes(s, campaign)):
        for session in row.before.get("sessions") or []:
            if (
                session.get("year") == year
                and session.get("result") is None
                and not session.get("scenes")
            ):
                return row.before
    raise ChroniclerError(
        f"year {year} of {campaign.name!r} was started before the ledger kept its history, so "
        "its scenes cannot be replayed; record the fix as a new scene or with 'scene narrate'"
    )


def before_year_end(s: Session, campaign: Campaign, year: int) -> LedgerChange:
    """The kept campaign from just before year ``year`` ended."""
    for row in reversed(changes(s, campaign)):
        if row.verb == "year end" and row.year == year:
            return row
    raise ChroniclerError(
        f"year {year} of {campaign.name!r} ended before the ledger kept its history, so it "
        "cannot be reopened"
    )
