"""Dice the player chooses, where the text says so: "Keep up to 2 charms of your choice." (none to
two, the rest go out), "Keep 2 charms of your choice." (exactly two), "Lay charms of your choice
on it." (any of those the card still lacks, none included), "Lay the spare charms of this gate of
your choice on it." (a place's dice). One question a choice, each set of faces offered once,
fewest and lowest first; a choice with one answer is not asked. Mistakes are told where
written."""

from __future__ import annotations

import pytest
from test_39_dice_moves import lay, shown

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.pools import dice_options

VAULT = """
ruleset "Vault" version "1.0"
players are 1 to 2 seats
charms is a pool 0..6 of players, each a d6, starting at 4
spare charms is a pool 0..6 of gates, each a d6
seals is a pool 0..4 of doors, each a d6, matching its lock
nerve is a number 0..6 of players, starting at 5
gates are places
tokens are pieces of players, one each: token
card kinds are kinds of cards: gate, door, action
actions is a zone, holding actions
kind gate {
}
kind door {
  lock int list 1..6
}
kind action {
}
trigger "Take" activated for action
map "Keep" {
  "Yard" at 0, 0
  "Cellar" at 1, 0
}
gate "Yard" {
}
gate "Cellar" {
}
door "Oak Door" {
  lock 2, 2, 5
}
action "Pick" {
  Take: Target a door at this gate.
        Lay charms of your choice on it.
        Lay the spare charms of this gate of your choice on it.
        If its unmatched lock is 0, discard it.
}
procedure "Game" {
  Turn: players act in any order until all pass
  Keep: for each player in turn order, keep up to 2 charms of your choice.
  teardown: do end the game
}
"""


def table(
    charms: list[int], yard: tuple[int, ...] = (), text: str = VAULT, players: int = 1
) -> WorldGame:
    g: WorldGame = new_game(load_text(text), seed=1, players=players)
    g.pending()
    for player in g.state.players:
        g.ops.move_pawn(player, "Yard")
        lay(g, player, "charms", charms)
    g.ops.move_card("Oak Door", at="Yard")
    lay(g, "Yard", "spare charms", list(yard))
    return g.clone()


def asked(g: WorldGame) -> tuple[str, tuple[object, ...]]:
    decision = g.pending()
    assert decision is not None
    return str(decision.prompt), tuple(decision.options)


def test_the_form_checks() -> None:
    assert not check_sources([Source("vault.rules", VAULT)]).diagnostics.errors


def test_each_set_of_faces_is_offered_once_fewest_and_lowest_first() -> None:
    assert dice_options([5, 2, 2], range(4)) == [(), (2,), (5,), (2, 2), (5, 2), (5, 2, 2)]
    assert dice_options([6, 6, 6], (2,)) == [(6, 6)]


def test_the_player_lays_the_dice_they_choose_of_those_the_card_lacks() -> None:
    g = table([2, 2, 5, 6])
    g.apply("Take: Pick")
    prompt, options = asked(g)
    assert prompt == "Which charms to lay on Oak Door?"
    assert options == ("none", "2", "5", "2, 2", "5, 2", "5, 2, 2")  # the 6 is no face of it
    g.apply("5, 2")
    assert shown(g, "Oak Door", "seals") == [2, 5]
    assert shown(g, "p1", "charms") == [2, 6]  # the other 2 kept, as chosen


def test_laying_none_lays_nothing_and_a_card_lacking_nothing_held_asks_nothing() -> None:
    g = table([2, 6])
    g.apply("Take: Pick")
    g.apply("none")
    assert shown(g, "Oak Door", "seals") == []
    h = table([1, 6])  # no die of the lock: no question, the action phase goes on
    h.apply("Take: Pick")
    assert asked(h)[1] == ("Take: Pick", "pass")


def test_a_places_dice_are_chosen_after_the_players() -> None:
    g = table([5], yard=(2, 2, 2, 6))
    g.apply("Take: Pick")
    g.apply("5")  # the player's 5; then the gate's three 2s are one face: none, one or two
    prompt, options = asked(g)
    assert prompt == "Which spare charms to lay on Oak Door?"
    assert options == ("none", "2", "2, 2")
    g.apply("2, 2")
    assert g.state.cards["Oak Door"]["zone"] == "discard"
    assert shown(g, "Yard", "spare charms") == [2, 6]


def test_up_to_two_kept_the_rest_go_out() -> None:
    g = table([6, 6, 3, 1])
    g.apply("pass")
    prompt, options = asked(g)
    assert prompt == "Which charms to keep (up to 2)?"
    assert options == ("none", "1", "3", "6", "3, 1", "6, 1", "6, 3", "6, 6")
    g.apply("6, 1")
    assert shown(g, "p1", "charms") == [1, 6]


def test_a_choice_with_one_answer_is_not_asked() -> None:
    text = VAULT.replace("keep up to 2 charms", "keep 2 charms")
    g = table([4, 4, 4], text=text)  # two 4s of three 4s: one answer
    g.apply("pass")
    assert g.pending() is None
    assert shown(g, "p1", "charms") == [4, 4]
    h = table([1, 6], text=text)  # two held: nothing to let go
    h.apply("pass")
    assert shown(h, "p1", "charms") == [1, 6]


def test_exactly_two_offers_pairs_only() -> None:
    text = VAULT.replace("keep up to 2 charms", "keep 2 charms")
    g = table([5, 3, 3], text=text)
    g.apply("pass")
    assert asked(g)[1] == ("3, 3", "5, 3")


def test_each_player_chooses_their_own() -> None:
    g = table([6, 2, 1], players=2)
    g.apply("pass")
    g.apply("pass")
    first = g.pending()
    assert first is not None and first.who == "p1"
    g.apply("2")
    second = g.pending()
    assert second is not None and second.who == "p2"
    g.apply("6, 2")
    assert shown(g, "p1", "charms") == [2]
    assert shown(g, "p2", "charms") == [2, 6]


@pytest.mark.parametrize(
    ("written", "told", "at"),
    [
        ("keep up to 2 charms.", "who chooses the dice kept?", "keep"),
        ("keep up to many charms of your choice.", "how many dice?", "many"),
        ("keep up to 2 nerve of your choice.", "'nerve' names no pool of dice", "nerve"),
        ("keep up to 2 of your choice.", "dice of which pool?", "2"),
    ],
)
def test_a_keep_mistake_is_told_where_written(written: str, told: str, at: str) -> None:
    text = VAULT.replace("keep up to 2 charms of your choice.", written)
    errors = check_sources([Source("vault.rules", text)]).diagnostics.errors
    before = text[: text.index(written)]
    line = before.count("\n") + 1
    column = len(before) - before.rindex("\n") + f" {written}".index(f" {at} ")
    assert [(e.span.line, e.span.column, told in e.message) for e in errors] == [
        (line, column, True)
    ], errors


def test_only_dice_are_chosen_to_lay() -> None:
    written = "Lay nerve of your choice on it."
    text = VAULT.replace("Lay charms of your choice on it.", written)
    errors = check_sources([Source("vault.rules", text)]).diagnostics.errors
    line = text[: text.index(written)].count("\n") + 1
    assert [(e.span.line, "no pool of dice" in e.message) for e in errors] == [(line, True)], errors
