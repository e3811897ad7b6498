"""Players against players: seeded games of 2 to 4 seats played to a result by the random and
heuristic bots, holding the invariants of issue 35 after every answer (units within the limit,
gold never negative, every order resolved once, a face-down order never in another player's
observation), and a bot that would peek finds nothing to read."""

from __future__ import annotations

import zlib
from typing import Any

import pytest
from seasons_testing import answer, at_planning

from dsl.kernel import FACE_DOWN
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game
from dsl.world.players import card_of
from rules import registry
from rules.seasons.primitives import tiles


def hidden_from(game: WorldGame, player: str) -> list[tuple[int, str]]:
    """The face-down orders of others not yet shown: (index, card)."""
    return [
        (i, card_of(o))
        for i, o in enumerate(game.state.orders)
        if isinstance(o["card"], dict) and not o["card"]["shown"] and o["player"] != player
    ]


def play_checked(seasons: Any, seed: int, seats: int, bot: str) -> WorldGame:
    game = new_game(seasons, seed=seed, players=seats)
    player = registry.find("seasons").bots.make(bot, seed)
    limit = seasons.values["unit limit"]
    while (decision := game.pending()) is not None:
        for tile in tiles(game):
            held = game.state.pieces.get(tile, {})
            units = sum(n for k, n in held.items() if k.split("@")[0] in ("peasant", "warrior"))
            assert units <= limit, (tile, held)
        for seat in game.state.players:
            assert game.state.values[seat]["gold"] >= 0
            seen = game.observation(seat)
            for at, _card in hidden_from(game, seat):
                assert seen["orders"][at]["card"] == FACE_DOWN
            told = [e.data for e in game.events_for(seat) if e.kind == "order_sealed"]
            assert all(d["player"] == seat for d in told)  # only their own sealed orders
        game.apply(player.choose(game.observation(decision.who), decision))
    return game


@pytest.mark.parametrize(
    ("seed", "seats", "bot"),
    [(1, 2, "random"), (2, 3, "heuristic"), (3, 4, "random,heuristic,random,heuristic")],
)
def test_seeded_games_keep_the_invariants_and_end_with_a_ranking(seasons, seed, seats, bot) -> None:
    game = play_checked(seasons, seed, seats, bot)
    result = game.state.result
    assert game.state.over and set(result["ranking"]) == set(game.state.players)
    assert set(result["categories"]) == set(game.state.players)
    for seat, by in result["categories"].items():
        assert result["scores"][seat] == sum(by.values()) - 2 * by["artifact penalty"]
    gold = [
        e.data
        for e in game.events
        if e.kind == WorldEvent.VALUE_CHANGED and e.data["property"] == "gold"
    ]
    assert all(d["after"] >= 0 for d in gold)
    placed = [
        e.data
        for e in game.events
        if e.kind in (WorldEvent.CHOICE_COMMITTED, WorldEvent.CHOICE_REVEALED)
        and str(e.data.get("what", "")).startswith("an order")
    ]
    resolved = [e.data for e in game.events if e.kind == "order_resolved"]
    periods = 4 * seasons.values["years"]
    assert len(placed) == len(resolved) == 2 * seats * periods  # each order resolved once


class Peeker:
    """Places its order by what it reads of the others' face-down orders."""

    uses_observation = True

    def choose(self, obs: dict[str, Any], decision: Any) -> Any:
        read = [o["card"] for o in obs["orders"] if o["player"] != obs["you"]]
        return decision.options[zlib.crc32(str(read).encode()) % len(decision.options)]


def test_a_bot_that_would_peek_finds_only_face_down(seasons) -> None:
    answered = []
    would_have = []
    for hidden in ("Feast on Spring, face down", "Steal on Spring, face down"):
        game = at_planning(seasons, first="p1")
        answer(game, hidden)
        decision = game.pending()
        assert decision.who == "p2"
        answered.append(Peeker().choose(game.observation("p2"), decision))
        truth = {
            **game.observation("p2"),
            "orders": [{**o, "card": card_of(o)} for o in game.state.orders],
        }
        would_have.append(Peeker().choose(truth, decision))
    assert would_have[0] != would_have[1]  # it would choose otherwise if it could read the card
    assert answered[0] == answered[1]  # it cannot: both games look the same to it


def test_the_lookahead_bot_plays_from_what_its_seat_may_know(seasons) -> None:
    """Its playouts start from copies in which another's face-down order is dealt again and the
    dice are drawn afresh: two games that differ only in that order give it the same answer."""
    from rules.seasons.bots import LookaheadBot

    chosen = []
    for hidden in ("Feast on Spring, face down", "Steal on Spring, face down"):
        game = at_planning(seasons, first="p1")
        answer(game, hidden)
        bot = LookaheadBot(7, playouts=6, width=3).bind(game)
        decision = game.pending()
        chosen.append(bot.choose(game.observation("p2"), decision))
    assert chosen[0] == chosen[1]


def test_the_tree_search_bot_plays_from_what_its_seat_may_know(seasons) -> None:
    """The information-set tree search deals its copies from p2's view too: two games that
    differ only in p1's face-down order grow the same tree, visit for visit, and give the same
    answer."""
    from rules.seasons.bots import IsmctsBot

    chosen, trees = [], []
    for hidden in ("Feast on Spring, face down", "Steal on Spring, face down"):
        game = at_planning(seasons, first="p1")
        answer(game, hidden)
        bot = IsmctsBot(7, playouts=12, width=3, horizon=4).bind(game)
        decision = game.pending()
        chosen.append(bot.choose(game.observation("p2"), decision))
        kept = bot._next["p2"]
        trees.append((kept.visits, kept.total, sorted(map(str, kept.children))))
    assert chosen[0] == chosen[1]
    assert trees[0] == trees[1]


def test_the_lookahead_bot_plays_a_game_to_its_end(seasons) -> None:
    ruleset = registry.find("seasons")
    from dsl.contract import GameSetup

    bot = ruleset.bots.make("lookahead,random", 5)
    game = ruleset.engine.new_game(GameSetup(seed=5, seats=2), bot)  # binds the bot
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(game.observation(decision.who), decision))
    assert game.state.over and game.state.result["ranking"]


def test_the_tree_search_bot_plays_a_game_to_its_end(seasons) -> None:
    from dsl.contract import GameSetup
    from rules.seasons.bots import IsmctsBot, make

    ruleset = registry.find("seasons")
    bot = make("random,ismcts", 6, playouts=4)
    searcher = bot.bots[1]
    assert isinstance(searcher, IsmctsBot) and searcher.playouts == 4
    game = ruleset.engine.new_game(GameSetup(seed=6, seats=2), bot)  # binds the bot
    assert searcher.game is game
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(game.observation(decision.who), decision))
    assert game.state.over and game.state.result["ranking"]
    assert searcher.iterations == 4  # its last placement was searched, four iterations
