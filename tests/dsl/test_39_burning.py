"""Burning (``dsl/world/burning.py``), tried on *Beacons*, a made-up game of keepers: "Burn 2
random relics with age of 1 from the relic deck." takes two of the age-1 relics out of the
campaign; a card named is burnt wherever it lies, one on the map leaves it; a burnt card never
comes back, not with its discard pile when the deck runs out, not through a saved game; a deck
with nothing left to burn has nothing to act on: the text ends there, the next step goes on."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.runtime import EffectError
from dsl.world.burning import BURNT, burnt
from dsl.world.game import WorldGame, new_game

BEACONS = """
ruleset "Beacons" version "1.0"
players are 1 to 2 seats
year is a number 1..9 of the game, starting at 1
light is a number 0..30 of the game
card kinds are kinds of cards: tower, relic, action
towers are places
tokens are pieces of players, one each: token
deck is a zone, face down
discard is a zone
actions is a zone, holding actions
kind tower {
  height int 1..3
}
kind relic {
  age int 1..3
}
kind action {
}
trigger "Take" activated for action
map "The Coast" {
  "Cape" at 0, 0
  "Cove" at 1, 0
}
tower "Cape" {
  height 1
}
tower "Cove" {
  height 2
}
relic "Lamp" {
  age 1
}
relic "Horn" {
  age 1
}
relic "Flint" {
  age 1
}
relic "Bell" {
  age 2
}
action "Shine" {
  Take: Gain 5 light.
}
action "Give Up the Bell" {
  Take: Burn relic "Bell". Gain 1 light.
}
procedure "Night" {
  Watch: players act in any order until all pass
  Dawn: Burn 2 random relics with age of 1 from the relic deck. Gain 10 light.
  Year: Gain 1 year.
  teardown: do end the game
}
"""


def night(
    text: str = BEACONS, answers: tuple[str, ...] = (), deck: list[str] | None = None
) -> WorldGame:
    """A night of Beacons, one keeper giving ``answers`` then passing; ``deck``: the relic deck
    as it lies when the night starts."""
    game = new_game(load_text(text), seed=3, players=1)
    game.pending()
    if deck is not None:
        game.state.zones["relic deck"] = list(deck)
    for answer in answers:
        game.apply(answer)
    while game.pending() is not None:
        game.apply("pass")
    return game


def test_the_text_checks() -> None:
    errors = check_sources([Source("beacons.rules", BEACONS)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_random_cards_of_a_field_burnt_from_a_deck() -> None:
    game = night()
    gone = burnt(game.state)
    assert len(gone) == 2 and set(gone) <= {"Lamp", "Horn", "Flint"}
    assert "Bell" in game.state.zones["relic deck"]  # age 2: not among them
    assert not set(gone) & set(game.state.zones["relic deck"])
    assert all(game.state.cards[c]["zone"] == BURNT for c in gone)
    assert game.ops.value("", "light") == 10  # the text went on after the burning


def test_fewer_left_than_asked_burns_what_there_is_and_none_left_ends_the_sentence() -> None:
    assert burnt(night(deck=["Lamp", "Bell"]).state) == ["Lamp"]
    game = night(deck=["Bell"])
    assert burnt(game.state) == []
    assert game.ops.value("", "light") == 0  # the text ended at the burning, as any verb's
    assert game.ops.value("", "year") == 2  # the next step still happens


def test_a_card_named_is_burnt_wherever_it_lies_and_leaves_the_map() -> None:
    game = new_game(load_text(BEACONS), seed=3, players=1)
    game.pending()
    game.ops.move_card("Bell", at="Cove")
    game.apply("Take: Give Up the Bell")
    assert game.state.cards["Bell"]["at"] is None and burnt(game.state) == ["Bell"]
    assert game.ops.value("", "light") == 1


def test_a_burnt_card_never_comes_back_with_its_discard_pile() -> None:
    game = night(deck=["Lamp", "Horn", "Bell"])
    assert sorted(burnt(game.state)) == ["Horn", "Lamp"]
    for card in list(game.state.zones["relic deck"]):
        game.ops.move_card(card, zone="relic discard")
    game.state.zones["relic deck"] = []
    game.refill("relic deck")  # an empty deck takes its discard pile back
    assert game.state.zones["relic deck"] == ["Bell"]
    assert sorted(burnt(game.state)) == ["Horn", "Lamp"]


def test_burnt_cards_stay_burnt_in_a_saved_game() -> None:
    game = night()
    saved = WorldGame.from_json(game.ruleset, game.to_json())
    assert burnt(saved.state) == burnt(game.state) and len(burnt(saved.state)) == 2


def test_burning_what_is_no_card_is_refused_where_it_is_written() -> None:
    text = BEACONS.replace('Burn relic "Bell".', "Burn 2 light.")
    (error,) = check_sources([Source("beacons.rules", text)]).diagnostics.errors
    assert "verb 'burn' acts on card" in error.message and "not a light" in error.message
    line = "  Take: Burn 2 light. Gain 1 light."
    at = (text.splitlines().index(line) + 1, line.index("2 light") + 1)
    assert (error.span.line, error.span.column) == at  # the phrase that is no card


def test_a_place_of_the_map_is_not_burnt_silently() -> None:
    text = BEACONS.replace('Burn relic "Bell".', 'Burn tower "Cape".')
    game = new_game(load_text(text), seed=3, players=1)
    game.pending()
    with pytest.raises(EffectError, match="Cape is a place of the map"):
        game.apply("Take: Give Up the Bell")
