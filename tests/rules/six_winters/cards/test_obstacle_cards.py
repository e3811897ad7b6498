"""Obstacle cards: Overcome, Threat, enters-play and restriction texts do what the card says."""

from card_table import dice_at, events, game, options, piece, settle, tokens
from six_winters_table import add_location, place, put_dice


def _acts(session, who):
    return {o["act"] for o in options(session) if isinstance(o, dict) and o["character"] == who}


def _overcome(session, who, name, *answers):
    """``who`` overcomes ``name`` at their location with no defense, taking progress."""
    index = next(
        i
        for i, o in enumerate(session.location(session.character(who).location).obstacles)
        if o.name == name
    )
    chosen = {"act": "overcome", "character": who, "obstacle": name, "index": index}
    assert chosen in options(session)
    session.apply(chosen)
    return settle(session, [], "progress", *answers)


def _activate(session, name, *answers):
    uid = next(o.uid for loc in session.state.locations for o in loc.obstacles if o.name == name)
    return piece(session, "activate_obstacle", *answers, uid=uid)


def _threats_placed(session):
    return [e for e in events(session, "threat_placed") if not e["surge"]]


def test_the_old_wounds_overcome_rolls_and_places_a_stability_here(cards):
    # stress dice 1, 1 (no stress), the stability 4, Parin's initiative reroll 2
    session = game(cards, ("Parin", "Kanun"), at="Giant's Gate", dice=[1, 1, 4, 2])
    session.character("Kanun").location = "Eastkeep"
    session.character("Parin").initiative = [1]
    place(session, "The Old Wounds", "Giant's Gate", progress=6)
    _overcome(session, "Parin", "The Old Wounds")
    assert "The Old Wounds" in session.character("Parin").obstacles
    assert dice_at(session, "Giant's Gate") == [("stability", 4)]


def test_mole_hunt_may_archive_a_companion_from_the_asset_deck_instead_of_a_threat(cards):
    session = game(cards, at="Giant's Gate")
    session.state.asset_deck = ["Wound Paste", "Azadeh", "Murjan"]  # Azadeh: a Companion
    place(session, "Mole Hunt", "Eastkeep")
    asked = _activate(session, "Mole Hunt")
    assert asked  # the card's "may" is asked
    assert session.location("Eastkeep").threats == 0
    assert {"Azadeh", "Mole Hunt"} <= set(session.state.archive)
    assert sorted(session.state.asset_deck) == ["Murjan", "Wound Paste"]  # searched: shuffled
    assert session.location("Eastkeep").obstacles == []


def test_mole_hunt_places_its_threat_when_no_companion_is_archived(cards):
    session = game(cards, at="Giant's Gate")
    session.state.asset_deck = ["Wound Paste"]  # no Companion to archive
    place(session, "Mole Hunt", "Eastkeep")
    _activate(session, "Mole Hunt")
    assert session.location("Eastkeep").threats == 1
    assert "Mole Hunt" in session.state.obstacle_discard


def test_grain_shortage_gains_a_progress_on_entering_when_a_hall_is_in_play(cards):
    session = game(cards, at="Eastkeep")
    session.state.obstacle_deck = ["Grain Shortage"]
    piece(session, "draw_obstacle_step")
    assert tokens(session, "Giant's Gate") == {"Grain Shortage": (0, 2)}
    session = game(cards, at="Eastkeep")
    add_location(session, "Hogeltown", 0, -1)  # a Hall
    session.state.obstacle_deck = ["Grain Shortage"]
    piece(session, "draw_obstacle_step")
    assert tokens(session, "Giant's Gate") == {"Grain Shortage": (1, 2)}


def test_discord_in_brightdune_forbids_trade_and_muster_at_its_location(cards):
    session = game(cards, at="Giant's Gate")
    put_dice(session, "Giant's Gate", ("stability", 1), ("stability", 2))
    assert {"trade", "muster"} <= _acts(session, "Kanun")
    place(session, "Discord in Brightdune", "Giant's Gate")
    acts = _acts(session, "Kanun")
    assert "trade" not in acts and "muster" not in acts
    assert "move" in acts


def test_pomegranate_heist_overcome_puts_a_food_asset_in_your_crafting_area(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate", dice=[1, 1, 2])
    session.state.asset_deck = ["Wound Paste", "Loomwood Apples"]  # Loomwood Apples: Food
    session.state.asset_staging = ["Azadeh"]
    session.character("Fuscus").initiative = [1]
    session.character("Fuscus").in_progress = []
    session.character("Parin").location = "Eastkeep"  # overcoming alone
    place(session, "Pomegranate Heist", "Giant's Gate", progress=4)
    _overcome(session, "Fuscus", "Pomegranate Heist")
    assert [a.name for a in session.character("Fuscus").in_progress] == ["Loomwood Apples"]
    assert "Loomwood Apples" not in session.state.asset_deck


def test_pomegranate_heist_overcome_may_take_the_food_asset_from_the_staging_area(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate", dice=[1, 1, 2])
    session.state.asset_deck = ["Wound Paste"]
    session.state.asset_staging = ["Azadeh", "Baklava"]  # Baklava: Food
    session.character("Fuscus").initiative = [1]
    session.character("Fuscus").in_progress = []
    session.character("Parin").location = "Eastkeep"  # overcoming alone
    place(session, "Pomegranate Heist", "Giant's Gate", progress=4)

    def staging(decision):
        return next(o for o in decision.options if "staging" in str(o))

    _overcome(session, "Fuscus", "Pomegranate Heist", True, staging)
    assert [a.name for a in session.character("Fuscus").in_progress] == ["Baklava"]
    assert "Baklava" not in session.state.asset_staging


def _stress_in_region(cards, obstacle):
    session = game(cards, ("Kanun", "Parin"), at="Boar's Peak")  # the Settled Lands
    session.character("Parin").location = "Eastkeep"  # the Empire
    add_location(session, "Golden Hills", 1, 1)  # Rural, the Settled Lands
    session.state.obstacle_deck = [obstacle]
    piece(session, "draw_obstacle_step")
    assert [o.name for o in session.location("Golden Hills").obstacles] == [obstacle]
    return session


def test_dragon_of_the_frozen_voice_costs_everyone_in_its_region_a_psyche(cards):
    session = _stress_in_region(cards, "Dragon of the Frozen Voice")
    assert session.character("Kanun").psyche == cards.characters["Kanun"].psyche - 1
    assert session.character("Parin").psyche == cards.characters["Parin"].psyche


def test_dragon_of_the_critical_word_costs_everyone_in_its_region_a_body(cards):
    session = _stress_in_region(cards, "Dragon of the Critical Word")
    assert session.character("Kanun").body == cards.characters["Kanun"].body - 1
    assert session.character("Parin").body == cards.characters["Parin"].body


def test_hall_of_faces_threat_puts_wrath_of_the_autarch_into_play_and_is_archived(cards):
    session = game(cards, at="Giant's Gate")
    place(session, "Hall of Faces", "Eastkeep")
    _activate(session, "Hall of Faces")
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Wrath of the Autarch"]
    assert "Hall of Faces" in session.state.archive
    assert "Hall of Faces" not in session.state.obstacle_discard
    assert session.location("Eastkeep").threats == 1


def test_hall_of_faces_puts_no_second_wrath_of_the_autarch_into_play(cards):
    # One Wrath of the Autarch is printed: with it in play already, there is none to put in.
    session = game(cards, at="Giant's Gate")
    place(session, "Wrath of the Autarch", "Giant's Gate")
    place(session, "Hall of Faces", "Eastkeep")
    _activate(session, "Hall of Faces")
    assert [o.name for o in session.location("Giant's Gate").obstacles] == ["Wrath of the Autarch"]
    assert session.location("Eastkeep").obstacles == []
    assert "Hall of Faces" in session.state.archive


def test_background_checks_cost_everyone_in_the_empire_two_action_points_and_stay(cards):
    session = game(cards, at="Eastkeep")
    session.character("Parin").location = "Yearly Field"
    place(session, "Background Checks", "Eastkeep")
    _activate(session, "Background Checks")
    assert session.location("Eastkeep").threats == 0
    assert session.character("Kanun").action_points == 2  # in the Empire
    assert session.character("Parin").action_points == 4
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Background Checks"]


def test_distrustful_merchants_forbid_trade_and_muster_at_their_location(cards):
    session = game(cards, at="Giant's Gate")
    put_dice(session, "Giant's Gate", ("stability", 1), ("stability", 2))
    assert {"trade", "muster"} <= _acts(session, "Kanun")
    place(session, "Distrustful Merchants", "Boar's Rift")  # elsewhere: no effect here
    assert {"trade", "muster"} <= _acts(session, "Kanun")
    place(session, "Distrustful Merchants", "Giant's Gate")
    assert not {"trade", "muster"} & _acts(session, "Kanun")


def test_yellow_blight_costs_everyone_at_brightdune_locations_a_body_or_a_psyche(cards):
    session = game(cards, ("Kanun", "Parin"), at="Giant's Gate")
    session.character("Parin").location = "Eastkeep"
    session.state.obstacle_deck = ["Yellow Blight"]
    piece(session, "draw_obstacle_step", "Giant's Gate", "1 psyche")
    kanun = session.character("Kanun")
    assert (kanun.body, kanun.psyche) == (
        cards.characters["Kanun"].body,
        cards.characters["Kanun"].psyche - 1,
    )
    parin = session.character("Parin")
    assert (parin.body, parin.psyche) == (
        cards.characters["Parin"].body,
        cards.characters["Parin"].psyche,
    )


def test_the_weaver_forbids_muster_but_not_trade_at_its_location(cards):
    session = game(cards, at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 1), ("military", 2))
    place(session, "The Weaver", "Boar's Rift")
    acts = _acts(session, "Kanun")
    assert "muster" not in acts and "trade" in acts


def test_miasma_of_malevolence_threat_clears_every_resource_at_brightdune_locations(cards):
    session = game(cards, at="Eastkeep")
    put_dice(session, "Giant's Gate", ("stability", 3))
    put_dice(session, "Boar's Rift", ("military", 2), ("sorcery", 5))
    put_dice(session, "Eastkeep", ("technology", 4))  # the Empire: kept
    place(session, "Miasma of Malevolence", "Giant's Gate")
    supply = dict(session.state.supply)
    _activate(session, "Miasma of Malevolence")
    assert dice_at(session, "Giant's Gate") == [] and dice_at(session, "Boar's Rift") == []
    assert dice_at(session, "Eastkeep") == [("technology", 4)]
    assert session.state.supply["military"] == supply["military"] + 1
    assert session.location("Giant's Gate").threats == 1


def _threat_per_tag(cards, obstacle, others):
    """Activate ``obstacle`` at Eastkeep with ``others`` in play at Giant's Gate."""
    session = game(cards, at="Yearly Field")
    place(session, obstacle, "Eastkeep")
    for other in others:
        place(session, other, "Giant's Gate")
    _activate(session, obstacle)
    return len(_threats_placed(session))


def test_the_harrowing_places_a_threat_for_each_apotheosis_obstacle(cards):
    # itself and Animaelic Echoes are Apotheosis; Mole Hunt is not
    assert _threat_per_tag(cards, "The Harrowing", ["Animaelic Echoes", "Mole Hunt"]) == 2


def test_root_out_traitors_places_a_threat_for_each_spy_obstacle(cards):
    assert _threat_per_tag(cards, "Root Out Traitors", ["Mole Hunt", "Master of Secrets"]) == 3


def test_unified_will_places_a_threat_for_each_diplomacy_obstacle(cards):
    assert _threat_per_tag(cards, "Unified Will", ["Mole Hunt"]) == 1


def test_animaelic_codex_places_a_threat_for_each_druj_obstacle(cards):
    assert _threat_per_tag(cards, "Animaelic Codex", ["Restless Dead", "Ur-Akti", "Mole Hunt"]) == 3


def test_sticky_flame_places_a_threat_for_each_unit_obstacle(cards):
    assert _threat_per_tag(cards, "Sticky Flame", ["War Machines", "Horse Bandits"]) == 2


def test_voice_of_the_autarch_archives_a_diplomat_from_the_asset_deck(cards):
    session = game(cards, at="Yearly Field")
    session.state.asset_deck = ["Wound Paste", "Zarrah", "Murjan"]  # Zarrah: a Diplomat
    place(session, "Voice of the Autarch", "Eastkeep")
    _activate(session, "Voice of the Autarch")
    assert "Zarrah" in session.state.archive
    assert sorted(session.state.asset_deck) == ["Murjan", "Wound Paste"]
    assert session.location("Eastkeep").threats == 1  # it still places its threat
