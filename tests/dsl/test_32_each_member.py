"""A number for each member of a category ("mana is a number 0..5 of players for each
element": fire mana, water mana, earth mana), its texts for one member ("At 5 for fire:"), and
a track that overflows past its top into another number ("At above 5: Gain earth mana equal to
the excess.")."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.declare import world_of
from dsl.world.game import WorldGame, new_game

WELLS = """
ruleset "Three Wells" version "1.0"
players are 1 seats
elements are meters of players: fire, water, earth
points is a number 0.. of players
mana is a number 0..5 of players for each element, starting at 1 {
  full 4..5
  At 5 for fire: Gain 1 points.
  At above 5 for water: Gain earth mana equal to the excess.
  At above 5 for earth: Gain points equal to the excess.
}
flood is a number 0..3 of the game for each element
procedure "Game" {
  teardown: do end the game
}
"""


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("wells.rules", text)])
    return [d.headline() for d in checked.diagnostics.items]


def game() -> WorldGame:
    g = new_game(load_text(WELLS), seed=1, players=1)
    g.pending()
    return g


def test_one_declaration_makes_a_number_for_each_member() -> None:
    world = world_of(load_text(WELLS))
    for element in ("fire", "water", "earth"):
        mana = world.properties[f"{element} mana"]
        assert (mana.low, mana.high, mana.start, mana.owner) == (0, 5, 1, "player")
        assert [(b.name, b.low, b.high) for b in mana.bands] == [("full", 4, 5)]
        assert world.properties[f"{element} flood"].owner == ""  # the game's, one for the table


def test_a_text_for_one_member_runs_on_that_members_number_only() -> None:
    g = game()
    g.ops.change("p1", "fire mana", 4)
    assert g.ops.value("p1", "points") == 1
    g.ops.change("p1", "earth mana", 4)  # earth has no "At 5"
    assert g.ops.value("p1", "points") == 1


def test_a_change_past_the_top_overflows_into_another_number() -> None:
    g = game()
    g.ops.change("p1", "water mana", 6)  # four spaces to the top, two past it
    assert g.ops.value("p1", "water mana") == 5
    assert g.ops.value("p1", "earth mana") == 1 + 2


def test_an_overflow_may_overflow_again() -> None:
    g = game()
    g.state.values["p1"]["earth mana"] = 4
    g.ops.change("p1", "water mana", 4 + 3)  # water: 3 past its top; earth: 1 up, 2 past
    assert g.ops.value("p1", "earth mana") == 5
    assert g.ops.value("p1", "points") == 2


def test_without_a_text_the_change_past_the_top_is_lost() -> None:
    g = game()
    g.ops.change("p1", "earth mana", 4)  # earth's overflow: points
    g.ops.change("p1", "fire mana", 9)  # fire: no "At above"
    assert g.ops.value("p1", "fire mana") == 5 and g.ops.value("p1", "water mana") == 1


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "for each element, starting",
            "for each elemnt, starting",
            "wells.rules:6:43: error: 'elemnt' after 'for each' is no category with members; "
            "did you mean 'element'?",
        ),
        (
            "At 5 for fire:",
            "At 5 for fyre:",
            "wells.rules:8:3: error: 'fyre' is no element; did you mean 'fire'?",
        ),
        (
            "At above 5 for water:",
            "At above 4 for water:",
            "wells.rules:9:3: error: water mana stops at 5: a change past its top is 'At above 5",
        ),
    ],
)
def test_a_misdeclaration_is_told_where_it_is_written(old: str, new: str, error: str) -> None:
    assert old in WELLS
    found = errors_of(WELLS.replace(old, new, 1))
    assert any(line.startswith(error) for line in found), found


RING = WELLS.replace(
    "  At above 5 for earth: Gain points equal to the excess.\n",
    "  At above 5 for earth: Gain water mana equal to the excess.\n",
)


def test_an_overflow_that_comes_back_round_is_lost() -> None:
    g = new_game(load_text(RING), seed=1, players=1)
    g.pending()
    g.state.values["p1"]["earth mana"] = 5
    g.ops.change("p1", "water mana", 4 + 2)  # water full, earth full, back to water: lost
    assert g.ops.value("p1", "water mana") == 5 and g.ops.value("p1", "earth mana") == 5
