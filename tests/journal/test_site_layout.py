"""The published chronicle in headless Chromium at a desktop width (1280 px) and a phone's
(390 px): screenshots of the pages, and what a reader would check on them.

- No page scrolls sideways (the document's scrollWidth is at most the viewport's width), and
  no table is cut off inside its box.
- A scene page shows its story above the fold.
- The map's labels are at least 11 px as drawn, and the obstacles' names are written out.
- The 404 page, opened from the disk, finds its stylesheets.

The measurements come from a harness page (in the test's temporary folder, not the site) that
opens each page in an iframe of the width to check and reads the laid-out page. Set
``CHRONICLER_SCREENSHOTS=DIR`` to keep the screenshots to look at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_browser import CHROMIUM, REQUIRED, chromium
from told import publish_told

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists() and not REQUIRED,
        reason="/usr/bin/chromium is missing (.ci/run installs Debian's chromium)",
    ),
]

DESKTOP = (1280, 900)
PHONE = (390, 844)  # a phone's CSS pixels
SMALLEST_LABEL = 11.0

HARNESS = """<!doctype html><meta charset="utf-8"><body><pre id="out">waiting</pre><script>
const PAGES = %(pages)s, SIZES = %(sizes)s;
function check(frame, page, width, height) {
  const d = frame.contentDocument, w = frame.contentWindow, root = d.documentElement;
  const inner = d.querySelector("article") || d.body;
  const cut = [...inner.querySelectorAll("table")].filter(
    t => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > root.clientWidth + 1
  ).map(t => t.textContent.slice(0, 40));
  const story = d.querySelector(".narration");
  const labels = [...d.querySelectorAll("svg.campaign-map text")].map(
    t => parseFloat(w.getComputedStyle(t).fontSize) * t.getScreenCTM().a
  );
  const chart = [...d.querySelectorAll("svg.skills-chart text")].map(
    t => parseFloat(w.getComputedStyle(t).fontSize) * t.getScreenCTM().a
  );
  const header = d.querySelector(".md-header");
  return {
    page, width, height,
    scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
    cutTables: cut,
    storyTop: story ? story.getBoundingClientRect().top : null,
    innerHeight: w.innerHeight,
    labels: labels.length,
    smallestLabel: labels.length ? Math.min(...labels) : null,
    chartLabels: chart.length,
    smallestChartLabel: chart.length ? Math.min(...chart) : null,
    obstacles: [...d.querySelectorAll("svg.campaign-map text.obstacle")].map(t => t.textContent),
    headerPosition: header ? w.getComputedStyle(header).position : null,
  };
}
function measure(page, width, height) {
  return new Promise(resolve => {
    const frame = document.createElement("iframe");
    frame.width = width; frame.height = height; frame.style.border = "0";
    frame.onload = () => setTimeout(() => {
      let found;
      try { found = check(frame, page, width, height); }
      catch (e) { found = {page, width, error: String(e)}; }
      frame.remove(); resolve(found);
    }, 400);
    frame.src = page;
    document.body.appendChild(frame);
  });
}
(async () => {
  const found = [];
  for (const page of PAGES) for (const [width, height] of SIZES)
    found.push(await measure(page, width, height));
  document.getElementById("out").textContent = "RESULT" + JSON.stringify(found) + "END";
})();
</script>"""


def measured(site: Path, pages: list[str], folder: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """Each page at each width, laid out by Chromium: what ``HARNESS`` reads of it."""
    harness = folder / "harness.html"
    sources = [(site / page).as_uri() for page in pages]
    harness.write_text(
        HARNESS % {"pages": json.dumps(sources), "sizes": json.dumps([DESKTOP, PHONE])},
        encoding="utf-8",
    )
    ran = chromium(
        harness,
        folder / "profile-measure",
        "--allow-file-access-from-files",
        "--dump-dom",
        "--virtual-time-budget=120000",
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    found = re.search(r'<pre id="out">RESULT(.*?)END</pre>', ran.stdout, re.S)
    assert found, f"the harness gave no result: {ran.stdout[-500:]}"
    results = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    by_page = {}
    for result in results:
        assert "error" not in result, result
        page = str(Path(result["page"].removeprefix("file://")).relative_to(site))
        by_page[(page, result["width"])] = result
    return by_page


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return publish_told(tmp_path_factory.mktemp("layout")).site_dir


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fake six-year campaign, as the demo publishes it (six years of sheets and maps)."""
    from fakes import fake_catalogue, play_campaign

    from journal.demo import run_demo

    folder = tmp_path_factory.mktemp("layout-demo")
    return run_demo(folder, 5, play=play_campaign, catalogue=fake_catalogue()).site_index.parent


PAGES = [
    "index.html",
    "timeline.html",
    "years/year-1.html",
    "scenes/year-1-scene-1.html",
    "scenes/year-2-scene-1.html",
    "characters/parin.html",
    "cards.html",
    "404.html",
]
DEMO_PAGES = [
    "index.html",
    "years/year-6.html",
    "characters/parin.html",
    "scenes/year-1-scene-1.html",
]


@pytest.fixture(scope="module")
def laid_out(
    site: Path, demo_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, int], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("harness")
    found = measured(site, PAGES, folder)
    demo = measured(demo_site, DEMO_PAGES, folder)
    found.update({(f"demo/{page}", width): value for (page, width), value in demo.items()})
    return found


@pytest.mark.parametrize("width", [DESKTOP[0], PHONE[0]])
def test_no_page_scrolls_sideways(laid_out: dict[tuple[str, int], Any], width: int) -> None:
    wide = {
        page: (r["scrollWidth"], r["clientWidth"])
        for (page, w), r in laid_out.items()
        if w == width and r["scrollWidth"] > r["clientWidth"]
    }
    assert wide == {}
    assert len([1 for (_p, w) in laid_out if w == width]) == len(PAGES) + len(DEMO_PAGES)


@pytest.mark.parametrize("width", [DESKTOP[0], PHONE[0]])
def test_every_table_fits_its_page(laid_out: dict[tuple[str, int], Any], width: int) -> None:
    cut = {page: r["cutTables"] for (page, w), r in laid_out.items() if w == width}
    assert {page: tables for page, tables in cut.items() if tables} == {}


@pytest.mark.parametrize("page", ["scenes/year-1-scene-1.html", "scenes/year-2-scene-1.html"])
@pytest.mark.parametrize("width", [DESKTOP[0], PHONE[0]])
def test_the_story_appears_above_the_fold_on_a_scene_page(
    laid_out: dict[tuple[str, int], Any], page: str, width: int
) -> None:
    found = laid_out[(page, width)]
    assert found["storyTop"] is not None
    # at least three lines of the story show before any scrolling
    assert found["storyTop"] < found["innerHeight"] - 80, found


@pytest.mark.parametrize("page", ["index.html", "years/year-1.html", "demo/years/year-6.html"])
def test_map_labels_are_legible_on_a_phone(laid_out: dict[tuple[str, int], Any], page: str) -> None:
    found = laid_out[(page, PHONE[0])]
    assert found["labels"] > 10
    assert found["smallestLabel"] >= SMALLEST_LABEL, found


@pytest.mark.parametrize("page", ["characters/parin.html", "demo/characters/parin.html"])
def test_the_skills_chart_is_legible_on_a_phone(
    laid_out: dict[tuple[str, int], Any], page: str
) -> None:
    found = laid_out[(page, PHONE[0])]
    assert found["chartLabels"] > 8
    assert found["smallestChartLabel"] >= SMALLEST_LABEL, found


def test_obstacle_names_show_on_the_map_without_hovering(
    laid_out: dict[tuple[str, int], Any],
) -> None:
    assert "Marsh Wraith" in laid_out[("years/year-1.html", PHONE[0])]["obstacles"]
    assert "Toll Collector" in laid_out[("index.html", PHONE[0])]["obstacles"]


def test_the_404_page_finds_its_stylesheets_from_the_disk(
    laid_out: dict[tuple[str, int], Any],
) -> None:
    # Material's stylesheet makes the header sticky; unstyled, it would be static.
    assert laid_out[("404.html", PHONE[0])]["headerPosition"] == "sticky"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("page", ["index.html", "scenes/year-1-scene-1.html", "years/year-1.html"])
def test_screenshots_are_taken_at_both_widths(
    site: Path, tmp_path: Path, page: str, size: tuple[int, int]
) -> None:
    shot = tmp_path / f"{page.replace('/', '_').removesuffix('.html')}-{size[0]}.png"
    took = chromium(
        site / page,
        tmp_path / "profile",
        f"--screenshot={shot}",
        f"--window-size={size[0]},{size[1]}",
        "--hide-scrollbars",
    )
    assert took.returncode == 0, took.stderr[-2000:]
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 10_000  # something was drawn
    width = int.from_bytes(data[16:20], "big")
    assert width == size[0]
    keep = os.environ.get("CHRONICLER_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, Path(keep) / shot.name)
