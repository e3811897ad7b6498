"""MkDocs hook of the project's documentation site (``mkdocs.yml``, ``make docs``).

The site opens from the disk: plain ``.html`` URLs (``use_directory_urls: false``) and
Material's offline plugin, whose search runs in an iframe instead of a web worker. The plugin
would load its iframe-worker shim from a CDN; this hook puts the local copy the campaign sites
use (``journal/site_assets``) in the site instead, so the pages fetch nothing. MkDocs writes
``404.html`` for a web server (links from the server's root); the hook makes its links
relative, as ``chronicler publish`` does for a campaign's site.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ASSETS = Path(__file__).resolve().parent
SHIM = "iframe-worker-shim.js"


def on_files(files: Files, config: Any) -> Files:
    for name in (SHIM, "iframe-worker-LICENSE"):
        files.append(File.generated(config, f"assets/{name}", abs_src_path=str(ASSETS / name)))
    return files


def on_post_build(config: Any) -> None:
    from journal.website.publish import relative_404

    relative_404(Path(config["site_dir"]))
