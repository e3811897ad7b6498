"""XP gained and spent outside a roll, advantages made dice and cuts, and hits offset with stat
points: the seed's Progression, GM intrusions, flashbacks and Consequences (the offsetting).

Each function takes the numbers as they stand and gives them back changed, or raises
``NotAllowed`` saying why (a table companion shows it; nothing is changed). The rules the text
states are run from it: the hits' payment, the consequences' levels and the XP answers of
``ruleset.rules`` (``dsl.world.measures``), and so is the stat cap (recovering is the text's
``recoveries are ...``, read by ``dsl.world.measures.recovered``); what is left here is the
check's dice and cuts and the table's wording of a refusal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dsl.dice.model import CheckError, Setting
from dsl.errors import ChroniclerError
from dsl.world.answers import CannotPay, OfferGame, new_offer
from dsl.world.levels import LevelRefused
from dsl.world.measures import measure
from dsl.world.rises import RiseRefused


class NotAllowed(ChroniclerError):
    """What the rules do not allow now (not enough XP, a stat at its maximum...)."""


def flashback(ruleset: Any, xp: int) -> int:
    """Spend the flashback cost (2 XP) to have a flashback: the XP left."""
    return _answer(ruleset, "have a flashback", xp, "a flashback")


ACCEPT, REFUSE = "accept the complication", "refuse the complication"  # the text's answers


def new_intrusion(
    ruleset: Any, *, character: str = "", xp: int = 0, complication: str = ""
) -> OfferGame:
    """An intrusion offered to a character holding ``xp``: ``procedure "GM Intrusion"``, its
    answers the sentences ``ruleset.rules`` declares (``state.taken``: the answer taken)."""
    return new_offer(ruleset, "GM Intrusion", who=character, numbers={"xp": xp}, about=complication)


def _answer(ruleset: Any, words: str, xp: int, what: str) -> int:
    numbers = {"xp": xp}
    try:
        measure(ruleset, words).run(numbers, ruleset.values, None)
    except CannotPay as no:
        raise NotAllowed(f"{what} costs {no.price} XP and you hold {xp}") from None
    return numbers["xp"]


def accept_intrusion(ruleset: Any, xp: int) -> int:
    """Accept the GM's complication, as the text's answer says: gain the intrusion XP (2)."""
    return _answer(ruleset, ACCEPT, xp, "accepting an intrusion")


def refuse_intrusion(ruleset: Any, xp: int) -> int:
    """Reject the GM's complication, as the text's answer says: pay 1 XP."""
    return _answer(ruleset, REFUSE, xp, "refusing an intrusion")


@dataclass(frozen=True)
class StatRaised:
    level: int
    points: int
    xp: int


def raise_stat(
    ruleset: Any, *, level: int, points: int, xp: int, highest_skill: int, in_conflict: bool
) -> StatRaised:
    """Raise a stat's level, as the text's ``stat raises are ...`` says (up to 6 times the highest
    skill level, a point gained but not in a conflict), paying what ``raise a stat`` pays."""
    conflict = {"a conflict"} if in_conflict else ()
    try:
        level, points = measure(ruleset, "stat raises").rise(
            level, points, ruleset.values, highest={"skills": highest_skill}, situations=conflict
        )
    except RiseRefused as no:
        most = f"a stat is at most {no.most} (highest skill level {highest_skill})"
        raise NotAllowed(most) from None
    return StatRaised(level, points, _answer(ruleset, "raise a stat", xp, "raising a stat"))


@dataclass(frozen=True)
class Offset:
    points: int  # points left in the stat
    offset: int  # hits offset
    left: int  # hits not offset: each a consequence, or concede


def offset_hits(ruleset: Any, *, points: int, hits: int) -> Offset:
    """Offset hits against you, as the text's ``hits are paid from stats, ...`` says."""
    paid = measure(ruleset, "hits").pay(points, hits, ruleset.values)
    return Offset(paid.held, paid.paid, paid.owed)


def consequence_level(ruleset: Any, *, hits: int, taken: Iterable[int]) -> int:
    """The level of a new consequence for one stat, as the text's ``consequences are levels
    ...`` says: the hits it offsets, promoted past the levels ``taken``; refused past -4."""
    try:
        return int(measure(ruleset, "consequences").mark(hits, taken, ruleset.values))
    except LevelRefused as no:
        if no.why == "outside":
            raise NotAllowed(f"a consequence offsets 1 to {no.high} hits, not {hits}") from None
        raise NotAllowed(
            f"every level from -{hits} to -{no.high} is taken: the character is already out "
            f"(a -{no.high} consequence is fatal)"
        ) from None


def dice_and_cuts(
    ruleset: Any,
    *,
    level: int,
    easy: bool = False,
    assist: int = 0,
    hard: bool = False,
    far: bool = False,
    cuts: int = 0,
    hindered_by: Iterable[int] = (),
) -> Setting:
    """The dice and cuts of a roll, as the text's check "Roll" counts them from its inputs:
    the skill level, easy, assist (helpers), hard, far, ``cuts`` more and the hindrance (the
    levels of the consequences hindering the roll, ``hindered_by``), each within the range the
    check's ``inputs`` give it (refused, as ``NotAllowed``, saying so)."""
    levels, (low, high) = list(hindered_by), measure(ruleset, "consequences").bounds(ruleset.values)
    if not all(low <= x <= high for x in levels):
        raise NotAllowed(f"a consequence hindering a roll is -{low} to -{high}, not {levels}")
    given = {"easy": int(easy), "assist": assist, "hard": int(hard), "far": int(far)}
    try:  # the setting's dice and cuts
        return ruleset.checks["Roll"].setting(
            level=level, cuts=cuts, hindrance=sum(levels), **given
        )
    except CheckError as bad:
        raise NotAllowed(str(bad)) from None
