"""Condition cards: their Setup and Refresh texts do what the card says."""

from card_table import game, piece

from rules.six_winters.state import Die


def _refresh(session):
    """Refresh with the produced dice already in place; everyone takes abilities."""
    for loc in session.state.locations:
        for resource in session.side(loc).produces:
            session.state.supply[resource] -= 1
            loc.dice.append(Die(resource, 1))
    piece(session, "Refresh")
    return session


def _setup(cards, condition):
    """Character setup for Kanun (with ``condition``) and Parin (without)."""
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
    session.state.asset_staging = []
    for name in ("Kanun", "Parin"):
        c = session.character(name)
        c.initiative = []
        c.body, c.psyche = cards.characters[name].body, cards.characters[name].psyche
    session.state.initiative_supply = 10
    session.character("Kanun").conditions = [condition]
    piece(session, "character_setup", name="Kanun")
    piece(session, "character_setup", name="Parin")
    return session


def test_bruised_ribs_costs_an_action_point_at_refresh(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
    session.character("Kanun").conditions = ["Bruised Ribs"]
    for c in session.state.characters:
        c.action_points = 0
    _refresh(session)
    per_turn = cards.value("action points per turn", 4)
    assert session.character("Kanun").action_points == per_turn - 1
    assert session.character("Parin").action_points == per_turn


def test_twisted_knee_costs_a_body_at_setup(cards):
    session = _setup(cards, "Twisted Knee")
    assert session.character("Kanun").body == cards.characters["Kanun"].body - 1
    assert session.character("Parin").body == cards.characters["Parin"].body


def test_deep_cut_costs_an_initiative_at_refresh(cards):
    session = game(cards, ("Kanun", "Parin"), at="Eastkeep")
    session.character("Kanun").conditions = ["Deep Cut"]
    for c in session.state.characters:
        session.state.initiative_supply += len(c.initiative) - 2
        c.initiative = [3, 4]
    _refresh(session)
    assert len(session.character("Kanun").initiative) == 1
    assert len(session.character("Parin").initiative) == 2


def test_nightmares_cost_a_psyche_at_setup(cards):
    session = _setup(cards, "Nightmares")
    assert session.character("Kanun").psyche == cards.characters["Kanun"].psyche - 1
    assert session.character("Parin").psyche == cards.characters["Parin"].psyche


def test_hollow_doubt_costs_an_initiative_at_setup(cards):
    session = _setup(cards, "Hollow Doubt")
    assert len(session.character("Parin").initiative) == 1  # the starting die
    assert session.character("Kanun").initiative == []


def test_haunted_costs_a_psyche_at_refresh_only_on_a_blighted_location(cards):
    session = game(cards, ("Kanun", "Parin"), at="Yearly Field")  # Blighted
    session.character("Parin").location = "Eastkeep"
    for name in ("Kanun", "Parin"):
        session.character(name).conditions = ["Haunted"]
    psyche = {n: session.character(n).psyche for n in ("Kanun", "Parin")}
    _refresh(session)
    assert session.character("Kanun").psyche == psyche["Kanun"] - 1
    assert session.character("Parin").psyche == psyche["Parin"]
