"""The world engine plays a ruleset written wholly in text: cards dealt, the procedure walked,
each player's decisions asked, every change told, the game ended with a ranking.

The fixture is *Ember Race* (``fixtures/world/ember``): relics drawn into each player's hand and
played for ember and points, three rounds of one action each, no Python of its own.
"""

from __future__ import annotations

import json

import pytest
from dsl_testing import FIXTURES

from dsl.kernel import play
from dsl.loader import load_ruleset
from dsl.world.bots import RandomBot
from dsl.world.events import WorldEvent
from dsl.world.game import PASS, WorldGame, new_game

EMBER = FIXTURES / "world" / "ember"


@pytest.fixture(scope="module")
def ember():  # type: ignore[no-untyped-def]
    return load_ruleset(EMBER)


def kinds(game: WorldGame) -> list[str]:
    return [str(e.kind) for e in game.events]


def test_each_player_draws_two_relics_from_the_deck_before_the_rounds(ember) -> None:
    game = new_game(ember, seed=4, players=2)
    decision = game.pending()
    assert decision is not None and decision.who == "p1"
    moved = [e.data for e in game.events if e.kind == WorldEvent.CARD_MOVED]
    assert [m["to"] for m in moved] == ["hand@p1", "hand@p1", "hand@p2"]  # the deck holds 3
    assert all(m["source"] == "relic deck" for m in moved)


def test_a_played_relic_goes_to_the_discard_and_does_what_its_text_says(ember) -> None:
    game = new_game(ember, seed=4, players=2)
    decision = game.pending()
    assert decision is not None
    spark = next(o for o in decision.options if o.endswith("Spark") or o.endswith("Kindling"))
    before = game.ops.value("p1", "ember")
    game.apply(spark)
    game.pending()
    gained = 1 if spark.endswith("Spark") else 2
    assert game.ops.value("p1", "ember") == before + gained
    card = spark.partition(": ")[2]
    assert game.state.cards[card]["zone"] == "discard"


def seed_dealing(ember, card: str, to: str) -> int:  # type: ignore[no-untyped-def]
    for seed in range(50):
        game = new_game(ember, seed=seed, players=2)
        game.pending()
        if game.state.cards[card]["zone"] == to:
            return seed
    raise AssertionError(f"no seed deals {card} to {to}")


def test_a_cost_that_cannot_be_paid_refuses_the_card_and_it_is_not_offered_again(ember) -> None:
    # Bonfire: "Lose 1 ember to gain 2 points." with no ember to lose
    game = new_game(ember, seed=seed_dealing(ember, "Bonfire", "hand@p1"), players=2)
    game.state.values["p1"]["ember"] = 0
    decision = game.pending()
    assert decision is not None and "Play: Bonfire" in decision.options
    game.apply("Play: Bonfire")
    again = game.pending()
    assert again is not None and again.who == "p1"
    assert "Play: Bonfire" not in again.options
    assert game.ops.value("p1", "points") == 0
    assert game.state.cards["Bonfire"]["zone"] == "hand@p1"  # taken back whole


def test_the_game_ends_after_three_rounds_with_a_ranking_by_points(ember) -> None:
    for seed in range(8):
        game = play(new_game(ember, seed=seed, players=3), RandomBot(seed))
        assert game.is_over()
        rounds = sum(1 for e in game.events if e.kind == WorldEvent.PASSED)
        actions = [e for e in game.events if e.kind == WorldEvent.CARD_MOVED]
        assert rounds + len([a for a in actions if a.data["why"] == "played"]) == 9
        result = game.state.result
        scores = result["scores"]
        assert result["ranking"][0] in result["tied"]
        assert scores[result["ranking"][0]] == max(scores.values())
        assert game.returns() == scores


def test_the_same_seed_and_answers_give_the_same_game(ember) -> None:
    first = play(new_game(ember, seed=11, players=2), RandomBot(5))
    again = new_game(ember, seed=11, players=2)
    for answer in first.state.answers:
        again.apply(answer)
    again.pending()
    assert [(e.kind, e.data) for e in again.events] == [(e.kind, e.data) for e in first.events]


def test_a_game_saved_as_json_at_a_question_resumes_to_the_same_end(ember) -> None:
    bot = RandomBot(2)
    game = new_game(ember, seed=3, players=2)
    answers = []
    while (decision := game.pending()) is not None:
        if len(answers) == 2:
            copy = WorldGame.from_json(ember, game.to_json())
            clone = game.clone()
        answer = bot.choose(None, decision)
        answers.append(answer)
        game.apply(answer)
    for resumed in (copy, clone):
        for answer in answers[2:]:
            resumed.apply(answer)
        assert resumed.is_over()
        assert json.dumps(resumed.state.result) == json.dumps(game.state.result)


def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others(ember) -> None:
    game = new_game(ember, seed=4, players=2)
    game.pending()
    mine = game.observation("p1")["zones"]
    theirs = game.observation("p2")["zones"]
    assert isinstance(mine["hand@p1"], list) and mine["hand@p1"]
    assert mine["hand@p2"] == 1
    assert theirs["hand@p1"] == 2
    assert game.observation("p1")["zones"]["relic deck"] == 0


def test_passing_is_always_offered(ember) -> None:
    game = new_game(ember, seed=1, players=2)
    decision = game.pending()
    assert decision is not None and PASS in decision.options


def test_the_look_ahead_bot_plays_the_one_card_that_scores(ember) -> None:
    from dsl.kernel.search import SearchBot

    # Bonfire ("Lose 1 ember to gain 2 points.") is the only card that scores in Ember Race
    game = new_game(ember, seed=seed_dealing(ember, "Bonfire", "hand@p1"), players=2)
    decision = game.pending()
    assert decision is not None and "Play: Bonfire" in decision.options
    bot = SearchBot(1, playouts=150).bind(game)
    assert bot.choose(game.observation("p1"), decision) == "Play: Bonfire"


def test_a_determinized_copy_keeps_what_the_player_sees_and_deals_the_rest_again(ember) -> None:
    import random

    game = new_game(ember, seed=2, players=2)
    game.pending()
    seen = game.observation("p1")
    for seed in range(5):
        copy = game.determinize("p1", random.Random(seed))
        assert copy.observation("p1") == seen
        assert sorted(copy.state.cards) == sorted(game.state.cards)
        sizes = {k: len(v) for k, v in copy.state.zones.items()}
        assert sizes == {k: len(v) for k, v in game.state.zones.items()}
