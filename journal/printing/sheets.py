"""The print-and-play PDF: nine cards a page, crop marks, fronts and backs in duplex order.

Cards sit edge to edge in a 3 x 3 block centred on the page, so one guillotine cut serves two
cards; the bleed is printed only round the block's outside (inside it, a neighbour's trim
edge is the cut). Crop marks in the margin line up with every cut. Each page of fronts is
followed by its page of backs, columns mirrored, so a printer's long-edge duplex puts each
back behind its front. The faces are drawn as vectors with their text as text
(``vector.py``); the document's title, author and subject come from the ruleset.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from dsl.errors import UsageError
from journal.printing.faces import Face

PAPERS: dict[str, tuple[float, float]] = {  # millimetres, portrait
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
POINTS_PER_MM = 72 / 25.4
CROP_MARK_MM = 5.0  # longest crop mark
CROP_GAP_MM = 1.0  # between the bleed and a mark


@dataclass(frozen=True)
class SheetLayout:
    """Where each card of a page goes, in millimetres from the page's top-left corner."""

    paper: str
    page_width: float
    page_height: float
    card_width: float
    card_height: float
    bleed: float
    columns: int = 3
    rows: int = 3

    @classmethod
    def make(cls, paper: str, card_width: float, card_height: float, bleed: float) -> SheetLayout:
        if paper not in PAPERS:
            raise UsageError(f"unknown paper '{paper}' (papers: {', '.join(PAPERS)})")
        width, height = PAPERS[paper]
        layout = cls(paper, width, height, card_width, card_height, bleed)
        if layout.left - bleed < 0 or layout.top - bleed < 0:
            raise UsageError(
                f"3 x 3 cards of {card_width} x {card_height} mm with {bleed} mm bleed do not "
                f"fit on {paper} paper; use a smaller --bleed"
            )
        return layout

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def left(self) -> float:
        return (self.page_width - self.columns * self.card_width) / 2

    @property
    def top(self) -> float:
        return (self.page_height - self.rows * self.card_height) / 2

    def slot(self, index: int, *, back: bool = False) -> tuple[float, float]:
        """The trim box's top-left corner of the card at ``index`` (backs: mirrored columns)."""
        row, column = divmod(index, self.columns)
        if back:
            column = self.columns - 1 - column
        return self.left + column * self.card_width, self.top + row * self.card_height

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut and the y of every horizontal one."""
        xs = [self.left + k * self.card_width for k in range(self.columns + 1)]
        ys = [self.top + k * self.card_height for k in range(self.rows + 1)]
        return xs, ys

    def mark_length(self) -> float:
        room = min(self.left, self.top) - self.bleed - CROP_GAP_MM
        return max(0.0, min(CROP_MARK_MM, room))


@dataclass(frozen=True)
class SheetCard:
    """One printed copy: its front face and the face printed behind it (both with bleed)."""

    front: Face
    back: Face


@dataclass(frozen=True)
class About:
    """The PDF's document information, from the ruleset."""

    title: str
    author: str = ""
    subject: str = ""
    keywords: tuple[str, ...] = field(default_factory=tuple)


def write_pdf(
    cards: Sequence[SheetCard],
    layout: SheetLayout,
    about: About,
    *,
    advance: Callable[[int], None] | None = None,
    fallback_dpi: int = 300,
) -> tuple[bytes, list[Face]]:
    """The PDF: for each nine cards, a page of fronts, then a page of their backs. Returns it
    and the faces that had to be placed as images (SVG the vector drawer does not know)."""
    from reportlab import rl_config
    from reportlab.pdfgen import canvas as pdf_canvas

    from journal.printing.vector import Painter

    rl_config.useA85 = 0  # binary streams: ASCII85 only makes the file bigger and slower
    rl_config.invariant = 1  # no creation date or random id: the same cards, the same file
    buffer = io.BytesIO()
    size = (layout.page_width * POINTS_PER_MM, layout.page_height * POINTS_PER_MM)
    pdf = pdf_canvas.Canvas(buffer, pagesize=size, pageCompression=1)
    pdf.setTitle(about.title)
    pdf.setAuthor(about.author)
    pdf.setSubject(about.subject)
    pdf.setKeywords(list(about.keywords))
    pdf.setCreator("chronicler print")
    painter = Painter(pdf, fallback_dpi=fallback_dpi)
    for start in range(0, len(cards), layout.per_page):
        page = cards[start : start + layout.per_page]
        for back in (False, True):
            for index, card in enumerate(page):
                _draw_card(pdf, painter, layout, index, card.back if back else card.front, back)
                if advance:
                    advance(1)
            _draw_marks(pdf, layout)
            pdf.showPage()
    pdf.save()
    return buffer.getvalue(), painter.rasterised


def _draw_card(
    pdf: object, painter: object, layout: SheetLayout, index: int, face: Face, back: bool
) -> None:
    from reportlab.pdfgen.canvas import Canvas

    from journal.printing.vector import Painter

    assert isinstance(pdf, Canvas) and isinstance(painter, Painter)
    mm = POINTS_PER_MM
    x, y = layout.slot(index, back=back)
    row, column = divmod(index, layout.columns)
    if back:
        column = layout.columns - 1 - column
    b = layout.bleed
    # The bleed shows only on the sides that face the outside of the block.
    left = b if column == 0 else 0.0
    right = b if column == layout.columns - 1 else 0.0
    top = b if row == 0 else 0.0
    bottom = b if row == layout.rows - 1 else 0.0
    page_h = layout.page_height
    pdf.saveState()
    clip = pdf.beginPath()
    clip.rect(
        (x - left) * mm,
        (page_h - (y + layout.card_height + bottom)) * mm,
        (layout.card_width + left + right) * mm,
        (layout.card_height + top + bottom) * mm,
    )
    pdf.clipPath(clip, stroke=0, fill=0)
    painter.place(face, (x - b) * mm, (page_h - (y + layout.card_height + b)) * mm)
    pdf.restoreState()


def _draw_marks(pdf: object, layout: SheetLayout) -> None:
    from reportlab.pdfgen.canvas import Canvas

    assert isinstance(pdf, Canvas)
    mm = POINTS_PER_MM
    length = layout.mark_length()
    if length <= 0:
        return
    page_h = layout.page_height
    xs, ys = layout.cuts()
    pdf.setLineWidth(0.25)
    pdf.setStrokeColorRGB(0, 0, 0)
    block_top, block_bottom = ys[0] - layout.bleed, ys[-1] + layout.bleed
    block_left, block_right = xs[0] - layout.bleed, xs[-1] + layout.bleed
    for x in xs:
        for y0, y1 in (
            (block_top - CROP_GAP_MM - length, block_top - CROP_GAP_MM),
            (block_bottom + CROP_GAP_MM, block_bottom + CROP_GAP_MM + length),
        ):
            pdf.line(x * mm, (page_h - y0) * mm, x * mm, (page_h - y1) * mm)
    for y in ys:
        for x0, x1 in (
            (block_left - CROP_GAP_MM - length, block_left - CROP_GAP_MM),
            (block_right + CROP_GAP_MM, block_right + CROP_GAP_MM + length),
        ):
            pdf.line(x0 * mm, (page_h - y) * mm, x1 * mm, (page_h - y) * mm)
