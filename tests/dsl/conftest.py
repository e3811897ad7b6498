"""Shared helpers for the card-language tests: the toy ruleset and how to check snippets with it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
TOY = FIXTURES / "toy"
ROOT = HERE.parent.parent

sys.path.insert(0, str(HERE))  # toyhost.py


@pytest.fixture(scope="session")
def toy_ruleset():  # type: ignore[no-untyped-def]
    from dsl.loader import load_ruleset

    return load_ruleset(TOY)


def check_with_toy(text: str, name: str = "snippet.rules") -> str:
    """Check a snippet together with the toy vocabulary; the rendered diagnostics of the snippet."""
    from dsl.diagnostics import Diagnostics
    from dsl.loader import Source, check_sources

    sources = [
        Source("toy/ruleset.rules", (TOY / "ruleset.rules").read_text()),
        Source("toy/cards.rules", (TOY / "cards.rules").read_text()),
        Source(name, text),
    ]
    diagnostics = Diagnostics()
    check_sources(sources, str(TOY), diagnostics)
    return diagnostics.render()
