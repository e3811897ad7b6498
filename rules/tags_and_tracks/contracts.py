"""The events the roll records and the decisions it asks, as enums."""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    ROLL_STARTED = "roll_started"  # skill, level, dice, cuts, stat, points
    DIE_RAISED = "die_raised"  # die (1-based), face before and after, points left
    DIE_BOUGHT = "die_bought"  # face, points left
    XP_GAINED = "xp_gained"  # amount, why, xp
    SKILL_GAINED = "skill_gained"  # name, level, builds_on, xp_spent, free
    DIE_CUT = "die_cut"  # face removed (or pips taken from the last die)
    RESULT = "result"  # highest die and its band
    HITS = "hits"  # hits counted
    HITS_AGAINST = "hits_against"  # hits rolled against a character, the stat's points
    HITS_OFFSET = "hits_offset"  # hits offset with stat points, points spent and left
    CONSEQUENCE_TAKEN = "consequence_taken"  # its name, level (promoted?), the hits it offsets
    CONCEDED = "conceded"  # the character concedes rather than take a consequence


class DecisionKind(StrEnum):
    """The questions the game's own pieces ask. The offer steps of the text ask the procedure's
    ``offer`` decisions (raise a die, buy a die or done; take the skill or pass; a consequence
    or concede), and names are asked as the kernel's free-text ``write`` decisions."""

    RAISE_WHICH_DIE = "raise_which_die"  # the die 1 stat point raises


EVENTS: dict[EventKind, tuple[str, ...]] = {
    EventKind.ROLL_STARTED: ("character", "skill", "level", "dice", "cuts", "stat", "points"),
    EventKind.DIE_RAISED: ("die", "before", "after", "points"),
    EventKind.DIE_BOUGHT: ("face", "points"),
    EventKind.XP_GAINED: ("amount", "why", "xp"),
    EventKind.SKILL_GAINED: ("name", "level", "builds_on", "xp_spent", "free"),
    EventKind.DIE_CUT: ("before", "after", "dice"),
    EventKind.RESULT: ("highest", "band"),
    EventKind.HITS: ("hits",),
    EventKind.HITS_AGAINST: ("character", "stat", "hits", "points"),
    EventKind.HITS_OFFSET: ("offset", "spent", "points", "left"),
    EventKind.CONSEQUENCE_TAKEN: (
        "character",
        "stat",
        "name",
        "level",
        "hits",
        "promoted",
        "fatal",
    ),
    EventKind.CONCEDED: ("character", "hits"),
}
