"""The project's documentation site builds strictly and covers every command-line verb."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def test_docs_site_builds_with_strict_checks(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "cli" / "index.html").exists()


def test_command_line_reference_is_generated_from_the_app() -> None:
    written = (ROOT / "docs" / "cli.md").read_text()
    assert written == generated_cli_reference(), "run `make cli-docs` to refresh docs/cli.md"


def test_every_docs_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text()
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    missing = [page for page in pages if page not in config]
    assert not missing, f"pages not in mkdocs.yml nav: {missing}"
