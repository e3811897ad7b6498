"""Actions, Create Asset: an action die on an open resource action slot of the pool of the
location's resource (the slot at most the character's rank in the location's skill), then a die
of that pool of at most the action die's value moved to the location as an asset, its face kept.
The location's resource is its space's on the board: Red Bank's middle space stability, its
bottom one sorcery. The slots are emptied at the refresh. Real cards of the v19.7 sheet, Thea
(command 2, combat 0), the dice laid by hand."""

from __future__ import annotations

from typing import Any

from edition_session import held, hold, play_as, session
from test_edition_pool_effects import lay, pool

from dsl.world.game import WorldGame
from dsl.world.pools import faces


def at(winters: Any, where: str, dice: list[int], pools: dict[str, list[int]]) -> WorldGame:
    """Thea played by p1 at ``where``, holding ``dice``, the pools holding ``pools``."""
    game = session(winters)
    game.pending()
    game.ops.move_pawn("p1", where)
    play_as(game, "p1", "Thea")
    hold(game, "p1", dice)
    for resource, shown in pools.items():
        lay(game, resource, shown)
    return game.clone()


def assets(game: WorldGame, where: str, resource: str) -> list[int]:
    decl = game.world.property(f"{resource} assets")
    assert decl is not None
    return faces(game, where, decl)


def offered(game: WorldGame) -> list[str]:
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    return [str(o) for o in decision.options if "Asset" in str(o)]


def test_the_action_of_the_locations_resource_only(winters: Any) -> None:
    # Ferry's Glenn: Red Bank's middle space, stability
    game = at(winters, "Ferry's Glenn", [5], {"stability": [3]})
    assert offered(game) == ["Take: Create a Stability Asset"]
    # Gray Forest: Red Bank's bottom space, sorcery
    game = at(winters, "Gray Forest", [5], {"sorcery": [3]})
    assert offered(game) == ["Take: Create a Sorcery Asset"]


def test_a_die_of_at_most_the_action_dies_value_moves_to_the_location(winters: Any) -> None:
    game = at(winters, "Ferry's Glenn", [2, 5], {"stability": [4, 6]})
    game.apply("Take: Create a Stability Asset")
    game.pending()
    assert assets(game, "Ferry's Glenn", "stability") == [4]  # the 6: no action die covers it
    assert pool(game, "stability") == [6]
    assert held(game) == [2]  # the 5 placed on the slot
    assert game.ops.value("", "stability slots") == 1


def test_the_player_chooses_which_die_moves(winters: Any) -> None:
    game = at(winters, "Ferry's Glenn", [6], {"stability": [1, 4]})
    game.apply("Take: Create a Stability Asset")
    decision = game.pending()
    assert decision is not None and list(decision.options) == [1, 4]
    game.apply(4)
    game.pending()
    assert assets(game, "Ferry's Glenn", "stability") == [4]
    assert pool(game, "stability") == [1]


def test_no_die_the_action_dice_cover_no_asset(winters: Any) -> None:
    game = at(winters, "Ferry's Glenn", [1, 2], {"stability": [3, 6]})
    assert offered(game) == []


def test_the_slots_at_most_the_rank_in_the_locations_skill(winters: Any) -> None:
    # Gray Forest asks combat, Thea's 0: slot 0 only, one asset a turn
    game = at(winters, "Gray Forest", [4, 5, 6], {"sorcery": [1, 2, 3]})
    game.apply("Take: Create a Sorcery Asset")
    game.pending()
    game.apply(1)  # which die
    assert offered(game) == []
    # Ferry's Glenn asks command, Thea's 2: slots 0, 1 and 2, three assets a turn
    game = at(winters, "Ferry's Glenn", [4, 5, 6, 6], {"stability": [1, 1, 1, 1]})
    for _ in range(3):
        assert offered(game) == ["Take: Create a Stability Asset"]
        game.apply("Take: Create a Stability Asset")
        game.pending()
    assert offered(game) == []
    assert assets(game, "Ferry's Glenn", "stability") == [1, 1, 1]


def test_the_refresh_empties_the_slots(winters: Any) -> None:
    game = at(winters, "Gray Forest", [6], {"sorcery": [2]})
    game.apply("Take: Create a Sorcery Asset")
    game.pending()
    assert game.ops.value("", "sorcery slots") == 1
    game.apply("pass")
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    assert game.ops.value("", "sorcery slots") == 0
    assert assets(game, "Gray Forest", "sorcery") == [2]  # the asset stays
