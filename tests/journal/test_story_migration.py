"""Migration 0005 makes the journal ruleset-neutral beside the Six Winters tables: a journal made
at 0004 opens, migrates, and publishes exactly the pages it published before."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from fakes import fake_catalogue, play_campaign

from journal.db import Journal, _sqlite_engine, alembic_config, head_revision, open_journal
from journal.recording import record_campaign
from journal.website.publish import generate, publish

NEW_TABLES = {"story_session", "story_scene", "mechanic_record", "sheet_version", "track"}


def make_0004_journal(path: Path) -> None:
    """A journal as Chronicler wrote it at schema 0004, holding a six-year campaign."""
    engine = _sqlite_engine(path)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    old = Journal(engine, str(path), path=path)
    record_campaign(old, "Demo", play_campaign(seed=5), seed=5, catalogue=fake_catalogue())
    old.close()


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        return {row[0] for row in rows}


def revision(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])


def test_a_0004_journal_migrates_and_publishes_the_same_pages(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.db"
    make_0004_journal(path)
    assert revision(path) == "0004"
    assert not NEW_TABLES & tables(path)
    cards = fake_catalogue()
    before = generate(Journal(None, str(path), path=path), "Demo", cards)

    with open_journal(path) as journal:
        assert journal.backup is not None and journal.backup.exists()
        after = generate(journal, "Demo", cards)
        done = publish(journal, "Demo", tmp_path / "site", catalogue=cards)

    assert revision(path) == head_revision()  # 0005, and the migrations since
    assert tables(path) >= NEW_TABLES
    assert after.pages == before.pages
    assert after.nav == before.nav
    assert done.index.exists()
    assert "a Six Winters chronicle" in (tmp_path / "site" / "mkdocs.yml").read_text("utf-8")


def test_the_migration_leaves_the_six_winters_rows_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.db"
    make_0004_journal(path)
    kept = ("campaign", "year_session", "scene", "card_play", "chronicle_entry", "event")

    def rows() -> dict[str, list[tuple[object, ...]]]:
        with sqlite3.connect(path) as connection:
            return {
                t: connection.execute(f'SELECT * FROM "{t}" ORDER BY id').fetchall() for t in kept
            }

    before = rows()
    open_journal(path).close()
    assert rows() == before


def test_0005_downgrades_to_0004_and_back(tmp_path: Path) -> None:
    path = tmp_path / "chronicle.db"
    open_journal(path).close()
    engine = _sqlite_engine(path)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0004")
    assert revision(path) == "0004" and not NEW_TABLES & tables(path)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    engine.dispose()
    assert tables(path) >= NEW_TABLES
