"""New Obstacles: as many obstacles as the stars on the back of the progress deck's top card,
each discarding the lowest card of the staging area; then the rest slide down and the row is
refilled to four from the deck. The deck is seeded with a top card of one, two or three stars
(the sheet: stage 2 one star, stages 1, 3 and 5 two, stage 4 three)."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import PASS, session

from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame


def stars(game: WorldGame, card: str) -> int:
    found = game.card_fields(card)["stars"]
    assert isinstance(found, int)
    return found


def seed_top(game: WorldGame, wanted: int) -> str:
    """A card of ``wanted`` stars put on top of the progress deck."""
    deck = game.state.zones["mission deck"]
    card = next(c for c in deck if stars(game, c) == wanted)
    deck.remove(card)
    deck.insert(0, card)
    return card


@pytest.mark.parametrize("count", [1, 2, 3])
def test_as_many_obstacles_come_as_the_stars_of_the_deck_top_card(winters: Any, count: int) -> None:
    game = session(winters, players=1, seed=5)
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    top = seed_top(game, count)
    staged = list(game.state.zones["staging area"])
    deck = list(game.state.zones["mission deck"])
    assert len(staged) == 1  # one player: the card not kept
    before = len(game.events)
    game.apply(PASS)
    game.pending()
    places = set(game.world.places)
    came = [
        e
        for e in game.events[before:]
        if e.kind == WorldEvent.CARD_MOVED
        and e.data.get("card_kind") == "obstacle"
        and str(e.data.get("source")) == "obstacle deck"
        and str(e.data.get("to")) in places
    ]
    assert len(came) == count  # one player: no surge
    # the first discards the one staged card; the others find none (a full row: the next test)
    assert game.state.zones["mission discard"] == staged
    assert game.state.zones["staging area"] == deck[:4] and deck[0] == top  # refilled from the top


def test_a_full_row_loses_its_lowest_cards_one_an_obstacle(winters: Any) -> None:
    game = session(winters, players=1, seed=5)
    game.pending()
    game.apply(PASS)  # the first turn's new obstacles fill the row to four
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    assert len(game.state.zones["staging area"]) == 4
    seed_top(game, 3)
    staged = list(game.state.zones["staging area"])
    deck = list(game.state.zones["mission deck"])
    gone = list(game.state.zones.get("mission discard", []))
    game.apply(PASS)
    game.pending()
    assert game.state.zones["mission discard"] == [*gone, *staged[:3]]
    assert game.state.zones["staging area"] == [staged[3], *deck[:3]]
