"""Bots see only what players see: the table, never the order of a deck."""

import itertools
import json

import pytest

from rules.six_winters import engine
from rules.six_winters.bots import RandomBot
from rules.six_winters.view import StaleView


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
    text = json.dumps(dict(obs))
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
    assert json.loads(json.dumps(dict(obs))) == obs


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


def test_a_view_shows_the_table_as_it_was_when_asked_never_later(ruleset):
    # A view's parts are read when a bot first reads them: one read after the game moved on
    # would show another moment, so it is refused rather than answered wrongly.
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 4, ["Parin", "Kanun"])
    bot = RandomBot(4)
    while (decision := session.pending()).kind != "choose_action":
        session.apply(bot.choose(None, decision))
    read_now = session.observation(None)
    unread = session.observation(None)
    assert unread is read_now  # nothing happened between: the same view is given again
    before = read_now["characters"]
    move = next(o for o in decision.options if isinstance(o, dict) and o["act"] == "move")
    session.apply(move)
    session.pending()
    assert read_now["characters"] == before  # a part read in time keeps what it showed
    with pytest.raises(StaleView):
        read_now["locations"]
    moved = {c["name"]: c["location"] for c in session.observation(None)["characters"]}
    assert (
        moved[move["character"]]
        == move["to"]
        != dict((c["name"], c["location"]) for c in before).get(move["character"])
    )


def test_the_same_view_is_given_only_while_no_event_was_told(ruleset):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 4, ["Parin", "Kanun"])
    bot = RandomBot(4)
    seen = []
    for _ in range(60):
        decision = session.pending()
        view = session.observation(decision.who)
        seen.append((len(session.state.events), decision.who, view))
        session.apply(bot.choose(view, decision))
    for (told, who, view), (told_next, who_next, view_next) in itertools.pairwise(seen):
        assert (view is view_next) == (told == told_next and who == who_next)


def test_a_view_shows_every_part_however_it_is_read_and_cannot_be_written(ruleset):
    # A view works its parts out when they are first read; every way of reading a mapping
    # sees all of them, read yet or not, and no way of writing one changes the view.
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 4, ["Parin", "Kanun"])
    decision = session.pending()
    fresh = session.observation(decision.who)
    assert "locations" in fresh and "characters" in set(fresh.keys())
    everything = dict(fresh)
    assert {"locations", "characters", "supply", "decks", "scenes"} <= set(everything)
    assert len(fresh) == len(everything) == len(list(fresh))
    assert session.observation(decision.who) == everything == fresh.copy()
    assert fresh.get("supply") == dict(session.state.supply)
    assert fresh.get("no such part", "absent") == "absent"
    with pytest.raises(KeyError):
        fresh["no such part"]
    for write in (
        lambda v: v.__setitem__("year", 9),
        lambda v: v.update(year=9),
        lambda v: v.pop("year"),
        lambda v: v.setdefault("x", 1),
        lambda v: v.clear(),
        lambda v: v.__delitem__("year"),
    ):
        with pytest.raises(TypeError):
            write(fresh)
    assert fresh["year"] == session.state.year and dict(fresh) == everything


@pytest.mark.parametrize("seed", range(6))
def test_a_view_given_again_or_shared_shows_the_table_as_it_is(ruleset, seed):
    # Views and their parts are kept while no event that changes them is told (a piece that
    # asks again is restored to its start: an equal copy of the state); at every decision the
    # view given shows what the state shows, read at once or part by part as a bot reads it.
    from rules.six_winters.bots import HeuristicBot
    from rules.six_winters.view import worked_out

    campaign = engine.new_campaign(ruleset)
    for year in (1, 2):
        session = engine.new_session(ruleset, campaign, seed * 10 + year, ["Parin", "Kanun"])
        bot = (RandomBot if seed % 2 else HeuristicBot)(seed)
        while (decision := session.pending()) is not None:
            view = session.observation(decision.who)
            assert view["who"] == decision.who
            assert session.observation(None) == worked_out(session, None)
            answer = bot.choose(view, decision)
            assert dict(view) == worked_out(session, decision.who)
            session.apply(answer)
        campaign = engine.end_session(campaign, session)
