"""Craft: spend an initiative die; dice up to its value move onto in-progress assets."""

from six_winters_table import act, in_progress, kinds, put_dice, table


def test_craft_example_initiative_five_takes_dice_up_to_five_and_completes_the_rope(ruleset):
    # the seed's example: three sorcery dice at the location; a 5 takes the two dice of 5 or
    # less but not the 6; the dice are split between two assets; Greenleaf Rope completes
    session = table(ruleset, ["Fuscus", "Parin"], at="Yearly Field")
    session.character("Parin").location = "Eastkeep"
    put_dice(session, "Yearly Field", ("sorcery", 1), ("sorcery", 4), ("sorcery", 6))
    fuscus = session.character("Fuscus")
    fuscus.initiative = [5, 2]
    in_progress(session, "Fuscus", "49 Feet of Greenleaf Rope", ("technology", 3), ("sorcery", 1))
    in_progress(session, "Fuscus", "Loomwood Apples")
    supply_before = dict(session.state.supply)
    initiative_supply = session.state.initiative_supply
    asked = act(
        session,
        {"act": "craft", "character": "Fuscus", "die": 5},
        {
            "die": 0,
            "character": "Fuscus",
            "asset": "49 Feet of Greenleaf Rope",
            "index": 0,
            "slot": 2,
        },
        {"die": 0, "character": "Fuscus", "asset": "Loomwood Apples", "index": 0, "slot": 1},
    )
    # the 6 (the third die) is never offered
    for decision in asked:
        assert all(o == "stop" or o["die"] in (0, 1) for o in decision.options)
    # a decision restores the state from its snapshot: look the objects up again
    fuscus = session.character("Fuscus")
    assert "49 Feet of Greenleaf Rope" in fuscus.assets
    assert [a.name for a in fuscus.in_progress] == ["Loomwood Apples"]
    apples = fuscus.in_progress[0]
    assert [(d.resource, d.face) for d in apples.slots if d] == [("sorcery", 4)]
    assert [(d.resource, d.face) for d in session.location("Yearly Field").dice] == [("sorcery", 6)]
    # the rope's three dice go back to the supply; the initiative die is spent
    assert session.state.supply["technology"] == supply_before["technology"] + 1
    assert session.state.supply["sorcery"] == supply_before["sorcery"] + 2
    assert fuscus.initiative == [2]
    assert session.state.initiative_supply == initiative_supply + 1
    assert kinds(session, "asset_completed") == [
        {"character": "Fuscus", "asset": "49 Feet of Greenleaf Rope"}
    ]


def test_a_die_above_the_initiative_die_cannot_be_crafted(ruleset):
    session = table(ruleset, at="Yearly Field")
    put_dice(session, "Yearly Field", ("stability", 6))
    session.character("Fuscus").initiative = [5]
    session.character("Parin").initiative = []
    in_progress(session, "Fuscus", "Loomwood Apples")
    assert not any(isinstance(o, dict) and o["act"] == "craft" for o in session.pending().options)


def test_craft_onto_a_co_located_characters_asset(ruleset):
    session = table(ruleset, at="Yearly Field")
    put_dice(session, "Yearly Field", ("diplomacy", 2))
    session.character("Fuscus").initiative = [3]
    in_progress(session, "Parin", "Tarnished Silver Fork")
    act(
        session,
        {"act": "craft", "character": "Fuscus", "die": 3},
        {"die": 0, "character": "Parin", "asset": "Tarnished Silver Fork", "index": 0, "slot": 0},
    )
    assert "Tarnished Silver Fork" in session.character("Parin").assets


def test_dice_must_match_the_slot(ruleset):
    session = table(ruleset, at="Yearly Field")
    put_dice(session, "Yearly Field", ("military", 2))
    session.character("Fuscus").initiative = [6]
    in_progress(session, "Fuscus", "Tarnished Silver Fork")  # one diplomacy slot
    assert not any(isinstance(o, dict) and o["act"] == "craft" for o in session.pending().options)
