"""Writing the one ledger: the named operations every ruleset's campaign goes through.

Campaigns and their characters, sessions and scenes with their narration, and the log of
entries. Each operation takes an open ``sqlmodel.Session``; the caller commits
(``Journal.write``). What an entry's payload may hold is its ruleset's (``journal/keepers.py``);
what a change keeps of what stood before it is ``journal/history.py``'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Session, col, func, select

from dsl.errors import ChroniclerError
from journal.bundle_schema import NAME_LIMIT, TEXT_LIMIT
from journal.catalogue import unknown_campaign
from journal.models import Campaign, Character, Entry, Scene
from journal.models import Session as PlaySession


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


def checked_title(value: str, what: str) -> str:
    """A title (a session's, a scene's, a track's): one line, not empty."""
    title = checked_name(" ".join(value.split()), what)
    if not title:
        raise ChroniclerError(f"{what} is empty")
    return title


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _id(row: Any) -> int:
    assert row.id is not None, "row not flushed"
    return int(row.id)


# --- campaigns and characters -------------------------------------------------------------


def create_campaign(s: Session, name: str, *, ruleset: str, ruleset_version: str = "") -> Campaign:
    name = campaign_name(name)
    if s.exec(select(Campaign).where(Campaign.name == name)).first() is not None:
        raise ChroniclerError(f"a campaign called {name!r} is already in this journal")
    campaign = Campaign(
        name=name, ruleset=ruleset, ruleset_version=ruleset_version, created_at=now_iso()
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


# --- sessions and scenes --------------------------------------------------------------------


def sessions_of(s: Session, campaign: Campaign) -> list[PlaySession]:
    query = select(PlaySession).where(PlaySession.campaign_id == campaign.id)
    return list(s.exec(query.order_by(col(PlaySession.number))))


def scenes_in(s: Session, session: PlaySession) -> list[Scene]:
    query = select(Scene).where(Scene.session_id == session.id)
    return list(s.exec(query.order_by(col(Scene.number))))


def start_session(s: Session, campaign: Campaign, title: str, narration: str) -> PlaySession:
    row = PlaySession(
        campaign_id=_id(campaign),
        number=len(sessions_of(s, campaign)) + 1,
        title=checked_title(title, "the session's title"),
        narration=checked_text(narration, "the session's narration"),
        started_at=now_iso(),
    )
    s.add(row)
    s.flush()
    return row


def start_scene(s: Session, campaign: Campaign, title: str, narration: str) -> Scene:
    """A new scene of the campaign's last session (what is recorded next belongs to it)."""
    played = sessions_of(s, campaign)
    if not played:
        raise ChroniclerError(
            f"{campaign.name!r} has no session yet: start one with 'chronicler session start TITLE'"
        )
    row = Scene(
        session_id=_id(played[-1]),
        number=len(scenes_in(s, played[-1])) + 1,
        title=checked_title(title, "the scene's title"),
        narration=checked_text(narration, "the scene's narration"),
        started_at=now_iso(),
    )
    s.add(row)
    s.flush()
    return row


def current_scene(s: Session, campaign: Campaign) -> Scene | None:
    """The scene in play: the last scene of the last session (entries attach to it)."""
    played = sessions_of(s, campaign)
    if not played:
        return None
    scenes = scenes_in(s, played[-1])
    return scenes[-1] if scenes else None


# --- the log of entries ---------------------------------------------------------------------


def entries(s: Session, campaign: Campaign) -> list[Entry]:
    """The campaign's entries in the order recorded."""
    query = select(Entry).where(Entry.campaign_id == campaign.id)
    return list(s.exec(query.order_by(col(Entry.number))))


def entries_numbered(s: Session, campaign: Campaign, numbers: Sequence[int]) -> list[Entry]:
    """The campaign's entries of these numbers (those it has), in order."""
    query = select(Entry).where(Entry.campaign_id == campaign.id, col(Entry.number).in_(numbers))
    return list(s.exec(query.order_by(col(Entry.number))))


def entry_numbered(s: Session, campaign: Campaign, number: int) -> Entry:
    """Entry ``number`` of the campaign, or an error naming the nearest it has."""
    found = s.exec(
        select(Entry).where(Entry.campaign_id == campaign.id, Entry.number == number)
    ).first()
    if found is not None:
        return found
    numbers = [e.number for e in entries(s, campaign)]
    if not numbers:
        raise ChroniclerError(f"{campaign.name!r} has no entries yet")
    raise ChroniclerError(
        f"{campaign.name!r} has no entry {number}; its entries are numbered "
        f"{numbers[0]} to {numbers[-1]}"
        + (
            " (some taken out: 'chronicler entry list' shows them)"
            if len(numbers) < numbers[-1] - numbers[0] + 1
            else ""
        )
    )


def next_number(s: Session, campaign: Campaign) -> int:
    """The number the next entry takes: after every entry the campaign has had."""
    found = s.exec(select(func.max(Entry.number)).where(Entry.campaign_id == campaign.id)).one()
    return int(found or 0) + 1


def add_entry(
    s: Session,
    campaign: Campaign,
    *,
    kind: str,
    payload: Mapping[str, Any],
    summary: str,
    who: str | None = None,
    text: str = "",
    number: int | None = None,
    scene: Scene | None = None,
    at: str | None = None,
) -> Entry:
    """Write one entry (its payload already validated by its ruleset's model): in the scene
    in play, after every other, unless ``number`` and ``scene`` place it (a fix, an import)."""
    if number is None:
        number, scene = next_number(s, campaign), current_scene(s, campaign)
    row = Entry(
        campaign_id=_id(campaign),
        number=number,
        session_id=scene.session_id if scene is not None else None,
        scene_id=scene.id if scene is not None else None,
        kind=kind,
        who=who,
        text=checked_text(text, "the text"),
        summary=checked_text(summary, "the entry's line"),
        payload=dict(payload),
        at=at or now_iso(),
    )
    s.add(row)
    s.flush()
    return row
