"""What a verb's primitive declares decides how its roles are read (toy game, Lantern Road).

Each test builds the toy ruleset with a primitives module of its own (``made_primitives.py`` in
a temporary folder), so the shared toy fixture keeps its meaning for the other tests.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from toyhost import ToyHost, run_until_done

from dsl.compiler import CompiledRuleset
from dsl.loader import load_text
from dsl.selectors import Selector

TOY = Path(__file__).resolve().parent / "fixtures" / "toy"


def toy_with(
    tmp_path: Path, cards: str, *, replace: dict[str, str] | None = None
) -> CompiledRuleset:
    """The toy ruleset plus ``cards``; ``place`` and ``roll and place`` make the dice they name,
    ``draw`` takes the cards it names from a deck (all three marked ``@creates``)."""
    primitives = (TOY / "toy_primitives.py").read_text()
    primitives = primitives.replace(
        "from typing import Any\n", "from typing import Any\n\nfrom dsl.runtime import creates\n"
    )
    for verb in ("place", "roll_and_place", "draw"):
        primitives = primitives.replace(f"\ndef {verb}(", f"\n@creates()\ndef {verb}(")
    (tmp_path / "made_primitives.py").write_text(primitives)
    rules = (TOY / "ruleset.rules").read_text().replace('"toy_primitives"', '"made_primitives"')
    for old, new in (replace or {}).items():
        assert old in rules
        rules = rules.replace(old, new)
    toy_cards = (TOY / "cards.rules").read_text()
    return load_text(
        rules + "\n" + toy_cards + "\n" + cards, str(tmp_path / "game.rules"), str(tmp_path)
    )


def host_for(ruleset: CompiledRuleset, things: list[dict[str, Any]]) -> ToyHost:
    module = sys.modules[ruleset.vocabulary.primitive_functions["place"].__module__]
    return ToyHost(module, things=list(things))


EMBER_HERE = {"kind": "die", "resource": "ember", "face": 3, "at": "Mossy Gate"}

# "Ember" is also a card tag here, as a printed tag can share its word with a resource.
EMBER_TAG = {'cards: Beast, Spirit, "Night Watch"': 'cards: Beast, Spirit, "Night Watch", Ember'}

MAKERS = """
relic "Kiln" {
  number 40
  tags Spirit
  points 0
  recipe any
  Play: Place 2 ember each with value 4 at this location.
  Exhaust: Roll and place 2 ember at this location.
}

relic "Bellows" {
  number 41
  tags Spirit
  points 0
  recipe any
  Play: Spend an ember at this location to gain 1 lantern.
}
"""


def test_a_creating_verb_gets_new_dice_and_the_place_as_its_own_role(tmp_path: Path) -> None:
    ruleset = toy_with(tmp_path, MAKERS, replace=EMBER_TAG)
    for ability, verb in ((0, "place"), (1, "roll_and_place")):
        host = host_for(ruleset, [EMBER_HERE])
        run = ruleset.card("Kiln").abilities[ability].run
        asked = run_until_done(run, host, [], card="Mossy Gate")  # toy host: "this" is ctx.card
        assert asked == []  # the die already here is not offered as the object
        ((called, _, roles),) = host.calls
        assert called == verb
        made = roles["object"]
        assert isinstance(made, Selector)
        assert (made.noun_category, made.noun, made.quantity.count) == ("die", "ember", 2)
        assert made.place is None
        assert roles["at"] == "Mossy Gate"


def test_a_verb_that_uses_existing_dice_still_resolves_them(tmp_path: Path) -> None:
    ruleset = toy_with(tmp_path, MAKERS, replace=EMBER_TAG)
    host = host_for(ruleset, [EMBER_HERE])
    run_until_done(ruleset.card("Bellows").abilities[0].run, host, [])
    assert host.calls[0][0] == "spend"
    assert host.calls[0][2]["object"] == EMBER_HERE


PLACES = """
relic "Moss Lamp" {
  number 44
  tags Spirit
  points 0
  recipe any
  Play: If this is a Forest location, gain 1 lantern.
  Exhaust: If at a Forest location, gain 1 lantern.
}
"""

MOSSY_GATE = {"kind": "location", "name": "Mossy Gate", "tags": ["Forest"]}
EMBER_TOWN = {"kind": "location", "name": "Ember Town", "tags": ["Town"]}


def test_this_is_a_location_tests_where_the_effect_happens_not_the_card(tmp_path: Path) -> None:
    ruleset = toy_with(tmp_path, PLACES)
    for ability in ruleset.card("Moss Lamp").abilities:
        for here, gains in (("Mossy Gate", True), ("Ember Town", False)):
            host = host_for(ruleset, [MOSSY_GATE, EMBER_TOWN])
            # the context holds the location by name; the host answers with reference dicts
            run_until_done(ability.run, host, [], card="Moss Lamp", location=here)
            assert [c[0] for c in host.calls] == (["gain"] if gains else [])


COSTS = """
monster "Bait Pouch" {
  skill brawl · difficulty 3
  stress nerve
  enters Forest
  tags Spirit
  Threat: Instead of placing a threat, may discard a Beast monster at this location to gain
          1 lantern.
}
"""

MOTH_HERE = {"kind": "monster", "name": "Moth", "tags": ["Beast"], "at": "Mossy Gate"}


def test_an_optional_cost_is_asked_once_and_only_when_it_can_be_paid(tmp_path: Path) -> None:
    ruleset = toy_with(tmp_path, COSTS)
    (ability,) = ruleset.card("Bait Pouch").abilities
    host = host_for(ruleset, [MOTH_HERE])
    asked = run_until_done(ability.run, host, [True])
    assert [d.kind for d in asked] == ["pay_or_refuse"]  # one question for "may X to Y"
    assert [c[0] for c in host.calls] == ["discard", "gain"]
    assert host.calls[0][2]["object"] == MOTH_HERE
    host = host_for(ruleset, [])  # no Beast to discard: not offered, nothing happens
    assert run_until_done(ability.run, host, []) == []
    assert host.calls == []


EACH = """
relic "Fair Day" {
  number 46
  tags Spirit
  points 0
  recipe any
  Epilogue: Each hero at this location may move a relic from the supply to their hand.
  Every season end: Each hero at this location draws 2 monsters.
}
"""

HEROES = [
    {"kind": "hero", "name": "Wren", "at": "Mossy Gate"},
    {"kind": "hero", "name": "Ash", "at": "Mossy Gate"},
    {"kind": "hero", "name": "Far", "at": "Ember Town"},
]
RELICS = [{"kind": "relic", "name": "Jar"}, {"kind": "relic", "name": "Cloak"}]


def test_each_subject_is_asked_and_resolved_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = toy_with(tmp_path, EACH)
    host = host_for(ruleset, HEROES + RELICS)

    select = host.select

    def not_taken(ctx: Any, selector: Selector) -> list[Any]:
        # a relic moved earlier in this run (the calls restart with each replay) is gone
        taken = [c[2]["object"] for c in host.calls if c[0] == "move"]
        return [t for t in select(ctx, selector) if t not in taken]

    monkeypatch.setattr(host, "select", not_taken)
    epilogue = ruleset.card("Fair Day").abilities[0].run
    asked = run_until_done(epilogue, host, [True, RELICS[1], True])
    assert [(d.kind, d.who) for d in asked] == [
        ("pay_or_refuse", "Wren"),
        ("choose_target", "Wren"),
        ("pay_or_refuse", "Ash"),  # Ash's only relic left is taken without asking
    ]
    assert [(c[1], c[2]["object"]["name"]) for c in host.calls] == [
        ("Wren", "Cloak"),
        ("Ash", "Jar"),
    ]


def test_a_drawn_phrase_reaches_the_primitive_with_its_count_and_kind(tmp_path: Path) -> None:
    ruleset = toy_with(tmp_path, EACH)
    decks = [{"kind": "monster", "name": n} for n in ("Moth", "Bog Wight", "Far Moth")]
    host = host_for(ruleset, HEROES + decks)
    asked = run_until_done(ruleset.card("Fair Day").abilities[1].run, host, [])
    assert asked == []  # nothing to pick: the primitive draws from the deck
    assert [c[1] for c in host.calls] == ["Wren", "Ash"]
    for _, _, roles in host.calls:
        drawn = roles["object"]
        assert isinstance(drawn, Selector)
        assert (drawn.noun, drawn.quantity.count) == ("monster", 2)


ADDS = """
tale "Far Road" {
  years 1-2
  at Forest
  Epilogue: Add location "Frost Hollow" to the North, monster "Bog Wight" and tale "Old Debt".
}
"""


def test_a_card_name_after_its_kind_names_the_card_even_when_it_is_also_a_tag(
    tmp_path: Path,
) -> None:
    # "Frost Hollow" is also a card tag here: after the word location it is still the card
    tags = {'"Night Watch"\n': '"Night Watch", "Frost Hollow"\n'}
    ruleset = toy_with(tmp_path, ADDS, replace=tags)
    host = host_for(ruleset, [])
    run_until_done(ruleset.card("Far Road").abilities[0].run, host, [])
    ((verb, _, roles),) = host.calls
    assert verb == "add"
    assert [s.name for s in roles["object"]] == ["Frost Hollow", "Bog Wight", "Old Debt"]
    assert isinstance(roles["to"], Selector) and roles["to"].noun == "north"


TOTALS = """
relic "Tithe Box" {
  number 47
  tags Spirit
  points 0
  recipe any
  Play: Spend a total value of 6 frost at any locations.
}
"""


def test_a_total_value_at_any_locations_asks_no_question_about_locations(tmp_path: Path) -> None:
    ruleset = toy_with(tmp_path, TOTALS)
    host = host_for(ruleset, [MOSSY_GATE, EMBER_TOWN])
    assert run_until_done(ruleset.card("Tithe Box").abilities[0].run, host, []) == []
    ((verb, _, roles),) = host.calls
    assert verb == "spend" and roles["at"] is None
    spent = roles["object"]
    assert (spent.quantity.mode, spent.quantity.total, spent.noun) == ("total_value", 6, "frost")
    assert spent.place is not None and spent.place.kind == "any place"
