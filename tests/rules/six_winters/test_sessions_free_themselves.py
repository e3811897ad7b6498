"""A session played to its end, with its bot and the views it was given, is freed as soon as
the last reference to it goes: no reference cycle holds it (a session in a cycle, with its
events and snapshots, waits for a collection of the cyclic garbage collector, and a simulation
playing thousands of games then spends a good part of its time in that collector). Compiled
(``make compiled``), a nested function that names itself, or that a generator expression
calls, is such a cycle: every seed and bot here runs whichever way the modules run."""

from __future__ import annotations

import gc
import weakref

import pytest

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot


@pytest.mark.parametrize("bot_class", [HeuristicBot, RandomBot])
@pytest.mark.parametrize("seed", [3, 11])
def test_a_played_session_its_bot_and_its_views_need_no_cycle_collection(ruleset, bot_class, seed):
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()  # only reference counting frees anything from here on
    try:
        session = engine.new_session(
            ruleset, engine.new_campaign(ruleset), seed, ["Parin", "Kanun"]
        )
        bot = bot_class(seed)
        engine.play(session, bot)
        view = session.observation(None)
        view["characters"], view["locations"]  # parts worked out, kept by the session
        gone = [weakref.ref(x) for x in (session, session.state, bot)]
        del session, bot, view
        assert [ref() is None for ref in gone] == [True, True, True]
    finally:
        if was_enabled:
            gc.enable()
