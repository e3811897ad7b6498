"""Nothing from the journal's data reaches a path, and publish follows no symbolic link."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from journal_testing import sqlite_only

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
        db.execute("UPDATE scene SET number = '1/../../../x/README' WHERE id = 1")
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


# --- publishing again: readers see the old site whole until the new one is whole -------------


def site_files(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted((out / "site").rglob("*"))
        if p.is_file()
    }


def test_while_publish_rebuilds_a_reader_finds_the_old_site_whole(
    demo_db: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from journal.website import publish

    out = tmp_path / "out"
    assert cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db).code == 0
    before = site_files(out)
    seen: list[dict[str, bytes]] = []
    build = publish.build_site

    def reading_while_building(config: Path) -> None:
        seen.append(site_files(out))  # what a reader finds while the new site is built
        build(config)
        seen.append(site_files(out))

    monkeypatch.setattr(publish, "build_site", reading_while_building)
    assert cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db).code == 0
    assert seen == [before, before]
    assert site_files(out).keys() == before.keys()


def test_a_publish_stopped_before_it_is_done_leaves_the_old_site(
    demo_db: Path, tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from journal.website import publish

    out = tmp_path / "out"
    assert cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db).code == 0
    before = site_files(out)
    build = publish.build_site

    def killed_after_building(config: Path) -> None:
        build(config)
        raise KeyboardInterrupt  # the last moment before the new site goes in

    monkeypatch.setattr(publish, "build_site", killed_after_building)
    assert cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db).code == 130
    assert site_files(out) == before
    monkeypatch.undo()
    again = cli("publish", "--campaign", "Demo", "--out", str(out), db=demo_db)
    assert again.code == 0, again.err
    assert site_files(out).keys() == before.keys()
    assert sorted(p.name for p in out.iterdir()) == [".cache", "docs", "mkdocs.yml", "site"]


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CHRONICLER_SLOW"), reason="slow: set CHRONICLER_SLOW=1")
def test_killed_at_any_moment_publish_leaves_a_whole_site(demo_db: Path, tmp_path: Path) -> None:
    """``chronicler publish`` SIGKILLed at random moments of publishing again (CHRONICLER_KILLS
    times, 20 by default): after each kill the site holds every file of a whole site."""
    out = tmp_path / "out"
    command = [sys.executable, "-m", "journal.cli", "publish", "--campaign", "Demo",
               "--out", str(out), "--db", str(demo_db)]  # fmt: skip
    started = time.perf_counter()
    assert subprocess.run(command, capture_output=True, check=False).returncode == 0
    seconds = time.perf_counter() - started
    whole = site_files(out).keys()
    rng = random.Random(34)
    for _ in range(int(os.environ.get("CHRONICLER_KILLS", "20"))):
        running = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.3 * seconds, 1.1 * seconds))
        running.send_signal(signal.SIGKILL)
        running.wait()
        assert site_files(out).keys() == whole
