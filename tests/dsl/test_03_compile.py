"""Stage 3: checked text → CompiledRuleset: cards, plain fields, rules as data, caches."""

from __future__ import annotations

from typing import Any

import pytest
from dsl_testing import TOY

from dsl.compiler import CompiledRuleset
from dsl.diagnostics import CheckFailed
from dsl.errors import ChroniclerError
from dsl.loader import load_ruleset, load_text, ruleset_dir


def test_cards_by_kind_in_the_order_written(toy_ruleset: CompiledRuleset) -> None:
    assert [c.name for c in toy_ruleset.cards("relic")] == [
        "Glow Jar",
        "Trader's Scale",
        "Watch Horn",
        "Pilgrim Cloak",
    ]
    assert toy_ruleset.cards("nothing") == []


def test_an_unknown_card_name_raises_with_near_names(toy_ruleset: CompiledRuleset) -> None:
    with pytest.raises(
        ChroniclerError, match=r"no card named 'Bog Wite'.*did you mean 'Bog Wight'"
    ):
        toy_ruleset.card("Bog Wite")


def test_fields_are_plain_python_values(toy_ruleset: CompiledRuleset) -> None:
    jar = toy_ruleset.card("Glow Jar").fields
    assert jar["starting"] is True and jar["points"] == 2 and jar["skill"] == "lore"
    assert jar["recipe"] == [
        {"die": "ember", "face": None},
        {"die": "frost", "face": 5},
        {"die": None, "face": 4},
        {"die": None, "face": None},
    ]
    assert toy_ruleset.card("Trader's Scale").fields["starting"] is False
    wight = toy_ruleset.card("Bog Wight").fields
    assert wight["enters"] == [["Forest"], ["Ruin"]]
    assert wight["moves toward"] == {
        "tags": ["Town", "Ruin"],
        "groups": [],
        "any of": True,
        "with": ["hero"],
    }
    assert wight["stress"] == ["nerve", "grit"]
    assert toy_ruleset.card("Ember Town").fields["toll"] == {"choice": True, "nerve": 1, "grit": 1}
    assert toy_ruleset.card("Wren").fields["skills"] == {"sneak": 2, "brawl": 1, "lore": 3}
    assert toy_ruleset.card("Lost Map").fields["years"] == [1, 2]


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, str | int | bool)


def test_every_field_of_every_card_is_plain_data(toy_ruleset: CompiledRuleset) -> None:
    for card in toy_ruleset.cards():
        assert _plain(dict(card.fields)), card.name


def test_a_side_has_its_fields_and_its_own_abilities(toy_ruleset: CompiledRuleset) -> None:
    gate = toy_ruleset.card("Mossy Gate")
    assert gate.fields["flipped"] == {"tags": ["Forest", "Ruin"], "produces": ["moss", "moss"]}
    (ability,) = gate.blocks["flipped"].abilities
    assert ability.text == "Exhaust: Gain 1 lantern die."


def test_restrictions_and_permissions_are_data(toy_ruleset: CompiledRuleset) -> None:
    (rule,) = toy_ruleset.card("Toll Keeper").restrictions
    assert rule.verbs == ("trade", "muster")
    assert rule.place is not None and rule.place.kind == "this place"
    (permission,) = toy_ruleset.card("Mossy Gate").permissions
    assert permission.verb == "muster"
    assert permission.roles["object"].noun == "frost"


def test_triggers_and_replacements_are_exposed(toy_ruleset: CompiledRuleset) -> None:
    (threat,) = toy_ruleset.card("Bog Wight").abilities
    assert threat.trigger is not None and threat.trigger.usage == "on"
    assert threat.trigger.event == "threat"
    assert threat.replaces == "place" and threat.replaced is not None
    assert threat.replaced.noun == "threat"
    dusk = toy_ruleset.card("Old Debt").abilities_for("dusk end")[0]
    assert dusk.trigger is not None and dusk.trigger.qualifier == "dusk"
    horn = toy_ruleset.card("Watch Horn").abilities[0]
    assert horn.trigger is not None and horn.trigger.once_per_turn


def test_values_tables_and_maps(toy_ruleset: CompiledRuleset) -> None:
    assert toy_ruleset.values["lanterns per hero"] == 2
    table = toy_ruleset.tables["Nerve scars"]
    assert table.roll == "d6" and table.lookup(5).result == "Old Debt"
    road = toy_ruleset.maps["Starting road"]
    assert road.adjacent("Mossy Gate", "Ember Town")
    assert not road.adjacent("Ember Town", "Frost Hollow")
    assert next(iter(road)) == ("Mossy Gate", 0, 0)


def test_a_ruleset_with_errors_does_not_compile() -> None:
    with pytest.raises(CheckFailed) as failed:
        load_text(
            'ruleset "X" version "1"\ncard kinds are kinds of cards: thing\n'
            'thing "A" {\n  colour red\n}\n'
        )
    assert "has no kind declaration" in failed.value.message


def test_loading_the_same_text_again_is_served_from_the_cache() -> None:
    first = load_ruleset(TOY)
    assert load_ruleset(str(TOY)) is first


def test_ruleset_names_map_to_the_rules_folder() -> None:
    assert ruleset_dir("six-winters").name == "six_winters"
    assert ruleset_dir("six_winters").name == "six_winters"
    with pytest.raises(ChroniclerError, match="no ruleset or path named 'nine-summers'"):
        ruleset_dir("nine-summers")
