"""The look-ahead bot: its search deals the hidden part of the game anew and leaves the real
session alone; it answers within the options; without a session it plays as the heuristic."""

from __future__ import annotations

import random

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, make_bot
from rules.six_winters.search_bot import LookaheadBot, determinize, value


def a_session(ruleset, seed: int = 3) -> engine.Session:
    campaign = engine.new_campaign(ruleset)
    session = engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"])
    session.pending()
    return session


def test_a_determinized_copy_shows_the_same_table_and_deals_the_decks_anew(ruleset):
    session = a_session(ruleset)
    st = session.state
    orders = set()
    for i in range(5):
        sim = determinize(session, random.Random(i))
        assert sim.observation(None) == session.observation(None)
        for deck in ("asset_deck", "obstacle_deck", "scene_deck"):
            assert sorted(getattr(sim.state, deck)) == sorted(getattr(st, deck))
        assert sim.state.scene_deck[:1] == st.scene_deck[:1]  # the visible top stays
        orders.add(tuple(sim.state.asset_deck))
        assert sim.state.rng.getstate() != st.rng.getstate()
    assert len(orders) > 1


def test_searching_leaves_the_real_session_as_it_was(ruleset):
    session = a_session(ruleset)
    bot = make_bot("lookahead", 1)
    bot.bind(session)
    before = session.to_json()
    decision = session.pending()
    answer = bot.choose(session.observation(decision.who), decision)
    assert answer in decision.options
    assert session.to_json() == before


def test_without_a_session_it_answers_as_the_heuristic_bot(ruleset):
    session = a_session(ruleset)
    decision = session.pending()
    obs = session.observation(decision.who)
    lookahead = LookaheadBot(5, HeuristicBot)
    assert lookahead.choose(obs, decision) == HeuristicBot(5).choose(obs, decision)


def test_a_session_played_by_the_look_ahead_bot_ends_with_answers_from_the_options(ruleset):
    session = a_session(ruleset, seed=11)
    bot = LookaheadBot(11, HeuristicBot, playouts=3, candidates=2)
    bot.bind(session)
    while (decision := session.pending()) is not None:
        answer = bot.choose(session.observation(decision.who), decision)
        if decision.kind == "choose_many":
            assert all(a in decision.options for a in answer)
        else:
            assert answer in decision.options
        session.apply(answer)
    assert session.result() is not None
    assert bot.searched > 0


def test_a_won_session_scores_1_and_a_lost_one_0(ruleset):
    session = a_session(ruleset)
    assert 0.0 < value(session) < 1.0
    session.state.result = {"result": "won"}
    assert value(session) == 1.0
    session.state.result = {"result": "lost"}
    assert value(session) == 0.0
