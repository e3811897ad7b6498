"""The journal's ledger: one typed row per thing that happened in a campaign.

A campaign has characters (their sheets year by year), one session per year (the scheme fought
and how it ended), the scenes completed in it (cards played, points, the narration people
wrote), the chronicle entries on each character sheet, the map as it stood at each session end,
and the campaign state the engine hands from one year to the next. Every "as of year N" view is
computed from these rows (``journal.views``); nothing here is derived data.

The schema is owned by the Alembic migrations in ``journal/migrations``; these models must match
the newest migration (``tests/journal/test_models.py`` checks it).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

# The three storytelling tiers of "Narrate Challenges", in the rules' own words.
TIER_PLAIN = "I can't think of anything"
TIER_APPRENTICE = "Apprentice storyteller"
TIER_MASTER = "Master chronicler"
TIERS = (TIER_PLAIN, TIER_APPRENTICE, TIER_MASTER)


def _json(factory: Any) -> Any:
    return Field(default_factory=factory, sa_column=Column(JSON, nullable=False))


class Campaign(SQLModel, table=True):
    """One campaign: six years of one group's play."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    ruleset: str = "six_winters"
    ruleset_version: str = "25.1"
    created_at: str  # ISO 8601, UTC; kept as text so an export round-trips exactly
    seed: int | None = None  # the demo's seed, when bots played it
    fate: str | None = None  # the fate table's title, set at campaign end
    finale_scenes_completed: int | None = None
    score: int | None = None
    score_title: str | None = None
    notes: str | None = None  # what people wrote about the campaign as a whole


class Character(SQLModel, table=True):
    """A character who took part in the campaign."""

    __table_args__ = (UniqueConstraint("campaign_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str
    title: str | None = None
    unlocked_year: int = 1


class SheetYear(SQLModel, table=True):
    """A character sheet as it stood at the end of a year: skills, advance marks, conditions."""

    __tablename__ = "sheet_year"

    __table_args__ = (UniqueConstraint("character_id", "year"),)
    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", index=True)
    year: int
    skills: dict[str, int] = _json(dict)  # skill -> rank
    advances: dict[str, int] = _json(dict)  # skill -> marks on the advance track
    conditions: list[str] = _json(list)


class YearSession(SQLModel, table=True):
    """The session played in one year of the campaign."""

    __tablename__ = "year_session"
    __table_args__ = (UniqueConstraint("campaign_id", "year"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    year: int
    scheme: str
    characters: list[str] = _json(list)
    seed: int | None = None
    solo: bool = False
    source: str = "table"  # "table" (people recorded it) or "engine" (recorded from events)
    result: str | None = None  # "won" / "lost"; None while the year is being played
    reason: str | None = None
    threat_left: int | None = None
    scenes_completed: int = 0
    started_at: str
    ended_at: str | None = None
    notes: str | None = None


class SceneRecord(SQLModel, table=True):
    """A scene completed during a session, with its narration."""

    __tablename__ = "scene"
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="year_session.id", index=True)
    number: int  # 1, 2, 3... in the order completed that year
    scene: str  # the scene card's name
    location: str
    skill: str | None = None
    points_needed: int | None = None
    participants: list[str] = _json(list)
    skill_match_points: int = 0
    epilogue_choice: str | None = None
    challenge_answers: list[str] = _json(list)
    advances: list[dict[str, Any]] = _json(list)  # {character, skill, new_rank}
    narration: str = ""
    tier: str = TIER_PLAIN
    narrator: str | None = None
    recorded_at: str


class CardPlay(SQLModel, table=True):
    """An asset discarded or obstacle burned for points in a scene."""

    __tablename__ = "card_play"
    id: int | None = Field(default=None, primary_key=True)
    scene_id: int = Field(foreign_key="scene.id", index=True)
    number: int
    card: str
    kind: str | None = None  # asset / obstacle
    points: int = 0
    character: str | None = None


class ChronicleEntry(SQLModel, table=True):
    """A character's chronicle line for a year: the scheme fought and its result, or downtime."""

    __tablename__ = "chronicle_entry"
    __table_args__ = (UniqueConstraint("character_id", "year"),)
    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", index=True)
    year: int
    downtime: bool = False
    scheme: str | None = None
    result: str | None = None
    conditions: list[str] = _json(list)
    advances: list[str] = _json(list)  # skills advanced that year, one entry per mark
    recovered: list[str] = _json(list)  # downtime: the conditions rested away
    text: str | None = None  # what the player wrote on the sheet


class MapSnapshot(SQLModel, table=True):
    """The campaign map as recorded at a session end (or at campaign start, year 0)."""

    __tablename__ = "map_snapshot"
    __table_args__ = (UniqueConstraint("campaign_id", "year"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    year: int


class MapLocation(SQLModel, table=True):
    """One location card on a recorded map."""

    __tablename__ = "map_location"
    id: int | None = Field(default=None, primary_key=True)
    snapshot_id: int = Field(foreign_key="map_snapshot.id", index=True)
    name: str
    x: int
    y: int
    region: str | None = None
    developed: bool = False
    threats: int = 0
    obstacles: list[str] = _json(list)


class CampaignState(SQLModel, table=True):
    """The engine's campaign state (its JSON) as it stood before the session of ``year``."""

    __tablename__ = "campaign_state"
    __table_args__ = (UniqueConstraint("campaign_id", "year"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    year: int
    state: dict[str, Any] = _json(dict)


class EventRecord(SQLModel, table=True):
    """An engine event of a session recorded from the engine, in order."""

    __tablename__ = "event"
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="year_session.id", index=True)
    number: int
    kind: str
    data: dict[str, Any] = _json(dict)


class LedgerChange(SQLModel, table=True):
    """One change people made to a campaign at the table, with the campaign as it stood before
    it (a campaign bundle, without the history): nothing a fix replaces is lost."""

    __tablename__ = "ledger_change"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    number: int  # 1, 2, 3... in the order made
    at: str  # ISO 8601, UTC
    verb: str  # "year start", "scene record", "scene amend", "scene delete", "year reopen"...
    year: int | None = None
    summary: str = ""
    before: dict[str, Any] = _json(dict)


class TableFocus(SQLModel, table=True):
    """The campaign (and year) 'chronicler use' chose for this journal: the table verbs' default
    --campaign and --year. One row."""

    __tablename__ = "table_focus"
    id: int | None = Field(default=None, primary_key=True)
    campaign: str
    year: int | None = None


class DrawnScheme(SQLModel, table=True):
    """The scheme 'chronicler setup --draw-scheme' drew for a campaign's next year (the
    campaign by name, as 'chronicler use' keeps it): 'year start' takes it when no --scheme is
    given. A new draw for the same year replaces it. Migration 0006."""

    __tablename__ = "drawn_scheme"
    __table_args__ = (UniqueConstraint("campaign", "year"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign: str
    year: int
    scheme: str
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    drawn_at: str  # ISO 8601, UTC


LEDGER_TABLES: tuple[type[SQLModel], ...] = (
    Campaign,
    Character,
    SheetYear,
    YearSession,
    SceneRecord,
    CardPlay,
    ChronicleEntry,
    MapSnapshot,
    MapLocation,
    CampaignState,
    EventRecord,
    LedgerChange,
)


# --- Ruleset-neutral rows (migration 0005): a game a GM runs, as sessions and scenes of story
# with the mechanics that happened in them. A campaign's ``ruleset`` names the game; the
# payload of each record is validated by ``journal.tables.payloads`` before it is written.


class StorySession(SQLModel, table=True):
    """A session of play of any ruleset, numbered in the order played, with its narration."""

    __tablename__ = "story_session"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    number: int  # 1, 2, 3...
    title: str
    narration: str = ""
    started_at: str  # ISO 8601, UTC


class StoryScene(SQLModel, table=True):
    """A scene of a session, numbered in order, with its narration."""

    __tablename__ = "story_scene"
    __table_args__ = (UniqueConstraint("session_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="story_session.id", index=True)
    number: int
    title: str
    narration: str = ""
    started_at: str


class MechanicRecord(SQLModel, table=True):
    """One thing the rules did at the table (a roll, a track ticked, a consequence taken, XP
    gained or spent, an intrusion), in the order it happened. ``kind`` names the payload's
    shape; ``payload`` is the validated JSON of that shape (``journal.tables.payloads``)."""

    __tablename__ = "mechanic_record"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    scene_id: int | None = Field(default=None, foreign_key="story_scene.id", index=True)
    number: int  # 1, 2, 3... in the campaign
    kind: str
    character: str | None = None
    summary: str = ""  # one line, as the companion told it
    payload: dict[str, Any] = _json(dict)
    at: str


class SheetVersion(SQLModel, table=True):
    """A character's sheet as it stood after a change (``record_id``, or its creation):
    tags, stats, XP and consequences over time."""

    __tablename__ = "sheet_version"
    __table_args__ = (UniqueConstraint("character_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", index=True)
    number: int  # 1 is the sheet the character joined with
    record_id: int | None = Field(default=None, foreign_key="mechanic_record.id")
    sheet: dict[str, Any] = _json(dict)
    at: str


class TrackRow(SQLModel, table=True):
    """A track of a campaign (a countdown, a clock or a track of steps) as it stands now; its
    changes are mechanic records holding the track before and after."""

    __tablename__ = "track"
    __table_args__ = (UniqueConstraint("campaign_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str
    kind: str  # countdown / clock / steps
    state: dict[str, Any] = _json(dict)
    created_at: str
