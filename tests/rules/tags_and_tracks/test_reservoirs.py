"""Resevoir: a fungible resource with a most you can hold, written "name X/Y": X the value held
now, Y the level. Stats are reservoirs of points, written points first; a sheet holds others,
name first (the text's ``sheet "character"``: ``held reservoirs, name first``)."""

from __future__ import annotations

from pathlib import Path

from tags_and_tracks_table import read

from dsl.sheets import Reservoir

BRICK = Path(__file__).parents[3] / "rules" / "tags_and_tracks" / "examples" / "brick.character"
BRICK_WITH = BRICK.read_text(encoding="utf-8").rstrip("\n") + "\n"


def test_a_sheet_holds_reservoirs_beyond_its_stats(ruleset):
    sheet = BRICK_WITH + "rations 2/3\nrope 1/1\n"
    character, problems = read(ruleset, sheet)
    assert problems == []
    assert character.held["reservoirs"] == {
        "rations": Reservoir("rations", 2, 3),
        "rope": Reservoir("rope", 1, 1),
    }
    assert str(character.held["reservoirs"]["rations"]) == "rations 2/3"
    assert set(character.held["stats"]) == {"strength", "dexterity", "will"}


def test_a_reservoir_over_its_level_on_a_sheet_is_an_error_at_its_place(ruleset):
    _, problems = read(ruleset, BRICK_WITH + "rations 4/3\n")
    assert problems == ["10:1: rations holds 4 of at most 3: a reservoir holds 0 to its level"]


def test_a_reservoir_written_twice_is_an_error_naming_the_first(ruleset):
    _, problems = read(ruleset, BRICK_WITH + "rope 1/2\nRope 2/2\n")
    assert problems == ["11:1: reservoir Rope is written twice (first as rope 1/2)"]


def test_a_stat_written_name_first_is_an_error_saying_how_to_write_it(ruleset):
    _, problems = read(ruleset, BRICK_WITH.replace("3/3 DEX", "DEX 3/3"))
    assert problems == ["8:1: DEX is a stat: write it points first, 3/3 DEX"]
