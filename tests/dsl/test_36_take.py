"""The core verb ``take`` (``dsl/world/take.py``), tried on *Keepsakes*
(``fixtures/world/keepsakes``: no Python of its own): "Play: Take this relic." puts the card
into the acting player's own zone that holds relics, owned by them; with no such zone the text
is refused, naming the declaration to write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dsl_testing import ROOT

from dsl.runtime import EffectError
from dsl.world.game import new_game
from rules import registry

KEEPSAKES = ROOT / "tests" / "dsl" / "fixtures" / "world" / "keepsakes"


def played(folder: Path) -> Any:
    """A game of the folder's text in which each player plays the relic in their hand."""
    game = new_game(registry.find(folder).compiled(), seed=1, players=2)
    while (decision := game.pending()) is not None:
        game.apply(decision.options[0])  # "Play: Keepsake..." before "pass"
    return game


def test_a_card_taken_goes_to_the_actors_own_zone_holding_its_kind() -> None:
    game = played(KEEPSAKES)
    st = game.state
    for player in ("p1", "p2"):
        (kept,) = st.zones[f"keep@{player}"]
        assert st.cards[kept]["owner"] == player and st.cards[kept]["zone"] == f"keep@{player}"
        assert st.zones[f"hand@{player}"] == []
    assert st.zones["discard"] == []  # played, then taken: not left on the discard pile
    moved = [e.data for e in game.events if e.kind == "card_moved" and e.data["why"] == "taken"]
    assert [(m["source"], m["to"]) for m in moved] == [
        ("discard", "keep@p1"),
        ("discard", "keep@p2"),
    ]


def test_a_kind_no_zone_of_players_holds_is_refused_naming_the_declaration(
    tmp_path: Path,
) -> None:
    text = (KEEPSAKES / "ruleset.rules").read_text()
    (tmp_path / "ruleset.rules").write_text(
        text.replace("keep is a zone of players, holding relics", "keep is a zone of players")
    )
    with pytest.raises(EffectError, match="no zone of players holds relic cards to take"):
        played(tmp_path)
