"""Event cards: what they do when drawn, their standing text, burning, session end."""

from card_table import dice_at, game, options, permission, piece, settle
from six_winters_table import place, put_dice

from rules.six_winters.state import Frame


def _choose(label):
    def pick(decision):
        return next(o for o in decision.options if str(o).startswith(label))

    return pick


def test_discord_in_brightdune_pay_spends_nine_stability_burns_and_draws_an_obstacle(cards):
    session = game(cards, at="Yearly Field")
    put_dice(session, "Giant's Gate", ("stability", 5), ("stability", 4), ("military", 6))
    session.state.obstacle_deck = ["Discord in Brightdune", "Mole Hunt"]
    piece(session, "draw_obstacle_step", _choose("Pay"))
    assert dice_at(session, "Giant's Gate") == [("military", 6)]
    assert "Discord in Brightdune" in session.state.archive  # burned
    assert "Discord in Brightdune" not in session.state.obstacle_discard
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Mole Hunt"]
    assert all(loc.threats == 0 for loc in session.state.locations)


def test_discord_in_brightdune_suffer_places_a_threat_on_brightdune_urban_if_an_issue(cards):
    session = game(cards, at="Yearly Field")
    place(session, "The Old Wounds", "Boar's Rift")  # an Issue in play
    session.state.obstacle_deck = ["Discord in Brightdune", "Mole Hunt"]
    piece(session, "draw_obstacle_step", _choose("Suffer"))
    assert session.location("Giant's Gate").threats == 1  # the Brightdune Urban location
    assert sum(loc.threats for loc in session.state.locations) == 1
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Mole Hunt"]
    assert "Discord in Brightdune" not in session.state.archive


def test_discord_in_brightdune_suffer_places_no_threat_without_issue_or_amber_hand(cards):
    session = game(cards, at="Yearly Field")
    place(session, "Horse Bandits", "Boar's Rift")  # a Foe, not an Issue
    session.state.obstacle_deck = ["Discord in Brightdune", "Mole Hunt"]
    piece(session, "draw_obstacle_step", _choose("Suffer"))
    assert all(loc.threats == 0 for loc in session.state.locations)
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Mole Hunt"]


def test_alone_against_the_empire_draws_another_obstacle_and_makes_trades_cost_two(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate", dice=[4])
    put_dice(session, "Giant's Gate", ("stability", 1), ("stability", 2))
    session.state.obstacle_deck = ["Alone Against the Empire", "Mole Hunt"]
    piece(session, "draw_obstacle_step")
    assert session.state.events_out == ["Alone Against the Empire"]
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Mole Hunt"]
    trade = {"act": "trade", "character": "Parin", "give": [0, 1], "get": "technology"}
    assert trade in options(session)
    session.apply(trade)
    settle(session)
    assert session.character("Parin").action_points == 2
    assert dice_at(session, "Giant's Gate") == [("technology", 4)]


def test_alone_against_the_empire_may_be_burned_for_nine_diplomacy(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate")
    put_dice(session, "Eastkeep", ("diplomacy", 5), ("diplomacy", 4), ("diplomacy", 1))
    session.state.obstacle_deck = ["Alone Against the Empire"]
    piece(session, "draw_obstacle_step")
    assert session.action_cost("trade") == 2
    burn = permission(session, "Fuscus", "event", "Alone Against the Empire")
    assert burn in options(session)
    session.apply(burn)
    settle(session)
    assert session.state.events_out == []
    assert "Alone Against the Empire" in session.state.archive
    assert session.action_cost("trade") == 1
    assert sum(face for _, face in dice_at(session, "Eastkeep")) <= 1  # 9 spent


def test_alone_against_the_empire_cannot_be_burned_without_nine_diplomacy(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate")
    put_dice(session, "Eastkeep", ("diplomacy", 5), ("diplomacy", 3))
    session.state.obstacle_deck = ["Alone Against the Empire"]
    piece(session, "draw_obstacle_step")
    burn = permission(session, "Fuscus", "event", "Alone Against the Empire")
    if burn in options(session):
        session.apply(burn)
        settle(session)
    assert session.state.events_out == ["Alone Against the Empire"]
    assert dice_at(session, "Eastkeep") == [("diplomacy", 5), ("diplomacy", 3)]


def test_alone_against_the_empire_is_discarded_at_session_end(cards):
    session = game(cards, ("Fuscus", "Parin"), at="Giant's Gate")
    session.state.obstacle_deck = ["Alone Against the Empire"]
    piece(session, "draw_obstacle_step")
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    while (d := session.pending()) is not None:
        session.apply("nothing" if "nothing" in d.options else d.options[0])
    assert session.state.events_out == []
    assert "Alone Against the Empire" in session.state.obstacle_discard
    assert session.action_cost("trade") == 1
