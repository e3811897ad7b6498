"""The events the roll records beside its check's (``dsl.dice.check_game.CheckEvent``), as an
enum."""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    ROLL_STARTED = "roll_started"  # skill, level, dice, cuts, stat, points
    XP_GAINED = "xp_gained"  # amount, why, xp
    SKILL_GAINED = "skill_gained"  # name, level, builds_on, xp_spent, free


EVENTS: dict[EventKind, tuple[str, ...]] = {
    EventKind.ROLL_STARTED: ("character", "skill", "level", "dice", "cuts", "stat", "points"),
    EventKind.XP_GAINED: ("amount", "why", "xp"),
    EventKind.SKILL_GAINED: ("name", "level", "builds_on", "xp_spent", "free"),
}
