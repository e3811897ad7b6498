"""Asset cards: each Exhaust, Play, Refresh or standing text does what the card says."""

from card_table import (
    dice_at,
    events,
    game,
    option,
    options,
    piece,
    settle,
    tokens,
    use,
)
from six_winters_table import add_location, place, put_dice


def test_whisper_drip_rolls_and_places_a_sorcery_at_this_location_once_per_turn(cards):
    session = game(cards, at="Eastkeep", dice=[4])
    session.character("Parin").assets = ["Whisper Drip"]
    use(session, "Parin", "Whisper Drip")
    assert dice_at(session, "Eastkeep") == [("sorcery", 4)]
    assert option("Parin", "Whisper Drip") not in options(session)  # exhausted this turn
    piece(session, "Refresh")
    assert option("Parin", "Whisper Drip") in options(session)  # upright again


def test_wound_paste_recovers_one_body_for_every_character_at_its_location(cards):
    session = game(cards, ("Kanun", "Parin", "Fuscus"), at="Eastkeep")
    session.character("Fuscus").location = "Yearly Field"
    for name in ("Kanun", "Parin", "Fuscus"):
        session.character(name).body = 1
    session.character("Kanun").assets = ["Wound Paste"]
    use(session, "Kanun", "Wound Paste")
    bodies = {n: session.character(n).body for n in ("Kanun", "Parin", "Fuscus")}
    assert bodies == {"Kanun": 2, "Parin": 2, "Fuscus": 1}


def test_loomwood_apples_give_one_action_point_to_every_character_at_this_location(cards):
    session = game(cards, ("Kanun", "Parin", "Fuscus"), at="Eastkeep")
    session.character("Fuscus").location = "Yearly Field"
    session.character("Parin").assets = ["Loomwood Apples"]
    use(session, "Parin", "Loomwood Apples")
    points = {n: session.character(n).action_points for n in ("Kanun", "Parin", "Fuscus")}
    assert points == {"Kanun": 5, "Parin": 5, "Fuscus": 4}


def test_wobbly_naz_may_spend_an_action_point_to_move_a_resource_here_onto_the_card(cards):
    session = game(cards, at="Eastkeep")
    put_dice(session, "Eastkeep", ("military", 3))
    session.character("Kanun").assets = ["Wobbly Naz"]
    offered = [
        o
        for o in options(session)
        if isinstance(o, dict) and o.get("act") == "permission" and o["card"] == "Wobbly Naz"
    ]
    assert offered
    session.apply(offered[0])
    settle(session)
    assert dice_at(session, "Eastkeep") == []
    assert session.character("Kanun").action_points == 3


def test_traveling_tent_spends_a_technology_to_give_everyone_here_an_initiative(cards):
    session = game(cards, ("Kanun", "Parin", "Fuscus"), at="Eastkeep", dice=[5, 5])
    session.character("Fuscus").location = "Yearly Field"
    put_dice(session, "Eastkeep", ("technology", 2), ("military", 2))
    session.character("Kanun").assets = ["Traveling Tent"]
    before = {n: len(session.character(n).initiative) for n in ("Kanun", "Parin", "Fuscus")}
    use(session, "Kanun", "Traveling Tent")
    assert dice_at(session, "Eastkeep") == [("military", 2)]
    after = {n: len(session.character(n).initiative) for n in ("Kanun", "Parin", "Fuscus")}
    assert after == {
        "Kanun": before["Kanun"] + 1,
        "Parin": before["Parin"] + 1,
        "Fuscus": 0 + before["Fuscus"],
    }


def test_book_of_pressed_leaves_places_a_progress_on_a_lore_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")  # shadow
    place(session, "Animaelic Echoes", "Eastkeep")  # lore
    session.character("Parin").assets = ["Book of Pressed Leaves"]
    use(session, "Parin", "Book of Pressed Leaves")
    assert tokens(session, "Eastkeep") == {"Mole Hunt": (0, 0), "Animaelic Echoes": (1, 0)}


def test_thieves_tools_place_a_progress_on_an_edge_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")  # shadow
    place(session, "Aldric the Deceitful", "Eastkeep")  # edge
    session.character("Parin").assets = ["Thieves' Tools"]
    use(session, "Parin", "Thieves' Tools")
    assert tokens(session, "Eastkeep") == {"Mole Hunt": (0, 0), "Aldric the Deceitful": (1, 0)}


def test_stoutleaf_blade_polish_places_a_progress_on_a_foe_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "The Old Wounds", "Eastkeep")  # an Issue
    place(session, "Guard Captain", "Eastkeep")  # a Foe
    session.character("Kanun").assets = ["Stoutleaf Blade Polish"]
    use(session, "Kanun", "Stoutleaf Blade Polish")
    assert tokens(session, "Eastkeep") == {"The Old Wounds": (0, 0), "Guard Captain": (1, 0)}


def test_zarrahs_charm_refreshes_an_exhausted_ability(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 2))
    kanun = session.character("Kanun")
    kanun.abilities = ["The Hawkleader"]
    kanun.assets = ["Zarrah's Charm"]
    use(session, "Kanun", "The Hawkleader", 6, kind="ability")
    assert option("Kanun", "The Hawkleader", "ability") not in options(session)
    use(session, "Kanun", "Zarrah's Charm")
    assert option("Kanun", "The Hawkleader", "ability") in options(session)
    assert option("Kanun", "Zarrah's Charm") not in options(session)


def test_zarrahs_charm_refreshes_an_ability_card_never_an_asset(cards):
    session = game(cards, at="Boar's Rift", dice=[4])
    put_dice(session, "Boar's Rift", ("military", 2))
    kanun = session.character("Kanun")
    kanun.abilities = ["The Hawkleader"]
    kanun.assets = ["Whisper Drip", "Zarrah's Charm"]
    use(session, "Kanun", "Whisper Drip")
    use(session, "Kanun", "The Hawkleader", 6, kind="ability")
    asked = use(session, "Kanun", "Zarrah's Charm")
    assert all("Whisper Drip" not in d.options for d in asked)  # not even offered
    assert option("Kanun", "The Hawkleader", "ability") in options(session)
    assert option("Kanun", "Whisper Drip") not in options(session)  # the asset stays turned


def test_zarrahs_charm_with_no_used_ability_is_not_turned(cards):
    session = game(cards, at="Eastkeep")
    session.character("Kanun").assets = ["Zarrah's Charm"]
    chosen = option("Kanun", "Zarrah's Charm")
    session.apply(chosen)
    settle(session)
    assert "Zarrah's Charm" not in session.character("Kanun").exhausted
    assert [e["option"]["card"] for e in events(session, "action_refused")] == ["Zarrah's Charm"]
    assert chosen not in options(session)


def test_azadeh_trades_a_diplomacy_here_for_a_stability_of_the_same_value(cards):
    session = game(cards, at="Eastkeep")
    put_dice(session, "Eastkeep", ("diplomacy", 3))
    session.character("Parin").assets = ["Azadeh"]
    use(session, "Parin", "Azadeh")
    assert dice_at(session, "Eastkeep") == [("stability", 3)]


def test_windillipus_featherton_gains_its_owner_one_action_point(cards):
    session = game(cards, at="Eastkeep")
    session.character("Parin").assets = ["Windillipus Featherton"]
    use(session, "Parin", "Windillipus Featherton")
    assert session.character("Parin").action_points == 5
    assert session.character("Kanun").action_points == 4


def test_yasmina_cancels_one_stress_from_sorcery_at_this_location(cards):
    def exploding(with_yasmina: bool):
        session = game(cards, ("Kanun", "Parin"), at="Eastkeep", dice=[6, 3])
        session.character("Parin").location = "Yearly Field"
        kanun = session.character("Kanun")
        kanun.assets = ["Yasmina", "Whisper Drip"] if with_yasmina else ["Whisper Drip"]
        if with_yasmina:
            use(session, "Kanun", "Yasmina")
        use(session, "Kanun", "Whisper Drip")
        return session

    assert len(events(exploding(False), "stress_taken")) == 1  # the sorcery 6 explodes
    session = exploding(True)
    assert dice_at(session, "Eastkeep") == [("sorcery", 6), ("sorcery", 3)]
    assert events(session, "stress_taken") == []
    assert session.character("Kanun").body == cards.characters["Kanun"].body


def test_pox_face_moves_a_companion_or_diplomat_from_staging_to_the_crafting_area(cards):
    session = game(cards, at="Eastkeep")
    session.state.asset_staging = ["Wound Paste", "Azadeh"]  # Azadeh: a Companion
    session.character("Parin").assets = ["Pox Face"]
    use(session, "Parin", "Pox Face")
    assert [a.name for a in session.character("Parin").in_progress][-1] == "Azadeh"
    assert "Azadeh" not in session.state.asset_staging
    assert "Wound Paste" in session.state.asset_staging


def test_mad_honey_loses_a_psyche_to_gain_an_initiative(cards):
    session = game(cards, at="Eastkeep", dice=[3])
    parin = session.character("Parin")
    parin.assets = ["Mad Honey"]
    psyche, pool = parin.psyche, list(parin.initiative)
    use(session, "Parin", "Mad Honey")
    parin = session.character("Parin")
    assert parin.psyche == psyche - 1
    assert sorted(parin.initiative) == sorted([*pool, 3])


def test_traveling_tent_with_no_technology_here_is_taken_back_unused(cards):
    # A card used as an action that cannot do what it says is not turned for nothing: the
    # action is taken back and not offered again until something else is done.
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("military", 2))
    session.character("Kanun").assets = ["Traveling Tent"]
    tent = option("Kanun", "Traveling Tent")
    assert tent in options(session)
    session.apply(tent)
    assert session.pending().kind == "choose_action"
    assert tent not in options(session)
    assert "Traveling Tent" not in session.character("Kanun").exhausted
    assert [e.kind for e in session.events[-1:]] == ["action_refused"]
    parin_moves = [
        o
        for o in options(session)
        if isinstance(o, dict) and o["act"] == "move" and o["character"] == "Parin"
    ]
    session.apply(parin_moves[0])  # the table changed: the tent is offered again
    assert session.character("Kanun").location == "Eastkeep" and tent in options(session)


def _overcome_restless_dead(cards, assets, *defending):
    """Kanun (steel 3) overcomes Restless Dead (body, body) with no defense; both stress dice
    roll 6. ``defending``: the cards Kanun uses when asked, once the dice are seen."""
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep", dice=[6, 6, 2])
    session.character("Parin").location = "Yearly Field"
    kanun = session.character("Kanun")
    kanun.assets = list(assets)
    kanun.initiative = [2]
    session.state.initiative_supply -= 1
    place(session, "Restless Dead", "Eastkeep")
    body, psyche = kanun.body, kanun.psyche
    overcome = {"act": "overcome", "character": "Kanun", "obstacle": "Restless Dead", "index": 0}
    assert overcome in options(session)
    session.apply(overcome)
    settle(session, [], *(option("Kanun", name) for name in defending), "progress")
    kanun = session.character("Kanun")
    return body - kanun.body, psyche - kanun.psyche


def test_mask_of_the_frenzied_beast_loses_a_psyche_to_ignore_all_body_stress(cards):
    assert _overcome_restless_dead(cards, []) == (2, 0)
    mask = "Mask of the Frenzied Beast"
    assert _overcome_restless_dead(cards, [mask], mask) == (0, 1)
    # used in an overcome action only: it is no action of its own
    session = game(cards, at="Eastkeep")
    session.character("Kanun").assets = [mask]
    assert option("Kanun", mask) not in options(session)


def test_murjan_places_a_progress_on_a_steel_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Guard Captain", "Eastkeep")  # shadow
    place(session, "Horse Bandits", "Eastkeep")  # steel
    session.character("Kanun").assets = ["Murjan"]
    use(session, "Kanun", "Murjan")
    assert tokens(session, "Eastkeep") == {"Guard Captain": (0, 0), "Horse Bandits": (1, 0)}


def test_dragon_of_the_critical_word_loses_two_psyche_to_discard_a_foe_anywhere(cards):
    session = game(cards, at="Eastkeep")
    place(session, "The Old Wounds", "Giant's Gate")  # an Issue: stays
    place(session, "Horse Bandits", "Boar's Rift")  # a Foe elsewhere
    session.character("Parin").assets = ["Dragon of the Critical Word"]
    use(session, "Parin", "Dragon of the Critical Word")
    assert session.location("Boar's Rift").obstacles == []
    assert "Horse Bandits" in session.state.obstacle_discard
    assert [o.name for o in session.location("Giant's Gate").obstacles] == ["The Old Wounds"]
    assert session.character("Parin").psyche == cards.characters["Parin"].psyche - 2


def test_the_icon_of_channeling_converts_all_hindrance_on_a_lore_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Animaelic Echoes", "Eastkeep", progress=1, hindrance=3)
    place(session, "Mole Hunt", "Eastkeep", hindrance=2)  # shadow: untouched
    session.character("Parin").assets = ["The Icon of Channeling"]
    use(session, "Parin", "The Icon of Channeling")
    assert tokens(session, "Eastkeep") == {"Animaelic Echoes": (4, 0), "Mole Hunt": (0, 2)}


def test_zeno_the_squidmonger_places_a_progress_on_a_spy_or_guard_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Horse Bandits", "Eastkeep")  # Foe, Bandits
    place(session, "Imperial Guard", "Eastkeep")  # Guard
    session.character("Parin").assets = ["Zeno the Squidmonger"]
    use(session, "Parin", "Zeno the Squidmonger")
    assert tokens(session, "Eastkeep") == {"Horse Bandits": (0, 0), "Imperial Guard": (1, 0)}


def test_master_of_coin_draws_an_ability_only_at_an_empire_location(cards):
    session = game(cards, at="Eastkeep")  # Empire
    parin = session.character("Parin")
    parin.assets = ["Master of Coin"]
    parin.abilities, top = [], parin.ability_deck[0]
    use(session, "Parin", "Master of Coin")
    assert session.character("Parin").abilities == [top]
    assert all(loc.obstacles == [] for loc in session.state.locations)
    session = game(cards, at="Giant's Gate")  # Brightdune
    session.character("Parin").assets = ["Master of Coin"]
    session.character("Parin").abilities = []
    deck = list(session.state.obstacle_deck)
    use(session, "Parin", "Master of Coin")
    assert session.character("Parin").abilities == []
    assert session.state.obstacle_deck == deck


def test_zarrah_spends_two_diplomacy_here_to_discard_a_diplomat_obstacle_anywhere(cards):
    session = game(cards, at="Eastkeep")
    put_dice(session, "Eastkeep", ("diplomacy", 1), ("diplomacy", 6), ("military", 2))
    place(session, "The Subtect", "Giant's Gate")  # a Diplomat
    place(session, "Mole Hunt", "Giant's Gate")
    session.character("Parin").assets = ["Zarrah"]
    use(session, "Parin", "Zarrah")
    assert dice_at(session, "Eastkeep") == [("military", 2)]
    assert [o.name for o in session.location("Giant's Gate").obstacles] == ["Mole Hunt"]
    assert "The Subtect" in session.state.obstacle_discard


def test_delir_trades_a_military_five_for_two_military_threes(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 4), ("military", 5))
    session.character("Kanun").assets = ["Delir"]
    use(session, "Kanun", "Delir")
    assert sorted(dice_at(session, "Boar's Rift")) == [
        ("military", 3),
        ("military", 3),
        ("military", 4),
    ]


def test_mirror_of_melting_rolls_a_unit_obstacles_stress_before_defense(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep", dice=[6, 1, 2])
    session.character("Parin").location = "Yearly Field"
    kanun = session.character("Kanun")
    kanun.assets = ["Mirror of Melting"]
    kanun.initiative = [2]
    session.state.initiative_supply -= 1
    place(session, "War Machines", "Eastkeep")  # a Unit
    assert option("Kanun", "Mirror of Melting") not in options(session)  # used in an overcome
    session.apply({"act": "overcome", "character": "Kanun", "obstacle": "War Machines", "index": 0})
    mirror = session.pending()
    assert mirror.kind == "choose_defense"
    session.apply(option("Kanun", "Mirror of Melting"))
    defense = session.pending()
    assert defense.kind == "choose_many" and "defense" in defense.prompt
    assert "[6, 1]" in defense.prompt  # the stress dice, seen before the defense
    settle(session, [], "progress")
    assert session.character("Kanun").body == cards.characters["Kanun"].body - 1  # the 6


def test_hogel_converts_all_hindrance_on_a_charm_obstacle_here(cards):
    session = game(cards, at="Giant's Gate")
    place(session, "Allocating Funds", "Giant's Gate", hindrance=3)  # charm
    place(session, "Grain Shortage", "Giant's Gate", hindrance=2)  # command
    session.character("Parin").assets = ["Hogel"]
    use(session, "Parin", "Hogel")
    assert tokens(session, "Giant's Gate") == {"Allocating Funds": (3, 0), "Grain Shortage": (0, 2)}


def test_pin_of_the_plum_moves_its_owner_to_a_tavern_or_winehouse(cards):
    session = game(cards, at="Eastkeep")
    add_location(session, "The Obfuscated Bribe", -2, 0)  # a Winehouse
    session.character("Parin").assets = ["Pin of the Plum"]
    use(session, "Parin", "Pin of the Plum")
    assert session.character("Parin").location == "The Obfuscated Bribe"
    assert session.character("Kanun").location == "Eastkeep"


def test_pearlescent_lotus_loses_a_body_to_place_two_progress_on_a_lore_obstacle(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Animaelic Echoes", "Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")
    session.character("Kanun").assets = ["Pearlescent Lotus"]
    use(session, "Kanun", "Pearlescent Lotus")
    assert tokens(session, "Eastkeep") == {"Animaelic Echoes": (2, 0), "Mole Hunt": (0, 0)}
    assert session.character("Kanun").body == cards.characters["Kanun"].body - 1


def _stock(session):
    """Every location already holds what it produces: refresh rolls no resource dice."""
    for loc in session.state.locations:
        for resource in session.side(loc).produces:
            put_dice(session, loc.name, (resource, 1))


def _gelshahs_refresh(cards, dice, initiative=()):
    """Kanun holds Gelshah's Heart through a refresh in which everyone takes abilities."""
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep", dice=dice)
    _stock(session)
    for c in session.state.characters:
        session.state.initiative_supply += len(c.initiative) - len(initiative)
        c.initiative = list(initiative)
    session.character("Kanun").assets = ["Gelshah's Heart"]
    piece(session, "Refresh", "ability", "ability", "ability", "ability")
    return session.character("Kanun")


def test_gelshahs_heart_gains_an_initiative_at_refresh_and_a_six_costs_a_psyche(cards):
    kanun = _gelshahs_refresh(cards, dice=[6])
    assert kanun.initiative == [6]
    assert kanun.psyche == cards.characters["Kanun"].psyche - 1


def test_gelshahs_heart_costs_no_psyche_without_a_six_in_the_pool(cards):
    # "an initiative die of value 6": a 3 is not one
    kanun = _gelshahs_refresh(cards, dice=[3])
    assert kanun.initiative == [3]
    assert kanun.psyche == cards.characters["Kanun"].psyche


def test_gelshahs_heart_reads_the_pool_after_the_refresh_rerolls_it(cards):
    # last turn's 6 is rerolled (Kanun's to a 2, Parin's to a 4) before the card looks
    kanun = _gelshahs_refresh(cards, dice=[2, 4, 3], initiative=[6])
    assert sorted(kanun.initiative) == [2, 3]
    assert kanun.psyche == cards.characters["Kanun"].psyche


def test_dragon_of_the_frozen_voice_places_a_progress_on_an_issue_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")  # Foe
    place(session, "The Old Wounds", "Eastkeep")  # Issue
    session.character("Parin").assets = ["Dragon of the Frozen Voice"]
    use(session, "Parin", "Dragon of the Frozen Voice")
    assert tokens(session, "Eastkeep") == {"Mole Hunt": (0, 0), "The Old Wounds": (1, 0)}


def test_the_uncut_string_sets_the_condition_die_to_any_value(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep", dice=[1])
    parin = session.character("Parin")
    parin.assets = ["The Uncut String", "Mad Honey"]
    parin.body = 1
    parin.psyche = 1  # Mad Honey costs the last psyche: a psyche condition roll
    table = cards.condition_tables["psyche"]
    wanted = next(name for low, high, name in table if low <= 6 <= high)
    rolled = next(name for low, high, name in table if low <= 1 <= high)
    assert wanted != rolled
    session.state.dice_script = [1, 3]  # the condition die, then the initiative die

    def six(decision):
        return 6 if 6 in decision.options else True

    # two questions: "may" (yes), then "set that die to any value" (6)
    asked = use(session, "Parin", "Mad Honey", six, six)
    assert any(6 in d.options for d in asked)
    assert session.character("Parin").conditions == [wanted]


def test_baklava_recovers_one_body_when_played(cards):
    session = game(cards, at="Eastkeep")
    session.character("Kanun").assets = ["Baklava"]
    session.character("Kanun").body = 2
    use(session, "Kanun", "Baklava")
    assert session.character("Kanun").body == 3
