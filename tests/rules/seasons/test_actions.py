"""Seed 003, "Actions": orders resolved in placement order; the player acts up to the order's
worth or takes that much gold; a blessing or an artifact before or after; work (douse, build
with a discount, rebuild), recruit, move (the combat area, monsters, bandits), feast, steal."""

from __future__ import annotations

from seasons_testing import answer, at_planning, plan

from dsl.world.game import WorldGame

OTHERS = ["Steal on Summer, face up", "Recruit on Autumn, face down"]  # p2's, after p1's


def first_order(
    seasons, order: str, then: str = "Feast on Winter, face down", hand: str = ""
) -> WorldGame:  # type: ignore[no-untyped-def]
    """p1 first, ``order`` their first (face up); the game at its resolution (``hand``: a
    blessing in p1's hand first)."""
    game = at_planning(seasons, first="p1")
    if hand:
        game.ops.move_card(hand, zone="hand", owner="p1")
    plan(game, {"p1": [order, then], "p2": list(OTHERS)})
    return game


def gold(game: WorldGame, player: str = "p1") -> int:
    return game.state.values[player]["gold"]


def test_orders_are_resolved_in_placement_order(seasons) -> None:
    game = first_order(seasons, "Feast on Spring, face up")
    asked = []
    while (d := game.pending()) is not None and d.kind == "order":
        if d.prompt not in asked:
            asked.append(d.prompt)
        game.apply(next(o for o in d.options if str(o).startswith("take ")))
    assert asked == [
        "Player 1: Feast worth 3",
        "Player 2: Steal worth 2",
        "Player 1: Feast worth 1",
        "Player 2: Recruit worth 2",
    ]
    assert game.state.orders == []  # the board is cleared for the next period


def test_an_order_may_be_taken_as_gold_equal_to_its_worth(seasons) -> None:
    game = first_order(seasons, "Work on Spring, face up")
    before = gold(game)
    answer(game, "take 3 gold")
    assert gold(game) == before + 3
    assert game.pending().who == "p2"  # the order is resolved: the next one's turn


def test_feast_raises_happiness_once_per_point_of_the_order(seasons) -> None:
    game = first_order(seasons, "Feast on Spring, face up")
    answer(game, "act: Feast", "Feast: Feast")
    assert game.state.values["p1"]["happiness"] == 5 + 3
    assert game.state.values["p1"]["effort"] == 0
    assert game.pending().who == "p2"


def test_steal_takes_a_gold_from_an_opponent_per_point(seasons) -> None:
    game = first_order(seasons, "Steal on Spring, face up")
    answer(game, "act: Steal", "Steal: Steal", "p2", "Steal: Steal", "p2", "done")
    assert (gold(game, "p1"), gold(game, "p2")) == (12, 8)


def test_recruiting_a_peasant_is_free_and_a_warrior_costs_1(seasons) -> None:
    game = first_order(seasons, "Recruit on Spring, face up")
    answer(game, "act: Recruit", "Recruit: Recruit", "peasant on North Capital")
    assert gold(game) == 10
    answer(game, "Recruit: Recruit", "warrior on North Capital")
    assert gold(game) == 9
    assert game.ops.count("North Capital", "peasant", "p1") == 2
    assert game.ops.count("North Capital", "warrior", "p1") == 2


def test_no_unit_is_recruited_past_the_unit_limit(seasons) -> None:
    game = first_order(seasons, "Recruit on Spring, face up")
    game.ops.place("North Capital", "peasant", 3, "p1")  # 5 units there now
    answer(game, "act: Recruit", "Recruit: Recruit")  # nowhere to recruit: refused
    assert "Recruit: Recruit" not in game.pending().options
    assert game.ops.count("North Capital", "peasant", "p1") == 4


def test_build_takes_a_gold_off_the_cost_per_point_and_a_rebuild_replaces(seasons) -> None:
    game = first_order(seasons, "Work on Spring, face up")
    answer(game, "act: Work", "Build: Work", "Barracks on North Farm")
    assert gold(game) == 10 - (3 - 3)  # cost 3, worth 3
    built = [c for c, i in game.state.cards.items() if i.get("at") == "North Farm"]
    assert [game.state.cards[c]["name"] for c in built] == ["Barracks"]
    assert game.state.values["p1"]["effort"] == 0
    # a rebuild: the Town Hall on the capital goes back to the supply
    game = first_order(seasons, "Work on Spring, face up")
    answer(game, "act: Work", "Build: Work", "Market Hall on North Capital")
    assert gold(game) == 10 - (4 - 3)
    on_capital = [
        game.state.cards[c]["name"]
        for c, i in game.state.cards.items()
        if i.get("at") == "North Capital"
    ]
    assert on_capital == ["Market Hall"]  # one building a tile


def test_dousing_a_fire_costs_one_point(seasons) -> None:
    game = first_order(seasons, "Work on Spring, face up")
    game.ops.place("North Farm", "fire", 2)
    answer(game, "act: Work", "Douse: Work", "North Farm")
    assert game.ops.count("North Farm", "fire") == 1
    assert game.state.values["p1"]["effort"] == 2


def test_a_warrior_moves_to_the_combat_area_and_kills_a_bandit_it_meets(seasons) -> None:
    game = first_order(seasons, "Move on Spring, face up")
    game.ops.place("North Farm", "bandit")
    answer(game, "act: Move", "March: Move", "warrior from North Capital to North Farm")
    assert game.ops.count("North Farm", "bandit") == 0
    assert game.ops.count("North Farm", "warrior", "p1") == 0  # removed both
    assert game.state.values["p1"]["happiness"] == 6
    game = first_order(seasons, "Move on Spring, face up")
    answer(game, "act: Move", "March: Move", "warrior from North Capital to Combat Area")
    assert game.ops.count("Combat Area", "warrior", "p1") == 1


def test_killing_a_monster_costs_one_point_gives_happiness_and_a_loot_roll(seasons) -> None:
    game = first_order(seasons, "Move on Spring, face up")
    game.state.pieces["North Capital"]["monster"] = 1  # one monster there, whatever the seed
    game.state.dice_script = [5]  # the loot die: 2 gold (our table)
    answer(game, "act: Move", "Hunt: Move", "North Capital")
    assert game.ops.count("North Capital", "monster") == 0
    assert game.state.values["p1"]["happiness"] == 6
    assert gold(game) == 12


def test_a_blessing_may_be_played_before_the_action(seasons) -> None:
    game = first_order(seasons, "Work on Spring, face up", hand="Good Harvest")
    answer(game, "Play: Good Harvest")
    assert gold(game) == 13
    assert "act: Work" in game.pending().options  # the order is still to resolve


def test_an_artifact_may_be_bought_before_or_after_the_action(seasons) -> None:
    game = first_order(seasons, "Feast on Spring, face up")
    answer(game, "Buy: Star Disc")
    assert gold(game) == 8 and game.state.cards["Star Disc"]["zone"] == "treasure@p1"
    answer(game, "act: Feast", "Feast: Feast")
    game = first_order(seasons, "Steal on Spring, face up")
    answer(game, "act: Steal", "Steal: Steal", "p2", "Buy: Stone Idol")
    assert game.state.cards["Stone Idol"]["zone"] == "treasure@p1"


def test_research_reveals_a_technology_into_the_players_research(seasons) -> None:
    game = first_order(seasons, "Work on Spring, face up")
    top = game.state.zones["technology deck"][0]
    answer(game, "act: Work", "Research: Work")
    assert game.state.zones["research@p1"] == [top]
    assert game.state.values["p1"]["effort"] == 1
    assert top not in str(game.observation("p2")["zones"].get("technology deck"))


def test_warriors_are_recruited_at_a_barracks_only_with_a_technology_that_allows_it(
    seasons,
) -> None:
    def options(drill: bool) -> tuple[str, ...]:
        game = first_order(seasons, "Recruit on Spring, face up")
        game.ops.move_card("Barracks", at="North Farm", owner="p1")
        if drill:
            game.ops.move_card("Drill", zone="research", owner="p1")
        answer(game, "act: Recruit", "Recruit: Recruit")
        return tuple(game.pending().options)

    assert "warrior on North Farm" not in options(drill=False)
    assert "peasant on North Farm" in options(drill=False)
    assert "warrior on North Farm" in options(drill=True)
