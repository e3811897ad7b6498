"""The walk-through in docs/first-card.md works as written."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from dsl_testing import ROOT

from journal.cli import main


def write_files(into: Path) -> None:
    """Each code block starting with ``# file: NAME`` becomes that file (later blocks win)."""
    text = (ROOT / "docs" / "first-card.md").read_text()
    for block in re.findall(r"```\w*\n(.*?)```", text, flags=re.S):
        first = block.partition("\n")[0]
        if first.startswith("# file: "):
            (into / first.removeprefix("# file: ").strip()).write_text(block)


def test_the_first_card_checks_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_files(tmp_path)
    assert main(["check", str(tmp_path)]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().err


def test_the_misspelt_tag_gives_the_documented_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_files(tmp_path)
    relics = tmp_path / "relics.rules"
    relics.write_text(relics.read_text().replace("tags Beast", "tags Beest"))
    assert main(["check", str(tmp_path)]) == 1
    assert "relics.rules:4:8: error: unknown card tag 'Beest'; did you mean 'Beast'?" in (
        capsys.readouterr().err
    )


def test_the_first_card_runs_and_asks_which_monster(tmp_path: Path) -> None:
    write_files(tmp_path)
    spec = importlib.util.spec_from_file_location("try_it", tmp_path / "try_it.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    question, events = module.run(tmp_path)
    assert question.kind == "choose_target" and len(question.options) == 2
    assert events == [("placed", {"what": "progress", "on": {"name": "Bog Wight"}})]
