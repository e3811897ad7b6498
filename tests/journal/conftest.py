"""Fixtures for the journal's tests: a fresh journal, a made-up ruleset catalogue, the CLI."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fakes import fake_catalogue, play_campaign

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


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
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


@dataclass
class Ran:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], journal_path: Path):  # type: ignore[no-untyped-def]
    """Run ``chronicler ARGS --db <the test's journal>`` in this process."""

    def run(*args: str, db: Path | None = None) -> Ran:
        capsys.readouterr()
        code = main([*args, "--db", str(db or journal_path)])
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
