"""A zone's most as a declaration (``hand is a zone of players, seen by its owner, at most 3
blessings``), tried on a copy of *Keepsakes* (``fixtures/world/keepsakes``): a hand at its most
draws no more, the cards staying in the deck; a most that is not a number is refused at its
place."""

from __future__ import annotations

from pathlib import Path

import pytest
from dsl_testing import ROOT

from dsl.errors import ChroniclerError
from dsl.world.declare import world_of
from dsl.world.game import new_game
from rules import registry

KEEPSAKES = ROOT / "tests" / "dsl" / "fixtures" / "world" / "keepsakes"
HAND = "hand is a zone of players, seen by its owner"


def copy(tmp_path: Path, hand: str, deal: str = "Each player draws 1 relic.") -> Path:
    text = (KEEPSAKES / "ruleset.rules").read_text()
    (tmp_path / "ruleset.rules").write_text(
        text.replace(HAND, hand).replace("Each player draws 1 relic.", deal)
    )
    return tmp_path


def test_a_hand_at_its_most_draws_no_more(tmp_path: Path) -> None:
    folder = copy(tmp_path, f"{HAND}, at most 1 relic", "Each player draws 3 relics.")
    compiled = registry.find(folder).compiled()
    hand = world_of(compiled).zone("hand")
    assert hand is not None and hand.limit == 1
    game = new_game(compiled, seed=1, players=2)
    game.pending()
    assert [len(game.state.zones[f"hand@{p}"]) for p in ("p1", "p2")] == [1, 1]
    assert len(game.state.zones["relic deck"]) == 2  # four relics: two drawn, two stay


def test_a_hand_with_no_most_draws_all_it_is_told(tmp_path: Path) -> None:
    folder = copy(tmp_path, HAND, "Each player draws 2 relics.")
    game = new_game(registry.find(folder).compiled(), seed=1, players=2)
    game.pending()
    assert [len(game.state.zones[f"hand@{p}"]) for p in ("p1", "p2")] == [2, 2]


def test_a_most_that_is_not_a_number_is_refused_at_its_place(tmp_path: Path) -> None:
    folder = copy(tmp_path, f"{HAND}, at most many relics")
    with pytest.raises(ChroniclerError, match="cannot read 'at' in the zone hand") as refused:
        registry.find(folder).compiled()
    assert "ruleset.rules:" in str(refused.value)
