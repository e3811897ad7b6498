"""The kernel's flat look-ahead (``dsl.kernel.search.RootSearch``): it finds the answer that
scores, plays out from copies dealt again as its player knows the game (the dice to come drawn
afresh), and gives every answer the same copies and seeds (common random numbers).

The fixture is *Ember Race* (``fixtures/world/ember``), as in ``test_22_world_engine``.
"""

from __future__ import annotations

import random

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.search import RootSearch, margin
from dsl.loader import load_ruleset
from dsl.world.bots import RandomBot
from dsl.world.game import new_game

EMBER = FIXTURES / "world" / "ember"


@pytest.fixture(scope="module")
def ember():  # type: ignore[no-untyped-def]
    return load_ruleset(EMBER)


def every_answer(observation: object, decision: object) -> list[object]:
    return list(decision.options)  # type: ignore[attr-defined]


def dealt(ember, card: str, to: str) -> int:  # type: ignore[no-untyped-def]
    for seed in range(50):
        game = new_game(ember, seed=seed, players=2)
        game.pending()
        if game.state.cards[card]["zone"] == to:
            return seed
    raise AssertionError(f"no seed deals {card} to {to}")


def search(seed: int, playouts: int = 24) -> RootSearch:
    return RootSearch(
        seed, fallback=RandomBot(seed), rollout=RandomBot, rank=every_answer, playouts=playouts
    )


def test_it_plays_the_one_card_that_scores(ember) -> None:
    # Bonfire ("Lose 1 ember to gain 2 points.") is the only card that scores in Ember Race
    game = new_game(ember, seed=dealt(ember, "Bonfire", "hand@p1"), players=2)
    decision = game.pending()
    assert decision is not None and "Play: Bonfire" in decision.options
    bot = search(1, playouts=60).bind(game)
    assert bot.choose(game.observation("p1"), decision) == "Play: Bonfire"


def test_a_playout_depends_only_on_its_seeds_so_answers_meet_the_same_luck(ember) -> None:
    game = new_game(ember, seed=3, players=2)
    decision = game.pending()
    assert decision is not None
    bot = search(0)
    for answer in decision.options:
        once = bot.playout(game, decision.who, answer, (11, 12))
        again = bot.playout(game, decision.who, answer, (11, 12))
        assert once == again
    assert not game.state.over  # the game itself is never played on


def test_a_copy_for_the_player_draws_the_dice_to_come_afresh(ember) -> None:
    game = new_game(ember, seed=3, players=2)
    game.pending()
    ahead = game.clone().state.rng.random()
    drawn = {game.determinize("p1", random.Random(s)).state.rng.random() for s in range(4)}
    assert ahead not in drawn and len(drawn) == 4


def test_the_worth_of_a_finished_game_is_the_margin_over_the_best_other(ember) -> None:
    game = new_game(ember, seed=3, players=2)
    bot = RandomBot(3)
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(game.observation(decision.who), decision))
    scores = game.returns()
    assert margin(game, "p1") == scores["p1"] - scores["p2"] == -margin(game, "p2")
