"""Opening journals: the schema, the pragmas, migrations of old journals, refusals."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from dsl.errors import ChroniclerError
from journal import ledger
from journal.db import (
    _known_revisions,
    _sqlite_engine,
    alembic_config,
    head_revision,
    open_journal,
)

ROOT = Path(__file__).resolve().parents[2]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_models_match_the_newest_migration(sqlite_path: Path) -> None:
    with open_journal(sqlite_path) as journal, journal.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []


def test_every_connection_has_wal_full_sync_foreign_keys_and_a_busy_timeout(
    sqlite_path: Path,
) -> None:
    with open_journal(sqlite_path) as journal, journal.engine.connect() as connection:
        pragma = lambda name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert pragma("journal_mode") == "wal"
        assert pragma("synchronous") == 2  # FULL
        assert pragma("foreign_keys") == 1
        assert pragma("busy_timeout") >= 1000


def test_a_scene_must_belong_to_a_session(journal_path: Path) -> None:
    with (
        open_journal(journal_path) as journal,
        journal.engine.connect() as connection,
        pytest.raises(Exception, match=r"(?i)foreign key"),
    ):
        connection.exec_driver_sql(
            "INSERT INTO scene (session_id, number, scene, location, participants, "
            "skill_match_points, challenge_answers, advances, narration, tier, recorded_at) "
            "VALUES (999, 1, 'x', 'y', '[]', 0, '[]', '[]', '', 't', 'now')"
        )


def make_first_schema_journal(path: Path) -> None:
    """A journal as the first release wrote it: schema 0001, with a campaign and a scene."""
    config = alembic_config()
    connection = sqlite3.connect(path)
    connection.close()
    from sqlalchemy import create_engine

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.exec_driver_sql(
            "INSERT INTO campaign (name, ruleset, ruleset_version, created_at) "
            "VALUES ('Old Days', 'six_winters', '25.1', '2025-01-01T00:00:00+00:00')"
        )
        conn.exec_driver_sql(
            "INSERT INTO year_session (campaign_id, year, scheme, characters, solo, source, "
            "scenes_completed, started_at) VALUES (1, 1, 'Sow Discord', '[\"Parin\"]', 0, "
            "'table', 1, '2025-01-01T00:00:00+00:00')"
        )
        conn.exec_driver_sql(
            "INSERT INTO scene (session_id, number, scene, location, participants, "
            "skill_match_points, advances, narration, tier, recorded_at) VALUES (1, 1, "
            "'Gather at the Lantern Market', 'Giant''s Gate', '[\"Parin\"]', 1, '[]', "
            "'We sang all night.', 'Apprentice storyteller', '2025-01-01T00:00:00+00:00')"
        )
    engine.dispose()


def test_an_old_journal_is_backed_up_then_migrated_with_its_data_kept(
    sqlite_path: Path,
) -> None:
    make_first_schema_journal(sqlite_path)
    with open_journal(sqlite_path) as journal:
        assert journal.backup is not None and journal.backup.exists()
        with journal.reading() as s:
            campaign = ledger.get_campaign(s, "Old Days")
            (scene,) = ledger.scenes_of(s, ledger.get_session(s, campaign, 1))
            assert scene.narration == "We sang all night."
            assert scene.challenge_answers == []  # the column the second migration added
        with journal.engine.connect() as connection:
            revision = MigrationContext.configure(connection).get_current_revision()
    assert revision == head_revision()
    backup = sqlite3.connect(journal.backup)
    assert backup.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)
    backup.close()


def test_a_journal_from_a_newer_chronicler_is_refused_and_left_untouched(
    sqlite_path: Path,
) -> None:
    with open_journal(sqlite_path):
        pass
    connection = sqlite3.connect(sqlite_path)
    connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    connection.commit()
    connection.close()
    before = digest(sqlite_path)
    with pytest.raises(ChroniclerError, match="newer Chronicler"):
        open_journal(sqlite_path)
    assert digest(sqlite_path) == before


def test_a_text_file_is_not_a_journal_and_is_left_untouched(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list: dice, cubes\n")
    with pytest.raises(ChroniclerError, match="not a Chronicler journal"):
        open_journal(notes)
    assert notes.read_text() == "shopping list: dice, cubes\n"


def test_another_programs_sqlite_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.commit()
    connection.close()
    before = digest(other)
    with pytest.raises(ChroniclerError, match="not a Chronicler journal"):
        open_journal(other)
    assert digest(other) == before
    assert not (tmp_path / "other.db-wal").exists()


def test_the_command_line_says_so_in_one_line_with_exit_code_1(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.txt"
    notes.write_text("not a journal")
    ran = cli("campaign", "list", db=notes)
    assert ran.code == 1
    assert "not a Chronicler journal" in ran.err
    assert "Traceback" not in ran.err and len(ran.err.strip().splitlines()) == 1


def test_reading_verbs_do_not_create_a_journal(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "none.db"
    ran = cli("campaign", "list", db=missing)
    assert ran.code == 1 and "no journal at" in ran.err
    assert not missing.exists()


def test_a_database_url_is_accepted(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'by-url.db'}"
    with open_journal(url) as journal:
        journal.write(lambda s: ledger.create_campaign(s, "By URL"))
        with journal.reading() as s:
            assert [c.name for c in ledger.campaigns(s)] == ["By URL"]


def test_the_command_line_says_where_the_old_journal_was_kept(sqlite_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    make_first_schema_journal(sqlite_path)
    ran = cli("campaign", "list", db=sqlite_path)
    assert ran.code == 0 and "Old Days" in ran.out
    assert f"kept at {sqlite_path}.backup-0001" in ran.err.replace("\n", "")


def test_the_revisions_read_from_the_scripts_are_alembics() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert head_revision() == script.get_current_head()
    assert _known_revisions() == {rev.revision for rev in script.walk_revisions()}


def test_a_current_journal_opens_without_alembic(sqlite_path: Path) -> None:
    with open_journal(sqlite_path):
        pass  # created (and so migrated) here, with Alembic
    before = digest(sqlite_path)
    probe = (
        "import sys; from journal.db import open_journal; from journal import ledger\n"
        f"with open_journal({str(sqlite_path)!r}, create=False) as journal:\n"
        "    with journal.reading() as s: ledger.campaigns(s)\n"
        "print('alembic' in sys.modules)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert ran.stdout.strip() == "False"
    assert digest(sqlite_path) == before


def test_a_0005_journal_migrates_to_keep_a_drawn_scheme(sqlite_path: Path) -> None:
    # migration 0006 adds the table 'setup --draw-scheme' keeps its draw in, and nothing else
    engine = _sqlite_engine(sqlite_path)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
    engine.dispose()
    with sqlite3.connect(sqlite_path) as connection:
        before = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
    with open_journal(sqlite_path) as journal:
        assert journal.backup is not None
    with sqlite3.connect(sqlite_path) as connection:
        after = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
        version = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    assert after - before == {"drawn_scheme", "sqlite_autoindex_drawn_scheme_1"}
    assert version == ("0006",)
