"""A GM-run campaign as the companion tells it in lines: a sheet in one line, and the whole
campaign for ``chronicler campaign show``."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from journal import ledger
from journal.models import Campaign
from journal.tags_and_tracks import story, tracks


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


def story_lines(s: Session, campaign: Campaign, upto: int | None = None) -> list[str]:
    """``campaign show`` for a game a GM runs: its sessions and scenes, the characters' sheets
    as they stand, and the tracks (``upto``: as the end of that session left them)."""
    game = story.find_game(campaign.ruleset)
    lines = [f"{campaign.name} ({game.rules.name})" + (f" as of session {upto}" if upto else "")]
    shown = [x for x in ledger.sessions_of(s, campaign) if upto is None or x.number <= upto]
    for session in shown:
        lines.append(f"Session {session.number}: {session.title}")
        lines += [f"  {scene.number}. {scene.title}" for scene in ledger.scenes_in(s, session)]
    entries = ledger.entries(s, campaign)
    if upto is not None:
        later = {ledger._id(x) for x in ledger.sessions_of(s, campaign) if x.number > upto}
        entries = [e for e in entries if e.session_id not in later]
    table = story.told(entries)
    for sheet in table.sheets.values():
        lines.append(f"{sheet.name}: {summary(game, sheet)}")
    for name, state in table.tracks.items():
        hidden = " (hidden from the players)" if state.hidden else ""
        lines.append(f"{name} ({state.kind}): {tracks.drawn(state)}{hidden}")
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
                for scene in ledger.scenes_in(s, session)
            ],
        }
        for session in ledger.sessions_of(s, campaign)
    ]
    table = story.told(ledger.entries(s, campaign))
    return {
        "name": campaign.name,
        "ruleset": campaign.ruleset,
        "sessions": sessions,
        "characters": [sheet.model_dump(mode="json") for sheet in table.sheets.values()],
        "tracks": [tracks.track_json(name, state) for name, state in table.tracks.items()],
    }
