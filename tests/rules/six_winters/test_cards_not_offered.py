"""A card whose text would find nothing to act on is not offered as an action where the engine
knows it without running the text (``Session.may_act``, ``dsl.runtime.can_act``): every card
left out of the options of seeded games, tried all the same on a copy, is taken back."""

import pytest

from rules.six_winters import engine
from rules.six_winters.bots import RandomBot


def _left_out(session):
    """The card options a character's hand would offer that the actions step leaves out (but
    those taken back already, not offered again until the table changes)."""
    offered = session.pending().options
    refused = session.state.frames[-1].data.get("refused") or []
    out = []
    for c in session.state.characters:
        if c.location is None:
            continue
        for kind, card, plays in session.actions.hand(c)[1]:
            if card in c.exhausted:
                continue
            for k in plays:
                option = {"act": kind, "character": c.name, "card": card, "effect": k}
                if option not in offered and option not in refused:
                    out.append(option)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_every_card_not_offered_would_have_been_taken_back(ruleset, seed):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, ["Parin", "Kanun"])
    bot = RandomBot(seed)
    tried = 0
    while (decision := session.pending()) is not None:
        if decision.kind == "choose_action":
            for option in _left_out(session):
                copy = session.clone()
                copy.pending()
                told = len(copy.events)
                frame = copy.state.frames[-1]
                copy._pending = None
                copy.actions.answer_actions(frame, option)  # as if it had been offered and taken
                copy.pending()
                refused = [e for e in copy.events[told:] if e.kind == "action_refused"]
                assert [e.data["option"] for e in refused] == [option]
                tried += 1
        session.apply(bot.choose(None, decision))
    assert tried > 0


def test_a_text_that_pays_first_is_offered_only_where_it_can_pay(ruleset):
    """A text that pays first ("Spend a diplomacy at this location to move ...") with too
    little here would be refused unpaid before it changed anything: not offered; with one
    diplomacy here, it is."""
    from six_winters_table import put_dice, table

    session = table(ruleset)
    session.character("Parin").abilities.append("Eyes off the Prize")
    eyes = {"act": "ability", "character": "Parin", "card": "Eyes off the Prize", "effect": 0}
    assert eyes not in session.pending().options
    session = table(ruleset)
    session.character("Parin").abilities.append("Eyes off the Prize")
    put_dice(session, "Yearly Field", ("diplomacy", 3))
    assert eyes in session.pending().options


# Texts whose every phrase is at their character's location (rules/six_winters/*.rules).
AT_THIS_LOCATION = [
    ("ability", "The Hawkleader"),  # Set a military at this location to any value.
    ("ability", "Battle Hardened"),  # Place 3 progress on a Unit or Foe obstacle at this location.
    ("ability", "I've Seen Worse"),  # Remove a threat at this location.
    ("ability", "Friend of the Forge"),  # Set any resource dice at this location to 2.
    ("asset", "Thieves' Tools"),  # Place a progress on an edge obstacle at this location.
]


@pytest.mark.parametrize(("kind", "name"), AT_THIS_LOCATION)
def test_a_text_at_this_location_is_kept_by_the_location(ruleset, kind, name):
    """The probe's answer of a text that reads only its location is kept by that location's
    dice, obstacles and threats (``abilities._local``): the language names the place "this
    place", the tokens "pieces", and both count as here."""
    from rules.six_winters.abilities import _HERE, _local

    cards = ruleset.abilities if kind == "ability" else ruleset.assets
    assert _local(cards[name].effects[0]) == _HERE


def test_a_text_at_this_location_is_probed_once_per_table(ruleset, monkeypatch):
    """Asked twice of the same table (two lists of options), The Hawkleader's text is probed
    once: the second time its answer is the one kept."""
    from six_winters_table import put_dice, table

    from rules.six_winters import abilities

    probes = []
    real = abilities.can_act

    def counted(run, host, **where):
        probes.append(where["card"])
        return real(run, host, **where)

    monkeypatch.setattr(abilities, "can_act", counted)
    session = table(ruleset, ("Kanun", "Parin"))
    session.abilities._probed.clear()  # the answers kept for the ruleset by earlier tests
    kanun = session.character("Kanun")
    kanun.abilities.append("The Hawkleader")
    put_dice(session, kanun.location, ("military", 3))
    hawk = {"act": "ability", "character": "Kanun", "card": "The Hawkleader", "effect": 0}
    first = session.actions.action_options()
    second = session.actions.action_options()
    assert hawk in first and hawk in second
    assert probes.count("The Hawkleader") == 1
