"""Stats & stat points: 1 point raises a rolled die by 1, 2 points roll an extra die (after the
initial roll too); the points come from the most relevant stat."""

from __future__ import annotations

from tags_and_tracks_table import kinds, roll

from rules.tags_and_tracks.engine import new_roll


def test_two_points_raise_a_two_to_a_four_which_hits(ruleset):
    game = roll(
        ruleset,
        [2, 1],
        ["raise a die", "raise die 1 (2 -> 3)", "raise a die", "raise die 1 (3 -> 4)"],
        level=2,
        stat="strength",
        points=5,
    )
    assert game.state.numbers["stats"] == 3
    assert game.state.dice == [4, 1]
    assert game.state.counts["hits"] == 1 and game.state.band == "minor success"


def test_two_points_buy_another_die_after_the_roll(ruleset):
    game = roll(ruleset, [1, 2, 6], ["buy a die"], level=2, points=2)
    assert game.state.dice == [1, 2, 6]
    assert game.state.numbers["stats"] == 0
    assert kinds(game)[:4] == ["roll_started", "dice_rolled", "dice_rolled", "die_bought"]


def test_the_points_held_limit_what_is_offered(ruleset):
    game = new_roll(ruleset, level=2, points=1, dice=[2, 6])
    # 1 point: a die may be raised (not the 6), no die bought
    assert game.pending().options == ("raise a die", "done")
    game.apply("raise a die")
    assert game.pending().options == ("raise die 1 (2 -> 3)",)
    game.apply("raise die 1 (2 -> 3)")
    assert game.pending() is None  # nothing left to spend: the roll goes on and ends
    none = new_roll(ruleset, level=2, points=0, dice=[2, 6])
    assert none.pending() is None


def test_a_6_cannot_be_raised(ruleset):
    game = new_roll(ruleset, level=1, points=3, dice=[6])
    assert game.pending().options == ("buy a die", "done")


def test_spend_stat_points_is_asked_again_until_the_player_is_done(ruleset):
    game = new_roll(ruleset, level=2, points=4, dice=[1, 1])
    for _ in range(2):
        assert game.pending().options == ("raise a die", "buy a die", "done")
        game.apply("raise a die")
        game.apply("raise die 1 (" + f"{game.state.dice[0]} -> {game.state.dice[0] + 1})")
    # 2 points left: asked a third time, and "done" ends the step with the points kept
    assert game.pending().options == ("raise a die", "buy a die", "done")
    game.apply("done")
    assert game.pending() is None
    assert game.state.numbers["stats"] == 2 and game.state.dice == [3, 1]


def test_what_points_buy_is_the_text_of_check_roll(tmp_path):
    # a designer's copy: 2 points raise a die by 2, 3 points buy two dice
    from rules.tags_and_tracks.engine import RULES_DIR, load_ruleset

    for source in RULES_DIR.glob("*.rules"):
        text = source.read_text("utf-8")
        text = text.replace("raise a die by 1", "raise a die by 2").replace(
            "roll 1 more die", "roll 2 more dice"
        )
        text = text.replace("raise die cost = 1", "raise die cost = 2")
        text = text.replace("extra die cost = 2", "extra die cost = 3")
        (tmp_path / source.name).write_text(text, "utf-8")
    other = load_ruleset(tmp_path)
    game = roll(
        other,
        [2, 1, 5, 6],
        ["raise a die", "raise die 1 (2 -> 4)", "buy a die"],
        level=2,
        stat="strength",
        points=5,
    )
    assert game.state.numbers["stats"] == 0
    assert game.state.dice == [4, 1, 5, 6]
    assert kinds(game).count("die_bought") == 2
