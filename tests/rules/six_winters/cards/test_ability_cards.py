"""Character abilities and the shared Brightdune abilities do what the card says."""

from card_table import (
    dice_at,
    events,
    game,
    option,
    options,
    permission,
    piece,
    plain,
    settle,
    tokens,
    use,
)
from six_winters_table import add_location, place, put_dice


def _with(session, who, *abilities):
    session.character(who).abilities = list(abilities)


def _played(session, who, name):
    c = session.character(who)
    assert name not in c.abilities and c.ability_discard[-1] == name  # to the ability discard


def _all(decision):
    return list(decision.options) if decision.kind == "choose_many" else plain(decision)


def _pick(prefix):
    def pick(decision):
        return next(o for o in decision.options if str(o).startswith(prefix))

    return pick


# --- Parin


def test_respected_voice_sets_any_resource_dice_here_to_five(cards):
    session = game(cards, ("Parin", "Kanun"), at="Giant's Gate")
    put_dice(session, "Giant's Gate", ("stability", 1), ("military", 2), ("stability", 6))
    put_dice(session, "Eastkeep", ("technology", 1))
    _with(session, "Parin", "Respected Voice")
    use(session, "Parin", "Respected Voice", lambda d: list(d.options[:2]), kind="ability")
    assert [f for _, f in dice_at(session, "Giant's Gate")] == [5, 5, 6]
    assert dice_at(session, "Eastkeep") == [("technology", 1)]
    _played(session, "Parin", "Respected Voice")


def test_diplomatic_relations_trades_a_stability_here_for_two_diplomacy(cards):
    session = game(cards, ("Parin", "Kanun"), at="Giant's Gate", dice=[3, 6])
    put_dice(session, "Giant's Gate", ("stability", 2))
    _with(session, "Parin", "Diplomatic Relations")
    use(session, "Parin", "Diplomatic Relations", kind="ability")
    assert dice_at(session, "Giant's Gate") == [("diplomacy", 3), ("diplomacy", 6)]
    _played(session, "Parin", "Diplomatic Relations")


def test_speaker_for_the_east_flips_an_initiative_die_to_its_opposite_face(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep")
    session.character("Parin").initiative = [2]
    _with(session, "Parin", "Speaker for the East")
    use(session, "Parin", "Speaker for the East", _pick("an initiative"), kind="ability")
    assert session.character("Parin").initiative == [5]
    assert option("Parin", "Speaker for the East", "ability") not in options(session)


def test_speaker_for_the_east_flips_a_resource_here_to_its_opposite_face(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 1))
    _with(session, "Parin", "Speaker for the East")
    use(session, "Parin", "Speaker for the East", _pick("a resource"), kind="ability")
    assert dice_at(session, "Eastkeep") == [("technology", 6)]


def test_inspiring_words_places_a_stability_of_any_value_here(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep")
    _with(session, "Parin", "Inspiring Words")
    use(session, "Parin", "Inspiring Words", 6, kind="ability")
    assert dice_at(session, "Eastkeep") == [("stability", 6)]


def test_conscripts_trades_a_stability_for_a_military_of_the_same_value(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("stability", 4))
    _with(session, "Parin", "Conscripts")
    use(session, "Parin", "Conscripts", kind="ability")
    assert dice_at(session, "Eastkeep") == [("military", 4)]
    assert option("Parin", "Conscripts", "ability") not in options(session)  # exhausted


def test_careful_planning_rolls_and_places_two_stability_here(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep", dice=[2, 6])
    _with(session, "Parin", "Careful Planning")
    use(session, "Parin", "Careful Planning", kind="ability")
    assert dice_at(session, "Eastkeep") == [("stability", 2), ("stability", 6)]


def test_imperial_contacts_trades_a_stability_for_an_espionage_of_the_same_value(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("stability", 3))
    _with(session, "Parin", "Imperial Contacts")
    use(session, "Parin", "Imperial Contacts", kind="ability")
    assert dice_at(session, "Eastkeep") == [("espionage", 3)]


def test_the_conciliator_places_three_progress_on_an_issue_obstacle_here(cards):
    session = game(cards, ("Parin", "Kanun"), at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")
    place(session, "The Old Wounds", "Eastkeep")
    _with(session, "Parin", "The Conciliator")
    use(session, "Parin", "The Conciliator", kind="ability")
    assert tokens(session, "Eastkeep") == {"Mole Hunt": (0, 0), "The Old Wounds": (3, 0)}


# --- Fuscus


def test_mostly_honest_fence_sets_any_resource_dice_here_to_four(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 1), ("espionage", 6))
    _with(session, "Fuscus", "Mostly Honest Fence")
    use(session, "Fuscus", "Mostly Honest Fence", _all, kind="ability")
    assert dice_at(session, "Eastkeep") == [("technology", 4), ("espionage", 4)]


def test_lift_your_cups_trades_a_diplomacy_here_for_two_initiative(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep", dice=[3, 5])
    put_dice(session, "Eastkeep", ("diplomacy", 2))
    fuscus = session.character("Fuscus")
    fuscus.initiative = []
    _with(session, "Fuscus", "Lift Your Cups!")
    use(session, "Fuscus", "Lift Your Cups!", kind="ability")
    assert dice_at(session, "Eastkeep") == []
    assert sorted(session.character("Fuscus").initiative) == [3, 5]


def test_silver_tongued_ruffian_subtracts_one_from_an_initiative_die(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    session.character("Fuscus").initiative = [4]
    _with(session, "Fuscus", "Silver-Tongued Ruffian")
    use(session, "Fuscus", "Silver-Tongued Ruffian", _pick("an initiative"), kind="ability")
    assert session.character("Fuscus").initiative == [3]


def test_silver_tongued_ruffian_subtracts_one_from_a_resource_here(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 5))
    _with(session, "Fuscus", "Silver-Tongued Ruffian")
    use(session, "Fuscus", "Silver-Tongued Ruffian", _pick("a resource"), kind="ability")
    assert dice_at(session, "Eastkeep") == [("technology", 4)]


def test_silence_fours_places_two_diplomacy_of_value_four_here(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    _with(session, "Fuscus", "Silence Fours!")
    use(session, "Fuscus", "Silence Fours!", kind="ability")
    assert dice_at(session, "Eastkeep") == [("diplomacy", 4), ("diplomacy", 4)]


def test_eyes_off_the_prize_spends_a_diplomacy_to_take_a_staged_asset(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("diplomacy", 1))
    session.state.asset_staging = ["Murjan"]
    session.character("Fuscus").in_progress = []
    _with(session, "Fuscus", "Eyes off the Prize")
    use(session, "Fuscus", "Eyes off the Prize", kind="ability")
    assert dice_at(session, "Eastkeep") == []
    assert [a.name for a in session.character("Fuscus").in_progress] == ["Murjan"]


def test_the_sparkling_plum_trades_a_diplomacy_here_for_two_espionage(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep", dice=[1, 2])
    put_dice(session, "Eastkeep", ("diplomacy", 6))
    _with(session, "Fuscus", "The Sparkling Plum")
    use(session, "Fuscus", "The Sparkling Plum", kind="ability")
    assert dice_at(session, "Eastkeep") == [("espionage", 1), ("espionage", 2)]


def test_friendly_favors_lets_fuscus_muster_diplomacy_anywhere(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Yearly Field", dice=[3])
    muster = {"act": "muster", "character": "Fuscus", "resource": "diplomacy"}
    assert muster not in options(session)
    _with(session, "Fuscus", "Friendly Favors")
    assert muster in options(session)
    session.apply(muster)
    assert dice_at(session, "Yearly Field") == [("diplomacy", 3)]
    assert session.character("Fuscus").action_points == 1


def test_life_of_the_party_puts_a_charm_asset_from_the_deck_in_the_crafting_area(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    session.state.asset_deck = ["Wound Paste", "Amber Wine", "Murjan"]  # Amber Wine: charm
    session.character("Fuscus").in_progress = []
    _with(session, "Fuscus", "Life of the Party")
    asked = use(session, "Fuscus", "Life of the Party", kind="ability")
    assert all("Wound Paste" not in d.options for d in asked)
    assert [a.name for a in session.character("Fuscus").in_progress] == ["Amber Wine"]


# --- Kanun


def test_friend_of_the_forge_sets_any_resource_dice_here_to_two(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 6), ("military", 5))
    _with(session, "Kanun", "Friend of the Forge")
    use(session, "Kanun", "Friend of the Forge", _all, kind="ability")
    assert dice_at(session, "Boar's Rift") == [("military", 2), ("military", 2)]


def test_ride_swiftly_moves_to_any_location(cards):
    session = game(cards, at="Boar's Rift")
    _with(session, "Kanun", "Ride Swiftly")
    use(session, "Kanun", "Ride Swiftly", "Eastkeep", kind="ability")
    assert session.character("Kanun").location == "Eastkeep"  # not adjacent to Boar's Rift
    assert session.character("Kanun").action_points == 4
    _played(session, "Kanun", "Ride Swiftly")


def test_the_hawkleader_sets_a_military_here_to_any_value_once_per_turn(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 2))
    _with(session, "Kanun", "The Hawkleader")
    use(session, "Kanun", "The Hawkleader", 6, kind="ability")
    assert dice_at(session, "Boar's Rift") == [("military", 6)]
    assert option("Kanun", "The Hawkleader", "ability") not in options(session)
    piece(session, "Refresh")
    assert option("Kanun", "The Hawkleader", "ability") in options(session)


def test_battle_hardened_places_three_progress_on_a_unit_or_foe_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "The Old Wounds", "Eastkeep")
    place(session, "War Machines", "Eastkeep")
    _with(session, "Kanun", "Battle Hardened")
    use(session, "Kanun", "Battle Hardened", kind="ability")
    assert tokens(session, "Eastkeep") == {"The Old Wounds": (0, 0), "War Machines": (3, 0)}


def test_military_technology_trades_a_military_for_a_technology_of_the_same_value(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 5))
    _with(session, "Kanun", "Military Technology")
    use(session, "Kanun", "Military Technology", kind="ability")
    assert dice_at(session, "Boar's Rift") == [("technology", 5)]


def test_ive_seen_worse_removes_a_threat_here(cards):
    session = game(cards, at="Eastkeep")
    session.location("Eastkeep").threats = 2
    session.location("Giant's Gate").threats = 1
    session.state.threat_pool -= 3
    box = session.state.threat_box
    _with(session, "Kanun", "I've Seen Worse")
    use(session, "Kanun", "I've Seen Worse", kind="ability")
    assert session.location("Eastkeep").threats == 1
    assert session.location("Giant's Gate").threats == 1
    assert session.state.threat_box == box + 1


def test_grand_tactician_lets_kanun_muster_military_anywhere(cards):
    session = game(cards, at="Eastkeep", dice=[4])
    muster = {"act": "muster", "character": "Kanun", "resource": "military"}
    assert muster not in options(session)
    _with(session, "Kanun", "Grand Tactician")
    assert muster in options(session)
    session.apply(muster)
    assert dice_at(session, "Eastkeep") == [("military", 4)]


# --- Yasmina, Oniri, Keel


def test_keeper_of_natural_lore_adds_one_to_an_initiative_die(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
    session.character("Kanun").initiative = [3]
    _with(session, "Kanun", "Keeper of Natural Lore")
    use(session, "Kanun", "Keeper of Natural Lore", _pick("an initiative"), kind="ability")
    assert session.character("Kanun").initiative == [4]


def test_keeper_of_natural_lore_adds_one_to_a_resource_here(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 5))
    _with(session, "Kanun", "Keeper of Natural Lore")
    use(session, "Kanun", "Keeper of Natural Lore", _pick("a resource"), kind="ability")
    assert dice_at(session, "Eastkeep") == [("technology", 6)]


def test_wild_channeling_cancels_all_stress_from_sorcery(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep", dice=[6, 6, 2])
    session.character("Parin").location = "Yearly Field"
    kanun = session.character("Kanun")
    kanun.assets = ["Whisper Drip"]
    kanun.abilities = ["Wild Channeling"]
    use(session, "Kanun", "Whisper Drip")
    assert dice_at(session, "Eastkeep") == [("sorcery", 6), ("sorcery", 6), ("sorcery", 2)]
    kanun = session.character("Kanun")
    assert (kanun.body, kanun.psyche) == (
        cards.characters["Kanun"].body,
        cards.characters["Kanun"].psyche,
    )


def test_library_of_knowledge_discards_staged_assets_and_refills(cards):
    session = game(cards, at="Eastkeep")
    session.state.asset_staging = ["Wound Paste", "Azadeh", "Murjan", "Hogel"]
    session.state.asset_deck = ["Delir", "Zarrah", "Amber Wine"]
    _with(session, "Kanun", "Library of Knowledge")
    use(session, "Kanun", "Library of Knowledge", lambda d: list(d.options[:2]), kind="ability")
    st = session.state
    assert sorted(st.asset_discard) == ["Azadeh", "Wound Paste"]
    assert sorted(st.asset_staging) == ["Delir", "Hogel", "Murjan", "Zarrah"]


def test_visions_of_future_past_moves_an_obstacle_from_the_discard_onto_the_deck(cards):
    session = game(cards, at="Eastkeep")
    session.state.obstacle_discard = ["Mole Hunt"]
    session.state.obstacle_deck = ["Guard Captain"]
    _with(session, "Kanun", "Visions of Future Past")
    use(session, "Kanun", "Visions of Future Past", kind="ability")
    assert session.state.obstacle_deck == ["Mole Hunt", "Guard Captain"]
    assert session.state.obstacle_discard == []


def test_gelshahs_call_rolls_three_sorcery_only_at_a_wilderness(cards):
    session = game(cards, at="Boar's Rift", dice=[1, 2, 3])  # Wilderness
    _with(session, "Kanun", "Gelshah's Call")
    use(session, "Kanun", "Gelshah's Call", kind="ability")
    assert dice_at(session, "Boar's Rift") == [("sorcery", 1), ("sorcery", 2), ("sorcery", 3)]
    session = game(cards, at="Eastkeep", dice=[1, 2, 3])  # a Keep
    _with(session, "Kanun", "Gelshah's Call")
    use(session, "Kanun", "Gelshah's Call", kind="ability")
    assert dice_at(session, "Eastkeep") == []


def _refresh(session):
    """Refresh with every location already stocked (no resource rolls); take initiative."""
    for loc in session.state.locations:
        for resource in session.side(loc).produces:
            put_dice(session, loc.name, (resource, 1))
    piece(session, "Refresh")


def test_weather_witch_gives_every_character_an_action_point_at_a_summer_refresh(cards):
    def refreshed(season):
        session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
        session.character("Parin").location = "Yearly Field"
        session.state.season = [s for s, _ in cards.seasons].index(season)
        for c in session.state.characters:
            c.action_points = 0
        _with(session, "Kanun", "Weather Witch")
        _refresh(session)
        return [session.character(n).action_points for n in ("Kanun", "Parin")]

    per_turn = cards.value("action points per turn", 4)
    assert refreshed("summer") == [per_turn + 1, per_turn + 1]
    assert refreshed("spring") == [per_turn, per_turn]


def test_beyond_the_veil_moves_the_sorcery_here_to_your_pool(cards):
    session = game(cards, at="Eastkeep")
    put_dice(session, "Eastkeep", ("sorcery", 2), ("sorcery", 5), ("technology", 3))
    kanun = session.character("Kanun")
    kanun.initiative = []
    _with(session, "Kanun", "Beyond the Veil")
    supply = session.state.initiative_supply

    def sorcery(decision):
        return [o for o in decision.options if o["resource"] == "sorcery"]

    (asked,) = use(session, "Kanun", "Beyond the Veil", sorcery, kind="ability")
    assert asked.kind == "choose_many" and len(asked.options) == 2  # "any": the player's pick
    assert dice_at(session, "Eastkeep") == [("technology", 3)]
    assert sorted(session.character("Kanun").initiative) == [2, 5]  # the dice keep their faces
    assert session.state.initiative_supply == supply - 2


def test_the_ultimate_gadget_holds_technology_and_spends_it_for_initiative(cards):
    session = game(cards, at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 3), ("technology", 5))
    _with(session, "Kanun", "The Ultimate Gadget")
    hold = permission(session, "Kanun", "ability", "The Ultimate Gadget", 0)
    assert hold in options(session)
    session.apply(hold)
    settle(session, lambda decision: list(decision.options))  # any technology: both dice
    assert dice_at(session, "Eastkeep") == []
    assert len(session.state.card_dice["The Ultimate Gadget"]) == 2


# --- Brightdune: shared abilities


def _progress_on(cards, ability, target, other):
    session = game(cards, at="Eastkeep")
    place(session, other, "Eastkeep")
    place(session, target, "Eastkeep")
    _with(session, "Kanun", ability)
    use(session, "Kanun", ability, kind="ability")
    return tokens(session, "Eastkeep")


def test_amber_hand_alliance_places_a_progress_on_a_stability_obstacle_here(cards):
    assert _progress_on(cards, "Amber Hand Alliance", "The Old Wounds", "Mole Hunt") == {
        "Mole Hunt": (0, 0),
        "The Old Wounds": (1, 0),
    }


def test_military_secrets_places_a_progress_on_a_unit_obstacle_here(cards):
    assert _progress_on(cards, "Military Secrets", "War Machines", "Mole Hunt") == {
        "Mole Hunt": (0, 0),
        "War Machines": (1, 0),
    }


def test_spy_network_places_a_progress_on_a_spy_or_guard_obstacle_here(cards):
    assert _progress_on(cards, "Spy Network", "Guard Captain", "Horse Bandits") == {
        "Horse Bandits": (0, 0),
        "Guard Captain": (1, 0),
    }


def test_secrets_of_lily_manor_rolls_three_espionage_only_at_a_hall(cards):
    session = game(cards, at="Hogeltown", dice=[4, 5, 6])
    add_location(session, "Hogeltown", 0, -1)  # a Hall
    _with(session, "Kanun", "Secrets of Lily Manor")
    use(session, "Kanun", "Secrets of Lily Manor", kind="ability")
    assert dice_at(session, "Hogeltown") == [("espionage", 4), ("espionage", 5), ("espionage", 6)]
    session = game(cards, at="Eastkeep", dice=[4, 5, 6])
    _with(session, "Kanun", "Secrets of Lily Manor")
    use(session, "Kanun", "Secrets of Lily Manor", kind="ability")
    assert dice_at(session, "Eastkeep") == []


def test_downward_tulip_converts_all_hindrance_on_an_apotheosis_obstacle_here(cards):
    session = game(cards, at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep", hindrance=1)
    place(session, "The Harrowing", "Eastkeep", progress=1, hindrance=3)  # Apotheosis
    _with(session, "Kanun", "Downward Tulip")
    use(session, "Kanun", "Downward Tulip", kind="ability")
    assert tokens(session, "Eastkeep") == {"Mole Hunt": (0, 1), "The Harrowing": (4, 0)}


# --- a card whose text finds nothing to act on is taken back, neither played nor turned


def _taken_back(session, who, name, *answers, kind="ability"):
    """Use the card; it cannot do what it says: it stays in hand, upright, an action_refused
    event says why, and it is not offered again until the table changes."""
    chosen = option(who, name, kind)
    assert chosen in options(session)
    session.apply(chosen)
    settle(session, *answers)
    c = session.character(who)
    assert name in (c.abilities if kind == "ability" else c.assets)
    assert name not in c.exhausted
    assert [e["option"]["card"] for e in events(session, "action_refused")] == [name]
    assert chosen not in options(session)


def _not_offered(session, who, name, kind="ability"):
    """The card's text would find nothing to act on, and the engine knows it without running
    it (it resolves its roles and calls one primitive that says what it must find): the card
    is not offered, so no one picks it to have it taken back."""
    assert option(who, name, kind) not in options(session)
    c = session.character(who)
    assert name in (c.abilities if kind == "ability" else c.assets)
    assert name not in c.exhausted


def test_battle_hardened_with_no_unit_or_foe_here_is_not_offered(cards):
    session = game(cards, at="Eastkeep")
    place(session, "The Old Wounds", "Eastkeep")  # an Issue
    _with(session, "Kanun", "Battle Hardened")
    _not_offered(session, "Kanun", "Battle Hardened")
    place(session, "Horse Bandits", "Eastkeep")  # a Foe: now it may act
    assert option("Kanun", "Battle Hardened", "ability") in options(session)


def test_ive_seen_worse_with_no_threat_here_is_not_offered(cards):
    session = game(cards, at="Eastkeep")
    session.location("Giant's Gate").threats = 1  # elsewhere
    session.state.threat_pool -= 1
    _with(session, "Kanun", "I've Seen Worse")
    _not_offered(session, "Kanun", "I've Seen Worse")
    assert session.location("Giant's Gate").threats == 1


def test_lift_your_cups_with_no_diplomacy_here_is_not_offered(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 2))
    _with(session, "Fuscus", "Lift Your Cups!")
    initiative = list(session.character("Fuscus").initiative)
    _not_offered(session, "Fuscus", "Lift Your Cups!")
    assert session.character("Fuscus").initiative == initiative


def test_the_hawkleader_with_no_military_here_is_not_offered(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("stability", 2))
    _with(session, "Kanun", "The Hawkleader")
    _not_offered(session, "Kanun", "The Hawkleader")


def test_silver_tongued_ruffian_cannot_subtract_from_a_one(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    session.character("Fuscus").initiative = [1]
    put_dice(session, "Eastkeep", ("technology", 1))
    _with(session, "Fuscus", "Silver-Tongued Ruffian")
    _taken_back(session, "Fuscus", "Silver-Tongued Ruffian", _pick("a resource"))
    assert session.character("Fuscus").initiative == [1]
    assert dice_at(session, "Eastkeep") == [("technology", 1)]


def test_silver_tongued_ruffian_asks_again_without_a_die_showing_one(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("technology", 1), ("technology", 5))
    _with(session, "Fuscus", "Silver-Tongued Ruffian")

    def showing(face):
        return lambda d: next(o for o in d.options if o["face"] == face)

    asked = use(
        session,
        "Fuscus",
        "Silver-Tongued Ruffian",
        _pick("a resource"),
        showing(1),  # cannot go lower: asked again without it
        showing(5),
        kind="ability",
    )
    assert [o["face"] for o in asked[2].options] == [5]
    assert dice_at(session, "Eastkeep") == [("technology", 1), ("technology", 4)]


def test_speaker_for_the_east_with_no_die_to_flip_is_not_turned(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    session.state.initiative_supply += len(session.character("Parin").initiative)
    session.character("Parin").initiative = []
    _with(session, "Parin", "Speaker for the East")
    _taken_back(session, "Parin", "Speaker for the East", _pick("an initiative"))


def test_eyes_off_the_prize_with_no_diplomacy_here_is_not_offered(cards):
    """It pays first ("Spend a diplomacy at this location to ..."): unpaid, it is known to
    change nothing, so it is not offered (not tried and taken back)."""
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    session.state.asset_staging = ["Azadeh"]
    _with(session, "Fuscus", "Eyes off the Prize")
    _not_offered(session, "Fuscus", "Eyes off the Prize")
    assert session.state.asset_staging == ["Azadeh"]


def test_eyes_off_the_prize_with_nothing_staged_keeps_the_diplomacy(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Eastkeep")
    put_dice(session, "Eastkeep", ("diplomacy", 3))
    session.state.asset_staging, session.state.asset_deck = [], []
    _with(session, "Fuscus", "Eyes off the Prize")
    _taken_back(session, "Fuscus", "Eyes off the Prize")
    assert dice_at(session, "Eastkeep") == [("diplomacy", 3)]
