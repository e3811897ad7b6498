"""One deck per member of a card's field, each printed copy showing its own back: "crates are
in one deck per field, their backs showing their moon". The deck of a field is the crates of
that field in the kind's deck order, its top the first of them; copy N of a card shows the Nth
entry of its list (a single entry: every copy). "the number of full showing on the crate decks"
counts the decks whose top shows it; "... on the crate deck of this plot" is 1 or 0 for the deck
of the plot's own field. A field that is not the kind's, a back no card can show and a mistyped
declaration are check errors where they are written."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

ORCHARD = """
ruleset "Orchard" version "1.0"
players are 1 to 2 seats
harvest is a number 0..9 of the game
card kinds are kinds of cards: plot, crate, action
plots are places
fields are groups of plots
fields: east, west
moons are tags of cards
moons: full, new, half
crates are in one deck per field, their backs showing their moon
tokens are pieces of players, one each: token
actions is a zone, holding actions
kind plot {
  field field
}
kind crate {
  field field
  moon moon list
  copies int 2.. optional
}
kind action {
}
trigger "Take" activated for action
map "The Orchard" {
  "Hill" at 0, 0
  "Brook" at 1, 0
}
plot "Hill" {
  field east
}
plot "Brook" {
  field west
}
crate "Apples" {
  field east · moon full, new, half · copies 3
}
crate "Pears" {
  field west · moon new
}
crate "Plums" {
  field west · moon full
}
action "Look" {
  Take: Gain harvest equal to the number of new showing on the crate deck of this plot.
}
procedure "Game" {
  Turn: for each player in turn order, do take an action
  Count: Gain harvest equal to the number of full showing on the crate decks.
  teardown: do end the game
}
"""


def harvest_after(deck: list[str], plot: str = "Hill", look: bool = True) -> int:
    """The harvest once the crate deck lies in ``deck``'s order (top first), the player at
    ``plot`` has looked (or passed), and the count has run."""
    g: WorldGame = new_game(load_text(ORCHARD), seed=1, players=1)
    g.pending()
    g.state.zones["crate deck"] = list(deck)
    g.ops.move_pawn("p1", plot)
    g = g.clone()
    g.apply("Take: Look" if look else "pass")
    g.pending()
    return g.ops.value("", "harvest")


def test_each_copy_shows_its_own_back_and_each_field_its_own_top() -> None:
    # east's top is the first Apples copy (full), west's the Plums (full): two decks show full
    assert harvest_after(["Apples", "Plums", "Apples#2", "Pears", "Apples#3"], look=False) == 2
    # the second copy shows new, the third half: east shows no full, west's Plums still does
    assert harvest_after(["Apples#2", "Plums", "Apples", "Pears"], look=False) == 1
    assert harvest_after(["Apples#3", "Pears", "Apples", "Plums"], look=False) == 0


def test_a_deck_of_one_field_is_the_cards_of_that_field_in_the_decks_order() -> None:
    # the Pears lie above every east crate: still west's top, not east's
    assert harvest_after(["Pears", "Apples", "Plums"], look=False) == 1


def test_an_empty_deck_shows_nothing() -> None:
    assert harvest_after(["Plums"], look=False) == 1  # east has no crate left
    assert harvest_after([], look=False) == 0


def test_the_deck_of_a_things_own_field() -> None:
    # Look at the Brook (west): new shows on west's Pears (1); full nowhere (0)
    assert harvest_after(["Apples#2", "Pears", "Plums"], plot="Brook") == 1
    # Look at the Hill (east): new shows on east's second Apples copy (1), full on Plums (1)
    assert harvest_after(["Apples#2", "Plums", "Pears"], plot="Hill") == 2
    # Look at the Brook with full on west's top: 0 new there, 1 full
    assert harvest_after(["Apples#2", "Plums", "Pears"], plot="Brook") == 1


def test_the_form_checks() -> None:
    assert not check_sources([Source("orchard.rules", ORCHARD)]).diagnostics.errors


@pytest.mark.parametrize(
    ("written", "replaced", "told", "line", "column"),
    [
        (
            "one deck per field,",
            "one deck per feld,",
            "feld is no field of a crate; did you mean 'field'?",
            11,
            1,
        ),
        (
            "showing their moon",
            "showing their mon",
            "mon is no field of a crate; did you mean 'moon'?",
            11,
            1,
        ),
        (
            "one deck per field, their backs",
            "one deck per field, the backs",
            "write '<kinds> are in one deck per <field>, their backs showing their <field>'",
            11,
            1,
        ),
        (
            "number of full showing",
            "number of fool showing",
            "no crate's back shows 'fool'",
            49,
            32,
        ),
    ],
)
def test_a_mistake_is_told_where_it_is_written(
    written: str, replaced: str, told: str, line: int, column: int
) -> None:
    text = ORCHARD.replace(written, replaced)
    errors = check_sources([Source("orchard.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors if told in e.message] == [(line, column)]
