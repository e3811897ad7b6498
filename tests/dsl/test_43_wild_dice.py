"""A die that fits any square of a dice grid (dsl/world/grid_play.py, dsl/grid.py's ``Laid.wild``):
"Fill the path of a relic in your kept relics with the gems of this well, jade gems fitting any
square." lays a jade gem on a square whatever colour, face or step the square asks, its face
kept; the square's district still holds (the die's place must be of it), and a die laid after it
steps from its own face. Other colours fit as before. Under a condition ("If charmed is at least
1, ...") the ending holds only while the number does: the made-up game Wells
(tests/dsl/test_42_grid_play.py) with a charm."""

from __future__ import annotations

import pytest
from test_42_grid_play import NORTH, SOUTH, WELLS, gems, mine, offered, shown

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.grid_play import laid_on

CHARMED = WELLS.replace(
    "glory is a number 0.. of the game",
    "glory is a number 0.. of the game\ncharmed is a number 0..1 of the game",
).replace(
    'action "Walk" {',
    """action "Charmed Fill" {
  Take: If charmed is at least 1, fill the path of a relic in your kept relics with the gems of
        this well, jade gems fitting any square.
        If its unmatched path is 0, gain 1 glory.
        If its unmatched path is 0, discard it.
}
action "Walk" {""",
)


def charmed(
    charm: int = 1, players: int = 1, south: tuple[str, ...] = (), **dice: list[int]
) -> WorldGame:
    """Wells at its first action, ``charmed`` at ``charm``, the players of ``south`` at the
    South Well, the gems given as ``north_jade=[2]``."""
    g: WorldGame = new_game(load_text(CHARMED), seed=1, players=players)
    g.pending()
    g.state.values.setdefault("", {})["charmed"] = charm
    for player in south:
        g.ops.move_pawn(player, SOUTH)
    for key, faces_ in dice.items():
        where, colour = key.split("_")
        gems(g, NORTH if where == "north" else SOUTH, colour, faces_)
    return g.clone()


def lay(g: WorldGame, pick: str) -> None:
    g.apply("Take: Charmed Fill")
    decision = g.pending()
    if decision is not None and decision.kind == "choose_option":
        g.apply(f"{pick} of {mine(g)}")
        g.pending()


def test_a_wild_die_fits_a_square_of_another_colour() -> None:
    g = charmed(north_jade=[2])  # the start square asks for a ruby
    assert "Take: Charmed Fill" in offered(g) and "Take: Fill" not in offered(g)
    card = mine(g)
    g.apply("Take: Charmed Fill")
    g.pending()
    assert laid_on(g, card, "path")[(0, 0)].face == 2  # its face kept
    assert shown(g, NORTH, "jade") == []


def test_without_the_condition_the_die_is_what_it_shows() -> None:
    assert "Take: Charmed Fill" not in offered(charmed(charm=0, north_jade=[2]))


def test_only_the_named_colour_is_wild() -> None:
    g = charmed(north_ruby=[3], north_jade=[5])
    lay(g, "3 ruby at row 1, column 1")
    g.apply("Take: Charmed Fill")
    # the ruby is laid; the jade 5 goes beside it, the step of the square below ignored (a plain
    # 5 is not one more than the 3)
    assert sorted(offered(g)) == sorted(
        f"5 jade at row {r}, column {c} of {mine(g)}" for r, c in ((1, 2), (2, 2))
    )


def test_the_district_still_holds() -> None:
    g = charmed(south=("p1",), south_jade=[4, 4])
    lay(g, "4 jade at row 1, column 1")
    g.apply("Take: Charmed Fill")
    # from the south: the north's square refuses it, wild or not; the step below does not
    decision = g.pending()
    assert decision is not None and decision.kind == "action"  # one square only: no question
    assert set(laid_on(g, mine(g), "path")) == {(0, 0), (1, 1)}


def test_the_die_after_a_wild_one_steps_from_its_face() -> None:
    g = charmed(north_jade=[2], north_ruby=[3, 4])
    card = mine(g)
    lay(g, "2 jade at row 1, column 1")
    g.apply("Take: Fill")  # no wild die: the square below asks one more than the 2
    assert f"3 ruby at row 2, column 2 of {card}" in offered(g)
    assert f"4 ruby at row 2, column 2 of {card}" not in offered(g)


def test_a_chain_of_wild_dice_completes_the_card() -> None:
    g = charmed(north_jade=[1, 6, 2])
    card = mine(g)
    for pick in ("1 jade at row 1, column 1", "6 jade at row 2, column 2"):
        lay(g, pick)  # a 6 where one more than the 1 is asked
    assert g.ops.value("", "glory") == 0
    lay(g, "2 jade at row 1, column 3")  # a 2 on the square asking a jade 4
    assert g.ops.value("", "glory") == 1 and g.state.cards[card]["zone"] == g.discard_key(card)


def test_nothing_to_lay_offers_nothing() -> None:
    assert "Take: Charmed Fill" not in offered(charmed(north_ruby=[]))


def test_two_players_each_lay_a_wild_die_from_where_they_stand() -> None:
    g = charmed(players=2, south=("p2",), north_jade=[2], south_jade=[5])
    lay(g, "2 jade at row 1, column 1")
    g.apply("pass")
    decision = g.pending()
    assert decision is not None and decision.who == "p2"
    g.apply("Take: Charmed Fill")
    g.pending()
    assert laid_on(g, mine(g, "p2"), "path")[(0, 0)].face == 5
    assert laid_on(g, mine(g, "p1"), "path")[(0, 0)].face == 2


def test_the_form_checks() -> None:
    assert not check_sources([Source("wells.rules", CHARMED)]).diagnostics.errors


@pytest.mark.parametrize(
    ("replaced", "told", "at"),
    [
        ("this well, ruby stones fitting any square.", "are no dice of the gems", "ruby"),
        ("this well, pearl gems fitting any square.", "are no dice of the gems", "pearl"),
        ("this well fitting any square.", "which dice fit any square?", "fitting"),
    ],
)
def test_a_mistake_is_told_where_it_is_written(replaced: str, told: str, at: str) -> None:
    text = CHARMED.replace("this well, jade gems fitting any square.", replaced, 1)
    line, row = next((n, r) for n, r in enumerate(text.splitlines(), start=1) if replaced in r)
    errors = check_sources([Source("wells.rules", text)]).diagnostics.errors
    told_at = [(e.span.line, e.span.column) for e in errors if told in e.message]
    assert told_at == [(line, row.index(at) + 1)], errors
