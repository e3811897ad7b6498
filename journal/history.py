"""The ledger's history: every change made to a campaign, with what stood before it.

A change keeps one of two things in ``before``:

- the rows of the one ledger it touched, as they stood: ``{"entries": [...], "sessions": [...],
  "scenes": [...], "made": {"entries": [...], "sessions": [...], "scenes": [...]}}``, each row
  as a bundle writes it (numbers, not database ids), and under ``made`` the numbers of the rows
  the change added. An entry recorded, amended or deleted keeps itself and every later entry
  the fix ran again;
- or the whole campaign as a bundle without its history, ``{"campaign": BUNDLE}``: what a
  ruleset that keeps tables of its own keeps (Six Winters, whose fixes record a year again from
  a kept campaign: ``journal/six_winters/table.py``).

``undo`` takes back the latest change not yet taken back: it puts back what the change kept,
and is itself a change that keeps what it replaced (``chronicler history`` lists it; nothing
is lost). ``chronicler export`` carries the history.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, delete, select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.models import Campaign, Entry, LedgerChange, Scene
from journal.models import Session as PlaySession


def changes(s: Session, campaign: Campaign) -> list[LedgerChange]:
    return list(
        s.exec(
            select(LedgerChange)
            .where(LedgerChange.campaign_id == campaign.id)
            .order_by(col(LedgerChange.number))
        )
    )


def _add(
    s: Session,
    campaign: Campaign,
    verb: str,
    summary: str,
    before: dict[str, Any],
    *,
    session: int | None = None,
    undoes: int | None = None,
) -> LedgerChange:
    done = changes(s, campaign)
    row = LedgerChange(
        campaign_id=ledger._id(campaign),
        number=(done[-1].number + 1) if done else 1,
        at=ledger.now_iso(),
        verb=verb,
        session=session,
        summary=ledger.checked_text(summary, "the change's summary")[:1000],
        undoes=undoes,
        before=before,
    )
    s.add(row)
    s.flush()
    return row


# --- a whole campaign kept ------------------------------------------------------------------


def snapshot(s: Session, campaign: Campaign) -> dict[str, Any]:
    """The campaign as it stands, as a bundle without its history."""
    from journal import bundle

    s.flush()
    kept = bundle.export_campaign(s, campaign.name, history=False)
    return kept


def keep_campaign(
    s: Session, campaign_name: str, verb: str, session: int | None, summary: str
) -> LedgerChange:
    """Keep the whole campaign as it stands before the change ``verb`` makes."""
    campaign = ledger.get_campaign(s, campaign_name)
    return _add(s, campaign, verb, summary, {"campaign": snapshot(s, campaign)}, session=session)


def kept_campaign(change: LedgerChange) -> dict[str, Any] | None:
    """The campaign a change kept, as the newest bundle holds one (``None``: it kept rows)."""
    from journal import bundle

    kept = change.before.get("campaign")
    return bundle.upgraded(kept) if isinstance(kept, dict) else None


def restore(s: Session, campaign_name: str, kept: dict[str, Any]) -> Campaign:
    """Put the campaign back as the bundle ``kept`` holds it; its history stays and goes on."""
    from journal import bundle

    campaign = ledger.get_campaign(s, campaign_name)
    data = bundle.validated(kept)
    history = [row.model_dump(exclude={"id", "campaign_id"}) for row in changes(s, campaign)]
    bundle.remove_campaign(s, campaign)
    restored = bundle.import_campaign(s, data, rename=campaign_name)
    for row in history:  # the history goes on with the restored campaign
        s.add(LedgerChange(**row, campaign_id=int(restored.id or 0)))
    s.flush()
    return restored


# --- rows of the ledger kept ----------------------------------------------------------------

SceneKey = tuple[int, int]  # (session number, scene number)


def _entry_row(
    entry: Entry, where: dict[int, SceneKey], numbered: dict[int, int]
) -> dict[str, Any]:
    session, scene = where.get(entry.scene_id or -1, (None, None))
    if scene is None and entry.session_id is not None:
        session = numbered.get(entry.session_id)
    return {
        "number": entry.number,
        "session": session,
        "scene": scene,
        "kind": entry.kind,
        "who": entry.who,
        "text": entry.text,
        "summary": entry.summary,
        "payload": dict(entry.payload),
        "at": entry.at,
    }


def _places(
    s: Session, campaign: Campaign
) -> tuple[dict[int, SceneKey], dict[int, int], dict[SceneKey, Scene], dict[int, PlaySession]]:
    """Where each scene and session is, by id and by number."""
    where: dict[int, SceneKey] = {}
    numbered: dict[int, int] = {}
    scenes: dict[SceneKey, Scene] = {}
    sessions: dict[int, PlaySession] = {}
    for session in ledger.sessions_of(s, campaign):
        numbered[ledger._id(session)] = session.number
        sessions[session.number] = session
        for scene in ledger.scenes_in(s, session):
            where[ledger._id(scene)] = (session.number, scene.number)
            scenes[(session.number, scene.number)] = scene
    return where, numbered, scenes, sessions


def rows_as_they_stand(
    s: Session,
    campaign: Campaign,
    *,
    entries: Iterable[int] = (),
    sessions: Iterable[int] = (),
    scenes: Iterable[SceneKey] = (),
) -> dict[str, Any]:
    """What a change that touches these rows keeps: each as it stands, or under ``made`` the
    number of one that does not stand yet (the change adds it)."""
    where, numbered, scene_rows, session_rows = _places(s, campaign)
    wanted = sorted(set(entries))
    by_number = {e.number: e for e in ledger.entries_numbered(s, campaign, wanted)}
    kept: dict[str, Any] = {"entries": [], "sessions": [], "scenes": []}
    made: dict[str, list[Any]] = {"entries": [], "sessions": [], "scenes": []}
    for number in wanted:
        if number in by_number:
            kept["entries"].append(_entry_row(by_number[number], where, numbered))
        else:
            made["entries"].append(number)
    for number in sorted(set(sessions)):
        if number in session_rows:
            row = session_rows[number]
            kept["sessions"].append(
                {
                    "number": row.number,
                    "title": row.title,
                    "narration": row.narration,
                    "started_at": row.started_at,
                }
            )
        else:
            made["sessions"].append(number)
    for key in sorted(set(scenes)):
        if key in scene_rows:
            scene = scene_rows[key]
            kept["scenes"].append(
                {
                    "session": key[0],
                    "number": scene.number,
                    "title": scene.title,
                    "narration": scene.narration,
                    "started_at": scene.started_at,
                }
            )
        else:
            made["scenes"].append(list(key))
    kept = {name: rows for name, rows in kept.items() if rows}
    made = {name: numbers for name, numbers in made.items() if numbers}
    return {**kept, **({"made": made} if made else {})}


def keep_rows(
    s: Session,
    campaign: Campaign,
    verb: str,
    summary: str,
    *,
    entries: Iterable[int] = (),
    sessions: Iterable[int] = (),
    scenes: Iterable[SceneKey] = (),
) -> LedgerChange:
    """Keep the rows a change is about to touch (or add), as they stand."""
    before = rows_as_they_stand(s, campaign, entries=entries, sessions=sessions, scenes=scenes)
    return _add(s, campaign, verb, summary, before)


def _touched(before: dict[str, Any]) -> tuple[list[int], list[int], list[SceneKey]]:
    made = before.get("made") or {}
    entries = [r["number"] for r in before.get("entries", [])] + list(made.get("entries", []))
    sessions = [r["number"] for r in before.get("sessions", [])] + list(made.get("sessions", []))
    scenes = [(r["session"], r["number"]) for r in before.get("scenes", [])] + [
        (int(k[0]), int(k[1])) for k in made.get("scenes", [])
    ]
    return entries, sessions, scenes


def put_back(s: Session, campaign: Campaign, before: dict[str, Any]) -> None:
    """Put the rows a change kept back as they stood, and take away those it added."""
    made = before.get("made") or {}
    cid = ledger._id(campaign)
    for number in made.get("entries", []):
        s.exec(delete(Entry).where(col(Entry.campaign_id) == cid, col(Entry.number) == number))
    s.flush()
    _, _, scene_rows, session_rows = _places(s, campaign)
    for session_number, number in made.get("scenes", []):
        scene = scene_rows.pop((session_number, number), None)
        if scene is not None:
            s.delete(scene)
    s.flush()
    for number in made.get("sessions", []):
        session = session_rows.pop(number, None)
        if session is not None:
            s.delete(session)
    s.flush()
    for row in before.get("sessions", []):
        session = session_rows.get(row["number"]) or PlaySession(campaign_id=cid, **row)
        session.sqlmodel_update(row)
        s.add(session)
        s.flush()
        session_rows[row["number"]] = session
    for row in before.get("scenes", []):
        fields = {k: v for k, v in row.items() if k != "session"}
        owner = session_rows[row["session"]]
        scene = scene_rows.get((row["session"], row["number"])) or Scene(
            session_id=ledger._id(owner), **fields
        )
        scene.sqlmodel_update(fields)
        s.add(scene)
        s.flush()
        scene_rows[(row["session"], row["number"])] = scene
    by_number = {e.number: e for e in ledger.entries(s, campaign)}
    for row in before.get("entries", []):
        scene = scene_rows.get((row["session"], row["scene"])) if row["scene"] else None
        session = session_rows.get(row["session"]) if row["session"] else None
        fields = {k: v for k, v in row.items() if k not in ("session", "scene")}
        entry = by_number.get(row["number"]) or Entry(campaign_id=cid, **fields)
        entry.sqlmodel_update(fields)
        entry.session_id = session.id if session is not None else None
        entry.scene_id = scene.id if scene is not None else None
        s.add(entry)
    s.flush()


# --- undo -----------------------------------------------------------------------------------


def last_to_undo(s: Session, campaign: Campaign) -> LedgerChange:
    """The latest change not yet taken back (an undo is not itself undone)."""
    done = changes(s, campaign)
    taken = {c.undoes for c in done if c.undoes is not None}
    for change in reversed(done):
        if change.undoes is None and change.number not in taken:
            return change
    if not done:
        raise ChroniclerError(f"{campaign.name!r} has no change to undo yet")
    raise ChroniclerError(f"every change of {campaign.name!r} has been taken back already")


@dataclass(frozen=True)
class Undone:
    """A change taken back (its number, verb and summary) and the undo's own number."""

    number: int
    verb: str
    summary: str
    undo: int


def undo(s: Session, campaign_name: str) -> Undone:
    """Take back the latest change not yet taken back; the undo is a change of its own,
    keeping what it replaced."""
    campaign = ledger.get_campaign(s, campaign_name)
    last = last_to_undo(s, campaign)
    said = f"took back {last.number}. {last.verb}: {last.summary}"
    from journal.keepers import keeper_of

    keeper_of(campaign.ruleset).check_undo(s, campaign, last)
    whole = kept_campaign(last)
    if whole is not None:
        row = keep_campaign(s, campaign.name, "undo", last.session, said)
        row.undoes = last.number
        s.add(row)
        done = Undone(last.number, last.verb, last.summary, row.number)
        restore(s, campaign.name, whole)
        return done
    entries, sessions, scenes = _touched(last.before)
    now = rows_as_they_stand(s, campaign, entries=entries, sessions=sessions, scenes=scenes)
    row = _add(s, campaign, "undo", said, now, session=last.session, undoes=last.number)
    put_back(s, campaign, last.before)
    return Undone(last.number, last.verb, last.summary, row.number)
