"""Stats & stat points: 1 point raises a rolled die by 1, 2 points roll an extra die (after the
initial roll too); the points come from the most relevant stat."""

from __future__ import annotations

from tags_and_tracks_table import kinds, roll

from rules.tags_and_tracks.engine import new_roll


def test_two_points_raise_a_two_to_a_four_which_hits(ruleset):
    game = roll(
        ruleset,
        [2, 1],
        ["raise die 1 (2 -> 3)", "raise die 1 (3 -> 4)"],
        level=2,
        stat="strength",
        points=5,
    )
    assert game.state.points == 3
    assert game.state.dice == [4, 1]
    assert game.state.hits == 1 and game.state.band == "minor success"


def test_two_points_buy_another_die_after_the_roll(ruleset):
    game = roll(ruleset, [1, 2, 6], ["buy a die"], level=2, points=2)
    assert game.state.dice == [1, 2, 6]
    assert game.state.points == 0
    assert kinds(game)[:4] == ["roll_started", "dice_rolled", "dice_rolled", "die_bought"]


def test_the_points_held_limit_what_is_offered(ruleset):
    game = new_roll(ruleset, level=2, points=1, dice=[2, 6])
    # 1 point: a die may be raised (not the 6), no die bought
    assert game.pending().options == ("raise die 1 (2 -> 3)", "done")
    game.apply("raise die 1 (2 -> 3)")
    assert game.pending() is None  # nothing left to spend: the roll goes on and ends
    none = new_roll(ruleset, level=2, points=0, dice=[2, 6])
    assert none.pending() is None


def test_a_6_cannot_be_raised(ruleset):
    game = new_roll(ruleset, level=1, points=3, dice=[6])
    assert game.pending().options == ("buy a die", "done")
