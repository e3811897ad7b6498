"""One card's text of a trigger, resolved by a sentence ("Resolve its Open text.", "Resolve the
Open text of it."): the card the sentence is about runs that text there and then, the player
acting still acting, "this door" and "this gate" the card and where it lies; "it" is the card
again after. A card without that text resolves nothing; a sentence of its text with nothing to
act on ends the text, not the action. A trigger that is not declared, or that no card of the
kind named has, is a check error where it is written. With it, "in this district": the cards at
the places of the group the card's own place belongs to."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.printer import render_card
from dsl.world.game import WorldGame, new_game

VAULT = """
ruleset "Vault" version "1.0"
players are 1 to 3 seats
nerve is a number 0..6 of players, starting at 5
alarm is a number 0..9 of the game, starting at 4
card kinds are kinds of cards: gate, door, action
gates are places
districts are groups of gates
districts: north, south
tokens are pieces of players, one each: token
actions is a zone, holding actions
kind gate {
  district district
}
kind door {
  jammed flag optional
}
kind action {
}
trigger "Take" activated for action
trigger "Open" on open for door
map "The Vault" {
  "Yard" at 0, 0
  "Cellar" at 1, 0
  "Tower" at 2, 0
}
gate "Yard" {
  district north
}
gate "Cellar" {
  district north
}
gate "Tower" {
  district south
}
door "Oak Door" {
  Open: Lose 1 nerve. Lose 2 alarm. Move this door to a south gate.
}
door "Iron Door" {
}
door "Trap Door" {
  Open: Each player in this district loses 2 nerve.
}
door "Rusted Door" {
  Open: Discard a jammed door. Lose 1 alarm.
}
action "Open" {
  Take: Target a door at this gate.
        Resolve its Open text.
        Discard it.
}
procedure "Game" {
  Turn: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def game(door: str, players: int = 1, text: str = VAULT) -> WorldGame:
    """A game at its first action: ``door`` alone at the Yard, where every token stands."""
    g = new_game(load_text(text), seed=1, players=players)
    g.pending()
    g.ops.move_card(door, at="Yard")
    for player in g.state.players:
        g.ops.move_pawn(player, "Yard")
    return g.clone()


def open_door(g: WorldGame) -> None:
    g.apply("Take: Open")
    g.pending()


def nerve(g: WorldGame, player: str = "p1") -> int:
    return g.ops.value(player, "nerve")


def alarm(g: WorldGame) -> int:
    return g.ops.value("", "alarm")


def test_the_cards_text_happens_with_the_player_acting() -> None:
    g = game("Oak Door")
    open_door(g)
    assert nerve(g) == 5 - 1  # "Lose 1 nerve.": the player who opened it
    assert alarm(g) == 4 - 2


def test_it_is_the_card_again_after_its_text() -> None:
    g = game("Oak Door")
    open_door(g)  # its text moved it to the Tower; "Discard it." still finds it
    assert g.state.cards["Oak Door"]["zone"] == "discard"


def test_a_card_without_the_text_resolves_nothing() -> None:
    g = game("Iron Door")
    open_door(g)
    assert (nerve(g), alarm(g)) == (5, 4)
    assert g.state.cards["Iron Door"]["zone"] == "discard"


def test_this_district_is_the_group_of_the_place_the_card_lies_on() -> None:
    g = game("Trap Door", players=3)
    g.ops.move_pawn("p2", "Cellar")  # north, as the Yard
    g.ops.move_pawn("p3", "Tower")  # south
    g = g.clone()
    open_door(g)
    assert [nerve(g, p) for p in ("p1", "p2", "p3")] == [3, 3, 5]


def test_a_sentence_with_nothing_to_act_on_ends_the_text_not_the_action() -> None:
    g = game("Rusted Door")
    open_door(g)  # no jammed door: the text stops there, the door is still discarded
    assert alarm(g) == 4
    assert g.state.cards["Rusted Door"]["zone"] == "discard"


def test_the_text_of_a_thing_named_by_a_phrase() -> None:
    text = VAULT.replace("Resolve its Open text.", "Resolve the Open text of it.")
    g = game("Oak Door", text=text)
    open_door(g)
    assert alarm(g) == 4 - 2


@pytest.mark.parametrize(
    ("sentence", "told", "column"),
    [
        ("Resolve its Opn text.", "unknown trigger 'Opn'; did you mean 'Open'?", 21),
        (
            "Resolve the Take text of a door at this gate.",
            "no door has a 'Take' text: the trigger is for action (a door has 'Open')",
            21,
        ),
        ("Resolve its Open.", "write 'Resolve its <trigger> text.'", 9),
    ],
)
def test_a_trigger_the_card_cannot_have_is_told_where_it_is_written(
    sentence: str, told: str, column: int
) -> None:
    text = VAULT.replace("Resolve its Open text.", sentence)
    errors = check_sources([Source("vault.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == [(49, column)]


def test_the_sentences_check() -> None:
    assert not check_sources([Source("vault.rules", VAULT)]).diagnostics.errors


def test_the_sentence_is_printed_in_its_canonical_words_which_check_again() -> None:
    card = load_text(VAULT).card("Open", "action")
    assert "Resolve the Open text of it." in render_card(card)
    text = VAULT.replace("Resolve its Open text.", "Resolve the Open text of it.")
    assert not check_sources([Source("vault.rules", text)]).diagnostics.errors
