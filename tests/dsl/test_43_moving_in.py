"""A card's text that runs when a player's pawn moves into the place it lies at (``trigger
"Sprung" on moving in for trap, room``): the mover's player acts, the card is "this trap" and its
place "this room"; the cards lying there when the mover arrives are told, in the order they lie,
the place's own card too; several moved by one sentence are told one by one; a move that ends
where it began is none; a card gone before the move is not told. A world where nothing moves,
and an event that reads like this one but is not, are check errors where the trigger is
declared (``dsl/world/moving_in.py``)."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

CRAWL = """
ruleset "Crawl" version "1.0"
players are 1 to 3 seats
nerve is a number 0..9 of players, starting at 6
alarm is a number 0..9 of the game, starting at 0
card kinds are kinds of cards: room, trap, delver, action
skills are ranks 0..6 of delvers: lore, stealth
rooms are places
tokens are pieces of players, one each: token
delvers are played by players, one each
actions is a zone, holding actions
kind room {
}
kind trap {
}
kind delver {
  skills skill ranks 0..6
}
kind action {
}
trigger "Take" activated for action
trigger "Sprung" on moving in for trap, room
map "The Crawl" {
  "Hall" at 0, 0
  "Pit" at 1, 0
  "Vault" at 2, 0
}
room "Hall" {
}
room "Pit" {
  Sprung: Gain 1 alarm.
}
room "Vault" {
}
trap "Snare" {
  Sprung: Lose 2 nerve.
}
trap "Bell" {
  Sprung: Gain 1 alarm. Move this trap to room "Hall".
}
trap "Glyph" {
  Sprung: If your lore is less than 4, gain 1 alarm.
}
delver "Sage" {
  skills lore 5, stealth 0
}
delver "Rogue" {
  skills lore 1, stealth 4
}
action "Walk to the Vault" {
  Take: Move to room "Vault".
}
action "Walk to the Pit" {
  Take: Move to room "Pit".
}
action "Stay" {
  Take: Move to this room.
}
action "Herd" {
  Take: Move each player to room "Vault".
}
procedure "Game" {
  Turn: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def game(*traps: str, players: int = 1, text: str = CRAWL) -> WorldGame:
    """A game at its first action: the traps at the Vault, every token in the Hall."""
    g = new_game(load_text(text), seed=1, players=players)
    g.pending()
    for trap in traps:
        g.ops.move_card(trap, at="Vault")
    for player in g.state.players:
        g.ops.move_pawn(player, "Hall")
    return g.clone()


def take(g: WorldGame, action: str) -> None:
    g.apply(f"Take: {action}")
    g.pending()


def nerve(g: WorldGame) -> list[int]:
    return [g.ops.value(p, "nerve") for p in g.state.players]


def alarm(g: WorldGame) -> int:
    return g.ops.value("", "alarm")


def test_the_mover_acts_when_moving_into_the_cards_place() -> None:
    g = game("Snare", players=2)
    take(g, "Walk to the Vault")
    assert nerve(g) == [6 - 2, 6]  # p1 walked in: theirs, not p2's


def test_two_moving_in_one_step_are_each_told_as_they_arrive() -> None:
    g = game("Snare", players=3)
    take(g, "Herd")  # p1 moves all three: each loses their own nerve
    assert nerve(g) == [4, 4, 4]
    assert {g.ops.pawn_at(p) for p in g.state.players} == {"Vault"}


def test_a_card_gone_before_the_move_is_not_told() -> None:
    g = game("Snare", players=2)
    g.ops.move_card("Snare", at="Pit")
    g = g.clone()
    take(g, "Walk to the Vault")
    assert nerve(g) == [6, 6]


def test_a_card_its_own_text_moves_away_is_not_told_of_the_next_arrival() -> None:
    g = game("Bell", players=3)
    take(g, "Herd")  # the Bell rings for p1, then lies in the Hall: p2 and p3 meet nothing
    assert alarm(g) == 1
    assert g.state.cards["Bell"]["at"] == "Hall"


def test_a_move_that_ends_where_it_began_is_no_move_into() -> None:
    g = game("Snare")
    g.ops.move_pawn("p1", "Vault")
    g = g.clone()
    take(g, "Stay")
    assert nerve(g) == [6]


def test_two_such_cards_at_the_place_both_run_in_the_order_they_lie() -> None:
    g = game("Snare", "Bell")
    take(g, "Walk to the Vault")
    assert (nerve(g), alarm(g)) == ([4], 1)
    assert g.state.cards["Bell"]["at"] == "Hall"


def test_the_places_own_card_is_told() -> None:
    g = game()
    take(g, "Walk to the Pit")
    assert alarm(g) == 1


def test_nothing_at_the_place_nothing_happens() -> None:
    g = game()
    take(g, "Walk to the Vault")
    assert (nerve(g), alarm(g)) == ([6], 0)


def test_your_rank_is_the_rank_of_the_card_the_mover_plays_as() -> None:
    g = game("Glyph", players=2)
    take(g, "Herd")  # the rogue's lore 1 rings it, the sage's 5 does not
    assert alarm(g) == 1
    g = game("Glyph", players=2)
    g.state.values.setdefault("Rogue", {})["learned lore"] = 3  # learned: lore 4
    g = g.clone()
    take(g, "Herd")
    assert alarm(g) == 0


def test_the_crawl_checks() -> None:
    assert not check_sources([Source("crawl.rules", CRAWL)]).diagnostics.errors


@pytest.mark.parametrize(
    ("old", "new", "told"),
    [
        (
            "tokens are pieces of players, one each: token\ndelvers are played by players, one "
            "each\n",
            "",
            "'Sprung' runs when a player's pawn or card moves into a place, and nothing moves here",
        ),
        (
            "on moving in for",
            "on moving into for",
            "the engine tells 'moving in' (a move into the card's place), not 'moving into'",
        ),
    ],
)
def test_a_trigger_that_could_never_run_is_told_where_it_is_declared(
    old: str, new: str, told: str
) -> None:
    text = CRAWL.replace(old, new)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith('trigger "Sprung"'))
    errors = check_sources([Source("crawl.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == [(line, 1)]
