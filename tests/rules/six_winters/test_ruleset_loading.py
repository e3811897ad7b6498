"""The game runs from the card text: text that does not compile is an error, never replaced."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dsl.errors import ChroniclerError
from rules.six_winters import engine


def test_card_text_that_does_not_compile_is_an_error_naming_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "six_winters"
    shutil.copytree(engine.RULES_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    assets = folder / "assets.rules"
    text = assets.read_text()
    assets.write_text(text.replace("Exhaust: Roll and place", "Exhaust: Rol and place", 1))
    with pytest.raises(ChroniclerError) as raised:
        engine.load_ruleset(folder)
    message = str(raised.value)
    assert "assets.rules:" in message
    assert "Rol" in message


def test_the_compiled_ruleset_is_the_card_text() -> None:
    ruleset = engine.load_ruleset()
    assert "Whisper Drip" in ruleset.assets
    assert ruleset.assets["Whisper Drip"].points == 3
