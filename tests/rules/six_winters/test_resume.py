"""A question inside a piece (an overcome, a card's text) is asked on the table as the piece
left it, and the game goes on from there: copied, or saved as JSON and loaded elsewhere, at any
such question, it goes on to the same game (docs/engine.md, "Pieces and questions")."""

import json

import pytest

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot
from rules.six_winters.session import Session


def _played(ruleset, seed: int, bot_class) -> tuple[Session, list[tuple[int, str, dict, object]]]:
    """A seeded year-1 session played to its end, and at every third question a piece asked
    (after it changed the table or not): the answers given before it, the session as JSON,
    what the player saw, and the decision."""
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, ["Parin", "Kanun"])
    bot = bot_class(seed)
    bot.bind(session) if hasattr(bot, "bind") else None
    saved = []
    asked_inside = 0
    while (decision := session.pending()) is not None:
        seen = session.observation(decision.who)
        if session._asking is not None:
            asked_inside += 1
            if asked_inside % 3 == 1:
                saved.append(
                    (len(session.state.answers), session.to_json(), dict(seen.items()), decision)
                )
        session.apply(bot.choose(seen, decision))
    return session, saved


def _same_question(one, two) -> bool:
    return (one.kind, one.who, one.prompt, one.options) == (
        two.kind,
        two.who,
        two.prompt,
        two.options,
    )


@pytest.mark.parametrize(
    ("seed", "bot_class"), [(0, HeuristicBot), (3, HeuristicBot), (1, RandomBot)]
)
def test_a_game_saved_at_a_question_inside_a_piece_goes_on_to_the_same_game(
    ruleset, seed, bot_class
):
    played, saved = _played(ruleset, seed, bot_class)
    answers = played.state.answers
    assert len(saved) >= 5  # the overcomes and card texts of a year ask inside their pieces
    for given, text, seen, decision in saved:
        loaded = Session.from_json(ruleset, text)
        assert _same_question(loaded.pending(), decision)
        # the table the player saw at the question is the one the loaded game shows
        assert json.loads(json.dumps(dict(loaded.observation(decision.who).items()))) == (
            json.loads(json.dumps(seen))
        )
        for answer in answers[given:]:
            loaded.apply(answer)
        assert loaded.is_over()
        assert loaded.events == played.events


def test_a_copy_made_at_a_question_inside_an_overcome_goes_on_like_the_game(ruleset):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 0, ["Parin", "Kanun"])
    bot = HeuristicBot(0)
    copies = []
    while (decision := session.pending()) is not None:
        if decision.kind == "choose_token":  # asked after the stress roll: the piece changed
            copies.append((len(session.state.answers), session.clone()))
        session.apply(bot.choose(session.observation(decision.who), decision))
    assert copies
    answers = session.state.answers
    for given, copy in copies:
        for answer in answers[given:]:
            copy.apply(answer)
        assert copy.is_over()
        assert copy.events == session.events


def test_the_overcome_asks_progress_or_hindrance_on_the_table_as_it_is_then(ruleset):
    # the stress roll and the defense dice spent are on the table when the token is chosen
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 0, ["Parin", "Kanun"])
    bot = HeuristicBot(0)
    while (decision := session.pending()) is not None:
        if decision.kind == "choose_token" and "progress or" in decision.prompt:
            told = [str(e.kind) for e in session.events]
            assert "dice_rolled" in told[told.index("action", len(told) - 40) :]
            view = session.observation(decision.who)
            shown = {c["name"]: c for c in view["characters"]}
            state = {c.name: c for c in session.state.characters}
            for name, c in state.items():  # the view is the state as it stands mid-piece
                assert shown[name]["body"] == c.body and shown[name]["psyche"] == c.psyche
                assert shown[name]["initiative"] == c.initiative
            return
        session.apply(bot.choose(session.observation(decision.who), decision))
    pytest.fail("no overcome asked for progress or hindrance")


def test_a_replayed_year_has_every_event_and_is_over_as_the_last_answer_is_given(ruleset):
    # docs/engine.md: the seed and the answers rebuild the same session, event for event
    campaign = engine.new_campaign(ruleset)
    played = engine.play(
        engine.new_session(ruleset, campaign, 4, ["Parin", "Kanun"]), HeuristicBot(4)
    )
    again = engine.replay(ruleset, campaign, 4, ["Parin", "Kanun"], played.state.answers)
    assert again.state.over  # read as it is, with no question asked of it first
    assert [(e.kind, e.data) for e in again.events] == [(e.kind, e.data) for e in played.events]


def test_a_new_session_has_its_starting_dice_on_the_map_at_once(ruleset):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), 4, ["Parin", "Kanun"])
    # Roll Starting Resources: a die per production icon, before anything is asked
    icons = sum(len(session.side(loc).produces) for loc in session.state.locations)
    assert icons > 0
    assert sum(len(loc.dice) for loc in session.state.locations) >= icons  # sorcery explodes
