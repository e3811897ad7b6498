"""Getting a campaign going again after a crash, and telling a retry from a new record.

``chronicler play --campaign`` records a year as the engine plays it, one transaction per
scene. A crash (a kill, a power cut) mid-year leaves that year started but not ended, and the
campaign's state still at the year's start. ``rollback_year`` removes every row the unfinished
year wrote, downtime notes on last year's lines included, so the same year can be played again
from the state that was kept (the same ``--seed`` plays it the same way).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from dsl.errors import ChroniclerError
from journal import lease, ledger
from journal.models import (
    Campaign,
    CampaignState,
    CardPlay,
    Character,
    ChronicleEntry,
    EventRecord,
    MapLocation,
    MapSnapshot,
    SceneRecord,
    SheetYear,
    YearSession,
)


def has_state_after(s: Session, campaign: Campaign, year: int) -> bool:
    return (
        s.exec(
            select(CampaignState).where(
                CampaignState.campaign_id == campaign.id, CampaignState.year == year + 1
            )
        ).first()
        is not None
    )


def unfinished(s: Session, campaign: Campaign, session: YearSession) -> bool:
    """A year the engine was recording that never reached its session end (or whose session
    end never reached the journal): its result or the state after it is missing."""
    return session.source == "engine" and (
        session.result is None or not has_state_after(s, campaign, session.year)
    )


@dataclass(frozen=True)
class RolledBack:
    year: int
    scenes: int
    events: int


def rollback_year(s: Session, campaign_name: str) -> RolledBack:
    """Remove the campaign's unfinished engine-recorded year, as if it had never started."""
    campaign = ledger.get_campaign(s, campaign_name)
    years = ledger.sessions(s, campaign)
    if not years or not unfinished(s, campaign, years[-1]):
        last = years[-1] if years else None
        if last is not None and last.source == "table" and last.result is None:
            raise ChroniclerError(
                f"year {last.year} of {campaign.name!r} is being recorded at a table, not "
                f"left by a crash; end it with 'chronicler year end --year {last.year} ...'"
            )
        raise ChroniclerError(f"{campaign.name!r} has no unfinished year to roll back")
    session = years[-1]
    year = session.year
    if lease.live(lease.database_of(s), campaign.name):
        raise ChroniclerError(
            f"year {year} of {campaign.name!r} is being recorded right now by another "
            "'chronicler play', not left by a crash; nothing was removed"
        )
    events = list(
        s.exec(
            select(EventRecord)
            .where(EventRecord.session_id == session.id)
            .order_by(col(EventRecord.number))
        )
    )
    _undo_downtime_notes(s, campaign, year, events)
    scenes = ledger.scenes_of(s, session)
    for scene in scenes:
        for play in ledger.plays_of(s, scene):
            s.delete(play)
    s.flush()
    for scene in scenes:
        s.delete(scene)
    for event in events:
        s.delete(event)
    characters = ledger.characters(s, campaign)
    for character in characters:
        for table in (ChronicleEntry, SheetYear):
            for row in s.exec(
                select(table).where(table.character_id == character.id, table.year == year)
            ):
                s.delete(row)
    for snapshot in s.exec(
        select(MapSnapshot).where(MapSnapshot.campaign_id == campaign.id, MapSnapshot.year == year)
    ):
        for place in s.exec(select(MapLocation).where(MapLocation.snapshot_id == snapshot.id)):
            s.delete(place)
        s.flush()
        s.delete(snapshot)
    s.flush()
    s.delete(session)
    s.flush()
    _drop_characters_only_this_year(s, campaign, year, characters)
    return RolledBack(year=year, scenes=len(scenes), events=len(events))


def _undo_downtime_notes(
    s: Session, campaign: Campaign, year: int, events: list[EventRecord]
) -> None:
    """Downtime taken at this year's setup went on last year's lines: take it off again."""
    for event in events:
        data = event.data or {}
        skill = data.get("skill") if event.kind == "downtime" else None
        rested = (
            data.get("condition")
            if event.kind == "condition_removed" and data.get("by") == "downtime"
            else None
        )
        if skill is None and rested is None:
            continue
        character = s.exec(
            select(Character).where(
                Character.campaign_id == campaign.id,
                Character.name == str(data.get("character")),
            )
        ).first()
        if character is None:
            continue
        line = s.exec(
            select(ChronicleEntry).where(
                ChronicleEntry.character_id == character.id, ChronicleEntry.year == year - 1
            )
        ).first()
        if line is None:
            continue
        if skill is not None and str(skill) in line.advances:
            advances = list(line.advances)
            advances.remove(str(skill))
            line.advances = advances
        if rested is not None and str(rested) in line.recovered:
            recovered = list(line.recovered)
            recovered.remove(str(rested))
            line.recovered = recovered
        s.add(line)
    s.flush()


def _drop_characters_only_this_year(
    s: Session, campaign: Campaign, year: int, characters: list[Character]
) -> None:
    """A character who joined in the rolled-back year and has no row left goes too."""
    others = {name for x in ledger.sessions(s, campaign) for name in x.characters}
    for character in characters:
        if character.unlocked_year != year or character.name in others:
            continue
        held = [
            s.exec(select(table).where(table.character_id == character.id)).first()
            for table in (ChronicleEntry, SheetYear)
        ]
        if not any(held):
            s.delete(character)
    s.flush()


def same_scene(
    last: SceneRecord,
    plays: list[CardPlay],
    *,
    scene: str,
    location: str,
    participants: list[str],
    cards: list[tuple[str, int]],
    choice: str | None,
    answers: list[str],
    skill_match_points: int,
    narration: str | None,
) -> bool:
    """Is this scene the one recorded last, given again (a command retried after a crash or
    a lost reply)? ``narration`` None: none was written, so the plain sentence stands."""
    return (
        last.scene == scene
        and last.location == location
        and list(last.participants) == participants
        and [(p.card, p.points) for p in plays] == cards
        and last.epilogue_choice == choice
        and list(last.challenge_answers) == answers
        and last.skill_match_points == skill_match_points
        and (narration is None or last.narration == narration)
    )
