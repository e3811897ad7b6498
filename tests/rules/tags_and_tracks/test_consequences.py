"""Consequences: each hit against you is offset by paying 3 points from the most relevant stat;
with only 1 or 2 points, pay all of them to offset 1 hit; the hits not offset are a consequence
of that level (or a concession), promoted past the levels the stat already holds, up to the
fatal -4."""

from __future__ import annotations

import pytest

from rules.tags_and_tracks.progression import NotAllowed, consequence_level, offset_hits


def test_offset_each_hit_by_paying_3_points(ruleset):
    paid = offset_hits(ruleset, points=7, hits=2)
    assert (paid.points, paid.offset, paid.left) == (1, 2, 0)


def test_if_you_have_only_1_or_2_points_pay_all_points_to_offset_1_hit(ruleset):
    paid = offset_hits(ruleset, points=5, hits=3)
    assert (paid.points, paid.offset, paid.left) == (0, 2, 1)
    one = offset_hits(ruleset, points=1, hits=1)
    assert (one.points, one.offset, one.left) == (0, 1, 0)


def test_a_hit_you_cannot_offset_is_left_for_a_consequence(ruleset):
    paid = offset_hits(ruleset, points=0, hits=2)
    assert (paid.points, paid.offset, paid.left) == (0, 0, 2)


def test_the_level_of_the_consequence_is_the_number_of_hits_it_offsets(ruleset):
    assert consequence_level(ruleset, hits=2, taken=[]) == 2


def test_new_consequences_are_promoted_to_the_next_available_level(ruleset):
    # a sprained wrist (-1) held: another -1 for the same stat becomes -2
    assert consequence_level(ruleset, hits=1, taken=[1]) == 2
    assert consequence_level(ruleset, hits=1, taken=[1, 2, 3]) == 4
    assert consequence_level(ruleset, hits=2, taken=[1, 3]) == 2


def test_level_4_consequences_are_fatal_and_none_goes_past_them(ruleset):
    with pytest.raises(NotAllowed, match="a -4 consequence is fatal"):
        consequence_level(ruleset, hits=3, taken=[3, 4])
    with pytest.raises(NotAllowed, match="1 to 4 hits, not 5"):
        consequence_level(ruleset, hits=5, taken=[])
