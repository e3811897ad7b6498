"""The printed wording of each card: fixtures hold what the card face must say."""

from __future__ import annotations

from dsl_testing import FIXTURES

from dsl.compiler import CompiledRuleset
from dsl.loader import load_text
from dsl.printer import render_card


def expected_faces() -> dict[str, str]:
    text = (FIXTURES / "printed" / "toy.txt").read_text()
    faces = {}
    for block in text.split("=== ")[1:]:
        name, _, face = block.partition("\n")
        faces[name] = face.rstrip("\n")
    return faces


def test_every_toy_card_prints_as_its_fixture(toy_ruleset: CompiledRuleset) -> None:
    faces = expected_faces()
    assert sorted(faces) == sorted(c.name for c in toy_ruleset.cards())
    for card in toy_ruleset.cards():
        assert render_card(card) == faces[card.name], card.name


def test_ability_text_is_the_canonical_wording(toy_ruleset: CompiledRuleset) -> None:
    cloak = toy_ruleset.card("Pilgrim Cloak")
    assert [a.text for a in cloak.abilities] == [
        "Exhaust: All heroes at this location gain 1 action point.",
        "Play: If at a Forest location, roll and place 2 moss at this location.",
    ]


def test_aliases_print_as_the_declared_word_and_spacing_is_normalised() -> None:
    ruleset = load_text(
        'ruleset "P" version "1"\nprimitives "toy_primitives"\nresources are d6 dice: ember\n'
        'alias fire = ember\ncounters are meters: "action point" (alias AP)\n'
        "card kinds are kinds of cards: relic\n"
        'kind relic {\n  recipe dice list\n}\nverb gain -> gain\ntrigger "Play" played\n'
        'relic "R" {\n  recipe fire,   fire 3\n  Play:   gain 2 AP.\n}\n',
        base_dir=str(FIXTURES / "toy"),
    )
    card = ruleset.card("R")
    assert card.abilities[0].text == "Play: Gain 2 action points."
    assert render_card(card) == "R\nRelic\nRecipe: ember, ember 3\nPlay: Gain 2 action points."


def test_a_then_item_after_a_choice_continues_the_ability_on_its_own_line() -> None:
    ruleset = load_text(
        'ruleset "P" version "1"\nprimitives "toy_primitives"\n'
        "card kinds are kinds of cards: tale\n"
        "kind tale {\n  years range 1..4\n}\nverb draw -> draw\nverb gain -> gain\n"
        'counters are meters: "lantern die" (alias lantern)\ntrigger "Epilogue" on epilogue\n'
        'tale "T" {\n  years 1-2\n  Epilogue: Choose one:\n    "A": Gain 1 lantern.\n'
        '    "B": Gain 2 lantern.\n  Then gain 1 lantern.\n}\n',
        base_dir=str(FIXTURES / "toy"),
    )
    (ability,) = ruleset.card("T").abilities
    assert ability.text == (
        'Epilogue: Choose one:\n"A": Gain 1 lantern die.\n"B": Gain 2 lantern dice.\n'
        "Then gain 1 lantern die."
    )


def test_a_name_written_in_full_is_not_expanded_twice() -> None:
    from dsl.printer import canonical_words

    aliases = {"lantern": "lantern die"}
    assert canonical_words("Gain a lantern die.", aliases) == "Gain a lantern die."
    assert canonical_words("Gain 2 lantern dice.", aliases) == "Gain 2 lantern dice."
    assert canonical_words("Gain 2 lantern.", aliases) == "Gain 2 lantern dice."
