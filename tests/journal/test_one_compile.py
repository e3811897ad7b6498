"""The card text is compiled once a process: the engine, the bots, the journal's catalogue, the
card gallery and the card faces all read that one compiled ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal.demo import run_demo


def _count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on nothing is compiled yet in this process, no site cache skips the gallery,
    and each compilation of a ruleset's checked text is noted in the list returned."""
    from dsl import codegen, loader
    from journal import catalogue
    from rules.six_winters import session

    monkeypatch.setattr(loader, "_COMPILED", {})
    monkeypatch.setattr(session, "_RULESET_CACHE", {})
    monkeypatch.setattr(catalogue, "_cache", {})
    monkeypatch.setenv("CHRONICLER_NO_CACHE", "1")
    compiled: list[str] = []
    compile_checked = codegen.compile_checked

    def counted(checked):  # type: ignore[no-untyped-def]
        compiled.append(checked.vocabulary.name)
        return compile_checked(checked)

    monkeypatch.setattr(codegen, "compile_checked", counted)
    return compiled


def test_playing_recording_and_publishing_a_campaign_compiles_the_card_text_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = _count_compiles(monkeypatch)
    result = run_demo(tmp_path / "out", 4)
    gallery = (result.site_index.parent / "cards.html").read_text(encoding="utf-8")
    assert "Card gallery" in gallery and result.fate  # the whole pipeline ran
    assert compiled == ["Six Winters"]


def test_publishing_alone_compiles_the_card_text_once_for_the_gallery_and_the_faces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fakes import fake_catalogue, play_campaign

    from journal.db import open_journal
    from journal.six_winters.recording import record_campaign
    from journal.website.publish import publish

    with open_journal(tmp_path / "chronicle.db") as journal:
        record_campaign(journal, "Demo", play_campaign(seed=5), catalogue=fake_catalogue())
        compiled = _count_compiles(monkeypatch)  # as `chronicler publish` starts
        site = publish(journal, "Demo", tmp_path / "out", spoilers=True).site_dir
    faces = list((site / "cards").rglob("*.png"))
    assert faces and "Whisper Drip" in (site / "cards.html").read_text(encoding="utf-8")
    assert compiled == ["Six Winters"]


def test_the_gallery_of_a_catalogue_prints_its_own_cards_and_compiles_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fakes import fake_catalogue

    from journal.website.pages import gallery_page

    catalogue = fake_catalogue()  # cards made by hand: no card text behind them
    compiled = _count_compiles(monkeypatch)
    gallery = gallery_page(catalogue)
    assert "### Marsh Wraith" in gallery and "> Skill: lore" in gallery
    assert compiled == []
