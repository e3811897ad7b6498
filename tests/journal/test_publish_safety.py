"""Nothing from the journal's data reaches a path, and publish follows no symbolic link."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import sqlite_only

from dsl.errors import ChroniclerError
from journal.db import Journal
from journal.website.pages import Site
from journal.website.publish import write_pages


@pytest.fixture
def demo_db(recorded: Journal) -> Path:
    return sqlite_only(recorded)


def test_a_scene_number_holding_a_path_cannot_write_outside_out(
    demo_db: Path, tmp_path: Path, cli
) -> None:  # type: ignore[no-untyped-def]
    readme = tmp_path / "x" / "README.md"
    readme.parent.mkdir()
    readme.write_text("mine")
    with sqlite3.connect(demo_db) as db:  # what a tampered journal or an old import could hold
        db.execute("UPDATE year_scene SET number = '1/../../../x/README' WHERE id = 1")
    ran = cli("publish", "--campaign", "Demo", "--out", str(tmp_path / "out" / "a"), db=demo_db)
    assert ran.code == 1 and ran.err.count("\n") == 1, ran.err
    assert "damaged" in ran.err and "scene.number" in ran.err
    assert readme.read_text() == "mine"
    assert not (tmp_path / "out" / "a" / "docs").exists()


def test_a_page_path_outside_docs_is_refused(tmp_path: Path) -> None:
    for hostile in ("../escape.md", "years/../../escape.md", "/tmp/escape.md", "a/b/c.md"):
        with pytest.raises(ChroniclerError, match="refusing to write a page"):
            write_pages(Site(name="X", pages={hostile: "# x"}), tmp_path / "out")
        assert not (tmp_path / "escape.md").exists()


@pytest.mark.parametrize("link", ["site", "docs", "mkdocs.yml", "site/years"])
def test_a_symbolic_link_inside_out_is_refused_and_its_target_untouched(
    demo_db: Path, tmp_path: Path, cli, link: str
) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    assert cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db).code == 0
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "keep.txt").write_text("keep")
    where = out / link
    if where.is_dir():
        import shutil

        shutil.rmtree(where)
    else:
        where.unlink()
    where.symlink_to(precious, target_is_directory=True)
    ran = cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db)
    assert ran.code == 1 and "symbolic link" in ran.err and ran.err.count("\n") == 1, ran.err
    assert sorted(p.name for p in precious.iterdir()) == ["keep.txt"]
    assert (precious / "keep.txt").read_text() == "keep"
