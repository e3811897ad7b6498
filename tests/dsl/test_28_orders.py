"""Players against players on the world engine (``dsl/world/players.py``), tried on *Market
Day* (``fixtures/world/orders``: no Python of its own):

- ``do each player places two plan orders on the spaces with one face down``: seat by seat, one
  at a time, never twice on a space, one of each player's orders face down, seen by its owner
  only until it is resolved;
- ``do resolve the orders in placement order each worth its space worth in effort or in
  coins``: in the order placed, each once; acted on while effort is left, or taken as coins;
  a card of the hand or of a face-up shop before or after;
- ``do fire income for their owners``: the owner of each card acting;
- ``do end the game scored by coins and cheer minus debt``: a score by categories, a winner
  and a ranking;
- a procedure step's text with nothing to act on does nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from dsl_testing import FIXTURES

from dsl.kernel import FACE_DOWN
from dsl.loader import load_ruleset, load_text
from dsl.world.game import WorldGame, new_game
from dsl.world.players import end_scored, fire_for_owners, order_step

MARKET = FIXTURES / "world" / "orders"


@pytest.fixture(scope="module")
def market():  # type: ignore[no-untyped-def]
    return load_ruleset(MARKET)


def answer(game: WorldGame, *options: Any) -> Any:
    for option in options:
        decision = game.pending()
        assert decision is not None and option in decision.options, (option, decision)
        game.apply(option)
    return game.pending()


def again(game: WorldGame) -> WorldGame:
    resumed = WorldGame.from_json(game.ruleset, game.to_json())
    resumed.pending()
    return resumed


def planned(market) -> WorldGame:  # type: ignore[no-untyped-def]
    game = new_game(market, seed=1, players=2)
    answer(
        game,
        "Song on Morning, face down",  # p1
        "Thrift on Morning, face up",  # p2
        "Thrift on Evening, face up",  # p1
        "Song on Evening, face down",  # p2
    )
    return game


def test_the_steps_are_read_from_their_words() -> None:
    assert order_step("each player places two plan orders on the spaces with one face down")
    assert order_step("each player places 3 plan orders on the spaces, 1 face down")
    assert (
        order_step("each player places two plan orders on the spaces with three face down") is None
    )
    assert order_step(
        "resolve the orders in placement order each worth its space worth in effort or in coins"
    )
    assert order_step("end the game scored by coins and cheer minus debt")
    assert order_step("fire income for their owners")
    assert order_step("place the orders somehow") is None


def test_orders_are_placed_seat_by_seat_one_at_a_time(market) -> None:
    game = new_game(market, seed=1, players=2)
    asked = []
    for option in (
        "Song on Morning, face down",
        "Thrift on Morning, face up",
        "Thrift on Evening, face up",
        "Song on Evening, face down",
    ):
        asked.append(game.pending().who)
        answer(game, option)
    assert asked == ["p1", "p2", "p1", "p2"]


def test_a_space_holding_your_order_and_a_third_face_down_are_not_offered(market) -> None:
    game = new_game(market, seed=1, players=2)
    answer(game, "Song on Morning, face down", "Thrift on Morning, face up")
    offered = game.pending().options
    assert offered == ("Song on Evening, face up", "Thrift on Evening, face up")


def test_a_face_down_order_is_seen_by_its_owner_only_until_resolved(market) -> None:
    game = new_game(market, seed=1, players=2)
    answer(game, "Song on Morning, face down")
    assert game.observation("p1")["orders"][0]["card"] == "Song"
    assert game.observation("p2")["orders"][0]["card"] == FACE_DOWN
    assert "Song" not in str([e.data for e in game.events_for("p2")])
    assert "Song" not in str([e.data for e in game.events_for(None)])
    other = new_game(market, seed=1, players=2)
    answer(other, "Thrift on Morning, face down")
    assert other.observation("p2") == game.observation("p2")


def test_a_face_down_order_is_dealt_again_in_another_players_determinization(market) -> None:
    import random

    game = new_game(market, seed=1, players=2)
    answer(game, "Song on Morning, face down")
    dealt = {
        game.determinize("p2", random.Random(s)).state.orders[0]["card"]["value"] for s in range(20)
    }
    assert dealt == {"Song", "Thrift"}
    assert {
        game.determinize("p1", random.Random(s)).state.orders[0]["card"]["value"] for s in range(5)
    } == {"Song"}


def test_orders_resolve_in_placement_order_acted_on_or_taken(market) -> None:
    game = planned(market)
    decision = game.pending()
    assert (decision.who, decision.prompt) == ("p1", "Player 1: Song worth 3")
    assert decision.options[:2] == ("act: Song", "take 3 coins")
    assert game.observation("p2")["orders"][0]["card"] == "Song"  # turned up now
    answer(game, "act: Song", "Sing: Song")
    assert game.state.values["p1"]["cheer"] == 8
    decision = game.pending()
    assert (decision.who, decision.prompt) == ("p2", "Player 2: Thrift worth 3")
    answer(game, "act: Thrift", "Save: Thrift", "Save: Thrift", "done")
    assert game.state.values["p2"]["coins"] == 3 + 4
    assert game.state.values["p2"]["effort"] == 0  # what is left is lost
    answer(game, "take 1 coins")
    assert game.state.values["p1"]["coins"] == 4
    assert game.pending().prompt == "Player 2: Song worth 1"
    resolved = [e.data["player"] for e in game.events if e.kind == "order_resolved"]
    assert resolved == ["p1", "p2", "p1"]


def test_a_card_of_the_hand_or_of_a_shop_before_or_after(market) -> None:
    game = new_game(market, seed=1, players=2)
    game.ops.move_card("Smile", zone="hand", owner="p1")
    answer(
        game,
        "Song on Morning, face down",
        "Thrift on Morning, face up",
        "Thrift on Evening, face up",
        "Song on Evening, face down",
    )
    assert {"Play: Smile", "Buy: Lucky Coin"} <= set(game.pending().options)
    answer(game, "Play: Smile", "act: Song", "Buy: Lucky Coin")
    assert game.state.values["p1"]["cheer"] == 6
    assert game.state.values["p1"]["debt"] == 1


def test_cards_fire_for_their_owners(market) -> None:
    game = planned(market)
    game.ops.move_card("Lucky Coin", zone="pocket", owner="p2")
    fire_for_owners(game, "income")
    game = again(game)
    assert game.state.values["p2"]["coins"] == 3 + 1
    assert game.state.values["p1"]["coins"] == 3


def test_a_score_by_categories_with_one_taken_off(market) -> None:
    game = planned(market)
    game.state.values["p1"].update(coins=4, cheer=6, debt=3)
    game.state.values["p2"].update(coins=2, cheer=5, debt=0)
    end_scored(game, ["coins", "cheer", "-debt"])
    assert game.state.result["scores"] == {"p1": 7, "p2": 7}
    assert game.state.result["tied"] == ["p1", "p2"]
    assert game.state.result["categories"]["p1"] == {"coins": 4, "cheer": 6, "debt": 3}


def test_a_whole_game_ends_scored_by_its_categories(market) -> None:
    from dsl.world.bots import RandomBot

    game = new_game(market, seed=3, players=3)
    bot = RandomBot(3)
    while (decision := game.pending()) is not None:
        game.apply(bot.choose(None, decision))
    result = game.state.result
    for seat, by in result["categories"].items():
        assert result["scores"][seat] == by["coins"] + by["cheer"] - by["debt"]


@pytest.mark.parametrize(
    ("old", "new", "told"),
    [
        ("its space worth in", "its space value in", "Acting: a space has no number field 'value'"),
        ("or in coins", "or in gems", "Acting: 'gems' is no number the ruleset declares"),
        ("two plan orders", "two deed orders", "Plans: 'deed' is no kind of card"),
        ("cheer minus debt", "cheer minus doubt", "'doubt' is no number the ruleset declares"),
    ],
)
def test_a_step_naming_what_is_not_declared_is_refused_before_the_game(old, new, told) -> None:  # type: ignore[no-untyped-def]
    from dsl.errors import ChroniclerError

    text = (MARKET / "ruleset.rules").read_text()
    assert old in text
    compiled = load_text(text.replace(old, new), "market.rules")
    with pytest.raises(ChroniclerError, match=r"market\.rules:\d+:\d+: ") as refused:
        new_game(compiled, seed=1, players=2)
    assert told in str(refused.value)


def test_a_steps_text_with_nothing_to_act_on_does_nothing() -> None:
    compiled = load_text(
        'ruleset "Bare" version "1"\n'
        "players are 2 seats\n"
        "coins is a number 0.. of players, starting at 1\n"
        "the score is coins\n"
        'procedure "Game" {\n'
        "  Toll: for each player in turn order, Lose 2 coins to gain 1 coins.\n"
        "  teardown: do end the game\n"
        "}\n"
    )
    game = new_game(compiled, seed=1, players=2)
    assert game.pending() is None
    assert game.state.values["p1"]["coins"] == 1  # could not pay: nothing happened
