"""Export and import: a campaign as one JSON bundle (lossless) or one Markdown document.

The bundle holds the one ledger (the campaign, its characters, its sessions and scenes, the log
of entries, the history) and the tables its ruleset keeps of its own (``own``, written and read
by the ruleset's keeper: ``journal/keepers.py``), every row without database ids, in a fixed
order, so exporting, importing into a fresh journal and exporting again gives the same JSON byte
for byte. A bundle of format 1 (before the one ledger) is read as the format it became
(``upgraded``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlmodel import Session, col, delete, select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.bundle_schema import BundleFile, first_problem, ruleset_schema
from journal.catalogue import Catalogue
from journal.db import head_revision
from journal.keepers import Keeper, keeper_of
from journal.models import Campaign, Character, Entry, LedgerChange, Scene
from journal.models import Session as PlaySession

FORMAT = "chronicler-campaign"
FORMAT_VERSION = 2
BUNDLE_SIZE_LIMIT = 500_000_000  # bytes: six years of play with every event are a few MB


def export_campaign(s: Session, name: str, *, history: bool = True) -> dict[str, Any]:
    """The campaign as a bundle; with ``history``, its ledger history too (each change with
    what stood before it)."""
    campaign = ledger.get_campaign(s, name)
    keeper = keeper_of(campaign.ruleset)
    where: dict[int, tuple[int, int | None]] = {}
    sessions = []
    for session in ledger.sessions_of(s, campaign):
        where[ledger._id(session)] = (session.number, None)
        scenes = []
        for scene in ledger.scenes_in(s, session):
            where[-ledger._id(scene)] = (session.number, scene.number)
            scenes.append(
                {
                    "number": scene.number,
                    "title": scene.title,
                    "narration": scene.narration,
                    "started_at": scene.started_at,
                }
            )
        sessions.append(
            {
                "number": session.number,
                "title": session.title,
                "narration": session.narration,
                "started_at": session.started_at,
                "scenes": scenes,
            }
        )
    bundle: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "schema": head_revision(),
        "campaign": {
            "name": campaign.name,
            "ruleset": campaign.ruleset,
            "ruleset_version": campaign.ruleset_version,
            "created_at": campaign.created_at,
            "notes": campaign.notes,
        },
        "characters": [
            {"name": c.name, "title": c.title, "unlocked_year": c.unlocked_year}
            for c in ledger.characters(s, campaign)
        ],
        "sessions": sessions,
        "entries": [_entry(entry, where) for entry in ledger.entries(s, campaign)],
    }
    own = keeper.export_own(s, campaign)
    if own is not None:
        bundle["own"] = own
    if history:
        bundle["history"] = [
            {
                "number": row.number,
                "at": row.at,
                "verb": row.verb,
                "session": row.session,
                "summary": row.summary,
                "undoes": row.undoes,
                "before": _kept(row.before),
            }
            for row in s.exec(
                select(LedgerChange)
                .where(LedgerChange.campaign_id == campaign.id)
                .order_by(col(LedgerChange.number))
            )
        ]
    return bundle


def _entry(entry: Entry, where: dict[int, tuple[int, int | None]]) -> dict[str, Any]:
    session, scene = (
        where.get(-(entry.scene_id or 0))
        or where.get(entry.session_id or 0)
        or (
            None,
            None,
        )
    )
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


def _kept(before: dict[str, Any]) -> dict[str, Any]:
    """What a change kept, as the newest bundle holds it (a whole campaign kept by an older
    Chronicler is upgraded)."""
    kept = before.get("campaign")
    return {**before, "campaign": upgraded(kept)} if isinstance(kept, dict) else dict(before)


def dumps(bundle: dict[str, Any]) -> str:
    return json.dumps(bundle, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


# --- format 1 -------------------------------------------------------------------------------

SIX_WINTERS_V1 = ("six_winters", "six-winters")
TEXT_OF = {kind: "text" for kind in ("narration", "xp", "intrusion", "rest", "recover")}


def upgraded(bundle: Any) -> Any:
    """A bundle of format 1 as format 2 holds it (anything else as given). Format 1 kept Six
    Winters' rows beside the campaign, and a game a GM runs under ``story`` with the sheets and
    tracks its records made, which are now worked out from the entries."""
    if not isinstance(bundle, dict) or bundle.get("format_version") != 1:
        return bundle
    old = dict(bundle.get("campaign") or {})
    ruleset = old.get("ruleset", "six_winters")
    out: dict[str, Any] = {
        "format": bundle.get("format"),
        "format_version": FORMAT_VERSION,
        "schema": bundle.get("schema"),
        "campaign": {
            "name": old.get("name"),
            "ruleset": "six-winters" if ruleset in SIX_WINTERS_V1 else ruleset,
            "ruleset_version": old.get("ruleset_version", "25.1"),
            "created_at": old.get("created_at"),
            "notes": old.get("notes"),
        },
        "characters": [
            {k: c[k] for k in ("name", "title", "unlocked_year") if k in c}
            for c in bundle.get("characters") or []
            if isinstance(c, dict)
        ],
        "sessions": [],
        "entries": [],
        "history": [
            {
                **{k: v for k, v in change.items() if k not in ("before", "year")},
                "session": change.get("year"),
                "before": {"campaign": upgraded(change.get("before"))},
            }
            for change in bundle.get("history") or []
            if isinstance(change, dict)
        ],
    }
    if ruleset in SIX_WINTERS_V1:
        out["own"] = {
            "campaign": {
                k: old[k]
                for k in ("seed", "fate", "finale_scenes_completed", "score", "score_title")
                if k in old
            },
            "characters": [
                {k: c[k] for k in ("name", "sheets", "chronicle") if k in c}
                for c in bundle.get("characters") or []
                if isinstance(c, dict)
            ],
            "years": bundle.get("sessions") or [],
            "maps": bundle.get("maps") or [],
            "states": bundle.get("states") or [],
        }
    story = bundle.get("story")
    if isinstance(story, dict):
        out["sessions"] = story.get("sessions") or []
        out["entries"] = [_record_v1(r, story) for r in story.get("records") or []]
    return out


def _record_v1(record: Any, story: dict[str, Any]) -> Any:
    """A format 1 record as an entry: its kind out of its payload, what people wrote in its
    text, a rest's points asked, a stat raise's conflict read from the sheets it left."""
    if not isinstance(record, dict) or not isinstance(record.get("payload"), dict):
        return record
    payload = dict(record["payload"])
    kind = record.get("kind")
    payload.pop("kind", None)
    text = payload.pop(TEXT_OF[kind], "") if kind in TEXT_OF else ""
    if kind == "rest" and "points_after" in payload and "points_before" in payload:
        payload["points"] = payload["points_after"] - payload["points_before"]
    if kind == "stat":
        payload["in_conflict"] = _raised_in_conflict(record, story)
    return {
        "number": record.get("number"),
        "session": record.get("session"),
        "scene": record.get("scene"),
        "kind": kind,
        "who": record.get("character"),
        "text": text if isinstance(text, str) else "",
        "summary": record.get("summary", ""),
        "payload": payload,
        "at": record.get("at"),
    }


def _raised_in_conflict(record: dict[str, Any], story: dict[str, Any]) -> bool:
    sheets = [x for x in story.get("sheets") or [] if isinstance(x, dict)]
    after = next((x for x in sheets if x.get("record") == record.get("number")), None)
    if after is None:
        return False
    before = next(
        (
            x
            for x in sheets
            if x.get("character") == after.get("character")
            and x.get("number") == (after.get("number") or 0) - 1
        ),
        None,
    )
    stat = record["payload"].get("stat")
    held = {st.get("name"): st for st in ((before or {}).get("sheet") or {}).get("stats") or []}
    return stat in held and held[stat].get("points") == record["payload"].get("points")


# --- validating and importing ---------------------------------------------------------------


def validated(bundle: Any) -> BundleFile:
    """The bundle checked against ``journal.bundle_schema`` (types, ranges, lengths; each
    entry's payload and the ruleset's own tables against its ruleset's models), or a one-line
    error naming the first field that is wrong."""
    if isinstance(bundle, BundleFile):
        return bundle
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise ChroniclerError("not a Chronicler campaign bundle (no 'format' field of ours)")
    version = bundle.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise ChroniclerError(f"the bundle was written by a newer Chronicler (format {version})")
    data = upgraded(bundle)
    try:
        checked = BundleFile.model_validate(data)
    except ValidationError as error:
        raise ChroniclerError(f"the bundle is refused: {first_problem(error)}") from None
    _ruleset_part(checked, "")
    return checked


def _ruleset_part(checked: BundleFile, where: str) -> BaseModel | None:
    """The bundle's entries and own tables checked against its ruleset's models; returns its
    own tables as their model holds them."""
    keeper = _keeper(checked, where)
    if keeper is None:
        return None
    schema = ruleset_schema(keeper.entry_models, keeper.own)
    part = {"entries": [e.model_dump() for e in checked.entries], "own": checked.own}
    try:
        done = schema.model_validate(part)
    except ValidationError as error:
        raise ChroniclerError(f"the bundle is refused: {where}{first_problem(error)}") from None
    for change in checked.history:
        if change.before.campaign is not None:
            _ruleset_part(change.before.campaign, f"{where}history[{change.number}].campaign.")
        _entries_of(schema, change.before.entries, f"{where}history[{change.number}].before.")
    own: BaseModel | None = done.own
    return own


def _entries_of(schema: Any, entries: list[Any], where: str) -> None:
    try:
        schema.model_validate({"entries": [e.model_dump() for e in entries]})
    except ValidationError as error:
        raise ChroniclerError(f"the bundle is refused: {where}{first_problem(error)}") from None


def _keeper(checked: BundleFile, where: str) -> Keeper | None:
    """The keeper of the bundle's ruleset; ``None`` for a ruleset this Chronicler does not
    know whose bundle holds nothing of a ruleset's own (no entries, no tables)."""
    try:
        return keeper_of(checked.campaign.ruleset)
    except ChroniclerError as unknown:
        if checked.entries or checked.own is not None:
            raise ChroniclerError(
                f"the bundle is refused: {where}campaign.ruleset: {unknown.message}"
            ) from None
        return None


def import_campaign(
    s: Session,
    bundle: Any,
    *,
    rename: str | None = None,
    catalogue: Catalogue | None = None,
    raw: dict[str, Any] | None = None,
) -> Campaign:
    """Add the bundle's campaign to the journal (under ``rename`` if given). ``raw``: the
    bundle as read, when ``bundle`` is the checked one (each change keeps what it kept as
    written, so the campaign exports again byte for byte).

    The whole bundle is validated first (``journal.bundle_schema``; with ``catalogue``, the
    names of a ruleset's own tables against its cards), so a bundle that is refused writes
    nothing."""
    data = validated(bundle)
    if isinstance(bundle, dict):
        raw = upgraded(bundle)
    own = _ruleset_part(data, "")
    keeper = _keeper(data, "")
    if keeper is not None and own is not None:
        keeper.check_names(data, own, catalogue)
    fields = data.campaign.model_dump()
    if rename is not None:
        fields["name"] = ledger.campaign_name(rename, f"--as {rename!r}")
    else:  # kept as every verb's --campaign reads it, or it could never be named again
        fields["name"] = ledger.campaign_name(fields["name"], "the bundle's name")
    if s.exec(select(Campaign).where(Campaign.name == fields["name"])).first():
        raise ChroniclerError(
            f"a campaign called {fields['name']!r} is already in this journal; "
            "import it under another name with --as NAME"
        )
    campaign = Campaign(**fields)
    s.add(campaign)
    s.flush()
    cid = ledger._id(campaign)
    for character in data.characters:
        s.add(Character(**character.model_dump(), campaign_id=cid))
    scenes: dict[tuple[int, int], Scene] = {}
    sessions: dict[int, PlaySession] = {}
    for entry in data.sessions:
        session = PlaySession(campaign_id=cid, **entry.model_dump(exclude={"scenes"}))
        s.add(session)
        s.flush()
        sessions[entry.number] = session
        for scene_entry in entry.scenes:
            scene = Scene(session_id=ledger._id(session), **scene_entry.model_dump())
            s.add(scene)
            scenes[(entry.number, scene_entry.number)] = scene
    s.flush()
    for e in data.entries:
        at_scene = (
            scenes.get((e.session, e.scene))
            if e.session is not None and e.scene is not None
            else None
        )
        at_session = sessions.get(e.session) if e.session is not None else None
        s.add(
            Entry(
                campaign_id=cid,
                session_id=at_session.id if at_session is not None else None,
                scene_id=at_scene.id if at_scene is not None else None,
                **e.model_dump(exclude={"session", "scene"}),
            )
        )
    s.flush()
    if keeper is not None and own is not None:
        keeper.import_own(s, campaign, own)
    for k, change in enumerate(data.history):
        fields = change.model_dump(exclude={"before"})
        fields["before"] = (
            raw["history"][k]["before"]
            if raw is not None
            else change.before.model_dump(by_alias=True, exclude_defaults=True)
        )
        s.add(LedgerChange(**fields, campaign_id=cid))
    s.flush()
    return campaign


def remove_campaign(s: Session, campaign: Campaign) -> None:
    """Every row of the campaign, its own tables' and its history included."""
    keeper = keeper_of(campaign.ruleset)
    cid = ledger._id(campaign)
    keeper.remove_own(s, campaign)
    s.exec(delete(Entry).where(col(Entry.campaign_id) == cid))
    for session in ledger.sessions_of(s, campaign):
        s.exec(delete(Scene).where(col(Scene.session_id) == session.id))
    s.exec(delete(PlaySession).where(col(PlaySession.campaign_id) == cid))
    s.exec(delete(Character).where(col(Character.campaign_id) == cid))
    s.exec(delete(LedgerChange).where(col(LedgerChange.campaign_id) == cid))
    s.delete(campaign)
    s.flush()
    s.expire_all()


def read_bundle(path: Path) -> Any:
    from dsl.files import FileRefused, read_regular

    try:
        return json.loads(read_regular(path, BUNDLE_SIZE_LIMIT, "a campaign bundle"))
    except FileRefused as refused:
        raise ChroniclerError(f"{path}: {refused.reason}") from None
    except FileNotFoundError:
        raise ChroniclerError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise ChroniclerError(f"{path} is a folder, not a JSON campaign bundle") from None
    except OSError as error:
        raise ChroniclerError(f"cannot read {path}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ChroniclerError(f"{path} is not a JSON campaign bundle ({error})") from None
    except RecursionError:
        raise ChroniclerError(f"{path} nests its JSON too deeply to be a campaign bundle") from None


# --- Markdown -------------------------------------------------------------------------------


def cell(value: Any) -> str:
    text = "" if value is None else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def export_markdown(s: Session, name: str) -> str:
    """The campaign as one readable Markdown document (the narration as people wrote it), as
    its ruleset's keeper writes it."""
    campaign = ledger.get_campaign(s, name)
    lines = keeper_of(campaign.ruleset).markdown(s, campaign)
    return "\n".join(lines).rstrip() + "\n"


def started_line(campaign: Campaign) -> str:
    return f"Started {campaign.created_at}; ruleset {campaign.ruleset} {campaign.ruleset_version}."
