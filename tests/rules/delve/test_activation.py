"""Seed 004, "Activation": each model's activation in initiative order, one at a time, with its
start phase (the conditions it holds take effect), its action phase (one major action or two
minor in its place, and a free minor, taken one by one until the GM passes) and its end phase
(condition stacks come off; interrupts equal to its attacks). Played by the text's procedure
("Activation" in encounters.rules)."""

from __future__ import annotations

import pytest
from encounter import encounter, turns

from dsl.kernel.machine import IllegalMove
from dsl.world import durations
from dsl.world.events import WorldEvent

MOMENTUM_USES = (  # offered to every model while the momentum to pay them is held
    "Take: Ease a Check",
    "Take: Change Place",
    "Take: Disengage",
    "Take: Critical Quality",
    "Take: Extra Reaction",
    "Take: Extra Attack",
)
ALLOWANCE = (  # the action economy (encounters.rules)
    "Take: Major Action",
    "Take: Two Minor Actions",
    "Take: Extra Minor Action",
    "Take: Minor Action",
)
BY_SORT = (  # the actions the conditions name by their sorts (tactics.rules)
    "Take: Melee Strike",
    "Take: Ranged Attack",
    "Take: Advance",
    "Take: Reposition",
    "Take: Drag",
    "Take: Assist",
    "Take: Prayer",
)
ACTIONS = (*ALLOWANCE, *BY_SORT)  # with no momentum held: the uses it pays for are not offered


def test_each_model_has_one_activation_a_round_and_the_gm_answers_for_it(delve):
    game = encounter(delve)
    decision = game.pending()
    assert decision is not None and decision.who == "Wenna Ashgrove"
    assert decision.options == (*ACTIONS, "pass")
    assert sorted(turns(game, 4)) == ["Odo Vantry", "Rat Chief", "Tunnel Rat", "Wenna Ashgrove"]


def allowance(game):  # type: ignore[no-untyped-def]
    who = game.pending().who
    return game.ops.value(who, "majors"), game.ops.value(who, "minors")


def test_an_activation_is_one_major_action_and_a_free_minor(delve):
    game = encounter(delve)
    assert allowance(game) == (1, 1)
    game.apply("Take: Major Action")
    game.apply("Take: Minor Action")
    assert allowance(game) == (0, 0)
    decision = game.pending()  # none left: not offered, and refused if named
    assert decision.who == "Wenna Ashgrove" and "Take: Major Action" not in decision.options
    with pytest.raises(IllegalMove):
        game.apply("Take: Major Action")
    assert allowance(game) == (0, 0)


def test_the_momentum_uses_are_offered_while_the_momentum_to_pay_them_is_held(delve):
    offered = encounter(delve, fortune=4).pending().options
    assert offered == (*MOMENTUM_USES, *ACTIONS, "pass")
    cheap = encounter(delve, fortune=1).pending().options
    assert [u for u in MOMENTUM_USES if u in cheap] == ["Take: Ease a Check", "Take: Change Place"]


def test_two_minor_actions_may_take_the_major_ones_place(delve):
    game = encounter(delve)
    game.apply("Take: Two Minor Actions")
    assert allowance(game) == (0, 3)  # two, and the free one
    for _ in range(3):
        game.apply("Take: Minor Action")
    assert allowance(game) == (0, 0)
    game.apply("pass")
    assert game.pending().who == "Tunnel Rat" and allowance(game) == (1, 1)


def test_a_main_character_buys_each_further_minor_action_with_a_fatigue(delve):
    game = encounter(delve)
    assert game.pending().who == "Wenna Ashgrove"  # types Character: a main character
    game.apply("Take: Minor Action")
    assert allowance(game) == (1, 0)
    game.apply("Take: Extra Minor Action")
    game.apply("Take: Extra Minor Action")
    assert allowance(game) == (1, 2) and game.ops.value("Wenna Ashgrove", "fatigue") == 2
    game.apply("Take: Minor Action")
    assert allowance(game) == (1, 1)


def test_a_henchman_or_an_adversary_is_not_offered_a_further_minor_action(delve):
    game = encounter(delve)
    turns(game, 1)  # Wenna's activation passed
    for model in ("Tunnel Rat", "Odo Vantry"):  # a minion, then a henchman
        assert game.pending().who == model
        game.apply("Take: Minor Action")
        assert "Take: Extra Minor Action" not in game.pending().options
        with pytest.raises(IllegalMove):
            game.apply("Take: Extra Minor Action")
        assert allowance(game) == (1, 0) and game.ops.value(model, "fatigue") == 0
        game.apply("pass")


def test_an_attack_or_a_move_is_paid_from_the_allowance_as_its_sort_says(delve):
    game = encounter(delve)
    game.apply("Take: Melee Strike")
    assert allowance(game) == (0, 1)
    game.apply("Take: Advance")
    assert allowance(game) == (0, 0)
    offered = game.pending().options
    assert [a for a in BY_SORT if a in offered] == []  # none left to pay with


def test_an_activation_is_the_models_turn_from_its_start(delve):
    game = encounter(delve)
    turns(game, 2)
    started = [e.data["player"] for e in game.state.events if e.kind == WorldEvent.TURN_STARTED]
    assert started == ["Wenna Ashgrove", "Tunnel Rat", "Odo Vantry"]


def test_the_end_phase_gives_interrupts_equal_to_the_models_attacks(delve):
    game = encounter(delve)
    turns(game, 4)
    assert game.ops.value("Rat Chief", "interrupts") == 2
    assert game.ops.value("Wenna Ashgrove", "interrupts") == 1


def test_the_start_phase_applies_what_the_model_holds(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Bleeding", 2),))
    assert game.ops.value("Odo Vantry", "hits") == 0
    turns(game, 3)  # Wenna, Tunnel Rat, then Odo: its start phase bleeds
    assert game.ops.value("Odo Vantry", "hits") == 1
    assert game.ops.value("Wenna Ashgrove", "hits") == 0


def test_the_end_phase_takes_one_counter_off_and_removes_a_condition_at_0(delve):
    game = encounter(delve, hold=(("Odo Vantry", "Bleeding", 2),))
    turns(game, 3)
    assert durations.holds(game, "Odo Vantry", "Bleeding")["stacks"] == 1  # type: ignore[index]
    turns(game, 4)  # the next round: Odo bleeds again and its last counter comes off
    assert game.ops.value("Odo Vantry", "hits") == 2
    assert durations.holds(game, "Odo Vantry", "Bleeding") is None


def test_a_fleeting_condition_ends_at_its_holders_next_end_phase_only(delve):
    game = encounter(
        delve, hold=(("Rat Chief", "Staggered", 1), ("Wenna Ashgrove", "Staggered", 1))
    )
    turns(game, 1)  # Wenna's activation ends: her Staggered goes, the Rat Chief's stays
    assert durations.holds(game, "Wenna Ashgrove", "Staggered") is None
    assert durations.holds(game, "Rat Chief", "Staggered") is not None
    turns(game, 3)
    assert durations.holds(game, "Rat Chief", "Staggered") is None
