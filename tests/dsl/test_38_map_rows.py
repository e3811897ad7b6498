"""Where a place lies on the map, read as a number ("the row of this plot", "the column of this
plot": its y and x as the map writes them), and a procedure's "for each <card> in order," whose
sentences find the card as "it" and "this <card kind>", and where it lies as "this <place>": the
shape of an activation by the row of a place and the back a deck shows."""

from __future__ import annotations

from test_38_deck_backs import ORCHARD

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

RIPE = (
    ORCHARD.replace(
        'trigger "Take" activated for action',
        'trigger "Take" activated for action\ntrigger "Ripe" on ripe for crate',
    )
    .replace("  field west · moon full\n", "  field west · moon full\n  Ripe: Gain 3 harvest.\n")
    .replace(
        "  field east · moon full, new, half · copies 3\n",
        "  field east · moon full, new, half · copies 3\n  Ripe: Gain 1 harvest.\n",
    )
    .replace(
        "  Count: Gain harvest equal to the number of full showing on the crate decks.",
        "  Count: for each crate in order, if the number of full showing on the crate deck of\n"
        "    this plot is 1 and the row of this plot is 0, resolve its Ripe text.",
    )
    .replace('"Brook" at 1, 0', '"Brook" at 0, 1')
)


def harvest(crates: dict[str, str], deck: list[str], text: str = RIPE) -> int:
    """The harvest after the count, ``crates`` lying at plots, the deck in ``deck``'s order."""
    g: WorldGame = new_game(load_text(text), seed=1, players=1)
    g.pending()
    g.state.zones["crate deck"] = list(deck)
    for crate, plot in crates.items():
        g.ops.move_card(crate, at=plot)
    g = g.clone()
    g.apply("pass")
    g.pending()
    return g.ops.value("", "harvest")


def test_a_card_on_the_row_named_with_the_back_showing_resolves_its_text() -> None:
    # Plums on the Hill (row 0, east), east's top an Apples copy showing full
    assert harvest({"Plums": "Hill"}, ["Apples", "Pears"]) == 3


def test_another_row_or_another_back_does_nothing() -> None:
    assert harvest({"Plums": "Brook"}, ["Apples", "Pears"]) == 0  # the Brook is row 1
    assert harvest({"Plums": "Hill"}, ["Apples#2", "Pears"]) == 0  # east shows new


def test_each_card_in_play_is_gone_through() -> None:
    assert harvest({"Plums": "Hill", "Apples#3": "Hill"}, ["Apples", "Pears"]) == 3 + 1


def test_the_column_is_the_other_axis() -> None:
    text = RIPE.replace("the row of this plot is 0", "the column of this plot is 0")
    assert (
        harvest({"Plums": "Brook"}, ["Apples", "Pears"], text) == 0
    )  # column 0, but west's deck shows new
    assert harvest({"Plums": "Hill"}, ["Apples", "Pears"], text) == 3


def test_the_numbers_check_and_a_field_named_row_is_still_the_field() -> None:
    assert not check_sources([Source("orchard.rules", RIPE)]).diagnostics.errors
    text = RIPE.replace("kind plot {\n  field field\n", "kind plot {\n  field field\n  row int\n")
    text = text.replace("  field east\n}", "  field east · row 5\n}").replace(
        "  field west\n}", "  field west · row 5\n}"
    )
    assert not check_sources([Source("orchard.rules", text)]).diagnostics.errors
    assert harvest({"Plums": "Hill"}, ["Apples", "Pears"], text) == 0  # its row field is 5
