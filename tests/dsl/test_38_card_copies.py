"""A card copied during play (``dsl/world/copies.py``), tried on *Warband*
(``fixtures/world/warband``: no Python of its own):

- the copy is a card of its own, with the card's name and fields (the sheet's text is found by
  the card's name) and its own numbers, started as the deal starts them;
- it lies where its kind starts, or in the zone asked, and the text brings it in as any other
  card (counted and summed in play);
- the account tells it apart by the name it was given; a name taken is refused.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.table import TableError
from dsl.loader import load_ruleset
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME, IN_PLAY
from rules.text.account import narrate

WARBAND = FIXTURES / "world" / "warband"


@pytest.fixture(scope="module")
def warband():
    return load_ruleset(WARBAND)


@pytest.fixture
def game(warband) -> WorldGame:
    return new_game(warband, seed=1, players=1)


def test_a_copy_is_a_card_of_its_own_with_the_sheets_text(game):
    made = game.ops.copy_card("Pikeman", "Pikeman 2")
    assert made == "Pikeman 2"
    assert game.state.cards["Pikeman 2"]["name"] == "Pikeman"  # the sheet it is read from
    assert game.card_fields("Pikeman 2")["might"] == 2
    assert game.compiled_card("Pikeman 2") is game.compiled_card("Pikeman")


def test_its_numbers_start_as_the_deal_starts_them_and_are_its_own(game):
    game.ops.set("Pikeman", "resolve", 1, why="a fright")
    game.ops.copy_card("Pikeman", "Pikeman 2")
    assert game.ops.value("Pikeman 2", "resolve") == 3  # starting at its nerve, not 1
    game.ops.set("Pikeman 2", "resolve", 0, why="routed")
    assert game.ops.value("Pikeman", "resolve") == 1


def test_it_lies_where_its_kind_starts_or_where_asked(game):
    game.ops.copy_card("Archer", "Archer 2")
    assert "Archer 2" in game.state.zones["reserve"]
    game.ops.copy_card("Hale", "Hale's Double")  # captains are in play from the start
    assert game.state.cards["Hale's Double"]["at"] == IN_PLAY


def test_unnamed_copies_are_numbered_as_dealt_copies_are(game):
    assert game.ops.copy_card("Archer") == "Archer#2"
    assert game.ops.copy_card("Archer") == "Archer#3"


def test_the_text_brings_copies_in_and_counts_each(game):
    game.ops.copy_card("Pikeman", "Pikeman 2")
    game.ops.copy_card("Pikeman", "Pikeman 3")
    game.start_phase("Muster")
    asked = game.pending()
    assert sorted(asked.options) == ["Archer", "Pikeman", "Pikeman 2", "Pikeman 3"]
    game.apply(["Pikeman", "Pikeman 2", "Pikeman 3"])
    in_play = sorted(c for c, info in game.state.cards.items() if info["at"] == IN_PLAY)
    assert in_play == ["Hale", "Pikeman", "Pikeman 2", "Pikeman 3"]
    assert game.ops.value(GAME, "strength") == 3 * 2  # each copy's might summed


def test_the_account_tells_a_copy_by_its_own_name(game):
    game.state.events.clear()
    game.ops.copy_card("Pikeman", "Pikeman 2", why="called up")
    game.ops.move_card("Pikeman 2", at=IN_PLAY, why="brought in")
    copied = [e.data for e in game.state.events if e.kind == WorldEvent.CARD_COPIED]
    assert copied == [
        {"card": "Pikeman 2", "of": "Pikeman", "card_kind": "soldier", "why": "called up"}
    ]
    told = narrate(game.state.events)
    assert "  Pikeman 2: a copy of Pikeman (called up)" in told
    assert any(line.startswith("  Pikeman 2: reserve -> ") for line in told)
    assert any(line.startswith("  Pikeman 2: ") and "brought in" in line for line in told)


def test_a_copy_survives_the_games_json(warband, game):
    game.ops.copy_card("Pikeman", "Pikeman 2")
    back = WorldGame.from_json(warband, game.to_json())
    assert back.card_fields("Pikeman 2")["nerve"] == 3
    assert back.ops.value("Pikeman 2", "resolve") == 3


def test_a_name_taken_or_no_card_is_refused(game):
    with pytest.raises(TableError, match="names a card or a player already"):
        game.ops.copy_card("Pikeman", "Archer")
    with pytest.raises(TableError, match="no card 'Squire'"):
        game.ops.copy_card("Squire", "Squire 2")
