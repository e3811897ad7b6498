"""The card text is compiled once a process: the engine, the bots, the journal's catalogue, the
card gallery and the card faces all read that one compiled ruleset."""

from __future__ import annotations

from pathlib import Path

import pytest

from journal.demo import run_demo


def test_playing_recording_and_publishing_a_campaign_compiles_the_card_text_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dsl import codegen, loader
    from journal import catalogue
    from rules.six_winters import session

    # Nothing compiled yet in this process, and no site cache to skip the gallery with.
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
    result = run_demo(tmp_path / "out", 4)
    gallery = (result.site_index.parent / "cards.html").read_text(encoding="utf-8")
    assert "Card gallery" in gallery and result.fate  # the whole pipeline ran
    assert compiled == ["Six Winters"]
