"""What several journal tests share and import by name (not from ``conftest``: other test
folders have a conftest too, and ``from conftest import`` would pick whichever was imported
first)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from journal.db import Journal


def sqlite_only(journal: Journal) -> Path:
    """The journal's file; skips the PostgreSQL run of a test that needs one."""
    if journal.path is None:
        pytest.skip("needs a SQLite journal file")
    return journal.path


@dataclass
class Ran:
    code: int
    out: str
    err: str
