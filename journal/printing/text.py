"""Card text set in a box: words measured with the font the renderer draws, wrapped, shrunk to fit.

SVG has no line wrapping, so a face's text is laid out here: each word is measured with the
bundled font (the same file resvg draws with), lines are filled greedily, and the size steps
down until the paragraphs fit the box's height. A block that does not fit even at its smallest
size is kept and marked ``overflow``, so a test (or ``chronicler print``) can name the card.
Vocabulary words that have an inline icon are drawn as that icon.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape
from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {
    "normal": FONT_DIR / "DejaVuSansCondensed.ttf",
    "bold": FONT_DIR / "DejaVuSansCondensed-Bold.ttf",
}
# The family and stretch the templates name, so resvg picks the bundled files above.
FONT_ATTRS = 'font-family="DejaVu Sans" font-stretch="condensed"'

ICON_WIDTH = 1.3  # an inline icon's advance, in ems
ICON_SIZE = 1.2  # an inline icon's square, in ems: from the ascent to the descent, as tall as text
LINE_HEIGHT = 1.22  # in ems
PARAGRAPH_GAP = 0.45  # extra space between paragraphs, in ems
_LABEL = re.compile(r'^("[^"]{1,40}"|[A-Z][^.:"]{0,38}):(\s|$)')  # "Exhaust:", "\"Pay\":"


@cache
def _font(weight: str, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_FILES[weight]), size)


@cache
def _width_at_100(text: str, weight: str) -> float:
    return float(_font(weight, 100).getlength(text))


def text_width(text: str, size: float, weight: str = "normal") -> float:
    """The advance of ``text`` at ``size`` (face units), measured with the bundled font."""
    return _width_at_100(text, weight) * size / 100


@dataclass(frozen=True, slots=True)
class Piece:
    """One word (or icon) of a paragraph: what it draws and in which weight."""

    text: str
    weight: str = "normal"
    icon: str | None = None  # the icon's word: drawn instead of ``text``
    tail: str = ""  # punctuation after an icon (", " "." ...), drawn as text


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece set at ``x`` on its line."""

    x: float
    piece: Piece


@dataclass
class Block:
    """Text set in one box: its lines at one size, and whether it fits."""

    name: str
    box: tuple[float, float, float, float]  # x, y, width, height
    size: float
    lines: list[list[Placed]] = field(default_factory=list)
    baselines: list[float] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    height: float = 0.0
    overflow: bool = False

    @property
    def fits(self) -> bool:
        return not self.overflow


def pieces(
    paragraph: str,
    icons: Mapping[str, str],
    *,
    weight: str = "normal",
    before: Mapping[str, str] | None = None,
) -> list[Piece]:
    """A paragraph's words; a leading label ("Exhaust:") bold; ``icons`` words drawn as their
    icon, ``before`` words with their icon before them ("Spring end:" gets the spring icon)."""
    out: list[Piece] = []
    marks = before or {}
    label = _LABEL.match(paragraph)
    rest = paragraph
    if label:
        for word in label.group(0).split():
            mark = marks.get(word.rstrip(":").casefold())
            if mark is not None:
                out.append(Piece("", "bold", icon=mark))
            out.append(Piece(word, "bold"))
        rest = paragraph[label.end() :]
    quoted = False  # a card's name in quotes keeps its words ("Ambush Military Scouts")
    for word in rest.split():
        opens = word.startswith('"')
        core = word.rstrip(".,;:!?)")
        tail = word[len(core) :]
        key = core.casefold()
        icon = icons.get(key) or (icons.get(key[:-1]) if key.endswith("s") else None)
        in_name = quoted or opens
        if opens:
            quoted = True
        if quoted and core.endswith('"'):
            quoted = False
        mark = marks.get(key) if core.isalpha() and not in_name else None
        if icon is not None and core.isalpha() and not in_name:
            out.append(Piece(word, weight, icon=icon, tail=tail))
        else:
            if mark is not None:
                out.append(Piece("", weight, icon=mark))
            out.append(Piece(word, weight))
    return out


def _piece_width(piece: Piece, size: float) -> float:
    if piece.icon is not None:
        return ICON_WIDTH * size + (text_width(piece.tail, size, piece.weight) if piece.tail else 0)
    return text_width(piece.text, size, piece.weight)


def set_text(
    paragraphs: Sequence[str],
    box: tuple[float, float, float, float],
    *,
    name: str = "text",
    size: float = 34,
    min_size: float = 18,
    weight: str = "normal",
    icons: Mapping[str, str] | None = None,
    before: Mapping[str, str] | None = None,
    wrap: bool = True,
) -> Block:
    """Lay the paragraphs out in ``box``, stepping the size down until they fit."""
    _, _, width, height = box
    words = [pieces(p, icons or {}, weight=weight, before=before) for p in paragraphs if p.strip()]
    current = size
    while True:
        block = _lay_out(words, box, current, wrap)
        block.name = name
        widest = max(block.widths, default=0.0)
        if (block.height <= height + 0.01 and widest <= width + 0.01) or current <= min_size:
            block.overflow = block.height > height + 0.01 or widest > width + 0.01
            return block
        current = max(min_size, current - max(1.0, current * 0.06))


def _lay_out(
    paragraphs: list[list[Piece]], box: tuple[float, float, float, float], size: float, wrap: bool
) -> Block:
    x, y, width, _ = box
    block = Block(name="", box=box, size=size)
    space = text_width(" ", size)
    line_height = LINE_HEIGHT * size
    cursor = y + size * 0.92  # the first baseline: the ascent of the font
    for k, paragraph in enumerate(paragraphs):
        if k:
            cursor += PARAGRAPH_GAP * size
        line: list[Placed] = []
        at = 0.0
        for piece in paragraph:
            w = _piece_width(piece, size)
            if line and wrap and at + space + w > width:
                block.lines.append(line)
                block.baselines.append(cursor)
                block.widths.append(at)
                cursor += line_height
                line, at = [], 0.0
            start = at + (space if line else 0.0)
            line.append(Placed(x + start, piece))
            at = start + w
        block.lines.append(line)
        block.baselines.append(cursor)
        block.widths.append(at)
        cursor += line_height
    # Height: from the top of the box to the last line's descent.
    block.height = (cursor - line_height + size * 0.3 - y) if block.lines else 0.0
    return block


def block_svg(
    block: Block,
    *,
    fill: str,
    align: str = "left",
    icon_use: Callable[[str, float, float, float], str],
    valign: str = "top",
) -> Markup:
    """The SVG of a laid-out block: one ``<text>`` per line, ``<use>`` for each icon."""
    _, _, width, height = block.box
    shift_y = 0.0
    if valign == "middle" and block.height < height:
        shift_y = (height - block.height) / 2
    elif valign == "bottom" and block.height < height:
        shift_y = height - block.height
    parts: list[str] = []
    size = block.size
    for line, baseline, line_width in zip(block.lines, block.baselines, block.widths, strict=True):
        shift_x = 0.0
        if align == "center":
            shift_x = (width - line_width) / 2
        elif align == "right":
            shift_x = width - line_width
        base = baseline + shift_y
        runs: list[str] = []
        icons: list[str] = []
        for placed in line:
            piece = placed.piece
            px = placed.x + shift_x
            bold = ' font-weight="bold"' if piece.weight == "bold" else ""
            if piece.icon is not None:
                inset = (ICON_WIDTH - ICON_SIZE) / 2 * size
                icons.append(icon_use(piece.icon, px + inset, base - size * 0.94, size * ICON_SIZE))
                word = piece.text[: len(piece.text) - len(piece.tail)] if piece.tail else piece.text
                if word:  # the word the icon stands for, unseen: a PDF's text keeps it
                    runs.append(
                        f'<tspan x="{px:.1f}" fill-opacity="0"{bold}>{escape(word)}</tspan>'
                    )
                if piece.tail:
                    tail_x = px + ICON_WIDTH * size
                    runs.append(f'<tspan x="{tail_x:.1f}"{bold}>{escape(piece.tail)}</tspan>')
            else:
                runs.append(f'<tspan x="{px:.1f}"{bold}>{escape(piece.text)}</tspan>')
        if runs:
            parts.append(
                f'<text y="{base:.1f}" font-size="{size:.1f}" fill="{escape(fill)}" '
                f'{FONT_ATTRS} xml:space="preserve">{"".join(runs)}</text>'
            )
        parts.extend(icons)
    return Markup("".join(parts))
