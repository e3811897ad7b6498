"""The published site in a real browser: it renders, and no payload in the narration runs."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from test_xss import PAYLOADS, build_bundle_site, build_numbers_site, hostile_campaign

from journal.db import open_journal
from journal.website.publish import publish

CHROMIUM = Path("/usr/bin/chromium")
# CI sets this: there the page tests must run, so a missing browser fails them instead.
REQUIRED = os.environ.get("CHRONICLER_REQUIRE_BROWSER") == "1"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists() and not REQUIRED,
        reason="/usr/bin/chromium is missing (.ci/run installs Debian's chromium)",
    ),
]


def chromium(
    page: Path, profile: Path, *extra: str, query: str = ""
) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM.exists(), "CHRONICLER_REQUIRE_BROWSER=1 but /usr/bin/chromium is missing"
    return subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--virtual-time-budget=5000",
            *extra,
            page.as_uri() + query,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from fakes import fake_catalogue

    folder = tmp_path_factory.mktemp("browser")
    with open_journal(folder / "chronicle.db") as journal:
        name = hostile_campaign(journal)
        return publish(journal, name, folder / "out", catalogue=fake_catalogue()).site_dir


@pytest.mark.parametrize("number", [1, 2, 3, 11, 18, 21])
def test_no_payload_runs_when_the_scene_page_is_opened(
    hostile_site: Path, tmp_path: Path, number: int
) -> None:
    page = hostile_site / "scenes" / f"year-1-scene-{number}.html"
    shot = tmp_path / "scene.png"
    took = chromium(
        page, tmp_path / "profile-shot", f"--screenshot={shot}", "--window-size=1200,900"
    )
    assert took.returncode == 0, took.stderr[-2000:]
    assert shot.exists() and shot.stat().st_size > 10_000  # something was drawn
    dumped = chromium(page, tmp_path / "profile-dom", "--dump-dom")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    dom = dumped.stdout
    assert "</html>" in dom and "Before." in dom and "After." in dom  # the page did render
    title = dom[dom.index("<title>") + 7 : dom.index("</title>")]
    assert title.strip() != "PWNED"  # what every payload would set it to
    html_tag = dom[dom.index("<html") : dom.index(">", dom.index("<html"))]
    assert "data-pwned" not in html_tag  # what the payloads would set on <html>


def test_the_payload_list_reaches_every_scene(hostile_site: Path) -> None:
    assert len(list((hostile_site / "scenes").glob("*.html"))) == len(PAYLOADS)


def test_search_works_from_the_disk(tmp_path: Path) -> None:
    from fakes import fake_catalogue, play_campaign

    from journal.six_winters.recording import record_campaign

    with open_journal(tmp_path / "chronicle.db") as journal:
        record_campaign(journal, "Demo", play_campaign(seed=5), catalogue=fake_catalogue())
        site = publish(journal, "Demo", tmp_path / "out", catalogue=fake_catalogue()).site_dir
    searched = chromium(site / "index.html", tmp_path / "profile", "--dump-dom", query="?q=Wraith")
    assert searched.returncode == 0, searched.stderr[-2000:]
    found = re.search(r'md-search-result__meta">(\d+) matching document', searched.stdout)
    assert found and int(found.group(1)) >= 1, "search found nothing from file://"


def opened_in_chromium(site: Path, profile: Path) -> dict[str, str]:
    """Open every page of the site; what went wrong on each (empty: nothing ran)."""
    wrong: dict[str, str] = {}
    for page in sorted(site.rglob("*.html")):
        dumped = chromium(page, profile, "--dump-dom")
        dom = dumped.stdout
        name = str(page.relative_to(site))
        if dumped.returncode != 0 or "</html>" not in dom:
            wrong[name] = f"did not render: {dumped.stderr[-300:]}"
            continue
        title = dom[dom.index("<title>") + 7 : dom.index("</title>")]
        html_tag = dom[dom.index("<html") : dom.index(">", dom.index("<html"))]
        if title.strip() == "PWNED" or "data-pwned" in html_tag:
            wrong[name] = "a payload ran"
    return wrong


def test_no_payload_from_any_bundle_field_runs_on_any_page(tmp_path: Path) -> None:
    site, _ = build_bundle_site(tmp_path)
    assert opened_in_chromium(site, tmp_path / "profile") == {}


def test_no_number_carrying_a_payload_runs_on_any_page(tmp_path: Path) -> None:
    site = build_numbers_site(tmp_path)
    assert opened_in_chromium(site, tmp_path / "profile") == {}
