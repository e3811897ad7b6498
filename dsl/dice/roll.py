"""A check rolled by the engine: its dice come from a roller, which is the kernel's chance
points (``dsl.kernel.machine.Machine.roll_dice``: a test's script, the seeded generator, or the
table's dice typed by a person), so the same roll is scripted, replayed or typed alike.

The result is plain data an event carries as JSON (``CheckResult.to_json``): each roll's faces,
what was kept and cut, the bonus dice and confirmation dice rolled, the score, the counts and
the outcome. What the dice mean comes from ``Check.settle`` and the check's outcomes, the same
evaluation the exact odds use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from dsl.dice.model import Check, CheckError, Setting, measure_holds

MAX_ROLLS = 1000  # a repeated check that no outcome ends after this many rolls is refused
MAX_BONUS_DICE = 1000  # bonus dice rolling bonus dice: a script of endless 6s is refused


class Roller(Protocol):
    """Where dice come from: ``roll_dice(sides, count, why)`` gives ``count`` faces."""

    def roll_dice(self, sides: int, count: int, why: str) -> list[int]: ...


@dataclass(frozen=True)
class RollOf:
    """One roll of a check's dice: as rolled, kept and cut (``lowered``: pips taken off the
    last die by cuts past it), the bonus dice, the score, the counts, the confirmation dice,
    and the outcome it ended with (``None``: a repeated check rolls again)."""

    faces: tuple[int, ...]
    kept: tuple[int, ...]
    cut: tuple[int, ...]
    lowered: int
    bonus: tuple[int, ...]
    score: int
    counts: Mapping[str, int]
    confirm: tuple[int, ...] = ()
    outcome: str | None = None


@dataclass(frozen=True)
class CheckResult:
    """A check's result: its inputs, every roll (one, or one per unit of time of a repeated
    check), the score of the last roll, the total of the scores, the counts over every roll
    and the outcome."""

    check: str
    inputs: Mapping[str, int | str]
    rolls: tuple[RollOf, ...]
    score: int
    total: int
    counts: Mapping[str, int]
    outcome: str | None
    time: int | None = None  # the rolls times the time each takes (a repeated check)
    unit: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    judged: Mapping[str, str | None] = field(default_factory=dict)  # each judgement's band

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces of the last roll, as rolled."""
        return self.rolls[-1].faces if self.rolls else ()

    @property
    def kept(self) -> tuple[int, ...]:
        return self.rolls[-1].kept if self.rolls else ()

    @property
    def cut(self) -> tuple[int, ...]:
        return self.rolls[-1].cut if self.rolls else ()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["inputs"] = dict(self.inputs)
        data["counts"] = dict(self.counts)
        data["judged"] = dict(self.judged)
        data["rolls"] = [
            {**asdict(r), "counts": dict(r.counts), **{k: list(getattr(r, k)) for k in _TUPLES}}
            for r in self.rolls
        ]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CheckResult:
        rolls = tuple(RollOf(**{**r, **{k: tuple(r[k]) for k in _TUPLES}}) for r in data["rolls"])
        return cls(**{**data, "rolls": rolls})


_TUPLES = ("faces", "kept", "cut", "bonus", "confirm")


def roll_check(check: Check, roller: Roller, **given: int | str) -> CheckResult:
    """Roll ``check`` with these inputs, the dice from ``roller``."""
    setting = check.setting(**given)
    rolls: list[RollOf] = []
    total = 0
    counts = [0] * len(check.counts)
    limit = MAX_ROLLS if check.repeat is not None else 1
    outcome: str | None = None
    for _ in range(limit):
        one = _roll_once(check, roller, setting)
        total += one.score
        counts = [a + b for a, b in zip(counts, one.counts.values(), strict=True)]
        measures = check.measures(one.score, counts, total)
        outcome, confirm = _outcome(check, roller, setting, measures, one.flags)
        rolls.append(
            RollOf(
                one.faces,
                one.kept,
                one.cut,
                one.lowered,
                one.bonus,
                one.score,
                one.counts,
                confirm,
                outcome,
            )
        )
        if outcome is not None or check.repeat is None:
            break
    else:
        raise CheckError(f"check {check.name!r}: no outcome after {MAX_ROLLS} rolls")
    repeat = check.repeat
    time = repeat.time * len(rolls) if repeat is not None and repeat.time is not None else None
    judged = check.judge(check.measures(rolls[-1].score, counts, total), setting.env)
    return CheckResult(
        check.name,
        dict(setting.inputs),
        tuple(rolls),
        rolls[-1].score,
        total,
        dict(zip((c.name for c in check.counts), counts, strict=True)),
        outcome,
        time,
        repeat.unit if repeat is not None else None,
        judged=judged,
    )


@dataclass(frozen=True)
class _Once:
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    cut: tuple[int, ...]
    lowered: int
    bonus: tuple[int, ...]
    score: int
    counts: Mapping[str, int]
    flags: tuple[bool, ...]


def _roll_once(check: Check, roller: Roller, setting: Setting) -> _Once:
    faces = roller.roll_dice(check.sides, setting.dice, check.name) if setting.dice else []
    judged = check.settle(setting, faces)
    bonus: list[int] = []
    points = 0
    pending = judged.bonus
    while pending:
        if len(bonus) + pending > MAX_BONUS_DICE:
            raise CheckError(f"check {check.name!r}: more than {MAX_BONUS_DICE} bonus dice")
        new = roller.roll_dice(check.sides, pending, f"{check.name}: bonus die")
        pending = 0
        for face in new:
            p, e = check.die_points(face, setting.env, bonus=True)
            points += p
            pending += e
            bonus.append(face)
    score = check.score_of(judged, points, sum(bonus)) + check.shift(setting.env)
    counts = dict(zip((c.name for c in check.counts), judged.counts, strict=True))
    return _Once(
        judged.rolled,
        judged.kept,
        judged.cut,
        judged.lowered,
        tuple(bonus),
        score,
        counts,
        judged.flags,
    )


def _outcome(
    check: Check,
    roller: Roller,
    setting: Setting,
    measures: Mapping[str, int],
    flags: Sequence[bool],
) -> tuple[str | None, tuple[int, ...]]:
    """The first outcome that holds (rolling a confirmation die where one asks), or the
    table's row for the score; ``None`` when none holds."""
    if check.table is not None:
        return check.band(measures["score"]), ()
    env = setting.env
    conditions = check.die_conditions
    confirms: list[int] = []
    for outcome in check.outcomes:
        if not all(measure_holds(c, measures, flags, conditions, env) for c in outcome.conditions):
            continue
        if outcome.confirm is not None and (
            outcome.confirm_when is None
            or measure_holds(outcome.confirm_when, measures, flags, conditions, env)
        ):
            face = roller.roll_dice(check.sides, 1, f"{check.name}: {outcome.name} confirmed?")[0]
            confirms.append(face)
            if not outcome.confirm.holds(face, {**env, **measures}):
                continue
        return outcome.name, tuple(confirms)
    return None, tuple(confirms)
