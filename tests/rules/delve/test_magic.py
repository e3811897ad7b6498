"""Seed 004, "Magic Systems": arcane casting is an extended check on the magic pool (dice equal
to Mag) against the spell's casting number; the 1s of every attempt are the miscast number,
judged against Mag once the casting ends: minor at Mag, major above it, catastrophic at twice."""

from __future__ import annotations

import pytest
from delve_by_hand import Scripted, casting_miscasts, extended, marks, miscast


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


def test_the_casting_judges_its_miscast_once_it_ends(checks):
    # Mag 2 against 4: 5 5 (2 marks), 1 4 (1 one), 1 5 (2 ones), 1 4 (3 ones), 4 5: cast with
    # 3 ones, above Mag and below twice it
    faces = [5, 5, 1, 4, 1, 5, 1, 4, 4, 5]
    result = checks["Casting"].roll(Scripted(faces), magic=2, casting=4)
    assert result.outcome == "success" and result.counts["ones"] == 3
    assert result.judged == {"miscast": "major"} == {"miscast": miscast(3, 2)}


def test_a_bane_is_judged_too_and_fewer_1s_than_mag_is_no_miscast(checks):
    result = checks["Casting"].roll(Scripted([1, 4]), magic=2, casting=3)
    assert result.outcome == "bane" and result.judged == {"miscast": None}
    worst = checks["Casting"].roll(Scripted([1]), magic=1, casting=3)
    assert worst.outcome == "bane" and worst.judged == {"miscast": "minor"}


@pytest.mark.parametrize(("magic", "casting"), [(1, 2), (2, 3), (2, 6), (3, 4), (1, 5)])
def test_each_miscast_has_its_exact_chance_in_the_end(checks, magic, casting):
    odds = checks["Casting"].odds_within(1, magic=magic, casting=casting)
    by_hand = casting_miscasts(magic, casting)
    judged = odds.judged["miscast"]
    assert set(judged) == {"catastrophic", "major", "minor", "none"}
    for band, p in judged.items():
        assert abs(float(p) - by_hand.get(band, 0.0)) <= 1e-9, band
    assert sum(judged.values()) == sum(odds.eventually.values())


def test_the_command_line_prints_the_miscast_odds(capsys):
    from journal.cli import main

    code = main(["odds", "delve", "Casting", "--input", "magic=2", "--input", "casting=3"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "miscast minor in the end" in out and "miscast catastrophic in the end" in out
