"""The six-year campaign, the finale, Brightdune's fate and the campaign score."""

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot
from rules.six_winters.campaign import campaign_score

CARDS = engine.load_ruleset()
FATES = [CARDS.by_count("completed finale scenes", n) for n in range(7)]


def score_title(score: int) -> str | None:
    return CARDS.by_count("score", score)


def test_a_campaign_plays_six_years_with_the_years_scheme():
    ruleset = CARDS  # fate and score titles come from the card text's tables
    years = list(engine.play_campaign(ruleset, 4, HeuristicBot(4)))
    assert [s.state.year for _, s in years] == [1, 2, 3, 4, 5, 6]
    assert years[0][1].state.scheme == "Sow Discord in Brightdune"
    for _, session in years[1:5]:
        assert ruleset.schemes[session.state.scheme].years[0] >= 2
    assert years[5][1].state.scheme == "Achieve Apotheosis"
    final = years[-1][0]
    assert final.fate in FATES
    assert final.score == campaign_score(final.history)
    assert len(final.history) == 6


def test_the_finale_shuffles_every_finale_scene_onto_the_scene_deck(ruleset):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 6
    session = engine.new_session(ruleset, campaign, 2, ["Parin", "Kanun"])
    session.pending()
    finale = {s.name for s in ruleset.scenes.values() if s.finale}
    assert finale <= set(session.state.scene_deck)
    assert any(o.name == "Hall of Faces" for loc in session.state.locations for o in loc.obstacles)


def test_the_fate_follows_the_number_of_finale_scenes():
    assert FATES[0] == "Autarch Ascendant"
    assert FATES[3] == "Pyrrhic Victory"
    assert FATES[6] == "Brightdune Ascendant"


def test_score_adds_scene_points_ten_per_won_year_and_three_per_finale_scene():
    history = [
        {"year": 1, "result": "won", "scenes": [{"points": 4}, {"points": 5}, {"points": 6}]},
        {"year": 2, "result": "lost", "scenes": [{"points": 7}]},
        {"year": 6, "result": "won", "scenes": [{"points": 9, "finale": True}]},
    ]
    # 15 + 10 (year 1 won) + 7 + 9 + 3 (one finale scene); year 6 earns no +10
    assert campaign_score(history) == 44
    assert score_title(44) == "Novice"
    assert score_title(121) == "Champion of Brightdune"
    assert score_title(5) == "Maybe you misunderstood a rule?"


def test_the_same_seed_plays_the_same_campaign(ruleset):
    def summary(seed):
        return [
            (s.state.scheme, s.result().won, len(s.events))
            for _, s in engine.play_campaign(ruleset, seed, RandomBot(seed))
        ]

    assert summary(9) == summary(9)


def test_the_campaign_state_round_trips_through_json(ruleset):
    from rules.six_winters.state import CampaignState

    years = list(engine.play_campaign(ruleset, 6, HeuristicBot(6)))
    for campaign, _ in years[:3]:
        text = campaign.to_json()
        again = CampaignState.from_json(text)
        assert again == campaign
        assert again.to_json() == text


def test_a_score_below_the_lowest_band_gets_the_lowest_title():
    # The score table's lowest band is "1-30: Maybe you misunderstood a rule?", but a campaign
    # with no scene and no won year scores 0: it gets the lowest band's title, not an error.
    cards = engine.load_ruleset()
    assert cards.by_count("score", 0) == "Maybe you misunderstood a rule?"
    assert cards.by_count("score", 30) == "Maybe you misunderstood a rule?"
    assert cards.by_count("score", 31) == "Novice"
    assert cards.by_count("score", 500) == "Champion of Brightdune"  # "121+" is open
    assert campaign_score([{"year": 1, "result": "lost", "scenes": []}]) == 0


def test_after_year_six_the_campaign_end_replaces_the_session_end_steps(ruleset):
    # Session end is for years 1-5; after the sixth year the campaign end takes its place: no
    # location danger is reduced, nothing is asked; the fate and the score follow.
    from rules.six_winters.state import Frame

    campaign = engine.new_campaign(ruleset)
    campaign.year = 6
    campaign.last_characters = ["Parin", "Kanun", "Fuscus"]
    campaign.map[0].threats = 1
    session = engine.new_session(ruleset, campaign, 2, ["Parin", "Kanun"])
    session.state.frames = [Frame("procedure", {"phase": "Session End", "at": 0})]
    session._pending = None
    assert session.pending() is None  # no "Reduce danger at Yearly Field" question
    assert session.location("Yearly Field").threats == 1
    after = engine.end_session(campaign, session)
    assert after.fate == FATES[0] and after.score == 0
