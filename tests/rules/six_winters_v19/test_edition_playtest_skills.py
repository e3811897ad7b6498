"""Playtest Issues, Location Skills: `chronicler simulate` counts each Create Asset and Trade
(an action die on a resource action slot) by the skill of the location where it was taken, so
the text's question (do the location skills for creating assets and trading matter?) has a
number a session. Thea moves from Eastkeep (the Empire's top space: military, skill tactics) to
Ferry's Glenn (Red Bank's middle space: stability, command); the dice laid by hand."""

from __future__ import annotations

from typing import Any

from edition_session import hold, play_as, session
from test_edition_pool_effects import lay

from dsl.world.game import WorldGame
from rules.six_winters_v19.playtest import questions


def asked(game: WorldGame) -> dict[str, float]:
    return {name: n for name, _kind, _measure, n in questions(game, [])}


def test_create_asset_and_trade_counted_by_the_skill_of_the_location(winters: Any) -> None:
    game = session(winters)
    game.pending()
    play_as(game, "p1", "Thea")
    hold(game, "p1", [6, 6, 6, 6, 6])
    lay(game, "military", [1])
    lay(game, "stability", [2, 3])
    game = game.clone()
    assert winters.card("Eastkeep", "location").fields["skill"] == "tactics"
    assert winters.card("Ferry's Glenn", "location").fields["skill"] == "command"
    game.apply("Take: Create a Military Asset")  # at Eastkeep, where every token starts
    game.pending()
    game.ops.move_pawn("p1", "Ferry's Glenn")
    game.state.dice_script = []
    game = game.clone()
    game.apply("Take: Create a Stability Asset")
    game.pending()
    game.apply(2)
    game.pending()
    game.apply("Take: Trade out of Stability")
    game.pending()
    figures = asked(game)
    assert figures["create asset at a location of tactics"] == 1
    assert figures["create asset at a location of command"] == 1
    assert figures["trade at a location of command"] == 1
    assert figures["create asset: every location"] == 2 and figures["trade: every location"] == 1


def test_a_session_with_neither_counts_zero(winters: Any) -> None:
    figures = asked(session(winters))
    assert figures["create asset: every location"] == 0 and figures["trade: every location"] == 0
