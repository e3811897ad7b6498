"""Fixtures for the journal's tests: a fresh journal, a made-up ruleset catalogue, the CLI."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes import fake_catalogue, play_campaign
from journal_testing import Ran

from journal import catalogue as catalogue_module
from journal.catalogue import Catalogue
from journal.cli import main
from journal.db import Journal, open_journal
from journal.recording import record_campaign


@pytest.fixture
def cards() -> Iterator[Catalogue]:
    """The journal checks names against this small made-up catalogue during the test."""
    saved = dict(catalogue_module._cache)
    made = fake_catalogue()
    catalogue_module.set_catalogue(made)
    yield made
    catalogue_module._cache.clear()
    catalogue_module._cache.update(saved)


# A PostgreSQL database the journal tests may empty and fill (.ci/run starts a local server
# and sets it); without it the PostgreSQL runs of the tests are skipped.
DATABASE_URL = os.environ.get("CHRONICLER_TEST_DATABASE_URL")
# CI sets this: there the PostgreSQL runs must happen, so a missing server fails them.
POSTGRES_REQUIRED = os.environ.get("CHRONICLER_REQUIRE_POSTGRES") == "1"
BACKENDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(
            not DATABASE_URL and not POSTGRES_REQUIRED,
            reason="CHRONICLER_TEST_DATABASE_URL is not set (.ci/run sets it)",
        ),
    ),
]


def empty_database(url: str) -> None:
    """Drop every table of the test database (what a fresh SQLite file is for SQLite)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=BACKENDS)
def journal_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Where the test's journal lives: a SQLite file, or (second run) the PostgreSQL test
    database, emptied. Typed as a Path for the tests; a URL is a ``str``."""
    if request.param == "sqlite":
        return tmp_path / "chronicle.db"
    assert DATABASE_URL, "CHRONICLER_REQUIRE_POSTGRES=1 but CHRONICLER_TEST_DATABASE_URL is unset"
    empty_database(DATABASE_URL)
    return DATABASE_URL  # type: ignore[return-value]


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    """A SQLite journal file, for what only a file has (backups, -wal files, raw sqlite3)."""
    return tmp_path / "chronicle.db"


@pytest.fixture
def journal(journal_path: Path) -> Iterator[Journal]:
    opened = open_journal(journal_path)
    yield opened
    opened.close()


@pytest.fixture
def recorded(journal: Journal, cards: Catalogue) -> Journal:
    """A journal holding a six-year campaign "Demo" recorded from made-up engine events."""
    record_campaign(journal, "Demo", play_campaign(seed=5), seed=5, catalogue=cards)
    return journal


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], journal_path: Path):  # type: ignore[no-untyped-def]
    """Run ``chronicler ARGS --db <the test's journal>`` in this process."""

    def run(*args: str, db: Path | str | None = None) -> Ran:
        capsys.readouterr()
        code = main([*args, "--db", str(journal_path if db is None else db)])
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


@pytest.fixture
def real_cards() -> Iterator[Catalogue]:
    """The catalogue of the real Six Winters card text (a load failure fails the test)."""
    saved = dict(catalogue_module._cache)
    catalogue_module._cache.clear()
    found = catalogue_module.load_catalogue()
    assert found is not None
    yield found
    catalogue_module._cache.clear()
    catalogue_module._cache.update(saved)


EXAMPLE_SHEET = (
    Path(__file__).resolve().parents[2] / "rules/tags_and_tracks/examples/brick.character"
)


@pytest.fixture
def table(cli, journal_path):  # type: ignore[no-untyped-def]
    """A Tags and Tracks campaign "Salt Roads" with Brick (the example sheet), chosen with
    'chronicler use', in session 1, scene 1 (``gm_table`` reads it back)."""
    for words in (
        ("campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks"),
        ("use", "Salt Roads"),
        ("character", "add", str(EXAMPLE_SHEET)),
        ("session", "start", "The Drowned Market", "--text", "Rain on the *stalls*."),
        ("scene", "start", "At the gate", "--text", "A guard blocks the way."),
    ):
        done = cli(*words)
        assert done.code == 0, (words, done.err)
    return cli
