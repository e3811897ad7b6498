"""The cards' texts on the trade board's resource pools and the assets at locations: an
obstacle's activation that removes the lowest die of a pool or empties it, one that removes a die
only when no character is at its location, an overcome text and a seasonal event that add rolled
dice to a pool, and the texts that place rolled dice at locations as assets (Mana Flows, Bountiful
Harvest, Forward Shelters). Real cards of the v19.7 sheet, the dice laid or scripted by hand."""

from __future__ import annotations

from typing import Any

from edition_session import facing, session
from test_edition_activation import activate, table, top_showing
from test_edition_overcome_text import overcome
from test_edition_seasonal_event import REGIONS, season_of, with_tops

from dsl.world.deck_backs import back
from dsl.world.game import WorldGame
from dsl.world.pools import faces


def pool(game: WorldGame, resource: str) -> list[int]:
    decl = game.world.property(f"{resource} resource dice")
    assert decl is not None
    return faces(game, "", decl)


def lay(game: WorldGame, resource: str, dice: list[int]) -> None:
    """The dice the pool holds, by face."""
    held = game.state.values[""]
    for face in range(1, 7):
        held.pop(f"{resource} resource dice#{face}", None)
    for face in dice:
        key = f"{resource} resource dice#{face}"
        held[key] = held.get(key, 0) + 1
    held[f"{resource} resource dice"] = len(dice)


def activated(
    winters: Any, name: str, where: str, thea_at: str, dice: dict[str, list[int]]
) -> WorldGame:
    """``name`` at ``where`` (an Empire space, activated by winter on the Empire's deck), Thea at
    ``thea_at``, the pools holding ``dice``; everyone passes to the next turn's action. The
    pools are refilled after activation only at the next refresh."""
    game = table(winters, {name: where}, thea_at)
    top_showing(game, "empire", "winter", besides=name)
    for resource, shown in dice.items():
        lay(game, resource, shown)
    game.state.values[""]["technology progress"] = 1  # level 1: the refresh rolls no die
    return activate(game)


def test_allocating_funds_removes_the_lowest_technology_die(winters: Any) -> None:
    # activation comes after the refresh: the pool of two stays above its level of one
    game = activated(
        winters, "Allocating Funds", "Eastkeep", "Whitehold", {"technology": [2, 5, 6]}
    )
    assert pool(game, "technology") == [5, 6]


def test_spy_unmasked_empties_the_espionage_pool(winters: Any) -> None:
    game = activated(winters, "Spy Unmasked", "Eastkeep", "Whitehold", {"espionage": [1, 6]})
    assert pool(game, "espionage") == []


def test_northern_patrol_takes_a_stability_die_only_when_no_character_is_there(
    winters: Any,
) -> None:
    alone = activated(winters, "Northern Patrol", "Eastkeep", "Whitehold", {"stability": [3, 4, 4]})
    assert pool(alone, "stability") == [4, 4]
    watched = activated(
        winters, "Northern Patrol", "Eastkeep", "Eastkeep", {"stability": [3, 4, 4]}
    )
    assert pool(watched, "stability") == [3, 4, 4]


def test_egalitarian_society_overcome_adds_three_rolled_stability_dice(winters: Any) -> None:
    # command 3 against Thea's 2: difficult, so no approach; her one die rerolled shows 5 (the
    # defence holds) and is laid; then the three new stability dice roll 6, 1 and 2
    game = facing(winters, "Egalitarian Society", [5], [5, 6, 1, 2])
    before = pool(game, "stability")
    overcome(game)
    assert game.state.cards["Egalitarian Society"]["zone"] == "discard"
    assert pool(game, "stability") == sorted([*before, 6, 1, 2])


def test_sunny_and_mild_adds_two_rolled_stability_dice(winters: Any) -> None:
    # one spring symbol showing as a spring turn starts: Sunny and Mild (Thea in the Empire)
    game = with_tops(winters, ("fall", "fall", "fall"), "Whitehold")
    while season_of(game) != "Spring":
        game = activate(game)
    for region, season in zip(REGIONS, ("spring", "fall", "fall"), strict=True):
        top_showing(game, region, season)
    game.state.values[""]["stability progress"] = 1  # level 2: the refresh rolls none past 2
    lay(game, "stability", [4, 4])
    game = activate(game)  # the turn ends; the second spring turn starts with the event
    assert len(pool(game, "stability")) == 2 + 2


# ---- dice placed at locations as assets ----------------------------------------------------------


def assets(game: WorldGame, where: str, resource: str) -> list[int]:
    decl = game.world.property(f"{resource} assets")
    assert decl is not None
    return faces(game, where, decl)


def without_backs(game: WorldGame, season: str) -> None:
    """No copy showing ``season`` left in the obstacle deck: its symbols show nowhere."""
    split = game.world.decks["obstacle"]
    for card in list(game.state.zones["obstacle deck"]):
        if back(game, split, card) == season:
            game.ops.move_card(card, zone="discard")


def test_mana_flows_puts_a_sorcery_asset_at_each_eldritch_location(winters: Any) -> None:
    # no winter symbol as the session starts: the first winter turn's event is Mana Flows
    game = session(winters)
    without_backs(game, "winter")
    game.pending()
    eldritch = [
        c
        for c, info in game.state.cards.items()
        if info["kind"] in ("location", "peril")
        and c in winters.maps["Standard starting locations"].positions
        and "Eldritch" in (game.card_fields(c).get("tags") or [])
    ]
    assert eldritch
    assert all(len(assets(game, c, "sorcery")) == 1 for c in eldritch)


def test_bountiful_harvest_puts_a_stability_asset_at_each_red_bank_location(winters: Any) -> None:
    # no fall symbol anywhere: the first fall turn's event is Bountiful Harvest
    game = session(winters, seed=2)
    game.pending()
    without_backs(game, "fall")
    while season_of(game) != "Fall":
        game = activate(game)
    for where in ("Ferry's Glenn", "Gray Forest"):
        assert len(assets(game, where, "stability")) == 1
    assert assets(game, "Eastkeep", "stability") == []  # the Empire's


def test_forward_shelters_overcome_places_two_military_assets_where_it_was(winters: Any) -> None:
    # survival 3 against Thea's 0: no approach; her 1, 1 rerolled show 1, 1 (the defence holds)
    # and are laid; the two military assets roll 4 and 2
    game = facing(winters, "Forward Shelters", [1, 1], [1, 1, 4, 2])
    overcome(game)
    assert game.state.cards["Forward Shelters"]["zone"] == "discard"
    assert assets(game, "Eastkeep", "military") == [2, 4]
