"""Dice odds, exact: every outcome of a roll's dice is walked through the ruleset's own
``procedure "Roll"`` (the kernel machine, with the dice scripted), weighted by its chance.

The dice of a roll are exchangeable, so each multiset of faces is walked once and weighted by
the number of orders it can be rolled in (n! / the product of each face's count!), over
sides^n. The result is a ``Fraction`` per result band and per "at least N hits": exact, not
sampled. No stat points are spent and no skill is taken (a roll as it falls; points change the
odds by the player's choices, which are for a later slice).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from .roll import PASS, new_roll

MAX_DICE = 12  # 6,188 outcomes for d6: enough for any roll at a table


@dataclass(frozen=True)
class RollOdds:
    dice: int
    cuts: int
    bands: dict[str, Fraction]  # each result band, in the table's order
    at_least: dict[int, Fraction]  # hits → the chance of at least that many
    no_hits: Fraction  # the chance of the XP for no hits


def roll_odds(ruleset: Any, dice: int, cuts: int = 0) -> RollOdds:
    """The exact odds of a roll of ``dice`` dice with ``cuts`` cuts."""
    if not 1 <= dice <= MAX_DICE:
        raise ValueError(f"a roll has 1 to {MAX_DICE} dice, not {dice}")
    if cuts < 0:
        raise ValueError(f"cuts are 0 or more, not {cuts}")
    sides = int(ruleset.values["die sides"])
    table = ruleset.tables["result"]
    bands: dict[str, Fraction] = {row.result: Fraction(0) for row in table.rows}
    hits: Counter[int] = Counter()
    no_hits = Fraction(0)
    total = sides**dice
    for faces in combinations_with_replacement(range(1, sides + 1), dice):
        orders = factorial(dice) // prod(factorial(c) for c in Counter(faces).values())
        chance = Fraction(orders, total)
        game = new_roll(ruleset, level=dice, cuts=cuts, dice=list(faces))
        while game.pending() is not None:  # only a skill offered free (all 6s): passed
            game.apply(PASS)
        st = game.state
        bands[st.band] += chance
        hits[st.hits] += orders
        if any(e.kind == "xp_gained" for e in game.events):
            no_hits += chance
    at_least = {
        n: Fraction(sum(c for h, c in hits.items() if h >= n), total) for n in range(1, dice + 1)
    }
    return RollOdds(dice, cuts, bands, at_least, no_hits)


def best_chance(ruleset: Any, dice: int, cuts: int, points: int, target: int) -> Fraction:
    """The exact chance of at least ``target`` hits when the roller holds ``points`` stat
    points and spends them as well as can be (raising dice, buying dice, or stopping), after
    seeing the dice. What a spending costs comes from the declared values; the cuts and hits
    of each final set of dice from a walk of the procedure."""
    if not 1 <= dice <= MAX_DICE:
        raise ValueError(f"a roll has 1 to {MAX_DICE} dice, not {dice}")
    if points < 0 or target < 1:
        raise ValueError("points are 0 or more and the target 1 hit or more")
    sides = int(ruleset.values["die sides"])
    raise_cost = int(ruleset.values["raise die cost"])
    extra_cost = int(ruleset.values["extra die cost"])
    finals: dict[tuple[int, ...], bool] = {}
    best: dict[tuple[tuple[int, ...], int], Fraction] = {}

    def reaches(faces: tuple[int, ...]) -> bool:
        if faces not in finals:
            game = new_roll(ruleset, level=len(faces), cuts=cuts, dice=list(faces))
            while game.pending() is not None:
                game.apply(PASS)
            finals[faces] = game.state.hits >= target
        return finals[faces]

    def value(faces: tuple[int, ...], held: int) -> Fraction:
        key = (faces, held)
        if key in best:
            return best[key]
        chance = Fraction(int(reaches(faces)))
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
