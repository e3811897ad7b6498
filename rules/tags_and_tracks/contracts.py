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


class DecisionKind(StrEnum):
    """The questions the game's own pieces ask. The offer steps of the text ask the procedure's
    ``offer`` decisions (raise a die, buy a die or done; take the skill or pass), and names are
    asked as the kernel's free-text ``write`` decisions. The hits against a character are a
    game of offers (``dsl.world.owed``): their events are its own."""

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
}
