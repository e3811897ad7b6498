"""Exact odds of a check, from its declaration, with icepool (never sampled).

One roll: icepool enumerates the check's dice as rolled, each sorted set of faces with the
number of orders it comes in (``Pool.expand``), and each set is evaluated by ``Check.settle``,
the same evaluation the engine's roll uses; bonus dice add the distribution of a chain of
bonus dice (icepool ``Die`` arithmetic). A check with no keep or cut whose score is additive
(points or a sum) takes the quicker road: the distribution of one die's contribution (its
points, counts and faces, by the same die rules), summed over the dice by icepool (``n @ die``).

Exploding dice: a chain of bonus dice is followed to a depth where the chance of going further
is below ``TOLERANCE`` for all the dice together, and stops there (the deepest bonus die rolls no
more). Every chance of such a check is within ``error`` of the exact one (``CheckOdds.error``,
at most 1e-12); a check that rolls no bonus die is exact (``error == 0``).

A repeated check is a Markov chain over the running total (and the running counts its outcomes
read): the chance of each outcome within N rolls, by iterating it, and the chance of each in
the end and the expected number of rolls, by solving it exactly (Gaussian elimination over
``Fraction``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import icepool

from dsl.dice.model import Check, CheckError, Setting, measure_holds

TOLERANCE = 1e-12  # what truncating chains of bonus dice may move a chance by, at most
MAX_SETS = 250_000  # sorted sets of faces enumerated for one roll, at most
MAX_STATES = 2_000  # running totals of a repeated check, at most
NO_OUTCOME = "no outcome"
NO_BAND = "none"  # a judgement none of whose bands holds

Key = tuple[int, tuple[int, ...], tuple[bool, ...]]  # score, counts, die flags


@dataclass(frozen=True)
class CheckOdds:
    """One roll's exact odds: the score's distribution, each count's, and each outcome's
    chance in the check's order (``no outcome`` too when some rolls end in none).
    ``error`` bounds how far any chance is from the exact one (0: exact)."""

    check: str
    inputs: Mapping[str, int | str]
    dice: int
    score: Mapping[int, Fraction]
    counts: Mapping[str, Mapping[int, Fraction]]
    outcomes: Mapping[str, Fraction]
    error: float
    judged: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)

    def at_least(self, count: str) -> dict[int, Fraction]:
        """The chance of at least n of a count, for n from 1 to its largest."""
        dist = self.counts[count]
        top = max(dist, default=0)
        return {
            n: sum((p for v, p in dist.items() if v >= n), Fraction(0)) for n in range(1, top + 1)
        }


@dataclass(frozen=True)
class RepeatedOdds:
    """A repeated check: ``within[n - 1]`` the chance it has ended with each outcome within n
    rolls; ``eventually`` the chance of each in the end (and of never ending, when it may not);
    ``expected_rolls`` the mean number of rolls (``None`` when it may never end)."""

    check: str
    inputs: Mapping[str, int | str]
    within: tuple[Mapping[str, Fraction], ...]
    eventually: Mapping[str, Fraction]
    expected_rolls: Fraction | None
    error: float
    judged: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)  # in the end


# ---- one roll


def check_odds(check: Check, **given: int | str) -> CheckOdds:
    """The exact odds of one roll of ``check`` with these inputs."""
    setting = check.setting(**given)
    dist, error = roll_distribution(check, setting)
    score: dict[int, Fraction] = {}
    counts: dict[str, dict[int, Fraction]] = {c.name: {} for c in check.counts}
    for (value, numbers, _flags), p in dist.items():
        score[value] = score.get(value, Fraction(0)) + p
        for c, n in zip(check.counts, numbers, strict=True):
            counts[c.name][n] = counts[c.name].get(n, Fraction(0)) + p
    outcomes = {name: Fraction(0) for name in check.band_names}
    judged = _no_judgements(check)
    for key, p in dist.items():
        measures = check.measures(key[0], key[1])
        for name, q in outcome_chances(check, setting, measures, key[2]):
            outcomes[name] = outcomes.get(name, Fraction(0)) + p * q
        for judgement, band in check.judge(measures, setting.env).items():
            judged[judgement][band or NO_BAND] += p
    return CheckOdds(
        check.name,
        dict(setting.inputs),
        setting.dice,
        dict(sorted(score.items())),
        {name: dict(sorted(d.items())) for name, d in counts.items()},
        outcomes,
        error,
        judged,
    )


def _no_judgements(check: Check) -> dict[str, dict[str, Fraction]]:
    return {
        j.name: {name: Fraction(0) for name in (*j.band_names, NO_BAND)} for j in check.judgements
    }


def outcome_chances(
    check: Check, setting: Setting, measures: Mapping[str, int], flags: tuple[bool, ...]
) -> list[tuple[str, Fraction]]:
    """Where one roll's measures lead: each outcome with its chance (below 1 only where a
    confirmation die is asked), in the order the check walks them."""
    if check.table is not None:
        return [(check.band(measures["score"]), Fraction(1))]
    env = setting.env
    conditions = check.die_conditions
    left = Fraction(1)
    found: list[tuple[str, Fraction]] = []
    for outcome in check.outcomes:
        if not all(measure_holds(c, measures, flags, conditions, env) for c in outcome.conditions):
            continue
        if outcome.confirm is not None and (
            outcome.confirm_when is None
            or measure_holds(outcome.confirm_when, measures, flags, conditions, env)
        ):
            faces = {**env, **measures}
            passing = sum(1 for f in range(1, check.sides + 1) if outcome.confirm.holds(f, faces))
            confirmed = Fraction(passing, check.sides)
            if confirmed:
                found.append((outcome.name, left * confirmed))
            left *= 1 - confirmed
            if not left:
                return found
            continue
        found.append((outcome.name, left))
        return found
    if left:
        found.append((NO_OUTCOME, left))
    return found


def roll_distribution(check: Check, setting: Setting) -> tuple[dict[Key, Fraction], float]:
    """The joint distribution of one roll's score, counts and die flags, and its error."""
    dist, error = _distribution(check, _signature(check, setting), setting)
    shift = check.shift(setting.env)
    if shift:  # "score the sum of the dice + speed": every score moved alike
        dist = {(score + shift, counts, flags): p for (score, counts, flags), p in dist.items()}
    return dist, error


def _signature(check: Check, setting: Setting) -> tuple[Any, ...]:
    """Everything of a setting the dice's distribution depends on (not the outcomes')."""
    env = setting.env
    rules = (*check.rules, *(check.bonus_rules or ()))
    return (
        setting.dice,
        setting.keeps,
        setting.pips,
        tuple(r.faces.value.value(env) for r in rules),
        tuple(c.faces.value.value(env) for c in check.counts),
        tuple(c.value.value(env) for c in check.die_conditions),
    )


# keyed by the check itself (hashed by identity, and kept alive here, so never confused with a
# later check) and the signature of its setting
_CACHE: dict[tuple[Check, tuple[Any, ...]], tuple[dict[Key, Fraction], float]] = {}


def _distribution(
    check: Check, signature: tuple[Any, ...], setting: Setting
) -> tuple[dict[Key, Fraction], float]:
    key = (check, signature)
    found = _CACHE.get(key)
    if found is not None:
        return found
    n = setting.dice
    depth, error = _depth(check, setting, n)
    if not setting.keeps and check.score in ("points", "sum"):
        result = _additive(check, setting, n, depth), error
    else:
        result = _pooled(check, setting, n, depth), error
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def _depth(check: Check, setting: Setting, dice: int) -> tuple[int, float]:
    """How deep chains of bonus dice are followed, and the error that leaves (0: none)."""
    if not check.explodes or check.score not in ("points", "sum") or dice == 0:
        return 0, 0.0
    env = setting.env
    mean = Fraction(
        sum(check.die_points(f, env, bonus=True)[1] for f in range(1, check.sides + 1)),
        check.sides,
    )
    if mean >= 1:
        raise CheckError(
            f"check {check.name!r}: a bonus die rolls {float(mean):.2f} bonus dice on average, "
            "so a chain of them may never end; its odds cannot be computed"
        )
    first = max(check.die_points(f, env)[1] for f in range(1, check.sides + 1))
    if first == 0:
        return 0, 0.0
    if mean == 0:  # bonus dice roll no more: one generation, exact
        return 1, 0.0
    # a die rolls at most ``first`` bonus dice, and each bonus die ``mean`` more on average:
    # generation g + 1 of one die's chain holds at most first * mean ** g dice on average, so
    # the chance that any die's chain goes past generation ``depth`` is below
    # dice * first * mean ** depth
    depth = 1
    while dice * first * float(mean) ** depth > TOLERANCE:
        depth += 1
    return depth, dice * first * float(mean) ** depth


def _bonus_value(check: Check, face: int, points: int) -> int:
    return face if check.score == "sum" else points


@cache
def _chain(check: Check, env_items: tuple[tuple[str, int], ...], depth: int) -> icepool.Die:
    """What one bonus die adds to the score, with the bonus dice it rolls, followed ``depth``
    generations further (a bonus die of the last generation rolls no more)."""
    env = dict(env_items)
    parts = []
    for face in range(1, check.sides + 1):
        points, more = check.die_points(face, env, bonus=True)
        value = icepool.Die([_bonus_value(check, face, points)])
        if more and depth > 0:
            value = value + more @ _chain(check, env_items, depth - 1)
        parts.append(value)
    return icepool.Die(parts)


def _bonus(check: Check, setting: Setting, dice: int, depth: int) -> icepool.Die:
    """What ``dice`` bonus dice add together, each chain followed ``depth`` further."""
    read = {n for r in (*check.rules, *(check.bonus_rules or ())) for n in r.faces.value.names}
    env_items = tuple(sorted((k, v) for k, v in setting.env.items() if k in read))
    return _bonus_sum(check, env_items, dice, depth)


@cache
def _bonus_sum(
    check: Check, env_items: tuple[tuple[str, int], ...], dice: int, depth: int
) -> icepool.Die:
    return dice @ _chain(check, env_items, depth)


def _additive(check: Check, setting: Setting, n: int, depth: int) -> dict[Key, Fraction]:
    """No keep or cut, an additive score: one die's contribution as a vector (its score with
    its bonus dice, each count, each face a die condition reads), summed over the n dice."""
    env = setting.env
    conditions = check.die_conditions
    faces_read = [c.value.value(env) for c in conditions]
    parts = []
    for face in range(1, check.sides + 1):
        points, more = check.die_points(face, env)
        counted = [int(c.faces.holds(face, env)) for c in check.counts]
        shown = [int(face == f) for f in faces_read]
        vector = icepool.Die(
            [icepool.Vector((_bonus_value(check, face, points), *counted, *shown))]
        )
        if more:
            bonus = _bonus(check, setting, more, depth - 1) if depth > 0 else icepool.Die([0])
            width = len(counted) + len(shown)
            zeros = (0,) * width
            vector = vector + bonus.map(lambda b, z=zeros: icepool.Vector((b, *z)), star=False)
        parts.append(vector)
    one = icepool.Die(parts)
    total = (
        n @ one
        if n
        else icepool.Die([icepool.Vector([0] * (1 + len(check.counts) + len(conditions)))])
    )
    k = len(check.counts)
    dist: dict[Key, Fraction] = {}
    den = total.denominator()
    for outcome, q in total.items():
        values = tuple(outcome)
        score, counts, shown_counts = values[0], values[1 : 1 + k], values[1 + k :]
        flags = tuple(_flag(c.kind, s, n) for c, s in zip(conditions, shown_counts, strict=True))
        key = (int(score), tuple(int(c) for c in counts), flags)
        dist[key] = dist.get(key, Fraction(0)) + Fraction(q, den)
    return dist


def _flag(kind: str, shown: int, dice: int) -> bool:
    """A die condition from how many dice show its face (the same meaning as
    ``dsl.dice.model.die_condition``: every die needs at least one die)."""
    if kind == "any die":
        return shown > 0
    if kind == "no die":
        return shown == 0
    return dice > 0 and shown == dice


def _pooled(check: Check, setting: Setting, n: int, depth: int) -> dict[Key, Fraction]:
    """Every sorted set of faces with its number of orders (icepool), through ``settle``."""
    sets = math.comb(n + check.sides - 1, check.sides - 1)
    if sets > MAX_SETS:
        raise CheckError(
            f"check {check.name!r}: {n} d{check.sides} make {sets:,} sets of faces; the exact "
            f"odds are computed for up to {MAX_SETS:,}"
        )
    if n == 0:
        rolled: list[tuple[tuple[int, ...], int]] = [((), 1)]
        den = 1
    else:
        expanded = icepool.d(check.sides).pool(n).expand()
        rolled = [(tuple(faces), q) for faces, q in expanded.items()]
        den = expanded.denominator()
    dist: dict[Key, Fraction] = {}
    for faces, q in rolled:
        judged = check.settle(setting, faces)
        p = Fraction(q, den)
        if judged.bonus and depth > 0 and check.score in ("points", "sum"):
            bonus = _bonus(check, setting, judged.bonus, depth - 1)
            bden = bonus.denominator()
            for b, qb in bonus.items():
                key = (check.score_of(judged, b, b), judged.counts, judged.flags)
                dist[key] = dist.get(key, Fraction(0)) + p * Fraction(qb, bden)
            continue
        key = (check.score_of(judged, 0, 0), judged.counts, judged.flags)
        dist[key] = dist.get(key, Fraction(0)) + p
    return dist


# ---- a repeated check


def repeated_odds(check: Check, rolls: int, **given: int | str) -> RepeatedOdds:
    """A repeated check's odds: within 1..``rolls`` rolls, in the end, and the mean time."""
    if check.repeat is None:
        raise CheckError(f"check {check.name!r} is not repeated (it has no 'repeat' clause)")
    setting = check.setting(**given)
    dist, error = roll_distribution(check, setting)
    read = _counts_read(check)
    caps = _count_caps(check, setting.env, read)
    per_roll: list[tuple[int, tuple[int, ...], tuple[bool, ...], Fraction]] = [
        (score, tuple(counts[i] for i in read), flags, p)
        for (score, counts, flags), p in dist.items()
    ]
    start = (0, tuple(0 for _ in read))
    names = list(check.band_names)

    def step(state: tuple[int, tuple[int, ...]]) -> tuple[dict[Any, Fraction], dict[str, Fraction]]:
        """From a running state, one roll: the states it goes on to and the outcomes it ends."""
        going: dict[Any, Fraction] = {}
        ended: dict[str, Fraction] = {}
        total, counts = state
        for score, numbers, flags, p in per_roll:
            now = tuple(min(a + b, cap) for a, b, cap in zip(counts, numbers, caps, strict=True))
            full = [0] * len(check.counts)
            for i, v in zip(read, now, strict=True):
                full[i] = v
            measures = check.measures(score, full, total + score)
            for name, q in outcome_chances(check, setting, measures, flags):
                if name == NO_OUTCOME:
                    nxt = (total + score, now)
                    going[nxt] = going.get(nxt, Fraction(0)) + p * q
                else:
                    if check.judgements:  # the outcome with the judgements' bands it ends in
                        bands = check.judge(measures, setting.env)
                        name = _joint(name, bands)
                    ended[name] = ended.get(name, Fraction(0)) + p * q
        return going, ended

    steps: dict[Any, tuple[dict[Any, Fraction], dict[str, Fraction]]] = {}
    order = [start]
    while len(steps) < len(order):
        state = order[len(steps)]
        steps[state] = step(state)
        for nxt in steps[state][0]:
            if nxt not in steps and nxt not in order:
                order.append(nxt)
                if len(order) > MAX_STATES:
                    raise CheckError(
                        f"check {check.name!r}: more than {MAX_STATES} running totals; its "
                        "odds are not computed"
                    )
    # within N rolls: the distribution over running states, one roll at a time
    within: list[dict[str, Fraction]] = []
    now: dict[Any, Fraction] = {start: Fraction(1)}
    ended_so_far = {name: Fraction(0) for name in names}
    for _ in range(rolls):
        after: dict[Any, Fraction] = {}
        for state, p in now.items():
            going, ended = steps[state]
            for name, q in ended.items():
                ended_so_far[name] = ended_so_far.get(name, Fraction(0)) + p * q
            for nxt, q in going.items():
                after[nxt] = after.get(nxt, Fraction(0)) + p * q
        now = after
        within.append(dict(ended_so_far))
    eventually, expected = _absorb(order, steps, names)
    judged = _no_judgements(check)
    if check.judgements:
        within = [_split(w, check) for w in within]
        judged = _split_judged(eventually, check)
        eventually = _split(eventually, check)
    return RepeatedOdds(
        check.name,
        dict(setting.inputs),
        tuple(within),
        eventually,
        expected,
        error * rolls,
        judged,
    )


# A repeated check with judgements ends in an outcome and a band of each: kept together as one
# name while the chain is solved, then told apart.
_JOINT = "\x00"


def _joint(outcome: str, bands: Mapping[str, str | None]) -> str:
    return _JOINT.join([outcome, *(band or NO_BAND for band in bands.values())])


def _split(chances: Mapping[str, Fraction], check: Check) -> dict[str, Fraction]:
    """The outcomes' chances, the judgements' bands summed out."""
    out = {name: Fraction(0) for name in check.band_names}
    for key, p in chances.items():
        name = key.split(_JOINT)[0]
        out[name] = out.get(name, Fraction(0)) + p
    return out


def _split_judged(chances: Mapping[str, Fraction], check: Check) -> dict[str, dict[str, Fraction]]:
    """Each judgement's bands' chances in the end, the outcomes summed out."""
    out = _no_judgements(check)
    for key, p in chances.items():
        parts = key.split(_JOINT)
        if len(parts) == 1:  # never ending: no judgement made
            continue
        for judgement, band in zip(check.judgements, parts[1:], strict=True):
            out[judgement.name][band] += p
    return out


def _count_caps(check: Check, env: Mapping[str, int], read: tuple[int, ...]) -> tuple[int, ...]:
    """How far each running count a repeated check keeps need be told apart: past every number
    the conditions reading it compare it with, any larger count holds the same conditions, so
    it is kept at one past the largest (exact, and the chain stays finite)."""
    conditions = [
        c
        for o in (*check.outcomes, *(b for j in check.judgements for b in j.bands))
        for c in (*o.conditions, getattr(o, "confirm_when", None))
        if c is not None and c.kind == "measure"
    ]
    measures = {"score", "total", *(c.name for c in check.counts)}
    caps: list[int] = []
    for i in read:
        name = check.counts[i].name
        reading = [c for c in conditions if c.measure == name]
        if not reading or any(set(c.value.names) & measures for c in reading):
            caps.append(_UNCAPPED)
        else:
            caps.append(max(c.value.value(env) for c in reading) + 1)
    return tuple(caps)


_UNCAPPED = 2**62


def _counts_read(check: Check) -> tuple[int, ...]:
    """The counts a repeated check's outcomes read: the only ones its running state keeps."""
    read = {
        c.measure for o in check.outcomes for c in (*o.conditions, o.confirm_when) if c is not None
    }
    read |= {c.measure for j in check.judgements for b in j.bands for c in b.conditions}
    return tuple(i for i, c in enumerate(check.counts) if c.name in read)


def _absorb(
    order: list[Any],
    steps: Mapping[Any, tuple[dict[Any, Fraction], dict[str, Fraction]]],
    names: list[str],
) -> tuple[dict[str, Fraction], Fraction | None]:
    """Solve the chain: (I - Q) x = b for the expected rolls (b = 1) and for each outcome's
    chance in the end (b = its chance from each state in one roll), exactly."""
    outcomes = list(dict.fromkeys([*names, *(n for s in order for n in steps[s][1])]))
    width = 1 + len(outcomes)
    # A state is (running total, running counts), and counts never go down: a roll leads to
    # states of the same counts or of more. So the states are solved a group of equal counts at
    # a time, from the most counted back to none, each group's equations reading the groups
    # already solved: the same exact answer as one system, in far less time.
    groups: dict[Any, list[Any]] = {}
    for state in order:
        groups.setdefault(state[1], []).append(state)
    known: dict[Any, list[Fraction]] = {}
    for counts in sorted(groups, key=lambda c: (-sum(c), c)):
        members = groups[counts]
        index = {state: i for i, state in enumerate(members)}
        size = len(members)
        rows: list[list[Fraction]] = []
        for state in members:
            going, ended = steps[state]
            row = [Fraction(0)] * size
            row[index[state]] += 1
            rhs = [Fraction(1)] + [ended.get(n, Fraction(0)) for n in outcomes]
            for nxt, q in going.items():
                if nxt in index:
                    row[index[nxt]] -= q
                else:  # a state of more counts, solved already
                    rhs = [a + q * b for a, b in zip(rhs, known[nxt], strict=True)]
            rows.append(row + rhs)
        solved = _solve(rows, size, width)
        if solved is None:  # a state the check may never leave: the time is not finite
            eventually = _eventually_by_iteration(order, steps, outcomes)
            return eventually, None
        for state, values in zip(members, solved, strict=True):
            known[state] = values
    first = known[order[0]]
    eventually = {n: first[1 + k] for k, n in enumerate(outcomes)}
    never = 1 - sum(eventually.values(), Fraction(0))
    if never:
        eventually[NO_OUTCOME] = never
        return eventually, None
    return eventually, first[0]


def _solve(rows: list[list[Fraction]], size: int, width: int) -> list[list[Fraction]] | None:
    """Gauss-Jordan elimination over fractions; ``None`` when the matrix is singular."""
    m = [list(r) for r in rows]
    for col in range(size):
        pivot = next((r for r in range(col, size) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        head = m[col][col]
        m[col] = [v / head for v in m[col]]
        for r in range(size):
            if r != col and m[r][col] != 0:
                factor = m[r][col]
                m[r] = [a - factor * b for a, b in zip(m[r], m[col], strict=True)]
    return [row[size : size + width] for row in m]


def _eventually_by_iteration(
    order: list[Any],
    steps: Mapping[Any, tuple[dict[Any, Fraction], dict[str, Fraction]]],
    outcomes: list[str],
) -> dict[str, Fraction]:
    """Each outcome's chance in the end where the chain may be stuck: rolls until what is left
    running is below the tolerance (a lower bound on each, within it)."""
    now: dict[Any, Fraction] = {order[0]: Fraction(1)}
    ended = {n: Fraction(0) for n in outcomes}
    for _ in range(MAX_STATES):
        after: dict[Any, Fraction] = {}
        for state, p in now.items():
            going, done = steps[state]
            for n, q in done.items():
                ended[n] += p * q
            for nxt, q in going.items():
                after[nxt] = after.get(nxt, Fraction(0)) + p * q
        now = {s: p.limit_denominator(10**15) for s, p in after.items()}
        if sum(now.values(), Fraction(0)) < TOLERANCE:
            break
    ended[NO_OUTCOME] = 1 - sum(ended.values(), Fraction(0))
    return ended
