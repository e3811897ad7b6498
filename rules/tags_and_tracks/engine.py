"""The Tags and Tracks engine's public API: the ruleset, the roll, the character sheet."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dsl.loader import load_ruleset as _load

from .roll import Roll, new_roll

RULES_DIR = Path(__file__).parent


@cache
def _cached(folder: str) -> Any:
    return _load(folder)


def load_ruleset(folder: str | Path = RULES_DIR) -> Any:
    """The ruleset compiled from a folder's text (the shipped one by default)."""
    return _cached(str(folder))


__all__ = ["RULES_DIR", "Roll", "load_ruleset", "new_roll"]
