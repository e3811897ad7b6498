"""The real card text: every ruleset under rules/ parses, and checks clean once it is done."""

from __future__ import annotations

from pathlib import Path

import pytest
from dsl_testing import ROOT

from dsl.loader import check_ruleset
from dsl.parser import parse_text

RULESETS = sorted(p for p in (ROOT / "rules").iterdir() if p.is_dir() and any(p.glob("*.rules")))


@pytest.mark.parametrize("folder", RULESETS, ids=lambda p: p.name)
def test_every_rules_file_parses(folder: Path) -> None:
    for path in sorted(folder.glob("*.rules")):
        _, diagnostics = parse_text(path.read_text(), str(path))
        assert diagnostics == [], "\n".join(d.headline() for d in diagnostics)


@pytest.mark.parametrize("folder", RULESETS, ids=lambda p: p.name)
def test_ruleset_checks_clean(folder: Path) -> None:
    diagnostics = check_ruleset(folder).diagnostics
    if diagnostics.errors:
        # The card text is still being written; language-notes.md lists what it departs from.
        pytest.xfail("\n".join(d.headline() for d in diagnostics.errors[:10]))
    assert diagnostics.warnings == []
