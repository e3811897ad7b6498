"""The on-disk parse cache: a file's AST and diagnostics kept between runs, never trusted."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from dsl import loader, parse_cache
from dsl.parser import parse_text

TOY = Path(__file__).resolve().parent / "fixtures" / "toy"

BROKEN_CARD = """\
relic "Cracked Jar" {
  number 9
  tags Spirit
  points 1
  recipe moss, moss
  Exhaust: Roll and place an ember at this location
}
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of this test's own; the in-process cache emptied around it."""
    monkeypatch.setenv("CHRONICLER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("CHRONICLER_NO_CACHE", raising=False)
    loader.clear_caches()
    yield tmp_path / "cache" / "parsed"
    loader.clear_caches()


@pytest.fixture
def ruleset(tmp_path: Path) -> Path:
    folder = tmp_path / "toy"
    shutil.copytree(TOY, folder)
    return folder


def rendered(folder: Path) -> str:
    return loader.check_ruleset(folder).diagnostics.render()


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.pickle")) if cache.is_dir() else []


def test_checking_a_ruleset_keeps_one_entry_per_file(cache: Path, ruleset: Path) -> None:
    rendered(ruleset)
    assert len(entries(cache)) == len(list(ruleset.glob("*.rules")))
    assert not list(cache.glob("*.tmp"))


def test_a_cached_parse_is_the_same_as_a_fresh_one(cache: Path, ruleset: Path) -> None:
    first = loader.check_ruleset(ruleset)
    loader.clear_caches()
    again = loader.check_ruleset(ruleset)
    assert [f.forms for f in again.files] == [f.forms for f in first.files]


def test_diagnostics_with_their_spans_are_the_same_from_the_cache(
    cache: Path, ruleset: Path
) -> None:
    (ruleset / "broken.rules").write_text(BROKEN_CARD)
    path = str(ruleset / "broken.rules")
    fresh_tree, fresh = parse_text(BROKEN_CARD, path)
    assert fresh, "the card has a syntax error"
    loader.check_ruleset(ruleset)  # fills the cache
    from_cache = parse_cache.load(path, BROKEN_CARD)
    assert from_cache == (fresh_tree, tuple(fresh))
    assert [d.span for d in from_cache[1]] == [d.span for d in fresh]
    loader.clear_caches()
    assert 'broken.rules:6:52: error: this sentence has no "."' in rendered(ruleset)


def test_a_changed_file_is_parsed_again(cache: Path, ruleset: Path) -> None:
    card = ruleset / "extra.rules"
    card.write_text(BROKEN_CARD.replace("this location\n", "this location.\n"))
    assert "error" not in rendered(ruleset)
    card.write_text(BROKEN_CARD)
    loader.clear_caches()
    assert 'extra.rules:6:52: error: this sentence has no "."' in rendered(ruleset)


@pytest.mark.parametrize("garbage", [b"", b"not a pickle", b"\x80\x05K\x01.", b"\x80\x05\x95"])
def test_a_corrupt_entry_is_ignored_and_rewritten(
    cache: Path, ruleset: Path, garbage: bytes
) -> None:
    expected = rendered(ruleset)
    for entry in entries(cache):
        entry.write_bytes(garbage)
    loader.clear_caches()
    assert rendered(ruleset) == expected
    assert all(entry.read_bytes() != garbage for entry in entries(cache))


def test_an_entry_for_another_path_is_not_used(cache: Path, ruleset: Path) -> None:
    text = (ruleset / "cards.rules").read_text()
    loader.check_ruleset(ruleset)
    entry = cache / f"{parse_cache.entry_key(str(ruleset / 'cards.rules'), text)}.pickle"
    shutil.copy(entry, cache / f"{parse_cache.entry_key('elsewhere.rules', text)}.pickle")
    assert parse_cache.load("elsewhere.rules", text) is None


def test_an_unwritable_cache_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: Path
) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("")
    monkeypatch.setenv("CHRONICLER_CACHE_DIR", str(blocker))
    loader.clear_caches()
    assert "error" not in rendered(ruleset)


def test_no_cache_turns_it_off(cache: Path, ruleset: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHRONICLER_NO_CACHE", "1")
    rendered(ruleset)
    assert entries(cache) == []


def test_text_made_in_memory_is_not_written(cache: Path) -> None:
    loader.check_sources([loader.Source("made-up.rules", BROKEN_CARD)], str(TOY))
    assert entries(cache) == []


def test_where_the_cache_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CHRONICLER_NO_CACHE", raising=False)
    monkeypatch.delenv("CHRONICLER_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert parse_cache.cache_dir() == tmp_path / "xdg" / "chronicler" / "parsed"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert parse_cache.cache_dir() == tmp_path / "home" / ".cache" / "chronicler" / "parsed"
    monkeypatch.setenv("CHRONICLER_CACHE_DIR", str(tmp_path / "mine"))
    assert parse_cache.cache_dir() == tmp_path / "mine" / "parsed"
    monkeypatch.setenv("CHRONICLER_NO_CACHE", "1")
    assert parse_cache.cache_dir() is None


def test_the_cache_keeps_the_most_recently_used_entries(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 3)
    texts = [f'ruleset "T{n}" version "1"\n' for n in range(5)]

    def parsed(n: int) -> parse_cache.Parsed:
        tree, diagnostics = parse_text(texts[n], f"t{n}.rules")
        return tree, tuple(diagnostics)

    for n, text in enumerate(texts[:3]):
        parse_cache.store(f"t{n}.rules", text, parsed(n))
        stamp = 1_000_000_000 + n  # written in this order, a second apart
        os.utime(cache / f"{parse_cache.entry_key(f't{n}.rules', text)}.pickle", (stamp, stamp))
    assert parse_cache.load("t0.rules", texts[0]) is not None  # the oldest, used again now
    for n in (3, 4):
        parse_cache.store(f"t{n}.rules", texts[n], parsed(n))
    kept = {n for n, text in enumerate(texts) if parse_cache.load(f"t{n}.rules", text) is not None}
    assert kept == {0, 3, 4}  # t1 and t2 were the least recently used
    assert len(list(cache.glob("*.pickle"))) == 3
