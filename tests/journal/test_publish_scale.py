"""Publishing grows with the text: a narration twice as long is twice the work to render.

The work is counted, not timed (the lines of Python run to turn a narration into the page's
cleaned and linked HTML), for narrations of n, 2n and 4n pieces of each kind: doubling a
linear renderer's input doubles the added work; Python-Markdown 3.11 scanned the whole
paragraph again after every link, four-folding it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from journal.website.sanitize import linked, narration_html

PAGES = {"Parin": "characters/parin.html", "Boar's Rift": "cards.html#boar"}

NARRATIONS: dict[str, Callable[[int], str]] = {
    "links": lambda n: "[a](https://example.org/b)" * n,
    "links named": lambda n: "Parin went to [Boar's Rift](https://example.org). " * n,
    "brackets left open": lambda n: "[" * n,
    "brackets nested": lambda n: "[" * n + "]" * n,
    "emphasis": lambda n: "*a" * n,
    "code spans": lambda n: "`a" * n,
    "links left open": lambda n: "[](" * n,
    "raw html": lambda n: "<a" * n,
    "paragraphs": lambda n: "Parin *walks* on.\n\n" * n,
}


def lines_run(source: str) -> int:
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        linked(narration_html(source), PAGES)
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize("kind", list(NARRATIONS))
def test_a_narration_twice_as_long_is_twice_the_work(kind: str) -> None:
    narration = NARRATIONS[kind]
    lines_run(narration(2))  # the renderer's own start-up, once
    work = [lines_run(narration(n)) for n in (200, 400, 800)]
    first, second = work[1] - work[0], work[2] - work[1]
    assert second <= 2.3 * first, f"{kind}: {work}"
