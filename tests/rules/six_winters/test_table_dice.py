"""Dice rolled at a real table: with ``table_dice`` every roll of the session is a chance point
asked as a ``roll`` decision (what the die showed), and the game goes on from the faces typed,
saved and replayed like any other answer."""

from __future__ import annotations

from rules.six_winters import engine
from rules.six_winters.bots import RandomBot
from rules.six_winters.contracts import KernelDecision


def _table_session(ruleset, seed=3):
    campaign = engine.new_campaign(ruleset)
    return engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"], table_dice=True)


def test_every_die_the_session_rolls_is_asked_of_the_table(ruleset):
    session = _table_session(ruleset)
    bot = RandomBot(3)
    typed = []
    while (decision := session.pending()) is not None:
        answer = bot.choose(None, decision)
        if decision.kind == KernelDecision.ROLL:
            assert decision.options == (1, 2, 3, 4, 5, 6)
            typed.append(answer)
        session.apply(answer)
    rolled = [face for e in session.events if e.kind == "dice_rolled" for face in e.data["faces"]]
    assert rolled == typed
    assert len(typed) > 20  # initiative, resources, stress: the whole year's dice


def test_the_first_roll_of_setup_is_asked_before_anything_is_rolled(ruleset):
    session = _table_session(ruleset)
    while (decision := session.pending()).kind != KernelDecision.ROLL:
        session.apply(decision.options[0])
    assert "initiative" in decision.prompt or " at " in decision.prompt
    assert not [e for e in session.events if e.kind == "dice_rolled"]


def test_a_table_session_saved_mid_roll_goes_on_the_same(ruleset):
    session = _table_session(ruleset, seed=5)
    bot = RandomBot(5)
    for _ in range(40):
        session.apply(bot.choose(None, session.pending()))
    saved = engine.Session.from_json(ruleset, session.to_json())
    for _ in range(40):
        answer = bot.choose(None, session.pending())
        assert saved.pending() == session.pending()
        session.apply(answer)
        saved.apply(answer)
    assert [e.data for e in saved.events] == [e.data for e in session.events]
