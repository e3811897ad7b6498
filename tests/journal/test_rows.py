"""The two readers of a campaign's rows (``journal/website/rows.py``) give the same pages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from journal_testing import sqlite_only
from sqlmodel import select

from dsl.errors import ChroniclerError
from journal import ledger
from journal.catalogue import Catalogue
from journal.db import Journal, open_journal
from journal.models import ChronicleEntry, MapLocation, SceneRecord
from journal.website.pages import PageMaker, Site
from journal.website.rows import OrmRows, sqlite_rows

ROOT = Path(__file__).resolve().parents[2]


def both_ways(journal: Journal, name: str, catalogue: Catalogue | None) -> tuple[Site, Site]:
    path = sqlite_only(journal)
    with journal.reading() as s:
        through_orm = PageMaker(OrmRows(s, name), catalogue).build()
    with sqlite_rows(path, name) as rows:
        through_sqlite = PageMaker(rows, catalogue).build()
    return through_orm, through_sqlite


def enrich(journal: Journal) -> None:
    """Give the recorded campaign what bots never write: stories, answers, a developed place."""

    def work(s):  # type: ignore[no-untyped-def]
        scene = s.exec(select(SceneRecord)).first()
        scene.narration = "We *followed* the spores.\n\n<b>loud</b> & [a link](https://x.org)"
        scene.challenge_answers = ["The smell of rain.", "Nothing at all"]
        scene.narrator = "Ana"
        s.add(scene)
        entry = s.exec(select(ChronicleEntry)).first()
        entry.text = "Parin kept the peace."
        s.add(entry)
        for place in s.exec(select(MapLocation)).all()[:3]:
            place.developed = True
            place.obstacles = [*place.obstacles, "Marsh Wraith"]
            s.add(place)

    journal.write(work)


def test_sqlalchemy_and_sqlite3_give_the_same_pages(recorded: Journal, cards: Catalogue) -> None:
    sqlite_only(recorded)
    enrich(recorded)
    through_orm, through_sqlite = both_ways(recorded, "Demo", cards)
    assert through_sqlite.nav == through_orm.nav
    assert through_sqlite.pages == through_orm.pages
    assert len(through_orm.pages) > 10
    assert "</a> kept the peace." in "".join(through_orm.pages.values())  # Parin, linked


def test_the_same_pages_without_a_catalogue(recorded: Journal) -> None:
    through_orm, through_sqlite = both_ways(recorded, "Demo", None)
    assert through_sqlite.pages == through_orm.pages


def test_a_campaign_under_way_reads_the_same(journal: Journal) -> None:
    def work(s):  # type: ignore[no-untyped-def]
        campaign = ledger.create_campaign(s, "Brightdune")
        ledger.ensure_character(s, campaign, "Parin", title="the Warden")
        ledger.start_year(s, campaign, 1, "Sow Discord", ["Parin"])

    journal.write(work)
    through_orm, through_sqlite = both_ways(journal, "Brightdune", None)
    assert through_sqlite.pages == through_orm.pages


def test_an_unknown_campaign_is_told_the_same_way(recorded: Journal) -> None:
    sqlite_only(recorded)
    with pytest.raises(ChroniclerError) as orm, recorded.reading() as s:
        OrmRows(s, "Dmeo")
    with pytest.raises(ChroniclerError) as direct, sqlite_rows(recorded.path, "Dmeo"):
        pass
    assert str(direct.value) == str(orm.value)
    assert "did you mean" in str(direct.value)


def test_publishing_a_sqlite_journal_imports_no_sqlalchemy(
    recorded: Journal, tmp_path: Path
) -> None:
    sqlite_only(recorded)
    recorded.close()
    probe = (
        "import sys\n"
        "from journal.cli import main\n"
        f"code = main(['publish', '--campaign', 'Demo', '--db', {recorded.where!r}, "
        f"'--out', {str(tmp_path / 'out')!r}])\n"
        "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', "
        "'sqlmodel', 'alembic'}))"
    )
    env_cache = {"CHRONICLER_CACHE_DIR": str(tmp_path / "cache")}
    ran = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**__import__("os").environ, **env_cache},
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip().splitlines()[-1] == "0 []"
    assert (tmp_path / "out" / "site" / "cards.html").exists()


def test_a_url_journal_is_read_through_its_engine(tmp_path: Path, cards: Catalogue) -> None:
    from fakes import play_campaign

    from journal.recording import record_campaign
    from journal.website.publish import publish

    with open_journal(f"sqlite:///{tmp_path / 'by-url.db'}") as journal:
        assert journal.path is None
        record_campaign(journal, "Demo", play_campaign(seed=5), seed=5, catalogue=cards)
        done = publish(journal, "Demo", tmp_path / "out", catalogue=cards)
    assert (done.site_dir / "cards.html").exists()
