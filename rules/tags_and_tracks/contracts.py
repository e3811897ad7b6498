"""The events the roll records and the decisions it asks, as enums."""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    ROLL_STARTED = "roll_started"  # skill, level, dice, cuts, stat, points
    DIE_RAISED = "die_raised"  # die (1-based), face before and after, points left
    DIE_BOUGHT = "die_bought"  # face, points left
    XP_GAINED = "xp_gained"  # amount, why, xp
    SKILL_GAINED = "skill_gained"  # level, builds_on, xp_spent, free
    DIE_CUT = "die_cut"  # face removed (or pips taken from the last die)
    RESULT = "result"  # highest die and its band
    HITS = "hits"  # hits counted


class DecisionKind(StrEnum):
    SPEND_POINTS = "spend_points"  # raise a die, buy a die, or stop
    TAKE_SKILL = "take_skill"  # take the skill the roll offers, or pass


EVENTS: dict[EventKind, tuple[str, ...]] = {
    EventKind.ROLL_STARTED: ("character", "skill", "level", "dice", "cuts", "stat", "points"),
    EventKind.DIE_RAISED: ("die", "before", "after", "points"),
    EventKind.DIE_BOUGHT: ("face", "points"),
    EventKind.XP_GAINED: ("amount", "why", "xp"),
    EventKind.SKILL_GAINED: ("level", "builds_on", "xp_spent", "free"),
    EventKind.DIE_CUT: ("before", "after", "dice"),
    EventKind.RESULT: ("highest", "band"),
    EventKind.HITS: ("hits",),
}
