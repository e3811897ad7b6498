"""The character sheet, a ``.character`` file: its layout and its creation rules are the text's
``sheet "character"`` (``ruleset.rules``), read by ``dsl.sheets``; ``chronicler check
brick.character`` tells each problem at its file:line:column. ``Character`` is that sheet as the
table reads it (``dsl.contract.Sheet``), its entries by the names the text gives them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dsl.diagnostics import Diagnostics
from dsl.sheets import Ranked, Reservoir, Sheet, Tag, layout_of, load_sheet


@dataclass(frozen=True)
class Character:
    sheet: Sheet

    name = property(lambda self: self.sheet.title["name"])
    background = property(lambda self: self.sheet.title.get("background", ""))
    skills = property(lambda self: self.sheet.ranks)
    highest_skill = property(lambda self: self.sheet.highest)

    @property
    def stats(self) -> dict[str, Reservoir]:
        return self.sheet.held.get("stats", {})

    @property
    def reservoirs(self) -> dict[str, Reservoir]:
        return self.sheet.held.get("reservoirs", {})

    @property
    def schemes(self) -> list[Tag]:
        return self.sheet.tags.get("schemes", [])

    @property
    def inventory(self) -> list[Tag]:
        return self.sheet.tags.get("inventory", [])

    def skill(self, name: str) -> Ranked | None:
        return self.sheet.rank(name)


def check_character_file(path: Path, ruleset: Any, d: Diagnostics) -> Character | None:
    sheet = layout_of(ruleset, ".character").read_file(path, ruleset, d)
    return Character(sheet) if sheet is not None else None


def load_character(path: Path, ruleset: Any) -> Character:
    return Character(load_sheet(path, ruleset, ".character"))
