"""Turning what people wrote into HTML that cannot run anything.

Narration and challenge answers are Markdown. We render them to HTML ourselves (markdown-it-py,
CommonMark, in time linear in the text), clean the HTML with nh3 against a short allowlist, and
embed only the cleaned fragment in the pages. Every other string that reaches a page (names of
scenes, characters, cards, locations) goes through ``text``, which escapes HTML and Markdown
alike.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Mapping
from html.parser import HTMLParser

import nh3
from markdown_it import MarkdownIt

ALLOWED_TAGS = {
    "p", "br", "em", "strong", "b", "i", "blockquote", "ul", "ol", "li",
    "code", "pre", "a", "hr", "h4", "h5", "h6", "del", "sup", "sub",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = {"http", "https", "mailto"}

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")


class _Narration(MarkdownIt):
    """CommonMark with raw HTML off: a tag a player writes is shown as the text it is (an
    unclosed one would otherwise swallow the rest of the story). Python-Markdown, which MkDocs
    uses for our own pages, scans a paragraph again after each link it finds: a narration of
    many links took minutes (``benchmarks/bench_routes.py``)."""

    def validateLink(self, url: str) -> bool:
        """Only a link nh3 keeps is a link (http, https, mailto); any other stays as written,
        rather than an address made relative by percent-encoding ("jav%09ascript:...")."""
        scheme, colon, _ = url.partition(":")
        return bool(colon) and scheme.casefold() in URL_SCHEMES


_MARKDOWN = _Narration("commonmark", {"html": False})


def narration_html(source: str) -> str:
    """Markdown written by a player -> sanitised HTML fragment.

    Markdown's own links and emphasis work, and nh3 cleans what Markdown made.
    """
    return clean(_MARKDOWN.render(source or ""))


def clean(fragment: str) -> str:
    return nh3.clean(
        fragment,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


def linked(fragment: str, pages: Mapping[str, str], whole: Collection[str] = ()) -> str:
    """A cleaned fragment (``narration_html``) with the first mention of each name in
    ``pages`` (name -> relative URL of its page) made a link, as a wiki links an entity the
    first time an article names it. Names inside a link or code are left alone; a longer name
    wins over a shorter one inside it ("Boar's Rift" over "Boar"), and so does every name of
    ``whole``, linked or not: a card's name inside a scene's title ("Mad Honey" in "Find the
    Mad Honey Supplier") is never linked. The result is cleaned again, so nothing but a plain
    link can come of it."""
    if not pages or not fragment:
        return fragment
    names = sorted({n for n in (*pages, *whole) if n.strip()}, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
    linker = _Linker(pattern, pages)
    linker.feed(fragment)
    linker.close()
    return clean("".join(linker.out))


class _Linker(HTMLParser):
    """Copies a fragment, linking names in its text (see ``linked``)."""

    def __init__(self, pattern: re.Pattern[str], pages: Mapping[str, str]) -> None:
        super().__init__(convert_charrefs=True)
        self.pattern, self.pages = pattern, pages
        self.out: list[str] = []
        self.inside = 0  # depth of <a>, <code> and <pre> around the text
        self.done: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        shown = "".join(f' {k}="{attr(v or "")}"' for k, v in attrs)
        self.out.append(f"<{tag}{shown}>")
        self.inside += tag in ("a", "code", "pre")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        shown = "".join(f' {k}="{attr(v or "")}"' for k, v in attrs)
        self.out.append(f"<{tag}{shown} />")

    def handle_endtag(self, tag: str) -> None:
        self.out.append(f"</{tag}>")
        if tag in ("a", "code", "pre") and self.inside:
            self.inside -= 1

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.out.append(attr(data))
            return
        last = 0
        for found in self.pattern.finditer(data):
            name = found.group(1)
            if name in self.done or name not in self.pages:  # a whole name, kept whole
                continue
            self.done.add(name)
            self.out.append(attr(data[last : found.start()]))
            self.out.append(f'<a href="{attr(self.pages[name])}">{attr(name)}</a>')
            last = found.end()
        self.out.append(attr(data[last:]))


def text(value: object) -> str:
    """A plain string for a Markdown page: no HTML, no Markdown syntax survives."""
    escaped = html.escape("" if value is None else str(value), quote=True)
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", escaped)
    return " ".join(escaped.split())


def attr(value: object) -> str:
    """A string for an HTML attribute or SVG text node."""
    return html.escape("" if value is None else str(value), quote=True)
