"""Seed 004, "Conditions & Effects": every common condition with its duration type (fleeting,
persistent, ongoing), how long each type is held, and what a held condition changes in its
holder's checks. Effects the language cannot run yet stay text the table reads (STATUS.md)."""

from __future__ import annotations

from delve_by_hand import Scripted
from encounter import encounter

from dsl.world import durations

SEED = {
    "Staggered": "Fleeting",
    "Hidden": "Ongoing",
    "Stunned": "Fleeting",
    "Surprised": "Fleeting",
    "Bleeding": "Persistent",
    "Prone": "Ongoing",
    "Engaged": "Ongoing",
    "Entangled": "Ongoing",
    "Ablaze": "Ongoing",
    "Broken": "Ongoing",
    "Blinded": "Ongoing",
    "Frenzied": "Ongoing",
    "Hatred": "Ongoing",
    "Distressed": "Ongoing",
    "Drained": "Ongoing",
    "Strained": "Ongoing",
    "Animosity": "Ongoing",
    "Deafened": "Ongoing",
    "Weakened": "Persistent",
    "Inspired": "Persistent",
    "Demoralized": "Persistent",
    "Cowed": "Persistent",
}


def test_the_three_duration_types_and_ours_for_the_next_check(delve):
    assert delve.vocabulary.members("durations") == ["Fleeting", "Persistent", "Ongoing", "Once"]


def test_every_common_condition_has_its_duration_type(delve):
    found = {card.name: card.fields["tags"] for card in delve.cards("condition")}
    assert {name: found[name] for name in SEED} == {n: [d] for n, d in SEED.items()}
    assert set(found) - set(SEED) == {"Eased", "Prepared"}  # ours: the next check easier


def test_how_long_each_duration_type_is_held(delve):
    held = {d.tag: d.text for d in delve.vocabulary.world.durations.values()}
    assert held == {
        "Fleeting": "until the holder's next end phase",
        "Persistent": "in stacks, one off at the holder's end phase",
        "Ongoing": "until lifted",
        "Once": "until the holder's next check",
    }


def test_a_persistent_condition_given_again_stacks_its_counters(delve):
    game = encounter(delve, hold=(("Tunnel Rat", "Weakened", 1), ("Tunnel Rat", "Weakened", 2)))
    assert durations.holds(game, "Tunnel Rat", "Weakened")["stacks"] == 3  # type: ignore[index]


def test_an_ongoing_condition_lasts_until_it_is_lifted(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Prone", 1),))
    for _ in range(8):
        game.apply("pass")
    assert durations.holds(game, "Wenna Ashgrove", "Prone") is not None
    assert durations.lift(game, "Wenna Ashgrove", "Prone", why="stands up")
    assert durations.holds(game, "Wenna Ashgrove", "Prone") is None


def test_blinded_and_strained_give_every_check_of_the_holder_peril(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Blinded", 1), ("Odo Vantry", "Strained", 1)))
    names = [i.name for i in delve.checks["Complex"].inputs]
    assert durations.inputs_for(game, "Wenna Ashgrove", names) == {"peril": 1}
    assert durations.inputs_for(game, "Odo Vantry", names) == {"peril": 1}
    assert durations.inputs_for(game, "Tunnel Rat", names) == {}


def test_inspired_and_demoralized_move_the_difficulty_a_step_per_counter(delve):
    game = encounter(
        delve, hold=(("Wenna Ashgrove", "Inspired", 2), ("Tunnel Rat", "Demoralized", 1))
    )
    names = [i.name for i in delve.checks["Complex"].inputs]
    assert durations.inputs_for(game, "Wenna Ashgrove", names) == {"easier": 2}
    assert durations.inputs_for(game, "Tunnel Rat", names) == {"harder": 1}


def test_a_held_condition_changes_the_dice_of_a_check_its_holder_makes(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Inspired", 2),))
    game.state.dice_script[:] = [4, 4, 4, 4, 4]  # reference 3 + 2 easier: five dice
    made = durations.check(game, "Wenna Ashgrove", "Complex", reference=3, obstacle=4)
    same = delve.checks["Complex"].roll(Scripted([4] * 5), reference=3, obstacle=4, easier=2)
    assert made.score == same.score == 5 and made.outcome == same.outcome


def test_momentum_spent_to_ease_a_check_lasts_for_that_check_only(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Eased", 1),))
    game.state.dice_script[:] = [5, 5, 5, 5]  # reference 2 + 2 easier
    made = durations.check(game, "Odo Vantry", "Complex", reference=2, obstacle=3)
    assert made.inputs["easier"] == 2 and made.score == 4
    assert durations.holds(game, "Odo Vantry", "Eased") is None


def test_every_condition_says_its_effect(delve):
    assert all(card.fields["effect"].strip() for card in delve.cards("condition"))


def test_the_ongoing_conditions_the_seed_lifts_say_what_lifts_them(delve):
    lifted = {c.name for c in delve.cards("condition") if c.fields.get("lifted")}
    assert lifted == {"Hidden", "Prone", "Engaged", "Entangled"}


def test_conditions_against_a_target_or_source_say_so(delve):
    against = {c.name for c in delve.cards("condition") if c.fields.get("against")}
    assert against == {"Hatred", "Animosity", "Cowed"}
