"""Refresh: sorcery rerolls and explodes, resources top up, action points, abilities, take
two, reroll initiative."""

from six_winters_table import ability, act, kinds, place, put_dice, table, with_abilities

from rules.six_winters.primitives import cancel
from rules.six_winters.state import Frame


def test_sorcery_dice_are_rerolled_and_a_six_explodes_with_stress_for_characters_there(ruleset):
    session = table(ruleset, ["Fuscus", "Parin"], at="Yearly Field", dice=[6, 2, 3])
    put_dice(session, "Yearly Field", ("sorcery", 1), ("sorcery", 4))
    session.character("Parin").location = "Eastkeep"
    psyche = session.character("Fuscus").psyche
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    decision = session.pending()
    assert decision.kind == "choose_stress" and decision.who == "Fuscus"
    session.apply("psyche")
    assert session.pending().kind == "choose_take"  # steps 1-4 are done
    field = session.location("Yearly Field")
    assert sorted(d.face for d in field.dice if d.resource == "sorcery") == [2, 3, 6]
    assert session.character("Fuscus").psyche == psyche - 1
    assert len(kinds(session, "sorcery_exploded")) == 1


def test_locations_refill_missing_resources_without_rerolling_the_others(ruleset):
    session = table(ruleset, at="Eastkeep", dice=[1, 5])  # Boar's Peak, then Giant's Gate
    put_dice(session, "Boar's Rift", ("military", 2))
    put_dice(session, "Giant's Gate", ("military", 3))  # not stability: it does not count
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    session.pending()
    assert [(d.resource, d.face) for d in session.location("Boar's Rift").dice] == [("military", 2)]
    assert [(d.resource, d.face) for d in session.location("Giant's Gate").dice] == [
        ("military", 3),
        ("stability", 5),
    ]


def test_action_points_rise_by_four_up_to_eight(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.character("Fuscus").action_points = 1
    session.character("Parin").action_points = 6
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    session.pending()
    assert session.character("Fuscus").action_points == 5
    assert session.character("Parin").action_points == 8


def test_used_cards_are_turned_upright(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.character("Fuscus").exhausted = ["Thieves' Tools"]
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    session.pending()
    assert session.character("Fuscus").exhausted == []


def test_every_character_gains_action_points_before_any_card_is_turned_upright(ruleset):
    # Refresh steps 3 and 4 in the rulebook's order: step 3 for every player, then step 4.
    session = table(ruleset, at="Eastkeep")
    for name in ("Fuscus", "Parin"):
        session.character(name).action_points = 1
    session.character("Fuscus").exhausted = ["Thieves' Tools"]
    session.character("Parin").exhausted = ["Thieves' Tools"]
    session.state.frames = [Frame("actions", {})]
    told = len(session.events)
    session.start_phase("Refresh")
    session.pending()
    steps = [
        (e.kind, e.data.get("character"))
        for e in session.events[told:]
        if e.kind in ("action_points_changed", "cards_readied")
    ]
    assert steps == [
        ("action_points_changed", "Fuscus"),
        ("action_points_changed", "Parin"),
        ("cards_readied", "Fuscus"),
        ("cards_readied", "Parin"),
    ]


def test_each_player_takes_two_then_every_initiative_die_is_rerolled(ruleset):
    # three dice top up the producing locations, then the rerolled initiative dice
    session = table(ruleset, ["Fuscus", "Parin"], at="Eastkeep", dice=[1, 1, 1, 2, 5])
    session.state.asset_staging = ["Azadeh", "Wound Paste"]
    session.state.asset_deck = ["Whisper Drip"]
    fuscus = session.character("Fuscus")
    fuscus.initiative = [6]
    session.state.initiative_supply -= 1
    session.state.frames = [Frame("actions", {})]
    session.start_phase("Refresh")
    first = session.pending()
    assert first.kind == "choose_take" and first.who == "Fuscus"
    assert set(first.options) == {"ability", "asset:Azadeh", "asset:Wound Paste", "initiative"}
    session.apply("initiative")
    session.apply("asset:Azadeh")
    assert session.pending().who == "Parin"
    # the staging area was refilled to what the deck allows
    assert session.state.asset_staging == ["Wound Paste", "Whisper Drip"]
    session.apply("ability")
    session.apply("ability")
    assert session.pending().kind == "choose_action"
    fuscus, parin = session.character("Fuscus"), session.character("Parin")
    assert [a.name for a in fuscus.in_progress] == ["Azadeh"]
    assert fuscus.initiative == [2, 5]  # both dice rerolled from the script
    assert parin.abilities == ["Respected Voice", "Diplomatic Relations"]


def test_ability_cards_are_drawn_lowest_number_first(ruleset):
    session = table(ruleset, ["Fuscus", "Parin"], at="Eastkeep")
    parin = session.character("Parin")
    assert parin.ability_deck[:3] == [
        "Respected Voice",
        "Diplomatic Relations",
        "Speaker for the East",
    ]
    session.ops.take_ability(parin)
    session.ops.take_ability(parin)
    assert parin.abilities == ["Respected Voice", "Diplomatic Relations"]


def test_a_played_ability_goes_to_the_ability_discard_and_cycles(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Eastkeep")
    kanun = session.character("Kanun")
    session.ops.take_ability(kanun)  # Friend of the Forge (1): Play
    put_dice(session, "Eastkeep", ("military", 6))
    option = {"act": "ability", "character": "Kanun", "card": "Friend of the Forge", "effect": 0}
    assert option in session.pending().options
    session.apply(option)
    (die,) = session.pending().options  # "Set any resource dice at this location to 2"
    session.apply([die])
    session.pending()
    kanun = session.character("Kanun")
    assert session.location("Eastkeep").dice[0].face == 2
    assert kanun.abilities == []
    assert kanun.ability_discard == ["Friend of the Forge"]
    assert "Friend of the Forge" not in kanun.ability_deck
    # with every other card drawn, the played card comes round again
    while kanun.ability_deck:
        session.ops.take_ability(kanun)
    session.ops.take_ability(kanun)
    assert kanun.abilities[-1] == "Friend of the Forge" and kanun.ability_discard == []


def test_an_exhausted_asset_is_used_once_per_turn(ruleset):
    session = table(ruleset, ["Kanun", "Parin"], at="Eastkeep")
    place(session, "Mole Hunt", "Eastkeep")
    session.character("Kanun").assets = ["Stoutleaf Blade Polish"]
    option = {"act": "asset", "character": "Kanun", "card": "Stoutleaf Blade Polish", "effect": 0}
    session.apply(option)
    session.pending()
    assert session.location("Eastkeep").obstacles[0].progress == 1
    assert option not in session.pending().options


def test_refresh_texts_of_abilities_in_hand_run_after_the_action_points(ruleset):
    # A drawn ability's "Refresh:" text runs at the end of the refresh step, after step 3's
    # action points (the points it gives are not lost to the 4 gained); one still in the
    # ability deck does not.
    def gain(ctx):
        for c in ctx.host.state.characters:
            ctx.host.ops.gain_action_points(c, 1)

    name = next(iter(ruleset.abilities))
    gains = ability("Refresh", "All characters gain 1 action point.", gain, event="refresh")
    rs = with_abilities(ruleset, ruleset.abilities[name], gains)

    def points(hand, deck):
        session = table(rs, at="Eastkeep")
        for c in session.state.characters:
            c.action_points = 0
        fuscus = session.character("Fuscus")
        fuscus.abilities, fuscus.ability_deck = list(hand), list(deck)
        session.state.frames = [Frame("actions", {})]
        session.start_phase("Refresh")
        while session.pending().kind != "choose_action":
            session.apply("initiative")  # no one draws the card in step 5
        return [c.action_points for c in session.state.characters]

    assert points([name], []) == [5, 5]
    assert points([], [name]) == [4, 4]


def test_a_standing_text_of_an_ability_in_hand_cancels_its_holders_explosion_stress(ruleset):
    # Wild Channeling's "Cancel all stress from sorcery." holds while the ability is in hand,
    # every explosion, for its holder only; from the ability deck it does nothing.
    name = next(iter(ruleset.abilities))
    standing = ability(
        "", "Cancel all stress from sorcery.", lambda ctx: cancel(ctx, 1), usage="static"
    )
    rs = with_abilities(ruleset, ruleset.abilities[name], standing)

    def psyche_lost(hand):
        session = table(rs, at="Yearly Field", dice=[6, 6, 2])  # two explosions
        put_dice(session, "Yearly Field", ("sorcery", 1))
        session.character("Parin").location = "Eastkeep"
        fuscus = session.character("Fuscus")
        fuscus.abilities, fuscus.ability_deck = list(hand), [] if hand else [name]
        psyche = fuscus.psyche
        session.state.frames = [Frame("actions", {})]
        session.start_phase("Refresh")
        while session.pending().kind == "choose_stress":
            session.apply("psyche")
        return psyche - session.character("Fuscus").psyche

    assert psyche_lost([name]) == 0
    assert psyche_lost([]) == 2


def test_with_the_draw_pile_empty_the_lowest_played_ability_comes_back_first(ruleset):
    # Refresh: "you may take the lowest valued card available" once the draw pile is empty;
    # Kanun plays I've Seen Worse (6), then Friend of the Forge (1)
    session = table(ruleset, ["Kanun", "Parin"], at="Eastkeep")
    kanun = session.character("Kanun")
    kanun.abilities, kanun.ability_deck = ["I've Seen Worse", "Friend of the Forge"], []
    session.location("Eastkeep").threats = 1
    session.state.threat_pool -= 1
    put_dice(session, "Eastkeep", ("military", 6))
    for card, *answers in (("I've Seen Worse",), ("Friend of the Forge", lambda d: [*d.options])):
        act(session, {"act": "ability", "character": "Kanun", "card": card, "effect": 0}, *answers)
    kanun = session.character("Kanun")
    assert session.location("Eastkeep").threats == 0
    assert kanun.abilities == [] and not kanun.ability_deck
    session.ops.take_ability(kanun)
    assert kanun.abilities == ["Friend of the Forge"]
    session.ops.take_ability(kanun)
    assert kanun.abilities == ["Friend of the Forge", "I've Seen Worse"]
