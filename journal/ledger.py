"""Writing the ledger: the named operations that add rows to a journal.

The recorder (engine events) and the table verbs (people) both go through these functions, so a
campaign recorded either way has the same rows. Each takes an open ``sqlmodel.Session``; the
caller commits (``Journal.write``).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, select

from dsl.errors import ChroniclerError
from journal import lease
from journal.bundle_schema import NAME_LIMIT, TEXT_LIMIT
from journal.catalogue import near_names, unknown_campaign
from journal.models import (
    TIERS,
    Campaign,
    CampaignState,
    CardPlay,
    Character,
    ChronicleEntry,
    MapLocation,
    MapSnapshot,
    SceneRecord,
    SheetYear,
    YearSession,
)

YEARS = range(1, 7)  # six winters


def checked_name(value: str, what: str) -> str:
    """A name as the journal keeps it: at most NAME_LIMIT characters and no NUL (the bundle
    schema takes the same, so whatever is recorded exports and imports again)."""
    if len(value) > NAME_LIMIT:
        raise ChroniclerError(
            f"{what} is {len(value):,} characters long; a name holds at most {NAME_LIMIT}"
        )
    if "\x00" in value:
        raise ChroniclerError(f"{what} holds a NUL character")
    return value


def campaign_name(value: str, what: str = "the campaign's name") -> str:
    """A campaign's name as every entrance keeps it ('campaign start', 'import', each verb's
    --campaign): without the spaces and line breaks around it, checked as a name, not empty."""
    name = checked_name(value.strip(), what)
    if not name:
        raise ChroniclerError(f"{what} is empty: a campaign needs a name")
    return name


def checked_text(value: str, what: str) -> str:
    """A story text (narration, answer, chronicle): at most TEXT_LIMIT characters, no NUL."""
    if len(value) > TEXT_LIMIT:
        raise ChroniclerError(
            f"{what} is {len(value):,} characters long; the journal keeps at most "
            f"{TEXT_LIMIT:,} (about a hundred pages): split it or shorten it"
        )
    if "\x00" in value:
        raise ChroniclerError(f"{what} holds a NUL character")
    return value


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


# --- campaigns and characters -------------------------------------------------------------


def create_campaign(
    s: Session,
    name: str,
    *,
    seed: int | None = None,
    ruleset: str = "six_winters",
    ruleset_version: str = "25.1",
) -> Campaign:
    name = campaign_name(name)
    if s.exec(select(Campaign).where(Campaign.name == name)).first() is not None:
        raise ChroniclerError(f"a campaign called {name!r} is already in this journal")
    campaign = Campaign(
        name=name,
        seed=seed,
        ruleset=ruleset,
        ruleset_version=ruleset_version,
        created_at=now_iso(),
    )
    s.add(campaign)
    s.flush()
    return campaign


def campaigns(s: Session) -> list[Campaign]:
    return list(s.exec(select(Campaign).order_by(col(Campaign.id))))


def get_campaign(s: Session, name: str) -> Campaign:
    name = name.strip()  # as create_campaign keeps it
    # no campaign name holds a NUL (PostgreSQL cannot even be asked about one)
    campaign = (
        None if "\x00" in name else s.exec(select(Campaign).where(Campaign.name == name)).first()
    )
    if campaign is None:
        raise unknown_campaign(name, [c.name for c in campaigns(s)])
    return campaign


def ensure_character(
    s: Session, campaign: Campaign, name: str, *, year: int = 1, title: str | None = None
) -> Character:
    found = s.exec(
        select(Character).where(Character.campaign_id == campaign.id, Character.name == name)
    ).first()
    if found is not None:
        if title and not found.title:
            found.title = title
            s.add(found)
        return found
    if not name.strip():
        raise ChroniclerError("a character needs a name")
    checked_name(name, "a character's name")
    character = Character(campaign_id=_id(campaign), name=name, title=title, unlocked_year=year)
    s.add(character)
    s.flush()
    return character


def characters(s: Session, campaign: Campaign) -> list[Character]:
    return list(
        s.exec(
            select(Character)
            .where(Character.campaign_id == campaign.id)
            .order_by(col(Character.id))
        )
    )


def _id(row: Any) -> int:
    assert row.id is not None, "row not flushed"
    return int(row.id)


# --- sessions -------------------------------------------------------------------------------


def check_year(year: int) -> None:
    if year not in YEARS:
        raise ChroniclerError(f"year {year} is not one of the six winters (1-6)")


def find_session(s: Session, campaign: Campaign, year: int) -> YearSession | None:
    return s.exec(
        select(YearSession).where(YearSession.campaign_id == campaign.id, YearSession.year == year)
    ).first()


def get_session(s: Session, campaign: Campaign, year: int) -> YearSession:
    check_year(year)
    found = find_session(s, campaign, year)
    if found is None:
        raise ChroniclerError(
            f"year {year} of {campaign.name!r} has not started; "
            f"run 'chronicler year start --campaign {campaign.name!r} --year {year} ...' first"
        )
    return found


def sessions(s: Session, campaign: Campaign) -> list[YearSession]:
    return list(
        s.exec(
            select(YearSession)
            .where(YearSession.campaign_id == campaign.id)
            .order_by(col(YearSession.year))
        )
    )


def start_year(
    s: Session,
    campaign: Campaign,
    year: int,
    scheme: str,
    character_names: Sequence[str],
    *,
    seed: int | None = None,
    solo: bool = False,
    source: str = "table",
) -> YearSession:
    check_year(year)
    if not character_names:
        raise ChroniclerError("a year needs at least one character (--characters Parin,Kanun)")
    checked_name(scheme, "the scheme's name")
    existing = find_session(s, campaign, year)
    if existing is not None:
        after = s.exec(
            select(CampaignState).where(
                CampaignState.campaign_id == campaign.id, CampaignState.year == year + 1
            )
        ).first()
        if existing.source == "engine" and (existing.result is None or after is None):
            live = lease.live(lease.database_of(s), campaign.name)
            if live:
                raise ChroniclerError(
                    f"year {year} of {campaign.name!r} is being recorded right now by another "
                    "'chronicler play'; wait for it to end"
                )
            raise ChroniclerError(
                f"year {year} of {campaign.name!r} was left unfinished (its recording stopped "
                f"mid-year{'' if live is False else ', unless a play is recording it still'}); "
                f"'chronicler campaign rollback {shlex.quote(campaign.name)}' removes it so the "
                "year can be played again"
            )
        raise ChroniclerError(f"year {year} of {campaign.name!r} is already recorded")
    for earlier in sessions(s, campaign):
        if earlier.year < year and earlier.result is None:
            raise ChroniclerError(
                f"year {earlier.year} of {campaign.name!r} has not ended; "
                f"run 'chronicler year end --year {earlier.year} ...' first"
            )
    for name in character_names:
        ensure_character(s, campaign, name, year=year)
    session = YearSession(
        campaign_id=_id(campaign),
        year=year,
        scheme=scheme,
        characters=list(character_names),
        seed=seed,
        solo=solo,
        source=source,
        started_at=now_iso(),
    )
    s.add(session)
    s.flush()
    return session


@dataclass(frozen=True)
class Play:
    """A card played for points in a scene."""

    card: str
    points: int = 0
    kind: str | None = None
    character: str | None = None

    def __post_init__(self) -> None:
        if self.points < 0:  # as the command line and a bundle refuse it: one rule everywhere
            raise ChroniclerError(f"{self.card}: a card gives 0 points or more, not {self.points}")


def scenes_of(s: Session, session: YearSession) -> list[SceneRecord]:
    return list(
        s.exec(
            select(SceneRecord)
            .where(SceneRecord.session_id == session.id)
            .order_by(col(SceneRecord.number))
        )
    )


def plays_of(s: Session, scene: SceneRecord) -> list[CardPlay]:
    return list(
        s.exec(select(CardPlay).where(CardPlay.scene_id == scene.id).order_by(col(CardPlay.number)))
    )


def record_scene(
    s: Session,
    session: YearSession,
    *,
    scene: str,
    location: str,
    participants: Sequence[str],
    plays: Iterable[Play] = (),
    skill: str | None = None,
    points_needed: int | None = None,
    skill_match_points: int = 0,
    epilogue_choice: str | None = None,
    challenge_answers: Sequence[str] = (),
    advances: Sequence[Mapping[str, Any]] = (),
    narration: str = "",
    tier: str = TIERS[0],
    narrator: str | None = None,
) -> SceneRecord:
    if session.result is not None:
        raise ChroniclerError(f"year {session.year} has ended; its scenes can no longer change")
    if tier not in TIERS:
        raise ChroniclerError(
            f"unknown storytelling tier {tier!r}{near_names(tier, TIERS)}"
            if near_names(tier, TIERS)
            else f"unknown storytelling tier {tier!r}; one of: {', '.join(TIERS)}"
        )
    plays = list(plays)
    for name, what in [
        (scene, "the scene's name"),
        (location, "the location's name"),
        (skill or "", "the skill"),
        (epilogue_choice or "", "the epilogue choice"),
        (narrator or "", "the narrator's name"),
        *[(p, "a participant's name") for p in participants],
        *[(p.card, "a card's name") for p in plays],
        *[(p.character or "", "a card player's name") for p in plays],
    ]:
        checked_name(name, what)
    checked_text(narration, "the narration")
    for answer in challenge_answers:
        checked_text(answer, "a challenge answer")
    # The next number is read inside the write transaction, so two writers never share one.
    count = len(scenes_of(s, session))
    record = SceneRecord(
        session_id=_id(session),
        number=count + 1,
        scene=scene,
        location=location,
        skill=skill,
        points_needed=points_needed,
        participants=list(participants),
        skill_match_points=skill_match_points,
        epilogue_choice=epilogue_choice,
        challenge_answers=list(challenge_answers),
        advances=[dict(a) for a in advances],
        narration=narration,
        tier=tier,
        narrator=narrator,
        recorded_at=now_iso(),
    )
    s.add(record)
    s.flush()
    for number, play in enumerate(plays, start=1):
        s.add(
            CardPlay(
                scene_id=_id(record),
                number=number,
                card=play.card,
                kind=play.kind,
                points=play.points,
                character=play.character,
            )
        )
    session.scenes_completed = count + 1
    s.add(session)
    s.flush()
    return record


def end_year(
    s: Session,
    campaign: Campaign,
    session: YearSession,
    *,
    result: str,
    reason: str | None = None,
    threat_left: int | None = None,
    scenes_completed: int | None = None,
) -> YearSession:
    if result not in ("won", "lost"):
        raise ChroniclerError(f"a year ends 'won' or 'lost', not {result!r}")
    if session.result is not None:
        raise ChroniclerError(f"year {session.year} of {campaign.name!r} has already ended")
    session.result = result
    session.reason = reason
    session.threat_left = threat_left
    if scenes_completed is not None:
        session.scenes_completed = scenes_completed
    session.ended_at = now_iso()
    s.add(session)
    s.flush()
    return session


# --- sheets, chronicle, map, state ------------------------------------------------------------


def sheet(s: Session, character: Character, year: int) -> SheetYear | None:
    """The character's sheet as it stood at the end of ``year`` (or the latest before it)."""
    return s.exec(
        select(SheetYear)
        .where(SheetYear.character_id == character.id, SheetYear.year <= year)
        .order_by(col(SheetYear.year).desc())
    ).first()


def write_sheet(
    s: Session,
    character: Character,
    year: int,
    *,
    skills: Mapping[str, int],
    advances: Mapping[str, int],
    conditions: Sequence[str],
) -> SheetYear:
    row = s.exec(
        select(SheetYear).where(SheetYear.character_id == character.id, SheetYear.year == year)
    ).first()
    if row is None:
        row = SheetYear(character_id=_id(character), year=year)
    row.skills = dict(skills)
    row.advances = dict(advances)
    row.conditions = list(conditions)
    s.add(row)
    s.flush()
    return row


def _chronicle_row(
    s: Session, character: Character, year: int, *, downtime: bool = False
) -> ChronicleEntry:
    """The character's chronicle line for ``year``, or a new one (not yet added)."""
    row = s.exec(
        select(ChronicleEntry).where(
            ChronicleEntry.character_id == character.id, ChronicleEntry.year == year
        )
    ).first()
    return row or ChronicleEntry(character_id=_id(character), year=year, downtime=downtime)


def write_chronicle(
    s: Session,
    character: Character,
    year: int,
    *,
    downtime: bool,
    scheme: str | None = None,
    result: str | None = None,
    conditions: Sequence[str] = (),
    advances: Sequence[str] = (),
    text: str | None = None,
) -> ChronicleEntry:
    if text is not None:
        checked_text(text, "the chronicle text")
    row = _chronicle_row(s, character, year)
    row.downtime = downtime
    row.scheme = scheme
    row.result = result
    row.conditions = list(conditions)
    row.advances = list(advances)
    if text is not None:
        row.text = text
    s.add(row)
    s.flush()
    return row


def note_downtime(
    s: Session,
    character: Character,
    year: int,
    *,
    advances: Sequence[str] = (),
    recovered: Sequence[str] = (),
) -> ChronicleEntry:
    """What the downtime for sitting ``year`` out gave, taken at the next year's setup: the
    skills trained and the conditions rested away, added to that year's downtime line."""
    row = _chronicle_row(s, character, year, downtime=True)
    row.advances = [*row.advances, *advances]
    row.recovered = [*row.recovered, *recovered]
    s.add(row)
    s.flush()
    return row


@dataclass(frozen=True)
class MapPlace:
    name: str
    x: int
    y: int
    region: str | None = None
    developed: bool = False
    threats: int = 0
    obstacles: tuple[str, ...] = ()


def write_map(s: Session, campaign: Campaign, year: int, places: Iterable[MapPlace]) -> MapSnapshot:
    """Record the map as it stood at the end of ``year`` (year 0: the starting map)."""
    snapshot = s.exec(
        select(MapSnapshot).where(MapSnapshot.campaign_id == campaign.id, MapSnapshot.year == year)
    ).first()
    if snapshot is None:
        snapshot = MapSnapshot(campaign_id=_id(campaign), year=year)
        s.add(snapshot)
        s.flush()
    else:
        for old in s.exec(select(MapLocation).where(MapLocation.snapshot_id == snapshot.id)):
            s.delete(old)
        s.flush()
    for place in places:
        s.add(
            MapLocation(
                snapshot_id=_id(snapshot),
                name=place.name,
                x=place.x,
                y=place.y,
                region=place.region,
                developed=place.developed,
                threats=place.threats,
                obstacles=list(place.obstacles),
            )
        )
    s.flush()
    return snapshot


def map_as_of(s: Session, campaign: Campaign, year: int) -> list[MapLocation]:
    """The map as it stood at the end of ``year``: the latest snapshot at or before it."""
    snapshot = s.exec(
        select(MapSnapshot)
        .where(MapSnapshot.campaign_id == campaign.id, MapSnapshot.year <= year)
        .order_by(col(MapSnapshot.year).desc())
    ).first()
    if snapshot is None:
        return []
    return list(
        s.exec(
            select(MapLocation)
            .where(MapLocation.snapshot_id == snapshot.id)
            .order_by(col(MapLocation.id))
        )
    )


def write_state(s: Session, campaign: Campaign, year: int, state: Mapping[str, Any]) -> None:
    """Keep the engine's campaign state as it stood before the session of ``year``."""
    row = s.exec(
        select(CampaignState).where(
            CampaignState.campaign_id == campaign.id, CampaignState.year == year
        )
    ).first()
    if row is None:
        row = CampaignState(campaign_id=_id(campaign), year=year)
    row.state = dict(state)
    s.add(row)
    s.flush()


def latest_state(s: Session, campaign: Campaign) -> CampaignState | None:
    return s.exec(
        select(CampaignState)
        .where(CampaignState.campaign_id == campaign.id)
        .order_by(col(CampaignState.year).desc())
    ).first()


def apply_advance(skills: dict[str, int], marks: dict[str, int], skill: str) -> int:
    """Mark one advance; when the marks pass the skill's rank, clear them and raise the rank.

    The engine does this for the sessions it plays; the journal does the same bookkeeping for
    scenes people record at a table. Returns the skill's rank afterwards.
    """
    marks[skill] = marks.get(skill, 0) + 1
    if marks[skill] > skills.get(skill, 0):
        skills[skill] = skills.get(skill, 0) + 1
        marks[skill] = 0
    return skills[skill]
