"""The published site of a Tags and Tracks campaign: the sheet as it stood after each change,
clocks drawn as clocks and tracks of steps as steps, rolls inline in the scenes' story; and
every name people typed reaches the pages as text that cannot run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_checks import broken_links, parse, runnable
from story_table import play

from journal.db import open_journal
from journal.tables import payloads as p
from journal.tables.site import build, drawing, read_story
from journal.website.publish import publish

HERE = Path(__file__).resolve().parent
PAYLOADS = [
    line
    for line in (HERE / "xss_payloads.txt").read_text(encoding="utf-8").splitlines()
    if line.strip()
]
MARKER = "PWNED"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("story")
    with open_journal(folder / "chronicle.db") as journal:
        journal.write(lambda s: play(s, PAYLOADS))
        done = publish(journal, "Salt Roads", folder / "out")
    return done.site_dir


def test_every_page_type_is_built_and_every_link_resolves(site: Path) -> None:
    for page in ("index.html", "tracks.html", "sessions/session-1.html"):
        assert (site / page).exists()
    assert len(list((site / "characters").glob("character-*.html"))) == 1 + len(PAYLOADS)
    assert broken_links(site) == []


def test_no_page_could_run_a_payload(site: Path) -> None:
    found = {str(p.relative_to(site)): runnable(p, MARKER) for p in sorted(site.rglob("*.html"))}
    assert {page: what for page, what in found.items() if what} == {}
    for page in site.rglob("*.html"):
        for tag, attrs in parse(page).tags:
            assert "data-pwned" not in attrs, (page, tag)


def test_the_hostile_words_survive_as_text(site: Path) -> None:
    session = (site / "sessions" / "session-1.html").read_text("utf-8")
    assert "&lt;script&gt;document.title=" in session


def test_a_clock_is_drawn_as_a_clock_of_its_wedges(site: Path) -> None:
    tracks = (site / "tracks.html").read_text("utf-8")
    clock = re.search(r'<svg class="clock".*?</svg>', tracks, re.S)
    assert clock is not None
    assert "Guards: 2 of 6" in clock.group(0)
    wedges = re.findall(r'<path d="[^"]*" fill="(#[0-9a-f]+)"', clock.group(0))
    assert wedges == ["#8d6e63"] * 2 + ["#ffffff"] * 4


def test_a_track_of_steps_is_drawn_as_steps_with_its_breaks(site: Path) -> None:
    tracks = (site / "tracks.html").read_text("utf-8")
    steps = re.search(r'<svg class="steps"[^>]*aria-label="Castle: ([^"]*)".*?</svg>', tracks, re.S)
    assert steps is not None
    assert steps.group(1) == "⦻∅∅∅|○○"  # burned under the ticks
    assert steps.group(0).count("<circle") == 6
    assert "after 4 steps: the outer wall stands (reached)" in tracks


def test_the_rolls_and_changes_sit_in_the_scene_they_happened_in(site: Path) -> None:
    session = (site / "sessions" / "session-1.html").read_text("utf-8")
    scene = session[session.index("Scene 1: At the gate") : session.index("Scene 2:")]
    assert "<strong>Guards</strong> ticks 2, now 2/6." in scene
    told = scene.index("The bells ring <em>twice</em>.")
    assert scene.index("Guards</strong> ticks") < told < scene.index("Castle")
    assert "takes a consequence: <strong>bruise −2</strong> (STR), promoted from −1." in scene


def test_the_character_page_shows_the_sheet_as_it_stood_after_each_change(site: Path) -> None:
    page = (site / "characters" / "character-1.html").read_text("utf-8")
    history = page[page.index("The sheet over time") :]
    rows = re.findall(r"<tr><td>(\d+)</td>", history)
    assert rows == ["1", "2", "3"]  # joined, then two consequences
    assert "sprain −1, bruise −2" in history
    assert "3/3 DEX" in page and "●●●●●" in page


def test_a_drawing_is_numbers_only(site: Path) -> None:
    d = drawing(p.TrackState(kind=p.TrackKind.CLOCK, size=3, value=1))
    assert [w.filled for w in d.wedges] == [True, False, False]
    assert all(re.fullmatch(r"[MLAZ0-9., \-]+", w.path) for w in d.wedges)


def test_the_story_pages_read_the_same_from_a_fresh_read(tmp_path: Path) -> None:
    with open_journal(tmp_path / "chronicle.db") as journal:
        journal.write(lambda s: play(s, []))
        with journal.reading() as s:
            first = build(read_story(s, "Salt Roads")).pages
        with journal.reading() as s:
            assert build(read_story(s, "Salt Roads")).pages == first
