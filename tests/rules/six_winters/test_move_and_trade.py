"""Move (1 action point plus entry costs; ports and portals) and trade (the wheel of trade)."""

import dataclasses

from six_winters_table import act, add_location, put_dice, table

from dsl.compiler import CompiledCard
from dsl.runtime import Span
from rules.six_winters.cards import Location


def test_moving_to_an_adjacent_location_costs_one_action_point(ruleset):
    session = table(ruleset, at="Yearly Field")
    act(session, {"act": "move", "character": "Parin", "to": "Eastkeep"})
    parin = session.character("Parin")
    assert (parin.location, parin.action_points) == ("Eastkeep", 3)


def test_only_orthogonal_neighbours_are_one_move_away(ruleset):
    session = table(ruleset, at="Eastkeep")
    moves = {
        o["to"]
        for o in session.pending().options
        if isinstance(o, dict) and o["act"] == "move" and o["character"] == "Parin"
    }
    assert moves == {"Yearly Field"}


def test_a_location_with_an_entry_cost_costs_more(ruleset):
    session = table(ruleset, at="Yearly Field")
    act(session, {"act": "move", "character": "Parin", "to": "Boar's Peak"})
    assert session.character("Parin").action_points == 2


def _with_harbor(ruleset, **side):
    """The card set plus a location "Harbor" (both sides given by ``side``'s fields, as the
    language compiles them), south of Eastkeep."""
    here = Span("<test>", 1, 1, 1, 1)
    developed = CompiledCard("location", "Harbor", side, (), here)
    fields = {"number": 99, "region": "empire", **side}
    card = CompiledCard("location", "Harbor", fields, (), here, blocks={"developed": developed})
    locations = {**ruleset.locations, "Harbor": Location(card)}
    return dataclasses.replace(ruleset, locations=locations)


def test_ports_connect_for_the_cost_of_the_port_left(ruleset):
    rs = _with_harbor(ruleset, tags=["Urban"], **{"port cost": 3})
    session = table(rs, at="Giant's Gate")
    add_location(session, "Harbor", 1, -1)
    session.location("Giant's Gate").developed = True  # port cost 2
    option = {"act": "move", "character": "Parin", "to": "Harbor", "by": "port"}
    act(session, option)
    parin = session.character("Parin")
    assert (parin.location, parin.action_points) == ("Harbor", 2)


def test_a_portal_may_be_paid_with_stress(ruleset):
    rs = _with_harbor(
        ruleset, tags=["Enchanted"], **{"portal cost": {"choice": True, "body": 1, "psyche": 1}}
    )
    session = table(rs, at="Pearlescent Marsh")
    add_location(session, "Pearlescent Marsh", -2, 0)
    add_location(session, "Harbor", 1, -1)
    body = session.character("Parin").body
    act(session, {"act": "move", "character": "Parin", "to": "Harbor", "by": "portal"}, "body")
    parin = session.character("Parin")
    assert (parin.location, parin.action_points, parin.body) == ("Harbor", 4, body - 1)


def test_trade_two_dice_of_one_type_for_one_of_another_following_the_wheel(ruleset):
    session = table(ruleset, at="Giant's Gate", dice=[4])
    put_dice(session, "Giant's Gate", ("stability", 2), ("stability", 5))
    trades = [
        o
        for o in session.pending().options
        if isinstance(o, dict) and o["act"] == "trade" and o["character"] == "Parin"
    ]
    assert {o["get"] for o in trades} == set(ruleset.trade["stability"])
    act(session, {"act": "trade", "character": "Parin", "give": [0, 1], "get": "technology"})
    assert [(d.resource, d.face) for d in session.location("Giant's Gate").dice] == [
        ("technology", 4)
    ]
    assert session.character("Parin").action_points == 3


def test_sorcery_trades_into_anything_and_nothing_trades_into_sorcery(ruleset):
    session = table(ruleset, at="Giant's Gate")
    put_dice(
        session, "Giant's Gate", ("sorcery", 2), ("sorcery", 5), ("stability", 1), ("stability", 1)
    )
    trades = [
        o
        for o in session.pending().options
        if isinstance(o, dict) and o["act"] == "trade" and o["character"] == "Parin"
    ]
    from_sorcery = {o["get"] for o in trades if o["give"] == [0, 1]}
    assert from_sorcery == set(ruleset.resources) - {"sorcery"}
    assert all(o["get"] != "sorcery" for o in trades)


def test_two_dice_of_different_types_cannot_be_traded(ruleset):
    session = table(ruleset, at="Giant's Gate")
    put_dice(session, "Giant's Gate", ("military", 2), ("stability", 5))
    assert not any(isinstance(o, dict) and o["act"] == "trade" for o in session.pending().options)
