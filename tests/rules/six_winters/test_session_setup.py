"""Campaign setup and the twelve session-setup steps."""

from collections import Counter

import pytest
from six_winters_table import kinds

from dsl.errors import ChroniclerError
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot


def test_a_new_campaign_has_the_starting_map_decks_and_three_sheets(ruleset):
    campaign = engine.new_campaign(ruleset)
    assert [(m.name, m.x, m.y) for m in campaign.map] == list(ruleset.starting_map)
    assert sorted(campaign.decks["asset"]) == sorted(
        a.name for a in ruleset.assets.values() if a.starting
    )
    assert sorted(campaign.decks["scene"]) == sorted(
        s.name for s in ruleset.scenes.values() if s.starting
    )
    assert campaign.decks["obstacle"] == []  # no obstacle deck in the first year
    assert sorted(campaign.unlocked_characters) == ["Fuscus", "Kanun", "Parin"]
    assert campaign.sheets["Parin"].skills["command"] == 3


def _setup(ruleset, seed=5, characters=("Parin", "Kanun"), campaign=None):
    campaign = campaign or engine.new_campaign(ruleset)
    return engine.new_session(ruleset, campaign, seed, list(characters))


def test_setup_stages_four_assets_and_selects_the_scheme_of_the_year(ruleset):
    session = _setup(ruleset)
    assert len(session.state.asset_staging) == 4
    assert session.state.scheme == "Sow Discord in Brightdune"  # the only year-1 scheme
    started = kinds(session, "session_started")[0]
    assert started["threat_pool"] == 6 and started["year"] == 1


def test_setup_rolls_resources_on_producing_locations_and_equips_each_character(ruleset):
    session = _setup(ruleset)
    decision = session.pending()
    assert decision.kind == "choose_asset" and decision.who == "Parin"
    assert decision.options[-1] == "none"
    taken = decision.options[0]
    session.apply(taken)
    session.apply("none")
    session.apply("Giant's Gate")
    session.apply("Eastkeep")
    assert session.pending().kind == "choose_action"
    parin, kanun = session.character("Parin"), session.character("Kanun")
    assert [a.name for a in parin.in_progress] == [taken]
    assert kanun.in_progress == []
    assert len(session.state.asset_staging) == 4  # refilled
    for c in (parin, kanun):
        assert len(c.initiative) == 1
        assert c.action_points == 4
    assert parin.abilities == [ruleset.character_abilities("Parin")[0]]  # the card numbered 1
    assert (parin.location, kanun.location) == ("Giant's Gate", "Eastkeep")
    for loc in session.state.locations:
        produced = sorted(ruleset.locations[loc.name].side(loc.developed).produces)
        assert sorted(d.resource for d in loc.dice) == produced or "sorcery" in produced


def test_an_unknown_character_is_refused_with_near_names(ruleset):
    with pytest.raises(ChroniclerError, match="did you mean Parin"):
        _setup(ruleset, characters=("Parn", "Kanun"))


def test_downtime_removes_a_condition_and_gives_two_advances(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    campaign.sheets["Fuscus"].conditions = ["Deep Cut"]
    session = _setup(ruleset, campaign=campaign)
    assert session.state.idle_characters == ["Fuscus"]
    d = session.pending()
    assert d.kind == "choose_condition" and d.who == "Fuscus"
    session.apply("Deep Cut")
    session.apply("lore")  # lore 1: one advance is not above it
    session.apply("lore")  # the second is: lore becomes 2, the track resets
    session.pending()
    sheet = session.state.sheets["Fuscus"]
    assert sheet.conditions == []
    assert sheet.skills["lore"] == 2 and sheet.advances["lore"] == 0


def test_a_character_back_from_downtime_plays_the_year_with_what_downtime_gave(ruleset):
    # Fuscus sat year 1 out: at the start of year 2 he trains and rests, then plays.
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    campaign.sheets["Fuscus"].conditions = ["Deep Cut", "Nightmares"]
    session = _setup(ruleset, characters=("Fuscus", "Parin"), campaign=campaign)
    assert session.state.idle_characters == ["Fuscus"]
    session.apply("Deep Cut")
    session.apply("lore")
    session.apply("lore")  # lore 1 -> 2
    session.pending()
    fuscus = session.character("Fuscus")
    assert fuscus.conditions == ["Nightmares"]
    assert fuscus.skills["lore"] == 2 and fuscus.advances["lore"] == 0
    engine.play(session, HeuristicBot(3))
    after = engine.end_session(campaign, session)
    taken = [
        e["condition"] for e in kinds(session, "condition_taken") if e["character"] == "Fuscus"
    ]
    assert after.sheets["Fuscus"].conditions == ["Nightmares", *taken]
    assert after.sheets["Fuscus"].skills["lore"] >= 2


def test_reserve_assets_are_split_between_the_players(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun", "Fuscus"]
    campaign.reserve = ["Azadeh"]
    campaign.decks["asset"].remove("Azadeh")
    session = _setup(ruleset, campaign=campaign)
    d = session.pending()
    assert d.kind == "choose_character" and "Azadeh" in d.prompt
    session.apply("Kanun")
    session.pending()
    assert session.character("Kanun").assets == ["Azadeh"]


def test_threats_and_obstacles_on_the_map_come_back(ruleset):
    from rules.six_winters.state import ObstacleInPlay

    campaign = engine.new_campaign(ruleset)
    campaign.map[0].threats = 2
    campaign.map[1].obstacles = [ObstacleInPlay("Mole Hunt", 1, 0)]
    session = _setup(ruleset, campaign=campaign)
    assert session.location("Yearly Field").threats == 2
    assert session.location("Eastkeep").obstacles[0].name == "Mole Hunt"
    st = session.state
    assert st.threat_pool == 6 and st.threat_box == 12 - 6 - 2


def test_a_whole_session_ends_with_a_result(ruleset):
    session = engine.play(_setup(ruleset), HeuristicBot(1))
    result = session.result()
    assert result.reason
    assert kinds(session, "session_ended")[0]["result"] in ("won", "lost")


def test_a_skill_goes_no_higher_than_five(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    campaign.sheets["Fuscus"].skills["charm"] = 5
    session = _setup(ruleset, campaign=campaign)
    session.apply("charm")
    session.apply("charm")
    session.pending()
    sheet = session.state.sheets["Fuscus"]
    assert sheet.skills["charm"] == 5 and sheet.advances["charm"] == 0


def test_the_scheme_is_drawn_at_random_among_those_of_the_year_each_session():
    # Select Scheme: each session draws at random among the schemes whose years include this
    # year. The card text has four for years 2-5, each as likely in every one of those years
    # (a draw per session, so a scheme may come again).
    cards = engine.load_ruleset()
    campaign = engine.new_campaign(cards)
    characters = sorted(campaign.unlocked_characters)[:2]
    for year in (2, 5):
        campaign.year = year
        schemes = sorted(n for n, s in cards.schemes.items() if s.years[0] <= year <= s.years[1])
        assert len(schemes) == 4
        drawn = Counter(
            engine.new_session(cards, campaign, seed, characters).state.scheme
            for seed in range(400)
        )
        assert sorted(drawn) == schemes
        assert all(60 <= n <= 140 for n in drawn.values()), drawn  # 100 expected, sd ~9


def test_sort_ability_cards_puts_an_unlocked_shared_ability_by_its_number(ruleset):
    # Sort Ability Cards: ascending ability numbers, lowest on top. A shared Brightdune ability
    # is numbered 1, so it sits under the character's own card 1, not at the bottom.
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Fuscus", "Kanun"]
    campaign.unlocked_abilities = ["Amber Hand Alliance"]
    session = _setup(ruleset, characters=("Fuscus", "Parin"), campaign=campaign)
    deck = session.character("Fuscus").ability_deck
    assert deck[:3] == ["Mostly Honest Fence", "Amber Hand Alliance", "Lift Your Cups!"]
    numbers = [min(ruleset.abilities[n].numbers or (ruleset.abilities[n].number,)) for n in deck]
    assert numbers == sorted(numbers)


def test_restore_campaign_state_places_the_recorded_obstacles_with_their_printed_tokens(ruleset):
    # Update Campaign Map records threats, obstacles and developed sides, not the tokens on the
    # obstacles; restored next year, an obstacle enters play with its printed tokens.
    from six_winters_table import place, table

    from rules.six_winters.state import Frame

    session = table(ruleset, ["Parin", "Kanun"], at="Giant's Gate")
    place(session, "Background Checks", "Eastkeep", progress=3, hindrance=0)  # prints 2 hindrance
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    session.apply("nothing")  # reduce danger at Eastkeep: keep it
    after = engine.end_session(engine.new_campaign(ruleset), session)
    (recorded,) = [o for m in after.map for o in m.obstacles]
    assert recorded.name == "Background Checks"
    nxt = _setup(ruleset, campaign=after, characters=("Parin", "Kanun"))
    (restored,) = nxt.location("Eastkeep").obstacles
    assert (restored.name, restored.progress, restored.hindrance) == ("Background Checks", 0, 2)


def test_a_year_that_begins_with_an_empty_threat_pool_is_lost_before_its_first_turn(ruleset):
    # "If this pool is ever empty, the players lose": twelve threats on the map leave none
    campaign = engine.new_campaign(ruleset)
    for place in campaign.map[:4]:
        place.threats = 3
    session = _setup(ruleset, campaign=campaign)
    assert session.state.threat_pool == 0
    assert [e.kind for e in session.events[:2]] == ["session_started", "threat_pool_empty"]
    session = engine.play(session, HeuristicBot(1))
    assert not kinds(session, "turn_started")
    assert session.result().won is False
