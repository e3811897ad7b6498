"""Shared fixture for the per-card tests: the ruleset compiled from rules/six_winters/*.rules."""

import pytest

from rules.six_winters import engine
from rules.six_winters.cards import Ruleset


@pytest.fixture(scope="session")
def cards() -> Ruleset:
    """The real card text, compiled."""
    return engine.load_ruleset()
