"""The Core and the Summary's "Rolling": one die per skill level, each 4 or more a hit, the best
die setting the result (a fail up to 3, a minor success on 4 and 5, a major one on 6), an XP for
a roll without hits, and the cuts."""

from __future__ import annotations

import pytest
from tags_and_tracks_table import kinds, roll

from rules.tags_and_tracks.engine import new_roll
from rules.tags_and_tracks.progression import NotAllowed, dice_and_cuts


def test_a_skill_rolls_one_die_per_level(ruleset):
    game = new_roll(ruleset, skill="bash", level=3, seed=7)
    game.pending()
    rolled = [e for e in game.events if e.kind == "dice_rolled"]
    assert len(rolled[0].data["faces"]) == 3
    assert all(1 <= f <= 6 for f in rolled[0].data["faces"])


def test_fours_fives_and_sixes_are_hits(ruleset):
    assert roll(ruleset, [3, 4, 5, 6], level=4).state.counts["hits"] == 3
    assert roll(ruleset, [1, 2, 3], level=3).state.counts["hits"] == 0


@pytest.mark.parametrize(
    ("dice", "band"),
    [
        ([1, 1], "fail"),
        ([2, 3], "fail"),
        ([1, 4], "minor success"),
        ([5, 2], "minor success"),
        ([6, 1], "major success"),
    ],
)
def test_the_best_die_sets_the_result(ruleset, dice, band):
    game = roll(ruleset, dice, level=2)
    assert game.state.score == max(dice)
    assert game.state.band == band


def test_a_roll_without_a_hit_earns_one_xp(ruleset):
    failed = roll(ruleset, [1, 3], level=2, xp=4)
    assert failed.state.numbers["xp"] == 5
    hit = roll(ruleset, [1, 4], level=2, xp=4)
    assert hit.state.numbers["xp"] == 4
    assert "xp_gained" in kinds(failed) and "xp_gained" not in kinds(hit)


def test_roll_skill_level_plus_advantages_easy_adds_1_die_and_assist_1_per_helper(ruleset):
    odds = dice_and_cuts(ruleset, level=2, easy=True, assist=2)
    assert (odds.dice, odds.cuts) == (5, 0)
    game = roll(ruleset, [1, 2, 3, 4, 5], level=2, advantages=3)
    assert game.state.dice == [1, 2, 3, 4, 5]


def test_hard_and_far_each_cut_the_highest_die(ruleset):
    odds = dice_and_cuts(ruleset, level=3, hard=True, far=True)
    assert (odds.dice, odds.cuts) == (3, 2)
    game = roll(ruleset, [6, 2, 4], level=3, cuts=2)
    assert game.state.dice == [2]
    assert game.state.band == "fail" and game.state.counts["hits"] == 0
    cut = [e.data["before"] for e in game.events if e.kind == "die_cut"]
    assert cut == [6, 4]


def test_a_cut_on_a_lone_die_lowers_its_face(ruleset):
    game = roll(ruleset, [5, 3], level=2, cuts=3)
    # the 5 is cut; the 3 is the last die, and each further cut takes a pip from it
    assert game.state.dice == [1]
    never_below_one = roll(ruleset, [2], level=1, cuts=4)
    assert never_below_one.state.dice == [1]


def test_the_procedure_runs_in_the_summarys_order(ruleset):
    game = roll(ruleset, [4, 6], ["raise a die", "raise die 1 (4 -> 5)"], level=2, cuts=1, points=1)
    assert kinds(game) == [
        "roll_started",
        "dice_rolled",
        "die_raised",
        "die_cut",
        "result",
        "counted",
    ]
    steps = [s.title for s in ruleset.procedure.phase("Roll").steps]
    assert steps == [
        "Roll",
        "Spend Stat Points",
        "No Hits",
        "Gain Skills",
        "Pay for the Skill",
        "Cut",
        "Result",
        "Hits",
    ]


def test_a_roll_with_no_skill_level_is_not_allowed(ruleset):
    with pytest.raises(NotAllowed):
        dice_and_cuts(ruleset, level=0)


def test_the_table_types_the_dice_it_rolled(ruleset):
    game = new_roll(ruleset, level=2, table_dice=True)
    decision = game.pending()
    assert decision.kind == "roll" and decision.options == (1, 2, 3, 4, 5, 6)
    game.apply(6)
    game.apply(4)
    while (d := game.pending()) is not None:
        game.apply("done" if "done" in d.options else "pass")
    assert game.state.dice == [6, 4] and game.state.counts["hits"] == 2


def test_a_roll_suspended_at_a_decision_round_trips_through_json(ruleset):
    game = new_roll(ruleset, level=2, points=3, dice=[2, 5])
    decision = game.pending()
    copy = type(game).from_json(ruleset, game.to_json())
    assert copy.pending() == decision
    for answer in ("raise a die", "raise die 1 (2 -> 3)"):
        copy.apply(answer)
        game.apply(answer)
    copy.pending(), game.pending()
    assert copy.state.dice == game.state.dice == [3, 5]


def test_each_consequence_hindering_a_roll_cuts_it_once_per_level(ruleset):
    # "While you have consequences, rolls which narratively should [be] affected get 'cut'";
    # our reading (the value "cuts per consequence level"): a -2 cuts two dice
    odds = dice_and_cuts(ruleset, level=3, hard=True, hindered_by=[1, 2])
    assert (odds.dice, odds.cuts) == (3, 4)
    with pytest.raises(NotAllowed):
        dice_and_cuts(ruleset, level=3, hindered_by=[0])
