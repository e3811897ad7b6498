"""The kernel's information-set tree search (``dsl.kernel.search.InfoSetSearch``): it finds the
answer that scores, from copies dealt again as its player knows the game; a playout cut off at
its horizon is scored by the estimate from the player's observation; its tree is keyed by the
player's own answers and kept from one question to the next.

The fixture is *Ember Race* (``fixtures/world/ember``), as in ``test_29_root_search``: Bonfire
("Lose 1 ember to gain 2 points.") is the only card that scores.
"""

from __future__ import annotations

import pytest
from dsl_testing import FIXTURES

from dsl.kernel.search import InfoSetSearch
from dsl.loader import load_ruleset
from dsl.world.bots import RandomBot
from dsl.world.game import WorldGame, new_game

EMBER = FIXTURES / "world" / "ember"


@pytest.fixture(scope="module")
def ember():  # type: ignore[no-untyped-def]
    return load_ruleset(EMBER)


def dealt(ember, card: str, to: str, skip: int = 0) -> int:  # type: ignore[no-untyped-def]
    for seed in range(skip, skip + 80):
        game = new_game(ember, seed=seed, players=2)
        game.pending()
        if game.state.cards[card]["zone"] == to:
            return seed
    raise AssertionError(f"no seed deals {card} to {to}")


def points_margin(observation: dict, me: str | None) -> float:  # type: ignore[type-arg]
    """The observed points of ``me`` less the other's: what a cut-off playout is worth."""
    points = {p: v.get("points", 0) for p, v in observation["values"].items() if p}
    return points[str(me)] - max(v for p, v in points.items() if p != me)


def search(seed: int, **options: object) -> InfoSetSearch:
    return InfoSetSearch(seed, fallback=RandomBot(seed), rollout=RandomBot, **options)  # type: ignore[arg-type]


def at_bonfire(ember, skip: int = 0) -> WorldGame:  # type: ignore[no-untyped-def]
    game = new_game(ember, seed=dealt(ember, "Bonfire", "hand@p1", skip), players=2)
    decision = game.pending()
    assert decision is not None and decision.who == "p1"
    assert "Play: Bonfire" in decision.options
    return game


def test_it_plays_the_one_card_that_scores(ember) -> None:
    game = at_bonfire(ember)
    decision = game.pending()
    bot = search(1, playouts=80, width=8).bind(game)
    assert bot.choose(game.observation("p1"), decision) == "Play: Bonfire"
    assert bot.iterations == 80


def test_the_answer_does_not_depend_on_what_the_player_cannot_see(ember) -> None:
    # games dealt differently, Bonfire in p1's hand in each: the others' hands differ
    answers = set()
    for skip in (0, 20, 40):
        game = at_bonfire(ember, skip)
        decision = game.pending()
        bot = search(2, playouts=80, width=8).bind(game)
        answers.add(bot.choose(game.observation("p1"), decision))
    assert answers == {"Play: Bonfire"}


def test_a_playout_cut_at_its_horizon_is_scored_from_the_observation(ember) -> None:
    game = at_bonfire(ember)
    decision = game.pending()
    scored: list[float] = []

    def estimate(observation: dict, me: str | None) -> float:  # type: ignore[type-arg]
        assert observation["you"] == me == "p1"  # the player's own view of the copy
        scored.append(points_margin(observation, me))
        return scored[-1]

    bot = search(3, playouts=40, width=8, horizon=0, estimate=estimate).bind(game)
    assert bot.choose(game.observation("p1"), decision) == "Play: Bonfire"
    # an iteration that expanded a node stopped at the next question: its worth the estimate's
    # (the tree over p1's three questions fills, so later iterations end the game in the tree)
    assert 0 < len(scored) < 40
    assert max(scored) == 2  # the Bonfire's two points, seen before the game ended


def test_a_horizon_needs_an_estimate() -> None:
    with pytest.raises(ValueError, match="estimate"):
        search(0, horizon=2)


def test_its_tree_holds_the_players_own_answers_and_is_kept_for_the_next_question(ember) -> None:
    game = at_bonfire(ember)
    decision = game.pending()
    bot = search(4, playouts=60, width=8).bind(game)
    game.apply(bot.choose(game.observation("p1"), decision))
    kept = bot._next["p1"]  # the node of the answer given: the next question's root
    assert kept.visits > 0 and kept.children
    while (decision := game.pending()) is not None and decision.who != "p1":
        game.apply(RandomBot(0).choose(game.observation(decision.who), decision))
    assert decision is not None
    # below it only p1's own next answers, whatever the others did in the copies
    assert {key for key in kept.children} <= set(decision.options)
    before = kept.visits
    bot.choose(game.observation("p1"), decision)
    assert kept.visits == before + 60  # the search went on from the kept subtree


def test_with_halving_at_the_root_it_plays_the_card_that_scores(ember) -> None:
    game = at_bonfire(ember)
    decision = game.pending()
    bot = search(5, playouts=48, width=8, root_halving=True).bind(game)
    assert bot.choose(game.observation("p1"), decision) == "Play: Bonfire"
    kept = bot._next["p1"]
    assert bot.iterations >= kept.visits > 0  # the answer kept its subtree for the next question


def test_halving_gives_every_answer_the_same_deals_and_seeds(ember) -> None:
    # the n-th iteration of each answer meets the same copy and rollout seeds: with the same
    # seeds, an answer's iteration is worth the same whichever tree it walks
    game = at_bonfire(ember)
    game.pending()
    bot = search(6, width=8)
    worths = set()
    for _ in range(3):
        worths.add(bot.iterate(game, "p1", _fresh(), "Play: Bonfire", (21, 22)))
    assert len(worths) == 1
    assert not game.state.over  # the game itself is never played on


def _fresh():  # type: ignore[no-untyped-def]
    from dsl.kernel.search import _InfoSet

    return _InfoSet()
