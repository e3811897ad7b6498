"""A journal the last release made (``fixtures/last_release``, see its README) opens with this
one: it migrates to the one ledger with every row kept, publishes every page with the text the
last release published, its bundles import and publish the same, and what was recorded before
can be fixed and undone now."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from journal import bundle, ledger, log
from journal.db import head_revision, open_journal
from journal.tags_and_tracks import payloads as p
from journal.tags_and_tracks import story
from journal.website.publish import publish

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "last_release"
CAMPAIGNS = {"Brightdune": "brightdune", "Salt Roads": "salt-roads"}
# Six Winters' tables, as the last release named them and as this one does.
KEPT = {
    "year_session": "year_session",
    "scene": "year_scene",
    "card_play": "card_play",
    "chronicle_entry": "chronicle_entry",
    "sheet_year": "sheet_year",
    "map_snapshot": "map_snapshot",
    "map_location": "map_location",
    "campaign_state": "campaign_state",
    "event": "event",
    "character": "character",
}


def rows(path: Path, table: str) -> list[dict[str, Any]]:
    connection = sqlite3.connect(path)
    connection.row_factory = sqlite3.Row
    try:
        names = [c[1] for c in connection.execute(f'PRAGMA table_info("{table}")')]
        order = " ORDER BY id" if "id" in names else ""
        return [dict(r) for r in connection.execute(f'SELECT * FROM "{table}"{order}')]
    finally:
        connection.close()


@pytest.fixture(scope="module")
def old(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the last release's journal, as it was (schema 0005)."""
    copy = tmp_path_factory.mktemp("old") / "journal.db"
    shutil.copyfile(FIXTURE / "journal.db", copy)
    assert rows(copy, "alembic_version")[0]["version_num"] == "0005"
    return copy


@pytest.fixture(scope="module")
def migrated(old: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Another copy, opened (and so migrated) by this Chronicler."""
    copy = tmp_path_factory.mktemp("new") / "journal.db"
    shutil.copyfile(old, copy)
    with open_journal(copy) as journal:
        assert journal.backup is not None and journal.backup.exists()
    assert rows(copy, "alembic_version")[0]["version_num"] == head_revision()
    return copy


# --- every row ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("then", "now"), KEPT.items())
def test_six_winters_rows_are_kept_as_they_were(
    old: Path, migrated: Path, then: str, now: str
) -> None:
    assert rows(migrated, now) == rows(old, then)


def test_each_campaign_keeps_its_row_and_six_winters_its_fate_and_seed(
    old: Path, migrated: Path
) -> None:
    before = {c["id"]: c for c in rows(old, "campaign")}
    after = {c["id"]: c for c in rows(migrated, "campaign")}
    assert set(after) == set(before)
    for key, was in before.items():
        kept = {k: was[k] for k in ("name", "ruleset_version", "created_at", "notes")}
        assert {k: after[key][k] for k in kept} == kept
    assert [c["ruleset"] for c in after.values()] == ["six-winters", "tags-and-tracks"]
    ends = rows(migrated, "six_winters_campaign")
    fields = ("seed", "fate", "finale_scenes_completed", "score", "score_title")
    assert [{k: e[k] for k in ("campaign_id", *fields)} for e in ends] == [
        {"campaign_id": c["id"], **{k: c[k] for k in fields}}
        for c in before.values()
        if c["ruleset"] == "six_winters"
    ]


def test_the_story_sessions_and_scenes_are_the_ledgers(old: Path, migrated: Path) -> None:
    assert rows(migrated, "session") == rows(old, "story_session")
    assert rows(migrated, "scene") == rows(old, "story_scene")


def test_each_record_is_an_entry_with_what_people_wrote_as_its_text(
    old: Path, migrated: Path
) -> None:
    records, entries = rows(old, "mechanic_record"), rows(migrated, "entry")
    assert [e["id"] for e in entries] == [r["id"] for r in records]
    written = {"narration", "xp", "intrusion", "rest", "recover"}
    for record, entry in zip(records, entries, strict=True):
        was, now = json.loads(record["payload"]), json.loads(entry["payload"])
        assert (entry["number"], entry["kind"], entry["who"], entry["summary"], entry["at"]) == (
            record["number"],
            record["kind"],
            record["character"],
            record["summary"],
            record["at"],
        )
        assert entry["scene_id"] == record["scene_id"]
        assert entry["text"] == (was.get("text", "") if record["kind"] in written else "")
        added = {"rest": {"points"}, "stat": {"in_conflict"}}.get(record["kind"], set())
        assert {k: v for k, v in now.items() if k not in added} == {
            k: v for k, v in was.items() if k != "kind" and not (k == "text" and k not in now)
        }
        p.payload(entry["kind"], now)  # each a payload of its kind


def test_the_sheets_and_tracks_the_records_made_are_what_the_entries_make(
    old: Path, migrated: Path
) -> None:
    with open_journal(migrated, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Salt Roads")
        entries = ledger.entries(s, campaign)
        over_time = story.sheets_over_time(entries)
        tracks = story.told(entries).tracks
        names = {c.id: c.name for c in ledger.characters(s, campaign)}
    numbers = {r["id"]: r["number"] for r in rows(old, "mechanic_record")}
    for version in rows(old, "sheet_version"):
        made = over_time[names[version["character_id"]]][version["number"] - 1]
        assert made.entry.number == numbers[version["record_id"]]
        # a sheet kept before reservoirs, schemes and inventory reads with none of them
        assert made.sheet == p.Sheet.model_validate(json.loads(version["sheet"]))
        assert not (made.sheet.reservoirs or made.sheet.schemes or made.sheet.inventory)
    assert sum(len(v) for v in over_time.values()) == len(rows(old, "sheet_version"))
    kept = {t["name"]: p.TrackState.model_validate_json(t["state"]) for t in rows(old, "track")}
    assert tracks == kept


def test_each_change_kept_keeps_the_campaign_it_kept(old: Path, migrated: Path) -> None:
    before, after = rows(old, "ledger_change"), rows(migrated, "ledger_change")
    assert [(c["number"], c["verb"], c["year"], c["summary"]) for c in before] == [
        (c["number"], c["verb"], c["session"], c["summary"]) for c in after
    ]
    for was, now in zip(before, after, strict=True):
        assert json.loads(now["before"]) == {"campaign": json.loads(was["before"])}
        assert now["undoes"] is None


# --- every page ---------------------------------------------------------------------------------


def shown_of_the_journal(page: str, text: str) -> list[str]:
    """A page's lines that come from the journal: all of them, but for the card gallery's,
    whose cards' wording is the ruleset's text (which may change without the journal). The
    narration's renderer (markdown-it-py since this release) may break a line between two tags
    where the last release did not, so space between tags and runs of space are one."""
    if not (page == "cards.md" or page.startswith("cards/")):
        return " ".join(re.sub(r">\s+<", "><", text).split()).split("\n")
    kept = ("#", "<figcaption>", "<br>Met in", "Card faces:")
    return [line for line in text.splitlines() if line.startswith(kept) or "cards the" in line]


def expected(slug: str) -> dict[str, str]:
    folder = FIXTURE / "published" / slug
    pages = {str(f.relative_to(folder / "docs")): f for f in (folder / "docs").rglob("*.md")}
    return {page: f.read_text(encoding="utf-8") for page, f in sorted(pages.items())}


def published(journal_file: Path, campaign: str, out: Path) -> tuple[dict[str, str], str]:
    with open_journal(journal_file, create=False) as journal:
        publish(journal, campaign, out)
    pages = {str(f.relative_to(out / "docs")): f for f in (out / "docs").rglob("*.md")}
    text = {page: f.read_text(encoding="utf-8") for page, f in sorted(pages.items())}
    return text, (out / "mkdocs.yml").read_text(encoding="utf-8")


@pytest.mark.parametrize("campaign", CAMPAIGNS)
def test_every_page_publishes_as_the_last_release_published_it(
    migrated: Path, tmp_path: Path, campaign: str
) -> None:
    slug = CAMPAIGNS[campaign]
    pages, config = published(migrated, campaign, tmp_path / "site")
    wanted = expected(slug)
    assert sorted(pages) == sorted(wanted)
    for page, text in wanted.items():
        assert shown_of_the_journal(page, pages[page]) == shown_of_the_journal(page, text), page
    then = (FIXTURE / "published" / slug / "mkdocs.yml").read_text(encoding="utf-8")
    assert _checkout_free(config) == _checkout_free(then)


def _checkout_free(config: str) -> str:
    """The site's configuration with the theme's folder read from the checkout that wrote it
    (an absolute path: the fixture was made in another checkout than the one testing it)."""
    return re.sub(r"\S*(/journal/site_assets/theme)", r"<checkout>\1", config)


@pytest.mark.parametrize("campaign", CAMPAIGNS)
def test_a_bundle_the_last_release_exported_imports_and_publishes_the_same(
    tmp_path: Path, campaign: str
) -> None:
    slug = CAMPAIGNS[campaign]
    old_bundle = json.loads((FIXTURE / "bundles" / f"{slug}.json").read_text(encoding="utf-8"))
    assert old_bundle["format_version"] == 1
    fresh = tmp_path / "fresh.db"
    with open_journal(fresh) as journal:
        journal.write(lambda s: bundle.import_campaign(s, old_bundle))
        with journal.reading() as s:
            again = bundle.export_campaign(s, campaign)
    pages, _ = published(fresh, campaign, tmp_path / "site")
    for page, text in expected(slug).items():
        assert shown_of_the_journal(page, pages[page]) == shown_of_the_journal(page, text), page
    assert again["format_version"] == 2 and len(again["history"]) == len(old_bundle["history"])
    with open_journal(tmp_path / "twice.db") as journal:  # the new bundle round-trips
        journal.write(lambda s: bundle.import_campaign(s, json.loads(bundle.dumps(again))))
        with journal.reading() as s:
            assert bundle.dumps(bundle.export_campaign(s, campaign)) == bundle.dumps(again)


def test_the_markdown_export_reads_as_before(migrated: Path) -> None:
    with open_journal(migrated, create=False) as journal, journal.reading() as s:
        for campaign, slug in CAMPAIGNS.items():
            text = bundle.export_markdown(s, campaign)
            was = (FIXTURE / "bundles" / f"{slug}.md").read_text(encoding="utf-8")
            # the one change: Six Winters is named as the registry names it
            assert text == was.replace("ruleset six_winters ", "ruleset six-winters ")


# --- fixing what the last release recorded ------------------------------------------------------


def test_an_entry_the_last_release_recorded_can_be_amended_and_undone(
    migrated: Path, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    copy = tmp_path / "journal.db"
    shutil.copyfile(migrated, copy)
    with open_journal(copy, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Salt Roads")
        hit = next(e for e in ledger.entries(s, campaign) if e.kind == "hit" and e.who == "Mara")
        before = log.state_now(s, campaign).character(campaign, "Mara")
    amended = cli(
        "entry", "amend", str(hit.number), "hit", "Mara", "--stat", "STR", "--hits", "2",
        "--what", "bruised ribs", "--campaign", "Salt Roads", db=copy,
    )  # fmt: skip
    assert amended.code == 0, amended.err
    assert "takes bruised ribs -1" in amended.out
    undone = cli("undo", "--campaign", "Salt Roads", db=copy)
    assert undone.code == 0, undone.err
    with open_journal(copy, create=False) as journal, journal.reading() as s:
        campaign = ledger.get_campaign(s, "Salt Roads")
        assert log.state_now(s, campaign).character(campaign, "Mara") == before


def test_a_year_the_bots_played_is_not_taken_away_by_undo(
    migrated: Path, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    copy = tmp_path / "journal.db"
    shutil.copyfile(migrated, copy)
    refused = cli("undo", "--campaign", "Brightdune", db=copy)
    assert refused.code == 1
    assert "year 2 of 'Brightdune' was played by the engine after change 10" in refused.err
