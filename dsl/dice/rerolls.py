"""Re-rolls as a rule of the check (``re-roll once by luck, paying 1 luck``; ``re-roll again
and again by a bargain, paying 1 doom``): which may be taken after the re-rolls already taken,
and the exact odds of a check when the table re-rolls the outcomes it does not want.

A re-roll is final: the check is rolled again with the same inputs and the new result stands,
the earlier one is not kept. A ``once`` way may be taken only while the check has not been
re-rolled at all (one re-roll a check); an ``again`` way after any number of re-rolls."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from dsl.dice.model import Check, CheckError
from dsl.dice.odds import NO_OUTCOME


def refusal(check: Check, way: str, taken: Sequence[str]) -> str | None:
    """Why a re-roll by ``way`` may not be taken after the re-rolls ``taken`` (their ways, in
    order), or ``None`` when it may."""
    chosen = check.reroll_way(way)
    if chosen.again or not taken:
        return None
    told = f"{check.name} was re-rolled already (by {', '.join(taken)}); a re-roll is final"
    again = [r.way for r in check.rerolls if r.again]
    if again:
        told += f", and only a re-roll by {' or '.join(again)} may follow one"
    return told


def outcome_odds(check: Check, **inputs: int | str) -> dict[str, Fraction]:
    """Each outcome's chance for one making of the check (a repeated check: in the end)."""
    if check.repeat is not None:
        return dict(check.odds_within(1, **inputs).eventually)
    return dict(check.odds(**inputs).outcomes)


def reroll_odds(
    check: Check, ways: Sequence[str], on: Collection[str], **inputs: int | str
) -> dict[str, Fraction]:
    """The chance of each final outcome when the table re-rolls every outcome in ``on`` by the
    next of ``ways`` while it has one (each checked as ``refusal`` checks it; a re-roll is
    final, so what it gives stands unless a further way re-rolls it again)."""
    names = set(check.band_names) | {NO_OUTCOME}
    unknown = sorted(set(on) - names)
    if unknown:
        raise CheckError(
            f"check {check.name!r} has no outcome {unknown[0]!r} (its outcomes: "
            f"{', '.join(check.band_names)})"
        )
    for k, way in enumerate(ways):
        why = refusal(check, way, list(ways[:k]))
        if why is not None:
            raise CheckError(why)
    once = outcome_odds(check, **inputs)
    final: Mapping[str, Fraction] = once
    for _ in ways:  # from the last re-roll back to the first roll
        redo = sum((p for name, p in once.items() if name in on), Fraction(0))
        final = {
            name: (Fraction(0) if name in on else p) + redo * final.get(name, Fraction(0))
            for name, p in once.items()
        }
    return dict(final)
