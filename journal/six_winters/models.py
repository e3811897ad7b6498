"""The tables Six Winters keeps beside the journal's one ledger (``journal/models.py``).

A campaign of Six Winters is six years, one session each: the scheme fought and how it ended
(``year_session``), the scenes completed in it with the cards played and the narration people
wrote (``year_scene``, ``card_play``), each character's sheet year by year and chronicle line,
the map as it stood at each session end, the campaign state the engine hands from one year to
the next, the events of a year the engine played, and how the campaign ended (its fate and
score, ``six_winters_campaign``). Every "as of year N" view is computed from these rows.

These are Six Winters' own: no other ruleset's campaign has rows here. Its keeper
(``journal/six_winters/keeper.py``) exports, imports, keeps and restores them.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

import journal.models  # noqa: F401 - the ledger's tables, which these name

# The three storytelling tiers of "Narrate Challenges", in the rules' own words.
TIER_PLAIN = "I can't think of anything"
TIER_APPRENTICE = "Apprentice storyteller"
TIER_MASTER = "Master chronicler"
TIERS = (TIER_PLAIN, TIER_APPRENTICE, TIER_MASTER)


def _json(factory: Any) -> Any:
    return Field(default_factory=factory, sa_column=Column(JSON, nullable=False))


class CampaignEnd(SQLModel, table=True):
    """What a campaign of Six Winters holds beyond the ledger's campaign: the demo's seed when
    bots played it, and Brightdune's fate and the score once the sixth year has ended."""

    __tablename__ = "six_winters_campaign"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True, unique=True)
    seed: int | None = None
    fate: str | None = None  # the fate table's title, set at campaign end
    finale_scenes_completed: int | None = None
    score: int | None = None
    score_title: str | None = None


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
    """A scene completed during a year, with its narration."""

    __tablename__ = "year_scene"
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
    scene_id: int = Field(foreign_key="year_scene.id", index=True)
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
