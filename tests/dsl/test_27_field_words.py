"""A word describing a card by what one of its fields holds: with ``element element`` declared on
monsters, "a frost monster" is a monster whose element is frost, and with ``omens omens`` (a list),
"an owl monster" one whose omens include owl. The behaviour fixture of the form in
``docs/language.md`` ("Describing a card by a field"), played on the world engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dsl.loader import Source, check_sources, load_ruleset
from dsl.world.game import new_game

RULESET = """\
ruleset "Frost Road" version "1"
players are 1 to 2 seats
elements are d6 dice kept at places: frost, ember
omens are tags of cards: owl, hare
card kinds are kinds of cards: monster, stop, charm
stops are places
lanterns are pieces of players, one each: lantern
kind monster {
  element element
  signs omens optional
}
kind stop {
}
kind charm {
}
trigger "Play" played for charm

map "Road" {
  "Gate" at 0, 0
  "Mill" at 1, 0
}

monster "Rime Wolf" {
  element frost
}
monster "Cinder Hound" {
  element ember
  signs owl
}
charm "Thaw" {
  Play: Discard a frost monster at this stop.
}
charm "Hoot" {
  Play: Discard an ember monster at this stop.
}
"""


def errors_of(text: str) -> list[str]:
    checked = check_sources([Source("road.rules", text)])
    return [d.message for d in checked.diagnostics.items]


def road(tmp_path: Path) -> Any:
    (tmp_path / "ruleset.rules").write_text(RULESET)
    return load_ruleset(tmp_path)


def test_the_fixture_checks_clean() -> None:
    assert errors_of(RULESET) == []


def test_a_word_a_field_holds_describes_the_card(tmp_path: Path) -> None:
    ruleset = road(tmp_path)
    game = new_game(ruleset, seed=1, players=1)
    stop = game.ops.pawn_at("p1")
    for monster in ("Rime Wolf", "Cinder Hound"):
        game.ops.move_card(monster, at=stop, why="test")
    (thaw,) = ruleset.card("Thaw").abilities
    game.run_text(thaw, actor="p1", ctx=None)
    assert game.ops.where("Rime Wolf") != stop  # the frost monster went
    assert game.ops.where("Cinder Hound") == stop  # the ember one stayed


def test_a_word_no_field_of_the_kind_holds_is_still_refused() -> None:
    text = RULESET.replace("Discard a frost monster", "Discard a frost charm")
    assert any("'frost' (element) cannot describe charm" in m for m in errors_of(text))


def test_a_tag_is_read_before_a_field() -> None:
    # "owl" is a tag of cards: read as the tag, as before
    text = RULESET.replace("Discard an ember monster", "Discard an owl monster")
    assert errors_of(text) == []
