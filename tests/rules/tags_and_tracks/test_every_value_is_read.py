"""Every number the seed states is a declared value in the text, and the Python reads each one
it says it reads (``values_read``): the warning of ``chronicler check`` rests on that list."""

from __future__ import annotations

import re
from pathlib import Path

from dsl.world.measures import values_read
from rules.tags_and_tracks import primitives

PACKAGE = Path(primitives.__file__).parent


def test_every_value_the_python_says_it_reads_is_read_by_its_name():
    code = ""
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name == "primitives.py":
            text = text.split("values_read: dict[str, str] = {")[0]  # not the list itself
        code += text
    read = set(re.findall(r'values\["([^"]+)"\]|value\(\w+, "([^"]+)"\)', code))
    names = {a or b for a, b in read}
    assert set(primitives.values_read) == names


def test_every_declared_value_is_read_by_the_python_or_by_the_text(ruleset):
    by_text = {name for check in ruleset.checks.values() for name in check.values}
    # check "Roll" reads them: its hits, its last die, the cuts a hindrance makes and what
    # stat points buy
    assert by_text == {
        "hit on",
        "pips per cut on last die",
        "cuts per consequence level",
        "raise die cost",
        "extra die cost",
    }
    # the hits' payment and the consequences' levels read theirs
    by_text |= values_read(ruleset.vocabulary.world.measures.values())
    assert {"offset hit cost", "fatal consequence"} <= by_text
    # and the stat raises theirs (the stat cap)
    assert "stat max per skill level" in by_text
    # the character sheet's creation rules read theirs
    by_sheet = ruleset.vocabulary.sheets[".character"].values()
    assert by_sheet == {"root skill level", "stat start", "creation xp", "stat raise cost"}
    by_text |= by_sheet
    assert set(ruleset.values) == set(primitives.values_read) | by_text
