"""Dice laid on a card from the pool of a thing rather than the actor's own: "Lay the spare
charms of this gate on it." takes, from the dice the gate holds, every die whose face the card's
pattern still lacks; the dice of another gate stay. The form is checked where written."""

from __future__ import annotations

import pytest
from test_39_dice_moves import lay, shown

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

VAULT = """
ruleset "Vault" version "1.0"
players are 1 to 2 seats
charms is a pool 0..6 of players, each a d6, starting at 4
spare charms is a pool 0..6 of gates, each a d6
seals is a pool 0..4 of doors, each a d6, matching its lock
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
        Lay charms on it.
        Lay the spare charms of this gate on it.
        If its unmatched lock is 0, discard it.
}
procedure "Game" {
  Turn: players act in any order until all pass
  teardown: do end the game
}
"""


def keep(charms: list[int], yard: list[int], cellar: list[int]) -> WorldGame:
    g: WorldGame = new_game(load_text(VAULT), seed=1, players=1)
    g.pending()
    g.ops.move_pawn("p1", "Yard")
    g.ops.move_card("Oak Door", at="Yard")
    lay(g, "p1", "charms", charms)
    lay(g, "Yard", "spare charms", yard)
    lay(g, "Cellar", "spare charms", cellar)
    g = g.clone()
    g.apply("Take: Pick")
    g.pending()
    return g


def test_the_form_checks() -> None:
    assert not check_sources([Source("vault.rules", VAULT)]).diagnostics.errors


def test_the_gates_dice_fill_what_the_players_leave() -> None:
    g = keep([2, 6], [2, 5, 5, 1], [])
    assert g.state.cards["Oak Door"]["zone"] == "discard"  # 2 from the player, 2 and 5 the gate's
    assert shown(g, "p1", "charms") == [6]
    assert shown(g, "Yard", "spare charms") == [1, 5]


def test_the_dice_of_another_place_stay() -> None:
    g = keep([1], [], [2, 2, 5])
    assert g.state.cards["Oak Door"]["at"] == "Yard"
    assert shown(g, "Oak Door", "seals") == []
    assert shown(g, "Cellar", "spare charms") == [2, 2, 5]


def test_only_the_faces_still_missing_are_taken() -> None:
    g = keep([], [2, 6, 6], [])
    assert shown(g, "Oak Door", "seals") == [2]
    assert shown(g, "Yard", "spare charms") == [6, 6]


@pytest.mark.parametrize(
    ("replaced", "told"),
    [
        ("Lay the spare charms of on it.", "write 'Lay the <pool> of <thing> on <card>.'"),
        ("Lay the spare charms of this gate.", "write 'Lay the <pool> of <thing> on <card>.'"),
    ],
)
def test_a_mistake_is_told_where_written(replaced: str, told: str) -> None:
    text = VAULT.replace("Lay the spare charms of this gate on it.", replaced)
    errors = check_sources([Source("vault.rules", text)]).diagnostics.errors
    line = text[: text.index(replaced)].count("\n") + 1
    assert [(e.span.line, told in e.message) for e in errors] == [(line, True)], errors
