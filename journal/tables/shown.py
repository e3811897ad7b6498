"""A GM-run campaign as the companion tells it in lines: a sheet in one line, and the whole
campaign for ``chronicler campaign show``."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from journal import ledger
from journal.models import Campaign
from journal.tables import payloads as p
from journal.tables import story, tracks


def summary(game: Any, sheet: Any) -> str:
    stats = ", ".join(f"{st.points}/{st.level} {game.stat_label(st.name)}" for st in sheet.stats)
    skills = ", ".join(f"{sk.name} {sk.level}" for sk in sheet.skills)
    worse = ", ".join(
        f"{c.name} -{c.level} ({game.stat_label(c.stat)})" for c in sheet.consequences
    )
    return f"{skills}; {stats}; {sheet.xp} XP" + (f"; consequences: {worse}" if worse else "")


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
        lines.append(f"{track.name} ({state.kind}): {tracks.drawn(state)}")
    return lines
