"""Delve as the registry finds it: the folder's text, read by the world engine's plugin
(``rules/text``) under the name ``delve`` (the entry point of ``chronicler.rulesets`` in
``pyproject.toml``). No Python of its own: what the text cannot say yet is in ``STATUS.md``.

A GM runs Delve: no bot plays it and nothing simulates it (``engine``, ``bots`` and
``playtest`` are ``None``, as for Tags and Tracks), so ``chronicler play delve`` is refused in
one line rather than playing an empty world. Its expeditions are kept in the journal by
``journal/delve`` (the checks a table makes, recorded one entry each)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from dsl.contract import Ruleset, SitePages, TableVerb, TableWork
from rules.text.plugin import RULESET as TEXT

# The table companion's verbs (journal/delve/commands.py) and the entries they keep.
VERBS = (TableVerb(("delve",), TableWork.ROLL),)
ENTRIES = (
    "delve joined",
    "delve check",
    "delve re-roll",
    "delve encounter",
    "delve expedition",
)


@dataclass(frozen=True)
class Plugin:
    name: str = "delve"
    folder: Path = Path(__file__).resolve().parent
    primitives: str | None = None

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        text = TEXT.bind(name, folder, shipped=shipped)
        journal = replace(
            text.journal,
            table="Delve table",
            verbs=VERBS,
            entries=ENTRIES,
            keeper="journal.delve",
            site=SitePages.EXPEDITION,
        )
        return replace(text, engine=None, bots=None, playtest=None, journal=journal)


RULESET = Plugin()
