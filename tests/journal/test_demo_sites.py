"""Both rulesets' demo sites as a reader meets them: every page passes axe-core's checks in
Chromium with no serious or critical violation (at a desktop's width and a phone's), names are
linked whole, a page tells link previews what it is, scenes and sessions lead to the next, card
faces are sharp on a phone, and a Tags and Tracks session reads as a story."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from PIL import Image

from journal.demo import run_demo, run_story_demo

SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def six_winters_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``chronicler demo``: the bots' six years, with the engine and the real card text."""
    return run_demo(tmp_path_factory.mktemp("six-winters"), 27).site_index.parent


@pytest.fixture(scope="module")
def tags_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``chronicler demo --ruleset tags-and-tracks``: two sessions a GM recorded."""
    return run_story_demo(tmp_path_factory.mktemp("tags-and-tracks")).site_index.parent


def pages_of(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# -- accessibility ------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("which", ["six_winters_site", "tags_site"])
def test_no_page_has_a_serious_accessibility_violation(
    which: str, width: int, request: pytest.FixtureRequest
) -> None:
    from pages_in_browser import open_pages

    site: Path = request.getfixturevalue(which)
    pages = pages_of(site)
    results = open_pages(pages, axe=True, width=width, height=844 if width < 500 else 900)
    assert len(results) == len(pages)
    found = {
        f"{Path(r['url']).relative_to(site.resolve().as_uri().removeprefix('file://'))}: "
        f"{v['id']} ({v['impact']}) at {v['nodes'][:2]}"
        for r in results
        for v in r["violations"]
        if v["impact"] in SERIOUS
    }
    assert not found, sorted(found)[:20]
    assert all(r["errors"] == [] for r in results), [r for r in results if r["errors"]][:3]


@pytest.mark.browser
def test_the_map_scrolls_from_the_keyboard_on_a_phone(six_winters_site: Path) -> None:
    from pages_in_browser import open_pages

    check = """(() => {
      const map = document.querySelector("div.map");
      const wide = map.scrollWidth > map.clientWidth;
      map.focus();
      const focused = document.activeElement === map;
      map.scrollLeft = 0;
      return {wide: wide, focused: focused, label: map.getAttribute("aria-label"),
              search: document.querySelector(".md-search").getAttribute("aria-label")};
    })()"""
    [home] = open_pages([six_winters_site / "index.html"], evaluate=check, width=390, height=844)
    assert home["value"]["wide"]  # a phone shows part of it: it scrolls in its box
    assert home["value"]["focused"]  # Tab reaches it, so the arrow keys scroll it
    assert home["value"]["label"].startswith("The map after year")
    assert home["value"]["search"] == "Search"  # the search dialog has a name


def test_no_table_has_an_empty_header(six_winters_site: Path, tags_site: Path) -> None:
    for page in [*pages_of(six_winters_site), *pages_of(tags_site)]:
        headers = re.findall(r"<th[^>]*>(.*?)</th>", page.read_text("utf-8"), re.S)
        assert all(re.sub(r"<[^>]+>", "", h).strip() for h in headers), page


# -- names linked whole -------------------------------------------------------------------------


def test_a_card_is_never_linked_inside_a_longer_name(six_winters_site: Path) -> None:
    """In every story, a name the card text knows (a scene's title, a card's) is whole: no
    link to a shorter name cuts into it ("Mad Honey" in "Find the Mad Honey Supplier")."""
    from dsl.loader import load_ruleset

    names = {c.name for c in load_ruleset("six-winters").all_cards}
    links = 0
    for page in pages_of(six_winters_site):
        for block in re.findall(
            r'<div class="narration[^"]*">(.*?)</div>', page.read_text("utf-8"), re.S
        ):
            story = html.unescape(block)
            with_links = re.sub(r"<(?!/?a[ >])[^>]*>", "", story)  # only the links' tags left
            text = re.sub(r"<[^>]*>", "", with_links)
            links += with_links.count("</a>")
            for name in names:
                if name in text:
                    assert name in with_links, (page.name, name)
    assert links > 20  # the demo's stories name many cards and scenes, linked


def test_linking_keeps_a_whole_name_whole() -> None:
    from journal.website.sanitize import linked

    story = "<p>They set out to Find the Mad Honey Supplier. The Mad Honey was gone.</p>"
    done = linked(story, {"Mad Honey": "cards.html#m"}, whole={"Find the Mad Honey Supplier"})
    assert "Find the Mad Honey Supplier." in done  # the scene's title, untouched
    assert 'The <a href="cards.html#m" rel="noopener noreferrer nofollow">Mad Honey</a>' in done


# -- sharing: descriptions, link previews, sitemap, the scene before and after --------------------


def test_every_page_has_a_description_and_link_preview_tags(
    six_winters_site: Path, tags_site: Path
) -> None:
    for page in [*pages_of(six_winters_site), *pages_of(tags_site)]:
        if page.name == "404.html":
            continue
        html = page.read_text("utf-8")
        for tag in ('name="description"', 'property="og:title"', 'property="og:description"'):
            assert re.search(rf"<meta {tag} content=\"[^\"]+\">", html), (page, tag)
    scene = (six_winters_site / "scenes" / "year-1-scene-1.html").read_text("utf-8")
    description = re.search(r'<meta name="description" content="([^"]+)">', scene)
    assert description and description.group(1).startswith("Year 1, scene 1 of The Winters")


def test_a_site_published_without_its_address_has_no_empty_sitemap(six_winters_site: Path) -> None:
    assert not (six_winters_site / "sitemap.xml").exists()


def test_a_site_published_with_its_address_has_a_sitemap_of_every_page(
    six_winters_site: Path, tmp_path: Path
) -> None:
    from journal.cli import main

    journal = six_winters_site.parent.parent / "chronicle.db"
    out = tmp_path / "public"
    code = main(
        [
            "publish",
            "--db",
            str(journal),
            "--campaign",
            "The Winters of Brightdune",
            "--out",
            str(out),
            "--site-url",
            "https://example.org/brightdune",
        ]
    )
    assert code == 0
    sitemap = (out / "site" / "sitemap.xml").read_text("utf-8")
    listed = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
    pages = {
        "https://example.org/brightdune/" + p.relative_to(out / "site").as_posix()
        for p in (out / "site").rglob("*.html")
        if p.name != "404.html"
    }
    assert listed == pages
    home = (out / "site" / "index.html").read_text("utf-8")
    assert '<meta property="og:url" content="https://example.org/brightdune/index.html">' in home


def test_each_scene_leads_to_the_scene_before_and_after(six_winters_site: Path) -> None:
    scenes = sorted(
        (six_winters_site / "scenes").glob("*.html"),
        key=lambda p: [int(n) for n in re.findall(r"\d+", p.name)],
    )
    assert len(scenes) > 3
    for k, page in enumerate(scenes):
        html = page.read_text("utf-8")
        before = re.search(r'rel="prev" href="\.\./scenes/([^"]+)"', html)
        after = re.search(r'rel="next" href="\.\./scenes/([^"]+)"', html)
        assert (before.group(1) if before else None) == (scenes[k - 1].name if k else None)
        following = scenes[k + 1].name if k + 1 < len(scenes) else None
        assert (after.group(1) if after else None) == following


# -- card faces ---------------------------------------------------------------------------------


def test_card_faces_are_drawn_at_twice_the_size_they_are_shown(six_winters_site: Path) -> None:
    page = (six_winters_site / "cards" / "asset.html").read_text("utf-8")
    shown = re.findall(r'<img src="([^"]+)" alt="[^"]*" width="(\d+)" height="(\d+)"', page)
    assert shown
    for src, width, height in shown:
        drawn = Image.open(six_winters_site / "cards" / src)
        assert drawn.size == (2 * int(width), 2 * int(height))  # sharp on a 2x phone screen


def test_the_card_gallery_page_shows_each_cards_face(six_winters_site: Path) -> None:
    page = (six_winters_site / "cards.html").read_text("utf-8")
    headings = re.findall(r'<h3 id="card-[^"]+"', page)
    faces = re.findall(r'<p class="card-face-row"><img src="(cards/img/[^"]+)"', page)
    assert len(headings) > 20 and len(faces) == len(headings)  # every card met, its face
    assert all((six_winters_site / face).is_file() for face in faces)


# -- Tags and Tracks: a story, not a transcript ---------------------------------------------------


def test_a_session_reads_as_a_story_with_a_dice_badge_for_each_roll(tags_site: Path) -> None:
    page = (tags_site / "sessions" / "session-1.html").read_text("utf-8")
    body = page[page.index("Session 1: The Drowned Market") :]
    assert "-&gt;" not in body and "->" not in body.split("</article>")[0]  # no ASCII arrows
    badges = re.findall(r'<span class="dice-badge" role="img" aria-label="dice ([^"]+)">', body)
    assert badges == ["2, 5, 4: minor success", "3, 6, 5: major success"]
    assert "rolled <strong>bash 3</strong>: minor success, 2 hits." in body
    assert '<span class="die top">5</span>' in body  # the die that counts, marked
    assert "<li>" not in body.split('<nav class="story-pager"')[0]  # no line per command
    assert 'href="../sessions/session-2.html" rel="next"' in body


def test_the_home_page_tells_the_story_so_far(tags_site: Path) -> None:
    page = (tags_site / "index.html").read_text("utf-8")
    so_far = page[
        page.index("The story so far") : page.index("<h2", page.index("The story so far"))
    ]
    assert "Three bored soldiers hold the only bridge over the gorge." in so_far
    assert "His verse about their sergeant" in so_far  # the scene's story told between rolls
    assert 'href="sessions/session-2.html#scene-1">The toll bridge</a>' in so_far
