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
