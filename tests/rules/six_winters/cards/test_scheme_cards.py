"""Scheme cards: every season-end step, the per-season steps, success and failure."""

from card_table import dice_at, events, game, piece, plain
from six_winters_table import place, put_dice

from rules.six_winters.state import Frame


def _season_end(cards, scheme, season, *answers, dice=(), at="Yearly Field", before=None):
    session = game(cards, at=at, dice=dice)
    session.state.scheme = scheme
    if before is not None:
        before(session)
    piece(session, "season_end", *answers, season=season)
    return session


def _session_end(cards, scheme, won, before=None):
    session = game(cards, at="Yearly Field")
    session.state.scheme = scheme
    if won:
        session.state.scenes_completed = [
            {"scene": f"scene {i}", "participants": ["Kanun"], "finale": False} for i in range(3)
        ]
    if before is not None:
        before(session)
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    while (d := session.pending()) is not None:
        session.apply("nothing" if "nothing" in d.options else plain(d))
    return session


def _obstacles(session):
    return {o.name: loc.name for loc in session.state.locations for o in loc.obstacles}


def _fort(session):
    session.location("Boar's Rift").developed = True  # its developed side is a Fort


# --- Sow Discord in Brightdune


def test_sow_discord_rolls_a_technology_and_an_espionage_onto_eastkeep_every_season_end(cards):
    session = _season_end(cards, "Sow Discord in Brightdune", "winter", dice=[2, 5])
    assert dice_at(session, "Eastkeep") == [("technology", 2), ("espionage", 5)]


def test_sow_discord_spring_end_adds_intercept_freetrader_plans(cards):
    session = _season_end(cards, "Sow Discord in Brightdune", "spring", dice=[1, 1])
    assert session.state.scene_deck[0] == "Intercept Freetrader Plans"


def test_sow_discord_summer_end_adds_four_obstacles(cards):
    session = _season_end(cards, "Sow Discord in Brightdune", "summer", dice=[1, 1])
    assert set(session.state.obstacle_deck[:4]) == {
        "The Old Wounds",
        "Mole Hunt",
        "Grain Shortage",
        "Pomegranate Heist",
    }


def test_sow_discord_fall_end_adds_ambush_military_scouts(cards):
    session = _season_end(cards, "Sow Discord in Brightdune", "fall", dice=[1, 1])
    assert session.state.scene_deck[0] == "Ambush Military Scouts"


def test_sow_discord_success_unlocks_amber_hand_alliance(cards):
    session = _session_end(cards, "Sow Discord in Brightdune", won=True)
    assert "Amber Hand Alliance" in session.state.unlocked_abilities


def test_sow_discord_failure_adds_the_event_discord_in_brightdune(cards):
    session = _session_end(cards, "Sow Discord in Brightdune", won=False)
    assert "Amber Hand Alliance" not in session.state.unlocked_abilities
    assert "Discord in Brightdune" in session.state.obstacle_deck


# --- Mobilize War Machines


def test_mobilize_war_machines_puts_war_machines_into_play_every_season_end(cards):
    session = _season_end(cards, "Mobilize War Machines", "winter")
    assert _obstacles(session) == {"War Machines": "Eastkeep"}


def test_mobilize_war_machines_puts_in_only_the_printed_copies_of_war_machines(cards):
    # Three War Machines are printed: in play, overcome or in the obstacle deck, none is left
    # for a fourth season end to put into play.
    def three(session):
        place(session, "War Machines", "Eastkeep")
        place(session, "War Machines", "Giant's Gate")
        session.character("Kanun").obstacles = ["War Machines"]

    session = _season_end(cards, "Mobilize War Machines", "winter", before=three)
    on_map = [o.name for loc in session.state.locations for o in loc.obstacles]
    assert on_map.count("War Machines") == 2
    assert "War Machines" not in session.state.obstacle_discard
    assert not events(session, "obstacle_placed")


def test_mobilize_war_machines_spring_end_adds_brighten_brightdune_spirits(cards):
    session = _season_end(cards, "Mobilize War Machines", "spring")
    assert session.state.scene_deck[0] == "Brighten Brightdune Spirits"


def test_mobilize_war_machines_summer_end_spends_six_military(cards):
    def military(session):
        _fort(session)
        put_dice(session, "Boar's Peak", ("military", 4), ("military", 2), ("military", 1))

    session = _season_end(cards, "Mobilize War Machines", "summer", before=military)
    assert dice_at(session, "Boar's Peak") == [("military", 1)]
    assert all(loc.threats == 0 for loc in session.state.locations)


def test_mobilize_war_machines_summer_end_else_places_a_threat_on_a_fort(cards):
    def poor(session):
        _fort(session)
        put_dice(session, "Boar's Peak", ("military", 5))

    session = _season_end(cards, "Mobilize War Machines", "summer", before=poor)
    assert session.location("Boar's Rift").threats == 1
    assert dice_at(session, "Boar's Peak") == [("military", 5)]


def test_mobilize_war_machines_fall_end_adds_infiltrate_guild_of_war(cards):
    session = _season_end(cards, "Mobilize War Machines", "fall")
    assert session.state.scene_deck[0] == "Infiltrate Guild of War"


def test_mobilize_war_machines_success_unlocks_military_secrets(cards):
    session = _session_end(cards, "Mobilize War Machines", won=True)
    assert "Military Secrets" in session.state.unlocked_abilities


def test_mobilize_war_machines_failure_places_a_threat_on_every_fort_without_surge(cards):
    def forts(session):
        _fort(session)
        session.location("Boar's Peak").developed = True  # a Fort too
        session.location("Boar's Rift").threats = 1  # would surge
        session.state.threat_pool -= 1

    pool = box = None

    def remember(session):
        nonlocal pool, box
        forts(session)
        pool, box = session.state.threat_pool, session.state.threat_box

    session = _session_end(cards, "Mobilize War Machines", won=False, before=remember)
    threats = {loc.name: loc.threats for loc in session.state.locations if loc.threats}
    assert threats == {"Boar's Rift": 2, "Boar's Peak": 1}  # no surge from Boar's Rift
    # play is over: the failure's threats come from the box, the pool stays as play left it
    assert (session.state.threat_pool, session.state.threat_box) == (pool, box - 2)
    # the surge is never started (no question where it goes), not started and taken back
    assert not [e for e in events(session, "threat_placed") if e["surge"]]
    assert "Military Secrets" not in session.state.unlocked_abilities


# --- Isolate Brightdune's Allies


def test_isolate_places_a_threat_on_brightdune_every_season_end_if_an_issue_is_in_play(cards):
    session = _season_end(cards, "Isolate Brightdune's Allies", "winter")
    assert all(loc.threats == 0 for loc in session.state.locations)

    def issue(session):
        place(session, "The Old Wounds", "Eastkeep")

    session = _season_end(cards, "Isolate Brightdune's Allies", "winter", before=issue)
    placed = [e["location"] for e in events(session, "threat_placed")]
    assert len(placed) == 1
    assert cards.locations[placed[0]].region == "brightdune"


def test_isolate_spring_end_spends_six_diplomacy(cards):
    def diplomacy(session):
        put_dice(session, "Eastkeep", ("diplomacy", 6), ("diplomacy", 2))

    session = _season_end(cards, "Isolate Brightdune's Allies", "spring", before=diplomacy)
    assert dice_at(session, "Eastkeep") == [("diplomacy", 2)]
    assert all(loc.threats == 0 for loc in session.state.locations)


def test_isolate_spring_end_else_places_a_threat_on_a_hall(cards):
    from six_winters_table import add_location

    def hall(session):
        add_location(session, "Hogeltown", 0, -1)  # a Hall

    session = _season_end(cards, "Isolate Brightdune's Allies", "spring", before=hall)
    assert session.location("Hogeltown").threats == 1


def test_isolate_summer_end_adds_strengthen_bonds_at_the_gala(cards):
    session = _season_end(cards, "Isolate Brightdune's Allies", "summer")
    assert session.state.scene_deck[0] == "Strengthen Bonds at the Gala of the Brass Apple"


def test_isolate_fall_end_costs_characters_at_wilderness_a_body(cards):
    def spread(session):
        session.character("Kanun").location = "Boar's Rift"  # Wilderness
        session.character("Parin").location = "Eastkeep"

    session = _season_end(cards, "Isolate Brightdune's Allies", "fall", before=spread)
    assert session.character("Kanun").body == cards.characters["Kanun"].body - 1
    assert session.character("Parin").body == cards.characters["Parin"].body


def test_isolate_success_unlocks_secrets_of_lily_manor(cards):
    session = _session_end(cards, "Isolate Brightdune's Allies", won=True)
    assert "Secrets of Lily Manor" in session.state.unlocked_abilities


def test_isolate_failure_archives_a_diplomat_and_adds_alone_against_the_empire(cards):
    def deck(session):
        session.state.asset_deck = ["Wound Paste", "Zarrah"]  # Zarrah: a Diplomat

    session = _session_end(cards, "Isolate Brightdune's Allies", won=False, before=deck)
    assert "Zarrah" in session.state.archive
    assert "Alone Against the Empire" in session.state.obstacle_deck


# --- Unravel the Weave of Fates


def test_unravel_puts_animaelic_echoes_into_play_every_season_end(cards):
    session = _season_end(cards, "Unravel the Weave of Fates", "winter")
    # no Enchanted location on the starting map: it enters a Wilderness
    where = _obstacles(session)["Animaelic Echoes"]
    assert "Wilderness" in session.side(session.location(where)).tags


def test_unravel_spring_end_adds_miasma_of_malevolence(cards):
    session = _season_end(cards, "Unravel the Weave of Fates", "spring")
    assert session.state.obstacle_deck[0] == "Miasma of Malevolence"


def test_unravel_summer_end_adds_drive_corruptions_heart(cards):
    session = _season_end(cards, "Unravel the Weave of Fates", "summer")
    assert session.state.scene_deck[0] == "Drive Corruption's Heart from the Blighted Lands"


def test_unravel_fall_end_adds_create_a_pact_with_the_weaver(cards):
    session = _season_end(cards, "Unravel the Weave of Fates", "fall")
    assert session.state.scene_deck[0] == "Create a Pact with the Weaver"


def test_unravel_success_unlocks_downward_tulip(cards):
    session = _session_end(cards, "Unravel the Weave of Fates", won=True)
    assert "Downward Tulip" in session.state.unlocked_abilities


def test_unravel_failure_places_a_threat_on_every_wilderness(cards):
    session = _session_end(cards, "Unravel the Weave of Fates", won=False)
    placed = sorted(e["location"] for e in events(session, "threat_placed") if not e["surge"])
    assert placed == ["Boar's Peak", "Boar's Rift"]


# --- Root Out the Traitors Within


def test_root_out_spring_end_puts_an_imperial_guard_into_play_and_adds_spy_network(cards):
    session = _season_end(cards, "Root Out the Traitors Within", "spring")
    assert _obstacles(session) == {"Imperial Guard": "Eastkeep"}
    assert session.state.scene_deck[0] == "Establish Spy Network"


def test_root_out_summer_end_spends_six_espionage_then_background_checks(cards):
    def espionage(session):
        put_dice(session, "Eastkeep", ("espionage", 3), ("espionage", 3))

    session = _season_end(cards, "Root Out the Traitors Within", "summer", before=espionage)
    assert dice_at(session, "Eastkeep") == []
    assert all(loc.threats == 0 for loc in session.state.locations)
    assert _obstacles(session) == {"Background Checks": "Eastkeep"}


def test_root_out_summer_end_else_places_a_threat_on_an_empire_location(cards):
    session = _season_end(cards, "Root Out the Traitors Within", "summer")
    assert session.location("Eastkeep").threats == 1
    assert _obstacles(session) == {"Background Checks": "Eastkeep"}


def test_root_out_fall_end_puts_an_imperial_guard_and_adds_master_of_secrets(cards):
    session = _season_end(cards, "Root Out the Traitors Within", "fall")
    assert _obstacles(session) == {"Imperial Guard": "Eastkeep"}
    assert session.state.obstacle_deck[0] == "Master of Secrets"


def test_root_out_success_unlocks_spy_network(cards):
    session = _session_end(cards, "Root Out the Traitors Within", won=True)
    assert "Spy Network" in session.state.unlocked_abilities


def test_root_out_failure_places_a_threat_on_every_empire_location_without_surge(cards):
    def threatened(session):
        session.location("Eastkeep").threats = 1
        session.state.threat_pool -= 1

    session = _session_end(cards, "Root Out the Traitors Within", won=False, before=threatened)
    threats = {loc.name: loc.threats for loc in session.state.locations if loc.threats}
    assert threats == {"Eastkeep": 2}  # the only Empire location; no surge
    assert "Spy Network" not in session.state.unlocked_abilities


# --- Achieve Apotheosis


def test_achieve_apotheosis_setup_shuffles_the_finale_scenes_and_puts_hall_of_faces(cards):
    session = game(cards, at="Yearly Field")
    session.state.scheme = "Achieve Apotheosis"
    session.state.scene_deck = []
    piece(session, "scheme_setup")
    finale = {s.name for s in cards.scenes.values() if s.finale}
    assert len(finale) == 6
    assert set(session.state.scene_deck) | set(session.state.scenes) >= finale
    assert "Hall of Faces" in _obstacles(session)


def test_achieve_apotheosis_every_season_end_may_trade_at_any_location_for_free(cards):
    def dice(session):
        put_dice(session, "Boar's Rift", ("military", 3), ("military", 4))

    everywhere = lambda d: list(d.options)  # noqa: E731
    session = _season_end(cards, "Achieve Apotheosis", "winter", True, everywhere, before=dice)
    traded = dice_at(session, "Boar's Rift")
    assert len(traded) == 1 and traded[0][0] != "military"  # two military for one other die
    assert session.character("Kanun").action_points == 4


def test_achieve_apotheosis_spring_end_draws_two_obstacles(cards):
    def deck(session):
        session.state.obstacle_deck = ["Mole Hunt", "Guard Captain", "The Subtect"]

    session = _season_end(cards, "Achieve Apotheosis", "spring", before=deck)
    assert set(_obstacles(session)) == {"Mole Hunt", "Guard Captain"}
    assert session.state.obstacle_deck == ["The Subtect"]


def test_achieve_apotheosis_summer_end_draws_three_obstacles(cards):
    def deck(session):
        session.state.obstacle_deck = ["Mole Hunt", "Guard Captain", "The Subtect", "War Machines"]
        place(session, "Horse Bandits", "Boar's Peak")
        place(session, "Restless Dead", "Yearly Field")
        place(session, "Ur-Akti", "Giant's Gate")

    session = _season_end(cards, "Achieve Apotheosis", "summer", before=deck)
    assert session.state.obstacle_deck == ["War Machines"]


def test_achieve_apotheosis_fall_end_may_flip_developed_locations_with_a_threat(cards):
    def developed(session):
        for name in ("Giant's Gate", "Boar's Rift"):
            session.location(name).developed = True
        session.location("Giant's Gate").threats = 2
        session.state.threat_pool -= 2

    session = _season_end(
        cards,
        "Achieve Apotheosis",
        "fall",
        False,  # every season end: may trade for free (no dice anywhere: only "no" is offered)
        True,  # may flip
        lambda d: list(d.options),  # every Developed location with a threat
        before=developed,
    )
    assert not session.location("Giant's Gate").developed
    assert session.location("Giant's Gate").threats == 0
    assert session.location("Boar's Rift").developed  # no threat: not flipped
