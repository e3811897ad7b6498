"""Seed 004, "Resources" (momentum's uses) and "Bookkeeping" (updating momentum): each use an
action the company takes, paid at once from the table's momentum and refused when it is not
held; at bookkeeping, what defeated adversaries and outnumbering add, the round's action costs
taken off, and a deficit turned into banes. Played by the text's procedure (encounters.rules),
the GM answering for each model."""

from __future__ import annotations

import pytest
from encounter import encounter, names, run_round

from dsl.kernel.machine import IllegalMove
from dsl.world import durations
from dsl.world.model import GAME

# The seed's momentum uses: each action and what it costs.
USES = {
    "Ease a Check": 1,
    "Change Place": 1,
    "Disengage": 2,
    "Critical Quality": 2,
    "Extra Reaction": 2,
    "Extra Attack": 4,
}
# What the torchbearer adds at bookkeeping.
BOOKKEEPING = {
    "elite defeated": 1,
    "champion defeated": 2,
    "nemesis defeated": 5,
    "outnumbering": 2,
}


def momentum(game) -> int:  # type: ignore[no-untyped-def]
    return game.ops.value(GAME, "momentum")


def test_the_costs_are_the_seeds(delve):
    costs = {use: delve.values[f"{use.lower()} cost"] for use in USES}
    assert costs == USES
    assert {k: delve.values[k] for k in BOOKKEEPING} == BOOKKEEPING


@pytest.mark.parametrize(("use", "cost"), USES.items())
def test_each_use_is_paid_from_the_tables_momentum_at_its_cost(delve, use, cost):
    game = encounter(delve, fortune=5)
    assert momentum(game) == 5
    game.apply(f"Take: {use}")
    assert momentum(game) == 5 - cost
    assert game.pending().who == "Wenna Ashgrove"  # still her activation


@pytest.mark.parametrize(("use", "cost"), USES.items())
def test_a_use_is_not_offered_while_the_momentum_is_not_held(delve, use, cost):
    game = encounter(delve, fortune=cost - 1)
    assert f"Take: {use}" not in game.pending().options  # its price is known before it is run
    with pytest.raises(IllegalMove):  # and a table that names it anyway is refused
        game.apply(f"Take: {use}")
    assert momentum(game) == cost - 1
    held = encounter(delve, fortune=cost)  # held: offered
    assert f"Take: {use}" in held.pending().options


def test_easing_a_check_makes_the_next_check_2_difficulty_easier_and_no_other(delve):
    game = encounter(delve, fortune=1)
    game.apply("Take: Ease a Check")
    assert durations.holds(game, "Wenna Ashgrove", "Eased") is not None
    game.state.dice_script[:] = [5, 5, 5, 5]  # reference 2 + 2 easier: four dice
    made = durations.check(game, "Wenna Ashgrove", "Complex", reference=2, obstacle=3)
    assert made.inputs["easier"] == delve.values["ease a check steps"] == 2
    assert made.score == 4 and made.outcome == "success"
    game.state.dice_script[:] = [5, 5]
    after = durations.check(game, "Wenna Ashgrove", "Complex", reference=2, obstacle=3)
    assert after.inputs["easier"] == 0 and after.outcome == "failure"


def test_an_extra_reaction_is_one_more_interrupt(delve):
    game = encounter(delve, fortune=2)
    before = game.ops.value("Wenna Ashgrove", "interrupts")
    game.apply("Take: Extra Reaction")
    assert game.ops.value("Wenna Ashgrove", "interrupts") == before + 1


def test_bookkeeping_adds_what_the_defeated_adversaries_are_worth(delve):
    game = encounter(delve, fortune=0)
    game.ops.move_card("Rat Chief", zone="defeated", why="slain")  # an elite
    game.ops.change(GAME, "bounty", delve.values["elite defeated"], why="an elite defeated")
    run_round(game)  # two company models against one adversary: outnumbered too
    assert momentum(game) == 1 + 2
    assert game.ops.value(GAME, "bounty") == 0  # counted once


def test_bookkeeping_adds_for_outnumbering_only_when_the_company_has_more_models(delve):
    game = encounter(delve, fortune=3)
    run_round(game)  # two against two
    assert momentum(game) == 3
    game.ops.move_card("Tunnel Rat", zone="routed", why="routed")
    run_round(game)
    assert momentum(game) == 3 + 2


def test_bookkeeping_takes_the_rounds_action_costs_off_momentum(delve):
    game = encounter(delve, fortune=3)
    game.ops.set(GAME, "spent", 1, why="an action")
    run_round(game)
    assert momentum(game) == 3 - 1 and game.ops.value(GAME, "spent") == 0


def test_a_deficit_gives_each_company_model_banes_and_momentum_stays_at_0(delve):
    game = encounter(delve, fortune=1)
    game.ops.set(GAME, "spent", 4, why="actions")
    run_round(game)
    assert momentum(game) == 0
    assert {m: game.ops.value(m, "banes") for m in names(game)} == {
        "Wenna Ashgrove": 3,
        "Odo Vantry": 3,
        "Tunnel Rat": 0,
        "Rat Chief": 0,
    }


def test_what_bookkeeping_adds_comes_before_the_costs_are_taken(delve):
    game = encounter(delve, fortune=0)
    game.ops.move_card("Tunnel Rat", zone="routed", why="routed")  # outnumbered: +2
    game.ops.set(GAME, "spent", 2, why="actions")
    run_round(game)
    assert momentum(game) == 0 and game.ops.value("Wenna Ashgrove", "banes") == 0
