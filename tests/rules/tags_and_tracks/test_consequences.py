"""Consequences: three points of the fitting stat cancel one hit against the character; a
last point or two cancel one hit and are all spent; hits left over become a consequence of that
level (or the player concedes), moved up past the levels already taken, never beyond the fatal
fourth."""

from __future__ import annotations

import pytest

from rules.tags_and_tracks.progression import NotAllowed, consequence_level, offset_hits


def test_three_points_cancel_one_hit(ruleset):
    paid = offset_hits(ruleset, points=7, hits=2)
    assert (paid.points, paid.offset, paid.left) == (1, 2, 0)


def test_a_last_point_or_two_cancel_one_hit_and_are_all_spent(ruleset):
    paid = offset_hits(ruleset, points=5, hits=3)
    assert (paid.points, paid.offset, paid.left) == (0, 2, 1)
    one = offset_hits(ruleset, points=1, hits=1)
    assert (one.points, one.offset, one.left) == (0, 1, 0)


def test_a_hit_you_cannot_offset_is_left_for_a_consequence(ruleset):
    paid = offset_hits(ruleset, points=0, hits=2)
    assert (paid.points, paid.offset, paid.left) == (0, 0, 2)


def test_the_level_of_the_consequence_is_the_number_of_hits_it_offsets(ruleset):
    assert consequence_level(ruleset, hits=2, taken=[]) == 2


def test_a_consequence_moves_up_past_levels_already_taken(ruleset):
    # a sprained wrist (-1) held: another -1 for the same stat becomes -2
    assert consequence_level(ruleset, hits=1, taken=[1]) == 2
    assert consequence_level(ruleset, hits=1, taken=[1, 2, 3]) == 4
    assert consequence_level(ruleset, hits=2, taken=[1, 3]) == 2


def test_the_fourth_level_is_fatal_and_is_the_last(ruleset):
    with pytest.raises(NotAllowed, match="a -4 consequence is fatal"):
        consequence_level(ruleset, hits=3, taken=[3, 4])
    with pytest.raises(NotAllowed, match="1 to 4 hits, not 5"):
        consequence_level(ruleset, hits=5, taken=[])
