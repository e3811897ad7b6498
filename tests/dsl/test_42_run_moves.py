"""A run of dice moved for one die spent: "Spend a charm die to move a run of grain dice down
from at most its value to the barn grain of this barn." From the face the player chooses (at
most the spent die's value), one die of each face one lower while the pool shows it; a second die
of a face stays, and so does a die past a gap."""

from __future__ import annotations

from typing import Any

from test_39_dice_moves import BARNYARD, shown
from test_39_dice_moves import yard as barnyard

from dsl.loader import Source, check_sources
from dsl.world.game import WorldGame

RUN = BARNYARD.replace(
    'procedure "Game" {',
    """action "Gather" {
  Take: Spend a charm die to move a run of grain dice down from at most its value to the barn
        grain of this barn.
}
procedure "Game" {""",
)


def yard(charms: list[int], grain: list[int]) -> WorldGame:
    return barnyard(charms, grain, RUN)


def gather(g: WorldGame, *answers: Any) -> WorldGame:
    g.apply("Take: Gather")
    for answer in answers:
        decision = g.pending()
        assert decision is not None and decision.kind == "choose_option"
        g.apply(answer)
    g.pending()
    return g


def test_the_form_checks() -> None:
    assert not check_sources([Source("run.rules", RUN)]).diagnostics.errors


def test_a_run_down_from_the_face_chosen_a_gap_ends_it() -> None:
    g = gather(yard([5], [5, 4, 3, 1]), 5)  # the text's own: 5 4 3 go, the 1 stays
    assert shown(g, "Red Barn", "barn grain") == [3, 4, 5]
    assert shown(g, "", "grain") == [1]
    assert shown(g, "p1", "charms") == []


def test_one_die_of_each_face() -> None:
    g = gather(yard([6], [5, 4, 4, 3, 2]), 5)  # the text's own: 5 4 3 2, the second 4 stays
    assert shown(g, "Red Barn", "barn grain") == [2, 3, 4, 5]
    assert shown(g, "", "grain") == [4]


def test_the_start_is_at_most_the_spent_dies_value() -> None:
    g = yard([4], [6, 5, 4, 3])
    g.apply("Take: Gather")
    decision = g.pending()
    assert decision is not None and list(decision.options) == [3, 4]  # no 5 or 6: above the 4
    g.apply(4)
    g.pending()
    assert shown(g, "Red Barn", "barn grain") == [3, 4] and shown(g, "", "grain") == [5, 6]


def test_no_die_at_most_the_spent_value_nothing_offered() -> None:
    decision = yard([2], [3, 4]).pending()
    assert decision is not None and "Take: Gather" not in decision.options


def test_a_run_without_down_from_is_told_the_form() -> None:
    text = RUN.replace("a run of grain dice down from at most its value", "a run of grain dice")
    errors = check_sources([Source("run.rules", text)]).diagnostics.errors
    assert [("a run of <pool> dice down from" in e.message) for e in errors] == [True]
