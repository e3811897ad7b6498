"""Seed 003, "Events": the Winter Solstice (aging), the Great Sacrifice, the Summer Solstice
(fire), the Harvest (gold, plague, bandits, unrest, effects), a monster invasion after each
event, and combat after each but the Winter Solstice."""

from __future__ import annotations

from seasons_testing import NORTH, SOUTH, again, answer, at_planning, clear, rules

from dsl.world.events import WorldEvent
from dsl.world.players import fire_for_owners


def steps(seasons, phase: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.title for s in seasons.procedure.phase(phase).steps if s.number is not None]


def test_the_events_come_in_the_fragments_order_each_followed_by_planning(seasons) -> None:
    assert steps(seasons, "Year") == [
        "Winter Solstice",
        "First period",
        "Great Sacrifice",
        "Second period",
        "Summer Solstice",
        "Third period",
        "Harvest",
        "Fourth period",
    ]
    assert steps(seasons, "Harvest") == [
        "Gold",
        "Plague",
        "Bandits",
        "Unrest",
        "Effects",
        "Monsters",
        "Invasion",
        "Combat",
    ]


def test_every_event_brings_a_monster_invasion_and_all_but_winter_a_combat(seasons) -> None:
    for phase in ("Winter Solstice", "Great Sacrifice", "Summer Solstice", "Harvest"):
        assert "Invasion" in steps(seasons, phase)
        assert ("Combat" in steps(seasons, phase)) is (phase != "Winter Solstice")


def test_aging_moves_the_marker_once_per_unit(seasons) -> None:
    game = at_planning(seasons)
    assert game.state.values["p1"]["aging"] == 2  # the first Winter Solstice: two units
    game.ops.place("North Farm", "peasant", 1, "p1")
    rules.age_the_units(game)
    assert game.state.values["p1"]["aging"] == 2 + 3
    assert game.state.values["p2"]["aging"] == 2 + 2


def test_at_the_top_of_aging_a_unit_on_the_rolled_land_dies_and_the_marker_goes_on(
    seasons,
) -> None:
    game = at_planning(seasons)
    game.state.values["p1"]["aging"] = 5
    game.ops.place("North Farm", "peasant", 1, "p1")
    game.state.dice_script = [3]  # the aging die: 3-4 the farm (our reading)
    game.ops.change("p1", "aging", 2)
    assert game.ops.count("North Farm", "peasant", "p1") == 0
    assert game.state.values["p1"]["aging"] == 1  # 6, back to 0, then 1


def test_aging_rolls_on_a_land_without_units_take_one_from_the_combat_area_else_reroll(
    seasons,
) -> None:
    game = at_planning(seasons)
    game.ops.place("Combat Area", "warrior", 1, "p1")
    game.state.values["p1"]["aging"] = 5
    game.state.dice_script = [6]  # the mine: no units there
    game.ops.change("p1", "aging", 1)
    assert game.ops.count("Combat Area", "warrior", "p1") == 0
    game.state.values["p1"]["aging"] = 5
    game.state.dice_script = [6, 4, 1]  # mine, farm: none anywhere but the capital; capital
    game.ops.change("p1", "aging", 1)
    assert game.ops.count("North Capital", "peasant", "p1") == 0
    rolled = [e.data["face"] for e in game.events if e.kind == WorldEvent.DIE_ROLLED]
    assert rolled[-3:] == [6, 4, 1]


def test_the_great_sacrifice_gives_a_blessing_per_unit_given(seasons) -> None:
    game = at_planning(seasons, first="p1")
    game.state.frames.clear()
    game.start_phase("Great Sacrifice")
    game = again(game)
    answer(game, "peasant on North Capital", True, "warrior on North Capital")
    assert len(game.state.zones["hand@p1"]) == 2
    assert game.ops.count("North Capital", "warrior", "p1") == 0
    answer(game, "peasant on South Capital", False)  # must give one; may give another
    assert len(game.state.zones.get("hand@p2", [])) == 1
    assert game.ops.count("South Capital", "warrior", "p2") == 1


def test_the_summer_solstice_burns_a_building_and_the_fire_grows(seasons) -> None:
    game = at_planning(seasons)
    game.ops.place("North Capital", "fire")
    rules.the_fires_spread(game)
    assert game.ops.count("North Capital", "fire") == 2
    assert rules.building_on(game, "North Capital") is None
    assert game.state.cards["Town Hall"]["zone"] == "supply"


def test_the_harvest_pays_each_worker_its_land_value_but_not_under_fire_or_bandits(
    seasons,
) -> None:
    game = at_planning(seasons)
    clear(game, [*NORTH, *SOUTH])
    game.ops.place("North Mine", "peasant", 2, "p1")  # 2 x 3
    game.ops.place("North Farm", "peasant", 1, "p1")  # 1 x 2
    game.ops.place("North Capital", "peasant", 1, "p1")  # under fire: nothing
    game.ops.place("North Capital", "fire")
    game.ops.place("South Mine", "peasant", 1, "p2")  # a bandit there: nothing
    game.ops.place("South Mine", "bandit")
    game.ops.place("South Farm", "peasant", 1, "p1")  # p1's worker on p2's farm: p1's gold
    rules.gather_the_harvest(game)
    assert game.state.values["p1"]["gold"] == 10 + 6 + 2 + 2
    assert game.state.values["p2"]["gold"] == 10


def test_a_plague_kills_a_unit_bandits_first_and_may_spread(seasons) -> None:
    game = at_planning(seasons)
    clear(game, [*NORTH, "Wilds"])
    game.ops.place("North Farm", "plague")
    game.ops.place("North Farm", "bandit")
    game.ops.place("North Farm", "peasant", 1, "p1")
    game.state.dice_script = [6]  # spreads (on 4 or more: our choice)
    rules.the_plague_spreads(game)
    assert game.ops.count("North Farm", "bandit") == 0
    assert game.ops.count("North Farm", "peasant", "p1") == 1
    spread = [e.data["on"] for e in game.events if e.kind == WorldEvent.PIECES_PLACED][-1]
    assert spread in ("North Capital", "North Mine")


def test_a_plague_that_kills_no_one_is_removed(seasons) -> None:
    game = at_planning(seasons)
    clear(game, NORTH)
    game.ops.place("North Farm", "plague")
    rules.the_plague_spreads(game)
    assert game.ops.count("North Farm", "plague") == 0


def test_a_bandit_burns_a_building_else_kills_a_worker_else_destroys_a_gold(seasons) -> None:
    game = at_planning(seasons)
    game.ops.place("North Capital", "bandit")
    rules.the_bandits_raid(game)
    assert rules.building_on(game, "North Capital") is None
    assert game.ops.count("North Capital", "peasant", "p1") == 1
    rules.the_bandits_raid(game)
    assert game.ops.count("North Capital", "peasant", "p1") == 0
    rules.the_bandits_raid(game)
    assert game.state.values["p1"]["gold"] == 9


def test_each_token_on_a_players_lands_costs_a_happiness(seasons) -> None:
    game = at_planning(seasons)
    clear(game, [*NORTH, *SOUTH])
    for token in ("plague", "fire", "bandit", "monster"):
        game.ops.place("North Farm", token)
    game.ops.place("Wilds", "monster")  # no one's land
    rules.unrest_lowers_happiness(game)
    assert game.state.values["p1"]["happiness"] == 5 - 4
    assert game.state.values["p2"]["happiness"] == 5


def test_the_harvest_fires_the_effects_of_the_cards_a_player_owns(seasons) -> None:
    game = at_planning(seasons)
    game.ops.move_card("Gold Idol", zone="treasure", owner="p2")
    fire_for_owners(game, "harvest")
    game = again(game)
    assert game.state.values["p1"]["gold"] == 10 + 1  # Town Hall
    assert game.state.values["p2"]["gold"] == 10 + 1 + 2  # Town Hall, Gold Idol


def test_a_monster_invasion_rolls_how_many_and_where(seasons) -> None:
    game = at_planning(seasons)
    clear(game, ["North Farm"])
    game.state.dice_script = [6, 2]  # two monsters, on the tile of face 2
    rules.a_monster_invades(game)
    assert game.ops.count("North Farm", "monster") == 2


def test_combat_places_bandits_by_the_difference_in_combat_power(seasons) -> None:
    game = at_planning(seasons)
    clear(game, [*NORTH, *SOUTH])
    game.ops.place("Combat Area", "warrior", 3, "p1")
    game.ops.place("Combat Area", "warrior", 1, "p2")
    game.ops.place("South Farm", "warrior", 1, "p2")
    game.ops.move_card("Bone Charm", zone="treasure", owner="p1")
    game.state.dice_script = [1, 3]  # two combat dice for p2: capital, farm
    rules.fight(game)
    game = again(game)
    assert game.ops.count("South Capital", "bandit") == 1
    assert game.ops.count("South Farm", "bandit") == 0  # met p2's warrior: both removed
    assert game.ops.count("South Farm", "warrior", "p2") == 0
    assert game.state.values["p1"]["gold"] == 10 + 2  # Bone Charm's Combat text, twice


def test_the_stronger_players_combat_technologies_act_once_per_point_of_difference(
    seasons,
) -> None:
    game = at_planning(seasons)
    clear(game, [*NORTH, *SOUTH])
    game.ops.place("Combat Area", "warrior", 2, "p2")
    game.ops.move_card("Banners", zone="research", owner="p2")
    game.state.dice_script = [5, 6]  # two bandits on p1's mine
    rules.fight(game)
    game = again(game)
    assert game.ops.count("North Mine", "bandit") == 2
    assert game.state.values["p2"]["happiness"] == 5 + 2
