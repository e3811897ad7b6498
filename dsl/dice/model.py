"""A compiled check: what its text declares, as plain frozen data, and the one evaluation of a
set of dice that both the engine's roll (``dsl.dice.roll``) and the exact odds
(``dsl.dice.odds``) use, so the two cannot tell different rules.

A check's roll, in order: the inputs (a ladder's step changes the input it names, clamped to
that input's range); the dice (the ``roll`` count, plus each modifier's "more dice" whose
condition holds); the modifiers' keeps or cuts, then the check's own; each kept die's points
(every die rule whose faces it shows adds its points; a rule that rolls a bonus die rolls
one, scored by the bonus rules, or by the same rules when there are none); the score and the
counts; then the outcomes in order, the first that holds (a confirmation die rolled where one
asks for it), or the table's row for the score. A repeated check rolls again until an outcome
holds, adding each score to the total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from dsl.errors import ChroniclerError

Compare = Literal["equal", "at least", "at most", "above", "below", "or more", "or less"]
FaceKind = Literal["showing", "or more", "or less", "above", "below"]
ScoreKind = Literal["highest", "lowest", "sum", "points"]

# The measures a condition may read besides the counts: this roll's score, and in a repeated
# check the running total of the scores.
SCORE, TOTAL = "score", "total"


class CheckError(ChroniclerError):
    """A check asked for what its text does not allow (an input out of its range...)."""


@dataclass(frozen=True, slots=True)
class Number:
    """A number of the text: ``terms`` of (sign × factor × the name's value, or × 1); a factor
    written as a name ("cuts per level times hindrance") is that name's value."""

    terms: tuple[tuple[int, int | str, str | None], ...]
    text: str

    def value(self, env: Mapping[str, int]) -> int:
        total = 0
        for sign, factor, name in self.terms:
            times = env[factor] if isinstance(factor, str) else factor
            total += sign * times * (env[name] if name is not None else 1)
        return total

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(x for _, f, n in self.terms for x in (f, n) if isinstance(x, str))


@dataclass(frozen=True, slots=True)
class Faces:
    """Which faces: ``showing 6``, ``at target or more``, ``above 3``..."""

    kind: FaceKind
    value: Number

    def holds(self, face: int, env: Mapping[str, int]) -> bool:
        v = self.value.value(env)
        kind = self.kind
        if kind == "showing":
            return face == v
        if kind == "or more":
            return face >= v
        if kind == "or less":
            return face <= v
        if kind == "above":
            return face > v
        return face < v


def compare(left: int, how: Compare, right: int) -> bool:
    if how == "equal":
        return left == right
    if how in ("at least", "or more"):
        return left >= right
    if how in ("at most", "or less"):
        return left <= right
    if how == "above":
        return left > right
    return left < right


@dataclass(frozen=True, slots=True)
class Condition:
    """``the score is below the difficulty`` (``measure``) or ``a die shows 6`` (``any die``,
    ``no die``, ``every die``: the check's own dice as kept, before any bonus die)."""

    kind: Literal["measure", "any die", "no die", "every die"]
    value: Number
    text: str
    measure: str = ""
    compare: Compare = "equal"


@dataclass(frozen=True, slots=True)
class Input:
    name: str
    low: int
    high: int
    usually: int | None = None


@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder a check uses: the input naming its step (``difficulty``), the input the step
    changes (``reference``), and the steps in order with their change."""

    name: str
    changes: str
    ladder: str
    steps: tuple[tuple[str, int], ...]
    sign: int = 1  # -1: ", reversed", each step's change taken away

    @property
    def usual(self) -> str | None:
        """The step that changes nothing: what the input is when not given."""
        return next((step for step, change in self.steps if change == 0), None)

    def change(self, step: str) -> int:
        for name, change in self.steps:
            if name.casefold() == step.casefold():
                return self.sign * change
        names = ", ".join(name for name, _ in self.steps)
        raise CheckError(f"{self.name}: {step!r} is not a step of {self.ladder!r} ({names})")


@dataclass(frozen=True, slots=True)
class Keep:
    """``cut the highest cuts``, ``keep the lowest 2``."""

    keep: bool
    highest: bool
    count: Number


@dataclass(frozen=True, slots=True)
class DieRule:
    """``each die at target or more: +1`` (``points``), ``each die showing 6: roll a bonus
    die`` (``explode``)."""

    faces: Faces
    points: int = 0
    explode: bool = False


@dataclass(frozen=True, slots=True)
class Count:
    """``count hits: dice at hit on or more``; ``rolled``: the dice as rolled, before cuts."""

    name: str
    faces: Faces
    rolled: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """An outcome band: every condition holds (none: ``otherwise``), and, when ``confirm``
    asks (its ``confirm_when`` holds, or always when it has none), another die passes it."""

    name: str
    conditions: tuple[Condition, ...]
    confirm: Faces | None = None
    confirm_when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Modifier:
    """``when favour is above peril: roll 1 more die, then cut the lowest 1``."""

    condition: Condition
    more: Number
    then: Keep | None = None


@dataclass(frozen=True, slots=True)
class Source:
    """``skill from the actor's talents or traits``: the input is the rank, in the
    first of ``fields`` that has it, of the member the table names on ``who``'s sheet."""

    input: str
    who: str  # "actor" or "target"
    fields: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Judgement:
    """``judge backlash: severe if ..., mild if ...``: once the check ends, the first
    band whose conditions hold on the final measures (the total, the counts over every roll,
    the last score) and the inputs; ``None`` when none holds."""

    name: str
    bands: tuple[Outcome, ...]

    def band(self, measures: Mapping[str, int], env: Mapping[str, int]) -> str | None:
        for band in self.bands:
            if all(measure_holds(c, measures, (), (), env) for c in band.conditions):
                return band.name
        return None

    @property
    def band_names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(b.name for b in self.bands))


@dataclass(frozen=True, slots=True)
class Spend:
    """``spend 1: raise a die by 1``: points the roller may spend, once the dice are seen, to
    raise a die by ``amount`` pips (never past the highest face) or (``raise_die`` False) to
    roll ``amount`` more dice. Spent as often as the points allow."""

    cost: Number
    raise_die: bool
    amount: Number


@dataclass(frozen=True, slots=True)
class Reroll:
    """``re-roll once by luck, paying 1 luck``: a way to roll the check again, paid by any one
    of ``costs`` (amount, what). A re-roll is final: its result replaces the earlier one. A
    ``once`` way is open only while the check has not been re-rolled; an ``again`` way (``again
    and again``) always."""

    way: str
    again: bool
    costs: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Repeat:
    time: int | None = None
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class Setting:
    """A check's inputs resolved: every name a number reads, the dice to roll and what is
    kept, for one roll. The same inputs give the same setting."""

    env: Mapping[str, int]
    inputs: Mapping[str, int | str]
    dice: int
    keeps: tuple[tuple[bool, bool, int], ...]  # (keep, highest, how many), in order
    pips: int | None  # what each cut past the last die takes off it

    @property
    def cuts(self) -> int:
        """How many dice the setting cuts (its keeps that take dice away)."""
        return sum(n for keep, _highest, n in self.keeps if not keep)


@dataclass(frozen=True, slots=True)
class Judged:
    """One set of the check's dice, evaluated: what is kept and cut, what the kept dice score
    before any bonus die, the counts, and how many bonus dice the kept dice roll."""

    rolled: tuple[int, ...]
    kept: tuple[int, ...]
    cut: tuple[int, ...]
    lowered: int  # pips taken off the last die by cuts past it
    points: int
    counts: tuple[int, ...]  # in the order the check declares them
    flags: tuple[bool, ...]  # each die condition of the outcomes, in ``Check.die_conditions``
    bonus: int  # bonus dice to roll
    steps: tuple[tuple[int, int | None], ...] = ()  # each cut in order: (face, face after or None)


@dataclass(frozen=True, eq=False)  # one object per declaration: hashed by identity
class Check:
    """A check as its text declares it (``check "Name" { ... }``), compiled."""

    name: str
    inputs: tuple[Input, ...]
    count: Number
    sides: int
    keeps: tuple[Keep, ...] = ()
    last_die_pips: Number | None = None
    rules: tuple[DieRule, ...] = ()
    bonus_rules: tuple[DieRule, ...] | None = None  # None: a bonus die scores by ``rules``
    score: ScoreKind = "points"
    counts: tuple[Count, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    table: object | None = None  # a ``dsl.compiler.Table``: the band is its row for the score
    table_name: str | None = None  # ``outcomes from table "result"``
    modifiers: tuple[Modifier, ...] = ()
    ladders: tuple[Ladder, ...] = ()
    repeat: Repeat | None = None
    notes: tuple[str, ...] = ()
    values: Mapping[str, int] = field(default_factory=dict)  # the declared values it reads
    span: object | None = None
    printed: tuple[str, ...] = ()  # its clauses in canonical wording (``dsl.dice.wording``)
    score_plus: Number | None = None  # ``score the sum of the dice + speed - penalty``
    sources: tuple[Source, ...] = ()  # inputs read from the actor's or the target's sheet
    judgements: tuple[Judgement, ...] = ()  # judged once the check ends
    rerolls: tuple[Reroll, ...] = ()  # the ways to roll it again
    spends: tuple[Spend, ...] = ()  # what the roller may buy after seeing the dice

    def spend(self, raise_die: bool) -> Spend | None:
        """The spending that raises a die (or, ``raise_die`` False, that rolls more dice)."""
        return next((s for s in self.spends if s.raise_die == raise_die), None)

    def shift(self, env: Mapping[str, int]) -> int:
        """What the score clause adds to the dice's score (0 when it adds nothing)."""
        return self.score_plus.value(env) if self.score_plus is not None else 0

    def judge(self, measures: Mapping[str, int], env: Mapping[str, int]) -> dict[str, str | None]:
        """Each judgement's band once the check has ended with these measures."""
        return {j.name: j.band(measures, env) for j in self.judgements}

    def reroll_way(self, way: str) -> Reroll:
        for item in self.rerolls:
            if item.way.casefold() == way.casefold():
                return item
        ways = ", ".join(r.way for r in self.rerolls) or "none"
        raise CheckError(f"check {self.name!r} has no re-roll by {way!r} (its re-rolls: {ways})")

    # ---- rolled by the engine, and its exact odds
    def roll(self, roller: Any, **inputs: int | str) -> Any:
        """Roll it with these inputs, the dice from ``roller`` (``dsl.dice.roll``): a
        ``CheckResult``."""
        from dsl.dice.roll import roll_check

        return roll_check(self, roller, **inputs)

    def reroll(self, roller: Any, result: Any) -> Any:
        """The same check again, with the inputs of an earlier result (a re-roll)."""
        return self.roll(roller, **dict(result.inputs))

    def odds(self, **inputs: int | str) -> Any:
        """The exact odds of one roll (``dsl.dice.odds.CheckOdds``)."""
        from dsl.dice.odds import check_odds

        return check_odds(self, **inputs)

    def odds_within(self, rolls: int, **inputs: int | str) -> Any:
        """A repeated check's odds within 1..``rolls`` rolls (``dsl.dice.odds.RepeatedOdds``)."""
        from dsl.dice.odds import repeated_odds

        return repeated_odds(self, rolls, **inputs)

    # ---- what it is made of
    @property
    def die_conditions(self) -> tuple[Condition, ...]:
        """The outcomes' conditions on the dice's faces, in order (each a flag of a roll)."""
        found: list[Condition] = []
        for outcome in self.outcomes:
            for c in outcome.conditions:
                if c.kind != "measure" and c not in found:
                    found.append(c)
        return tuple(found)

    @property
    def band_names(self) -> tuple[str, ...]:
        """Every outcome band, in order: the outcomes', or the table's rows."""
        if self.table is not None:
            rows = getattr(self.table, "rows", ())
            return tuple(dict.fromkeys(str(row.result) for row in rows))
        return tuple(dict.fromkeys(o.name for o in self.outcomes))

    @property
    def explodes(self) -> bool:
        return any(r.explode for r in (*self.rules, *(self.bonus_rules or ())))

    def input(self, name: str) -> Input:
        for item in self.inputs:
            if item.name == name:
                return item
        raise CheckError(f"check {self.name!r} has no input {name!r}")

    # ---- inputs
    def setting(self, **given: int | str) -> Setting:
        """The inputs checked against their ranges (an input not given takes its usual value;
        a ladder's step its step that changes nothing) and the dice they make."""
        names = {i.name for i in self.inputs} | {ladder.name for ladder in self.ladders}
        for name in given:
            if name not in names:
                raise CheckError(
                    f"check {self.name!r} has no input {name!r} (its inputs: "
                    f"{', '.join(sorted(names))})"
                )
        env: dict[str, int] = dict(self.values)
        shown: dict[str, int | str] = {}
        for item in self.inputs:
            raw = given.get(item.name, item.usually)
            if raw is None:
                raise CheckError(
                    f"check {self.name!r} needs its input {item.name!r} ({item.low}..{item.high})"
                )
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise CheckError(f"{item.name} is a number, not {raw!r}") from None
            if not item.low <= value <= item.high:
                raise CheckError(
                    f"{item.name} is {item.low}..{item.high} in check {self.name!r}, not {value}"
                )
            env[item.name] = value
            shown[item.name] = value
        for ladder in self.ladders:
            step = given.get(ladder.name, ladder.usual)
            if step is None:
                raise CheckError(f"check {self.name!r} needs its input {ladder.name!r}")
            change = ladder.change(str(step))
            target = self.input(ladder.changes)
            env[ladder.changes] = max(target.low, min(target.high, env[ladder.changes] + change))
            shown[ladder.name] = str(step)
        dice = self.count.value(env)
        keeps: list[tuple[bool, bool, int]] = []
        for modifier in self.modifiers:
            if holds_on_inputs(modifier.condition, env):
                dice += modifier.more.value(env)
                if modifier.then is not None:
                    k = modifier.then
                    keeps.append((k.keep, k.highest, k.count.value(env)))
        keeps += [(k.keep, k.highest, k.count.value(env)) for k in self.keeps]
        pips = self.last_die_pips.value(env) if self.last_die_pips is not None else None
        return Setting(env, shown, max(0, dice), tuple(keeps), pips)

    # ---- one set of dice
    def die_points(self, face: int, env: Mapping[str, int], bonus: bool = False) -> tuple[int, int]:
        """A die's points and the bonus dice it rolls, by the die rules (a bonus die's by the
        bonus rules, when the check has some)."""
        rules = self.bonus_rules if bonus and self.bonus_rules is not None else self.rules
        points = explodes = 0
        for rule in rules:
            if rule.faces.holds(face, env):
                if rule.explode:
                    explodes += 1
                else:
                    points += rule.points
        return points, explodes

    def settle(self, setting: Setting, faces: Sequence[int]) -> Judged:
        """What a set of the check's dice (as rolled) keeps, cuts and scores."""
        env = setting.env
        rolled = tuple(faces)
        kept = sorted(rolled)
        cut: list[int] = []
        steps: list[tuple[int, int | None]] = []
        lowered = 0
        for keep, highest, how_many in setting.keeps:
            if keep:  # keeping the highest k cuts the others, from the lowest
                drop, from_top = len(kept) - max(0, min(len(kept), how_many)), not highest
            else:  # a cut never takes the last die
                drop, from_top = max(0, how_many), highest
            while drop > 0 and kept:
                if len(kept) > 1 or keep:
                    cut.append(kept.pop(-1 if from_top else 0))
                    steps.append((cut[-1], None))
                elif setting.pips is not None:  # a cut past the last die takes pips off it
                    before = kept[0]
                    kept[0] = max(1, before - setting.pips)
                    lowered += before - kept[0]
                    steps.append((before, kept[0]))
                drop -= 1
        points = explodes = 0
        for face in kept:
            p, e = self.die_points(face, env)
            points += p
            explodes += e
        counts = tuple(
            sum(1 for f in (rolled if c.rolled else kept) if c.faces.holds(f, env))
            for c in self.counts
        )
        flags = tuple(die_condition(c, kept, env) for c in self.die_conditions)
        return Judged(
            rolled, tuple(kept), tuple(cut), lowered, points, counts, flags, explodes, tuple(steps)
        )

    def score_of(self, judged: Judged, bonus_points: int, bonus_faces: int) -> int:
        kept = judged.kept
        if self.score == "highest":
            return max(kept, default=0)
        if self.score == "lowest":
            return min(kept, default=0)
        if self.score == "sum":
            return sum(kept) + bonus_faces
        return judged.points + bonus_points

    def measures(
        self, score: int, counts: Sequence[int], total: int | None = None
    ) -> dict[str, int]:
        found = {SCORE: score, TOTAL: score if total is None else total}
        found.update(zip((c.name for c in self.counts), counts, strict=True))
        return found

    def band(self, score: int) -> str:
        """The table's row for a score (a check whose outcomes come from a table)."""
        lookup = getattr(self.table, "lookup", None)
        if lookup is None:
            raise CheckError(f"check {self.name!r} reads no table")
        return str(lookup(score).result)


def holds_on_inputs(condition: Condition, env: Mapping[str, int]) -> bool:
    """A modifier's condition: it compares inputs and values, never the dice."""
    return compare(env[condition.measure], condition.compare, condition.value.value(env))


def die_condition(condition: Condition, kept: Sequence[int], env: Mapping[str, int]) -> bool:
    face = condition.value.value(env)
    if condition.kind == "any die":
        return face in kept
    if condition.kind == "no die":
        return face not in kept
    return bool(kept) and all(f == face for f in kept)


def measure_holds(
    condition: Condition,
    measures: Mapping[str, int],
    flags: Sequence[bool],
    die_conditions: Sequence[Condition],
    env: Mapping[str, int],
) -> bool:
    """Whether an outcome's condition holds for a roll's measures and die flags."""
    if condition.kind != "measure":
        return flags[die_conditions.index(condition)]
    left = measures[condition.measure] if condition.measure in measures else env[condition.measure]
    return compare(left, condition.compare, condition.value.value({**env, **measures}))
