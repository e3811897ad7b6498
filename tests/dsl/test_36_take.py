"""The core verb ``take`` (``dsl/world/take.py``), tried on *Keepsakes*
(``fixtures/world/keepsakes``: no Python of its own): "Play: Take this relic. Take a charm."
puts the relic, then the top card of the charm deck, each into the acting player's own zone
that holds its kind, owned by them; with the deck empty the text is refused as a whole; with
no zone holding the kind the text is refused, naming the declaration to write."""

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


def test_cards_taken_go_to_the_actors_own_zones_holding_their_kinds() -> None:
    game = played(KEEPSAKES)
    st = game.state
    (kept,) = st.zones["keep@p1"]
    assert st.cards[kept]["owner"] == "p1" and st.zones["hand@p1"] == []
    assert st.zones["charms@p1"] == ["Lucky Coin"]  # the top of the charm deck
    assert st.cards["Lucky Coin"]["owner"] == "p1"
    moved = [e.data for e in game.events if e.kind == "card_moved" and e.data["why"] == "taken"]
    assert [(m["source"], m["to"]) for m in moved] == [
        ("discard", "keep@p1"),  # played, then taken: not left on the discard pile
        ("charm deck", "charms@p1"),
    ]


def test_with_no_card_left_to_take_the_text_is_refused_as_a_whole() -> None:
    game = played(KEEPSAKES)
    st = game.state
    assert st.zones["charm deck"] == []  # p1 took the only charm
    assert "keep@p2" not in st.zones or st.zones["keep@p2"] == []
    assert len(st.zones["hand@p2"]) == 1  # p2's relic back in hand: nothing was taken


def test_a_kind_no_zone_of_players_holds_is_refused_naming_the_declaration(
    tmp_path: Path,
) -> None:
    text = (KEEPSAKES / "ruleset.rules").read_text()
    (tmp_path / "ruleset.rules").write_text(
        text.replace("keep is a zone of players, holding relics", "keep is a zone of players")
    )
    with pytest.raises(EffectError, match="no zone of players holds relic cards to take"):
        played(tmp_path)
