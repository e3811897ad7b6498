"""Seed 003, "Planning": from the first player, each places 2 orders in the period, one at a
time, each on a season not yet holding one of theirs; one face up, one face down. A face-down
order is seen by its owner only until it is revealed."""

from __future__ import annotations

from seasons_testing import answer, at_planning, events, plan

from dsl.kernel import FACE_DOWN


def test_players_place_one_order_at_a_time_from_the_first_player(seasons) -> None:
    for first, second in (("p1", "p2"), ("p2", "p1")):
        game = at_planning(seasons, first=first)
        asked = plan(
            game,
            {
                first: ["Feast on Spring, face down", "Work on Winter, face up"],
                second: ["Steal on Spring, face up", "Recruit on Summer, face down"],
            },
        )
        assert asked == [first, second, first, second]
        placed = [(o["player"], game.state.cards[o["slot"]]["name"]) for o in game.state.orders]
        assert placed == [
            (first, "Spring"),
            (second, "Spring"),
            (first, "Winter"),
            (second, "Summer"),
        ]


def test_a_season_holding_one_of_your_orders_is_not_offered_again(seasons) -> None:
    game = at_planning(seasons, first="p1")
    answer(game, "Feast on Spring, face up", "Work on Summer, face up")
    offered = game.pending().options
    assert not any(" on Spring," in o for o in offered)
    assert any(" on Summer," in o for o in offered)  # p2's order there is not p1's


def test_one_order_face_up_and_one_face_down(seasons) -> None:
    game = at_planning(seasons, first="p1")
    first = game.pending().options
    assert {o.rpartition(", face ")[2] for o in first} == {"up", "down"}
    answer(game, "Feast on Spring, face down", "Work on Spring, face up")
    second = game.pending().options
    assert {o.rpartition(", face ")[2] for o in second} == {"up"}  # the other one face up
    game = at_planning(seasons, first="p1")
    answer(game, "Feast on Spring, face up", "Work on Spring, face up")
    assert {o.rpartition(", face ")[2] for o in game.pending().options} == {"down"}


def test_a_face_down_order_is_seen_only_by_its_owner(seasons) -> None:
    game = at_planning(seasons, first="p1")
    answer(game, "Feast on Spring, face down")
    mine, theirs = game.observation("p1")["orders"], game.observation("p2")["orders"]
    assert mine[0]["card"] == "Feast" and theirs[0]["card"] == FACE_DOWN
    assert game.observation(None)["orders"][0]["card"] == FACE_DOWN
    # the public log says an order was placed, not which
    public = events(game, "choice_committed") + events(game, "choice_revealed")
    assert "Feast" not in str(public)
    assert events(game, "order_sealed", seen_by="p1")[0]["answer"] == "Feast"
    assert not events(game, "order_sealed", seen_by="p2")


def test_the_other_player_is_asked_the_same_whatever_the_face_down_order(seasons) -> None:
    feast, work = at_planning(seasons, first="p1"), at_planning(seasons, first="p1")
    answer(feast, "Feast on Spring, face down")
    answer(work, "Work on Spring, face down")
    assert feast.pending() == work.pending()
    assert feast.observation("p2") == work.observation("p2")
    assert [e.data for e in feast.events_for("p2")] == [e.data for e in work.events_for("p2")]


def test_a_face_down_order_is_revealed_when_it_is_resolved(seasons) -> None:
    game = at_planning(seasons, first="p1")
    plan(
        game,
        {
            "p1": ["Feast on Spring, face down", "Work on Winter, face up"],
            "p2": ["Steal on Spring, face up", "Recruit on Summer, face down"],
        },
    )
    assert game.observation("p2")["orders"][0]["card"] == "Feast"  # resolved first: shown
    assert game.observation("p1")["orders"][3]["card"] == FACE_DOWN  # p2's, not yet
    shown = events(game, "choice_revealed")
    assert shown[-1] == {"player": "p1", "what": "the order on Spring", "answer": "Feast"}
