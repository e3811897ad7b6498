"""A designer's new cards that must not check (issue 14, second round): each is refused at its
place with a reason, never compiled into a text that runs and does something else."""

from __future__ import annotations

from pathlib import Path

import pytest
from six_winters_table import run_fixture_text

BAD = """ruleset "six-winters"

fixture "What the engine cannot honour is told at check time"
  cards:
    ability "Borrowed Time" {
      Play: Until the end of the turn, each trade costs 0 action points.
    }
    asset "Lucky Charm" {
      number 973
      tags Gear
      skill edge · points 1
      recipe any
      Exhaust: Instead of placing a threat, gain 1 action point.
    }
    asset "Morning Dew" {
      number 977
      tags Gear
      skill edge · points 1
      recipe any
      Refresh: Instead of placing a threat, gain 1 action point.
    }
    asset "Winter Cloak" {
      number 974
      tags Gear
      skill edge · points 1
      recipe any
      Winter end: Gain 1 action point.
    }
    ability "Six Sixes" {
      Play: Set a sorcery at this location to 7.
    }
    obstacle "Port Toll" {
      number 975 · skill charm · difficulty 3 · points 1
      stress psyche
      enters Urban
      tags Issue
      Port moves cost 2 action points.
    }
    obstacle "Swift Mob" {
      number 978 · skill charm · difficulty 3 · points 1
      stress psyche
      enters Urban
      tags Issue
      Threat: Instead of moving this obstacle, gain 1 action point.
    }
    ability "Lost Thread" {
      Play: Archive it.
    }
    ability "Other Dice" {
      Play: Set each other sorcery at this location to 3.
    }
    event "Levy Ban" {
      tags Event
      May not muster.
    }
    obstacle "Road Block" {
      number 983 · skill steel · difficulty 3 · points 1
      stress body
      enters Urban
      tags Foe
      May not move at this location.
    }
    ability "Mirror the Drill" {
      Play: Set a military at this location to the value of a stability at this location.
    }
    ability "Battle Lines" {
      Play: Each character gains 1 action point for each Foe obstacle at their location.
    }
  table:
    character Parin at "Giant's Gate"
  run: nothing
"""


def test_cards_the_engine_cannot_honour_are_check_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, code, told = run_fixture_text(tmp_path, capsys, BAD)
    assert code == 1
    assert (
        f"{path}:6:13: error: 'Until the end of the turn, each trade' gives a duration, and a "
        "change of what an action costs has none" in told
    )
    assert (
        f"{path}:13:16: error: 'Instead of placing a threat' is under \"Exhaust\", which the "
        "player uses" in told
    )
    assert (
        f"{path}:20:16: error: 'Instead of placing a threat' is never asked on \"Refresh\": "
        'the engine replaces place only under "Threat"' in told
    )
    assert f'{path}:27:7: error: an asset is never told of "Winter end"' in told
    assert f"{path}:30:47: error: a die face is 1 to 6, not 7" in told
    assert (
        f"{path}:37:7: error: 'Port moves cost 2 action points' changes what port move costs, "
        "which the engine honours on event cards only, not on an obstacle" in told
    )
    assert (
        f"{path}:44:15: error: 'Instead of moving this obstacle' is never asked on \"Threat\": "
        "the engine never replaces move" in told
    )
    assert f"{path}:47:13: error: 'it' names nothing here: no phrase before it found" in told
    assert f"{path}:50:17: error: 'other' sets this card (or you) apart from other cards" in told
    assert (
        f"{path}:54:7: error: 'May not muster' would not hold: the engine forbids muster "
        "outright only at this location, on obstacle and location cards" in told
    )
    assert (
        f"{path}:61:7: error: 'May not move at this location' would not hold: the engine never "
        "forbids move outright" in told
    )
    assert f"{path}:64:48: error: a number read from the table follows 'equal to'" in told
    assert f"{path}:67:74: error: 'their location' is not a place the language knows" in told
    assert "Traceback" not in told


FIXTURE = Path(__file__).parent / "fixtures" / "designer_cards.fixture"

PRINTED = {
    # a place after what a superlative counts is where the candidates are
    "Weakest Link": "Play: Place 2 progress on the obstacle with the fewest hindrances at this "
    "location.",
    "Ease the Worst": "Play: Remove a threat from the location with the most threats in this "
    "region.",
    # the card's kind as written, and the verb agreeing with "another"
    "Hold the Gate": "Epilogue: Each character in this scene gains 1 initiative die.",
    "Sharp Words": "Play: Another character at this location loses 1 psyche.",
    # "it" in an Instead-of sentence is what the replaced action acts on
    "Stubborn Mule": "Threat: Instead of discarding this obstacle, place a hindrance on this "
    "obstacle.",
}


def test_the_new_cards_print_what_they_bind_to() -> None:
    """The printed face of a card is its bound meaning: these read as their authors meant."""
    from dsl.behaviour import compile_fixture, parse_fixtures
    from dsl.diagnostics import Diagnostics
    from dsl.loader import ruleset_dir

    _, fixtures, _ = parse_fixtures(FIXTURE.read_text(), str(FIXTURE))
    printed: dict[str, str] = {}
    for fixture in fixtures:
        names = [n for n in PRINTED if f'"{n}" {{' in fixture.cards and n not in printed]
        if not names:
            continue
        d = Diagnostics()
        compiled = compile_fixture(fixture, str(FIXTURE), ruleset_dir("six-winters"), d)
        assert compiled is not None, d.render()
        for name in names:
            printed[name] = compiled.card(name).abilities[0].text
    assert printed == PRINTED
