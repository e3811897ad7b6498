"""Shared helpers for the card-language tests: the toy ruleset and how to check snippets with it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # toyhost.py, dsl_testing.py

from dsl_testing import TOY  # noqa: E402


@pytest.fixture(scope="session")
def toy_ruleset():  # type: ignore[no-untyped-def]
    from dsl.loader import load_ruleset

    return load_ruleset(TOY)
