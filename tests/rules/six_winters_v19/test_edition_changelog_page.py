"""The page "From v19.7 to v25.1" (docs/rulesets/six-winters-v19-to-v25.md) shows what the two
folders say: its generated part is what ``rules.text.changelog`` makes of them now. When either
text changes, ``python -m rules.text.changelog rules/six_winters_v19 rules/six_winters --write
docs/rulesets/six-winters-v19-to-v25.md`` brings the page up to date."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from rules.text.changelog import BEGIN, END, changelog, procedure, replace_in, values

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "rulesets" / "six-winters-v19-to-v25.md"
V19 = ROOT / "rules" / "six_winters_v19"
V25 = ROOT / "rules" / "six_winters"


def test_the_page_shows_what_the_two_folders_say_now() -> None:
    page = PAGE.read_text(encoding="utf-8")
    generated = changelog(V19, V25)
    assert BEGIN in page and END in page
    assert replace_in(page, generated) == page, "regenerate the page (this module's docstring)"


def test_the_page_sets_the_two_procedures_side_by_side_step_by_step() -> None:
    page = PAGE.read_text(encoding="utf-8")
    # the turn both editions play: its action phase, worded the same in both texts
    assert (
        "| Actions | Players act in any order until all pass | Players act in any order until "
        "all pass | same |" in page
    )
    assert "### Session End" in page and "### Turn" in page


def _ruleset(version: str, steps: dict[str, str], declared: dict[str, int]) -> SimpleNamespace:
    phase = SimpleNamespace(
        name="Turn", steps=[SimpleNamespace(title=t, text=x) for t, x in steps.items()]
    )
    return SimpleNamespace(
        version=version,
        name="A game",
        procedure=SimpleNamespace(phases={"turn": phase}),
        values=declared,
    )


def test_a_step_and_a_value_are_same_changed_added_or_removed() -> None:
    old = _ruleset("1", {"Draw": "Draw a card.", "Rest": "Gain 1 life."}, {"hand": 5, "gone": 1})
    new = _ruleset(
        "2",
        {"Draw": "Draw two cards.", "Rest": "Gain 1 life.", "Buy": "Buy."},
        {"hand": 5, "new": 2},
    )
    steps = "\n".join(procedure(old, new))
    assert "| Draw | Draw a card. | Draw two cards. | changed |" in steps
    assert "| Rest | Gain 1 life. | Gain 1 life. | same |" in steps
    assert "| Buy | - | Buy. | added |" in steps
    table = "\n".join(values(old, new))
    assert "| hand | 5 | 5 | same |" in table
    assert "| gone | 1 | - | removed |" in table
    assert "| new | - | 2 | added |" in table


def test_a_page_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="markers"):
        replace_in("# A page\n", changelog(V19, V25))
