"""A year played at a table: the campaign state it gives is the one a played year gives.

A bot plays a year; what a table would tell of it (the scenes, the map at the end of winter,
the result, the choices at session end) goes through ``apply_table_year``, and the two
campaign states are compared. Decks and piles are compared as collections: a session shuffles
every deck at setup, so their order is not part of the campaign."""

import dataclasses
from typing import Any

import pytest
from six_winters_table import watch_winter_end

from rules.six_winters import engine
from rules.six_winters.bots import make_bot
from rules.six_winters.campaign import apply_table_year, end_session
from rules.six_winters.state import CampaignState

REDUCE = "Reduce danger at "


def _played_year(ruleset, campaign: CampaignState, seed: int, bot_name: str):
    """The bot's session, and the record a table would make of it (``apply_table_year``'s
    record), with the table's answers at session end."""
    session = engine.new_session(ruleset, campaign, seed, ["Fuscus", "Parin"])
    bot = make_bot(bot_name, seed)
    winter_end: dict[str, Any] = {}

    def map_at_winter_end(watched):  # session end's first run sees the map as play left it
        st = watched.state
        winter_end["map"] = {
            "threats": {loc.name: loc.threats for loc in st.locations},
            "obstacles": {loc.name: [o.name for o in loc.obstacles] for loc in st.locations},
            "developed": [loc.name for loc in st.locations if loc.developed],
            "added": [
                [loc.name, loc.x, loc.y]
                for loc in st.locations
                if loc.name not in {m.name for m in campaign.map}
            ],
        }

    session = watch_winter_end(session, map_at_winter_end)
    reduce: dict[str, str] = {}
    while (decision := session.pending()) is not None:
        seen = session.observation(decision.who) if bot.uses_observation else None
        answer = bot.choose(seen, decision)
        if decision.prompt.startswith(REDUCE):
            where = decision.prompt[len(REDUCE) :].rsplit(":", 1)[0]
            reduce[where] = str(answer).split(":", 1)[-1]
        session.apply(answer)
    st = session.state
    result = st.result
    record = {
        "year": st.year,
        "scheme": st.scheme,
        "characters": [c.name for c in st.characters],
        "result": result["result"],
        "reason": result["reason"],
        "threat_left": result["threat_left"],
        "seed": seed,
        "scenes": [dict(s) for s in st.scenes_completed],
        "map": winter_end["map"],
        "reserve": [n for c in st.characters for n in c.assets],
        "conditions": {c.name: list(c.conditions) for c in st.characters},
        "archived": [
            e.data["card"] for e in session.events if e.kind in ("card_burned", "card_archived")
        ],
        "seasons_ended": sum(1 for e in session.events if e.kind == "season_ended"),
    }
    return session, record, reduce


def _as_kept(campaign: CampaignState) -> dict[str, Any]:
    kept = dataclasses.asdict(campaign)
    kept["decks"] = {kind: sorted(cards) for kind, cards in kept["decks"].items()}
    kept["archive"] = sorted(kept["archive"])
    kept["reserve"] = sorted(kept["reserve"])
    return kept


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_year_entered_at_the_table_gives_the_campaign_a_played_year_gives(
    ruleset, bot_name, seed
):
    campaign = engine.new_campaign(ruleset)
    session, record, reduce = _played_year(ruleset, campaign, seed, bot_name)
    played = end_session(campaign, session)
    places = {name: f"{x},{y}" for name, x, y in record["map"]["added"]}
    at_the_table, _told = apply_table_year(ruleset, campaign, record, reduce=reduce, places=places)
    assert _as_kept(at_the_table) == _as_kept(played)


def test_a_table_year_of_sow_discord_gets_the_cards_its_season_ends_add(ruleset):
    # the scheme's spring, summer and fall ends add two scenes and four obstacles
    campaign = engine.new_campaign(ruleset)
    record = {
        "year": 1,
        "scheme": "Sow Discord in Brightdune",
        "characters": ["Fuscus", "Parin"],
        "result": "lost",
        "reason": "too few scenes by the end of winter",
        "threat_left": 6,
        "scenes": [],
    }
    after, told = apply_table_year(ruleset, campaign, record)
    for name in ("Intercept Freetrader Plans", "Ambush Military Scouts"):
        assert name in after.decks["scene"]
    for name in ("The Old Wounds", "Mole Hunt", "Grain Shortage", "Pomegranate Heist"):
        assert name in after.decks["obstacle"]
    assert "The Old Wounds goes on top of the obstacle deck" in told


def test_a_table_year_lost_in_spring_gets_only_the_spring_end(ruleset):
    campaign = engine.new_campaign(ruleset)
    record = {
        "year": 1,
        "scheme": "Sow Discord in Brightdune",
        "characters": ["Fuscus", "Parin"],
        "result": "lost",
        "reason": "the threat pool is empty",
        "threat_left": 0,
        "scenes": [],
        "seasons_ended": 1,
    }
    after, _told = apply_table_year(ruleset, campaign, record)
    assert "Intercept Freetrader Plans" in after.decks["scene"]  # spring's end was reached
    assert "Ambush Military Scouts" not in after.decks["scene"]  # fall's was not
    assert "The Old Wounds" not in after.decks["obstacle"]


def _isolate_lost(ruleset, picks=()):
    """Year 2 of Isolate Brightdune's Allies lost at the table, two Diplomats in the asset deck:
    the failure archives one of them."""
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    campaign.decks["asset"] += ["Hogel", "Zarrah"]
    record = {
        "year": 2,
        "scheme": "Isolate Brightdune's Allies",
        "characters": ["Fuscus", "Parin"],
        "result": "lost",
        "reason": "too few scenes by the end of winter",
        "threat_left": 6,
        "scenes": [],
    }
    return apply_table_year(ruleset, campaign, record, picks=picks)


def test_a_table_picks_the_card_a_failure_archives_by_its_name(ruleset):
    after, _told = _isolate_lost(ruleset, picks=["Zarrah"])
    assert "Zarrah" in after.archive and "Hogel" in after.decks["asset"]


def test_a_card_a_table_year_chooses_by_default_is_told_by_its_name(ruleset):
    after, told = _isolate_lost(ruleset)
    assert "Hogel" in after.archive
    assert any(line.endswith("--pick chooses among Hogel, Zarrah)") for line in told), told


def _war_machines_year(ruleset, obstacles):
    campaign = engine.new_campaign(ruleset)
    campaign.year = 2
    record = {
        "year": 2,
        "scheme": "Mobilize War Machines",
        "characters": ["Fuscus", "Parin"],
        "result": "lost",
        "reason": "too few scenes by the end of winter",
        "threat_left": 6,
        "scenes": [],
        "map": {"obstacles": obstacles},
    }
    kept = {where: "nothing" for where in obstacles}  # session end leaves it there
    after, _told = apply_table_year(ruleset, campaign, record, reduce=kept)
    return after


def test_an_obstacle_the_scheme_put_into_play_is_where_the_table_reports_it(ruleset):
    # every season end puts War Machines into play; the table saw it end the year at Eastkeep
    after = _war_machines_year(ruleset, {"Eastkeep": ["War Machines"]})
    eastkeep = next(loc for loc in after.map if loc.name == "Eastkeep")
    assert [o.name for o in eastkeep.obstacles] == ["War Machines"]
    assert "War Machines" not in after.decks["obstacle"]  # one copy in the game: on the map


def test_an_obstacle_the_scheme_put_into_play_and_gone_from_the_map_is_in_the_deck(ruleset):
    # it came into the campaign and activated away: next year it waits in the obstacle deck
    after = _war_machines_year(ruleset, {})
    assert all(not loc.obstacles for loc in after.map)
    assert after.decks["obstacle"].count("War Machines") == 1
