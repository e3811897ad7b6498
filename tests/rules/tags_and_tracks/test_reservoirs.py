"""Resevoir: a fungible resource with a most you can hold, written "name X/Y": X the value held
now, Y the level. Stats are reservoirs of points; a sheet holds others, name first."""

from __future__ import annotations

from pathlib import Path

import pytest
from tags_and_tracks_table import read

from rules.tags_and_tracks.progression import NotAllowed
from rules.tags_and_tracks.reservoir import Reservoir, read_reservoir

BRICK = Path(__file__).parents[3] / "rules" / "tags_and_tracks" / "examples" / "brick.character"
BRICK_WITH = BRICK.read_text(encoding="utf-8").rstrip("\n") + "\n"


def test_a_reservoir_is_written_name_x_slash_y():
    arrows = read_reservoir("arrows 4/6")
    assert arrows == Reservoir("arrows", 4, 6)
    assert str(arrows) == "arrows 4/6"
    assert read_reservoir("fight 2") is None


def test_its_value_is_never_more_than_its_level():
    with pytest.raises(NotAllowed, match="at most 6"):
        read_reservoir("arrows 7/6")


def test_spending_takes_from_the_value_and_never_below_zero():
    arrows = Reservoir("arrows", 4, 6)
    assert arrows.spend(3) == Reservoir("arrows", 1, 6)
    with pytest.raises(NotAllowed, match="holds 4: 5 cannot be spent"):
        arrows.spend(5)


def test_refilling_stops_at_the_level():
    arrows = Reservoir("arrows", 1, 6)
    assert arrows.refill(2) == Reservoir("arrows", 3, 6)
    assert arrows.refill(9) == Reservoir("arrows", 6, 6)
    assert arrows.refill() == Reservoir("arrows", 6, 6)  # full


def test_a_level_raised_in_a_conflict_gains_no_value():
    will = Reservoir("will", 1, 1)
    assert will.raise_level() == Reservoir("will", 2, 2)
    assert will.raise_level(refill=False) == Reservoir("will", 1, 2)


def test_a_sheet_holds_reservoirs_beyond_its_stats(ruleset):
    sheet = BRICK_WITH + "rations 2/3\nrope 1/1\n"
    character, problems = read(ruleset, sheet)
    assert problems == []
    assert character.reservoirs == {
        "rations": Reservoir("rations", 2, 3),
        "rope": Reservoir("rope", 1, 1),
    }
    assert set(character.stats) == {"strength", "dexterity", "will"}


def test_a_reservoir_over_its_level_on_a_sheet_is_an_error_at_its_place(ruleset):
    _, problems = read(ruleset, BRICK_WITH + "rations 4/3\n")
    assert problems == ["10:1: rations holds 4 of at most 3: a reservoir holds 0 to its level"]


def test_a_stat_written_name_first_is_an_error_saying_how_to_write_it(ruleset):
    _, problems = read(ruleset, BRICK_WITH.replace("3/3 DEX", "DEX 3/3"))
    assert problems == ["8:1: DEX is a stat: write it points first, 3/3 DEX"]
