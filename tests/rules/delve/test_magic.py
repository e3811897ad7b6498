"""Seed 004, "Magic Systems": arcane casting is an extended check on the magic pool (dice equal
to Mag) against the spell's casting number; the 1s of every attempt are the miscast number."""

from __future__ import annotations

import pytest
from delve_by_hand import Scripted, extended, marks


def miscast(ones: int, magic: int) -> str | None:
    """The seed's severity: at Mag minor, above it major, at twice Mag or more catastrophic."""
    if ones >= 2 * magic:
        return "catastrophic"
    if ones > magic:
        return "major"
    if ones == magic:
        return "minor"
    return None


@pytest.mark.parametrize(("magic", "casting"), [(1, 1), (2, 3), (3, 5), (2, 6)])
def test_casting_is_an_extended_check_with_magic_dice(checks, magic, casting):
    odds = checks["Casting"].odds_within(3, magic=magic, casting=casting)
    within, in_the_end, expected = extended(marks(magic), casting, 3)
    assert all(abs(float(odds.within[-1][b]) - within[b]) <= 1e-9 for b in within)
    assert all(abs(float(odds.eventually[b]) - in_the_end[b]) <= 1e-9 for b in in_the_end)
    assert abs(float(odds.expected_rolls) - expected) <= 1e-6


def test_the_1s_of_every_attempt_add_up_to_the_miscast_number(checks):
    # Mag 2 against 3: 6 1 (the 6's bonus die 4): 1 mark; 1 5: none more; 5 5: 3, cast
    result = checks["Casting"].roll(Scripted([6, 1, 4, 1, 5, 5, 5]), magic=2, casting=3)
    assert result.outcome == "success" and len(result.rolls) == 3
    assert result.counts["ones"] == 2
    assert miscast(result.counts["ones"], 2) == "minor"
