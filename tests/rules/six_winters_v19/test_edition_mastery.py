"""Resource Mastery Bonuses: with Red Bank's progress on a track at or past the red + (space 9,
"mastery space"), the players gain that resource's bonus. Technology: one more action die each
turn. Diplomacy: two dice of a pool traded, free, for a new die of the type the wheel of trade
leads it to. Stability: Create Asset and Trade move every die of the action die's value.
Espionage: they move a descending run of dice one apart. Military: the assets of a location on
a military space move, free, to any other location. Sorcery: a sorcery asset laid on a
progress card fits any square's type and face (the text's On Two Fronts, test_progress.py, laid
through the game). Thea (command 2) at Ferry's Glenn (stability, command), the dice laid by
hand."""

from __future__ import annotations

from typing import Any

from edition_session import held, hold, keep_first, play_as, session
from test_edition_pool_effects import lay, pool
from test_edition_progress_play import EASTKEEP, FRONTS, assets, fronts

from dsl.world.game import WorldGame
from dsl.world.grid_play import laid_on
from dsl.world.pools import faces

GLENN = "Ferry's Glenn"
RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def mastered(winters: Any, resource: str, space: int) -> WorldGame:
    """A session whose ``resource`` progress marker stands on ``space`` from its start."""
    game = session(winters, keep=False)  # the marker set before the setup runs
    game.state.values.setdefault("", {})[f"{resource} progress"] = space
    return keep_first(game)


def at_glenn(game: WorldGame, dice: list[int], pools: dict[str, list[int]]) -> WorldGame:
    game.ops.move_pawn("p1", GLENN)
    play_as(game, "p1", "Thea")
    hold(game, "p1", dice)
    for resource in RESOURCES:
        lay(game, resource, pools.get(resource, []))
    return game.clone()


def options(game: WorldGame) -> list[str]:
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    return [str(o) for o in decision.options]


def take(game: WorldGame, action: str) -> None:
    game.apply(f"Take: {action}")
    game.pending()


def test_technology_mastery_one_more_action_die_each_turn(winters: Any) -> None:
    assert len(held(mastered(winters, "technology", 8))) == 5
    game = mastered(winters, "technology", 9)
    assert len(held(game)) == 5 + 1
    game.apply("pass")  # the next turn: refreshed to five, then one more
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    assert len(held(game)) == 5 + 1


def test_diplomacy_mastery_two_dice_for_one_along_the_wheel(winters: Any) -> None:
    game = at_glenn(mastered(winters, "diplomacy", 9), [1], {"technology": [2, 4, 6]})
    assert "Take: Two Technology for an Espionage" in options(game)
    game.state.dice_script = [5]
    take(game, "Two Technology for an Espionage")
    assert pool(game, "technology") == [6]  # two spent (our reading: the lowest)
    assert pool(game, "espionage") == [5]  # a new die rolled
    assert held(game) == [1]  # free: no action die
    assert game.ops.value("", "technology slots") == 0  # and no slot


def test_diplomacy_mastery_two_sorcery_for_any_other_and_nothing_for_sorcery(
    winters: Any,
) -> None:
    game = at_glenn(mastered(winters, "diplomacy", 9), [1], {"sorcery": [3, 3]})
    trades = [o for o in options(game) if o.startswith("Take: Two ")]
    assert trades == [f"Take: Two Sorcery for {w}" for w in ("a Stability", "a Technology")] + [
        f"Take: Two Sorcery for {w}" for w in ("an Espionage", "a Military", "a Diplomacy")
    ]
    assert not any(o.endswith("Sorcery") for o in trades)


def test_diplomacy_mastery_not_below_the_red_plus_nor_with_one_die(winters: Any) -> None:
    game = at_glenn(mastered(winters, "diplomacy", 8), [1], {"technology": [2, 4]})
    assert not [o for o in options(game) if o.startswith("Take: Two ")]
    game = at_glenn(mastered(winters, "diplomacy", 9), [1], {"technology": [2]})
    assert not [o for o in options(game) if o.startswith("Take: Two ")]


def test_stability_mastery_the_texts_example_every_three_becomes_an_asset(winters: Any) -> None:
    # the text: the stability pool 3 3 3 3 2, a value 3 die used: all four threes are assets
    game = at_glenn(mastered(winters, "stability", 9), [3, 6], {"stability": [3, 3, 3, 3, 2]})
    take(game, "Create Stability Assets of One Value")
    decl = game.world.property("stability assets")
    assert decl is not None
    assert faces(game, GLENN, decl) == [3, 3, 3, 3]
    assert pool(game, "stability") == [2]
    assert held(game) == [6]  # the 3 used
    assert game.ops.value("", "stability slots") == 1


def test_stability_mastery_the_texts_example_every_three_traded(winters: Any) -> None:
    # the text: a value 3 die used to trade: all four threes into the technology pool
    game = at_glenn(mastered(winters, "stability", 9), [3], {"stability": [3, 3, 3, 3, 2]})
    take(game, "Trade One Value out of Stability")
    assert pool(game, "technology") == [3, 3, 3, 3] and pool(game, "stability") == [2]


def test_stability_mastery_the_value_is_the_action_dies_own(winters: Any) -> None:
    game = at_glenn(mastered(winters, "stability", 9), [6], {"stability": [3, 3]})
    assert not [o for o in options(game) if "One Value" in o]  # a 6 shows no 3
    assert "Take: Create a Stability Asset" in options(game)  # a 6 covers one 3


def test_stability_mastery_not_below_the_red_plus(winters: Any) -> None:
    game = at_glenn(mastered(winters, "stability", 8), [3], {"stability": [3, 3]})
    assert not [o for o in options(game) if "One Value" in o]


def test_espionage_mastery_the_texts_first_example_a_run_as_assets(winters: Any) -> None:
    # the text: 5 4 3 1 and a 5 or 6 used: 5 4 3 become assets, the 1 stays (two below the 3)
    game = at_glenn(mastered(winters, "espionage", 9), [6], {"stability": [5, 4, 3, 1]})
    game.apply("Take: Create a Run of Stability Assets")
    decision = game.pending()
    assert decision is not None and list(decision.options) == [1, 3, 4, 5]  # the first die
    game.apply(5)
    game.pending()
    decl = game.world.property("stability assets")
    assert decl is not None
    assert faces(game, GLENN, decl) == [3, 4, 5] and pool(game, "stability") == [1]
    assert held(game) == [] and game.ops.value("", "stability slots") == 1


def test_espionage_mastery_the_texts_second_example_one_die_a_step(winters: Any) -> None:
    # the text: 5 4 4 3 2 and a 5 used: 5 4 3 2 go, the second 4 stays; traded to technology
    game = at_glenn(mastered(winters, "espionage", 9), [5], {"stability": [5, 4, 4, 3, 2]})
    game.apply("Take: Trade a Run out of Stability")
    game.pending()
    game.apply(5)
    game.pending()
    assert pool(game, "technology") == [2, 3, 4, 5] and pool(game, "stability") == [4]


def test_espionage_mastery_not_below_the_red_plus(winters: Any) -> None:
    game = at_glenn(mastered(winters, "espionage", 8), [6], {"stability": [5, 4, 3]})
    assert not [o for o in options(game) if "Run" in o]


def sorcerous(winters: Any, space: int) -> WorldGame:
    """On Two Fronts held at Ferry's Glenn (a 3 military, a 1 sorcery there; a 6 sorcery and a
    4 stability at Eastkeep), sorcery progress on ``space``."""
    game = fronts(winters)
    game.state.values[""]["sorcery progress"] = space
    assets(game, GLENN, "diplomacy", [])
    assets(game, GLENN, "sorcery", [1])
    assets(game, EASTKEEP, "technology", [])
    assets(game, EASTKEEP, "sorcery", [6])
    return game.clone()


def fill(game: WorldGame, label: str | None = None) -> list[str]:
    """Take Fill Progress; lay ``label`` when asked (and given). The options asked, if any."""
    take(game, "Fill Progress")
    decision = game.pending()
    if decision is None or decision.kind != "choose_option":
        return []
    offered = [str(o) for o in decision.options]
    if label is not None:
        game.apply(f"{label} of {FRONTS}")
        game.pending()
    return offered


def test_sorcery_mastery_a_sorcery_asset_fits_any_type_and_face(winters: Any) -> None:
    # the diagonal of On Two Fronts by sorcery assets: a 1 where a 5 is asked, a 6 where a
    # technology die is; the Red Bank start and the Empire end still ask where the die comes from
    game = sorcerous(winters, 9)
    military = game.ops.value("", "military progress")
    assert fill(game, "3 military at row 1, column 1") == [
        f"3 military at row 1, column 1 of {FRONTS}",
        f"1 sorcery at row 1, column 1 of {FRONTS}",
    ]
    # the 1 on the 5 of the diagonal, or on the espionage square below the start
    assert fill(game, "1 sorcery at row 2, column 2") == [
        f"1 sorcery at row 2, column 1 of {FRONTS}",
        f"1 sorcery at row 2, column 2 of {FRONTS}",
    ]
    game.apply("Take: Move to the Empire")
    game.apply(EASTKEEP)
    game.pending()
    fill(game, "6 sorcery at row 3, column 3")
    assert {at: d.face for at, d in laid_on(game, FRONTS, "path").items()} == {
        (0, 0): 3,
        (1, 1): 1,
        (2, 2): 6,
    }
    fill(game, "4 stability at row 4, column 4")
    assert game.state.cards[FRONTS]["zone"] == game.discard_key(FRONTS)
    assert game.ops.value("", "military progress") == military + 1


def test_sorcery_mastery_not_below_the_red_plus(winters: Any) -> None:
    game = sorcerous(winters, 8)
    fill(game, "3 military at row 1, column 1")
    # a 1 sorcery is neither a 5 nor an espionage die
    assert "Take: Fill Progress" not in options(game)


def test_military_mastery_assets_of_a_military_location_to_any_other(winters: Any) -> None:
    # Eastkeep and Dusk's Ayrie stand on the two military spaces (the top of the Empire's and
    # of Red Bank's columns); their assets go, every type, faces kept, wherever Thea stands
    game = at_glenn(mastered(winters, "military", 9), [1], {})
    assets(game, EASTKEEP, "military", [2, 6])
    assets(game, EASTKEEP, "sorcery", [4])
    assets(game, GLENN, "stability", [3])
    game = game.clone()
    take(game, "Move Military Assets")
    assert options_asked(game) == [EASTKEEP, "Dusk's Ayrie"]  # where from: no other location
    game.apply(EASTKEEP)
    assert GLENN in options_asked(game)
    game.apply(GLENN)
    game.pending()
    for resource, dice in (("military", [2, 6]), ("sorcery", [4]), ("stability", [3])):
        decl = game.world.property(f"{resource} assets")
        assert decl is not None
        assert faces(game, GLENN, decl) == dice and faces(game, EASTKEEP, decl) == []
    assert held(game) == [1]  # free: no action die


def test_military_mastery_not_below_the_red_plus(winters: Any) -> None:
    game = at_glenn(mastered(winters, "military", 8), [1], {})
    assets(game, EASTKEEP, "military", [2])
    assert "Take: Move Military Assets" not in options(game.clone())


def options_asked(game: WorldGame) -> list[str]:
    decision = game.pending()
    assert decision is not None and decision.kind != "action"
    return [str(o) for o in decision.options]


def test_the_heuristic_bot_brings_a_military_locations_assets_to_itself(winters: Any) -> None:
    from rules.six_winters_v19.bots import HeuristicBot

    game = at_glenn(mastered(winters, "military", 9), [1], {})
    assets(game, EASTKEEP, "military", [2, 6])
    for resource in RESOURCES:  # the other military space holds none (the seed put one there)
        assets(game, "Dusk's Ayrie", resource, [])
    game = game.clone()
    bot = HeuristicBot(3)
    for _ in range(3):  # the action, where from, where to
        decision = game.pending()
        assert decision is not None
        game.apply(bot.choose(game.observation("p1"), decision))
    decl = game.world.property("military assets")
    assert decl is not None
    assert faces(game, GLENN, decl) == [2, 6] and faces(game, EASTKEEP, decl) == []
    decision = game.pending()  # nothing left there: the bot does not take it again
    assert decision is not None
    assert bot.choose(game.observation("p1"), decision) != "Take: Move Military Assets"
