"""A GM-run campaign as the companion tells it in lines: a sheet in one line, and the whole
campaign for ``chronicler campaign show``."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from journal import ledger
from journal.models import Campaign
from journal.tags_and_tracks import story, tracks


def summary(game: Any, sheet: Any) -> str:
    stats = ", ".join(f"{st.points}/{st.level} {game.stat_label(st.name)}" for st in sheet.stats)
    skills = ", ".join(f"{sk.name} {sk.level}" for sk in sheet.skills)
    worse = ", ".join(
        f"{c.name} -{c.level} ({game.stat_label(c.stat)})" for c in sheet.consequences
    )
    return f"{skills}; {stats}; {sheet.xp} XP" + (f"; consequences: {worse}" if worse else "")


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
        lines.append(f"{name} ({state.kind}): {tracks.drawn(state)}")
    return lines
