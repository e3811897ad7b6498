"""Invariants over seeded random sessions: every session ends; no number passes its ends; the
action dice stay within their supply, each a die of some face; every obstacle copy is in exactly
one place; a skill rank learned overcoming an obstacle keeps the character's rank within 0..6."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import play_randomly, session

from dsl.world.bots import RandomBot
from dsl.world.matching import LEARNED

SEEDS = range(1, 7)


def check_invariants(game: Any, winters: Any) -> None:
    world = game.world
    for owner, values in game.state.values.items():
        for name, value in values.items():
            if name.startswith(LEARNED):  # a rank a character learned (dsl.world.matching)
                printed = winters.card(owner, "character").fields["skills"]
                assert 0 < printed[name.removeprefix(LEARNED)] + value <= 6, (owner, name)
                continue
            pool, _, face = name.partition("#")  # a pool's dice by face: "red dice#6"
            decl = world.properties[pool.casefold()]  # every number the state holds is declared
            if face:
                assert decl.shape == "pool" and 1 <= int(face) <= decl.sides and value >= 0
                continue
            assert decl.low is None or value >= decl.low, (owner, name, value)
            assert decl.high is None or value <= decl.high, (owner, name, value)
    for player in game.state.players:
        held = game.state.values[player]
        assert 0 <= held["red dice"] <= winters.values["solo action dice"]
        # the action dice held are the dice of each face, counted
        assert held["red dice"] == sum(v for k, v in held.items() if k.startswith("red dice#"))
    obstacles = [c for c, info in game.state.cards.items() if info["kind"] == "obstacle"]
    assert len(obstacles) == 90
    for card in obstacles:
        info = game.state.cards[card]
        in_zone = [z for z, cards in game.state.zones.items() if card in cards]
        assert (len(in_zone) == 1) != bool(info.get("at")), card  # a zone or a place, not both


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_session_keeps_the_invariants_and_ends(winters: Any, seed: int) -> None:
    players = 1 + seed % 4
    game = session(winters, players=players, seed=seed)
    bot = RandomBot(seed)
    steps = 0
    while (decision := game.pending()) is not None:
        check_invariants(game, winters)
        game.apply(bot.choose(None, decision))
        steps += 1
        assert steps < 5000, "the session does not end"
    check_invariants(game, winters)
    assert game.state.over


def test_the_same_seed_plays_the_same_session(winters: Any) -> None:
    one = play_randomly(session(winters, players=2, seed=9), seed=9)
    two = play_randomly(session(winters, players=2, seed=9), seed=9)
    assert [e.kind for e in one.events] == [e.kind for e in two.events]
    assert one.state.cards == two.state.cards
