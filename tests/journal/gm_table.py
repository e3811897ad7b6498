"""A Tags and Tracks campaign at the table, through the command line: the fixture the GM's
tests share, and what they read back from the journal."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import func, select

from journal.db import open_journal
from journal.models import MechanicRecord, SheetVersion
from journal.tables import payloads as p
from journal.tables import story

ROOT = Path(__file__).resolve().parents[2]
BRICK = str(ROOT / "rules" / "tags_and_tracks" / "examples" / "brick.character")


def sheet(journal_path: Any, name: str = "Brick") -> p.Sheet:
    with open_journal(journal_path, create=False) as journal, journal.reading() as s:
        campaign, _ = story.story_campaign(s, "Salt Roads")
        return story.current_sheet(s, campaign, name)[1]


def counts(journal_path: Any) -> tuple[int, int]:
    with open_journal(journal_path, create=False) as journal, journal.reading() as s:
        records = s.exec(select(func.count()).select_from(MechanicRecord)).one()
        sheets = s.exec(select(func.count()).select_from(SheetVersion)).one()
        return int(records), int(sheets)


def refused(done: Any) -> str:
    assert done.code != 0
    assert "Traceback" not in done.err + done.out
    lines = [line for line in done.err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), done.err
    return lines[0]


class Terminal(io.StringIO):
    """What a person types at a terminal: the verbs ask only when their input is one."""

    def isatty(self) -> bool:
        return True


def typed(monkeypatch: pytest.MonkeyPatch, text: str, *, terminal: bool = True) -> None:
    """The standard input for the next command: ``text``, at a terminal or piped."""
    monkeypatch.setattr(sys, "stdin", Terminal(text) if terminal else io.StringIO(text))
