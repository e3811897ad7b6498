"""Turning what people wrote into HTML that cannot run anything.

Narration and challenge answers are Markdown. We render them to HTML ourselves, clean the HTML
with nh3 against a short allowlist, and embed only the cleaned fragment in the pages. Every other
string that reaches a page (names of scenes, characters, cards, locations) goes through
``text``, which escapes HTML and Markdown alike.
"""

from __future__ import annotations

import html
import re

import markdown
import nh3

ALLOWED_TAGS = {
    "p", "br", "em", "strong", "b", "i", "blockquote", "ul", "ol", "li",
    "code", "pre", "a", "hr", "h4", "h5", "h6", "del", "sup", "sub",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = {"http", "https", "mailto"}

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")


def narration_html(source: str) -> str:
    """Markdown written by a player -> sanitised HTML fragment.

    Raw HTML is shown as the text it is (an unclosed tag would otherwise swallow the rest of
    the story); Markdown's own links and emphasis work, and nh3 cleans what Markdown made.
    """
    rendered = markdown.markdown((source or "").replace("<", "&lt;"), output_format="html")
    return clean(rendered)


def clean(fragment: str) -> str:
    return nh3.clean(
        fragment,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


def text(value: object) -> str:
    """A plain string for a Markdown page: no HTML, no Markdown syntax survives."""
    escaped = html.escape("" if value is None else str(value), quote=True)
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", escaped)
    return " ".join(escaped.split())


def attr(value: object) -> str:
    """A string for an HTML attribute or SVG text node."""
    return html.escape("" if value is None else str(value), quote=True)
