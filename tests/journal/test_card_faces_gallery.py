"""The site's card faces: a page per kind of the cards the campaign met, linked to its scenes."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from site_checks import broken_links, parse

from journal.website.gallery import GALLERY_DPI, card_gallery

# -- a campaign told in a few rows ----------------------------------------------------------------


@dataclass
class Row:
    values: dict[str, Any]

    def __getattr__(self, name: str) -> Any:
        return self.values.get(name)


@dataclass
class Rows:
    """The rows of a one-year campaign: one scene, the cards played in it."""

    scene: str = "Find the Source of the Gasping Spores"
    played: list[str] = field(default_factory=lambda: ["Whisper Drip", "The Old Wounds"])
    campaign: Row = field(default_factory=lambda: Row({"name": "Test", "ruleset": "six_winters"}))

    def sessions(self) -> list[Row]:
        return [
            Row(
                {"id": 1, "year": 1, "scheme": "Sow Discord in Brightdune", "characters": ["Parin"]}
            )
        ]

    def scenes_of(self, session: Row) -> list[Row]:
        return [Row({"id": 1, "number": 2, "scene": self.scene, "location": "Eastkeep"})]

    def plays_of(self, scene: Row) -> list[Row]:
        return [Row({"card": name}) for name in self.played]

    def map_as_of(self, year: int) -> list[Row]:
        return [Row({"name": "Yearly Field", "obstacles": ["Mole Hunt"]})]

    def characters(self) -> list[Row]:
        return [Row({"id": 1, "name": "Parin"})]

    def sheets(self, character: Row) -> list[Row]:
        return [Row({"conditions": ["Bruised Ribs"]})]


def names_on(page: str) -> list[str]:
    return [attrs["alt"].split(":")[0] for tag, attrs in _tags(page) if tag == "img"]


def _tags(page: str) -> list[tuple[str, dict[str, str]]]:
    from site_checks import Tags

    tags = Tags()
    tags.feed(page)
    return tags.tags


def test_only_the_cards_the_campaign_met_have_faces() -> None:
    gallery = card_gallery(Rows())
    assert gallery is not None
    shown = {page: names_on(text) for page, text in gallery.pages.items()}
    assert shown == {
        "cards/asset.md": ["Whisper Drip"],
        "cards/obstacle.md": ["The Old Wounds", "Mole Hunt"],  # played; on the map
        "cards/location.md": ["Yearly Field", "Eastkeep"],  # ruleset order
        "cards/scene.md": ["Find the Source of the Gasping Spores"],
        "cards/scheme.md": ["Sow Discord in Brightdune"],
        "cards/character.md": ["Parin"],
        "cards/condition.md": ["Bruised Ribs"],  # on a sheet
    }
    assert "2 cards the campaign has met" in gallery.pages["cards/obstacle.md"]


def test_spoilers_show_every_card(six_winters_cards: Any) -> None:
    gallery = card_gallery(Rows(), spoilers=True)
    assert gallery is not None
    shown = sum(len(names_on(text)) for text in gallery.pages.values())
    assert shown == six_winters_cards
    assert "Not met in this campaign" in gallery.pages["cards/asset.md"]


@pytest.fixture(scope="module")
def six_winters_cards() -> int:
    from dsl.loader import load_ruleset

    return len(load_ruleset("six-winters").all_cards)


def test_each_face_links_to_the_scenes_where_it_was_met() -> None:
    gallery = card_gallery(Rows())
    assert gallery is not None
    page = gallery.pages["cards/asset.md"]
    links = [attrs["href"] for tag, attrs in _tags(page) if tag == "a"]
    assert links == ["../scenes/year-1-scene-2.html"]
    assert "1.2 Find the Source of the Gasping Spores" in page
    # Met on the map but in no scene: no link.
    obstacles = gallery.pages["cards/obstacle.md"]
    mole_hunt = obstacles[obstacles.index("Mole Hunt") :]
    assert "Met in" not in mole_hunt[: mole_hunt.index("</figure>")]


def test_each_face_is_the_printed_card_image() -> None:
    gallery = card_gallery(Rows())
    assert gallery is not None
    image = gallery.files["cards/img/asset/whisper-drip.png"]
    width, height = Image.open(io.BytesIO(image)).size
    assert (width, height) == (round(2.5 * GALLERY_DPI), round(3.5 * GALLERY_DPI))
    assert 'src="img/asset/whisper-drip.png"' in gallery.pages["cards/asset.md"]


def test_a_page_has_a_filter_box_and_its_script() -> None:
    gallery = card_gallery(Rows())
    assert gallery is not None
    tags = _tags(gallery.pages["cards/scene.md"])
    assert ("input", {"type": "search", "class": "card-filter"}) in [
        (t, {k: a[k] for k in ("type", "class") if k in a}) for t, a in tags
    ]
    script = gallery.files["cards/gallery.js"].decode()
    assert "card.hidden" in script and "innerHTML" not in script


def test_a_scene_title_with_markup_is_text() -> None:
    gallery = card_gallery(Rows(scene='<script>alert("x")</script>', played=["Whisper Drip"]))
    assert gallery is not None
    page = gallery.pages["cards/asset.md"]
    assert "<script>" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page


# -- published ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from fakes import fake_catalogue, play_campaign

    from journal.db import open_journal
    from journal.six_winters.recording import record_campaign
    from journal.website.publish import publish

    folder = tmp_path_factory.mktemp("faces")
    cards = fake_catalogue()
    with open_journal(folder / "chronicle.db") as journal:
        record_campaign(journal, "Demo", play_campaign(seed=5), seed=5, catalogue=cards)
        done = publish(journal, "Demo", folder / "out", catalogue=cards)
    return done.site_dir


def test_the_published_site_has_the_face_pages_in_its_gallery(published: Path) -> None:
    pages = sorted(p.name for p in (published / "cards").glob("*.html"))
    assert pages and all(
        p.removesuffix(".html")
        in {
            "ability",
            "asset",
            "character",
            "condition",
            "event",
            "location",
            "obstacle",
            "scene",
            "scheme",
        }
        for p in pages
    )
    for page in (published / "cards").glob("*.html"):
        for tag, attrs in parse(page).tags:
            if tag == "img" and attrs["src"].startswith("img/"):
                assert (page.parent / attrs["src"]).is_file()
    gallery = (published / "cards.html").read_text()
    linked = {f'href="cards/{p.name}"' for p in (published / "cards").glob("*.html")}
    assert linked and all(link in gallery for link in linked)
    assert broken_links(published) == []


def test_a_face_is_named_to_a_screen_reader_with_its_text_or_by_its_name_alone() -> None:
    # the rope has no rules text: its name alone, never "49 Feet of Greenleaf Rope: "
    gallery = card_gallery(Rows(played=["49 Feet of Greenleaf Rope", "Whisper Drip"]))
    assert gallery is not None
    alts = [attrs["alt"] for tag, attrs in _tags(gallery.pages["cards/asset.md"]) if tag == "img"]
    assert "49 Feet of Greenleaf Rope" in alts
    (drip,) = [alt for alt in alts if alt.startswith("Whisper Drip")]
    assert drip.startswith("Whisper Drip: ") and len(drip) > len("Whisper Drip: ")
