"""Progression: a roll of nothing but sixes, or one XP per die short of six, earns a skill a
level above the one rolled; the XP a failed roll earned may pay for it; one XP lifts a stat's
level, capped by six times the best skill, and in a conflict its point comes only afterwards."""

from __future__ import annotations

import pytest
from tags_and_tracks_table import roll

from dsl.kernel import IllegalMove
from rules.tags_and_tracks.engine import RULES_DIR as RULES
from rules.tags_and_tracks.engine import load_ruleset, new_roll
from rules.tags_and_tracks.progression import NotAllowed, raise_stat


def gained(game):
    """The skill the roll gained (name, level, builds on), as it told it; ``None``: none."""
    told = [e.data for e in game.events if e.kind == "skill_gained"]
    return {k: told[0][k] for k in ("name", "level", "builds_on")} if told else None


def test_all_sixes_give_a_skill_one_level_up_at_no_cost(ruleset):
    game = new_roll(ruleset, skill="fight", level=2, dice=[6, 6], xp=0)
    decision = game.pending()
    assert decision.kind == "offer" and "free" in decision.prompt
    assert decision.options == ("take the skill", "pass")
    game.apply("take the skill")
    game.apply("brawl")
    assert game.pending() is None
    assert gained(game) == {"name": "brawl", "level": 3, "builds_on": "fight"}
    assert game.state.numbers["xp"] == 0


def test_each_die_short_of_six_costs_one_xp_toward_a_skill(ruleset):
    game = roll(ruleset, [6, 4, 5], ["take the skill", "pie"], skill="cook", level=3, xp=3)
    assert gained(game) == {"name": "pie", "level": 4, "builds_on": "cook"}
    assert game.state.numbers["xp"] == 1


def test_no_skill_is_offered_when_the_xp_held_cannot_pay(ruleset):
    game = new_roll(ruleset, level=2, dice=[6, 4], xp=0)
    assert game.pending() is None
    assert gained(game) is None


def test_the_xp_gained_from_a_failed_roll_may_gain_a_skill_from_that_same_roll(ruleset):
    # one non-6 die: it costs 1 XP, and the failed roll's XP pays for it
    game = new_roll(ruleset, skill="poetry", level=1, dice=[2], xp=0)
    decision = game.pending()
    assert decision.kind == "offer" and "1 XP of your 1" in decision.prompt
    game.apply("take the skill")
    game.apply("sonnets")
    assert game.pending() is None
    sonnets = {"name": "sonnets", "level": 2, "builds_on": "poetry"}
    assert game.state.numbers["xp"] == 0 and gained(game) == sonnets


def test_stat_points_spent_first_make_the_6s_that_gain_a_skill(ruleset):
    answers = ["raise a die", "raise die 1 (5 -> 6)", "take the skill", "tumbling"]
    game = roll(ruleset, [5, 6], answers, points=1, level=2)
    assert gained(game) == {"name": "tumbling", "level": 3, "builds_on": "do anything"}


def test_one_xp_raises_a_stat_level(ruleset):
    outside = raise_stat(ruleset, level=3, points=3, xp=2, highest_skill=3, in_conflict=False)
    assert (outside.level, outside.points, outside.xp) == (4, 4, 1)


def test_a_stat_raised_in_a_conflict_gives_its_point_later(ruleset):
    inside = raise_stat(ruleset, level=3, points=1, xp=1, highest_skill=3, in_conflict=True)
    assert (inside.level, inside.points, inside.xp) == (4, 1, 0)


def test_a_stat_level_is_capped_by_the_best_skill_times_six(ruleset):
    with pytest.raises(NotAllowed, match="at most 6"):
        raise_stat(ruleset, level=6, points=6, xp=5, highest_skill=1, in_conflict=False)
    with pytest.raises(NotAllowed, match="costs 1 XP and you hold 0"):
        raise_stat(ruleset, level=2, points=2, xp=0, highest_skill=1, in_conflict=False)


def test_the_gained_skill_is_named_by_the_player_and_the_name_is_checked(ruleset):
    game = new_roll(ruleset, skill="cook", level=2, dice=[6, 6])
    game.apply("take the skill")
    asked = game.pending()
    assert asked.kind == "write" and asked.options == ()
    long = "a" * (int(ruleset.values["skill name length"]) + 1)
    for bad in ("", "soup 3", "soup, stew", "soup#", long):
        with pytest.raises(IllegalMove):
            game.apply(bad)
    assert game.pending() == asked and gained(game) is None  # nothing changed
    game.apply("  blazing   soup ")
    assert game.pending() is None
    assert gained(game) == {"name": "blazing soup", "level": 3, "builds_on": "cook"}
    event = next(e for e in game.events if e.kind == "skill_gained")
    assert event.data["name"] == "blazing soup"


def test_the_gained_skill_is_not_named_like_a_skill_the_sheet_has(ruleset):
    game = new_roll(ruleset, skill="cook", level=2, dice=[6, 6], skills=["cook", "Blazing Soup"])
    game.apply("take the skill")
    game.pending()
    with pytest.raises(IllegalMove, match="'blazing soup' is taken already"):
        game.apply("blazing soup")
    game.apply("frost soup")
    assert game.pending() is None and gained(game)["name"] == "frost soup"


def _spent_on_die_one(game):  # type: ignore[no-untyped-def]
    """Spend the one point held raising die 1 (then nothing is left to spend)."""
    game.apply("raise a die")
    game.apply(game.pending().options[0])


def test_all_sixes_are_judged_on_the_dice_as_the_points_left_them(ruleset):
    # the value "skill judged after points" (1): a 5 raised to a 6 counts as a 6
    game = new_roll(ruleset, skill="fight", level=2, dice=[5, 6], xp=0, stat="strength", points=1)
    _spent_on_die_one(game)
    decision = game.pending()
    assert decision is not None and "free: every die is a 6" in decision.prompt


def test_judged_on_the_faces_rolled_when_the_text_says_so(ruleset, tmp_path):
    # a designer's copy of the text with the other reading: the 5 as it fell costs 1 XP
    for source in RULES.glob("*.rules"):
        text = source.read_text("utf-8")
        (tmp_path / source.name).write_text(
            text.replace(
                "value skill judged after points = 1", "value skill judged after points = 0"
            ),
            "utf-8",
        )
    other = load_ruleset(tmp_path)
    assert other.values["skill judged after points"] == 0
    game = new_roll(other, skill="fight", level=2, dice=[5, 6], xp=0, stat="strength", points=1)
    _spent_on_die_one(game)
    assert game.pending() is None  # 1 XP for the 5 as it fell, and none held: no skill offered
