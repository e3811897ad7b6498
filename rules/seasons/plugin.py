"""Seasons as the registry finds it: the folder's text, played by the world engine's plugin
(``rules/text``) under the name ``seasons`` (the entry point of ``chronicler.rulesets`` in
``pyproject.toml``), with the bots of ``bots.py`` beside the world engine's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dsl.contract import Ruleset
from rules.text.plugin import RULESET as TEXT


@dataclass(frozen=True)
class Plugin:
    name: str = "seasons"
    folder: Path = Path(__file__).resolve().parent
    primitives: str | None = "rules.seasons.primitives"

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        return TEXT.bind(name, folder, shipped=shipped)


RULESET = Plugin()
