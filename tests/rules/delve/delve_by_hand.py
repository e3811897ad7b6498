"""Delve's checks counted by hand from the seed's words (seed 004, "Checks System") and the
readings rules/delve/checks.rules declares, without the language's dice code: every ordered roll
of the dice is listed, and each 6's bonus die is followed down its chain of 6s.

The readings, as the text declares them: a mark at 4 or more; a complex check is a bane below no
marks and a boon 3 marks past the obstacle; favour or peril (the greater, after they cancel)
rolls one more die and keeps the better or worse; a difficulty step is a die more or less."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import product

SIXTH = Fraction(1, 6)
MARK_ON, BOON_MARGIN = 4, 3  # the values rules/delve/checks.rules declares
BONUS_DEPTH = 24  # a chain of 24 sixes: (1/6)**24 < 1e-18, far below the odds' 1e-12
DIFFICULTY = {
    "very easy": 3,
    "easy": 2,
    "routine": 1,
    "challenging": 0,
    "difficult": -1,
    "hard": -2,
    "very hard": -3,
    "impossible": -4,
}
SIZE = {
    "monstrous": 3,
    "enormous": 2,
    "large": 1,
    "average": 0,
    "small": -1,
    "little": -2,
    "tiny": -3,
}


def basic(obstacle: int, favour: int = 0, peril: int = 0) -> dict[str, Fraction]:
    """One d6 (two when favour or peril outweighs the other, the better or worse kept): 1 bane;
    6 boon, which at an obstacle of 6 or more needs another 6 (else the 6 is judged like any
    face); below the obstacle failure, equal complication, above success."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    count = 1 if favour == peril else 2
    for faces in product(range(1, 7), repeat=count):
        face = max(faces) if favour > peril else min(faces)
        for confirm in range(1, 7):  # a confirmation die, read only where it is needed
            p = SIXTH ** (count + 1)
            if face == 1:
                band = "bane"
            elif face == 6 and (obstacle < 6 or confirm == 6):
                band = "boon"
            elif face < obstacle:
                band = "failure"
            elif face == obstacle:
                band = "complication"
            else:
                band = "success"
            out[band] += p
    return dict(out)


@cache
def one_bonus_die(depth: int = BONUS_DEPTH) -> dict[int, Fraction]:
    """The marks one bonus die makes: a mark at 4 or more, and on a 6 another bonus die."""
    marks: dict[int, Fraction] = defaultdict(Fraction)
    for face in range(1, 7):
        mark = 1 if face >= MARK_ON else 0
        if face == 6 and depth > 0:
            for more, p in one_bonus_die(depth - 1).items():
                marks[mark + more] += SIXTH * p
        else:
            marks[mark] += SIXTH
    return dict(marks)


def _add(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] += p * q
    return dict(out)


def dice_for(
    reference: int,
    difficulty: str = "challenging",
    size: str = "average",
    easier: int = 0,
    harder: int = 0,
) -> int:
    """The reference value moved by the ladders (kept within 0..10), then by the steps."""
    moved = min(10, max(0, reference + DIFFICULTY[difficulty]))
    moved = min(10, max(0, moved + SIZE[size]))
    return max(0, moved + easier - harder)


@cache
def marks(dice: int, favour: int = 0, peril: int = 0) -> dict[int, Fraction]:
    """The marks of one complex roll of ``dice`` dice: each ordered roll listed."""
    extra = 1 if favour != peril and dice > 0 else 0
    out: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=dice + extra):
        kept = sorted(faces, reverse=favour > peril)[:dice]
        own = sum(1 for f in kept if f >= MARK_ON) - sum(1 for f in kept if f == 1)
        bonus = {0: Fraction(1)}
        for _ in range(sum(1 for f in kept if f == 6)):
            bonus = _add(bonus, one_bonus_die())
        for more, p in bonus.items():
            out[own + more] += SIXTH ** len(faces) * p
    return dict(out)


def complex_outcomes(marks_of: dict[int, Fraction], obstacle: int) -> dict[str, Fraction]:
    out: dict[str, Fraction] = defaultdict(Fraction)
    for m, p in marks_of.items():
        if m < 0:
            out["bane"] += p
        elif m < obstacle:
            out["failure"] += p
        elif m == obstacle:
            out["complication"] += p
        elif m >= obstacle + BOON_MARGIN:
            out["boon"] += p
        else:
            out["success"] += p
    return dict(out)


def extended(marks_of: dict[int, Fraction], obstacle: int, rolls: int, tail: int = 4000):
    """Roll after roll of a running total: 0 or below ends it as a bane, the obstacle or more
    as a success. Gives the chances within ``rolls`` rolls, after ``tail`` rolls (the end), and
    the expected number of rolls (summed over ``tail`` rolls: what is left is negligible)."""
    ended = {"bane": 0.0, "success": 0.0}
    within: dict[str, float] = {}
    expected = 0.0
    floats = {m: float(p) for m, p in marks_of.items()}
    state = {0: 1.0}
    for roll in range(1, tail + 1):
        expected += sum(state.values())
        after: dict[int, float] = defaultdict(float)
        for total, p in state.items():
            for m, q in floats.items():
                new = total + m
                if new <= 0:
                    ended["bane"] += p * q
                elif new >= obstacle:
                    ended["success"] += p * q
                else:
                    after[new] += p * q
        state = dict(after)
        if roll == rolls:
            within = dict(ended)
        if sum(state.values()) < 1e-15:
            break
    return within, dict(ended), expected


class Scripted:
    """Dice from a list, as the table types them in: each roll takes the next faces."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def roll_dice(self, sides: int, count: int, why: str) -> list[int]:
        taken, self.faces = self.faces[:count], self.faces[count:]
        return taken


def basic_with_difficulty(obstacle: int, difficulty: str) -> dict[str, Fraction]:
    """Our reading of difficulty on a basic check: each step a pip on the die against the
    obstacle, never for the 1 of a bane or the 6 of a boon; the boon confirmed by a second 6
    when the obstacle so moved is 6 or more. Counted as the die moved, not the obstacle."""
    step = DIFFICULTY[difficulty]
    moved = min(10, max(1, obstacle - step))  # where the confirmation looks
    out: dict[str, Fraction] = defaultdict(Fraction)
    for face, confirm in product(range(1, 7), repeat=2):
        p = SIXTH * SIXTH
        value = face + (obstacle - moved)  # the die with the steps the obstacle's range allows
        if face == 1:
            band = "bane"
        elif face == 6 and (moved < 6 or confirm == 6):
            band = "boon"
        elif value < obstacle:
            band = "failure"
        elif value == obstacle:
            band = "complication"
        else:
            band = "success"
        out[band] += p
    return dict(out)


@cache
def casting_roll(magic: int) -> dict[tuple[int, int], Fraction]:
    """One roll of a casting's magic dice: (marks, 1s rolled), each ordered roll listed."""
    out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=magic):
        own = sum(1 for f in faces if f >= MARK_ON) - faces.count(1)
        bonus = {0: Fraction(1)}
        for _ in range(faces.count(6)):
            bonus = _add(bonus, one_bonus_die())
        for more, p in bonus.items():
            out[(own + more, faces.count(1))] += SIXTH**magic * p
    return dict(out)


def miscast(ones: int, magic: int) -> str:
    """The seed's severity: at twice Mag or more catastrophic, above Mag major, at Mag minor."""
    if ones >= 2 * magic:
        return "catastrophic"
    if ones > magic:
        return "major"
    if ones == magic:
        return "minor"
    return "none"


def casting_miscasts(magic: int, casting: int, tail: int = 4000) -> dict[str, float]:
    """Roll after roll until 0 marks or below (bane) or the casting number (success), adding
    the 1s; each ending's 1s judged against Mag. The chance of each severity in the end."""
    ended: dict[str, float] = defaultdict(float)
    rolls = {k: float(p) for k, p in casting_roll(magic).items()}
    state: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for _ in range(tail):
        after: dict[tuple[int, int], float] = defaultdict(float)
        for (total, ones), p in state.items():
            for (m, o), q in rolls.items():
                new, seen = total + m, min(ones + o, 2 * magic + 1)
                if new <= 0 or new >= casting:
                    ended[miscast(seen, magic)] += p * q
                else:
                    after[(new, seen)] += p * q
        state = dict(after)
        if sum(state.values()) < 1e-15:
            break
    return dict(ended)


def rerolled(once: dict[str, Fraction], on: set[str], times: int) -> dict[str, Fraction]:
    """A check re-rolled up to ``times`` times while its outcome is one of ``on``, each re-roll
    final: listed as the chains of rolls it may take (the first roll, then each re-roll)."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    stay = {o: p for o, p in once.items() if o not in on}
    redo = sum((p for o, p in once.items() if o in on), Fraction(0))
    for k in range(times + 1):  # k re-rolls taken, the last one's outcome stands
        for o, p in once.items():
            if k < times and o in on:
                continue
            out[o] += redo**k * (p if k == times else stay.get(o, Fraction(0)))
    return dict(out)
