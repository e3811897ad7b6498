"""The new card forms of issue 14 either bind to what the runtime honours or do not check:
each misuse is a diagnostic at its place, never a text that runs and does something else."""

from __future__ import annotations

from pathlib import Path

import pytest
from six_winters_table import run_fixture_text

BAD = """ruleset "six-winters"

fixture "Misused forms are told at check time"
  cards:
    ability "Overcome It" {
      Play: Overcome an obstacle at this location.
    }
    ability "Most Threat" {
      Play: Remove the threat with the most dice.
    }
    ability "Value of a Place" {
      Play: Gain action points equal to the value of a location at this location.
    }
    ability "Colour" {
      Play: Gain action points equal to its colour.
    }
    ability "Highest Dice" {
      Play: Place a threat on the location with the highest dice.
    }
    obstacle "Half Either" {
      number 905 · skill lore · difficulty 3 · points 1
      stress body
      enters either Keep
      tags Foe
    }
  table:
    character Parin at "Giant's Gate"
  run: nothing
"""


def test_misused_new_forms_are_check_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, code, told = run_fixture_text(tmp_path, capsys, BAD)
    assert code == 1
    assert f"{path}:6:13: error: a card may only forbid 'overcome'" in told
    assert "'with the most' picks among cards (a location, a character ...), not threat" in told
    assert "a value is a die's, not a location's" in told
    assert "read a number here: 'its <field>'" in told
    assert "'with the highest' compares a skill, a stress or a counter" in told
    assert "write 'either A or B': two or more places joined by 'or'" in told
    assert "Traceback" not in told


NOTHING = """ruleset "six-winters"

fixture "Text that could never find anything does not check"
  cards:
    ability "Wrong This" {
      Play: Discard this asset.
    }
    ability "Wrong Pile" {
      Play: Archive an obstacle from the asset discard.
    }
    ability "Add Anything" {
      Play: Add a Foe obstacle at this location.
    }
    ability "Burn a Point" {
      Play: Burn an action point.
    }
    ability "This From There" {
      Play: Burn this card from the staging area.
    }
    ability "Place From Pile" {
      Play: Flip a location from the asset discard.
    }
    event "Dear Crafts" {
      tags Issue
      Crafting costs 3 psyche.
      Narrating costs 1.
    }
  table:
    character Parin at "Giant's Gate"
  run: nothing
"""


def test_text_that_can_never_find_anything_is_a_check_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, code, told = run_fixture_text(tmp_path, capsys, NOTHING, "nothing.fixture")
    assert code == 1
    assert "'this asset' on an ability names nothing: this card is an ability" in told
    assert "the asset discard holds asset cards, not obstacle cards" in told
    assert "verb 'add' acts on cards named in quotes" in told
    assert "verb 'burn' acts on" in told and "not a counter" in told
    assert "'this' names this very card, wherever it is: 'from ...' after it would be" in told
    assert "the asset discard holds asset cards, not location cards" in told
    assert "craft is paid in initiative dice: the engine cannot make it cost psyche" in told
    assert "'Narrating' is not an action whose cost a card may change" in told
    assert "Traceback" not in told
