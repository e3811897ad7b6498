"""What ``chronicler publish`` keeps between runs (``journal/website/caches.py``): the card
gallery by the card text's hash, the theme's compiled templates; the site is the same either way."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from journal import catalogue as catalogue_module
from journal.catalogue import Catalogue
from journal.db import Journal
from journal.website import caches
from journal.website.pages import RulesetPages
from journal.website.publish import publish


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CHRONICLER_CACHE_DIR", str(folder))
    monkeypatch.delenv("CHRONICLER_NO_CACHE", raising=False)
    return folder


@pytest.fixture
def no_catalogue_held() -> Iterator[None]:
    """This process holds no Six Winters catalogue: ``ruleset_pages`` goes to the disk."""
    saved = dict(catalogue_module._cache)
    catalogue_module._cache.clear()
    yield
    catalogue_module._cache.clear()
    catalogue_module._cache.update(saved)


def site_files(site: Path) -> dict[str, bytes]:
    # The sitemap carries the day of the build; every other file must be the same.
    return {
        str(path.relative_to(site)): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file() and not path.name.startswith("sitemap.xml")
    }


def test_the_site_is_the_same_with_and_without_the_caches(
    recorded: Journal,
    cards: Catalogue,
    tmp_path: Path,
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cold = publish(recorded, "Demo", tmp_path / "cold", catalogue=cards)
    compiled = sorted((cache_dir / "templates").rglob("*.jinja"))
    assert compiled  # the theme's templates, compiled once
    warm = publish(recorded, "Demo", tmp_path / "warm", catalogue=cards)
    for entry in compiled:  # an entry that cannot be read is only a miss
        entry.write_bytes(b"not bytecode")
    damaged = publish(recorded, "Demo", tmp_path / "damaged", catalogue=cards)
    monkeypatch.setenv("CHRONICLER_NO_CACHE", "1")
    plain = publish(recorded, "Demo", tmp_path / "plain", catalogue=cards)
    expected = site_files(plain.site_dir)
    assert len(expected) > 20
    for site in (cold, warm, damaged):
        assert site_files(site.site_dir) == expected


def test_no_cache_means_nothing_is_written(
    recorded: Journal, cards: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHRONICLER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("CHRONICLER_NO_CACHE", "1")
    publish(recorded, "Demo", tmp_path / "out", catalogue=cards)
    assert caches.cache_root() is None
    assert not (tmp_path / "cache").exists()


def test_a_held_catalogue_is_used_as_it_is(cards: Catalogue, cache_dir: Path) -> None:
    assert caches.ruleset_pages() == RulesetPages.of(cards)
    assert not (cache_dir / "site").exists()


def test_the_gallery_is_kept_under_the_hash_of_the_card_text(
    cache_dir: Path, no_catalogue_held: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = caches.ruleset_pages()  # compiles the real card text, keeps what the site needs
    assert first is not None
    loaded = catalogue_module.load_catalogue()
    assert loaded is not None and first == RulesetPages.of(loaded)
    (entry,) = (cache_dir / "site").glob("*.json")
    assert entry.stem == caches.ruleset_key()

    def no_compiling(game: object) -> Catalogue:
        raise AssertionError("the card text was compiled again")

    catalogue_module._cache.clear()
    with monkeypatch.context() as patched:
        patched.setattr(catalogue_module, "_from_engine", no_compiling)
        assert caches.ruleset_pages() == first

    entry.write_text("{ half an entry")  # unreadable: compiled again and rewritten
    catalogue_module._cache.clear()
    assert caches.ruleset_pages() == first
    assert caches._read_entry(entry) == first


def test_the_key_changes_with_any_file_it_depends_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = caches._fingerprinted_files()
    assert files is not None
    names = {path.name for path in files}
    assert {"scenes.rules", "printer.py", "cards.py", "pages.py", "catalogue.py"} <= names
    card_text = tmp_path / "scenes.rules"
    card_text.write_text("scene A")
    monkeypatch.setattr(caches, "_fingerprinted_files", lambda: [card_text])
    before = caches.ruleset_key()
    card_text.write_text("scene B")
    assert caches.ruleset_key() != before


def test_the_gallery_cache_keeps_the_entries_used_last(
    cache_dir: Path, no_catalogue_held: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    folder = cache_dir / "site"
    folder.mkdir(parents=True)
    for n in range(caches.MAX_SITE_ENTRIES + 3):
        old = folder / f"old-{n}.json"
        old.write_text("{}")
        os.utime(old, (1000 + n, 1000 + n))
    monkeypatch.setattr(caches, "ruleset_key", lambda: "current")
    monkeypatch.setattr(
        catalogue_module, "_from_engine", lambda game: __import__("fakes").fake_catalogue()
    )
    assert caches.ruleset_pages() is not None
    kept = sorted(path.stem for path in folder.glob("*.json"))
    newest = [f"old-{n}" for n in range(4, caches.MAX_SITE_ENTRIES + 3)]
    assert kept == sorted(["current", *newest])
