"""A GM-run campaign in ``chronicler export --format markdown``: each session and scene with
its narration as written, then what the rules did, in order, and the tracks as they stand.
(Its JSON bundle is the one ledger's: ``journal/bundle.py``.)"""

from __future__ import annotations

from sqlmodel import Session

from journal import ledger
from journal.models import Campaign, Entry
from journal.tags_and_tracks import payloads as p
from journal.tags_and_tracks import story, tracks


def story_markdown(s: Session, campaign: Campaign) -> list[str]:
    """The story as Markdown lines: each session and scene with its narration as written,
    then what the rules did, in order."""
    entries = ledger.entries(s, campaign)
    by_scene: dict[int | None, list[Entry]] = {}
    for row in entries:
        by_scene.setdefault(row.scene_id, []).append(row)

    def told(rows: list[Entry]) -> list[str]:
        out: list[str] = []
        for row in rows:
            if row.kind == p.RecordKind.NARRATION:
                out += ["", row.text.strip(), ""]
            else:
                out.append(f"- {row.summary}".replace("\n", " "))
        return [*out, ""] if out else []

    lines = told(by_scene.get(None, []))
    for session in ledger.sessions_of(s, campaign):
        lines += [f"## Session {session.number}: {session.title}", ""]
        if session.narration.strip():
            lines += [session.narration.strip(), ""]
        for scene in ledger.scenes_in(s, session):
            lines += [f"### Scene {scene.number}: {scene.title}", ""]
            if scene.narration.strip():
                lines += [scene.narration.strip(), ""]
            lines += told(by_scene.get(scene.id, []))
    kept = story.told(entries).tracks
    if kept:
        lines += ["## Tracks", ""]
        lines += [f"- {name} ({state.kind}): {tracks.drawn(state)}" for name, state in kept.items()]
        lines.append("")
    return lines
