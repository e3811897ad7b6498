"""The journal's one ledger, the same for every ruleset: a campaign, its characters, its sessions
and their scenes (each with the narration people wrote), an ordered log of typed entries, and the
history of every change.

- An **entry** is one thing the table recorded: its ``kind`` is one its ruleset defines, its
  ``payload`` the JSON of that kind's pydantic model (validated on the way in and when read
  back), ``text`` what people wrote with it, ``who`` the character it is about, ``at`` when.
  What a ruleset shows of its campaigns (a Tags and Tracks sheet, a track) is worked out from
  its entries by the ruleset's part of the journal (``journal/keepers.py``), never stored.
- A **change** keeps what stood before it: the entries, sessions and scenes it added, changed or
  took away, or (for a ruleset that keeps tables of its own, such as Six Winters) the whole
  campaign as a bundle. ``chronicler undo`` puts it back; ``chronicler history`` lists them.

A ruleset may keep tables of its own beside these, named by its keeper (Six Winters' years,
scenes, cards played, chronicle, sheets, maps, engine state and events:
``journal/six_winters/models.py``). The schema is owned by the Alembic migrations in
``journal/migrations``; the models must match the newest one (``tests/journal/test_models.py``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel


def _json(factory: Any) -> Any:
    return Field(default_factory=factory, sa_column=Column(JSON, nullable=False))


class Campaign(SQLModel, table=True):
    """One campaign: one group's play of one ruleset."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    ruleset: str  # as the registry names it ("six-winters"), or the folder of its text
    ruleset_version: str = ""
    created_at: str  # ISO 8601, UTC; kept as text so an export round-trips exactly
    notes: str | None = None  # what people wrote about the campaign as a whole


class Character(SQLModel, table=True):
    """A character who took part in the campaign."""

    __table_args__ = (UniqueConstraint("campaign_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    name: str
    title: str | None = None
    unlocked_year: int = 1  # the session (a Six Winters year) from which they play


class Session(SQLModel, table=True):
    """A session of play, numbered in the order played, with its narration."""

    __tablename__ = "session"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    number: int  # 1, 2, 3...
    title: str
    narration: str = ""
    started_at: str  # ISO 8601, UTC


class Scene(SQLModel, table=True):
    """A scene of a session, numbered in order, with its narration."""

    __tablename__ = "scene"
    __table_args__ = (UniqueConstraint("session_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="session.id", index=True)
    number: int
    title: str
    narration: str = ""
    started_at: str


class Entry(SQLModel, table=True):
    """One thing recorded at the table, in the campaign's order (``number``): a kind its
    ruleset defines and the payload of that kind, the session and scene it happened in, the
    character it is about, what people wrote with it, and one line saying what it did."""

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    number: int  # 1, 2, 3... in the campaign, in order (the next is one past the last there)
    session_id: int | None = Field(default=None, foreign_key="session.id", index=True)
    scene_id: int | None = Field(default=None, foreign_key="scene.id", index=True)
    kind: str
    who: str | None = None
    text: str = ""  # what people wrote with it (Markdown)
    summary: str = ""  # one line, as the table companion told it
    payload: dict[str, Any] = _json(dict)
    at: str  # ISO 8601, UTC


class LedgerChange(SQLModel, table=True):
    """One change made to a campaign, with what stood before it (``journal/history.py``):
    ``{"entries": [...], "sessions": [...], "scenes": [...], "made": {...}}`` for the rows of
    the ledger it touched, or ``{"campaign": BUNDLE}`` for the whole campaign. Nothing a change
    replaces is lost; ``undoes`` names the change an undo took back."""

    __tablename__ = "ledger_change"
    __table_args__ = (UniqueConstraint("campaign_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    number: int  # 1, 2, 3... in the order made
    at: str  # ISO 8601, UTC
    verb: str  # "roll", "hit", "entry delete", "scene record", "year end", "undo"...
    session: int | None = None  # the session it concerns (a Six Winters year), when one
    summary: str = ""
    undoes: int | None = None  # an undo: the number of the change it took back
    before: dict[str, Any] = _json(dict)


class TableFocus(SQLModel, table=True):
    """The campaign (and session) 'chronicler use' chose for this journal: the table verbs'
    default --campaign (and Six Winters' --year). One row."""

    __tablename__ = "table_focus"
    id: int | None = Field(default=None, primary_key=True)
    campaign: str
    year: int | None = None


LEDGER_TABLES: tuple[type[SQLModel], ...] = (
    Campaign,
    Character,
    Session,
    Scene,
    Entry,
    LedgerChange,
)
