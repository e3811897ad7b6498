"""Muster: 3 action points for a die of the location's resource; sorcery explodes."""

from six_winters_table import act, add_location, kinds, table


def test_muster_example_sorcery_explodes_and_the_player_takes_psyche(ruleset):
    # the seed's example: a 6 explodes, the player takes psyche instead of body, the second
    # sorcery die is not a 6 so no more dice are rolled
    session = table(ruleset, ["Fuscus", "Parin"], at="Pearlescent Marsh", dice=[6, 3])
    add_location(session, "Pearlescent Marsh", -2, 0)
    session.character("Parin").location = "Giant's Gate"
    fuscus = session.character("Fuscus")
    body, psyche = fuscus.body, fuscus.psyche
    act(
        session,
        {"act": "muster", "character": "Fuscus", "resource": "sorcery"},
        "psyche",
    )
    marsh = session.location("Pearlescent Marsh")
    fuscus = session.character("Fuscus")  # a decision restores the state from its snapshot
    assert [(d.resource, d.face) for d in marsh.dice] == [("sorcery", 6), ("sorcery", 3)]
    assert fuscus.action_points == 1
    assert (fuscus.body, fuscus.psyche) == (body, psyche - 1)
    assert session.state.supply["sorcery"] == 4
    assert len(kinds(session, "sorcery_exploded")) == 1


def test_muster_needs_three_action_points(ruleset):
    session = table(ruleset, at="Giant's Gate")
    session.character("Fuscus").action_points = 2
    offered = session.pending().options
    assert not any(
        isinstance(o, dict) and o["act"] == "muster" and o["character"] == "Fuscus" for o in offered
    )
    assert {"act": "muster", "character": "Parin", "resource": "stability"} in offered


def test_muster_takes_the_locations_resource(ruleset):
    session = table(ruleset, at="Boar's Rift", dice=[4])
    act(session, {"act": "muster", "character": "Parin", "resource": "military"})
    assert [(d.resource, d.face) for d in session.location("Boar's Rift").dice] == [("military", 4)]


def test_no_muster_where_nothing_is_produced(ruleset):
    session = table(ruleset, at="Yearly Field")
    assert not any(isinstance(o, dict) and o["act"] == "muster" for o in session.pending().options)


def test_resource_dice_are_finite_so_an_empty_supply_musters_nothing(ruleset):
    session = table(ruleset, at="Boar's Rift")
    session.state.supply["military"] = 0
    assert not any(isinstance(o, dict) and o["act"] == "muster" for o in session.pending().options)
