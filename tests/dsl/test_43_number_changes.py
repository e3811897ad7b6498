"""What a card lying in play changes in other cards' numbers ("The climb cost of this room is
1 more.", "Imps in this wing have 1 more bite among their harms."): every read of the field of a
card the phrase finds, the phrase read from the changing card, while that card is in play. Two
such cards add up, an outright number goes first; a card gone, or never in play, changes
nothing; a cost an action pays reads the changed number and is refused when it cannot be paid.
A field no kind has, a number written as a list or a list as a number, a member the list cannot
hold, an 'if', and words that cannot be read are check errors where written
(``dsl/world/number_changes.py``)."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.printer import render_card
from dsl.world.game import WorldGame, new_game

KEEP = """
ruleset "Keep" version "1.0"
players are 1 to 2 seats
nerve is a number 0..9 of players, starting at 6
card kinds are kinds of cards: room, ward, imp, action
harm is a meter of players: bite, burn
rooms are places
wings are groups of rooms
wings: east, west
tokens are pieces of players, one each: token
actions is a zone, holding actions
kind room {
  wing wing
  climb cost int 0..9 optional
}
kind ward {
}
kind imp {
  harms harm list
}
kind action {
}
trigger "Take" activated for action
map "The Keep" {
  "Hall" at 0, 0
  "Stair" at 1, 0
  "Tower" at 2, 0
}
room "Hall" {
  wing east
  climb cost 2
}
room "Stair" {
  wing east
  climb cost 1
}
room "Tower" {
  wing west
}
ward "Thorns" {
  The climb cost of this room is 1 more.
}
ward "Brambles" {
  The climb cost of this room is 2 more.
}
ward "Ladder" {
  The climb cost of this room is 0.
}
imp "Biter" {
  harms bite
}
imp "Burner" {
  harms burn, burn
}
ward "Goad" {
  Imps in this wing have 1 more bite among their harms.
}
action "Climb" {
  Take: Lose nerve equal to the climb cost of this room to move to room "Tower".
}
action "Count" {
  Take: Lose nerve equal to the number of bite among the harms of an imp at this room.
}
procedure "Game" {
  Turn: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def game(*cards: tuple[str, str], nerve: int = 6) -> WorldGame:
    """A game at its first action: each card at its room, the token in the Hall."""
    g = new_game(load_text(KEEP), seed=1, players=1)
    g.pending()
    for card, room in cards:
        g.ops.move_card(card, at=room)
    g.ops.move_pawn("p1", "Hall")
    g.state.values["p1"]["nerve"] = nerve
    return g.clone()


def climb(g: WorldGame) -> tuple[str | None, int]:
    """Climb from the Hall: where the token ends and the nerve left."""
    g.pending()
    g.apply("Take: Climb")
    g.pending()
    return g.ops.pawn_at("p1"), g.ops.value("p1", "nerve")


def test_the_printed_cost_without_a_change() -> None:
    assert climb(game()) == ("Tower", 6 - 2)


def test_a_card_at_the_place_makes_its_cost_one_more() -> None:
    assert climb(game(("Thorns", "Hall"))) == ("Tower", 6 - 3)


def test_two_such_cards_add_up() -> None:
    assert climb(game(("Thorns", "Hall"), ("Brambles", "Hall"))) == ("Tower", 6 - 5)


def test_an_outright_number_goes_first_then_the_more() -> None:
    assert climb(game(("Thorns", "Hall"), ("Ladder", "Hall"))) == ("Tower", 6 - 1)


def test_a_card_at_another_place_changes_nothing_here() -> None:
    assert climb(game(("Thorns", "Stair"))) == ("Tower", 6 - 2)


def test_the_card_leaving_ends_the_change() -> None:
    g = game(("Thorns", "Hall"))
    g.ops.move_card("Thorns", zone="ward deck")
    assert climb(g.clone()) == ("Tower", 6 - 2)


def test_a_card_never_in_play_changes_nothing() -> None:
    g = game()
    assert g.state.cards["Thorns"]["at"] is None
    assert climb(g) == ("Tower", 6 - 2)


def test_a_cost_that_cannot_be_paid_after_the_change_is_refused() -> None:
    assert climb(game(nerve=2)) == ("Tower", 0)  # 2 pays the printed 2
    assert climb(game(("Thorns", "Hall"), nerve=2)) == ("Hall", 2)  # not 3: nothing moves


def test_a_list_gains_members_for_the_cards_the_phrase_finds() -> None:
    g = game(("Biter", "Hall"), ("Burner", "Tower"), ("Goad", "Stair"))
    assert g.host.listed(g.context(), "Biter", "harms") == ["bite", "bite"]  # east, as the Stair
    assert g.host.listed(g.context(), "Burner", "harms") == ["burn", "burn"]  # west: unchanged
    g.pending()
    g.apply("Take: Count")
    g.pending()
    assert g.ops.value("p1", "nerve") == 6 - 2


def test_a_field_the_card_does_not_print_stays_unprinted() -> None:
    g = game(("Thorns", "Tower"))  # the Tower prints no climb cost: nothing to pay, no move
    g.ops.move_pawn("p1", "Tower")
    g = g.clone()
    assert climb(g) == ("Tower", 6)


def test_the_keep_checks() -> None:
    assert not check_sources([Source("keep.rules", KEEP)]).diagnostics.errors


@pytest.mark.parametrize(
    ("sentence", "told", "column"),
    [
        ("The reach of this room is 1 more.", "no card kind has a field 'reach' to change", 3),
        ("The harms of this room is 1 more.", "'harms' is no number", 3),
        ("Imps have 1 more east among their wing.", "'wing' is no list", 3),
        ("Imps have 1 more sting among their harms.", "'sting' is no member of the harms", 3),
        ("The climb cost of this room is many more.", "say how much as a number, not 'many'", 34),
        ("Imps have 1 more bite among harms.", "say whose list it adds to", 25),
        ("The climb cost of this spire is 1 more.", "unknown word 'spire'", 26),
        ("Imps have 1 more bite for their harms.", None, 0),
    ],
)
def test_a_change_that_cannot_be_read_is_told_where_it_is_written(
    sentence: str, told: str | None, column: int
) -> None:
    text = KEEP.replace("The climb cost of this room is 1 more.", sentence)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if sentence in t)
    errors = check_sources([Source("keep.rules", text)]).diagnostics.errors
    if told is None:  # not this form: the sentence is left to the other standing forms
        assert errors
        return
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == [(line, column)]


def test_a_change_holds_unconditionally() -> None:
    text = KEEP.replace(
        "The climb cost of this room is 1 more.", "If it is east, the climb cost of this room is 1."
    )
    errors = check_sources([Source("keep.rules", text)]).diagnostics.errors
    assert errors


def test_the_sentence_prints_on_the_card_where_it_is_written() -> None:
    text = KEEP.replace(
        "  The climb cost of this room is 1 more.\n",
        "  The climb cost of this room is 1 more.\n  Take: Gain 1 nerve.\n",
    ).replace('trigger "Take" activated for action', 'trigger "Take" activated for action, ward')
    assert render_card(load_text(KEEP).card("Thorns", "ward")).splitlines()[-1] == (
        "The climb cost of this room is 1 more."
    )
    assert render_card(load_text(text).card("Thorns", "ward")).splitlines()[-2:] == [
        "The climb cost of this room is 1 more.",
        "Take: Gain 1 nerve.",
    ]
