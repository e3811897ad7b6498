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
    durations = delve.vocabulary.world.durations.values()
    held = {d.tag: d.text for d in durations if d.kind == "condition"}
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
    }
