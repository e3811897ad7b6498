"""Six Winters v19.7 as the registry finds it: the folder's text, read by the world engine's
plugin (``rules/text``) under the name ``six-winters-v19`` (the entry point of
``chronicler.rulesets`` in ``pyproject.toml``). No Python of its own yet: what the text cannot
say is in ``STATUS.md``.

The edition's procedure is not written yet, so nothing plays or simulates it (``engine``,
``bots`` and ``playtest`` are ``None``, as for Delve): ``chronicler play six-winters-v19`` is
refused in one line rather than playing an empty world."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from dsl.contract import Ruleset
from rules.text.plugin import RULESET as TEXT


@dataclass(frozen=True)
class Plugin:
    name: str = "six-winters-v19"
    folder: Path = Path(__file__).resolve().parent
    primitives: str | None = None

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        text = TEXT.bind(name, folder, shipped=shipped)
        return replace(text, engine=None, bots=None, playtest=None)


RULESET = Plugin()
