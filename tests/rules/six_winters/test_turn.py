"""The turn: actions, refresh, draw scene, activate obstacles, draw obstacle, advance time."""

from six_winters_table import kinds, run_piece, table

from rules.six_winters.state import Frame


def _from_step(session, title):
    """Play on from a step of the turn (``procedure.rules``), within the session's turns."""
    steps = session.procedure.phase("Turn").steps
    at = next(k for k, step in enumerate(steps) if step.title == title)
    session.state.frames = [
        Frame("procedure", {"phase": "Session", "at": 1}),  # its step 2: the turns
        Frame("procedure", {"phase": "Turn", "at": at}),
    ]
    session._pending = None


def _after_actions(session):
    """End the actions step and run the turn's remaining steps up to the next question."""
    _from_step(session, "Refresh")
    return session.pending()


def test_the_turn_draws_a_scene_after_refresh(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.scene_deck = ["Decipher Gelshah's Scroll", "Find the Mad Honey Supplier"]
    session.state.scenes = []
    decision = _after_actions(session)
    assert decision.kind == "choose_take"
    while session.pending().kind == "choose_take":
        session.apply("initiative")
    assert session.state.scenes == ["Decipher Gelshah's Scroll"]
    assert kinds(session, "scene_drawn") == [{"scene": "Decipher Gelshah's Scroll"}]


def test_an_empty_obstacle_deck_reshuffles_the_discard(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.obstacle_deck = []
    session.state.obstacle_discard = ["Mole Hunt"]
    run_piece(session, "draw_obstacle_step")
    assert session.location("Eastkeep").obstacles[0].name == "Mole Hunt"
    assert session.state.obstacle_discard == []
    assert kinds(session, "obstacle_deck_reshuffled") == [{"size": 1}]


def test_an_obstacle_enters_the_matching_location_with_fewest_obstacles(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.obstacle_deck = ["Grain Shortage"]  # Urban: only Giant's Gate
    run_piece(session, "draw_obstacle_step")
    placed = session.location("Giant's Gate").obstacles[0]
    assert (placed.name, placed.progress, placed.hindrance) == ("Grain Shortage", 0, 2)


def test_the_fallback_location_is_used_when_none_of_the_first_is_in_play(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.location("Yearly Field").developed = True  # no Blighted location left
    session.state.obstacle_deck = ["Restless Dead"]  # Blighted, else Wilderness
    asked = run_piece(session, "draw_obstacle_step", "Boar's Rift")
    # Yearly Field (developed: Wilderness), Boar's Peak and Boar's Rift tie at no obstacles
    assert set(asked[0].options) == {"Yearly Field", "Boar's Peak", "Boar's Rift"}


def test_an_event_is_followed_and_discarded(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.obstacle_deck = ["Discord in Brightdune", "Mole Hunt"]
    asked = run_piece(session, "draw_obstacle_step", "Suffer")  # no Issue in play: no threat
    assert asked[0].kind == "choose_option" and asked[0].options == ("Pay", "Suffer")
    assert kinds(session, "event_drawn") == [{"event": "Discord in Brightdune"}]
    assert all(loc.threats == 0 for loc in session.state.locations)
    assert session.location("Eastkeep").obstacles[0].name == "Mole Hunt"  # drew another
    assert session.state.obstacle_discard == ["Discord in Brightdune"]


def test_time_advances_and_the_last_turn_of_a_season_runs_the_schemes_steps(ruleset):
    session = table(ruleset, at="Eastkeep", dice=[3, 4])
    st = session.state
    st.turn = 3  # the last turn of spring (three turns a season, as declared)
    _from_step(session, "Advance Time")
    session.pending()
    assert kinds(session, "season_ended")[0]["season"] == "spring"
    # Sow Discord: every season end a technology and an espionage on Eastkeep; spring adds a
    # scene on top of the scene deck
    assert [(d.resource, d.face) for d in session.location("Eastkeep").dice] == [
        ("technology", 3),
        ("espionage", 4),
    ]
    assert st.scene_deck[0] == "Intercept Freetrader Plans"
    assert (session.state.season, session.state.turn) == (1, 1)


def test_winter_end_with_three_scenes_is_a_victory(ruleset):
    session = table(ruleset, at="Eastkeep")
    st = session.state
    st.season, st.turn = 3, 3
    st.scenes_completed = [{"scene": n, "points": 1} for n in ("a", "b", "c")]
    _from_step(session, "Advance Time")
    while (d := session.pending()) is not None:
        session.apply("nothing" if "nothing" in d.options else d.options[0])
    assert session.result().won
    assert kinds(session, "session_ended")[0]["result"] == "won"


def test_winter_end_with_fewer_than_three_scenes_is_a_defeat(ruleset):
    session = table(ruleset, at="Eastkeep")
    st = session.state
    st.season, st.turn = 3, 3
    st.scenes_completed = [{"scene": "a", "points": 1}]
    _from_step(session, "Advance Time")
    while (d := session.pending()) is not None:
        session.apply(d.options[0])
    result = session.result()
    assert not result.won and result.reason == "too few scenes by the end of winter"
    # the scheme's failure: Discord in Brightdune is added on top of the obstacle deck
    assert session.state.obstacle_deck[0] == "Discord in Brightdune"


def test_an_empty_threat_pool_loses_after_the_current_turn(ruleset):
    session = table(ruleset, at="Eastkeep")
    st = session.state
    st.lost = "the threat pool is empty"
    _from_step(session, "Advance Time")
    while (d := session.pending()) is not None:
        session.apply(d.options[0])
    assert session.result().reason == "the threat pool is empty"
    assert kinds(session, "turn_started") == []  # no further turn began
