"""A GM-run campaign's story rows in the campaign bundle (``chronicler export`` / ``import``):
sessions and scenes, every mechanic record, the sheets over time and the tracks, so a bundle
round-trips them as it does the Six Winters rows. The part is its own pydantic model, checked
before anything is written; a record's payload is checked against its kind's shape.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator
from sqlmodel import Session

from dsl.errors import ChroniclerError
from journal import ledger
from journal.bundle_schema import LIST_LIMIT, Called, Name, Stamp, Text, first_problem
from journal.models import (
    Campaign,
    Character,
    MechanicRecord,
    SheetVersion,
    StoryScene,
    StorySession,
    TrackRow,
)
from journal.tables import payloads as p
from journal.tables import story, tracks

Number = Annotated[int, Field(ge=1, le=LIST_LIMIT * 10, strict=True)]


def _payload(value: dict[str, Any]) -> dict[str, Any]:
    try:
        p.payload(value, "the payload")
    except ChroniclerError as error:
        raise ValueError(error.message.removeprefix("the journal is damaged: ")) from None
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SceneFields(_Strict):
    number: Number
    title: Called
    narration: Text = ""
    started_at: Stamp


class SessionFields(_Strict):
    number: Number
    title: Called
    narration: Text = ""
    started_at: Stamp
    scenes: Annotated[list[SceneFields], Field(max_length=LIST_LIMIT)] = []


class RecordFields(_Strict):
    number: Number
    session: Number | None = None  # the session and scene it was recorded in
    scene: Number | None = None
    kind: Annotated[str, Field(min_length=1, max_length=40, strict=True)]
    character: Name | None = None
    summary: Text = ""
    payload: Annotated[dict[str, Any], AfterValidator(_payload)]
    at: Stamp

    @model_validator(mode="after")
    def _kind_is_the_payloads(self) -> RecordFields:
        if self.payload.get("kind") != self.kind:
            raise ValueError(f"a {self.kind} record holds a {self.payload.get('kind')} payload")
        if (self.session is None) != (self.scene is None):
            raise ValueError("a record names both its session and its scene, or neither")
        return self


class SheetFields(_Strict):
    character: Called
    number: Number
    record: Number | None = None
    sheet: p.Sheet
    at: Stamp


class TrackFields(_Strict):
    name: Called
    kind: p.TrackKind
    state: p.TrackState
    created_at: Stamp

    @model_validator(mode="after")
    def _kind_is_the_states(self) -> TrackFields:
        if self.state.kind is not self.kind:
            raise ValueError(f"a {self.kind} track holds a {self.state.kind} state")
        return self


class StoryPart(_Strict):
    sessions: Annotated[list[SessionFields], Field(max_length=LIST_LIMIT)] = []
    records: Annotated[list[RecordFields], Field(max_length=LIST_LIMIT * 10)] = []
    sheets: Annotated[list[SheetFields], Field(max_length=LIST_LIMIT * 10)] = []
    tracks: Annotated[list[TrackFields], Field(max_length=LIST_LIMIT)] = []

    @model_validator(mode="after")
    def _links_hold(self) -> StoryPart:
        scenes = {(x.number, y.number) for x in self.sessions for y in x.scenes}
        records = {r.number for r in self.records}
        if len(records) != len(self.records):
            raise ValueError("two records with one number")
        if len({x.number for x in self.sessions}) != len(self.sessions):
            raise ValueError("two sessions with one number")
        for r in self.records:
            if r.session is not None and (r.session, r.scene) not in scenes:
                raise ValueError(f"record {r.number} names a scene the bundle lacks")
        for sheet in self.sheets:
            if sheet.record is not None and sheet.record not in records:
                raise ValueError(f"{sheet.character}'s sheet {sheet.number} names no record")
        if len({(x.character, x.number) for x in self.sheets}) != len(self.sheets):
            raise ValueError("two sheets of one character with one number")
        if len({t.name.casefold() for t in self.tracks}) != len(self.tracks):
            raise ValueError("two tracks with one name")
        return self


def checked(data: Any) -> StoryPart:
    try:
        return StoryPart.model_validate(data)
    except ValidationError as error:
        raise ChroniclerError(f"the bundle is refused: story.{first_problem(error)}") from None


def export_story(s: Session, campaign: Campaign) -> dict[str, Any] | None:
    """The campaign's story rows as the bundle keeps them; None when it has none."""
    sessions = story.sessions(s, campaign)
    records = story.records(s, campaign)
    kept_tracks = tracks.tracks(s, campaign)
    at_scene: dict[int, tuple[int, int]] = {}
    part: dict[str, Any] = {"sessions": [], "records": [], "sheets": [], "tracks": []}
    for session in sessions:
        scenes = []
        for scene in story.scenes_of(s, session):
            at_scene[ledger._id(scene)] = (session.number, scene.number)
            scenes.append(
                {
                    "number": scene.number,
                    "title": scene.title,
                    "narration": scene.narration,
                    "started_at": scene.started_at,
                }
            )
        part["sessions"].append(
            {
                "number": session.number,
                "title": session.title,
                "narration": session.narration,
                "started_at": session.started_at,
                "scenes": scenes,
            }
        )
    numbers = {}
    for row in records:
        numbers[ledger._id(row)] = row.number
        session_number, scene_number = (
            at_scene[row.scene_id] if row.scene_id is not None else (None, None)
        )
        part["records"].append(
            {
                "number": row.number,
                "session": session_number,
                "scene": scene_number,
                "kind": row.kind,
                "character": row.character,
                "summary": row.summary,
                "payload": row.payload,
                "at": row.at,
            }
        )
    for character in ledger.characters(s, campaign):
        for version in story.sheets_of(s, character):
            part["sheets"].append(
                {
                    "character": character.name,
                    "number": version.number,
                    "record": numbers.get(version.record_id) if version.record_id else None,
                    "sheet": version.sheet,
                    "at": version.at,
                }
            )
    for track in kept_tracks:
        part["tracks"].append(
            {
                "name": track.name,
                "kind": track.kind,
                "state": track.state,
                "created_at": track.created_at,
            }
        )
    if not any(part.values()):
        return None
    return part


def import_story(
    s: Session, campaign: Campaign, part: StoryPart, characters: dict[str, Character]
) -> None:
    """Write the story rows of a checked bundle into ``campaign`` (its characters given)."""
    for sheet in part.sheets:
        if sheet.character not in characters:
            raise ChroniclerError(
                f"the bundle is refused: story.sheets names {sheet.character!r}, who is not "
                "among its characters"
            )
    for r in part.records:
        if r.character is not None and r.character not in characters:
            raise ChroniclerError(
                f"the bundle is refused: story.records[{r.number}] is about {r.character!r}, "
                "who is not among its characters"
            )
    scene_ids: dict[tuple[int, int], int] = {}
    for entry in part.sessions:
        session = StorySession(
            campaign_id=ledger._id(campaign),
            number=entry.number,
            title=entry.title,
            narration=entry.narration,
            started_at=entry.started_at,
        )
        s.add(session)
        s.flush()
        for scene_entry in entry.scenes:
            scene = StoryScene(
                session_id=ledger._id(session),
                number=scene_entry.number,
                title=scene_entry.title,
                narration=scene_entry.narration,
                started_at=scene_entry.started_at,
            )
            s.add(scene)
            s.flush()
            scene_ids[(entry.number, scene_entry.number)] = ledger._id(scene)
    record_ids: dict[int, int] = {}
    for r in part.records:
        row = MechanicRecord(
            campaign_id=ledger._id(campaign),
            scene_id=scene_ids[(r.session, r.scene)] if r.session and r.scene else None,
            number=r.number,
            kind=r.kind,
            character=r.character,
            summary=r.summary,
            payload=r.payload,
            at=r.at,
        )
        s.add(row)
        s.flush()
        record_ids[r.number] = ledger._id(row)
    for sheet in part.sheets:
        s.add(
            SheetVersion(
                character_id=ledger._id(characters[sheet.character]),
                number=sheet.number,
                record_id=record_ids[sheet.record] if sheet.record is not None else None,
                sheet=sheet.sheet.model_dump(mode="json"),
                at=sheet.at,
            )
        )
    for track in part.tracks:
        s.add(
            TrackRow(
                campaign_id=ledger._id(campaign),
                name=track.name,
                kind=str(track.kind),
                state=track.state.model_dump(mode="json"),
                created_at=track.created_at,
            )
        )
    s.flush()


def story_markdown(s: Session, campaign: Campaign) -> list[str]:
    """The story rows as Markdown lines (``chronicler export --format markdown``): each
    session and scene with its narration as written, then what the rules did, in order."""
    by_scene: dict[int | None, list[MechanicRecord]] = {}
    for row in story.records(s, campaign):
        by_scene.setdefault(row.scene_id, []).append(row)

    def told(rows: list[MechanicRecord]) -> list[str]:
        out: list[str] = []
        for row in rows:
            if row.kind == p.RecordKind.NARRATION:
                out += ["", str(row.payload.get("text", "")).strip(), ""]
            else:
                out.append(f"- {row.summary}".replace("\n", " "))
        return [*out, ""] if out else []

    lines = told(by_scene.get(None, []))
    for session in story.sessions(s, campaign):
        lines += [f"## Session {session.number}: {session.title}", ""]
        if session.narration.strip():
            lines += [session.narration.strip(), ""]
        for scene in story.scenes_of(s, session):
            lines += [f"### Scene {scene.number}: {scene.title}", ""]
            if scene.narration.strip():
                lines += [scene.narration.strip(), ""]
            lines += told(by_scene.get(scene.id, []))
    kept_tracks = tracks.tracks(s, campaign)
    if kept_tracks:
        lines += ["## Tracks", ""]
        lines += [
            f"- {t.name} ({t.kind}): {tracks.drawn(p.track_state(t.state, t.name))}"
            for t in kept_tracks
        ]
        lines.append("")
    return lines
