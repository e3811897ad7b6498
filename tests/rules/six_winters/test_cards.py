"""A test per real card: its text, compiled from rules/six_winters/*.rules, does what the card
says in a scenario. Skipped while the card text does not compile."""

import pytest
from six_winters_table import act, add_location, kinds, place, put_dice, run_piece, table

from rules.six_winters import engine
from rules.six_winters.state import Frame


@pytest.fixture(scope="module")
def cards():
    try:
        return engine.load_ruleset()
    except Exception as error:  # the card text is someone else's work in progress
        pytest.skip(f"the card text does not compile yet: {str(error).splitlines()[0]}")


def _use(session, who, card, kind="asset"):
    return {"act": kind, "character": who, "card": card, "effect": 0}


def test_wound_paste_recovers_a_body_for_every_character_there(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    kanun, parin = session.character("Kanun"), session.character("Parin")
    kanun.body, parin.body = 2, 1
    kanun.assets = ["Wound Paste"]
    act(session, _use(session, "Kanun", "Wound Paste"))
    assert (session.character("Kanun").body, session.character("Parin").body) == (3, 2)


def test_recovering_never_goes_above_the_starting_pool(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.character("Kanun").assets = ["Wound Paste"]
    act(session, _use(session, "Kanun", "Wound Paste"))
    assert session.character("Kanun").body == cards.characters["Kanun"].body


def test_loomwood_apples_give_an_action_point_to_everyone_there(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.character("Parin").location = "Yearly Field"
    session.character("Kanun").assets = ["Loomwood Apples"]
    act(session, _use(session, "Kanun", "Loomwood Apples"))
    assert session.character("Kanun").action_points == 5
    assert session.character("Parin").action_points == 4  # elsewhere


def test_book_of_pressed_leaves_places_progress_on_a_lore_obstacle_here(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")  # shadow: not a target
    place(session, "Animaelic Echoes", "Eastkeep")  # lore
    session.character("Parin").assets = ["Book of Pressed Leaves"]
    act(session, _use(session, "Parin", "Book of Pressed Leaves"))
    tokens = {o.name: o.progress for o in session.location("Eastkeep").obstacles}
    assert tokens == {"Mole Hunt": 0, "Animaelic Echoes": 1}


def test_whisper_drip_rolls_and_places_a_sorcery_here(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep", dice=[4])
    session.character("Parin").assets = ["Whisper Drip"]
    act(session, _use(session, "Parin", "Whisper Drip"))
    assert [(d.resource, d.face) for d in session.location("Eastkeep").dice] == [("sorcery", 4)]


def test_respected_voice_sets_any_dice_here_to_five_and_goes_to_the_discard(cards):
    session = table(cards, ["Parin", "Kanun"], at="Giant's Gate")
    put_dice(session, "Giant's Gate", ("stability", 1), ("military", 2), ("stability", 6))
    parin = session.character("Parin")
    session.ops.take_ability(parin)
    assert parin.abilities == ["Respected Voice"]
    asked = act(
        session,
        _use(session, "Parin", "Respected Voice", "ability"),
        [
            {
                "kind": "die",
                "location": "Giant's Gate",
                "index": 0,
                "resource": "stability",
                "face": 1,
            },
            {
                "kind": "die",
                "location": "Giant's Gate",
                "index": 1,
                "resource": "military",
                "face": 2,
            },
        ],
    )
    assert asked[0].kind == "choose_many"
    assert [d.face for d in session.location("Giant's Gate").dice] == [5, 5, 6]
    parin = session.character("Parin")
    assert parin.abilities == [] and parin.ability_discard == ["Respected Voice"]


def test_the_hawkleader_sets_a_military_here_to_any_value(cards):
    session = table(cards, ["Kanun", "Parin"], at="Boar's Rift")
    put_dice(session, "Boar's Rift", ("military", 2))
    session.character("Kanun").abilities = ["The Hawkleader"]
    act(session, _use(session, "Kanun", "The Hawkleader", "ability"), 6)
    assert session.location("Boar's Rift").dice[0].face == 6
    option = _use(session, "Kanun", "The Hawkleader", "ability")
    assert option not in session.pending().options  # once per turn


def test_speaker_for_the_east_flips_a_die_to_its_opposite_face(cards):
    session = table(cards, ["Parin", "Kanun"], at="Eastkeep")
    session.character("Parin").initiative = [2]
    session.state.initiative_supply -= 1
    session.character("Parin").abilities = ["Speaker for the East"]
    act(
        session,
        _use(session, "Parin", "Speaker for the East", "ability"),
        "an initiative die in your pool",
    )
    assert session.character("Parin").initiative == [5]


def test_ive_seen_worse_removes_a_threat_here(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.location("Eastkeep").threats = 2
    session.state.threat_pool -= 2
    session.character("Kanun").abilities = ["I've Seen Worse"]
    act(session, _use(session, "Kanun", "I've Seen Worse", "ability"))
    assert session.location("Eastkeep").threats == 1
    st = session.state
    assert st.threat_pool + st.threat_box + 1 == 12 - 0  # the token went back to the box


def test_background_checks_costs_action_points_in_the_empire_instead_of_a_threat(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.character("Parin").location = "Yearly Field"
    session.state.scenes, session.state.scene_deck = [], []
    checks = place(session, "Background Checks", "Eastkeep")
    run_piece(session, "activate_obstacle", uid=checks.uid)
    assert session.location("Eastkeep").threats == 0
    assert session.state.threat_pool == 6
    assert session.character("Kanun").action_points == 2  # in the Empire
    assert session.character("Parin").action_points == 4
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Background Checks"]


def test_distrustful_merchants_forbid_trade_and_muster_at_their_location(cards):
    session = table(cards, ["Kanun", "Parin"], at="Giant's Gate")
    put_dice(session, "Giant's Gate", ("stability", 1), ("stability", 2))
    acts = {o["act"] for o in session.pending().options if isinstance(o, dict)}
    assert {"trade", "muster"} <= acts
    place(session, "Distrustful Merchants", "Giant's Gate")
    acts = {o["act"] for o in session.actions.action_options() if isinstance(o, dict)}
    assert "trade" not in acts and "muster" not in acts


def test_grain_shortage_gains_a_progress_when_a_hall_is_in_play(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.state.obstacle_deck = ["Grain Shortage"]
    run_piece(session, "draw_obstacle_step")
    first = session.location("Giant's Gate").obstacles[0]
    assert (first.progress, first.hindrance) == (0, 2)
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    add_location(session, "Hogeltown", 0, -1)  # a Hall
    session.state.obstacle_deck = ["Grain Shortage"]
    run_piece(session, "draw_obstacle_step")
    second = session.location("Giant's Gate").obstacles[0]
    assert (second.progress, second.hindrance) == (1, 2)


def test_sow_discord_rolls_technology_and_espionage_onto_eastkeep_every_season_end(cards):
    session = table(cards, ["Kanun", "Parin"], at="Yearly Field", dice=[2, 5])
    session.state.scheme = "Sow Discord in Brightdune"
    run_piece(session, "season_end", season="summer")
    assert [(d.resource, d.face) for d in session.location("Eastkeep").dice] == [
        ("technology", 2),
        ("espionage", 5),
    ]
    # summer also adds four obstacles on top of the obstacle deck
    assert set(session.state.obstacle_deck[:4]) == {
        "The Old Wounds",
        "Mole Hunt",
        "Grain Shortage",
        "Pomegranate Heist",
    }


def test_the_amber_wine_epilogue_develops_giants_gate_and_adds_amber_wine(cards):
    session = table(cards, ["Kanun", "Parin"], at="Giant's Gate")
    scene = "Take Second at the Amber Wine Drinking Game"
    session.state.scenes, session.state.scene_deck = [scene], []
    session.character("Kanun").assets = ["Bracers of the Amber Hand", "Wound Paste", "Azadeh"]
    session.character("Kanun").obstacles = []
    option = {
        "act": "narrate",
        "scene": scene,
        "location": "Giant's Gate",
        "participants": ["Kanun"],
    }
    assert option in session.pending().options
    session.apply(option)
    while (d := session.pending()).kind != "choose_action":
        session.apply("finish" if "finish" in d.options else d.options[0])
    assert session.location("Giant's Gate").developed
    assert session.state.asset_deck[0] == "Amber Wine"
    assert kinds(session, "scene_completed")[0]["skill_match_points"] == 1  # Wound Paste, steel


def test_yellow_blight_stresses_everyone_in_brightdune_when_it_enters(cards):
    session = table(cards, ["Kanun", "Parin"], at="Giant's Gate")
    session.character("Parin").location = "Eastkeep"
    session.state.obstacle_deck = ["Yellow Blight"]
    session.state.frames = [Frame("actions", {})]
    session.push_run("draw_obstacle_step")
    body = session.character("Kanun").body
    answers = 0
    while (d := session.pending()).kind != "choose_action":
        session.apply("Giant's Gate" if "Giant's Gate" in d.options else d.options[0])
        answers += 1
    kanun = session.character("Kanun")
    assert kanun.body + kanun.psyche == body + cards.characters["Kanun"].psyche - 1
    assert session.character("Parin").body == cards.characters["Parin"].body


def test_developed_boars_rift_hinders_a_unit_moving_in(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.state.scenes, session.state.scene_deck = [], []
    rift = session.location("Boar's Rift")
    rift.developed = True
    # War Machines (a Unit) two steps from Giant's Gate (Urban), via Boar's Rift
    rift.x, rift.y = -1, -1
    machines = place(session, "War Machines", "Boar's Rift")
    machines_uid = machines.uid
    session.location("Boar's Rift").obstacles.clear()
    from rules.six_winters.state import LocationState

    session.state.locations.append(LocationState("Whitehold", -1, -2))
    session.location("Whitehold").obstacles.append(machines)
    run_piece(session, "activate_obstacle", uid=machines_uid)
    arrived = session.location("Boar's Rift").obstacles
    assert [(o.name, o.hindrance) for o in arrived] == [("War Machines", 2)]


def test_the_obfuscated_bribe_trades_a_body_for_a_psyche_once_a_turn(cards):
    session = table(cards, ["Fuscus", "Parin"], at="The Obfuscated Bribe")
    add_location(session, "The Obfuscated Bribe", -2, 0)
    fuscus = session.character("Fuscus")
    fuscus.psyche = 2
    option = {
        "act": "permission",
        "character": "Fuscus",
        "on": "location",
        "card": "The Obfuscated Bribe",
        "index": 0,
    }
    session.apply(option)
    while (d := session.pending()).kind != "choose_action":
        session.apply(True if d.kind == "pay_or_refuse" else d.options[0])
    fuscus = session.character("Fuscus")
    assert (fuscus.body, fuscus.psyche) == (cards.characters["Fuscus"].body - 1, 3)
    assert option not in session.pending().options


def test_friendly_favors_lets_fuscus_muster_diplomacy_anywhere(cards):
    session = table(cards, ["Fuscus", "Parin"], at="Yearly Field", dice=[3])
    muster = {"act": "muster", "character": "Fuscus", "resource": "diplomacy"}
    assert muster not in session.pending().options
    session.character("Fuscus").abilities = ["Friendly Favors"]
    session._pending = None  # the table changed under the pending question
    act(session, muster)
    assert [(d.resource, d.face) for d in session.location("Yearly Field").dice] == [
        ("diplomacy", 3)
    ]
    assert session.character("Fuscus").action_points == 1


def test_haunted_costs_a_psyche_at_refresh_only_on_a_blighted_location(cards):
    session = table(cards, ["Kanun", "Parin"], at="Yearly Field")  # Blighted
    session.character("Parin").location = "Eastkeep"
    for name in ("Kanun", "Parin"):
        session.character(name).conditions = ["Haunted"]
    psyche = {n: session.character(n).psyche for n in ("Kanun", "Parin")}
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    while session.pending().kind != "choose_action":  # the texts end the refresh
        session.apply(session.pending().options[0])
    assert session.character("Kanun").psyche == psyche["Kanun"] - 1
    assert session.character("Parin").psyche == psyche["Parin"]


def test_bruised_ribs_costs_an_action_point_at_refresh(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.character("Kanun").conditions = ["Bruised Ribs"]
    session.character("Kanun").action_points = 0
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    while session.pending().kind != "choose_action":  # the texts end the refresh
        session.apply(session.pending().options[0])
    assert session.character("Kanun").action_points == 3
    assert session.character("Parin").action_points == 8


def test_alone_against_the_empire_makes_trades_cost_two_until_burned(cards):
    session = table(cards, ["Fuscus", "Parin"], at="Giant's Gate", dice=[4, 4, 4])
    put_dice(session, "Giant's Gate", ("stability", 1), ("stability", 2))
    put_dice(session, "Eastkeep", ("diplomacy", 5), ("diplomacy", 4))
    session.state.obstacle_deck = ["Alone Against the Empire", "Mole Hunt"]
    run_piece(session, "draw_obstacle_step")
    assert session.state.events_out == ["Alone Against the Empire"]
    assert session.location("Eastkeep").obstacles[0].name == "Mole Hunt"  # it drew another
    trade = {"act": "trade", "character": "Parin", "give": [0, 1], "get": "technology"}
    act(session, trade)
    assert session.character("Parin").action_points == 2
    burn = {
        "act": "permission",
        "character": "Fuscus",
        "on": "event",
        "card": "Alone Against the Empire",
        "index": 0,
    }
    session.apply(burn)
    while (d := session.pending()).kind != "choose_action":
        session.apply(True if d.kind == "pay_or_refuse" else d.options[0])
    assert session.state.events_out == []
    assert "Alone Against the Empire" in session.state.archive
    assert session.action_cost("trade") == 1


def test_an_event_out_is_discarded_at_session_end(cards):
    session = table(cards, ["Fuscus", "Parin"], at="Giant's Gate")
    session.state.obstacle_deck = ["Alone Against the Empire"]
    run_piece(session, "draw_obstacle_step")
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    while (d := session.pending()) is not None:
        session.apply("nothing" if "nothing" in d.options else d.options[0])
    assert session.state.events_out == []
    assert "Alone Against the Empire" in session.state.obstacle_discard
    assert session.action_cost("trade") == 1


def test_mobilize_war_machines_failure_threatens_every_fort_without_surges(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    st = session.state
    st.scheme = "Mobilize War Machines"
    for name in ("Boar's Rift", "Boar's Peak"):
        session.location(name).developed = True  # both Forts on their developed side
        session.location(name).threats = 1
        st.threat_pool -= 1
    st.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    while (d := session.pending()) is not None:
        session.apply("nothing" if "nothing" in d.options else d.options[0])
    assert session.location("Boar's Rift").threats == 2
    assert session.location("Boar's Peak").threats == 2
    assert session.location("Yearly Field").threats == 0  # no surge reached a neighbour
    assert session.location("Giant's Gate").threats == 0


def test_a_spend_that_cannot_be_paid_is_asked_again_without_it(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    session.state.scheme = "Mobilize War Machines"
    session.location("Boar's Rift").developed = True  # a Fort
    put_dice(session, "Boar's Peak", ("military", 2))  # not 6 in all
    session.state.frames = [Frame("actions", {})]
    session.push_run("season_end", season="summer")
    seen = []
    while (d := session.pending()).kind != "choose_action":
        seen.append(d)
        spend = [o for o in d.options if isinstance(o, str) and o.startswith("Spend")]
        if d.kind == "choose_many":  # "at any locations": every location
            session.apply(list(d.options))
        else:
            session.apply(spend[0] if spend else d.options[0])
    # the spend was tried, refused, and asked again without it: the threat was taken instead
    choices = [d.options for d in seen if d.kind == "choose_option"]
    assert any(o.startswith("Spend") for o in choices[0])
    assert not any(o.startswith("Spend") for o in choices[-1])
    assert session.location("Boar's Rift").threats == 1
    assert [(d.resource, d.face) for d in session.location("Boar's Peak").dice] == [("military", 2)]


# --- dice held on a card: a place dice can be, counted with the dice in play


def _permission(session, who, on, card, index):
    return {"act": "permission", "character": who, "on": on, "card": card, "index": index}


def _in_play(session, resource):
    st = session.state
    return (
        st.supply[resource]
        + sum(1 for loc in st.locations for d in loc.dice if d.resource == resource)
        + sum(1 for dice in st.card_dice.values() for d in dice if d.resource == resource)
    )


def test_wobbly_naz_holds_at_most_two_resources_and_lets_them_off_here(cards):
    # "May hold 2 resources on this card. May spend 1 action point to move a resource at this
    # location onto this card. May move any resources from this card to this location."
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    put_dice(session, "Eastkeep", ("military", 3), ("stability", 5), ("technology", 2))
    kanun = session.character("Kanun")
    kanun.assets = ["Wobbly Naz"]
    total = {r: _in_play(session, r) for r in cards.resources}
    onto, off = (_permission(session, "Kanun", "asset", "Wobbly Naz", k) for k in (1, 2))
    assert off not in session.pending().options  # nothing on the card to move off
    act(
        session,
        onto,
        {"kind": "die", "location": "Eastkeep", "index": 0, "resource": "military", "face": 3},
    )
    assert [(d.resource, d.face) for d in session.state.card_dice["Wobbly Naz"]] == [
        ("military", 3)
    ]
    assert session.character("Kanun").action_points == 3
    session.character("Kanun").exhausted = []  # another turn
    session._pending = None
    act(
        session,
        onto,
        {"kind": "die", "location": "Eastkeep", "index": 0, "resource": "stability", "face": 5},
    )
    session.character("Kanun").exhausted = []
    session._pending = None
    assert onto not in session.pending().options  # two held: the card is full
    # Kanun carries them: moved to Yearly Field, they come off there
    session.character("Kanun").location = session.character("Parin").location = "Yearly Field"
    session._pending = None
    act(session, off, session.ops.held_refs("Wobbly Naz"))  # both
    held = [(d.resource, d.face) for d in session.location("Yearly Field").dice]
    assert sorted(held) == [("military", 3), ("stability", 5)]
    assert session.state.card_dice == {}
    assert {r: _in_play(session, r) for r in cards.resources} == total


def test_dice_on_a_card_go_back_to_the_supply_when_the_card_leaves(cards):
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep")
    put_dice(session, "Eastkeep", ("military", 3))
    session.character("Kanun").assets = ["Wobbly Naz", "Baklava"]
    supply = session.state.supply["military"]
    act(session, _permission(session, "Kanun", "asset", "Wobbly Naz", 1))
    assert session.state.supply["military"] == supply
    session.character("Kanun").assets.remove("Wobbly Naz")  # discarded, say for a scene
    session._pending = None
    act(session, {"act": "asset", "character": "Kanun", "card": "Baklava", "effect": 0})
    assert session.state.card_dice == {}
    assert session.state.supply["military"] == supply + 1


def test_the_ultimate_gadget_stores_technology_and_spends_it_for_an_initiative_die(cards):
    # "May move any technology at this location onto this card. May spend a technology on this
    # card for an initiative die." No limit is printed: "any technology" is any number of dice.
    session = table(cards, ["Kanun", "Parin"], at="Eastkeep", dice=[4])
    put_dice(session, "Eastkeep", ("technology", 2), ("military", 1), ("technology", 6))
    kanun = session.character("Kanun")
    kanun.abilities, kanun.initiative = ["The Ultimate Gadget"], []
    hold, spend = (
        _permission(session, "Kanun", "ability", "The Ultimate Gadget", k) for k in (0, 1)
    )
    assert spend not in session.pending().options

    def technology(decision):
        return [o for o in decision.options if o["resource"] == "technology"]

    (asked,) = act(session, hold, technology)
    assert asked.kind == "choose_many" and len(asked.options) == 2  # both, in one use
    assert [(d.resource, d.face) for d in session.location("Eastkeep").dice] == [("military", 1)]
    held = session.state.card_dice["The Ultimate Gadget"]
    assert sorted((d.resource, d.face) for d in held) == [("technology", 2), ("technology", 6)]
    supply = session.state.supply["technology"]
    act(session, spend, lambda d: d.options[0])
    assert len(session.state.card_dice["The Ultimate Gadget"]) == 1
    assert session.state.supply["technology"] == supply + 1
    assert session.character("Kanun").initiative == [4]
