"""The migrations go down as well as up: on an empty journal, 0007 (the one ledger), 0006 (the
drawn scheme) and 0005 (the ruleset-neutral rows beside Six Winters' tables) downgrade to 0004
and upgrade again.
(A journal the last release made migrates with every row and page kept:
``test_last_release.py``; one of the first schema: ``test_models.py``.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command

from journal.db import _sqlite_engine, alembic_config, open_journal

OLD_TABLES = {"story_session", "story_scene", "mechanic_record", "sheet_version", "track"}
NEW_TABLES = {"session", "entry", "six_winters_campaign", "year_scene"}  # and the new "scene"


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        return {row[0] for row in rows}


def revision(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])


def test_0007_to_0005_downgrade_to_0004_and_back(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.db"
    open_journal(path).close()
    engine = _sqlite_engine(path)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0005")
    assert revision(path) == "0005" and tables(path) >= OLD_TABLES
    assert not NEW_TABLES & tables(path) and "scene" in tables(path)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0004")
    assert revision(path) == "0004" and not (OLD_TABLES | NEW_TABLES) & tables(path)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    engine.dispose()
    assert tables(path) >= NEW_TABLES and not OLD_TABLES & tables(path)
