"""Six Winters v19.7 as the registry finds it: the folder's text, read by the world engine's
plugin (``rules/text``) under the name ``six-winters-v19`` (the entry point of
``chronicler.rulesets`` in ``pyproject.toml``). No Python of its own yet: what the text cannot
say is in ``STATUS.md``.

Its procedure is text (``procedure.rules``): the world engine plays a session of it, its random
bot included (``chronicler play six-winters-v19 --seed 1``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dsl.contract import Ruleset
from rules.text.plugin import RULESET as TEXT


@dataclass(frozen=True)
class Plugin:
    name: str = "six-winters-v19"
    folder: Path = Path(__file__).resolve().parent
    primitives: str | None = None

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        return TEXT.bind(name, folder, shipped=shipped)


RULESET = Plugin()
