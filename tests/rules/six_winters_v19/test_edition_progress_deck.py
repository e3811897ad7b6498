"""Session Setup's Build Progress Deck and Select Starting Progress Cards, and Session End's
Clear Unfinished Progress: the progress deck is each stage shuffled on its own, the lowest stage
on top; each player draws two progress cards and keeps the one they choose, the others going to
the staging area face up; at the session's end the cards not finished go back to the deck before
the lowest stage is burnt. The real 51 cards of the v19.7 sheet."""

from __future__ import annotations

from typing import Any

from edition_session import pass_to_the_end, session

from dsl.world.burning import burnt
from dsl.world.game import WorldGame


def stage(game: WorldGame, card: str) -> int:
    found = game.card_fields(card)["stage"]
    assert isinstance(found, int)
    return found


def choose(game: WorldGame, picks: list[int]) -> list[tuple[str, list[str]]]:
    """Each player's starting choice answered with the option at that index: who was asked,
    among which cards."""
    asked = []
    for pick in picks:
        decision = game.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        asked.append((str(decision.who), [str(o) for o in decision.options]))
        game.apply(decision.options[pick])
    return asked


def test_the_deck_is_built_lowest_stage_on_top(winters: Any) -> None:
    tops = set()
    for seed in range(1, 7):
        game = session(winters, players=1, seed=seed)
        game.pending()
        deck = game.state.zones["mission deck"]
        stages = [stage(game, c) for c in deck]
        assert stages == sorted(stages) and stages[0] == 1 and stages[-1] == 5
        assert len(deck) == 51 - 2  # two drawn by the one player
        tops.add(deck[0])
    assert len(tops) > 1  # each stage shuffled: the top card is not always the same


def test_each_player_keeps_one_of_two_and_the_rest_are_staged(winters: Any) -> None:
    game = session(winters, players=3, seed=4, keep=False)
    asked = choose(game, [0, 1, 1])
    assert [who for who, _ in asked] == ["p1", "p2", "p3"]
    assert all(len(cards) == 2 for _, cards in asked)
    assert all(stage(game, c) == 1 for _, cards in asked for c in cards)
    for (who, cards), pick in zip(asked, [0, 1, 1], strict=True):
        assert game.state.zones[f"controlled missions@{who}"] == [cards[pick]]
        assert not game.state.zones.get(f"hand@{who}")
    # the cards not chosen, face up, in the players' order: p1's is the lowest
    assert game.state.zones["staging area"] == [
        asked[0][1][1],
        asked[1][1][0],
        asked[2][1][0],
    ]
    assert len({c for _, cards in asked for c in cards}) == 6  # six different cards drawn


def test_the_players_see_the_staging_area_and_their_own_card(winters: Any) -> None:
    game = session(winters, players=2, seed=2, keep=False)
    asked = choose(game, [0, 0])
    game.pending()
    seen = game.observation("p2")["zones"]
    assert len(seen["staging area"]) == 2
    assert seen["controlled missions@p2"] == [game.state.cards[asked[1][1][0]]["name"]]
    # the engine shows another player's zone as a count, face up or not (STATUS.md)
    assert seen["controlled missions@p1"] == 1


def test_the_unfinished_cards_go_back_before_the_lowest_stage_is_burnt(winters: Any) -> None:
    game = session(winters, players=4, seed=3)
    game.pending()
    game.state.values[""]["year"] = 3  # six of stage 1 burnt: the deck lends none of its twelve
    pass_to_the_end(game)
    assert not game.state.zones.get("staging area")
    assert not any(game.state.zones.get(f"controlled missions@p{n}") for n in range(1, 5))
    gone = [c for c in burnt(game.state) if game.state.cards[c]["kind"] == "mission"]
    assert len(gone) == 6 and all(stage(game, c) == 1 for c in gone)  # (locations burn too)
    deck = game.state.zones["mission deck"]
    assert len(deck) == 51 - 6  # the eight cards dealt came back: twelve of stage 1 to burn from


def test_each_new_obstacle_discards_the_lowest_staged_card_and_the_row_is_refilled(
    winters: Any,
) -> None:
    game = session(winters, players=2, seed=5, keep=False)
    choose(game, [0, 0])
    game.pending()
    staged = list(game.state.zones["staging area"])
    deck = list(game.state.zones["mission deck"])
    for _ in range(2):  # each player passes: the turn ends, its new obstacle comes
        decision = game.pending()
        assert decision is not None and decision.kind == "action"
        game.apply("pass")
    game.pending()
    assert game.state.zones["mission discard"] == [staged[0]]  # the lowest: staged first
    # the other slid down, and the row refilled to four from the deck's top
    assert game.state.zones["staging area"] == [staged[1], *deck[:3]]
    assert all(stage(game, c) == 1 for c in game.state.zones["staging area"])


def test_with_four_players_the_surge_discards_two_more(winters: Any) -> None:
    game = session(winters, players=4, seed=5, keep=False)
    choose(game, [0, 0, 0, 0])
    game.pending()
    staged = list(game.state.zones["staging area"])
    for _ in range(4):
        game.apply("pass")
    game.pending()
    # new obstacles, then the two surge obstacles: three staged cards discarded, lowest first
    assert game.state.zones["mission discard"] == staged[:3]
    assert len(game.state.zones["staging area"]) == 4
