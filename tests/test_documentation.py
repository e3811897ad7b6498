"""The project's documentation site builds strictly, covers every command-line verb, and works
opened from the disk (``site/index.html``): every link names a file, search answers."""

from __future__ import annotations

import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent


def generated_cli_reference() -> str:
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli_docs"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


@pytest.fixture(scope="module")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ``make docs`` builds it (strictly)."""
    site = tmp_path_factory.mktemp("docs") / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return site


def test_docs_site_builds_with_strict_checks(docs_site: Path) -> None:
    assert (docs_site / "index.html").exists()
    assert (docs_site / "cli.html").exists()  # a page is a file, not a folder's index


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("href", "src") and v]


def test_every_link_of_the_docs_site_names_a_file_on_the_disk(docs_site: Path) -> None:
    """Opened from the disk, a link to a folder shows the browser's "Index of ..." listing."""
    wrong = []
    pages = sorted(docs_site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        links = _Links()
        links.feed(page.read_text(encoding="utf-8"))
        for link in links.found:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path:  # elsewhere, or on this page
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                wrong.append(f"{page.relative_to(docs_site)}: {link}")
    assert not wrong, wrong[:20]


def test_the_docs_site_fetches_nothing_from_the_network(docs_site: Path) -> None:
    index = (docs_site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis.com" not in index and "unpkg.com" not in index
    assert (docs_site / "assets" / "iframe-worker-shim.js").is_file()


def test_the_docs_site_searches_and_navigates_from_the_disk(docs_site: Path) -> None:
    from pages_in_browser import open_pages

    wait_for_results = """new Promise((resolve) => {
      const look = () => {
        const meta = document.querySelector(".md-search-result__meta");
        if (meta && /\\d/.test(meta.textContent)) { resolve(meta.textContent); return; }
        setTimeout(look, 100);
      };
      look();
      setTimeout(() => resolve(null), 10000);
    })"""
    query = (docs_site / "index.html").as_uri() + "?q=bleed"
    [searched] = open_pages([query], evaluate=wait_for_results)
    assert searched["errors"] == []
    assert searched["value"] and int(searched["value"].split()[0]) >= 1, searched["value"]
    nav_target = """Array.from(document.querySelectorAll("nav a"))
      .find((a) => a.textContent.trim() === "Printing your cards").href"""
    [home] = open_pages([docs_site / "index.html"], evaluate=nav_target)
    assert home["value"].endswith("/printing.html")
    [printing] = open_pages([home["value"]], evaluate="document.title")
    assert printing["value"].startswith("Printing your cards")


def test_command_line_reference_is_generated_from_the_app() -> None:
    written = (ROOT / "docs" / "cli.md").read_text()
    assert written == generated_cli_reference(), "run `make cli-docs` to refresh docs/cli.md"


def test_every_docs_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text()
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    missing = [page for page in pages if page not in config]
    assert not missing, f"pages not in mkdocs.yml nav: {missing}"
