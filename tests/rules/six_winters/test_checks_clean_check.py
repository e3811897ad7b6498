"""Cards that checked clean and would do something else (issue 32): each is refused at its
place with a reason. What the fixed forms do is held in ``fixtures/checks_clean.fixture``."""

from __future__ import annotations

from pathlib import Path

import pytest
from six_winters_table import run_fixture_text

UP_TO = """ruleset "six-winters"

fixture "Up to N where the verb cannot ask how many"
  cards:
    ability "Spend Freely" {
      Play: Spend up to 2 military at this location.
    }
    asset "Long Road" {
      number 992
      tags Gear
      skill edge · points 1
      recipe any
      Exhaust: Draw up to 2 obstacles.
    }
  table:
    character Parin at "Giant's Gate"
  run: nothing
"""


def test_up_to_on_a_verb_that_cannot_ask_how_many_is_a_check_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, code, told = run_fixture_text(tmp_path, capsys, UP_TO)
    assert code == 1
    assert (
        f"{path}:6:19: error: verb 'spend' cannot ask how many here: 'up to 2' would act on 2 "
        "without asking (write a number)" in told
    )
    assert f"{path}:13:21: error: verb 'draw' cannot ask how many here" in told


DIAGNOSTICS = """ruleset "six-winters"

fixture "What designers met, told where the problem is"
  cards:
    ability "Crowded Place" {
      Play: Place a threat on the location with more threats.
    }
    ability "Weakest Body" {
      Play: The character with the lowest Wilderness at this location loses 1 psyche.
    }
    event "Imperial Edict" {
      tags Event
      May not trade in the Empire.
    }
    event "Toll Roads" {
      tags Event
      Each trade costs 1 more action point.
    }
  table:
    character Parin at "Giant's Gate"
  run: nothing
"""


def test_the_diagnostics_designers_met_point_at_the_real_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, code, told = run_fixture_text(tmp_path, capsys, DIAGNOSTICS)
    assert code == 1
    # a comparative where a superlative picks: the form to write, not a word that looks alike
    assert (
        f"{path}:6:49: error: unknown word 'more'; to pick the one with more, write 'with the "
        "most ...'" in told
    )
    assert "did you mean 'lore'" not in told
    # the subject's own problem ("lowest" of a tag), not "no declared verb" at "The"
    assert (
        f"{path}:9:43: error: 'with the lowest' compares a skill, a stress or a counter, not "
        "location tag 'Wilderness': write 'the character with the lowest <skill>'" in told
    )
    assert "no declared verb" not in told
    # the restriction as written
    assert f"{path}:13:7: error: 'May not trade in the Empire' would not hold" in told
    # a relative cost: what to write instead, not "did you mean" the word written
    assert (
        f"{path}:17:26: error: a change of what trade costs gives the whole cost, not '1 more': "
        "write 'Each trade costs 2 action points'" in told
    )


PRINTS = {
    # stress is a mass noun: "3 body", never "3 bodies"
    "Each character at this location loses 3 body. Lose 2 psyche.": (
        "Each character at this location loses 3 body. Lose 2 psyche."
    ),
    # a bare noun converted into stays bare: "to progress", not "to a progress"
    "Convert 2 hindrance on an obstacle at this location to progress.": (
        "Convert 2 hindrances on an obstacle at this location to progress."
    ),
    # the card's own words: "This does not", not "This card does not"
    "Place a threat at this location. This does not cause a surge.": (
        "Place a threat at this location. This does not cause a surge."
    ),
}


def test_cards_print_what_their_source_says() -> None:
    from dsl.diagnostics import Diagnostics
    from dsl.loader import Source, check_sources, read_sources, ruleset_files
    from dsl.printer import effect_text
    from rules.six_winters import engine

    folder = Path(engine.RULES_DIR)
    sources, _ = read_sources(ruleset_files(folder))
    text = "".join(
        f'ability "Printed {n}" {{\n  Play: {written}\n}}\n' for n, written in enumerate(PRINTS)
    )
    sources.append(Source("printed.rules", text))
    d = Diagnostics()
    checked = check_sources(sources, str(folder), d)
    assert not d.errors, d.render()
    cards = {c.name: c for c in checked.cards}
    printed = {
        written: effect_text(cards[f"Printed {n}"].effects[0], checked.vocabulary)
        for n, written in enumerate(PRINTS)
    }
    assert printed == {written: f"Play: {face}" for written, face in PRINTS.items()}
