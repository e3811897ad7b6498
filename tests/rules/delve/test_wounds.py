"""Seed 004, "Wounds & Healing": an injury drawn for a wound is held until it heals, changes its
holder's checks while held, and its severity is the obstacle of its healing, an extended
Toughness check. The seed lists no injury cards: ours are marked so. What the seed leaves out
(the Damage value, soak, when an injury is permanent) is listed in STATUS.md."""

from __future__ import annotations

from encounter import encounter

from dsl.world import durations

OURS = {"Gashed Arm": 2, "Cracked Skull": 4, "Torn Knee": 3, "Marsh Fever": 3}


def test_every_injury_card_is_ours_and_marked_so_with_its_severity(delve):
    injuries = {c.name: c.fields for c in delve.cards("injury")}
    assert {name: f["severity"] for name, f in injuries.items()} == OURS
    assert all(f["ours"] for f in injuries.values())


def test_an_injury_is_held_until_it_is_healed(delve):
    game = encounter(delve)
    durations.give(game, "Wenna Ashgrove", "Torn Knee", why="a wound")
    for _ in range(8):  # two rounds and their end phases
        game.apply("pass")
    assert durations.holds(game, "Wenna Ashgrove", "Torn Knee") is not None
    assert durations.lift(game, "Wenna Ashgrove", "Torn Knee", why="healed")


def test_a_held_injury_changes_the_checks_it_names(delve):
    game = encounter(delve)
    durations.give(game, "Wenna Ashgrove", "Gashed Arm", why="a wound")
    game.state.dice_script[:] = [5, 5, 5]
    attack = durations.check(
        game, "Wenna Ashgrove", "Complex", reference=3, obstacle=2, tags=("melee", "attack")
    )
    assert attack.inputs["harder"] == 1 and attack.score == 2  # one die fewer
    game.state.dice_script[:] = [5, 5, 5]
    other = durations.check(game, "Wenna Ashgrove", "Complex", reference=3, obstacle=2)
    assert other.inputs["harder"] == 0 and other.score == 3


def test_healing_is_an_extended_toughness_check_against_the_severity(delve):
    game = encounter(delve)
    severity = next(c for c in delve.cards("injury") if c.name == "Cracked Skull").fields[
        "severity"
    ]
    toughness = next(c for c in delve.cards("model") if c.name == "Wenna Ashgrove").fields[
        "characteristics"
    ]["toughness"]
    game.state.dice_script[:] = [5, 5, 2, 4, 4, 3]  # 2 marks, then 2 more: 4 at the second roll
    healed = durations.check(
        game, "Wenna Ashgrove", "Extended", reference=toughness, obstacle=severity
    )
    assert healed.outcome == "success" and len(healed.rolls) == healed.time == 2
