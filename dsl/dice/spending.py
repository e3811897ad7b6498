"""What a roller may buy after seeing the dice (``spend 1: raise a die by 1``, ``spend 2: roll 1
more die``), and the exact chance of reaching a count when the points are spent as well as can
be: every set of dice is judged by the check itself (``Check.settle``), each spending tried in
turn, and the best kept, dice bought being averaged over their faces.

The sets of dice are sorted (the order of the dice changes nothing a check judges) and each is
weighed by the number of orders it comes in, as ``dsl.dice.odds`` does.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

from dsl.dice.model import Check, CheckError

Faces = tuple[int, ...]


def _sets(sides: int, dice: int) -> Iterator[tuple[Faces, Fraction]]:
    """Every sorted set of ``dice`` dice of ``sides`` sides, with its chance."""
    for faces in combinations_with_replacement(range(1, sides + 1), dice):
        orders = factorial(dice) // prod(factorial(faces.count(f)) for f in set(faces))
        yield faces, Fraction(orders, sides**dice)


def best_chance(
    check: Check, count: str, target: int, points: int, *, most_dice: int, **inputs: Any
) -> Fraction:
    """The exact chance that the check's count ``count`` reaches ``target`` when the roller
    holds ``points`` and spends them, seeing the dice, on what the check's ``spend`` clauses
    offer (never on more than ``most_dice`` dice in all)."""
    setting = check.setting(**inputs)
    names = [c.name for c in check.counts]
    if count not in names:
        raise CheckError(
            f"check {check.name!r} counts no {count!r} (it counts: {', '.join(names)})"
        )
    if points < 0 or target < 1:
        raise CheckError("points are 0 or more and the target 1 or more")
    at = names.index(count)
    sides, env = check.sides, setting.env
    raising, buying = check.spend(raise_die=True), check.spend(raise_die=False)
    best: dict[tuple[Faces, int], Fraction] = {}

    def value(faces: Faces, held: int) -> Fraction:
        key = (faces, held)
        if key in best:
            return best[key]
        chance = Fraction(int(check.settle(setting, faces).counts[at] >= target))
        if chance < 1 and raising is not None and held >= raising.cost.value(env):
            pips, cost = raising.amount.value(env), raising.cost.value(env)
            for i in sorted({i for i, f in enumerate(faces) if f < sides}):
                raised = (*faces[:i], min(sides, faces[i] + pips), *faces[i + 1 :])
                chance = max(chance, value(tuple(sorted(raised)), held - cost))
        if chance < 1 and buying is not None and held >= buying.cost.value(env):
            more, cost = buying.amount.value(env), buying.cost.value(env)
            if more > 0 and len(faces) + more <= most_dice:
                bought = sum(
                    (p * value(tuple(sorted(faces + extra)), held - cost))
                    for extra, p in _sets(sides, more)
                )
                chance = max(chance, Fraction(bought))
        best[key] = chance
        return chance

    return sum((p * value(faces, points) for faces, p in _sets(sides, setting.dice)), Fraction(0))
