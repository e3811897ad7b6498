"""95% intervals that hold for the counts a playtest has, small ones included.

- A rate (wins of n): Wilson's score interval. It stays inside [0, 1] and keeps its width at
  0 or n wins, where the normal interval collapses to a point (1 game lost: [0%, 79%], not
  [0%, 0%]).
- A difference of two rates from different sessions (won when a card is used against when it
  is not): Newcombe's hybrid score interval (1998, method 10), built from the two Wilson
  intervals, so a rate from one session brings its whole width into the difference.
- A difference of two rates on the same seeds (a text against another, a card taken out):
  Newcombe's interval for paired proportions (1998, method 10), again from Wilson intervals,
  corrected for the correlation of the pairs. Three seeds that win on both sides give
  [-56, +56] points, not [0, 0].
- A mean difference (scenes, threat, conditions on the same seeds): Student's t with n - 1
  degrees of freedom; below two pairs there is no interval.

Every function returns fractions (0.25, not 25%); the report scales them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z = 1.959963984540054  # the 95% two-sided normal quantile

# Student's t, 97.5th percentile, for 1-30 degrees of freedom (beyond: Cornish-Fisher).
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t975(df: int) -> float:
    """The 97.5th percentile of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("t needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def wilson(wins: int, n: int) -> tuple[float, float]:
    """Wilson's 95% score interval of the rate ``wins / n`` ((0, 1) when n is 0: nothing known)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At 0 or n wins a bound is the rate itself; rounding must not put it past the rate.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def rate_difference(
    wins_a: int, n_a: int, wins_b: int, n_b: int
) -> tuple[float, float, float] | None:
    """``wins_a / n_a - wins_b / n_b`` for two independent groups, with Newcombe's 95% hybrid
    score interval; None when a group is empty."""
    if n_a == 0 or n_b == 0:
        return None
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson(wins_a, n_a)
    lb, ub = wilson(wins_b, n_b)
    d = pa - pb
    return (
        d,
        d - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2),
        d + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2),
    )


def paired_rate_difference(pairs: Sequence[tuple[int, int]]) -> tuple[float, float, float] | None:
    """The mean of ``b - a`` over pairs of outcomes (0 or 1) on the same seeds, with Newcombe's
    95% interval for paired proportions; None with no pair."""
    n = len(pairs)
    if n == 0:
        return None
    both = sum(1 for a, b in pairs if a and b)
    only_a = sum(1 for a, b in pairs if a and not b)
    only_b = sum(1 for a, b in pairs if b and not a)
    neither = n - both - only_a - only_b
    wins_a, wins_b = both + only_a, both + only_b
    pa, pb = wins_a / n, wins_b / n
    la, ua = wilson(wins_a, n)
    lb, ub = wilson(wins_b, n)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(margins) if margins else 0.0
    d = pb - pa
    below = math.sqrt(max(0.0, (pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2))
    above = math.sqrt(max(0.0, (ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2))
    return (d, max(-1.0, d - below), min(1.0, d + above))


def mean_difference(diffs: Sequence[float]) -> tuple[float, float, float] | None:
    """The mean of paired differences and its 95% t interval; None below two pairs."""
    n = len(diffs)
    if n < 2:
        return None
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float] | None:
    """The mean of ``values`` and its 95% t interval; None below two values."""
    return mean_difference(values)


def welch_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float] | None:
    """``mean(a) - mean(b)`` for two independent groups, with Welch's 95% t interval (degrees
    of freedom by Satterthwaite, rounded down); None when a group has fewer than two values."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return None
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((x - ma) ** 2 for x in a) / (na - 1) / na
    vb = sum((x - mb) ** 2 for x in b) / (nb - 1) / nb
    d = ma - mb
    if va + vb == 0:
        return (d, d, d)
    df = (va + vb) ** 2 / (va**2 / (na - 1) + vb**2 / (nb - 1))
    half = t975(max(1, int(df))) * math.sqrt(va + vb)
    return (d, d - half, d + half)
