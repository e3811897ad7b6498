"""Paths and helpers the card-language tests share (a module of its own: tests/journal has a
conftest too, and ``from conftest import`` would pick whichever was imported first)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
TOY = FIXTURES / "toy"
ROOT = HERE.parent.parent


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
