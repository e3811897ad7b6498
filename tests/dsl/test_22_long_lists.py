"""A long list in a sentence is read in time proportional to its length, and a list too deep to
read is a diagnostic, not a crash.

The work is counted, not timed: the lines of Python run to check a card whose sentence lists
n things, for n, 2n and 4n. Read linearly, doubling the list doubles the added work; read
again whole at each item (as ``is_dice`` once lexed the phrase so far at every "with"),
doubling it four-folds it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from dsl.diagnostics import Diagnostics
from dsl.loader import Source, check_sources

RULESET = """\
ruleset "Chains" version "1"
primitives "chain_primitives"
resources are d6 dice kept at places: ember, frost
tokens are pieces placed on cards: progress
location tags are tags of locations: Forest
card kinds are kinds of cards: relic, location
locations are places
kind relic {
  points int 0..
}
kind location {
  tags location tags
}
verb place -> place
trigger "Exhaust" activated for relic
"""

PRIMITIVES = """\
from typing import Any
from dsl.runtime import creates

@creates("object")  # what it places is made, then put where it goes
def place(ctx: Any, object: Any, on: Any = None, at: Any = None) -> None:
    pass
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "ruleset.rules").write_text(RULESET, encoding="utf-8")
    (tmp_path / "chain_primitives.py").write_text(PRIMITIVES, encoding="utf-8")
    return tmp_path


def check_card(folder: Path, sentence: str) -> Diagnostics:
    card = f'relic "Chain" {{\n  points 1\n  Exhaust: {sentence}\n}}\n'
    sources = [Source("ruleset.rules", RULESET), Source("chain.rules", card)]
    diagnostics = Diagnostics()
    check_sources(sources, str(folder), diagnostics)
    return diagnostics


def lines_run(folder: Path, sentence: str) -> int:
    """How many lines of Python checking the card runs."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        check_card(folder, sentence)
    finally:
        sys.settrace(None)
    return count


LISTS: dict[str, Callable[[int], str]] = {
    "things with a token": lambda n: "Place " + " and ".join(["ember with progress"] * n)
    + " at this location.",
    "each card with a thing": lambda n: "Place "
    + " and ".join(["each location with ember"] * n)
    + " at this location.",
    "words joined by and": lambda n: "Place " + " and ".join(["ember"] * n) + ".",
    "things joined by and": lambda n: "Place " + " and ".join(["an ember"] * n) + ".",
    "things joined by commas": lambda n: "Place " + ", ".join(["an ember"] * n) + " and a frost.",
    "one thing with many": lambda n: "Place an ember with " + " and ".join(["a progress"] * n)
    + ".",
}  # fmt: skip


@pytest.mark.parametrize("form", list(LISTS))
def test_checking_a_list_twice_as_long_takes_twice_the_work(folder: Path, form: str) -> None:
    sentence = LISTS[form]
    lines_run(folder, sentence(2))  # the ruleset's own text, read once and kept
    work = [lines_run(folder, sentence(n)) for n in (40, 80, 160)]
    first, second = work[1] - work[0], work[2] - work[1]
    assert second <= 2.3 * first, f"{form}: {work}"


def test_a_list_nested_hundreds_deep_is_a_diagnostic(folder: Path) -> None:
    # "a relic with a progress and a relic with ...": each "and a" describes the relic before
    nested = "Place a progress on " + " and ".join(["a relic with a progress"] * 2000) + "."
    diagnostics = check_card(folder, nested)
    (error,) = diagnostics.errors
    assert error.message == "sentence nested too deeply to read: split it"
    assert (error.span.file, error.span.line) == ("chain.rules", 3)
