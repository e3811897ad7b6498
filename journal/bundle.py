"""Export and import: a campaign as one JSON bundle (lossless) or one Markdown document.

The bundle holds every row of the campaign without database ids, in a fixed order, so exporting,
importing into a fresh journal and exporting again gives the same JSON byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.db import head_revision
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
from journal.words import counted

FORMAT = "chronicler-campaign"
FORMAT_VERSION = 1

_SKIP = {"id", "campaign_id", "character_id", "session_id", "scene_id", "snapshot_id"}


def _row(row: Any) -> dict[str, Any]:
    return {k: v for k, v in row.model_dump().items() if k not in _SKIP}


def export_campaign(s: Session, name: str) -> dict[str, Any]:
    campaign = ledger.get_campaign(s, name)
    bundle: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "schema": head_revision(),
        "campaign": _row(campaign),
        "characters": [],
        "sessions": [],
        "maps": [],
        "states": [],
    }
    for character in ledger.characters(s, campaign):
        entry = _row(character)
        entry["sheets"] = [
            _row(r)
            for r in s.exec(
                select(SheetYear)
                .where(SheetYear.character_id == character.id)
                .order_by(col(SheetYear.year))
            )
        ]
        entry["chronicle"] = [
            _row(r)
            for r in s.exec(
                select(ChronicleEntry)
                .where(ChronicleEntry.character_id == character.id)
                .order_by(col(ChronicleEntry.year))
            )
        ]
        bundle["characters"].append(entry)
    for session in ledger.sessions(s, campaign):
        entry = _row(session)
        entry["scenes"] = []
        for scene in ledger.scenes_of(s, session):
            scene_entry = _row(scene)
            scene_entry["plays"] = [_row(p) for p in ledger.plays_of(s, scene)]
            entry["scenes"].append(scene_entry)
        entry["events"] = [
            _row(e)
            for e in s.exec(
                select(EventRecord)
                .where(EventRecord.session_id == session.id)
                .order_by(col(EventRecord.number), col(EventRecord.id))
            )
        ]
        bundle["sessions"].append(entry)
    for snapshot in s.exec(
        select(MapSnapshot)
        .where(MapSnapshot.campaign_id == campaign.id)
        .order_by(col(MapSnapshot.year))
    ):
        locations = s.exec(
            select(MapLocation)
            .where(MapLocation.snapshot_id == snapshot.id)
            .order_by(col(MapLocation.id))
        )
        bundle["maps"].append({"year": snapshot.year, "locations": [_row(r) for r in locations]})
    for state in s.exec(
        select(CampaignState)
        .where(CampaignState.campaign_id == campaign.id)
        .order_by(col(CampaignState.year))
    ):
        bundle["states"].append(_row(state))
    return bundle


def dumps(bundle: dict[str, Any]) -> str:
    return json.dumps(bundle, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def _take(model: type[Any], data: dict[str, Any], **links: Any) -> Any:
    fields = set(model.model_fields) - {"id"}
    unknown = set(data) - fields
    if unknown:
        raise ChroniclerError(
            f"the bundle's {model.__name__} has fields this Chronicler does not know: "
            f"{', '.join(sorted(unknown))}"
        )
    return model(**data, **links)


def import_campaign(s: Session, bundle: Any, *, rename: str | None = None) -> Campaign:
    """Add the bundle's campaign to the journal (under ``rename`` if given)."""
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise ChroniclerError("not a Chronicler campaign bundle (no 'format' field of ours)")
    if int(bundle.get("format_version", 0)) > FORMAT_VERSION:
        raise ChroniclerError(
            f"the bundle was written by a newer Chronicler (format {bundle['format_version']})"
        )
    try:
        campaign_data = dict(bundle["campaign"])
        if rename:
            campaign_data["name"] = rename
        if s.exec(select(Campaign).where(Campaign.name == campaign_data["name"])).first():
            raise ChroniclerError(
                f"a campaign called {campaign_data['name']!r} is already in this journal; "
                "import it under another name with --as NAME"
            )
        campaign = _take(Campaign, campaign_data)
        s.add(campaign)
        s.flush()
        for entry in bundle["characters"]:
            entry = dict(entry)
            sheets, chronicle = entry.pop("sheets"), entry.pop("chronicle")
            character = _take(Character, entry, campaign_id=campaign.id)
            s.add(character)
            s.flush()
            for row in sheets:
                s.add(_take(SheetYear, row, character_id=character.id))
            for row in chronicle:
                s.add(_take(ChronicleEntry, row, character_id=character.id))
        for entry in bundle["sessions"]:
            entry = dict(entry)
            scenes, events = entry.pop("scenes"), entry.pop("events")
            session = _take(YearSession, entry, campaign_id=campaign.id)
            s.add(session)
            s.flush()
            for scene_entry in scenes:
                scene_entry = dict(scene_entry)
                plays = scene_entry.pop("plays")
                scene = _take(SceneRecord, scene_entry, session_id=session.id)
                s.add(scene)
                s.flush()
                for play in plays:
                    s.add(_take(CardPlay, play, scene_id=scene.id))
            for event in events:
                s.add(_take(EventRecord, event, session_id=session.id))
        for snapshot_entry in bundle["maps"]:
            snapshot = MapSnapshot(campaign_id=campaign.id, year=int(snapshot_entry["year"]))
            s.add(snapshot)
            s.flush()
            for location in snapshot_entry["locations"]:
                s.add(_take(MapLocation, location, snapshot_id=snapshot.id))
        for state in bundle["states"]:
            s.add(_take(CampaignState, state, campaign_id=campaign.id))
        s.flush()
    except (KeyError, TypeError, ValueError) as error:
        raise ChroniclerError(f"the bundle is incomplete or damaged ({error!r})") from None
    return campaign


def read_bundle(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ChroniclerError(f"no such file: {path}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ChroniclerError(f"{path} is not a JSON campaign bundle ({error})") from None


# --- Markdown -------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def export_markdown(s: Session, name: str) -> str:
    """The campaign as one readable Markdown document (the narration as people wrote it)."""
    campaign = ledger.get_campaign(s, name)
    lines = [f"# {campaign.name}", ""]
    if campaign.fate:
        lines += [
            f"**Brightdune's fate:** {campaign.fate} "
            f"({campaign.finale_scenes_completed} finale scenes)  ",
            f"**Score:** {campaign.score} ({campaign.score_title})",
            "",
        ]
    lines += [
        f"Started {campaign.created_at}; ruleset {campaign.ruleset} {campaign.ruleset_version}."
    ]
    lines += [""]
    for session in ledger.sessions(s, campaign):
        result = session.result or "in play"
        lines += [f"## Year {session.year}: {session.scheme}", ""]
        lines += [
            f"- Characters: {', '.join(session.characters)}",
            f"- Result: {result}" + (f" ({session.reason})" if session.reason else ""),
            f"- Scenes completed: {session.scenes_completed}",
        ]
        if session.threat_left is not None:
            lines.append(f"- Threat left in the pool: {session.threat_left}")
        lines.append("")
        for scene in ledger.scenes_of(s, session):
            lines += [f"### Scene {scene.number}: {scene.scene}", ""]
            lines.append(
                f"At {scene.location}; {', '.join(scene.participants)}; "
                f"skill-match points {scene.skill_match_points}"
                + (f"; epilogue: {scene.epilogue_choice}" if scene.epilogue_choice else "")
                + "."
            )
            lines.append("")
            plays = ledger.plays_of(s, scene)
            if plays:
                lines += ["| card | kind | points | played by |", "| --- | --- | --- | --- |"]
                lines += [
                    f"| {_cell(p.card)} | {_cell(p.kind)} | {p.points} | {_cell(p.character)} |"
                    for p in plays
                ]
                lines.append("")
            lines += [f"*{scene.tier}*", "", scene.narration.strip(), ""]
            for answer in scene.challenge_answers:
                lines += [f"> {answer}", ""]
    lines += ["## Characters", ""]
    for character in ledger.characters(s, campaign):
        lines += [f"### {character.name}", ""]
        rows = s.exec(
            select(ChronicleEntry)
            .where(ChronicleEntry.character_id == character.id)
            .order_by(col(ChronicleEntry.year))
        ).all()
        if rows:
            lines += ["| year | chronicle | conditions | advances |", "| --- | --- | --- | --- |"]
            for row in rows:
                what = "Downtime" if row.downtime else f"{row.scheme} ({row.result})"
                if row.recovered:
                    what += f" (rested away {counted(row.recovered)})"
                lines.append(
                    f"| {row.year} | {_cell(what)} | {_cell(counted(row.conditions))} | "
                    f"{_cell(counted(row.advances))} |"
                )
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
