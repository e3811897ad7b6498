"""Export and import: a campaign as one JSON bundle (lossless) or one Markdown document.

The bundle holds every row of the campaign without database ids, in a fixed order, so exporting,
importing into a fresh journal and exporting again gives the same JSON byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlmodel import Session, col, select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.bundle_schema import BundleFile, first_problem
from journal.catalogue import Catalogue, near_names
from journal.db import head_revision
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
from journal.words import counted

FORMAT = "chronicler-campaign"
FORMAT_VERSION = 1
BUNDLE_SIZE_LIMIT = 500_000_000  # bytes: six years of play with every event are a few MB

_SKIP = {"id", "campaign_id", "character_id", "session_id", "scene_id", "snapshot_id"}


def _row(row: Any) -> dict[str, Any]:
    return {k: v for k, v in row.model_dump().items() if k not in _SKIP}


def export_campaign(s: Session, name: str, *, history: bool = True) -> dict[str, Any]:
    """The campaign as a bundle; with ``history``, its ledger history too (each change with
    the campaign as it stood before it)."""
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
    from journal.tables.bundle import export_story

    told = export_story(s, campaign)
    if told is not None:
        bundle["story"] = told
    if history:
        bundle["history"] = [
            _row(row)
            for row in s.exec(
                select(LedgerChange)
                .where(LedgerChange.campaign_id == campaign.id)
                .order_by(col(LedgerChange.number))
            )
        ]
    return bundle


def dumps(bundle: dict[str, Any]) -> str:
    return json.dumps(bundle, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def validated(bundle: Any) -> BundleFile:
    """The bundle checked against ``journal.bundle_schema`` (types, ranges, lengths), or a
    one-line error naming the first field that is wrong."""
    if isinstance(bundle, BundleFile):
        return bundle
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise ChroniclerError("not a Chronicler campaign bundle (no 'format' field of ours)")
    version = bundle.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise ChroniclerError(f"the bundle was written by a newer Chronicler (format {version})")
    try:
        checked = BundleFile.model_validate(bundle)
    except ValidationError as error:
        raise ChroniclerError(f"the bundle is refused: {first_problem(error)}") from None
    if checked.story is not None:
        from journal.tables.bundle import checked as checked_story

        checked_story(checked.story)
    return checked


def _check_names(data: BundleFile, catalogue: Catalogue | None) -> None:
    """Every name refers to a character of the bundle or (with a ruleset) to one of its cards."""
    known = [c.name for c in data.characters]

    def character(name: str | None, where: str) -> None:
        if name is not None and name not in known:
            raise ChroniclerError(
                f"the bundle is refused: {where} names character {name!r}, who is not among "
                f"its characters{near_names(name, known)}"
            )

    def card(name: str | None, where: str, *kinds: str) -> None:
        if catalogue is None or not catalogue.cards or name is None:
            return
        if catalogue.get(name, *kinds) is None:
            what = " or ".join(kinds) if kinds else "card"
            raise ChroniclerError(
                f"the bundle is refused: {where} names unknown {what} {name!r}"
                f"{near_names(name, catalogue.names(*kinds))}"
            )

    for c in data.characters:
        card(c.name, f"characters: {c.name!r}", "character")
    for x in data.sessions:
        where = f"sessions[year {x.year}]"
        card(x.scheme, where, "scheme")
        for name in x.characters:
            character(name, where)
        for scene in x.scenes:
            at = f"{where}.scenes[{scene.number}]"
            card(scene.scene, at, "scene")
            for name in scene.participants:
                character(name, at)
            for play in scene.plays:
                card(play.card, at)
                character(play.character, at)
            for advance in scene.advances:
                character(advance.character, at)


_LINKS = {"sheets", "chronicle", "scenes", "events", "plays"}


def _key(row: Any) -> int:
    assert row.id is not None, "row not flushed"
    return int(row.id)


def _fields(part: Any) -> dict[str, Any]:
    return part.model_dump(exclude=_LINKS)


def import_campaign(
    s: Session, bundle: Any, *, rename: str | None = None, catalogue: Catalogue | None = None
) -> Campaign:
    """Add the bundle's campaign to the journal (under ``rename`` if given).

    The whole bundle is validated first (``journal.bundle_schema``; names against
    ``catalogue`` when one is given), so a bundle that is refused writes nothing."""
    data = validated(bundle)
    if data.story is not None:  # a game a GM runs: its names are people's, not cards
        catalogue = None
    _check_names(data, catalogue)
    campaign_data = _fields(data.campaign)
    if rename is not None:
        campaign_data["name"] = ledger.campaign_name(rename, f"--as {rename!r}")
    else:  # kept as every verb's --campaign reads it, or it could never be named again
        campaign_data["name"] = ledger.campaign_name(campaign_data["name"], "the bundle's name")
    if s.exec(select(Campaign).where(Campaign.name == campaign_data["name"])).first():
        raise ChroniclerError(
            f"a campaign called {campaign_data['name']!r} is already in this journal; "
            "import it under another name with --as NAME"
        )
    campaign = Campaign(**campaign_data)
    s.add(campaign)
    s.flush()
    characters: dict[str, Character] = {}
    for entry in data.characters:
        character = Character(**_fields(entry), campaign_id=_key(campaign))
        s.add(character)
        s.flush()
        characters[character.name] = character
        for sheet in entry.sheets:
            s.add(SheetYear(**_fields(sheet), character_id=_key(character)))
        for line in entry.chronicle:
            s.add(ChronicleEntry(**_fields(line), character_id=_key(character)))
    for year in data.sessions:
        session = YearSession(**_fields(year), campaign_id=_key(campaign))
        s.add(session)
        s.flush()
        for scene_entry in year.scenes:
            scene = SceneRecord(**_fields(scene_entry), session_id=_key(session))
            s.add(scene)
            s.flush()
            for play in scene_entry.plays:
                s.add(CardPlay(**_fields(play), scene_id=_key(scene)))
        for event in year.events:
            s.add(EventRecord(**_fields(event), session_id=_key(session)))
    for snapshot_entry in data.maps:
        snapshot = MapSnapshot(campaign_id=_key(campaign), year=snapshot_entry.year)
        s.add(snapshot)
        s.flush()
        for location in snapshot_entry.locations:
            s.add(MapLocation(**_fields(location), snapshot_id=_key(snapshot)))
    for state in data.states:
        s.add(CampaignState(**_fields(state), campaign_id=_key(campaign)))
    if data.story is not None:
        from journal.tables.bundle import checked as checked_story
        from journal.tables.bundle import import_story

        import_story(s, campaign, checked_story(data.story), characters)
    for change in data.history:
        fields = _fields(change)
        fields["before"] = change.before.model_dump(by_alias=True, exclude_unset=True)
        s.add(LedgerChange(**fields, campaign_id=_key(campaign)))
    s.flush()
    return campaign


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
    from journal.tables.bundle import story_markdown

    lines += story_markdown(s, campaign)
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
