"""Dice odds, exact, from the text: the ruleset's ``check "Roll"`` (ruleset.rules) computed by
the language's odds engine (``dsl.dice.odds``, icepool), never sampled and never from a second
copy of the rule in Python.

``roll_odds`` gives a ``Fraction`` per result band (the table "result" by the highest die left)
and per "at least N hits" (the dice left at ``hit on`` or more), and the chance of the XP for
no hits (the dice as rolled, before the cuts). No stat points are spent and no skill is taken
(a roll as it falls). ``best_chance`` adds the player's spending of stat points, whose costs
are declared values; each final set of dice is judged by the same check (``Check.settle``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from dsl.dice.model import Check

MAX_DICE = 12  # 6,188 outcomes for d6: enough for any roll at a table
HITS, NO_HITS = "hits", "hits before cuts"  # the counts check "Roll" declares


@dataclass(frozen=True)
class RollOdds:
    dice: int
    cuts: int
    bands: dict[str, Fraction]  # each result band, in the table's order
    at_least: dict[int, Fraction]  # hits → the chance of at least that many
    no_hits: Fraction  # the chance of the XP for no hits


def roll_check(ruleset: Any) -> Check:
    """The ruleset's roll, as its text declares it."""
    check: Check = ruleset.checks["Roll"]
    return check


def _inputs(dice: int, cuts: int) -> dict[str, int]:
    if not 1 <= dice <= MAX_DICE:
        raise ValueError(f"a roll has 1 to {MAX_DICE} dice, not {dice}")
    if cuts < 0:
        raise ValueError(f"cuts are 0 or more, not {cuts}")
    return {"level": dice, "cuts": cuts}


def roll_odds(ruleset: Any, dice: int, cuts: int = 0) -> RollOdds:
    """The exact odds of a roll of ``dice`` dice with ``cuts`` cuts."""
    odds = roll_check(ruleset).odds(**_inputs(dice, cuts))
    hits = odds.at_least(HITS)
    at_least = {n: hits.get(n, Fraction(0)) for n in range(1, dice + 1)}
    no_hits = odds.counts[NO_HITS].get(0, Fraction(0))
    return RollOdds(dice, cuts, dict(odds.outcomes), at_least, no_hits)


def best_chance(ruleset: Any, dice: int, cuts: int, points: int, target: int) -> Fraction:
    """The exact chance of at least ``target`` hits when the roller holds ``points`` stat
    points and spends them as well as can be (raising dice, buying dice, or stopping), after
    seeing the dice. What a spending costs comes from the declared values; the hits of each
    final set of dice from the check "Roll"."""
    check = roll_check(ruleset)
    setting = check.setting(**_inputs(dice, cuts))
    if points < 0 or target < 1:
        raise ValueError("points are 0 or more and the target 1 hit or more")
    sides = check.sides
    raise_cost = int(ruleset.values["raise die cost"])
    extra_cost = int(ruleset.values["extra die cost"])
    hits = [c.name for c in check.counts].index(HITS)
    best: dict[tuple[tuple[int, ...], int], Fraction] = {}

    def value(faces: tuple[int, ...], held: int) -> Fraction:
        key = (faces, held)
        if key in best:
            return best[key]
        chance = Fraction(int(check.settle(setting, faces).counts[hits] >= target))
        if chance < 1 and held >= raise_cost:
            for at in sorted({i for i, f in enumerate(faces) if f < sides}):
                raised = tuple(sorted((*faces[:at], faces[at] + 1, *faces[at + 1 :])))
                chance = max(chance, value(raised, held - raise_cost))
        if chance < 1 and held >= extra_cost and len(faces) < MAX_DICE:
            bought = sum(
                (value(tuple(sorted((*faces, f))), held - extra_cost) for f in range(1, sides + 1)),
                Fraction(0),
            )
            chance = max(chance, bought / sides)
        best[key] = chance
        return chance

    total = Fraction(0)
    for faces in combinations_with_replacement(range(1, sides + 1), dice):
        orders = factorial(dice) // prod(factorial(c) for c in Counter(faces).values())
        total += Fraction(orders, sides**dice) * value(faces, points)
    return total
