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
