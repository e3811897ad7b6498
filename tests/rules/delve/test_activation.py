"""Seed 004, "Activation": each model's activation in initiative order, one at a time, with its
start phase (the conditions it holds take effect), its action phase (the GM says what it does)
and its end phase (condition counters come off; interrupts equal to its attacks). Played by the
text's procedure ("Activation" in encounters.rules)."""

from __future__ import annotations

from encounter import encounter, turns

from dsl.world import durations
from dsl.world.events import WorldEvent


def test_each_model_has_one_activation_a_round_and_the_gm_answers_for_it(delve):
    game = encounter(delve)
    decision = game.pending()
    assert decision is not None and decision.who == "Wenna Ashgrove"
    assert decision.options == ("pass",)  # no action card is written yet: the table's
    assert sorted(turns(game, 4)) == ["Odo Vantry", "Rat Chief", "Tunnel Rat", "Wenna Ashgrove"]


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
    game = encounter(delve, hold=(("Rat Chief", "Surprised", 1), ("Wenna Ashgrove", "Stunned", 1)))
    turns(game, 1)  # Wenna's activation ends: her Stunned goes, the Rat Chief's Surprised stays
    assert durations.holds(game, "Wenna Ashgrove", "Stunned") is None
    assert durations.holds(game, "Rat Chief", "Surprised") is not None
    turns(game, 3)
    assert durations.holds(game, "Rat Chief", "Surprised") is None
