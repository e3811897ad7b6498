"""A GM-run campaign as the companion tells it in lines: a sheet in one line, and the whole
campaign for ``chronicler campaign show``."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from journal import ledger
from journal.models import Campaign
from journal.tables import payloads as p
from journal.tables import story, tracks


def _tags(tags: Any) -> str:
    return ", ".join(t.name if t.level == 1 else f"{t.name} {t.level}" for t in tags)


def summary(game: Any, sheet: Any) -> str:
    """A sheet in one line: skills; stats and other reservoirs; XP; schemes, inventory and
    consequences when it has any."""
    stats = ", ".join(f"{st.points}/{st.level} {game.stat_label(st.name)}" for st in sheet.stats)
    stats += "".join(f", {r.name} {r.value}/{r.level}" for r in sheet.reservoirs)
    skills = ", ".join(f"{sk.name} {sk.level}" for sk in sheet.skills)
    worse = ", ".join(
        f"{c.name} -{c.level} ({game.stat_label(c.stat)})" for c in sheet.consequences
    )
    line = f"{skills}; {stats}; {sheet.xp} XP"
    if sheet.schemes:
        line += f"; schemes: {_tags(sheet.schemes)}"
    if sheet.inventory:
        line += f"; inventory: {_tags(sheet.inventory)}"
    return line + (f"; consequences: {worse}" if worse else "")


def story_lines(s: Session, campaign: Campaign) -> list[str]:
    """``campaign show`` for a game a GM runs: its sessions and scenes, the characters'
    sheets as they stand, and the tracks."""
    game = story.find_game(campaign.ruleset)
    lines = [f"{campaign.name} ({game.rules.name})"]
    for session in story.sessions(s, campaign):
        lines.append(f"Session {session.number}: {session.title}")
        lines += [f"  {scene.number}. {scene.title}" for scene in story.scenes_of(s, session)]
    for character in ledger.characters(s, campaign):
        _, now = story.current_sheet(s, campaign, character.name)
        lines.append(f"{character.name}: {summary(game, now)}")
    for track in tracks.tracks(s, campaign):
        state = p.track_state(track.state, track.name)
        hidden = " (hidden from the players)" if state.hidden else ""
        lines.append(f"{track.name} ({state.kind}): {tracks.drawn(state)}{hidden}")
    return lines


def story_json(s: Session, campaign: Campaign) -> dict[str, Any]:
    """``campaign show --json`` for a game a GM runs: its sessions and scenes, each
    character's sheet as it stands (as the journal keeps it) and the tracks."""
    story.find_game(campaign.ruleset)  # a campaign whose ruleset is gone is refused here too
    sessions = [
        {
            "number": session.number,
            "title": session.title,
            "scenes": [
                {"number": scene.number, "title": scene.title}
                for scene in story.scenes_of(s, session)
            ],
        }
        for session in story.sessions(s, campaign)
    ]
    sheets = [
        story.current_sheet(s, campaign, c.name)[1].model_dump(mode="json")
        for c in ledger.characters(s, campaign)
    ]
    kept = [
        tracks.track_json(t.name, p.track_state(t.state, t.name))
        for t in tracks.tracks(s, campaign)
    ]
    return {
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "sessions": sessions,
        "characters": sheets,
        "tracks": kept,
    }
