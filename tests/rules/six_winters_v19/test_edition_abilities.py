"""Character Sheet, Abilities (and the Character Appendix): a character's abilities are used
during the actions phase by the player whose character it is, the four base abilities from the
start (an achievement's once earned: not text yet, so never offered); a die is placed on it (an
action die, or an asset die at the character's location), so it is used once a turn; the dice
it makes are of the kind of the die placed: an action die gives action dice, an asset die
assets of its type at that location, a resource die dice back into its pool. Real cards of the
v19.7 sheet; dice laid by hand and rolled from a script."""

from __future__ import annotations

from typing import Any

from edition_session import WHERE, held, hold, play_as, session
from test_edition_pool_effects import lay, pool

from dsl.world.game import WorldGame
from dsl.world.pools import faces


def assets(game: WorldGame, resource: str, where: str = WHERE) -> list[int]:
    decl = game.world.property(f"{resource} assets")
    assert decl is not None
    return faces(game, where, decl)


def place_assets(game: WorldGame, resource: str, dice: list[int], where: str = WHERE) -> None:
    held_here = game.state.values.setdefault(where, {})
    for face in range(1, 7):
        held_here.pop(f"{resource} assets#{face}", None)
    for face in dice:
        key = f"{resource} assets#{face}"
        held_here[key] = held_here.get(key, 0) + 1
    held_here[f"{resource} assets"] = len(dice)


def playing(
    winters: Any,
    characters: tuple[str, ...],
    dice: list[list[int]],
    here: dict[str, list[int]] | None = None,
    pools: dict[str, list[int]] | None = None,
) -> WorldGame:
    """Players p1.. playing ``characters`` at Eastkeep with no obstacle on the map, holding
    ``dice``; ``here``: assets at Eastkeep by resource; ``pools``: the trade board's."""
    game = session(winters, players=len(characters))
    game.pending()
    for card, info in game.state.cards.items():
        if info["kind"] == "obstacle" and info.get("at"):
            game.ops.move_card(card, zone="obstacle deck")
    for k, character in enumerate(characters):
        player = f"p{k + 1}"
        game.ops.move_pawn(player, WHERE)
        play_as(game, player, character)
        hold(game, player, dice[k])
    for resource in ("stability", "technology", "espionage", "military", "diplomacy", "sorcery"):
        lay(game, resource, (pools or {}).get(resource, []))
        place_assets(game, resource, (here or {}).get(resource, []))
    return game.clone()


def abilities_offered(game: WorldGame) -> list[str]:
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    return [str(o).removeprefix("Use: ") for o in decision.options if str(o).startswith("Use:")]


def use(game: WorldGame, ability: str, *answers: Any) -> WorldGame:
    game.apply(f"Use: {ability}")
    for answer in answers:
        decision = game.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        assert answer in decision.options, decision.options
        game.apply(answer)
    game.pending()
    return game


# ---- when, whose, what it costs ----------------------------------------------------------------


def test_a_character_uses_their_own_base_abilities_only(winters: Any) -> None:
    # Thea holds a 4 (Thea base 2: 4 into 5); Keel's 5-into-1 is not hers to use
    game = playing(winters, ("Thea",), [[4, 5]])
    assert abilities_offered(game) == ["Thea base 2"]
    # her achievements (a move to a Red Bank location among them) wait for their achievement
    assert not any("achievement" in a for a in abilities_offered(game))


def test_each_player_is_offered_their_own_characters_abilities(winters: Any) -> None:
    game = playing(winters, ("Thea", "Keel"), [[4, 5], [4, 5]])
    assert abilities_offered(game) == ["Thea base 2"]
    game.apply("pass")
    # Keel: 5 into 1 (base 2), Move to any Empire location (base 4); no technology die to split
    assert abilities_offered(game) == ["Keel base 2", "Keel base 4"]


def test_no_die_of_the_value_no_ability(winters: Any) -> None:
    game = playing(winters, ("Thea",), [[1, 2, 3, 5, 6]])
    assert abilities_offered(game) == []


def test_a_die_turned_is_an_action_die_and_the_ability_waits_for_the_next_turn(
    winters: Any,
) -> None:
    game = use(playing(winters, ("Thea",), [[4, 4, 6]]), "Thea base 2")
    assert held(game) == [4, 5, 6]  # the die placed on it: one 4; a 5 comes back
    assert abilities_offered(game) == []  # a 4 is left, but the die stays on it until the refresh


def test_an_asset_die_turned_stays_an_asset_of_its_type_here(winters: Any) -> None:
    game = playing(winters, ("Thea",), [[2]], here={"military": [4]})
    game = use(game, "Thea base 2")  # the only 4: the military asset
    assert assets(game, "military") == [5]
    assert held(game) == [2]


def test_the_player_chooses_the_die(winters: Any) -> None:
    game = playing(winters, ("Fuscus",), [[3]], here={"diplomacy": [3]})
    game.apply("Use: Fuscus base 2")  # 3 into 4
    decision = game.pending()
    assert decision is not None
    assert list(decision.options) == ["a 3 of red dice", "a 3 of diplomacy assets of Eastkeep"]
    game.apply("a 3 of diplomacy assets of Eastkeep")
    game.pending()
    assert assets(game, "diplomacy") == [4] and held(game) == [3]


def test_a_die_spent_before_is_not_there_for_the_ability(winters: Any) -> None:
    game = playing(winters, ("Thea",), [[4]])
    game.apply("Take: Rest")  # the action die spent on a rest
    game.apply("Psyche")
    game.pending()
    assert held(game) == []
    assert abilities_offered(game) == []


# ---- the Character Appendix ------------------------------------------------------------------


def test_fuscus_subtract_one(winters: Any) -> None:
    # Spend a die and gain a die one value lower: a 1 cannot go lower
    game = playing(winters, ("Fuscus",), [[1, 6]])
    assert "Fuscus base 3" in abilities_offered(game)
    game = use(game, "Fuscus base 3")  # the 6 is the only die that can
    assert held(game) == [1, 5]


def test_keel_tech_split_of_a_resource_die_goes_back_into_the_pool(winters: Any) -> None:
    game = playing(winters, ("Keel",), [[2]], pools={"technology": [5]})
    game.apply("Use: Keel base 3")
    decision = game.pending()
    assert decision is not None and list(decision.options) == ["1 and 4", "2 and 3"]
    game.apply("2 and 3")
    game.pending()
    assert pool(game, "technology") == [2, 3]  # two dice summing to the 5, the same pool
    assert held(game) == [2]  # no action die spent


def test_keel_tech_split_of_an_asset(winters: Any) -> None:
    game = playing(winters, ("Keel",), [[]], here={"technology": [2]})
    game = use(game, "Keel base 3")  # a 2 splits one way only
    assert assets(game, "technology") == [1, 1]


def test_keel_tech_split_needs_a_technology_die_of_two_or_more(winters: Any) -> None:
    game = playing(winters, ("Keel",), [[]], here={"technology": [1], "military": [6]})
    assert "Keel base 3" not in abilities_offered(game)


def test_thea_exploding_fives(winters: Any) -> None:
    # a stability asset spent; the 5s of her action dice each roll a new die, a new 5 another
    game = playing(winters, ("Thea",), [[5, 5, 2]], here={"stability": [1]})
    game.state.dice_script = [5, 3, 1]
    game = game.clone()
    game = use(game, "Thea base 3")  # one stability die to spend, no 5 among the assets here

    assert held(game) == [1, 2, 3, 5, 5, 5]  # two 5s: a 5 (which explodes: a 1) and a 3
    assert assets(game, "stability") == []


def test_thea_exploding_fives_of_the_assets_here_with_a_resource_die(winters: Any) -> None:
    game = playing(
        winters,
        ("Thea",),
        [[2, 5]],
        here={"military": [5], "sorcery": [6]},
        pools={"stability": [4]},
    )
    game.state.dice_script = [2]
    game = game.clone()
    game.apply("Use: Thea base 3")  # the stability resource die is the only one to spend
    decision = game.pending()
    assert decision is not None and list(decision.options) == ["red dice", "assets of Eastkeep"]
    game.apply("assets of Eastkeep")
    game.pending()
    assert pool(game, "stability") == []
    assert assets(game, "military") == [2, 5]  # a die of the 5's own type
    assert held(game) == [2, 5]  # her 5 not chosen


def test_thea_exploding_fives_with_no_stability_die_is_not_offered(winters: Any) -> None:
    game = playing(winters, ("Thea",), [[5, 5]], here={"military": [5]})
    assert "Thea base 3" not in abilities_offered(game)


def run_locked(game: WorldGame, player: str, ability: str, *answers: Any) -> WorldGame:
    """An achievement's ability is never offered (its achievement is not text yet): its text is
    run here as it would be once earned."""
    game.push_run("use", player=player, card=ability, label="Use")
    for answer in answers:
        decision = game.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        game.apply(answer)
    game.pending()
    return game


def test_thea_change_asset_type_keeps_the_value(winters: Any) -> None:
    game = playing(winters, ("Thea",), [[3]], here={"sorcery": [4]})
    game = run_locked(game, "p1", "Thea achievement 2", "diplomacy assets")
    assert assets(game, "sorcery") == [] and assets(game, "diplomacy") == [4]


def test_keel_die_split_of_an_action_die(winters: Any) -> None:
    game = playing(winters, ("Keel",), [[4]])
    game = run_locked(game, "p1", "Keel achievement 5", "1 and 3")
    assert held(game) == [1, 3]


def test_keels_move_costs_a_die(winters: Any) -> None:
    game = playing(winters, ("Keel",), [[2, 6]])
    game.apply("Use: Keel base 4")
    decision = game.pending()
    assert decision is not None and list(decision.options) == ["a 2 of red dice", "a 6 of red dice"]
    game.apply("a 2 of red dice")
    decision = game.pending()
    assert decision is not None and decision.kind != "action"  # where in the Empire
    game.apply(decision.options[0])
    game.pending()
    assert held(game) == [6]
    assert game.state.cards["Keel"]["at"] == decision.options[0]
