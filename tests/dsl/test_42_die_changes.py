"""Abilities fuelled by a die, on a made-up game: the cards a player uses as their played
card's own ("powers are used by the player of their knight, those with a rank": each player is
offered their own knight's powers, none of another's, and none without a rank), once in each
phase where all act until all pass; and the dice forms of ``dsl.world.die_changes``: a die
turned into others ("Turn a charm die of value 3 into a 4."), one lower or higher, split into
two summing to it, moved to another pool of its family with its face kept, spent, and dice that
explode. The die may come from the actor's pool or a pool of where they stand ("or a stores die
of this barn"); the player chooses which; with no die that qualifies the power is not offered.
Dice rolled are scripted."""

from __future__ import annotations

from typing import Any

import pytest
from test_39_dice_moves import lay, shown

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

YARD = """ruleset "Hero Yard" version "1.0"
players are 1 to 2 seats
charms is a pool 0..6 of players, each a d6
grain stores is a pool 0..4 of barns, each a d6
wool stores is a pool 0..4 of barns, each a d6
market grain is a pool 0..6 of the game, each a d6
card kinds are kinds of cards: barn, knight, power
barns are places
tokens are pieces of players, one each: token
knights are played by players, one each
powers are used by the player of their knight, those with a rank
kind barn {
}
kind knight {
}
kind power {
  knight knight
  rank int 1..3 optional
}
trigger "Use" activated once per turn for power
map "The Yard" {
  "Red Barn" at 0, 0
  "Old Barn" at 1, 0
}
barn "Red Barn" {
}
barn "Old Barn" {
}
knight "Ada" {
}
knight "Bo" {
}
power "Lift" {
  knight "Ada" · rank 1
  Use: Turn a charm die or a stores die of this barn of value 3 into a 4.
}
power "Halve" {
  knight "Ada" · rank 2
  Use: Turn a charm die into two dice summing to its value.
}
power "Dip" {
  knight "Bo" · rank 1
  Use: Turn a charm die or a market grain die into one 1 lower.
}
power "Swap" {
  knight "Bo" · rank 2
  Use: Turn a stores die of this barn into one of another type.
}
power "Burst" {
  knight "Bo" · rank 3
  Use: Spend a grain stores die of this barn. Explode your charms or the stores of this barn of
    value 5.
}
power "Flip" {
  knight "Ada" · rank 3
  Use: Turn a charm die of value 2 into one showing its opposite face.
}
power "Dye" {
  knight "Bo" · rank 3
  Use: Turn a stores die of this barn into a wool stores die.
}
power "Locked" {
  knight "Ada"
  Use: Turn a charm die into a 6.
}
procedure "Game" {
  First: players act in any order until all pass
  Second: players act in any order until all pass
  teardown: do end the game
}
"""


def yard(players: int = 1, **pools: list[int]) -> WorldGame:
    """p1 plays Ada (and p2 Bo), both at Red Barn; ``pools`` by name: ``charms`` (p1's),
    ``bo_charms`` (p2's), ``grain``/``wool`` (Red Barn's stores), ``market``."""
    g: WorldGame = new_game(load_text(YARD), seed=1, players=players)
    g.pending()
    for info in g.state.cards.values():
        if info["kind"] == "knight":
            info.update(player=None, at=None, zone="knight deck")
    for player, knight in (("p1", "Ada"), ("p2", "Bo"))[:players]:
        g.state.cards[knight].update(player=player, at="Red Barn", zone=None)
    owners = {
        "charms": ("p1", "charms"),
        "bo_charms": ("p2", "charms"),
        "grain": ("Red Barn", "grain stores"),
        "wool": ("Red Barn", "wool stores"),
        "market": ("", "market grain"),
    }
    for key, dice in pools.items():
        owner, pool = owners[key]
        lay(g, owner, pool, dice)
    return g.clone()


def offered(g: WorldGame) -> list[str]:
    decision = g.pending()
    assert decision is not None and decision.kind == "action"
    return [str(o) for o in decision.options if str(o) != "pass"]


def use(g: WorldGame, power: str, *answers: Any) -> WorldGame:
    g.apply(f"Use: {power}")
    for answer in answers:
        decision = g.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        g.apply(answer)
    g.pending()
    return g


# ---- whose powers, and when -----------------------------------------------------------------


def test_each_player_is_offered_their_own_knights_powers_only() -> None:
    g = yard(players=2, charms=[3, 4], bo_charms=[3, 4], market=[2])
    assert offered(g) == ["Use: Lift", "Use: Halve"]  # Ada's, not "Locked": it has no rank
    g.apply("pass")
    assert offered(g) == ["Use: Dip"]  # Bo's: no stores at Red Barn for Swap or Burst


def test_a_power_is_used_once_in_a_phase_and_again_in_the_next() -> None:
    g = use(yard(charms=[3, 3]), "Lift")  # two 3s, one face: nothing to ask
    assert shown(g, "p1", "charms") == [3, 4]
    assert offered(g) == ["Use: Halve"]  # a 3 is left, but Lift has been used
    g.apply("pass")
    assert offered(g) == ["Use: Lift", "Use: Halve"]  # the second phase


def test_no_die_that_qualifies_no_power() -> None:
    g = yard(charms=[1, 5])
    assert offered(g) == ["Use: Halve"]  # no 3 for Lift; the 5 splits


def test_a_die_spent_before_the_power_is_not_there_for_it() -> None:
    g = use(yard(charms=[3]), "Halve")  # the only 3, split: 1 and 2, nothing to ask
    assert shown(g, "p1", "charms") == [1, 2]
    assert "Use: Lift" not in offered(g)  # Lift finds no 3 now


# ---- the dice forms -------------------------------------------------------------------------


def test_a_die_turned_into_another_the_player_choosing_from_which_pool() -> None:
    g = yard(charms=[3], wool=[3])
    g.apply("Use: Lift")
    decision = g.pending()
    assert decision is not None
    assert list(decision.options) == ["a 3 of charms", "a 3 of wool stores of Red Barn"]
    g.apply("a 3 of wool stores of Red Barn")
    g.pending()
    assert shown(g, "Red Barn", "wool stores") == [4]  # the same pool: a stores die
    assert shown(g, "p1", "charms") == [3]


def test_a_die_split_into_two_summing_to_it() -> None:
    g = yard(charms=[2, 6])
    g.apply("Use: Halve")
    g.apply("a 6 of charms")
    decision = g.pending()
    assert decision is not None and list(decision.options) == ["1 and 5", "2 and 4", "3 and 3"]
    g.apply("2 and 4")
    g.pending()
    assert shown(g, "p1", "charms") == [2, 2, 4]


def test_a_split_past_the_pools_most_keeps_what_fits() -> None:
    g = use(yard(charms=[6, 6, 6, 6, 6, 6]), "Halve", "3 and 3")
    assert shown(g, "p1", "charms") == [3, 6, 6, 6, 6, 6]  # six at most: one 3 is not gained


def test_one_lower_from_the_tables_pool_and_never_below_one() -> None:
    g = yard(players=2, bo_charms=[1], market=[1, 4])
    g.apply("pass")
    g = use(g, "Dip")  # the 1s cannot go lower: the market's 4 is the only die
    assert shown(g, "", "market grain") == [1, 3]


def test_a_die_of_another_type_keeps_its_face() -> None:
    g = yard(players=2, bo_charms=[], wool=[4])
    g.apply("pass")
    assert offered(g) == ["Use: Swap"]
    g = use(g, "Swap")  # one die, one other pool: nothing to ask
    assert shown(g, "Red Barn", "grain stores") == [4]
    assert shown(g, "Red Barn", "wool stores") == []


def test_a_die_spent_then_fives_explode_while_they_roll_fives() -> None:
    g = yard(players=2, bo_charms=[5, 2], grain=[1], wool=[5])
    g.apply("pass")
    g.state.dice_script = [5, 3]
    g = g.clone()
    g.apply("Use: Burst")  # the grain 1 spent; which pool has fives: Bo's charms or the stores
    decision = g.pending()
    assert decision is not None and list(decision.options) == [
        "charms",
        "stores of Red Barn",
    ]
    g.apply("charms")
    g.pending()
    assert shown(g, "p2", "charms") == [2, 3, 5, 5]  # a 5 rolled: one more, a 3
    assert shown(g, "Red Barn", "grain stores") == []
    assert shown(g, "Red Barn", "wool stores") == [5]


def test_with_no_die_to_spend_the_burst_is_not_offered() -> None:
    g = yard(players=2, bo_charms=[5], grain=[], wool=[5])
    g.apply("pass")
    assert "Use: Burst" not in offered(g)  # fives to explode, but no grain stores die to spend
    assert offered(g) == ["Use: Dip", "Use: Swap"]


def test_a_die_flipped_shows_its_opposite_face() -> None:
    g = use(yard(charms=[2, 6]), "Flip")
    assert shown(g, "p1", "charms") == [5, 6]


def test_a_die_turned_into_one_pool_of_its_family() -> None:
    g = yard(players=2, bo_charms=[], grain=[2], wool=[3])
    g.apply("pass")
    g = use(g, "Dye")  # the wool die is wool already: only the grain 2 can go
    assert shown(g, "Red Barn", "wool stores") == [2, 3]
    assert shown(g, "Red Barn", "grain stores") == []


# ---- checked where written ------------------------------------------------------------------


def test_the_forms_check() -> None:
    assert not check_sources([Source("yard.rules", YARD)]).diagnostics.errors


@pytest.mark.parametrize(
    ("written", "replaced", "told"),
    [
        ("into a 4.", "into a banana.", "into 'a banana'?"),
        ("Turn a charm die into two", "Turn a charn die into two", "'a charn die' names no pool"),
        ("value 5.", "value five.", "'of value five': a number"),
        ("their knight, those with a rank", "their", "used by the player of their what?"),
        ("powers are used", "powerz are used", "'powerz' used by players is no kind"),
        ("those with a rank", "those with a rang", "'rang' is no field of power; did you mean"),
        ("player of their knight,", "player of their night,", "'night' is no field of power"),
        (
            "Turn a stores die of this barn into one of another type",
            "Turn a charm die into one of another type",
            "comes from a family of pools",
        ),
    ],
)
def test_a_mistake_is_told_where_it_is_written(written: str, replaced: str, told: str) -> None:
    text = YARD.replace(written, replaced)
    assert text != YARD
    errors = check_sources([Source("yard.rules", text)]).diagnostics.errors
    assert [e.message for e in errors if told in e.message], [e.message for e in errors]
    line = next(k for k, row in enumerate(text.splitlines(), 1) if replaced.split(".")[0] in row)
    assert all(e.span.line == line for e in errors if told in e.message)
