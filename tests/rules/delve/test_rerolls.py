"""Seed 004, "Re-Rolls" and "Resources": a luck point buys a re-roll, a dark deal costs
corruption, a push stress or fatigue; fate points escape certain death. The re-roll itself is
the same check rolled again; who may re-roll, and that a re-roll is final, is the companion's
(not built: rules/delve/STATUS.md)."""

from __future__ import annotations

import pytest
from delve_by_hand import Scripted


@pytest.mark.parametrize("number", ["luck", "fate", "corruption", "stress", "fatigue"])
def test_what_a_re_roll_costs_is_a_number_each_model_holds_from_0(delve, number):
    declared = delve.vocabulary.world.properties[number]
    assert declared.owner == "model"
    assert declared.low == 0 and declared.start == 0


def test_a_re_roll_rolls_the_same_check_with_the_same_inputs(checks):
    first = checks["Complex"].roll(Scripted([1, 2, 3]), reference=3, obstacle=2, favour=1)
    again = checks["Complex"].reroll(Scripted([5, 5, 4, 2]), first)
    assert first.outcome == "bane"
    assert again.inputs == first.inputs
    assert sorted(again.kept) == [4, 5, 5] and again.outcome == "success"
