"""Seed 004, "Conditions & Effects": every common condition with its duration type (fleeting,
persistent, ongoing), how long each type is held, and what a held condition changes in its
holder's checks and in the actions it is offered (or the activation it misses). Effects the
language cannot run yet stay text the table reads (STATUS.md)."""

from __future__ import annotations

import pytest
from delve_by_hand import Scripted
from encounter import encounter, turns

from dsl.kernel.machine import IllegalMove, KernelEvent
from dsl.runtime import EffectError
from dsl.world import durations
from dsl.world.events import WorldEvent

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
    # ours: the next check easier, and the surprised elites and champions (basic actions only)
    assert set(found) - set(SEED) == {"Eased", "Prepared", "Off Guard"}


def test_how_long_each_duration_type_is_held(delve):
    durations = delve.vocabulary.world.durations.values()
    held = {d.tag: d.text for d in durations if d.kind == "condition"}
    assert held == {
        "Fleeting": "until the holder's next end phase",  # in stacks: the seed's X
        "Persistent": "in stacks, one off at the holder's end phase",
        "Ongoing": "until lifted",
        "Once": "until the holder's next check",
    }


def test_a_fleeting_condition_is_held_in_stacks_all_ending_at_the_end_phase(delve):
    fleeting = delve.vocabulary.world.durations["fleeting"]
    assert fleeting.stacked and fleeting.step == "end phase" and fleeting.holder


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


# ---- what a held condition changes in checks of one kind, or against its holder or source ----
# Each check made with scripted dice: a basic check at obstacle 4 rolls one die and, with favour
# or peril, one more kept best or worst; a complex check one die per reference, less its harder.


def basic(game, actor: str, faces: list[int], **how):
    game.state.dice_script[:] = faces
    return durations.check(game, actor, "Basic", obstacle=4, **how)


def complex_check(game, actor: str, faces: list[int], **how):
    game.state.dice_script[:] = faces
    return durations.check(game, actor, "Complex", reference=3, obstacle=2, **how)


def test_distressed_gives_mental_checks_peril_and_no_other(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Distressed", 1),))
    assert basic(game, "Odo Vantry", [5, 2], tags=("mental",)).outcome == "failure"
    assert basic(game, "Odo Vantry", [5, 2], tags=("physical",)).outcome == "success"


def test_drained_gives_physical_checks_peril_and_no_other(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Drained", 1),))
    assert basic(game, "Odo Vantry", [5, 2], tags=("physical",)).outcome == "failure"
    assert basic(game, "Odo Vantry", [5, 2], tags=("mental",)).outcome == "success"


def test_blinded_and_strained_make_a_check_keep_the_worse_die(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Blinded", 1), ("Odo Vantry", "Strained", 1)))
    assert basic(game, "Wenna Ashgrove", [5, 2]).outcome == "failure"
    assert basic(game, "Odo Vantry", [5, 2]).outcome == "failure"
    assert basic(game, "Tunnel Rat", [5, 2]).outcome == "success"  # one die: the 5


def test_a_melee_attack_against_a_prone_model_has_favour_a_ranged_one_peril(delve):
    game = encounter(delve, hold=(("Tunnel Rat", "Prone", 1),))
    melee = basic(game, "Wenna Ashgrove", [2, 5], against="Tunnel Rat", tags=("melee", "attack"))
    assert melee.inputs["favour"] == 1 and melee.outcome == "success"  # the 5 kept
    ranged = basic(game, "Odo Vantry", [5, 2], against="Tunnel Rat", tags=("ranged", "attack"))
    assert ranged.inputs["peril"] == 1 and ranged.outcome == "failure"  # the 2 kept
    own = basic(game, "Tunnel Rat", [2, 5], against="Wenna Ashgrove", tags=("melee", "attack"))
    assert own.inputs["favour"] == 0 and own.outcome == "failure"  # its own attack: one die


def test_an_attack_against_a_hidden_model_is_made_as_if_blinded(delve):
    game = encounter(delve, hold=(("Tunnel Rat", "Hidden", 1),))
    made = basic(game, "Wenna Ashgrove", [5, 2], against="Tunnel Rat", tags=("melee", "attack"))
    assert made.inputs["peril"] == 1 and made.outcome == "failure"
    spotting = basic(game, "Wenna Ashgrove", [5, 2], against="Tunnel Rat", tags=("opposed",))
    assert spotting.outcome == "success"  # not an attack


def test_hatred_gives_favour_to_opposed_checks_against_the_hated_one_only(delve):
    game = encounter(delve)
    durations.give(game, "Wenna Ashgrove", "Hatred", source="Rat Chief", why="the GM")
    hated = basic(game, "Wenna Ashgrove", [2, 5], against="Rat Chief", tags=("opposed",))
    assert hated.inputs["favour"] == 1 and hated.outcome == "success"
    other = basic(game, "Wenna Ashgrove", [2, 5], against="Tunnel Rat", tags=("opposed",))
    assert other.inputs["favour"] == 0 and other.outcome == "failure"


def test_cowed_makes_opposed_checks_against_its_source_harder_a_die_per_counter(delve):
    game = encounter(delve)
    durations.give(game, "Odo Vantry", "Cowed", 2, source="Rat Chief", why="the GM")
    made = complex_check(game, "Odo Vantry", [5, 5, 5], against="Rat Chief", tags=("opposed",))
    assert made.inputs["harder"] == 2 and made.score == 1 and made.outcome == "failure"
    other = complex_check(game, "Odo Vantry", [5, 5, 5], against="Tunnel Rat", tags=("opposed",))
    assert other.inputs["harder"] == 0 and other.score == 3 and other.outcome == "success"


def test_animosity_makes_social_checks_a_step_harder(delve):
    game = encounter(delve)
    durations.give(game, "Odo Vantry", "Animosity", source="Wenna Ashgrove", why="the GM")
    assert complex_check(game, "Odo Vantry", [5, 5, 5], tags=("social",)).score == 2
    assert complex_check(game, "Odo Vantry", [5, 5, 5], tags=("physical",)).score == 3


def test_animosity_keeps_its_holder_from_assisting_its_target(delve):
    assistance = next(c for c in delve.cards("action") if c.name == "Assist")
    assert "Teamwork" in assistance.fields["sorts"]  # the seed's Assist: aid another model
    game = encounter(delve)
    game.apply("Take: Assist")  # without animosity: any other model in play
    assert offered_to(game, "Wenna Ashgrove") == ("Odo Vantry", "Tunnel Rat", "Rat Chief")
    game = encounter(delve)
    durations.give(game, "Wenna Ashgrove", "Animosity", source="Odo Vantry", why="the GM")
    game = game.clone()
    assert "Take: Assist" in offered_to(game, "Wenna Ashgrove")  # others are left to aid
    game.apply("Take: Assist")
    assert offered_to(game, "Wenna Ashgrove") == ("Tunnel Rat", "Rat Chief")
    with pytest.raises(IllegalMove):
        game.apply("Odo Vantry")  # her animosity's target: refused, asked again
    assert offered_to(game, "Wenna Ashgrove") == ("Tunnel Rat", "Rat Chief")
    game.apply("Rat Chief")
    assert game.ops.value("Wenna Ashgrove", "minors") == 0  # paid from her allowance
    assert "Take: Assist" not in offered_to(game, "Wenna Ashgrove")  # no minor left to pay


def test_inspired_and_demoralized_change_the_marks_a_die_per_counter(delve):
    game = encounter(
        delve, hold=(("Wenna Ashgrove", "Inspired", 1), ("Tunnel Rat", "Demoralized", 2))
    )
    inspired = complex_check(game, "Wenna Ashgrove", [5, 5, 5, 5])
    assert inspired.score == 4 and inspired.outcome == "success"
    demoralized = complex_check(game, "Tunnel Rat", [5, 5, 5])
    assert demoralized.score == 1 and demoralized.outcome == "failure"


def test_the_conditions_whose_effect_is_on_a_check_each_change_one(delve):
    """Every common condition the seed gives a check effect runs it: by its ranks (every check)
    or by its sentences (checks of a kind, against its holder or its source)."""
    changes = delve.vocabulary.world.check_changes
    ranked = {c.name for c in delve.cards("condition") if c.fields.get("checks")}
    said = {c.name for c in delve.cards("condition") if c.name.casefold() in changes}
    assert (ranked | said) - {"Eased", "Prepared"} == {
        "Blinded",
        "Strained",
        "Inspired",
        "Demoralized",
        "Distressed",
        "Drained",
        "Prone",
        "Hidden",
        "Hatred",
        "Cowed",
        "Animosity",
        "Weakened",
    }


# ---- what a held condition forbids its holder: the actions offered, an activation missed ------
# The GM is offered each model's actions at its activation (encounters.rules, tactics.rules); a
# condition's "Its holder takes no ..." leaves some out, "misses its next activation" skips one.

RANGED = "Take: Ranged Attack"
MANOEUVRES = ("Take: Advance", "Take: Reposition", "Take: Drag", "Take: Prayer")


def offered_to(game, who: str) -> tuple[str, ...]:
    decision = game.pending()
    assert decision is not None and decision.who == who
    return tuple(decision.options)


def test_an_engaged_or_blinded_model_is_offered_no_ranged_action(delve):
    assert RANGED in offered_to(encounter(delve), "Wenna Ashgrove")
    for condition in ("Engaged", "Blinded"):
        game = encounter(delve, hold=(("Wenna Ashgrove", condition, 1),))
        options = offered_to(game, "Wenna Ashgrove")
        assert RANGED not in options and "Take: Melee Strike" in options
        with pytest.raises(IllegalMove):
            game.apply(RANGED)


def test_a_staggered_model_is_offered_no_manoeuvre_until_its_end_phase(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Staggered", 1),))
    options = offered_to(game, "Wenna Ashgrove")
    assert [m for m in MANOEUVRES if m in options] == []
    assert "Take: Melee Strike" in options and "Take: Minor Action" in options
    turns(game, 4)  # its end phase took the fleeting condition off: the next round, it may
    assert set(MANOEUVRES) <= set(offered_to(game, "Wenna Ashgrove"))


ACTIONS = ("Take: Major Action", "Take: Minor Action", "Take: Melee Strike", RANGED)


def test_staggered_given_again_holds_two_stacks_and_limits_its_holder_to_one_action(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Staggered", 1),) * 2)
    assert durations.holds(game, "Wenna Ashgrove", "Staggered")["stacks"] == 2  # type: ignore[index]
    assert set(ACTIONS) <= set(offered_to(game, "Wenna Ashgrove"))
    game.apply("Take: Melee Strike")
    game.apply("Take: Extra Minor Action")  # a trade, no action of its own: she may buy it
    options = offered_to(game, "Wenna Ashgrove")
    assert [a for a in ACTIONS if a in options] == []  # her minor ones are limited too
    with pytest.raises(IllegalMove):
        game.apply("Take: Minor Action")
    turns(game, 4)  # her end phase ended it, stacks and all: the next round, she is not limited
    assert durations.holds(game, "Wenna Ashgrove", "Staggered") is None
    game.apply("Take: Melee Strike")
    assert "Take: Minor Action" in offered_to(game, "Wenna Ashgrove")


def test_staggered_once_leaves_its_holder_its_actions_but_no_manoeuvre(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Staggered", 1),))
    game.apply("Take: Melee Strike")
    options = offered_to(game, "Wenna Ashgrove")
    assert "Take: Minor Action" in options and "Take: Advance" not in options


def test_staggered_twice_in_the_middle_of_an_activation_counts_the_actions_taken_before(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Staggered", 1),))
    game.apply("Take: Minor Action")  # Wenna, holding nothing
    durations.give(game, "Wenna Ashgrove", "Staggered", 2, why="an interrupt")
    game = game.clone()  # read back, as the companion reads the game after each step
    assert [a for a in ACTIONS if a in offered_to(game, "Wenna Ashgrove")] == []
    game.apply("pass")
    assert turns(game, 1) == ["Tunnel Rat"]
    game.apply("Take: Minor Action")  # Odo: one stack, not limited
    assert "Take: Major Action" in offered_to(game, "Odo Vantry")


def test_a_broken_model_is_offered_no_action_only_to_pass(delve):
    game = encounter(delve, fortune=4, hold=(("Tunnel Rat", "Broken", 1),))
    turns(game, 1)
    assert offered_to(game, "Tunnel Rat") == ("pass",)


def test_a_frenzied_model_is_offered_only_melee_strikes_advances_and_its_allowances(delve):
    game = encounter(delve, fortune=4, hold=(("Wenna Ashgrove", "Frenzied", 1),))
    assert offered_to(game, "Wenna Ashgrove") == (
        "Take: Two Minor Actions",
        "Take: Extra Minor Action",
        "Take: Melee Strike",
        "Take: Advance",
        "pass",
    )
    game.apply("Take: Melee Strike")
    game.apply("Take: Advance")
    assert game.ops.value("Wenna Ashgrove", "majors") == 0
    assert game.ops.value("Wenna Ashgrove", "minors") == 0


def test_a_frenzied_model_counts_its_attacks_twice_for_its_interrupts(delve):
    game = encounter(delve, hold=(("Rat Chief", "Frenzied", 1),))
    turns(game, 4)  # each end phase: interrupts equal to the model's attacks
    assert game.ops.value("Rat Chief", "interrupts") == 4  # attacks 2, twice
    assert game.ops.value("Tunnel Rat", "interrupts") == 1  # attacks 1, not frenzied
    durations.lift(game, "Rat Chief", "Frenzied", why="the GM")
    turns(game, 4)
    assert game.ops.value("Rat Chief", "interrupts") == 2


@pytest.mark.parametrize("condition", ["Stunned", "Surprised"])
def test_a_stunned_or_surprised_model_misses_its_next_activation_which_spends_it(delve, condition):
    game = encounter(delve, hold=(("Tunnel Rat", condition, 1),))
    assert turns(game, 3) == ["Wenna Ashgrove", "Odo Vantry", "Rat Chief"]  # no Tunnel Rat
    assert durations.holds(game, "Tunnel Rat", condition) is None
    missed = [e.data for e in game.state.events if e.kind == WorldEvent.EFFECT_ENDED]
    assert missed == [{"effect": condition, "owner": "Tunnel Rat", "why": "missed its Activation"}]
    assert turns(game, 4) == ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry", "Rat Chief"]


def test_a_condition_given_during_its_holders_activation_ends_there_and_misses_nothing(delve):
    game = encounter(delve)
    durations.give(game, "Wenna Ashgrove", "Stunned", why="an interrupt")  # in her activation
    assert turns(game, 4) == ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry", "Rat Chief"]
    assert turns(game, 1) == ["Wenna Ashgrove"]


def test_a_strained_model_makes_a_cool_check_at_its_start_phase_and_breaks_on_a_failure(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Strained", 1),))
    game.state.dice_script[:0] = [2, 3, 1]  # Odo: no Cool, Willpower 2; peril: the worst 2 of 3
    assert turns(game, 2) == ["Wenna Ashgrove", "Tunnel Rat"]
    assert offered_to(game, "Odo Vantry") == ("pass",)  # a 1 and a 2: a bane, so Broken
    assert durations.holds(game, "Odo Vantry", "Broken") is not None
    rolled = [e.data for e in game.state.events if e.kind == KernelEvent.DICE_ROLLED]
    assert rolled[-1] == {"what": "Complex", "faces": [2, 3, 1]}


def test_a_strained_model_that_passes_its_cool_check_acts(delve):
    initiative = [5, 2, 3, 1, 5, 5, 4]  # then Wenna's Cool 2 with peril: 4 and 5 kept, 2 marks
    game = encounter(delve, initiative=initiative, hold=(("Wenna Ashgrove", "Strained", 1),))
    assert "Take: Melee Strike" in offered_to(game, "Wenna Ashgrove")
    assert durations.holds(game, "Wenna Ashgrove", "Broken") is None


def test_weakened_makes_a_check_with_strength_a_die_harder_per_counter(delve):
    game = encounter(delve, hold=(("Wenna Ashgrove", "Weakened", 2),))
    game.state.dice_script[:] = [5]  # Strength 3, 2 counters: one die
    made = durations.check(game, "Wenna Ashgrove", "Complex", using="strength", obstacle=1)
    assert made.inputs["reference"] == 3 and made.inputs["harder"] == 2 and made.score == 1
    game.state.dice_script[:] = [5, 5, 5]  # Melee, which Strength does not govern: 3 dice
    assert durations.check(game, "Wenna Ashgrove", "Complex", using="melee", obstacle=1).score == 3


def test_no_social_check_is_made_against_a_deafened_model(delve):
    game = encounter(delve, hold=(("Tunnel Rat", "Deafened", 1),))
    game.state.dice_script[:] = [5, 5, 5]
    with pytest.raises(EffectError, match="Tunnel Rat holds Deafened"):
        durations.check(game, "Odo Vantry", "Complex", against="Tunnel Rat", tags=("social",),
                        reference=3, obstacle=1)  # fmt: skip
    assert game.state.dice_script == [5, 5, 5]  # nothing rolled
    made = durations.check(game, "Odo Vantry", "Complex", against="Rat Chief", tags=("social",),
                           reference=3, obstacle=1)  # fmt: skip
    assert made.outcome == "success"


def test_every_condition_forbidding_actions_or_an_activation_runs_it(delve):
    restraints = delve.vocabulary.world.restraints
    assert {c.name for c in delve.cards("condition") if c.name.casefold() in restraints} == {
        "Staggered",
        "Stunned",
        "Surprised",
        "Off Guard",
        "Engaged",
        "Broken",
        "Blinded",
        "Frenzied",
        "Strained",
        "Deafened",
        "Animosity",
    }


# ---- the tags a check carries, read from the skill it is made with (abilities.rules) ----------


def test_a_check_made_with_a_skill_carries_its_tags_and_reads_the_sheets(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Distressed", 1), ("Tunnel Rat", "Prone", 1)))
    game.state.dice_script[:] = [5, 2]  # Odo's Cool is mental: peril, the worse die kept
    cool = durations.check(game, "Odo Vantry", "Basic", using="cool", obstacle=4)
    assert cool.inputs["peril"] == 1 and cool.outcome == "failure"
    game.state.dice_script[:] = [5]
    endurance = durations.check(game, "Odo Vantry", "Basic", using="endurance", obstacle=4)
    assert endurance.inputs["peril"] == 0 and endurance.outcome == "success"  # physical
    game.state.dice_script[:] = [1, 1, 1, 5, 5, 5, 5]  # Wenna's Melee 3, one die more: favour
    strike = durations.check(
        game,
        "Wenna Ashgrove",
        "Complex",
        using="melee",
        against="Tunnel Rat",
        against_using="defense",
    )
    assert strike.inputs["favour"] == 1 and strike.inputs["reference"] == 3


# ---- frenzied: immune to psychology, fatigue after it (conditions.rules) ----------------------


def test_a_frenzied_model_is_not_given_psychology_conditions(delve):
    psychology = {
        c.name for c in delve.cards("condition") if "Psychology" in str(c.fields.get("mind"))
    }
    assert psychology == {"Hatred", "Animosity", "Cowed", "Demoralized", "Broken", "Frenzied"}
    game = encounter(delve, hold=(("Wenna Ashgrove", "Frenzied", 1),))
    for condition in ("Broken", "Cowed", "Hatred"):
        durations.give(game, "Wenna Ashgrove", condition, why="the GM")
        assert durations.holds(game, "Wenna Ashgrove", condition) is None
    durations.give(game, "Wenna Ashgrove", "Prone", why="the GM")  # no psychology: held
    assert durations.holds(game, "Wenna Ashgrove", "Prone") is not None
    durations.give(game, "Odo Vantry", "Broken", why="the GM")  # not frenzied: held
    assert durations.holds(game, "Odo Vantry", "Broken") is not None


def test_a_frenzied_model_failing_its_strained_check_does_not_break(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Strained", 1), ("Odo Vantry", "Frenzied", 1)))
    game.state.dice_script[:0] = [2, 3, 1]  # the bane that breaks Odo when he is not frenzied
    assert turns(game, 2) == ["Wenna Ashgrove", "Tunnel Rat"]
    assert "Take: Melee Strike" in offered_to(game, "Odo Vantry")  # not broken: he acts
    assert durations.holds(game, "Odo Vantry", "Broken") is None
    rolled = [e.data for e in game.state.events if e.kind == KernelEvent.DICE_ROLLED]
    assert rolled[-1] == {"what": "Complex", "faces": [2, 3, 1]}


def test_a_frenzy_lifted_leaves_the_frenzy_fatigue(delve):
    assert delve.values["frenzy fatigue"] == 1  # our reading of the seed's X
    game = encounter(delve, hold=(("Wenna Ashgrove", "Frenzied", 1),))
    before = game.ops.value("Wenna Ashgrove", "fatigue")
    assert durations.lift(game, "Wenna Ashgrove", "Frenzied", why="the GM")
    assert game.ops.value("Wenna Ashgrove", "fatigue") == before + 1
    durations.give(game, "Wenna Ashgrove", "Broken", why="the GM")  # no longer immune
    assert durations.holds(game, "Wenna Ashgrove", "Broken") is not None
