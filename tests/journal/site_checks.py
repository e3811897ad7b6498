"""Reading a built site back: its links, its tags, anything that could run."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster"}
DANGEROUS_SCHEMES = ("javascript:", "vbscript:", "data:text/html")


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data


def parse(page: Path) -> Tags:
    tags = Tags()
    tags.feed(page.read_text(encoding="utf-8"))
    return tags


def broken_links(site: Path) -> list[str]:
    broken = []
    for page in site.rglob("*.html"):  # 404.html too: publish makes its links relative
        for _tag, attrs in parse(page).tags:
            for name in ("href", "src"):
                url = attrs.get(name)
                if not url:
                    continue
                parts = urlsplit(url)
                if parts.scheme or url.startswith(("#", "//")):
                    continue
                target = (page.parent / unquote(parts.path)).resolve()
                if parts.path and not target.exists():
                    broken.append(f"{page.relative_to(site)} -> {url}")
    return broken


def runnable(page: Path, marker: str) -> list[str]:
    """What in the page could run a payload: handlers, script URLs, scripts naming the marker."""
    found = []
    parsed = parse(page)
    for tag, attrs in parsed.tags:
        for name, value in attrs.items():
            if name.startswith("on"):
                found.append(f"<{tag} {name}=...>")
            lowered = "".join(value.split()).lower()
            if name in URL_ATTRIBUTES and lowered.startswith(DANGEROUS_SCHEMES):
                found.append(f"<{tag} {name}={value[:40]}>")
        if tag in ("iframe", "object", "embed", "base"):
            found.append(f"<{tag}>")
        if (tag == "meta" and "http-equiv" in attrs) or (tag == "form" and "action" in attrs):
            found.append(f"<{tag} {' '.join(attrs)}>")
        source = attrs.get("src", "")
        if tag == "script" and source.lower().startswith(("http:", "https:", "//")):
            found.append(f"<script src={source}>")
    found += [f"<script>{s[:60]}" for s in parsed.scripts if marker.lower() in s.lower()]
    return found
