"""Location cards: ports, portals, entry costs, muster permissions, dice texts, refresh and
obstacle-arrival texts, on the side that prints them."""

from card_table import dice_at, game, options, permission, piece, settle
from six_winters_table import add_location, place, put_dice

from rules.six_winters.state import Die


def _moves(session, who):
    return {
        (o["to"], o.get("by"))
        for o in options(session)
        if isinstance(o, dict) and o["act"] == "move" and o["character"] == who
    }


def _musters(session, who):
    return {
        o["resource"]
        for o in options(session)
        if isinstance(o, dict) and o["act"] == "muster" and o["character"] == who
    }


def _go(session, who, to, by=None, *answers):
    chosen = {"act": "move", "character": who, "to": to}
    if by is not None:
        chosen["by"] = by
    assert chosen in options(session)
    session.apply(chosen)
    return settle(session, *answers)


def test_developed_yearly_field_gives_everyone_there_an_initiative_at_refresh(cards):
    def refreshed(developed):
        session = game(cards, ("Kanun", "Parin"), at="Yearly Field")
        session.character("Parin").location = "Eastkeep"
        session.location("Yearly Field").developed = developed
        for loc in session.state.locations:
            for resource in session.side(loc).produces:
                session.state.supply[resource] -= 1
                loc.dice.append(Die(resource, 1))
        before = {n: len(session.character(n).initiative) for n in ("Kanun", "Parin")}
        piece(session, "Refresh")  # each takes abilities, not initiative
        return {n: len(session.character(n).initiative) - before[n] for n in before}

    assert refreshed(True) == {"Kanun": 1, "Parin": 0}
    assert refreshed(False) == {"Kanun": 0, "Parin": 0}


def test_developed_yearly_field_gives_one_initiative_each_however_many_characters_are_there(cards):
    # the location's text runs once per refresh, not once per character standing on it
    session = game(cards, ("Kanun", "Parin", "Fuscus"), at="Yearly Field")
    session.location("Yearly Field").developed = True
    for loc in session.state.locations:
        for resource in session.side(loc).produces:
            session.state.supply[resource] -= 1
            loc.dice.append(Die(resource, 1))
    names = ("Kanun", "Parin", "Fuscus")
    before = {n: len(session.character(n).initiative) for n in names}
    piece(session, "Refresh")  # each takes abilities, not initiative
    assert {n: len(session.character(n).initiative) - before[n] for n in names} == {
        "Kanun": 1,
        "Parin": 1,
        "Fuscus": 1,
    }


def test_whitehold_costs_one_more_action_point_to_enter(cards):
    session = game(cards, at="Eastkeep")
    add_location(session, "Whitehold", 2, 0)
    _go(session, "Kanun", "Whitehold")
    assert session.character("Kanun").action_points == 2
    session.character("Parin").action_points = 1
    assert ("Whitehold", None) not in _moves(session, "Parin")  # one point is not enough


def test_developed_whitehold_spends_two_dice_to_take_a_staged_shadow_asset(cards):
    session = game(cards, at="Whitehold")
    add_location(session, "Whitehold", 2, 0)
    session.location("Whitehold").developed = True
    put_dice(session, "Whitehold", ("espionage", 1), ("espionage", 2))
    session.state.asset_staging = ["Wound Paste", "Zeno the Squidmonger"]  # Zeno: shadow
    session.character("Kanun").in_progress = []
    session.character("Kanun").initiative = []
    use = permission(session, "Kanun", "location", "Whitehold")
    assert use in options(session)
    session.apply(use)
    settle(session)
    assert dice_at(session, "Whitehold") == []
    assert [a.name for a in session.character("Kanun").in_progress] == ["Zeno the Squidmonger"]
    assert "Wound Paste" in session.state.asset_staging


def _ports(cards, developed):
    session = game(cards, at="Giant's Gate")
    add_location(session, "Rosy Freetrader", 2, 0)
    add_location(session, "Lily Manor", 1, 1)
    for name in ("Giant's Gate", "Rosy Freetrader", "Lily Manor"):
        session.location(name).developed = developed
    return session


def test_developed_giants_gate_rosy_freetrader_and_lily_manor_are_ports(cards):
    session = _ports(cards, developed=False)
    assert not {m for m in _moves(session, "Kanun") if m[1] == "port"}
    session = _ports(cards, developed=True)
    assert {m for m in _moves(session, "Kanun") if m[1] == "port"} == {
        ("Rosy Freetrader", "port"),
        ("Lily Manor", "port"),
    }
    _go(session, "Kanun", "Rosy Freetrader", "port")
    assert session.character("Kanun").action_points == 2  # port cost 2 action points
    assert ("Lily Manor", "port") in _moves(session, "Kanun")


def test_developed_boars_rift_hinders_a_unit_moving_in(cards):
    session = game(cards, at="Yearly Field")
    session.location("Boar's Rift").developed = True
    add_location(session, "Whitehold", -1, -2)  # Empire, next to Boar's Rift
    place(session, "War Machines", "Whitehold")  # a Unit, moving toward Urban
    place(session, "Horse Bandits", "Whitehold")  # not a Unit, moving toward Rural
    uid = session.location("Whitehold").obstacles[0].uid
    piece(session, "activate_obstacle", uid=uid)
    assert [(o.name, o.hindrance) for o in session.location("Boar's Rift").obstacles] == [
        ("War Machines", 2)
    ]


def test_undeveloped_boars_rift_does_not_hinder_a_unit(cards):
    session = game(cards, at="Yearly Field")
    add_location(session, "Whitehold", -1, -2)
    place(session, "War Machines", "Whitehold")
    piece(session, "activate_obstacle", uid=session.location("Whitehold").obstacles[0].uid)
    assert [(o.name, o.hindrance) for o in session.location("Boar's Rift").obstacles] == [
        ("War Machines", 0)
    ]


def test_boars_peak_costs_one_more_to_enter_and_developed_hinders_units(cards):
    session = game(cards, at="Yearly Field")
    _go(session, "Kanun", "Boar's Peak")
    assert session.character("Kanun").action_points == 2
    session = game(cards, at="Yearly Field")
    session.location("Boar's Peak").developed = True
    add_location(session, "Lily Manor", 0, 2)
    add_location(session, "Golden Hills", 1, 2)
    place(session, "Sticky Flame", "Golden Hills")  # a Unit
    place(session, "Amber Hand Raiders", "Lily Manor", hindrance=0)  # a Unit, toward Urban
    piece(session, "activate_obstacle", uid=session.location("Lily Manor").obstacles[0].uid)
    arrived = session.location("Boar's Peak").obstacles
    assert [(o.name, o.hindrance) for o in arrived] == [("Amber Hand Raiders", 2)]


def test_loomwood_lets_characters_muster_technology_on_both_sides(cards):
    session = game(cards, at="Loomwood", dice=[5])
    add_location(session, "Loomwood", -2, 0)
    assert "technology" in _musters(session, "Kanun")
    session.location("Loomwood").developed = True
    assert {"technology", "stability"} <= _musters(session, "Kanun")
    session.apply({"act": "muster", "character": "Kanun", "resource": "technology"})
    assert dice_at(session, "Loomwood") == [("technology", 5)]
    session.character("Parin").location = "Giant's Gate"
    assert "technology" not in _musters(session, "Parin")  # only at Loomwood


def test_muster_sorcery_at_gelshahs_tower_pearlescent_marsh_and_golden_hills(cards):
    for name, developed in (
        ("Gelshah's Tower", False),
        ("Pearlescent Marsh", False),
        ("Golden Hills", False),
        ("Golden Hills", True),
    ):
        session = game(cards, at=name)
        add_location(session, name, -2, 0)
        session.location(name).developed = developed
        assert "sorcery" in _musters(session, "Kanun"), name
    session = game(cards, at="Giant's Gate")
    assert "sorcery" not in _musters(session, "Kanun")


def _portals(cards, at, developed=()):
    session = game(cards, at=at)
    add_location(session, "Gelshah's Tower", -2, 0)
    add_location(session, "Pearlescent Marsh", -2, -1)
    add_location(session, "Golden Hills", 1, 1)
    for name in developed:
        session.location(name).developed = True
    return session


def test_gelshahs_tower_is_a_portal_for_a_body_or_a_psyche(cards):
    session = _portals(cards, "Gelshah's Tower")
    assert ("Pearlescent Marsh", "portal") in _moves(session, "Kanun")
    assert ("Golden Hills", "portal") not in _moves(session, "Kanun")  # not a portal undeveloped
    _go(session, "Kanun", "Pearlescent Marsh", "portal", "psyche")
    kanun = session.character("Kanun")
    assert kanun.location == "Pearlescent Marsh" and kanun.action_points == 4
    assert kanun.psyche == cards.characters["Kanun"].psyche - 1


def test_developed_gelshahs_tower_is_a_portal_for_an_action_point(cards):
    session = _portals(cards, "Gelshah's Tower", developed=("Gelshah's Tower",))
    _go(session, "Kanun", "Pearlescent Marsh", "portal")
    kanun = session.character("Kanun")
    assert kanun.action_points == 3
    assert (kanun.body, kanun.psyche) == (
        cards.characters["Kanun"].body,
        cards.characters["Kanun"].psyche,
    )


def test_pearlescent_marsh_and_developed_golden_hills_are_portals(cards):
    session = _portals(cards, "Pearlescent Marsh", developed=("Golden Hills",))
    assert ("Golden Hills", "portal") in _moves(session, "Kanun")
    _go(session, "Kanun", "Golden Hills", "portal", "body")
    assert session.character("Kanun").body == cards.characters["Kanun"].body - 1
    assert ("Pearlescent Marsh", "portal") in _moves(session, "Kanun")


def test_the_obfuscated_bribe_trades_a_body_for_a_psyche_once_a_turn(cards):
    session = game(cards, ("Fuscus", "Parin"), at="The Obfuscated Bribe")
    add_location(session, "The Obfuscated Bribe", -2, 0)
    session.character("Fuscus").psyche = 2
    use = permission(session, "Fuscus", "location", "The Obfuscated Bribe")
    assert use in options(session)
    session.apply(use)
    settle(session)
    fuscus = session.character("Fuscus")
    assert (fuscus.body, fuscus.psyche) == (cards.characters["Fuscus"].body - 1, 3)
    assert use not in options(session)


def test_developed_obfuscated_bribe_spends_two_dice_to_recover_a_psyche(cards):
    session = game(cards, ("Fuscus", "Parin"), at="The Obfuscated Bribe")
    add_location(session, "The Obfuscated Bribe", -2, 0)
    session.location("The Obfuscated Bribe").developed = True
    put_dice(session, "The Obfuscated Bribe", ("espionage", 3), ("diplomacy", 6))
    session.character("Fuscus").initiative = []
    session.character("Fuscus").psyche = 2
    use = permission(session, "Fuscus", "location", "The Obfuscated Bribe")
    assert use in options(session)
    session.apply(use)
    settle(session)
    assert dice_at(session, "The Obfuscated Bribe") == []
    fuscus = session.character("Fuscus")
    assert (fuscus.body, fuscus.psyche) == (cards.characters["Fuscus"].body, 3)


def test_developed_hogeltown_spends_two_dice_to_recover_a_body(cards):
    session = game(cards, at="Hogeltown")
    add_location(session, "Hogeltown", 0, -1)
    assert permission(session, "Kanun", "location", "Hogeltown") not in options(session)
    session.location("Hogeltown").developed = True
    put_dice(session, "Hogeltown", ("diplomacy", 1), ("diplomacy", 2))
    session.character("Kanun").initiative = []
    session.character("Kanun").body = 3
    use = permission(session, "Kanun", "location", "Hogeltown")
    assert use in options(session)
    session.apply(use)
    settle(session)
    assert dice_at(session, "Hogeltown") == []
    assert session.character("Kanun").body == 4
