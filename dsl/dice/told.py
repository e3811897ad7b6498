"""How a check played step by step reads at a table: one line per event of its game
(``check_game.CheckEvent`` and the kernel's ``dice_rolled``; its ``result`` is the ruleset's to
word, since what its score means is the check's), and an offer's answer changing a number
(``dsl.world.answers``); every count agreeing with its noun, the nouns the text's (a count's
name, as ``count hits: ...`` declares it). Nothing here names a game."""

from __future__ import annotations

from typing import Any

from dsl.dice.check_game import CheckEvent
from dsl.kernel.machine import KernelEvent
from dsl.world.answers import OfferEvent

__all__ = ["check_line", "counted"]

IRREGULAR = {"die": "dice"}


def counted(number: int, noun: str) -> str:
    """``1 die``, ``2 dice``, ``1 hit``, ``3 grit points``: a count and its noun agreeing."""
    if number == 1:
        return f"{number} {noun}"
    head, _, last = noun.rpartition(" ")
    plural = IRREGULAR.get(last, last + "s")
    return f"{number} {head + ' ' if head else ''}{plural}"


def _one(name: str) -> str:
    """A count's noun for one (``hits`` -> ``hit``), as a count of 1 is said."""
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _faces(faces: list[int]) -> str:
    return " ".join(str(f) for f in faces)


def check_line(event: Any) -> str | None:
    """The line of one event of a check's game; ``None`` for an event that is not one."""
    d = event.data
    kind = str(event.kind)
    if kind == KernelEvent.DICE_ROLLED:
        return f"rolled {_faces(d['faces'])}"
    left = f"{counted(d['held'], 'point')} left" if "held" in d else ""
    if kind == CheckEvent.DIE_RAISED:  # paid from a number: what it holds after
        return f"die {d['die']} raised {d['before']} -> {d['after']} ({left})"
    if kind == CheckEvent.DIE_BOUGHT:
        return f"an extra die: {d['face']} ({left})"
    if kind == CheckEvent.DIE_CUT:
        if d["after"] is None:
            return f"cut the {d['before']}: {_faces(d['dice'])} left"
        return f"cut pips from the last die: {d['before']} -> {d['after']}"
    if kind == CheckEvent.COUNTED:  # the count as the text names it
        return counted(d["value"], _one(str(d["count"])))
    if kind == OfferEvent.NUMBER_CHANGED:  # "Brick: accept the complication, +2 xp (now 3)"
        sign = "+" if d["change"] >= 0 else ""
        who = d["who"] or "The character"
        return f"{who}: {d['answer']}, {sign}{d['change']} {d['number']} (now {d['now']})"
    return None
