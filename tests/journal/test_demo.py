"""``chronicler demo``: bots play six years into a fresh journal, which is published."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import fake_catalogue, play_campaign

from dsl.errors import ChroniclerError
from journal import ledger
from journal.cli import main
from journal.db import open_journal
from journal.demo import run_demo


def test_the_demo_records_and_publishes_six_years(tmp_path: Path) -> None:
    result = run_demo(tmp_path / "out", 4, play=play_campaign, catalogue=fake_catalogue())
    assert result.journal == tmp_path / "out" / "chronicle.db"
    assert result.site_index.exists()
    assert result.fate is not None and result.score is not None
    with open_journal(result.journal) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, result.campaign)
        assert [x.year for x in ledger.sessions(s, campaign)] == [1, 2, 3, 4, 5, 6]
        assert campaign.fate == result.fate


def test_the_demo_refuses_a_folder_that_holds_a_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_journal(tmp_path / "chronicle.db") as journal:
        journal.write(lambda s: ledger.create_campaign(s, "Our own campaign"))
    before = (tmp_path / "chronicle.db").read_bytes()
    code = main(["demo", "--out", str(tmp_path), "--seed", "4"])
    err = capsys.readouterr().err
    assert code == 1 and "already holds a journal the demo did not write" in err
    assert "Traceback" not in err
    assert (tmp_path / "chronicle.db").read_bytes() == before
    with open_journal(tmp_path / "chronicle.db") as journal, journal.reading() as s:
        assert [c.name for c in ledger.campaigns(s)] == ["Our own campaign"]


def test_make_demo_run_twice_replaces_the_demos_own_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``make demo`` is ``chronicler demo --out demo-output``: the second run on the same
    checkout replaces the journal and site the first one wrote, untouched since."""
    out = tmp_path / "demo-output"
    assert main(["demo", "--out", str(out), "--seed", "2"]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--out", str(out), "--seed", "2"]) == 0
    second = capsys.readouterr().out
    assert second == first  # the same seed: the same campaign, played again from scratch
    with open_journal(out / "chronicle.db") as journal, journal.reading() as s:
        assert [c.name for c in ledger.campaigns(s)] == ["The Winters of Brightdune"]
    assert (out / "website" / "site" / "index.html").exists()


def test_the_tags_and_tracks_demo_records_two_sessions_and_runs_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "salt-roads"
    for _ in range(2):  # the second run replaces what the first wrote
        assert main(["demo", "--ruleset", "tags-and-tracks", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.count("Recorded two sessions of Salt Roads") == 2
    site = out / "website" / "site"
    assert (site / "sessions" / "session-2.html").exists()
    with open_journal(out / "chronicle.db") as journal, journal.reading() as s:
        assert [c.name for c in ledger.campaigns(s)] == ["Salt Roads"]


def test_a_demo_journal_someone_wrote_in_is_not_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_demo(tmp_path, 4, play=play_campaign, catalogue=fake_catalogue())
    with open_journal(tmp_path / "chronicle.db") as journal:
        journal.write(lambda s: ledger.create_campaign(s, "Our table's own campaign"))
    before = (tmp_path / "chronicle.db").read_bytes()
    code = main(["demo", "--out", str(tmp_path), "--seed", "4"])
    err = capsys.readouterr().err
    assert code == 1 and "or one written in since the demo made it" in err
    assert (tmp_path / "chronicle.db").read_bytes() == before


def test_the_demo_will_not_delete_a_file_that_is_not_a_journal(tmp_path: Path) -> None:
    (tmp_path / "chronicle.db").write_text("my notes")
    with pytest.raises(ChroniclerError, match="not a Chronicler journal"):
        run_demo(tmp_path, 4, play=play_campaign, catalogue=fake_catalogue())
    assert (tmp_path / "chronicle.db").read_text() == "my notes"


def test_chronicler_demo_with_the_engine_says_what_it_did(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["demo", "--out", str(tmp_path / "demo-output"), "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Journal:" in out and "Site:" in out and "Brightdune's fate:" in out
    assert (tmp_path / "demo-output" / "website" / "site" / "index.html").exists()


def test_the_card_gallery_prints_cards_as_the_language_renders_them(tmp_path: Path) -> None:
    import dsl
    from dsl.printer import render_card
    from journal.catalogue import load_catalogue

    catalogue = load_catalogue()
    assert catalogue is not None and catalogue.cards
    result = run_demo(tmp_path, 5, catalogue=catalogue)  # the engine plays: real scenes met
    gallery = (result.site_index.parent / "cards.html").read_text()
    # the gallery shows the cards the campaign met (no spoilers): a scene it narrated
    met = [
        card
        for card in dsl.load_ruleset("six_winters").cards("scene")
        if card.name.split("'")[0] in gallery
    ]
    assert met, "no scene of the campaign in the gallery"
    scene = met[0]
    face = render_card(scene).splitlines()
    assert "<h3 id=" in gallery and scene.name.split("'")[0] in gallery
    for line in face[2:5]:
        assert line.split('"')[0].strip() in gallery
