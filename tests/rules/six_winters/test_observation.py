"""Bots see only what players see: the table, never the order of a deck."""

import json

from rules.six_winters import engine


def test_the_observation_shows_deck_sizes_not_their_order(ruleset):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 4, ["Parin", "Kanun"])
    session.pending()
    obs = session.observation("Parin")
    st = session.state
    assert obs["decks"] == {
        "asset": len(st.asset_deck),
        "scene": len(st.scene_deck),
        "obstacle": len(st.obstacle_deck),
    }
    text = json.dumps(obs)
    # the hidden asset cards (deeper than the staging area) are named nowhere
    hidden = [n for n in st.asset_deck if n not in st.asset_staging]
    assert hidden and not any(f'"{n}"' in text for n in hidden)
    # the visible top scene is shown; the rest of the scene deck is not
    assert [s["name"] for s in obs["scenes"]] == [st.scene_deck[0]]
    assert not any(f'"{n}"' in text for n in st.scene_deck[1:])


def test_the_observation_is_plain_json_and_names_the_decider(ruleset):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 4, ["Parin", "Kanun"])
    decision = session.pending()
    obs = session.observation(decision.who)
    assert obs["who"] == decision.who == "Parin"
    assert json.loads(json.dumps(obs)) == obs


def test_downtime_decisions_see_the_sheet_of_the_character_they_are_about(ruleset):
    # Downtime asks of a character who sat last year out; the table sees that sheet.
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.last_characters = ["Parin", "Kanun"]
    campaign.sheets["Fuscus"].conditions = ["Deep Cut"]
    campaign.sheets["Fuscus"].advances = {"lore": 1}
    session = engine.new_session(ruleset, campaign, 4, ["Parin", "Kanun"])
    decision = session.pending()
    assert (decision.kind, decision.who) == ("choose_condition", "Fuscus")
    resting = session.observation(decision.who)["resting"]
    assert list(resting) == ["Fuscus"]
    assert resting["Fuscus"]["conditions"] == ["Deep Cut"]
    assert resting["Fuscus"]["advances"]["lore"] == 1
    assert resting["Fuscus"]["skills"] == campaign.sheets["Fuscus"].skills
