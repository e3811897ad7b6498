"""Dice odds, exact, from the text: the ruleset's ``check "Roll"`` (ruleset.rules) computed by
the language's odds engine (``dsl.dice.odds``, icepool), never sampled and never from a second
copy of the rule in Python.

``roll_odds`` gives a ``Fraction`` per result band (the table "result" by the highest die left)
and per "at least N hits" (the dice left at ``hit on`` or more), and the chance of the XP for
no hits (the dice as rolled, before the cuts). No stat points are spent and no skill is taken
(a roll as it falls). ``best_chance`` adds the player's spending of stat points, as the
check's ``spend`` clauses say (``dsl.dice.spending``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dsl.dice.model import Check
from dsl.dice.spending import best_chance as best

MAX_DICE = 12  # 6,188 outcomes for d6: enough for any roll at a table
HITS, NO_HITS = "hits", "hits before cuts"  # the counts check "Roll" declares


@dataclass(frozen=True)
class RollOdds:
    dice: int
    cuts: int
    bands: dict[str, Fraction]  # each result band, in the table's order
    at_least: dict[int, Fraction]  # hits → the chance of at least that many
    no_hits: Fraction  # the chance of the XP for no hits


def _inputs(dice: int, cuts: int) -> dict[str, int]:
    if not 1 <= dice <= MAX_DICE:
        raise ValueError(f"a roll has 1 to {MAX_DICE} dice, not {dice}")
    if cuts < 0:
        raise ValueError(f"cuts are 0 or more, not {cuts}")
    return {"level": dice, "cuts": cuts}


def roll_odds(ruleset: Any, dice: int, cuts: int = 0) -> RollOdds:
    """The exact odds of a roll of ``dice`` dice with ``cuts`` cuts."""
    check: Check = ruleset.checks["Roll"]  # the ruleset's roll, as its text declares it
    odds = check.odds(**_inputs(dice, cuts))
    hits = odds.at_least(HITS)
    at_least = {n: hits.get(n, Fraction(0)) for n in range(1, dice + 1)}
    no_hits = odds.counts[NO_HITS].get(0, Fraction(0))
    return RollOdds(dice, cuts, dict(odds.outcomes), at_least, no_hits)


def best_chance(ruleset: Any, dice: int, cuts: int, points: int, target: int) -> Fraction:
    """The exact chance of at least ``target`` hits when the roller holds ``points`` stat
    points and spends them as well as can be after seeing the dice, on what check "Roll"
    says they buy (``spend ...`` clauses: raise a die, roll an extra die)."""
    if points < 0 or target < 1:
        raise ValueError("points are 0 or more and the target 1 hit or more")
    inputs = _inputs(dice, cuts)
    return best(ruleset.checks["Roll"], HITS, target, points, most_dice=MAX_DICE, **inputs)
