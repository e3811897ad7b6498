"""Session end: scheme result, reduce location danger, map, assets, obstacles, chronicle."""

from six_winters_table import kinds, place, put_dice, table

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot
from rules.six_winters.session import made_session
from rules.six_winters.state import AssetInProgress, Frame


def _end(session, *answers):
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    for answer in answers:
        session.apply(answer)
    assert session.is_over()
    return session


def test_reduce_location_danger_removes_one_obstacle_or_one_threat_per_location(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.location("Eastkeep").threats = 2
    session.state.threat_pool -= 2
    place(session, "Mole Hunt", "Eastkeep")
    place(session, "Grain Shortage", "Giant's Gate")
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    first = session.pending()
    assert set(first.options) == {"threat", "obstacle:Mole Hunt", "nothing"}
    session.apply("threat")
    second = session.pending()
    assert "Giant's Gate" in second.prompt
    session.apply("obstacle:Grain Shortage")
    assert session.is_over()
    assert session.location("Eastkeep").threats == 1
    assert [o.name for o in session.location("Eastkeep").obstacles] == ["Mole Hunt"]
    assert session.location("Giant's Gate").obstacles == []
    assert "Grain Shortage" in session.state.obstacle_discard


def test_end_session_records_the_map_stores_assets_and_obstacles(ruleset):
    campaign = engine.new_campaign(ruleset)
    session = table(ruleset, ["Parin", "Kanun"], at="Eastkeep")
    st = session.state
    put_dice(session, "Eastkeep", ("technology", 3))
    session.location("Giant's Gate").developed = True
    session.location("Boar's Rift").threats = 1
    st.threat_pool -= 1
    parin = session.character("Parin")
    parin.assets = ["Azadeh"]  # completed: to the reserve
    parin.obstacles = ["Mole Hunt"]  # overcome but unspent: back to the obstacle deck
    parin.in_progress = [AssetInProgress("Wound Paste", [None, None, None])]
    st.asset_deck = [n for n in st.asset_deck if n not in ("Azadeh", "Wound Paste")]
    st.asset_staging = [n for n in st.asset_staging if n not in ("Azadeh", "Wound Paste")]
    st.obstacle_discard = ["Grain Shortage"]
    st.scenes_completed = [{"scene": "x", "points": 4, "finale": False}] * 3
    _end(session, "threat")
    assert session.result().won
    after = engine.end_session(campaign, session)
    assert after.year == 2
    assert after.reserve == ["Azadeh"]
    assert "Wound Paste" in after.decks["asset"]
    assert sorted(after.decks["obstacle"]) == ["Grain Shortage", "Mole Hunt"]
    by_name = {m.name: m for m in after.map}
    assert by_name["Giant's Gate"].developed
    assert by_name["Boar's Rift"].threats == 0  # removed in reduce danger
    assert after.history[-1]["result"] == "won"
    assert after.sheets["Parin"].chronicle[-1] == {
        "year": 1,
        "scheme": "Sow Discord in Brightdune",
        "result": "won",
    }
    assert after.last_characters == ["Parin", "Kanun"]


def test_characters_not_taken_note_downtime_in_their_chronicle(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    session = engine.new_session(ruleset, campaign, 3, ["Parin", "Kanun"])
    engine.play(session, HeuristicBot(3))
    after = engine.end_session(campaign, session)
    assert after.sheets["Fuscus"].chronicle[-1] == {"year": 2, "downtime": True}


def test_scheme_failure_follows_the_back_of_the_scheme(ruleset):
    session = table(ruleset, at="Eastkeep")
    session.state.scenes_completed = []
    _end(session)
    assert not session.result().won
    assert kinds(session, "card_added") == [{"card_kind": "event", "card": "Discord in Brightdune"}]


def test_scheme_success_unlocks_its_reward(ruleset):
    campaign = engine.new_campaign(ruleset)
    session = table(ruleset, at="Eastkeep")
    session.state.scenes_completed = [{"scene": "x", "points": 4, "finale": False}] * 3
    _end(session)
    after = engine.end_session(campaign, session)
    assert after.unlocked_abilities == ["Amber Hand Alliance"]
    # the shared ability joins every character's deck next year
    nxt = engine.new_session(ruleset, after, 1, ["Parin", "Fuscus"])
    assert "Amber Hand Alliance" in nxt.character("Fuscus").ability_deck


def test_update_the_chronicle_notes_downtime_for_the_characters_not_taken_this_year(ruleset):
    # Fuscus sat year 1 out and plays year 2; Kanun played year 1 and sits year 2 out. The
    # chronicle of year 2 notes Kanun's downtime, and Fuscus fought the scheme.
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    session = made_session(ruleset, campaign, 3, ["Fuscus", "Parin"])
    _end(session)
    after = engine.end_session(campaign, session)
    scheme = session.state.scheme
    assert after.sheets["Kanun"].chronicle == [{"year": 2, "downtime": True}]
    assert after.sheets["Fuscus"].chronicle == [{"year": 2, "scheme": scheme, "result": "lost"}]


def _forts_failing(ruleset, pool):
    """Mobilize War Machines fails with both Forts on the map (developed Boar's Rift and
    Boar's Peak) and ``pool`` threats left in the pool; the rest of the twelve on Yearly Field
    or in the box."""
    session = table(ruleset, ["Kanun", "Parin"], at="Eastkeep")
    st = session.state
    st.scheme = "Mobilize War Machines"
    for name in ("Boar's Rift", "Boar's Peak"):
        session.location(name).developed = True
    session.location("Yearly Field").threats = 6 - pool
    st.threat_pool = pool
    if pool == 0:
        st.lost = "the threat pool is empty"
    _end(session, "nothing", "nothing", "nothing")
    return session


def test_a_year_lost_by_emptying_the_threat_pool_still_places_its_failure_threats(ruleset):
    # "Place a threat on every Fort": the pool is empty, the cubes come from the box
    session = _forts_failing(ruleset, pool=0)
    assert session.location("Boar's Rift").threats == 1
    assert session.location("Boar's Peak").threats == 1
    assert session.state.threat_pool == 0
    assert session.state.threat_box == 12 - 6 - 2
    assert session.result().threat_left == 0


def test_threat_left_for_the_year_is_the_pool_as_play_ended_before_the_failure_text(ruleset):
    session = _forts_failing(ruleset, pool=3)  # lost for too few scenes, three threats left
    assert session.location("Boar's Rift").threats == 1
    assert session.location("Boar's Peak").threats == 1
    assert session.result().threat_left == 3
    assert session.state.threat_pool == 3  # the failure's threats did not come from the pool
