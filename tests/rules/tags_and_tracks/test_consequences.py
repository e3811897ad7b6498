"""Consequences, the offsetting: each hit against you is offset by paying 3 points from the most
relevant stat; with only 1 or 2 points, pay all of them to offset 1 hit; a hit not offset is a
consequence (or a concession)."""

from __future__ import annotations

from rules.tags_and_tracks.progression import offset_hits


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
