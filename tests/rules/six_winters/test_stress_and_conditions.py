"""Stress and conditions: a pool that would reach zero refills to its starting level and the
character takes a condition from the table of that stress."""

import dataclasses

from six_winters_table import act, add_location, kinds, place, table

OVERCOME = {"act": "overcome", "character": "Fuscus", "obstacle": "Hogel's Jealousy", "index": 0}


def _two_psyche_stress_then_a_condition_roll_of_one(ruleset, conditions):
    # Hogel's Jealousy rolls two psyche stress dice (6 and 4, both above Fuscus's skill); with
    # two psyche left the pool empties, refills, and the condition die shows 1.
    session = table(ruleset, ["Fuscus", "Parin"], at="Hogeltown", dice=[6, 4, 1, 2, 2, 2])
    add_location(session, "Hogeltown", 0, -1)
    session.character("Parin").location = "Eastkeep"
    place(session, "Hogel's Jealousy", "Hogeltown", 1, 1)
    fuscus = session.character("Fuscus")
    fuscus.initiative, fuscus.psyche, fuscus.conditions = [1], 2, list(conditions)
    act(session, OVERCOME, [], "progress")
    return session


def _psyche_condition(ruleset, roll):
    return next(n for low, high, n in ruleset.condition_tables["psyche"] if low <= roll <= high)


def test_a_pool_reaching_zero_refills_to_starting_and_takes_a_condition(ruleset):
    session = _two_psyche_stress_then_a_condition_roll_of_one(ruleset, [])
    fuscus = session.character("Fuscus")
    assert fuscus.psyche == ruleset.characters["Fuscus"].psyche
    assert fuscus.conditions == [_psyche_condition(ruleset, 1)]
    assert [e["condition"] for e in kinds(session, "condition_taken")] == fuscus.conditions


def test_a_condition_already_held_is_not_taken_again(ruleset):
    # There is one card of each condition (declared: condition repeats = 0).
    held = _psyche_condition(ruleset, 1)
    session = _two_psyche_stress_then_a_condition_roll_of_one(ruleset, [held])
    assert session.character("Fuscus").conditions == [held]
    assert kinds(session, "condition_taken") == []
    assert kinds(session, "condition_already_held") == [
        {"character": "Fuscus", "condition": held, "roll": 1}
    ]


def test_declared_repeats_take_a_condition_again(ruleset):
    repeats = dataclasses.replace(ruleset, values={**ruleset.values, "condition repeats": 1})
    held = _psyche_condition(ruleset, 1)
    session = _two_psyche_stress_then_a_condition_roll_of_one(repeats, [held])
    assert session.character("Fuscus").conditions == [held, held]
