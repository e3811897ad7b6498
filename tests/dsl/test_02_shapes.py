"""Stage 2: a ruleset declares its categories, each of a shape, and the checker reads every word
by the shape of its category, never by the category's name (docs/language.md, "Vocabulary")."""

from __future__ import annotations

from typing import Any

from dsl_testing import TOY

from dsl.bound import BoundSentence
from dsl.diagnostics import Diagnostics
from dsl.loader import Source, check_ruleset, check_sources
from dsl.selectors import Selector, ValueSpec

# A game of our own, its words nothing like Lantern Road's: bones on rooms, a dread meter.
CAVE = """ruleset "Cave" version "1"
primitives "toy_primitives"
bones are d8 dice kept at places: ivory, ash
dread is a meter of delvers: gloom
lanterns are pieces placed on cards: wick
knacks are ranks 1..4 of delvers: prying, listening
room tags are tags of rooms: Damp, Lit
things are kinds of cards: room, delver, find  # the kinds named as this game likes
rooms are places
depths are groups of rooms: upper "the Upper Caves", lower
watches are periods of turns: first 2, second 2

kind room {
  depth depth optional
  tags room tags
  yields bones optional
}

kind delver {
  knacks knack ranks
  fears dread list
}

kind find {
  needs dice list of at most 2
}

verb set -> set_value
verb place -> place
verb lose -> lose
trigger "Use" played
"""


def _check(cards: str) -> tuple[Any, Diagnostics]:
    d = Diagnostics()
    checked = check_sources([Source("cave.rules", CAVE), Source("cards.rules", cards)], str(TOY), d)
    return checked, d


def _errors(cards: str) -> list[str]:
    _checked, d = _check(cards)
    return [f"{e.span.line}:{e.span.column}: {e.message}" for e in d.errors]


def _sentence(text: str) -> BoundSentence:
    checked, d = _check(f'find "F" {{\n  needs any\n  Use: {text}\n}}\n')
    assert d.render() == ""
    card = next(c for c in checked.cards if c.name == "F")
    part = card.effects[0].parts[0]
    assert isinstance(part, BoundSentence)
    return part


def test_each_category_is_read_with_its_shape_and_options() -> None:
    checked, d = _check("")
    assert d.render() == ""
    v = checked.vocabulary
    bones = v.category("bones")
    assert bones is not None and (bones.shape, bones.sides, bones.owner) == ("dice", 8, "places")
    assert bones.singular == "bone" and bones.members == ["ivory", "ash"]
    dread = v.category("dread")
    assert dread is not None and dread.shape == "meters" and dread.mass
    knacks = v.category("knack")  # by its singular too
    assert knacks is not None and (knacks.low, knacks.high) == (1, 4)
    assert v.place_kind == "room" and v.titles == {"upper": "the Upper Caves"}
    watches = v.category("watches")
    assert watches is not None and watches.turns == {"first": 2, "second": 2}
    assert [c.name for c in v.of_shape("tags")] == ["room tags"]


def test_a_die_face_is_one_to_the_sides_of_its_dice() -> None:
    set_eight = _sentence("Set any ivory at this room to 8.")
    assert set_eight.alternatives[0].role("to") is not None
    assert _errors('find "F" {\n  needs any\n  Use: Set any ivory at this room to 9.\n}\n') == [
        "3:38: a die face is 1 to 8, not 9"
    ]
    assert _errors('find "F" {\n  needs ash 9, any\n}\n') == ["2:13: a die face is 1 to 8, not 9"]
    assert _errors('find "F" {\n  needs ash, any, any\n}\n') == [
        "2:19: a needs has at most 2 slots"
    ]


def test_the_opposite_face_is_counted_from_the_sides() -> None:
    flip = _sentence("Set any ivory at this room to its opposite face.")
    assert flip.alternatives[0].role("to") == ValueSpec("opposite", 8)


def test_the_generic_noun_of_a_category_is_its_own_name() -> None:
    wick = _sentence("Place a lantern on this card.").alternatives[0].role("object")
    assert isinstance(wick, Selector)
    assert (wick.noun_category, wick.category, wick.noun) == ("piece", "lantern", None)
    bone = _sentence("Set a bone at this room to 2.").alternatives[0].role("object")
    assert isinstance(bone, Selector)
    assert (bone.noun_category, bone.category, bone.noun) == ("die", "bone", None)


def test_a_meter_and_a_place_are_named_in_the_rulesets_words() -> None:
    lose = _sentence("Lose 1 gloom.").alternatives[0].role("object")
    assert isinstance(lose, Selector) and (lose.noun_category, lose.category) == ("meter", "dread")
    here = _sentence("Set any ash at this room to 3.").alternatives[0].role("object")
    assert isinstance(here, Selector) and here.place is not None
    assert here.place.kind == "this place"
    assert _errors('find "F" {\n  needs any\n  Use: Set any ash here to 3.\n}\n') == [
        "3:20: unknown word 'here'; write 'at this room'"
    ]


def test_fields_are_typed_by_the_declared_categories() -> None:
    checked, d = _check(
        'room "Drip Hall" {\n  depth upper\n  tags Damp\n  yields ash, ash\n}\n'
        'delver "Ona" {\n  knacks prying 2, listening 4\n  fears gloom, gloom\n}\n'
    )
    assert d.render() == ""
    hall = next(c for c in checked.cards if c.name == "Drip Hall")
    assert hall.fields == {"depth": "upper", "tags": ["Damp"], "yields": ["ash", "ash"]}
    ona = next(c for c in checked.cards if c.name == "Ona")
    assert ona.fields == {"knacks": {"prying": 2, "listening": 4}, "fears": ["gloom", "gloom"]}
    assert _errors('delver "Bo" {\n  knacks prying 5\n  fears glom\n}\n') == [
        "2:17: a rank must be within 1..4",
        "3:9: unknown dread 'glom'; did you mean 'gloom'?",
    ]


def test_if_it_is_a_period_reads_the_declared_periods() -> None:
    condition = _sentence("If it is second, place a lantern on this card.").condition
    assert condition is not None and condition.kind == "period"
    assert (condition.period, condition.category) == ("second", "watch")


def test_the_toy_game_declares_its_categories_in_the_same_forms() -> None:
    v = check_ruleset(TOY).vocabulary
    assert [(c.name, c.shape) for c in v.categories.values()] == [
        ("resources", "dice"),
        ("skills", "ranks"),
        ("regions", "groups"),
        ("location tags", "tags"),
        ("card tags", "tags"),
        ("stress", "meters"),
        ("tokens", "pieces"),
        ("counters", "meters"),
        ("zones", "zones"),
        ("seasons", "periods"),
        ("card kinds", "kinds"),
        ("locations", "places"),
    ]
    assert v.relations["trade"]["moss"] == ("ember", "frost")
