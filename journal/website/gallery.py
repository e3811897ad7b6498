"""The site's card faces: the cards as ``chronicler print`` draws them, one page per card kind.

A page shows only the cards the campaign has met (its schemes, characters, scenes and their
locations, the cards played, the locations and obstacles on its maps, the conditions on its
sheets), unless the site is published with spoilers; each card links to the scene pages where
it was met, and a filter box narrows the page by name or text. Every value reaching HTML goes
through the autoescaping Jinja2 template below. The faces are PNGs rasterised through the
image cache of ``journal.printing.raster``, so publishing again redraws nothing that did not
change.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from dsl.errors import ChroniclerError
from journal.words import face_alt, kind_title

if TYPE_CHECKING:
    from journal.db import Journal
    from journal.website.rows import CampaignRows

GALLERY_DPI = 200  # a face drawn 500 x 700 pixels, shown 250 x 350: sharp on a phone's 2x screen
SHOWN_SCALE = 2  # pixels drawn per pixel shown
GALLERY_FOLDER = "cards"


SCRIPT = """\
// The card gallery's filter: hide the faces whose name and text do not hold what is typed.
(function () {
  function wire() {
    document.querySelectorAll("input.card-filter").forEach(function (input) {
      var gallery = input.closest(".card-gallery");
      input.addEventListener("input", function () {
        var wanted = input.value.trim().toLowerCase();
        gallery.querySelectorAll("figure.card-face").forEach(function (card) {
          card.hidden = wanted !== "" && card.dataset.search.indexOf(wanted) < 0;
        });
      });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
"""

STYLE = """\
.card-gallery .card-filter { width: 100%; padding: 0.4em 0.6em; margin-bottom: 1em; }
.card-gallery .card-faces { display: flex; flex-wrap: wrap; gap: 1.2em; }
.card-gallery figure.card-face { margin: 0; width: 250px; }
.card-gallery figure.card-face img { width: 250px; height: auto; border-radius: 10px; }
.card-gallery figure.card-face[hidden] { display: none; }
.card-gallery figcaption { font-size: 0.75rem; }
.md-typeset .card-face-row img { width: 250px; height: auto; border-radius: 10px; }
"""

# The page body: autoescaped, so a card name or a scene title is text, never markup.
_PAGE = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True).from_string(
    "\n".join(
        [
            '<div class="card-gallery">',
            '<input type="search" class="card-filter" aria-label="Filter {{ title | lower }}"',
            ' placeholder="Filter {{ title | lower }} by name or text">',
            '<div class="card-faces">',
            "{% for card in cards %}",
            '<figure class="card-face" data-search="{{ card.search }}">',
            '<img src="{{ card.image }}" alt="{{ card.alt }}" width="{{ width }}"'
            ' height="{{ height }}" loading="lazy">',
            "<figcaption><strong>{{ card.name }}</strong>",
            "{% if card.scenes %}<br>Met in {% for scene in card.scenes %}"
            '<a href="{{ scene.href }}">{{ scene.label }}</a>{{ ", " if not loop.last }}'
            "{% endfor %}",
            "{% elif spoilers %}<br>Not met in this campaign",
            "{% endif %}",
            "</figcaption>",
            "</figure>",
            "{% endfor %}",
            "</div>",
            "</div>",
        ]
    )
)


@dataclass(frozen=True)
class SceneLink:
    href: str
    label: str


@dataclass
class CardsMet:
    """The card names a campaign met, and the scene pages where each was met."""

    names: set[str] = field(default_factory=set)
    scenes: dict[str, list[SceneLink]] = field(default_factory=dict)

    def meet(self, name: str | None, link: SceneLink | None = None) -> None:
        if not name:
            return
        self.names.add(name.casefold())
        if link is not None:
            links = self.scenes.setdefault(name.casefold(), [])
            if link not in links:
                links.append(link)


def cards_met(rows: CampaignRows) -> CardsMet:
    from journal.website.pages import scene_page_name

    met = CardsMet()
    for session in rows.sessions():
        met.meet(session.scheme)
        for character in session.characters or []:
            met.meet(character)
        for scene in rows.scenes_of(session):
            page = scene_page_name(session.year, scene.number)
            link = SceneLink(
                f"../{page.removesuffix('.md')}.html",
                f"{session.year}.{scene.number} {scene.scene}",
            )
            met.meet(scene.scene, link)
            met.meet(scene.location, link)
            for play in rows.plays_of(scene):
                met.meet(play.card, link)
        for placed in rows.map_as_of(session.year):
            met.meet(placed.name)
            for obstacle in placed.obstacles or []:
                met.meet(obstacle)
    for character in rows.characters():
        met.meet(character.name)
        for sheet in rows.sheets(character):
            for condition in sheet.conditions or []:
                met.meet(condition)
    return met


@dataclass
class Gallery:
    """The gallery's Markdown pages and files (paths under the site's docs/) and its nav."""

    pages: dict[str, str] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    nav: list[dict[str, str]] = field(default_factory=list)
    faces: dict[tuple[str, str], str] = field(default_factory=dict)  # (kind, name) -> image
    size: tuple[int, int] = (0, 0)  # a face as shown, in CSS pixels


def card_gallery(
    rows: CampaignRows, *, spoilers: bool = False, cache: Path | None = None
) -> Gallery | None:
    """The face gallery of the campaign's ruleset; None when it has no faces to draw."""
    from journal.printing.faces import FaceSet
    from journal.printing.output import unique_slugs
    from journal.printing.raster import pixels, rasterise

    ruleset = str(getattr(rows.campaign, "ruleset", "six_winters") or "six_winters")
    from rules import registry

    try:
        game = registry.find(ruleset)
        compiled = game.compiled()  # the engine's own: compiled once a process
        faces = FaceSet(
            game.printing.faces,
            bleed_mm=0,
            regions=compiled.vocabulary.titles,
            under=game.printing.under,
        )
    except ChroniclerError:
        return None  # no faces/ folder, or card text that does not compile right now
    met = cards_met(rows)
    chosen = [
        c
        for c in compiled.all_cards
        if faces.has_layout(c.kind) and (spoilers or c.name.casefold() in met.names)
    ]
    drawn = [faces.front(card) for card in chosen]
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    images = rasterise(drawn, GALLERY_DPI, kind="png", cache=cache)
    gallery = Gallery()
    drawn_size = pixels(drawn[0], GALLERY_DPI) if drawn else (0, 0)
    width, height = (n // SHOWN_SCALE for n in drawn_size)
    gallery.size = (width, height)
    kinds = [k for k in compiled.vocabulary.card_kinds if any(c.kind == k for c in chosen)]
    for kind in kinds:
        of_kind = [(c, image) for c, image in zip(chosen, images, strict=True) if c.kind == kind]
        slugs = unique_slugs([c.name for c, _ in of_kind])
        shown = []
        for card, image in of_kind:
            path = f"img/{kind}/{slugs[card.name]}.png"
            gallery.files[f"{GALLERY_FOLDER}/{path}"] = image
            gallery.faces[(kind, card.name)] = f"{GALLERY_FOLDER}/{path}"
            shown.append(
                {
                    "name": card.name,
                    "alt": face_alt(card.name, card.printed),
                    "image": path,
                    "search": " ".join([card.name, kind, *card.printed]).casefold(),
                    "scenes": met.scenes.get(card.name.casefold(), []),
                }
            )
        title = kind_title(kind)
        body = _PAGE.render(cards=shown, title=title, width=width, height=height, spoilers=spoilers)
        count = f"{len(shown)} {'card' if len(shown) == 1 else 'cards'}"
        scope = "" if spoilers else " the campaign has met"
        intro = f"{count}{scope}, as `chronicler print` draws them."
        page = f"{GALLERY_FOLDER}/{kind}.md"
        gallery.pages[page] = f"# {title}\n\n{intro}\n\n{body}\n"
        gallery.nav.append({title: page})
    gallery.files[f"{GALLERY_FOLDER}/gallery.js"] = SCRIPT.encode()
    gallery.files[f"{GALLERY_FOLDER}/gallery.css"] = STYLE.encode()
    return gallery


@contextmanager
def campaign_rows(journal: Journal, campaign_name: str) -> Iterator[CampaignRows]:
    """The campaign's rows, read as ``journal.website.publish.generate`` reads them."""
    from journal.website.rows import OrmRows, sqlite_rows

    if journal.path is not None:
        with sqlite_rows(journal.path, campaign_name) as rows:
            yield rows
        return
    with journal.reading() as s:
        yield OrmRows(s, campaign_name)


def add_to_site(site: Any, gallery: Gallery) -> None:
    """Put the face pages in the site: under "Card gallery" in the navigation, after the card
    text page (``cards.md``), which links to them."""
    site.pages.update(gallery.pages)
    site.files.update(gallery.files)
    site.extra_css.append(f"{GALLERY_FOLDER}/gallery.css")
    site.extra_javascript.append(f"{GALLERY_FOLDER}/gallery.js")
    for k, entry in enumerate(site.nav):
        if isinstance(entry, dict) and entry.get("Card gallery") == "cards.md":
            site.nav[k] = {"Card gallery": [{"Card text": "cards.md"}, *gallery.nav]}
    text = site.pages.get("cards.md")
    if text and gallery.nav:
        links = " · ".join(
            f"[{title}]({page})" for entry in gallery.nav for title, page in entry.items()
        )
        heading, _, rest = text.partition("\n\n")
        site.pages["cards.md"] = f"{heading}\n\nCard faces: {links}\n\n{rest}"
