"""'There': the place each thing a ``For each`` goes through lies on ("For each fire, destroy a
hut there."), tried on a made-up game, *Ember Vale*: read where the thing lies when the words
run (after a move in the same sentence, its new place), told at check outside a ``For each`` or
for things that lie on no place, and stopping the text when a thing found lies on none."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.printer import render_card
from dsl.runtime import EffectError
from dsl.world.game import WorldGame, new_game

EMBER = """ruleset "Ember Vale" version "1"
players are 2 seats
points is a number 0.. of players
card kinds are kinds of cards: hut, beast, tile, order
tiles are places
markers are pieces placed on tiles: fire, ash
walkers are pieces of players, one each: walker
hand is a zone of players, seen by its owner
deck is a zone, face down
discard is a zone
orders is a zone, holding orders
kind hut {
}
kind beast {
}
kind tile {
}
kind order {
}
trigger "Use" activated for order
map "The Vale" {
  "Ford" at 0, 0
  "Hill" at 1, 0
  "Wood" at 2, 0
}
hut "Mill Hut" {
}
hut "Barn" {
}
hut "Shed" {
}
beast "Boar" {
}
beast "Stag" {
}
order "Burn" {
  Use: For each fire, destroy a hut there.
}
order "Mark" {
  Use: For each beast at this tile, place an ash there.
}
order "Drive" {
  Use: For each beast at this tile, move it to an adjacent tile to place an ash there.
}
order "Trail" {
  Use: For each beast, place a fire there.
}
procedure "Game" {
  Rounds: for each player in turn order, do take an action
  teardown: do end the game
}
"""


@pytest.fixture(scope="module")
def ember():  # type: ignore[no-untyped-def]
    return load_text(EMBER, "ember.rules")


def game(ember, beasts: dict[str, str] | None = None) -> WorldGame:  # type: ignore[no-untyped-def]
    """Ember Vale at p1's first action, p1 at the Ford, the huts on their tiles and the beasts
    where given (a beast not given stays in its deck)."""
    g = new_game(ember, seed=1, players=2)
    g.pending()
    for hut, tile in (("Mill Hut", "Ford"), ("Barn", "Wood"), ("Shed", "Hill")):
        g.ops.move_card(hut, at=tile, why="test")
    for beast, tile in (beasts or {}).items():
        g.ops.move_card(beast, at=tile, why="test")
    return g


def use(g: WorldGame, order: str) -> WorldGame:
    decision = g.pending()
    assert decision is not None and decision.who == "p1" and f"Use: {order}" in decision.options
    g.apply(f"Use: {order}")
    g.pending()
    return g


def fires(g: WorldGame, piece: str = "fire") -> dict[str, int]:
    return {
        tile: g.ops.count(tile, piece)
        for tile in ("Ford", "Hill", "Wood")
        if g.ops.count(tile, piece)
    }


def test_each_piece_acts_on_the_place_it_lies_on(ember) -> None:  # type: ignore[no-untyped-def]
    g = game(ember)
    g.ops.place("Ford", "fire")
    g.ops.place("Wood", "fire")
    use(g, "Burn")  # For each fire, destroy a hut there.
    assert g.ops.where("Mill Hut") == g.discard_key("Mill Hut")
    assert g.ops.where("Barn") == g.discard_key("Barn")
    assert g.ops.where("Shed") == "Hill"  # no fire on the Hill


def test_each_card_found_on_a_different_place_acts_there(ember) -> None:  # type: ignore[no-untyped-def]
    g = game(ember, {"Boar": "Ford", "Stag": "Wood"})
    use(g, "Trail")  # For each beast, place a fire there.
    assert fires(g) == {"Ford": 1, "Wood": 1}


def test_there_is_where_the_thing_lies_after_a_move_in_the_same_sentence(ember) -> None:  # type: ignore[no-untyped-def]
    g = game(ember, {"Boar": "Ford", "Stag": "Ford"})
    use(g, "Drive")  # move it to an adjacent tile to place an ash there: the Hill, not the Ford
    assert (g.ops.where("Boar"), g.ops.where("Stag")) == ("Hill", "Hill")
    assert fires(g, "ash") == {"Hill": 2}


def test_only_the_things_found_act(ember) -> None:  # type: ignore[no-untyped-def]
    g = game(ember, {"Boar": "Ford", "Stag": "Wood"})
    use(g, "Mark")  # For each beast at this tile, place an ash there: p1 is at the Ford
    assert fires(g, "ash") == {"Ford": 1}


def test_none_found_does_nothing(ember) -> None:  # type: ignore[no-untyped-def]
    g = game(ember)
    use(g, "Burn")  # no fire anywhere
    assert [g.ops.where(h) for h in ("Mill Hut", "Barn", "Shed")] == ["Ford", "Wood", "Hill"]


def test_a_thing_found_on_no_place_stops_the_text_saying_so() -> None:
    walkers = "walkers are pieces of players, one each: walker\n"
    trail = "Use: For each beast, place a fire there."
    assert walkers in EMBER and trail in EMBER
    # without their walkers, the players stand nowhere
    text = EMBER.replace(walkers, "").replace(trail, "Use: For each player, place a fire there.")
    g = new_game(load_text(text, "ember.rules"), seed=1, players=2)
    with pytest.raises(EffectError, match="Player 1 lies on no place: 'there' names nothing"):
        use(g, "Trail")
    assert fires(g) == {}


def test_there_is_printed_as_written(ember) -> None:  # type: ignore[no-untyped-def]
    burn = render_card(ember.card("Burn", "order")).replace("\n", " ")
    assert "For each fire, destroy a hut there." in burn


@pytest.mark.parametrize(
    ("sentence", "error"),
    [
        (
            "Place a fire there.",
            "ember.rules:46:21: error: 'there' is the tile each thing lies on in 'For each "
            "<things>, ... there.': no 'For each' comes before it",
        ),
        (
            "For each hut in your hand, place a fire there.",
            "ember.rules:46:48: error: 'there' is the tile each thing lies on, but the things of "
            "'each hut in your hand' lie in a zone, on no tile",
        ),
    ],
)
def test_there_without_a_place_to_name_is_told_at_its_place(sentence: str, error: str) -> None:
    old = "Use: For each beast, place a fire there."
    assert old in EMBER
    checked = check_sources([Source("ember.rules", EMBER.replace(old, f"Use: {sentence}"))])
    found = [d.headline() for d in checked.diagnostics.items]
    assert any(line.startswith(error) for line in found), found


def test_the_vale_checks_without_errors() -> None:
    checked = check_sources([Source("ember.rules", EMBER)])
    assert [d.headline() for d in checked.diagnostics.items if "error:" in d.headline()] == []
