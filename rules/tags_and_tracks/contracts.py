"""The events the roll records beside its check's (``dsl.dice.check_game.CheckEvent``), as an
enum, and where a roll ends as the ledger keeps it (``Outcome``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    ROLL_STARTED = "roll_started"  # skill, level, dice, cuts, stat, points
    XP_GAINED = "xp_gained"  # amount, why, xp
    SKILL_GAINED = "skill_gained"  # name, level, builds_on, xp_spent, free


@dataclass(frozen=True)
class Outcome:
    """Where a roll ends: its band, highest die, hits, the XP and points after it, the dice
    left after the cuts, and the skill it gained (name, level, builds_on, xp_spent) if any."""

    band: str
    highest: int
    hits: int
    xp: int
    points: int
    dice: tuple[int, ...]
    gained: dict[str, Any] | None = None


GAINED = ("name", "level", "builds_on", "xp_spent")


def outcome(roll: Any) -> Outcome:
    """The result of a roll that is over."""
    if roll.pending() is not None:
        raise ValueError("the roll is not over: it still asks a question")
    st = roll.state
    taken = (e for e in roll.events if e.kind == EventKind.SKILL_GAINED)
    gained = next(({k: e.data[k] for k in GAINED} for e in taken), None)
    xp, points = st.numbers["xp"], st.numbers["stats"]
    return Outcome(
        str(st.band), int(st.score), int(st.counts["hits"]), xp, points, tuple(st.dice), gained
    )
