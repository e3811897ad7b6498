"""Dice laid on a card to match the faces it prints ("seals is a pool 0..4 of doors, each a d6,
matching its lock"): a player targets a card, lays the dice of their pool its pattern lacks,
rerolls their pool, reads what is still unmatched and which faces their dice miss, learns a rank
from it; two conditions joined by "and" must both hold."""

from __future__ import annotations

import pytest

from dsl.diagnostics import CheckFailed
from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.matching import rank
from dsl.world.pools import faces

VAULT = """
ruleset "Vault" version "1.0"
players are 1 to 2 seats
charms is a pool 0..6 of players, each a d6, starting at 4
seals is a pool 0..4 of doors, each a d6, matching its lock
gates are places
knacks are ranks 0..2 of rogues: picking, prying
rogues are played by players, one each
nerve is a number 0..6 of rogues, starting at 5
tokens are pieces of players, one each: token
card kinds are kinds of cards: gate, door, rogue, action
actions is a zone, holding actions
kind gate {
}
kind door {
  knack knack
  toughness int 0..3
  lock int list 1..6
  hurts int 0..3
}
kind rogue {
  knacks knack ranks 0..2
}
kind action {
}
trigger "Take" activated for action
gate "Yard" {
}
door "Oak Door" {
  knack picking · toughness 1
  lock 2, 2, 5
  hurts 2
}
rogue "Wren" {
  knacks picking 1, prying 0
}
action "Pick" {
  Take: Target a door at this gate.
        If your rank in its knack is at least its toughness, lay charms on it.
        If its unmatched lock is more than 0, reroll charms.
        If the faces of its lock missing from your charms is more than 0, lose nerve equal to
        its hurts.
        Lay charms on it.
        If its unmatched lock is 0 and your rank in its knack is less than its toughness,
        learn from it.
        If its unmatched lock is 0, discard it.
}
procedure "Game" {
  setup: Put each door into play at a random gate.
  Turn: for each player in turn order, do take an action
  Again: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def game(dice: list[int], text: str = VAULT) -> WorldGame:
    g = new_game(load_text(text), seed=1, players=1, dice=dice)
    g.pending()
    return g


def held(g: WorldGame) -> list[int]:
    decl = g.world.property("charms")
    assert decl is not None
    return faces(g, "p1", decl)


def laid(g: WorldGame) -> list[int]:
    decl = g.world.property("seals")
    assert decl is not None
    return faces(g, "Oak Door", decl)


def nerve(g: WorldGame) -> int:
    return g.ops.value("p1", "nerve")


def test_an_easy_card_takes_the_dice_it_lacks_then_the_rest_are_rerolled() -> None:
    g = game([2, 5, 1, 1, 6, 6])  # Wren picks 1, the door's toughness 1: easy
    g.apply("Take: Pick")
    assert laid(g) == [2, 5]  # one 2 and the 5: the other 1s are no face of the lock
    assert held(g) == [6, 6]  # the two 1s rerolled: no 2 among them, the defence fails
    assert nerve(g) == 5 - 2
    assert g.state.cards["Oak Door"]["at"] == "Yard"  # still lacks a 2: it stays, dice on it


def test_dice_laid_stay_and_the_next_action_adds_to_them() -> None:
    g = game([2, 5, 1, 1, 6, 6, 2, 3])
    g.apply("Take: Pick")
    g.apply("Take: Pick")  # approach: nothing to lay; reroll 6, 6 -> 2, 3; the 2 is laid
    assert g.state.cards["Oak Door"]["zone"] == "discard"
    assert held(g) == [3]
    assert nerve(g) == 5 - 2 - 2  # 2 and 3 show no 5: the second defence fails too


def test_a_card_matched_by_the_approach_is_not_defended() -> None:
    g = game([2, 2, 5, 1])
    g.apply("Take: Pick")
    assert g.state.cards["Oak Door"]["zone"] == "discard"
    assert held(g) == [1]  # not rerolled: the defence was skipped
    assert nerve(g) == 5


def test_a_defence_holds_when_every_face_of_the_pattern_shows() -> None:
    g = game([1, 1, 1, 1, 2, 5, 4, 4])  # nothing laid at first; the reroll shows 2 and 5
    g.apply("Take: Pick")
    assert nerve(g) == 5
    assert laid(g) == [2, 5]
    assert held(g) == [4, 4]


def test_a_difficult_card_gets_no_approach_and_teaches_a_rank() -> None:
    text = VAULT.replace("toughness 1", "toughness 2")
    g = game([2, 2, 5, 1, 2, 2, 5, 6], text)  # Wren's picking 1 < 2: the 2, 2, 5 wait
    g.apply("Take: Pick")
    assert g.state.cards["Oak Door"]["zone"] == "discard"  # all laid after the reroll
    assert nerve(g) == 5
    assert rank(g, "p1", "picking") == 2  # learned: 1 + 1


def test_a_rank_is_learned_up_to_the_ranks_most() -> None:
    text = VAULT.replace("toughness 1", "toughness 3").replace("picking 1", "picking 2")
    g = game([1, 1, 1, 1, 2, 2, 5, 6], text)
    g.apply("Take: Pick")
    assert rank(g, "p1", "picking") == 2  # 0..2: no third


def test_a_card_out_of_play_keeps_no_dice() -> None:
    g = game([2, 5, 1, 1, 6, 6])
    g.apply("Take: Pick")
    g.ops.move_card("Oak Door", zone="discard")
    assert laid(g) == []


def test_with_nothing_to_target_the_action_is_not_offered() -> None:
    g = game([2, 2, 5, 1])
    g.apply("Take: Pick")  # the door is overcome: the next turn has nothing to pick
    decision = g.pending()
    assert decision is not None and decision.options == ("pass",)


def test_a_pool_laid_on_cards_must_be_of_a_kind_of_card() -> None:
    text = VAULT.replace("seals is a pool 0..4 of doors", "seals is a pool 0..4 of players")
    with pytest.raises(CheckFailed, match="only a pool of a kind of card is laid on it"):
        load_text(text)


def test_the_phrases_check_and_a_wrong_pool_is_told() -> None:
    checked = check_sources([Source("vault.rules", VAULT)])
    assert not checked.diagnostics.errors
    wrong = VAULT.replace("missing from your charms", "missing from your coins")
    assert check_sources([Source("vault.rules", wrong)]).diagnostics.errors


@pytest.mark.parametrize(
    ("field", "told"),
    [
        ("lok", "seals matches its lok, which is no field of a door; did you mean"),
        ("hurts", "seals matches its hurts, which is no list of numbers"),
    ],
)
def test_the_pattern_a_pool_matches_is_a_list_of_numbers_of_the_kind(field: str, told: str) -> None:
    text = VAULT.replace("matching its lock", f"matching its {field}")
    errors = check_sources([Source("vault.rules", text)]).diagnostics.errors
    assert [e.message for e in errors if told in e.message]


def test_the_unmatched_pattern_of_a_thing_reads_as_its_unmatched_pattern() -> None:
    text = VAULT.replace(
        "If its unmatched lock is 0, discard it.", "If the unmatched lock of it is 0, discard it."
    )
    g = game([2, 2, 5, 1], text)
    g.apply("Take: Pick")
    assert g.state.cards["Oak Door"]["zone"] == "discard"


def test_the_and_of_the_higher_of_two_numbers_is_no_second_condition() -> None:
    text = VAULT.replace(
        "If its unmatched lock is 0, discard it.",
        "If the higher of its unmatched lock and 1 is 1, discard it.",
    )
    g = game([2, 5, 1, 1, 6, 6], text)  # one 2 still lacking: the higher of 1 and 1 is 1
    g.apply("Take: Pick")
    assert g.state.cards["Oak Door"]["zone"] == "discard"


def test_both_conditions_must_hold() -> None:
    g = game([2, 2, 5, 1])  # matched (the first holds) by an easy pick (the second does not)
    g.apply("Take: Pick")
    assert g.state.cards["Oak Door"]["zone"] == "discard"
    assert rank(g, "p1", "picking") == 1  # no rank learned
