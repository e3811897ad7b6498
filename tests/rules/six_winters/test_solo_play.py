"""The solo variant: two characters, one token, a shuffled shared ability deck, 8 threats."""

import pytest
from six_winters_table import act, kinds, table

from dsl.errors import ChroniclerError
from rules.six_winters import engine
from rules.six_winters.bots import RandomBot


def _solo(ruleset, seed=3):
    return engine.new_session(
        ruleset, engine.new_campaign(ruleset), seed, ["Parin", "Kanun"], solo=True
    )


def test_solo_starts_with_eight_threats_in_the_pool(ruleset):
    assert _solo(ruleset).state.threat_pool == 8


def test_solo_shuffles_both_ability_decks_together(ruleset):
    session = _solo(ruleset)
    st = session.state
    both = ruleset.character_abilities("Parin") + ruleset.character_abilities("Kanun")
    assert sorted(st.solo_ability_deck) == sorted(both)
    assert all(c.ability_deck == [] for c in st.characters)
    assert st.solo_ability_deck != both  # shuffled, not in the sorted order


def test_solo_places_one_token_for_the_party(ruleset):
    session = _solo(ruleset)
    while (d := session.pending()).kind != "choose_action":
        assert d.kind != "choose_location" or d.who == "Parin"  # one placing for the party
        session.apply(d.options[0] if d.kind != "choose_location" else "Eastkeep")
    assert {c.location for c in session.state.characters} == {"Eastkeep"}
    session.apply({"act": "move", "character": "Parin", "to": "Yearly Field"})
    assert {c.location for c in session.state.characters} == {"Yearly Field"}


def test_solo_either_character_may_spend_action_points_to_move_the_party(ruleset):
    # Move: "characters may move" by spending an action point; in the solo variant the one
    # token is the party, so either character's move moves both and costs the mover.
    session = _solo(ruleset)
    while (d := session.pending()).kind != "choose_action":
        session.apply(d.options[0] if d.kind != "choose_location" else "Eastkeep")
    moves = [o for o in session.pending().options if isinstance(o, dict) and o["act"] == "move"]
    assert {o["character"] for o in moves} == {"Parin", "Kanun"}
    session.apply({"act": "move", "character": "Kanun", "to": "Yearly Field"})
    parin, kanun = session.character("Parin"), session.character("Kanun")
    assert (parin.location, kanun.location) == ("Yearly Field", "Yearly Field")
    assert (parin.action_points, kanun.action_points) == (4, 3)


def test_solo_needs_two_characters(ruleset):
    with pytest.raises(ChroniclerError, match="two characters"):
        engine.new_session(ruleset, engine.new_campaign(ruleset), 1, ["Parin"], solo=True)


def test_a_solo_session_plays_to_the_end(ruleset):
    session = engine.play(_solo(ruleset, 11), RandomBot(11))
    assert session.result().reason


def test_solo_setup_gives_each_character_its_own_first_ability_card(ruleset):
    # Setup: each character draws its ability card numbered 1; the solo variant shuffles the
    # two decks together for the draws that follow, not for this one.
    for seed in range(1, 6):
        session = _solo(ruleset, seed=seed)
        while (d := session.pending()).kind != "choose_action":
            session.apply(d.options[0])
        for c in session.state.characters:
            assert c.abilities == [ruleset.character_abilities(c.name)[0]], (seed, c.name)
            assert ruleset.abilities[c.abilities[0]].number == 1


def test_solo_an_ability_may_act_on_the_partner_s_initiative_dice(ruleset):
    # solo variant: an ability of either character may use the acting player's initiative dice
    session = table(ruleset, ["Parin", "Kanun"], at="Eastkeep", solo=True)
    parin, kanun = session.character("Parin"), session.character("Kanun")
    parin.abilities, parin.initiative, kanun.initiative = ["Speaker for the East"], [], [2]
    option = {"act": "ability", "character": "Parin", "card": "Speaker for the East", "effect": 0}
    act(session, option, "an initiative die in your pool")
    assert session.character("Kanun").initiative == [5]  # flipped to its opposite face


def test_a_question_whose_every_answer_failed_is_not_asked_a_third_time(ruleset):
    # no initiative die in the party's pool and no die here: each alternative is refused once,
    # then the card is taken back with no one asked again
    session = table(ruleset, ["Fuscus", "Parin"], at="Yearly Field", solo=True)
    parin = session.character("Parin")
    parin.abilities = ["Silver-Tongued Ruffian"]
    for c in session.state.characters:
        c.initiative = []
    option = {"act": "ability", "character": "Parin", "card": "Silver-Tongued Ruffian", "effect": 0}
    session.apply(option)
    asked = []
    while (decision := session.pending()).kind != "choose_action":
        asked.append(decision.options)
        session.apply(decision.options[0])
    assert asked == [
        ("an initiative die in your pool", "a resource at this location"),
        ("a resource at this location",),
    ]
    assert kinds(session, "action_refused")[-1]["option"] == option
    assert session.character("Parin").abilities == ["Silver-Tongued Ruffian"]
