"""Pages opened in Debian's Chromium through playwright-core (``tests/browser/pages.mjs``): the
script errors each raises, an expression evaluated in it, axe-core's accessibility violations.

The Node packages are ``tests/browser/package.json``'s, installed by ``.ci/run`` (``npm ci``).
Where CI requires the browser (``CHRONICLER_REQUIRE_BROWSER=1``) a missing Chromium, Node or
package fails the test; elsewhere the test is skipped and says what to install.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

BROWSER_TOOLS = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")
REQUIRED = os.environ.get("CHRONICLER_REQUIRE_BROWSER") == "1"


def missing() -> str | None:
    """What is missing to open pages, or None."""
    if not CHROMIUM.exists():
        return "/usr/bin/chromium is missing (.ci/run installs Debian's chromium)"
    if shutil.which("node") is None:
        return "node is missing (.ci/run installs Debian's nodejs)"
    for package in ("axe-core", "playwright-core"):
        if not (BROWSER_TOOLS / "node_modules" / package).is_dir():
            return f"{package} is missing: npm ci --prefix tests/browser"
    return None


def need_browser() -> None:
    """Skip the test (fail it where CI requires the browser) when pages cannot be opened."""
    why = missing()
    if why is None:
        return
    if REQUIRED:
        pytest.fail(f"CHRONICLER_REQUIRE_BROWSER=1 but {why}")
    pytest.skip(why)


def open_pages(
    pages: list[Path] | list[str],
    *,
    axe: bool = False,
    evaluate: str | None = None,
    width: int = 1280,
    height: int = 900,
    scale: float = 1,
) -> list[dict[str, Any]]:
    """Each page (a file or a URL) opened in turn; one result each, in order."""
    need_browser()
    job = {
        "pages": [p.resolve().as_uri() if isinstance(p, Path) else p for p in pages],
        "viewport": {"width": width, "height": height},
        "scale": scale,
        "axe": axe,
        "evaluate": evaluate,
        "chromium": str(CHROMIUM),
    }
    done = subprocess.run(
        ["node", str(BROWSER_TOOLS / "pages.mjs")],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    results: list[dict[str, Any]] = json.loads(done.stdout)
    return results
