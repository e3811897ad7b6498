"""Helpers for the Tags and Tracks tests: the shipped ruleset and a roll answered in order."""

from __future__ import annotations

from typing import Any

import pytest

from rules.tags_and_tracks.engine import load_ruleset, new_roll


@pytest.fixture(scope="session")
def ruleset() -> Any:
    return load_ruleset()


def roll(ruleset: Any, dice: list[int], answers: list[str] = (), **kw: Any) -> Any:  # type: ignore[assignment]
    """A roll with scripted dice, given ``answers`` in order, then "done" / "pass" to the end."""
    game = new_roll(ruleset, dice=dice, **kw)
    for answer in answers:
        assert game.pending() is not None, f"the roll ended before {answer!r}"
        game.apply(answer)
    while (decision := game.pending()) is not None:
        game.apply("done" if "done" in decision.options else "pass")
    return game


def kinds(game: Any) -> list[str]:
    return [str(e.kind) for e in game.events]


def read(ruleset: Any, text: str) -> tuple[Any, list[str]]:
    """A sheet read from ``text``, and its problems as "line:column: message"."""
    from dsl.diagnostics import Diagnostics
    from dsl.sheets import layout_of

    d = Diagnostics()
    character = layout_of(ruleset, ".character").read(text, "brick.character", ruleset, d)
    return character, [f"{x.span.line}:{x.span.column}: {x.message}" for x in d.sorted()]
