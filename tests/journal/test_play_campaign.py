"""`chronicler play six-winters --campaign NAME`: a session recorded as it is played."""

from __future__ import annotations

import json
from pathlib import Path

from journal import ledger
from journal.db import open_journal


def _years(journal_path: Path) -> list[tuple[int, str | None, int]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Bots")
        return [(x.year, x.result, x.scenes_completed) for x in ledger.sessions(s, campaign)]


def test_two_plays_record_two_years_and_publish_shows_them(
    real_cards, cli, journal_path, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    first = cli("play", "six-winters", "--seed", "3", "--campaign", "Bots")
    assert first.code == 0, first.err
    assert "Recorded year 1 into campaign Bots" in first.out
    second = cli("play", "six-winters", "--seed", "4", "--campaign", "Bots")
    assert second.code == 0, second.err
    assert "Year 2" in second.out and "Recorded year 2" in second.out
    years = _years(journal_path)
    assert [y for y, *_ in years] == [1, 2] and all(result for _, result, _ in years)
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Bots")
        state = ledger.latest_state(s, campaign)
        assert state is not None and state.state["year"] == 3
        session = ledger.get_session(s, campaign, 1)
        assert session.source == "engine"
    published = cli("publish", "--campaign", "Bots", "--out", str(tmp_path / "site"))
    assert published.code == 0, published.err
    assert (tmp_path / "site" / "site" / "years" / "year-2.html").exists()


def test_the_event_log_holds_every_event_of_the_session(real_cards, cli, journal_path) -> None:  # type: ignore[no-untyped-def]
    ran = cli("play", "six-winters", "--seed", "3", "--campaign", "Bots", "--json")
    assert ran.code == 0, ran.err
    printed = [json.loads(line) for line in ran.out.splitlines() if line.startswith("{")]
    from sqlmodel import select

    from journal.models import EventRecord

    with open_journal(journal_path) as journal, journal.reading() as s:
        kinds = [e.kind for e in s.exec(select(EventRecord).order_by(EventRecord.number))]
    assert kinds == [e["kind"] for e in printed]


def test_a_wrong_year_an_ended_campaign_and_a_non_journal_are_one_line_errors(
    real_cards, cli, tmp_path, journal_path
) -> None:  # type: ignore[no-untyped-def]
    wrong = cli("play", "six-winters", "--campaign", "Bots", "--year", "3")
    assert wrong.code == 1 and "at year 1, not 3" in wrong.err
    not_a_journal = tmp_path / "notes.txt"
    not_a_journal.write_text("hello")
    ran = cli("play", "six-winters", "--campaign", "Bots", db=not_a_journal)
    assert ran.code == 1 and "not a Chronicler journal" in ran.err
    assert len(ran.err.strip().splitlines()) == 1
    with open_journal(journal_path) as journal:
        journal.write(lambda s: setattr(ledger.get_campaign(s, "Bots"), "fate", "Pyrrhic Victory"))
    ended = cli("play", "six-winters", "--campaign", "Bots")
    assert ended.code == 1 and "has ended after year 6" in ended.err


def test_a_campaign_name_with_spaces_around_plays_that_campaign(
    real_cards, cli, journal_path
) -> None:  # type: ignore[no-untyped-def]
    assert cli("play", "six-winters", "--seed", "3", "--campaign", "Bots").code == 0
    ran = cli("play", "six-winters", "--seed", "4", "--campaign", "  Bots ")
    assert ran.code == 0, ran.err
    assert [y for y, *_ in _years(journal_path)] == [1, 2]


def _renamed_copy(tmp_path: Path) -> Path:
    """A designer's copy of the Six Winters text with Eastkeep, a starting location, renamed."""
    import shutil

    from rules import registry

    copy = Path(shutil.copytree(registry.find("six-winters").folder, tmp_path / "westhold_winters"))
    for path in copy.glob("*.rules"):
        path.write_text(path.read_text().replace("Eastkeep", "Westhold"))
    return copy


def test_a_renamed_designer_copy_plays_its_own_map_and_is_recorded_as_itself(
    cli, journal_path, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    copy = _renamed_copy(tmp_path)
    ran = cli("play", str(copy), "--seed", "2", "--campaign", "Copy")
    assert ran.code == 0, ran.err
    assert "Recorded year 1 into campaign Copy" in ran.out
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Copy")
        assert (campaign.ruleset, campaign.ruleset_version) == ("westhold-winters", "25.1")
        places = [p.name for p in ledger.map_as_of(s, campaign, 1)]
        assert "Westhold" in places and "Eastkeep" not in places
        assert [x.result for x in ledger.sessions(s, campaign)] == ["won"]
    again = cli("play", str(copy), "--seed", "3", "--campaign", "Copy")
    assert again.code == 0, again.err and "Recorded year 2" in again.out


def test_a_campaign_is_played_on_with_the_ruleset_it_started_with(
    cli, journal_path, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    copy = _renamed_copy(tmp_path)
    assert cli("play", str(copy), "--seed", "2", "--campaign", "Copy").code == 0
    other = cli("play", "six-winters", "--seed", "3", "--campaign", "Copy")
    assert other.code == 1
    assert other.err.strip() == (
        "error: campaign 'Copy' plays westhold-winters; play it on with that ruleset, "
        "not six-winters"
    )
    assert [y for y, *_ in _years_of(journal_path, "Copy")] == [1]


def _years_of(journal_path: Path, name: str) -> list[tuple[int, str | None, int]]:
    with open_journal(journal_path) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, name)
        return [(x.year, x.result, x.scenes_completed) for x in ledger.sessions(s, campaign)]
