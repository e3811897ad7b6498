"""Every die of the spent die's value moved for one die spent: "Spend a charm die to move every
grain die of its value to the barn grain of this barn." The value is the spent die's own (not at
most it); every die of the pool showing it goes, faces kept; the player chooses the value when
several can go; with no charm showing a value the pool shows, nothing is offered."""

from __future__ import annotations

from typing import Any

from test_39_dice_moves import BARNYARD, lay, shown
from test_39_dice_moves import yard as barnyard

from dsl.loader import Source, check_sources
from dsl.world.game import WorldGame

HOARD = BARNYARD.replace(
    'procedure "Game" {',
    """action "Hoard" {
  Take: Spend a charm die to move every grain die of its value to the barn grain of this barn.
}
procedure "Game" {""",
)


def yard(charms: list[int], grain: list[int]) -> WorldGame:
    return barnyard(charms, grain, HOARD)


def hoard(g: WorldGame, *answers: Any) -> WorldGame:
    g.apply("Take: Hoard")
    for answer in answers:
        decision = g.pending()
        assert decision is not None and decision.kind == "choose_option"
        g.apply(answer)
    g.pending()
    return g


def test_the_form_checks() -> None:
    assert not check_sources([Source("hoard.rules", HOARD)]).diagnostics.errors


def test_every_die_of_the_spent_dies_value_moves() -> None:
    g = hoard(yard([3, 6], [3, 3, 3, 3, 2]))  # the text's own: four threes go, the two stays
    assert shown(g, "Red Barn", "barn grain") == [3, 3, 3, 3]
    assert shown(g, "", "grain") == [2]
    assert shown(g, "p1", "charms") == [6]  # the 3 paid


def test_the_player_chooses_the_value() -> None:
    g = yard([2, 5], [2, 5, 5, 1])
    g.apply("Take: Hoard")
    decision = g.pending()
    assert decision is not None and list(decision.options) == [2, 5]
    g.apply(5)
    g.pending()
    assert shown(g, "Red Barn", "barn grain") == [5, 5]
    assert shown(g, "", "grain") == [1, 2] and shown(g, "p1", "charms") == [2]


def test_no_charm_of_a_value_the_pool_shows_nothing_offered() -> None:
    g = yard([6], [3, 4])  # a 6 covers them "at most", but shows neither
    decision = g.pending()
    assert decision is not None
    assert "Take: Hoard" not in decision.options and "Take: Store" in decision.options


def test_every_die_without_its_value_is_told_the_form() -> None:
    text = HOARD.replace("every grain die of its value", "every grain die of at most its value")
    errors = check_sources([Source("hoard.rules", text)]).diagnostics.errors
    assert [("every <pool> die of its value" in e.message) for e in errors] == [True]


def test_as_many_as_the_pool_moved_to_holds() -> None:
    g = yard([3], [3, 3, 3])
    lay(g, "Red Barn", "barn grain", [1] * 8)  # barn grain holds 9 at most
    g = hoard(g.clone())
    assert shown(g, "Red Barn", "barn grain") == [1] * 8 + [3]
    assert shown(g, "", "grain") == [3, 3]
