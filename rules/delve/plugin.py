"""Delve as the registry finds it: the folder's text, read by the world engine's plugin
(``rules/text``) under the name ``delve`` (the entry point of ``chronicler.rulesets`` in
``pyproject.toml``). No Python of its own: what the text cannot say yet is in ``STATUS.md``."""

from __future__ import annotations

from pathlib import Path

from rules.text.plugin import Plugin

RULESET = Plugin(name="delve", folder=Path(__file__).resolve().parent)
