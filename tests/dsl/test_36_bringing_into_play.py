"""Cards set aside, brought onto the table by the text (``dsl/world/bringing.py``), tried on
*Muster* (``fixtures/world/muster``: no Python of its own):

- "Bring any number of allies in the reserve into play.": the one acting chooses none to all
  of the cards that match, and only those come;
- "Bring up to 2 spear allies in the reserve into play.": one to two of them, asked;
- in a world with no map a card brought in lies on the table, in play as a card in play from
  the start is (counted, summed, acting).
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.machine import IllegalMove
from dsl.loader import load_ruleset
from dsl.runtime import DecisionKind
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME, IN_PLAY

MUSTER = FIXTURES / "world" / "muster"


@pytest.fixture(scope="module")
def muster():
    return load_ruleset(MUSTER)


def called(muster, phase: str) -> WorldGame:
    game = new_game(muster, seed=1, players=1)
    game.start_phase(phase)
    return game


def on_table(game: WorldGame) -> list[str]:
    return sorted(c for c, info in game.state.cards.items() if info["at"] == IN_PLAY)


def test_any_number_of_asks_which_of_all_that_match_none_to_all(muster):
    game = called(muster, "Muster")
    asked = game.pending()
    assert asked.kind == DecisionKind.CHOOSE_MANY
    assert sorted(asked.options) == ["Halberd", "Lance", "Longbow", "Pike"]
    assert (asked.min_choices, asked.max_choices) == (0, 4)


def test_the_cards_chosen_come_onto_the_table_and_count_as_in_play(muster):
    game = called(muster, "Muster")
    game.apply(["Pike", "Longbow"])
    assert on_table(game) == ["Hale", "Longbow", "Pike"]
    assert sorted(game.state.zones["reserve"]) == ["Halberd", "Lance"]  # the others wait
    assert game.ops.value(GAME, "strength") == 2 + 4  # the sum over the allies in play only


def test_none_chosen_brings_none(muster):
    game = called(muster, "Muster")
    game.apply([])
    assert on_table(game) == ["Hale"]
    assert game.ops.value(GAME, "strength") == 0


def test_up_to_n_asks_one_to_n_of_those_that_match(muster):
    game = called(muster, "Rally")
    asked = game.pending()
    assert sorted(asked.options) == ["Halberd", "Lance", "Pike"]  # the spear allies
    assert (asked.min_choices, asked.max_choices) == (1, 2)
    with pytest.raises(IllegalMove):
        game.apply(["Pike", "Lance", "Halberd"])  # three is more than up to 2
    game.apply(["Lance", "Halberd"])
    assert on_table(game) == ["Halberd", "Hale", "Lance"]
