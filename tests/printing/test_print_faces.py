"""Card faces: every Six Winters card drawn through its kind's layout, its text in its boxes."""

from __future__ import annotations

import io
import os
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from dsl.errors import ChroniclerError
from journal.printing.faces import MM, FaceSet, read_style
from journal.printing.raster import pixels, svg_to_png

GOLDEN = Path(__file__).parent / "golden"
SVG = "{http://www.w3.org/2000/svg}"


def words_drawn(svg: str) -> list[str]:
    """The words a face shows, in order (set text: one tspan a word; labels: one text). The
    unseen word under an icon, there for a PDF's text, is not shown."""
    root = ElementTree.fromstring(svg)
    words: list[str] = []
    for text in root.iter(f"{SVG}text"):
        spans = [t for t in text.iter(f"{SVG}tspan") if t.get("fill-opacity") != "0"]
        words += [t.text or "" for t in spans] if spans else (text.text or "").split()
    return words


def test_every_card_kind_has_a_layout(six_winters: Any, faces: FaceSet) -> None:
    for kind in six_winters.vocabulary.card_kinds:
        assert faces.has_layout(kind), f"no faces/{kind}.svg.j2"


def test_every_vocabulary_word_names_an_icon_that_exists(six_winters: Any, faces: FaceSet) -> None:
    vocabulary = six_winters.vocabulary
    categories = ("resources", "skills", "stress", "tokens", "seasons", "regions", "counters")
    words = [word for name in categories for word in vocabulary.members(name)]
    style = faces.style
    for word in words:
        entry = style.words.get(word)
        assert entry is not None and entry.icon, f"faces.toml names no icon for {word!r}"
        assert (faces.folder / "icons" / f"{entry.icon}.svg").is_file()
        assert entry.token, f"faces.toml names no print-tool token for {word!r}"


def test_every_icon_shipped_is_attributed(faces: FaceSet) -> None:
    attribution = (faces.folder / "icons" / "ATTRIBUTION.md").read_text()
    assert "CC BY 3.0" in attribution
    for icon in (faces.folder / "icons").glob("*.svg"):
        assert f"| {icon.name} |" in attribution


def test_every_six_winters_card_is_drawn_with_its_text_inside_its_boxes(
    six_winters: Any, faces: FaceSet
) -> None:
    drawn = 0
    for card in six_winters.all_cards:
        sides = [faces.front(card)] + [faces.side(card, s) for s in card.blocks]
        for face in sides:
            ElementTree.fromstring(face.svg)  # well-formed SVG
            for block in face.blocks:
                x, _, width, height = block.box
                where = f'{card.kind} "{card.name}" {face.side}: {block.name}'
                assert block.fits, f"text overflows on {where}"
                assert max(block.widths, default=0) <= width + 0.01, where
                assert block.height <= height + 0.01, where
                for line in block.lines:
                    assert all(x - 0.01 <= placed.x <= x + width for placed in line), where
            drawn += 1
    assert drawn == len(six_winters.all_cards) + len(six_winters.cards("location"))
    for kind in six_winters.vocabulary.card_kinds:
        assert not faces.back(kind).overflowing


def test_the_printed_text_on_the_face_is_the_renderers_wording(
    six_winters: Any, faces: FaceSet
) -> None:
    card = six_winters.card("Mole Hunt")
    face = faces.front(card)
    drawn = " ".join(words_drawn(face.svg))
    inline = {w: e.icon for w, e in faces.style.words.items() if e.inline == "replace"}
    for line in card.printed:
        for word in line.split():
            core = word.strip(".,:").casefold()
            if core in inline:  # "placing a threat": the threat icon
                assert f'href="#i-{inline[core]}"' in face.svg
            else:
                assert word.rstrip(",") in drawn
    assert drawn.startswith("Mole Hunt"), "the title comes first"


def test_vocabulary_words_in_text_are_drawn_as_their_icons(
    six_winters: Any, faces: FaceSet
) -> None:
    face = faces.front(six_winters.card("Whisper Drip"))  # "Roll and place a sorcery ..."
    assert "sorcery" not in words_drawn(face.svg)
    sorcery = faces.style.words["sorcery"].icon
    assert f'href="#i-{sorcery}"' in face.svg
    assert f'<symbol id="i-{sorcery}"' in face.svg


def test_a_quoted_card_name_keeps_its_words(six_winters: Any, faces: FaceSet) -> None:
    # The scheme adds scene "Ambush Military Scouts": military stays a word there.
    face = faces.front(six_winters.card("Sow Discord in Brightdune"))
    assert "Military" in words_drawn(face.svg)


def test_an_assets_recipe_slots_are_drawn_as_dice(six_winters: Any, faces: FaceSet) -> None:
    for name in ("Whisper Drip", "Wound Paste", "Loomwood Apples"):
        card = six_winters.card(name)
        face = faces.front(card)
        dice = re.findall(r'class="die"', face.svg)
        assert len(dice) == len(card.fields["recipe"])
    # Whisper Drip: espionage 3, technology 3, stability 3: three pips on each die.
    face = faces.front(six_winters.card("Whisper Drip"))
    assert face.svg.count('class="pip"') == 9


def test_a_location_prints_both_sides(six_winters: Any, faces: FaceSet) -> None:
    card = six_winters.card("Whitehold")
    front, developed = faces.front(card), faces.side(card, "developed")
    assert "Developed" not in words_drawn(front.svg)
    assert "Developed" in words_drawn(developed.svg)
    assert developed.svg.count('class="die"') == 2  # produces espionage, espionage
    assert front.svg.count('class="die"') == 1


def test_each_copy_prints_its_own_number(six_winters: Any, faces: FaceSet) -> None:
    card = six_winters.card("Grain Shortage")
    assert list(card.fields["number"]) == [3, 4]
    assert "#3" in faces.front(card, copy=3).svg and "#4" in faces.front(card, copy=4).svg


@dataclass
class MadeUpCard:
    kind: str
    name: str
    fields: dict[str, Any]
    printed: tuple[str, ...] = ()
    field_text: tuple[tuple[str, str], ...] = ()
    blocks: dict[str, Any] = field(default_factory=dict)


def test_markup_in_a_card_name_is_escaped_text(faces: FaceSet) -> None:
    card = MadeUpCard("event", '<script>alert("x")</script> & Co', {"tags": ["Event"]})
    face = faces.front(card)
    root = ElementTree.fromstring(face.svg)  # still one well-formed document
    assert not list(root.iter(f"{SVG}script"))
    assert "<script>" in " ".join(words_drawn(face.svg))


def test_text_too_long_for_its_box_is_reported(faces: FaceSet) -> None:
    card = MadeUpCard("event", "Endless", {"tags": ["Event"]}, printed=("Draw a card. " * 400,))
    face = faces.front(card)
    assert [block.name for block in face.overflowing] == ["rules text"]


def test_a_template_error_names_the_template_and_the_card(tmp_path: Path, faces: FaceSet) -> None:
    folder = tmp_path / "faces"
    folder.mkdir()
    for path in faces.folder.iterdir():
        if path.is_file():
            (folder / path.name).write_bytes(path.read_bytes())
    (folder / "icons").symlink_to((faces.folder / "icons").resolve())
    (folder / "event.svg.j2").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg">\n{{ face.fields.colour }}\n</svg>'
    )
    broken = FaceSet(folder)
    with pytest.raises(ChroniclerError, match=r'event\.svg\.j2:2: error drawing event "Storm"'):
        broken.front(MadeUpCard("event", "Storm", {"tags": []}))


def test_an_icon_outside_the_icons_folder_is_refused(tmp_path: Path, faces: FaceSet) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "faces.toml").write_text('[words.gold]\nicon = "../faces"\n')
    with pytest.raises(ChroniclerError, match="is not the name of a file in icons/"):
        read_style(tmp_path)


def test_the_style_without_faces_toml_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ChroniclerError, match=r"no faces/faces\.toml"):
        read_style(tmp_path)


def test_faces_have_the_card_size_and_bleed(faces: FaceSet, six_winters: Any) -> None:
    face = faces.front(six_winters.card("Parin"))
    assert (round(face.width / MM, 2), round(face.height / MM, 2)) == (63.5, 88.9)
    png = Image.open(io.BytesIO(svg_to_png(face.svg, 100)))
    assert png.size == pixels(face, 100)
    bridge = FaceSet(faces.folder, size="bridge", bleed_mm=0).front(six_winters.card("Parin"))
    assert round(bridge.width / MM, 2) == 57.15 and bridge.bleed == 0


# -- golden images: a few faces compared with what they looked like when reviewed ----------------

GOLDEN_CARDS = [("asset", "Whisper Drip"), ("obstacle", "Mole Hunt"), ("location", "Whitehold")]
GOLDEN_DPI = 100


def golden_path(kind: str, name: str) -> Path:
    return GOLDEN / f"{kind}-{name.lower().replace(' ', '-')}.png"


@pytest.mark.parametrize(("kind", "name"), GOLDEN_CARDS)
def test_faces_look_like_their_golden_images(
    six_winters: Any, faces: FaceSet, kind: str, name: str
) -> None:
    face = faces.front(six_winters.card(name, kind))
    drawn = Image.open(io.BytesIO(svg_to_png(face.svg, GOLDEN_DPI))).convert("RGB")
    path = golden_path(kind, name)
    if os.environ.get("CHRONICLER_UPDATE_GOLDEN"):
        drawn.save(path)
    assert path.is_file(), f"no golden image {path}: run with CHRONICLER_UPDATE_GOLDEN=1"
    golden = Image.open(path).convert("RGB")
    assert drawn.size == golden.size
    difference = ImageChops.difference(drawn, golden).convert("L")
    mean = ImageStat.Stat(difference).mean[0]
    changed = sum(difference.point(lambda v: 255 if v > 48 else 0).histogram()[255:]) / (
        drawn.size[0] * drawn.size[1]
    )
    # Anti-aliasing may move by a renderer version; a moved box or a lost word does not pass.
    assert mean < 2.0 and changed < 0.01, f"{path.name}: mean {mean:.2f}, {changed:.2%} changed"


def test_no_ink_below_the_fullest_rules_text_box(six_winters: Any, faces: FaceSet) -> None:
    """Look at the pixels: under the rules text of the most crowded card there is only paper."""
    flat = FaceSet(faces.folder, bleed_mm=0, regions=six_winters.vocabulary.titles)
    fullest = None
    for card in six_winters.all_cards:
        for block in flat.front(card).blocks:
            if block.name == "rules text" and (fullest is None or block.size < fullest[1].size):
                fullest = (card, block)
    assert fullest is not None
    card, block = fullest
    dpi = 150
    scale = dpi / 300
    image = Image.open(io.BytesIO(svg_to_png(flat.front(card).svg, dpi))).convert("L")
    x, y, width, height = block.box
    below = image.crop(
        (
            round(x * scale),
            round((y + height + 2) * scale),  # the box's own padding, inside its panel
            round((x + width) * scale),
            round((y + height + 12) * scale),
        )
    )
    darkest, _ = below.getextrema()
    assert darkest > 150, f'ink below the rules text of {card.kind} "{card.name}"'
    inside = image.crop(
        (
            round(x * scale),
            round(y * scale),
            round((x + width) * scale),
            round((y + height) * scale),
        )
    )
    assert inside.getextrema()[0] < 80  # and the text itself is there, dark on light


# -- the layout: no empty boxes, readable text, titles clear of the badge -------------------------

TEXT_KINDS = ("ability", "location", "scene")


def test_ability_location_and_scene_faces_have_no_empty_box(
    six_winters: Any, faces: FaceSet
) -> None:
    """Below the title band, every box on these faces is a die or the panel of a text it
    holds, no taller than that text: no picture box waiting for art."""
    for card in six_winters.all_cards:
        if card.kind not in TEXT_KINDS:
            continue
        for face in [faces.front(card)] + [faces.side(card, s) for s in card.blocks]:
            root = ElementTree.fromstring(face.svg)
            lines = [
                (float(t.get("y", 0)), float(t.get("font-size", 0)))
                for t in root.iter(f"{SVG}text")
            ]
            for rect in root.iter(f"{SVG}rect"):
                y, height = float(rect.get("y", 0)), float(rect.get("height", 0))
                if rect.get("class") == "die" or y < 140 or height >= face.height - 60:
                    continue  # a die, the title band, the card's frame
                held = [(base, size) for base, size in lines if y <= base <= y + height]
                where = f'{card.kind} "{card.name}" {face.side}: a box at y={y:.0f}'
                assert held, f"{where} holds no text"
                first, last = min(b for b, _ in held), max(b for b, _ in held)
                size = max(s for _, s in held)
                assert height <= last - first + 1.5 * size + 40, f"{where} is taller than its text"


def test_rules_text_is_set_at_a_readable_size(six_winters: Any, faces: FaceSet) -> None:
    sizes = [
        block.size
        for card in six_winters.all_cards
        for block in faces.front(card).blocks
        if block.name == "rules text"
    ]
    points = [size * 72 / 300 for size in sizes]
    assert min(points) >= 6.2  # the longest text, shrunk
    assert sorted(points)[len(points) // 2] >= 9.0  # most cards: 9 pt


def test_a_long_title_keeps_clear_of_the_points_badge(six_winters: Any, faces: FaceSet) -> None:
    badge_left = faces.width - 98 - 104 / 2  # the points disc of asset, obstacle and scene
    cards = [c for c in six_winters.all_cards if c.kind in ("asset", "obstacle", "scene")]
    longest = max(cards, key=lambda c: len(c.name))

    def scene(name: str) -> MadeUpCard:
        fields = {"skill": "lore", "points": 5, "at": ["brightdune"], "starting": False}
        return MadeUpCard("scene", name, {**fields, "finale": False}, ("Epilogue: None.",))

    longer = scene("Retrieve the Owner of the Thousand Horses' Horses")
    far_too_long = scene("Retrieve the Owner of a Thousand Horses' Horses Before the Winter Ends")
    for card in [*cards, longer, far_too_long]:
        face = faces.front(card)
        [title] = [b for b in face.blocks if b.name == "title"]
        right = title.box[0] + max(title.widths)
        assert right <= badge_left - 20, f'{card.kind} "{card.name}": {right:.0f}'
        if card is longest or card is longer:
            assert len(title.lines) == 2 and title.fits  # shrunk, then on two lines
    # What cannot fit even so is told (chronicler print warns), never drawn over the badge.
    [title] = [b for b in faces.front(far_too_long).blocks if b.name == "title"]
    assert title.overflow


def test_icons_in_rules_text_are_as_tall_as_the_text(six_winters: Any, faces: FaceSet) -> None:
    face = faces.front(six_winters.card("Mole Hunt"))  # "Instead of placing a <threat>"
    [rules] = [b for b in face.blocks if b.name == "rules text"]
    threat = faces.style.words["threat"].icon
    root = ElementTree.fromstring(face.svg)
    icons = [u for u in root.iter(f"{SVG}use") if u.get("href") == f"#i-{threat}"]
    top, bottom = rules.box[1] - rules.size, rules.box[1] + rules.box[3]
    inline = [u for u in icons if top <= float(u.get("y", 0)) <= bottom]
    assert inline
    for use in inline:
        # from the ascent of the letters to their descent: 1.2 em
        assert float(use.get("height", 0)) == pytest.approx(1.2 * rules.size, abs=0.2)
