"""Trade Board, Resource Pools, and the turn's Refresh: six pools of resource dice, refilled at the
session's start and at each refresh to the level printed under the resource's progress space;
the dice already there are not rerolled and a pool holding more than its level keeps them.
Every pool starts at one die, stability at two. The levels under each space are our reading of
a picture we do not have (ruleset.rules: "Progress level", "Stability level", "Sorcery level")."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import keep_first, session
from test_edition_activation import top_showing

from dsl.world.game import WorldGame, new_game
from dsl.world.pools import faces

RESOURCES = ["stability", "technology", "espionage", "military", "diplomacy", "sorcery"]


def pool(game: WorldGame, resource: str) -> list[int]:
    decl = game.world.property(f"{resource} resource dice")
    assert decl is not None
    return faces(game, "", decl)


def refresh(game: WorldGame) -> WorldGame:
    """Everyone passes: the turn goes on through its refresh to the next action. Winter shows on
    every deck: the next turn is winter's second, whose event (Brutal Cold or Blizzard, as the
    turn's new obstacle leaves two or three) touches no pool."""
    for region in ("empire", "redbank", "settled"):
        top_showing(game, region, "winter")
    game.apply("pass")
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    return game


def test_every_pool_starts_at_one_die_and_stability_at_two(winters: Any) -> None:
    game = session(winters)
    game.pending()
    assert [len(pool(game, r)) for r in RESOURCES] == [2, 1, 1, 1, 1, 1]


@pytest.mark.parametrize(
    ("resource", "space", "level"),
    [
        ("technology", 3, 1),
        ("technology", 4, 2),
        ("military", 9, 3),
        ("diplomacy", 12, 5),
        ("stability", 7, 4),
        ("stability", 12, 5),
        ("sorcery", 5, 3),
        ("sorcery", 11, 6),
    ],
)
def test_the_refresh_refills_a_pool_to_the_level_of_its_progress_space(
    winters: Any, resource: str, space: int, level: int
) -> None:
    game = session(winters)
    game.pending()
    game.state.values[""][f"{resource} progress"] = space
    game = refresh(game)
    assert len(pool(game, resource)) == level


def test_the_dice_in_a_pool_are_not_rerolled(winters: Any) -> None:
    # the dice in the order rolled: five action dice as the session is dealt, the pools' at
    # setup (stability's two first), the first winter event's (this seed's: Mana Flows, a
    # sorcery asset at each of the two Eldritch places), then at the first refresh military's
    # one new die (level 2) and the action dice again
    dealt, pools, event, refill = [1, 2, 3, 4, 5], [6, 6, 2, 3, 4, 5, 1], [5, 5], [2, 6, 6, 6]
    game = keep_first(new_game(winters, seed=1, players=1, dice=[*dealt, *pools, *event, *refill]))
    game.pending()
    assert [pool(game, r) for r in RESOURCES] == [[6, 6], [2], [3], [4], [5], [1]]
    game.state.values[""]["military progress"] = 4
    game = refresh(game)
    assert pool(game, "military") == [2, 4]  # the 4 kept, a 2 rolled beside it
    assert pool(game, "stability") == [6, 6]  # full at level 2: nothing rolled


def test_a_pool_holding_more_than_its_level_keeps_them(winters: Any) -> None:
    game = session(winters)
    game.pending()
    held = game.state.values[""]
    held["espionage resource dice"] = 3
    for face in (2, 4):
        held[f"espionage resource dice#{face}"] = held.get(f"espionage resource dice#{face}", 0) + 1
    before = pool(game, "espionage")
    game = refresh(game)
    assert pool(game, "espionage") == before
