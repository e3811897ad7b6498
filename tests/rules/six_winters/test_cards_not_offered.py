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
    dice, obstacles and threats, or only by what is there when it reads no face
    (``abilities._local``): the language names the place "this
    place", the tokens "pieces", and both count as here."""
    from rules.six_winters.abilities import _HERE, _KINDS, _local

    cards = ruleset.abilities if kind == "ability" else ruleset.assets
    assert _local(cards[name].effects[0]) in (_HERE, _KINDS)  # _KINDS: reads no face


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


def _probed_anew(session, c, kind, card, k):
    """What a probe of the card's text says on the table as it stands (no answer kept)."""
    from dsl.runtime import can_act

    cards = session.ruleset.abilities if kind == "ability" else session.ruleset.assets
    run = cards[card].effects[k].run
    return can_act(run, session, card=card, actor=c.name, location=c.location)


@pytest.mark.parametrize("seed", range(6))
def test_an_answer_kept_for_a_table_is_the_answer_a_probe_gives_now(ruleset, seed):
    """A card text that reads only its character's location is probed once per table it can
    tell apart (``AbilityRules.may_act``: the dice and their faces, or only their resources
    when it reads no face; the obstacles, with or without their tokens; the threats): at
    every action decision of seeded games, each card's kept answer is the one a probe of its
    text gives on the table as it stands."""
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, ["Parin", "Kanun"])
    bot = RandomBot(seed)
    compared = kept = 0
    while (decision := session.pending()) is not None:
        if decision.kind == "choose_action":
            abilities = session.abilities
            abilities.new_round()
            for c in session.state.characters:
                if c.location is None:
                    continue
                for kind, card, plays in session.actions.hand(c)[1]:
                    for k in plays:
                        probe = abilities._probe_memo.get((kind, card, k))
                        if not probe:
                            continue
                        answer = abilities.may_act(c, kind, card, k)
                        assert answer == _probed_anew(session, c, kind, card, k), (card, c.name)
                        compared += 1
                        kept += bool(probe[1])
        session.apply(bot.choose(None, decision))
    assert compared > 0 and kept > 0


def test_the_starting_cards_at_their_location_are_probed_once_per_table(ruleset):
    """Parin's and Kanun's cards that act at their location are known to read only it (their
    answers are kept per table: ``may_act``), and those that read no face of a die only what
    is there."""
    from rules.six_winters.abilities import _HERE, _KINDS, _local

    names = ("The Hawkleader", "Battle Hardened", "I've Seen Worse", "Conscripts")
    reads = {name: _local(ruleset.abilities[name].effects[0]) for name in names}
    assert reads["The Hawkleader"] == _KINDS  # a military here: any face
    assert reads["Battle Hardened"] == _KINDS  # a Unit or Foe obstacle here
    assert reads["I've Seen Worse"] == _KINDS  # a threat here
    assert reads["Conscripts"] == _HERE  # "military of the same value": the face is read


def test_a_text_whose_first_search_finds_nothing_is_not_offered(ruleset):
    """Life of the Party, "Search the asset deck for a charm asset. Then place it in your
    crafting area.": with no charm asset left in the asset deck, the search would find nothing
    and the card would be taken back, so it is not offered; with one there, it is, and used
    it takes that asset into Fuscus's crafting area."""
    from six_winters_table import table

    def charm(name):
        return ruleset.assets[name].skill == "charm"

    party = {"act": "ability", "character": "Fuscus", "card": "Life of the Party", "effect": 0}
    session = table(ruleset)
    session.character("Fuscus").abilities.append("Life of the Party")
    deck = session.state.asset_deck
    deck[:] = [name for name in deck if not charm(name)]
    assert party not in session.pending().options

    session = table(ruleset)
    session.character("Fuscus").abilities.append("Life of the Party")
    deck = session.state.asset_deck
    kept = next(name for name in deck if charm(name))
    deck[:] = [name for name in deck if not charm(name) or name == kept]
    assert party in session.pending().options
    session.apply(party)
    assert kept in [a.name for a in session.character("Fuscus").in_progress]
