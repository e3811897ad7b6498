"""Scene cards: each epilogue (and each of its choices) does what the card says when the scene
is narrated."""

from card_table import dice_at, game, narrate, plain, tokens
from six_winters_table import add_location, place


def _choose(label):
    def pick(decision):
        if decision.kind == "choose_option":
            return next(o for o in decision.options if str(o).startswith(label))
        return plain(decision)

    return pick


def epilogue(cards, scene, at, *answers, who=("Kanun",), others=("Parin",), setup=None):
    """Narrate ``scene`` at ``at`` with empty draw decks, so the decks then hold exactly what
    the epilogue added."""
    session = game(cards, (*who, *others), at=at)
    for name in others:
        session.character(name).location = "Yearly Field" if at != "Yearly Field" else "Eastkeep"
    st = session.state
    st.asset_deck, st.obstacle_deck, st.scene_deck, st.asset_staging = [], [], [], []
    if setup is not None:
        setup(session)
    narrate(session, scene, at, list(who), *answers)
    assert scene in session.state.archive
    return session


def _where(session, name):
    return next((loc for loc in session.state.locations if loc.name == name), None)


def _region_of_neighbours(session, name, region):
    loc = _where(session, name)
    assert loc is not None, f"{name} was not added"
    near = [session.location(n) for n in session.adjacent(name)]
    assert any(session.ruleset.locations[n.name].region == region for n in near)


def test_gasping_spores_stay_adds_loomwood_ur_akti_yellow_blight_and_disperse_riots(cards):
    session = epilogue(
        cards, "Find the Source of the Gasping Spores", "Giant's Gate", _choose("Stay")
    )
    st = session.state
    _region_of_neighbours(session, "Loomwood", "brightdune")
    assert sorted(st.obstacle_deck) == ["Ur-Akti", "Yellow Blight"]
    assert st.scene_deck == ["Disperse Riots in Loomwood"]
    assert _where(session, "Pearlescent Marsh") is None


def test_gasping_spores_abandon_adds_pearlescent_marsh_grain_shortage_and_the_riddle(cards):
    session = epilogue(
        cards, "Find the Source of the Gasping Spores", "Giant's Gate", _choose("Abandon")
    )
    st = session.state
    _region_of_neighbours(session, "Pearlescent Marsh", "brightdune")
    assert st.obstacle_deck == ["Grain Shortage"]
    assert st.scene_deck == ["Answer Scorpion-Tail's Riddle"]
    assert _where(session, "Loomwood") is None


def test_retrieve_the_horses_adds_hogeltown_its_obstacles_assets_and_scene(cards):
    session = epilogue(cards, "Retrieve the Owner of a Thousand Horses' Horses", "Boar's Rift")
    st = session.state
    _region_of_neighbours(session, "Hogeltown", "settled")
    assert sorted(st.obstacle_deck) == ["Hogel's Jealousy", "Horse Bandits"]
    assert sorted(st.asset_deck) == ["Hogel", "Murjan"]
    assert st.scene_deck == ["Help Hogel Woo Pox Face"]


def test_persuade_the_satrap_develops_boars_rift_and_adds_delir_and_allocating_funds(cards):
    session = epilogue(cards, "Persuade the Satrap to Guard the North", "Giant's Gate")
    assert session.location("Boar's Rift").developed
    assert not session.location("Giant's Gate").developed
    assert session.state.asset_deck == ["Delir"]
    assert session.state.obstacle_deck == ["Allocating Funds"]


def test_amber_wine_drinking_game_develops_giants_gate_and_adds_amber_wine(cards):
    session = epilogue(cards, "Take Second at the Amber Wine Drinking Game", "Giant's Gate")
    assert session.location("Giant's Gate").developed
    assert session.state.asset_deck == ["Amber Wine"]


def test_decipher_gelshahs_scroll_adds_the_tower_two_restless_dead_the_heart_and_yasmina(cards):
    session = epilogue(cards, "Decipher Gelshah's Scroll", "Giant's Gate")
    st = session.state
    _region_of_neighbours(session, "Gelshah's Tower", "brightdune")
    assert st.obstacle_deck == ["Restless Dead", "Restless Dead"]
    assert st.scene_deck == ["Steal Gelshah's Heart"]
    assert st.asset_deck == ["Yasmina"]


def test_find_the_mad_honey_supplier_adds_the_bribe_mad_honey_its_addiction_and_scene(cards):
    session = epilogue(cards, "Find the Mad Honey Supplier", "Boar's Rift")
    st = session.state
    _region_of_neighbours(session, "The Obfuscated Bribe", "brightdune")
    assert st.asset_deck == ["Mad Honey"]
    assert st.obstacle_deck == ["Mad Honey Addiction"]
    assert st.scene_deck == ["Cut Off the Mad Honey Supply"]


def test_lyric_stone_ghostly_adds_golden_hills_frozen_voice_asset_critical_word_obstacle(cards):
    session = epilogue(
        cards, "Feed the Lyric Stone to the Dusk Hydra", "Boar's Peak", _choose("Ghostly")
    )
    st = session.state
    _region_of_neighbours(session, "Golden Hills", "settled")
    assert st.asset_deck == ["Dragon of the Frozen Voice"]
    assert st.obstacle_deck == ["Dragon of the Critical Word"]
    assert st.scene_deck == ["Broker Peace Between the Three Houses"]


def test_lyric_stone_golden_adds_golden_hills_critical_word_asset_frozen_voice_obstacle(cards):
    session = epilogue(
        cards, "Feed the Lyric Stone to the Dusk Hydra", "Boar's Peak", _choose("Golden")
    )
    st = session.state
    _region_of_neighbours(session, "Golden Hills", "settled")
    assert st.asset_deck == ["Dragon of the Critical Word"]
    assert st.obstacle_deck == ["Dragon of the Frozen Voice"]
    assert st.scene_deck == ["Melt the Hydra's Frozen Tongues"]


def test_intercept_freetrader_plans_adds_whitehold_aldric_checks_codebook_and_escape(cards):
    session = epilogue(cards, "Intercept Freetrader Plans", "Giant's Gate")
    st = session.state
    _region_of_neighbours(session, "Whitehold", "empire")
    assert sorted(st.obstacle_deck) == ["Aldric the Deceitful", "Background Checks"]
    assert st.asset_deck == ["Imperial Codebook"]
    assert st.scene_deck == ["Escape from Whitehold Prison"]


def test_ambush_military_scouts_develops_boars_peak_and_adds_amber_hand_raiders(cards):
    session = epilogue(cards, "Ambush Military Scouts", "Boar's Peak")
    assert session.location("Boar's Peak").developed
    assert session.state.obstacle_deck == ["Amber Hand Raiders"]


def _with(name, x, y):
    def setup(session):
        add_location(session, name, x, y)

    return setup


def test_disperse_riots_develops_loomwood_adds_songs_and_the_forgotten_dead(cards):
    session = epilogue(
        cards, "Disperse Riots in Loomwood", "Loomwood", setup=_with("Loomwood", -2, 0)
    )
    assert session.location("Loomwood").developed
    assert session.state.asset_deck == ["Songs of Loomwood"]
    assert session.state.obstacle_deck == ["The Forgotten Dead"]


def test_answer_the_riddle_develops_the_marsh_adds_the_lotus_and_the_mask(cards):
    session = epilogue(
        cards,
        "Answer Scorpion-Tail's Riddle",
        "Pearlescent Marsh",
        setup=_with("Pearlescent Marsh", -2, 0),
    )
    assert session.location("Pearlescent Marsh").developed
    assert sorted(session.state.asset_deck) == ["Mask of the Frenzied Beast", "Pearlescent Lotus"]


def test_help_hogel_woo_pox_face_develops_hogeltown_adds_pox_face_and_the_suitors(cards):
    session = epilogue(
        cards, "Help Hogel Woo Pox Face", "Hogeltown", setup=_with("Hogeltown", 0, 2)
    )
    assert session.location("Hogeltown").developed
    assert session.state.asset_deck == ["Pox Face"]
    assert session.state.obstacle_deck == ["Rage of the Forlorn Suitors"]


def test_steal_gelshahs_heart_develops_the_tower_and_adds_the_heart(cards):
    session = epilogue(
        cards, "Steal Gelshah's Heart", "Gelshah's Tower", setup=_with("Gelshah's Tower", -2, 0)
    )
    assert session.location("Gelshah's Tower").developed
    assert session.state.asset_deck == ["Gelshah's Heart"]


def test_cut_off_the_mad_honey_supply_develops_the_bribe_adds_the_pin_and_the_merchants(cards):
    session = epilogue(
        cards,
        "Cut Off the Mad Honey Supply",
        "The Obfuscated Bribe",
        setup=_with("The Obfuscated Bribe", -2, 0),
    )
    assert session.location("The Obfuscated Bribe").developed
    assert session.state.asset_deck == ["Pin of the Plum"]
    assert session.state.obstacle_deck == ["Distrustful Merchants"]


def test_broker_peace_between_the_three_houses_develops_golden_hills(cards):
    session = epilogue(
        cards,
        "Broker Peace Between the Three Houses",
        "Golden Hills",
        setup=_with("Golden Hills", 1, 1),
    )
    assert session.location("Golden Hills").developed


def test_melt_the_hydras_frozen_tongues_develops_golden_hills(cards):
    session = epilogue(
        cards, "Melt the Hydra's Frozen Tongues", "Golden Hills", setup=_with("Golden Hills", 1, 1)
    )
    assert session.location("Golden Hills").developed


def test_escape_from_whitehold_prison_develops_whitehold_adds_zeno_and_the_guard_captain(cards):
    session = epilogue(
        cards, "Escape from Whitehold Prison", "Whitehold", setup=_with("Whitehold", 2, 0)
    )
    assert session.location("Whitehold").developed
    assert session.state.asset_deck == ["Zeno the Squidmonger"]
    assert session.state.obstacle_deck == ["Guard Captain"]


def test_brighten_brightdune_spirits_adds_the_brightdune_carpet(cards):
    session = epilogue(cards, "Brighten Brightdune Spirits", "Giant's Gate")
    assert session.state.asset_deck == ["Brightdune Carpet"]
    assert session.state.obstacle_deck == []


def test_infiltrate_guild_of_war_develops_eastkeep_and_adds_the_mirror(cards):
    session = epilogue(cards, "Infiltrate Guild of War", "Eastkeep")
    assert session.location("Eastkeep").developed
    assert session.state.asset_deck == ["Mirror of Melting"]


def test_gala_of_the_brass_apple_adds_lily_manor_the_barter_scene_and_the_subtect(cards):
    session = epilogue(cards, "Strengthen Bonds at the Gala of the Brass Apple", "Giant's Gate")
    st = session.state
    _region_of_neighbours(session, "Lily Manor", "settled")
    assert st.scene_deck == ["Barter Luxuries for Zarrah's Favor"]
    assert st.obstacle_deck == ["The Subtect"]


def test_barter_luxuries_develops_lily_manor_and_adds_zarrah_and_her_paranoia(cards):
    session = epilogue(
        cards,
        "Barter Luxuries for Zarrah's Favor",
        "Lily Manor",
        setup=_with("Lily Manor", 1, 1),
    )
    assert session.location("Lily Manor").developed
    assert session.state.asset_deck == ["Zarrah"]
    assert session.state.obstacle_deck == ["Zarrah's Paranoia"]


def test_drive_corruptions_heart_develops_yearly_field_and_adds_corruptions_heart(cards):
    session = epilogue(cards, "Drive Corruption's Heart from the Blighted Lands", "Yearly Field")
    assert session.location("Yearly Field").developed
    assert session.state.obstacle_deck == ["Corruption's Heart"]


def test_create_a_pact_with_the_weaver_adds_the_uncut_string_and_the_weaver(cards):
    session = epilogue(cards, "Create a Pact with the Weaver", "Boar's Rift")
    assert session.state.asset_deck == ["The Uncut String"]
    assert session.state.obstacle_deck == ["The Weaver"]


def test_establish_spy_network_adds_rosy_freetrader_nosy_patrons_and_the_master_of_coin(cards):
    session = epilogue(cards, "Establish Spy Network", "Eastkeep")
    st = session.state
    _region_of_neighbours(session, "Rosy Freetrader", "empire")
    assert st.obstacle_deck == ["Nosy Patrons"]
    assert st.scene_deck == ["Befriend the Master of Coin"]


def test_befriend_the_master_of_coin_develops_rosy_freetrader_and_adds_master_of_coin(cards):
    session = epilogue(
        cards,
        "Befriend the Master of Coin",
        "Rosy Freetrader",
        setup=_with("Rosy Freetrader", 2, 0),
    )
    assert session.location("Rosy Freetrader").developed
    assert session.state.asset_deck == ["Master of Coin"]


def test_host_the_tulip_festival_lets_each_character_in_the_scene_take_a_staged_asset(cards):
    def staging(session):
        session.state.asset_staging = ["Wound Paste", "Azadeh", "Murjan", "Hogel"]
        session.character("Fuscus").location = "Giant's Gate"  # there, but not in the scene
        for name in ("Kanun", "Parin", "Fuscus"):
            session.character(name).in_progress = []

    session = epilogue(
        cards,
        "Host the Tulip Festival",
        "Giant's Gate",
        who=("Kanun", "Parin"),
        others=("Fuscus",),
        setup=staging,
    )
    taken = {n: [a.name for a in session.character(n).in_progress] for n in ("Kanun", "Parin")}
    assert all(len(names) == 1 for names in taken.values())
    assert session.character("Fuscus").in_progress == []
    assert len(session.state.asset_staging) == 2


def test_assassinate_guild_leaders_progresses_empire_obstacles_and_places_a_threat(cards):
    def obstacles(session):
        place(session, "Mole Hunt", "Eastkeep")
        place(session, "Guard Captain", "Eastkeep", progress=1)
        place(session, "Horse Bandits", "Boar's Rift")  # not the Empire

    session = epilogue(cards, "Assassinate Guild Leaders", "Eastkeep", setup=obstacles)
    assert tokens(session, "Eastkeep") == {"Mole Hunt": (2, 0), "Guard Captain": (3, 0)}
    assert tokens(session, "Boar's Rift") == {"Horse Bandits": (0, 0)}
    assert session.location("Eastkeep").threats == 1


def test_assassinate_guild_leaders_may_hinder_empire_obstacles_at_their_difficulty(cards):
    def obstacles(session):
        place(session, "Aldric the Deceitful", "Eastkeep", hindrance=2)  # difficulty 4

    def hinder_all(decision):
        if decision.kind == "choose_many":
            return list(decision.options)
        return plain(decision)

    session = epilogue(
        cards, "Assassinate Guild Leaders", "Eastkeep", hinder_all, hinder_all, setup=obstacles
    )
    assert session.location("Eastkeep").obstacles == []
    assert "Aldric the Deceitful" in session.state.obstacle_discard


def test_voyage_into_the_autarchs_mind_rolls_and_places_four_sorcery_here(cards):
    def scripted(session):
        session.state.dice_script = [1, 2, 3, 5]

    session = epilogue(cards, "Voyage into the Autarch's Mind", "Boar's Rift", setup=scripted)
    assert dice_at(session, "Boar's Rift") == [
        ("sorcery", 1),
        ("sorcery", 2),
        ("sorcery", 3),
        ("sorcery", 5),
    ]
    assert dice_at(session, "Giant's Gate") == []


def test_burgle_the_icon_moves_it_to_the_staging_area_without_counting(cards):
    def full(session):
        session.state.asset_staging = ["Wound Paste", "Azadeh", "Murjan", "Hogel"]
        session.state.asset_deck = ["Delir"]
        session.state.archive.append("The Icon of Channeling")

    session = epilogue(cards, "Burgle the Icon of Channeling", "Eastkeep", setup=full)
    st = session.state
    assert "The Icon of Channeling" in st.asset_staging
    assert "The Icon of Channeling" not in st.archive
    # a card taken from a full staging area is replaced: the Icon does not count toward it
    session.ops.take_asset_from_staging(session.character("Kanun"), "Azadeh")
    assert "Delir" in st.asset_staging


def test_call_allies_to_arms_draws_two_abilities_for_each_character_in_the_scene(cards):
    def empty(session):
        for name in ("Kanun", "Parin", "Fuscus"):
            session.character(name).abilities = []
        session.character("Fuscus").location = "Giant's Gate"

    session = epilogue(
        cards,
        "Call Allies to Arms",
        "Giant's Gate",
        who=("Kanun", "Parin"),
        others=("Fuscus",),
        setup=empty,
    )
    assert session.character("Kanun").abilities == cards.character_abilities("Kanun")[:2]
    assert session.character("Parin").abilities == cards.character_abilities("Parin")[:2]
    assert session.character("Fuscus").abilities == []


def test_slay_the_hundred_handed_idolater_gives_each_character_in_the_scene_two_initiative(
    cards,
):
    def fort(session):
        session.location("Boar's Rift").developed = True
        session.character("Fuscus").location = "Boar's Rift"
        session.state.initiative_supply = 10

    before = {}

    def remember(session):
        fort(session)
        before.update(
            {n: len(session.character(n).initiative) for n in ("Kanun", "Parin", "Fuscus")}
        )

    session = epilogue(
        cards,
        "Slay the Hundred-Handed Idolater",
        "Boar's Rift",
        who=("Kanun", "Parin"),
        others=("Fuscus",),
        setup=remember,
    )
    after = {n: len(session.character(n).initiative) for n in ("Kanun", "Parin", "Fuscus")}
    assert after == {
        "Kanun": before["Kanun"] + 2,
        "Parin": before["Parin"] + 2,
        "Fuscus": before["Fuscus"],
    }
