"""Faces drawn into the PDF as vector graphics and real text (ReportLab), not as images.

A face's SVG (``faces.py``) is read back with the standard XML parser and each element drawn
with ReportLab's canvas: panels and dice as rectangles and circles, icons as their paths, and
every ``<text>`` as text in the bundled DejaVu Sans Condensed, embedded in the PDF, so the
cards' text can be searched, selected and copied, and stays sharp at any zoom. The text goes
where the face's own layout put it (``text.py`` measured it with the same font files), so the
PDF shows what the PNGs show.

Why not rasterise and lay text over it, or hand the SVG to a general converter? Drawing the
whole face as vectors is also what makes the PDF fast: nothing is rasterised (the whole Six
Winters set took 16 s of CPU at 300 dpi). Each icon is drawn once as a form (a PDF XObject)
and each distinct face once as a form every copy of it shows, so the file stays small. A
general converter (svglib, tried) lost the spaces between the words of a line, drew icons at
the size of their own view box, and spent 4 s reading the fronts alone.

The faces of ``faces/`` templates use a small part of SVG (``SUPPORTED``). A designer's
template that uses more (a gradient, a transform) is not an error: that face is rasterised
with resvg and placed as an image (its text then is not text), and the print run names it.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from journal.printing.faces import UNITS_PER_INCH, Face
from journal.printing.text import FONT_FILES

NS = "{http://www.w3.org/2000/svg}"
XML_NS = "{http://www.w3.org/XML/1998/namespace}"
POINTS_PER_UNIT = 72 / UNITS_PER_INCH
FONTS = {"normal": "ChroniclerSans", "bold": "ChroniclerSans-Bold"}

# The elements and attributes the drawer knows; anything else makes the face an image.
SUPPORTED: dict[str, set[str]] = {
    "svg": {"viewBox", "width", "height"},
    "defs": set(),
    "symbol": {"id", "viewBox"},
    "g": {"fill", "opacity"},
    "rect": {"x", "y", "width", "height", "rx", "fill", "fill-opacity", "stroke", "stroke-width"},
    "circle": {"cx", "cy", "r", "fill", "fill-opacity", "stroke", "stroke-width"},
    "line": {"x1", "y1", "x2", "y2", "stroke", "stroke-width"},
    "use": {"href", "x", "y", "width", "height", "fill", "opacity"},
    "text": {
        "x",
        "y",
        "font-size",
        "font-family",
        "font-stretch",
        "font-weight",
        "fill",
        "text-anchor",
        f"{XML_NS}space",
    },
    "tspan": {"x", "font-weight", "fill-opacity"},
}
IGNORED = {"class", "id"}  # names for tests and tools, nothing drawn

_COLOUR = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def register_fonts() -> None:
    """The bundled fonts, known to ReportLab by our names (embedded as subsets)."""
    for weight, name in FONTS.items():
        try:
            pdfmetrics.getFont(name)
        except KeyError:
            pdfmetrics.registerFont(TTFont(name, str(FONT_FILES[weight])))


def _tag(element: ElementTree.Element) -> str:
    return element.tag.removeprefix(NS)


def unsupported(root: ElementTree.Element) -> str | None:
    """What in this SVG the drawer does not know (None: everything is drawn as vectors)."""
    return _unsupported(root, in_symbol=False)


def _unsupported(element: ElementTree.Element, *, in_symbol: bool) -> str | None:
    tag = _tag(element)
    if tag == "path":
        return None if in_symbol and set(element.attrib) <= {"d"} else "<path> outside an icon"
    if tag not in SUPPORTED:
        return f"<{tag}>"
    extra = set(element.attrib) - SUPPORTED[tag] - IGNORED
    if extra:
        return f"<{tag} {sorted(extra)[0]}>"
    for name in ("fill", "stroke"):
        value = element.get(name)
        if value is not None and value != "none" and not _COLOUR.fullmatch(value):
            return f'{name}="{value}"'
    for child in element:
        found = _unsupported(child, in_symbol=in_symbol or tag == "symbol")
        if found:
            return found
    return None


def _rgb(value: str) -> tuple[float, float, float]:
    digits = value.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    r, g, b = (int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4))
    return r, g, b


def _num(element: ElementTree.Element, name: str, default: float = 0.0) -> float:
    value = element.get(name)
    return default if value is None else float(value)


# --- icon paths ----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def path_segments(d: str) -> tuple[tuple[Any, ...], ...]:
    """SVG path data as moves, lines, cubic curves and closes (quadratics and arcs converted),
    parsed by svg.path."""
    from svg.path import Arc, Close, CubicBezier, Line, Move, QuadraticBezier, parse_path

    out: list[tuple[Any, ...]] = []
    for segment in parse_path(d):
        if isinstance(segment, Move):
            out.append(("M", segment.end))
        elif isinstance(segment, Line):
            out.append(("L", segment.end))
        elif isinstance(segment, CubicBezier):
            out.append(("C", segment.control1, segment.control2, segment.end))
        elif isinstance(segment, QuadraticBezier):
            p0, q, p3 = segment.start, segment.control, segment.end
            out.append(("C", p0 + 2 / 3 * (q - p0), p3 + 2 / 3 * (q - p3), p3))
        elif isinstance(segment, Arc):
            out += list(_arc_curves(segment))
        elif isinstance(segment, Close):
            out.append(("Z",))
    return tuple(out)


def _arc_curves(arc: Any) -> Iterator[tuple[Any, ...]]:
    """An elliptical arc as cubic curves of at most 90 degrees each."""
    if arc.start == arc.end:
        return
    radius = arc.radius * arc.radius_scale
    rx, ry = radius.real, radius.imag
    if rx == 0 or ry == 0:
        yield ("L", arc.end)
        return
    rot = math.radians(arc.rotation)
    cosr, sinr = math.cos(rot), math.sin(rot)
    centre = arc.center

    def on(angle: float, dx: float = 0.0, dy: float = 0.0) -> complex:
        x, y = rx * (math.cos(angle) + dx), ry * (math.sin(angle) + dy)
        return centre + complex(cosr * x - sinr * y, sinr * x + cosr * y)

    pieces = max(1, math.ceil(abs(arc.delta) / 90 - 1e-9))
    step = math.radians(arc.delta) / pieces
    k = 4 / 3 * math.tan(step / 4)
    start = math.radians(arc.theta)
    for n in range(pieces):
        a, b = start + n * step, start + (n + 1) * step
        end = arc.end if n == pieces - 1 else on(b)
        yield (
            "C",
            on(a, -k * math.sin(a), k * math.cos(a)),
            on(b, k * math.sin(b), -k * math.cos(b)),
            end,
        )


# --- the painter -------------------------------------------------------------------------------


class Painter:
    """Draws faces on one ReportLab canvas, every icon once as a form the faces place.

    (A face is drawn on the page itself, not as a form of its own: ReportLab leaves out of a
    form's resources the graphics states that transparency needs.)"""

    def __init__(self, pdf: Canvas, *, fallback_dpi: int = 300) -> None:
        register_fonts()
        self.pdf = pdf
        self.fallback_dpi = fallback_dpi
        self._icons: dict[str, str] = {}  # symbol id -> form name
        self._read: dict[str, tuple[ElementTree.Element, str | None]] = {}  # by SVG digest
        self.rasterised: list[Face] = []  # faces drawn as images (SVG the drawer does not know)

    def place(self, face: Face, x: float, y: float) -> None:
        """The face with its bleed, its lower-left corner at (x, y) points on the page."""
        key = hashlib.sha1(face.svg.encode()).hexdigest()
        if key not in self._read:
            root = ElementTree.fromstring(face.svg)
            why = unsupported(root)
            if why is None:
                symbols = {s.get("id", ""): s for s in root.iter(f"{NS}symbol")}
                for use in root.iter(f"{NS}use"):
                    self._icon_form(symbols, use.get("href", "").removeprefix("#"))
            else:
                self.rasterised.append(face)
            self._read[key] = (root, why)
        root, why = self._read[key]
        pdf = self.pdf
        width = (face.width + 2 * face.bleed) * POINTS_PER_UNIT
        height = (face.height + 2 * face.bleed) * POINTS_PER_UNIT
        pdf.saveState()
        pdf.translate(x, y)
        if why is None:
            pdf.translate(0, height)
            pdf.scale(POINTS_PER_UNIT, -POINTS_PER_UNIT)
            pdf.translate(face.bleed, face.bleed)
            for child in root:
                self._draw(child)
        else:
            self._image(face, width, height)
        pdf.restoreState()

    def _image(self, face: Face, width: float, height: float) -> None:
        from reportlab.lib.utils import ImageReader

        from journal.printing.raster import svg_to_png

        image = ImageReader(io.BytesIO(svg_to_png(face.svg, self.fallback_dpi)))
        self.pdf.drawImage(image, 0, 0, width, height)

    def _icon_form(self, symbols: dict[str, ElementTree.Element], symbol_id: str) -> str:
        if symbol_id in self._icons:
            return self._icons[symbol_id]
        symbol = symbols[symbol_id]
        box = [float(v) for v in symbol.get("viewBox", "0 0 512 512").split()]
        name = f"icon-{re.sub(r'[^A-Za-z0-9-]', '-', symbol_id)}"
        pdf = self.pdf
        # The form's space is the view box, y up: its paths are filled with the colour
        # current where it is placed.
        pdf.beginForm(name, 0, 0, box[2], box[3])
        pdf.saveState()
        pdf.translate(-box[0], box[1] + box[3])
        pdf.scale(1, -1)
        for path in symbol.iter(f"{NS}path"):
            self._path(path.get("d", ""))
        pdf.restoreState()
        pdf.endForm()
        self._icons[symbol_id] = name
        return name

    def _path(self, d: str) -> None:
        drawn = self.pdf.beginPath()
        for step in path_segments(d):
            if step[0] == "M":
                drawn.moveTo(step[1].real, step[1].imag)
            elif step[0] == "L":
                drawn.lineTo(step[1].real, step[1].imag)
            elif step[0] == "C":
                a, b, c = step[1:]
                drawn.curveTo(a.real, a.imag, b.real, b.imag, c.real, c.imag)
            else:
                drawn.close()
        self.pdf.drawPath(drawn, stroke=0, fill=1, fillMode=FILL_NON_ZERO)

    # -- elements --------------------------------------------------------------------------------

    def _draw(self, element: ElementTree.Element) -> None:
        tag = _tag(element)
        if tag in ("defs", "symbol"):
            return
        pdf = self.pdf
        pdf.saveState()
        try:
            if tag == "g":
                for child in element:
                    self._draw(child)
            elif tag == "rect":
                fill, stroke = self._paint(element)
                rx = _num(element, "rx")
                x, y = _num(element, "x"), _num(element, "y")
                w, h = _num(element, "width"), _num(element, "height")
                if rx:
                    pdf.roundRect(x, y, w, h, rx, stroke=stroke, fill=fill)
                else:
                    pdf.rect(x, y, w, h, stroke=stroke, fill=fill)
            elif tag == "circle":
                fill, stroke = self._paint(element)
                pdf.circle(
                    _num(element, "cx"), _num(element, "cy"), _num(element, "r"), stroke, fill
                )
            elif tag == "line":
                _fill, stroke = self._paint(element, fill_default="none")
                if stroke:
                    pdf.line(
                        _num(element, "x1"),
                        _num(element, "y1"),
                        _num(element, "x2"),
                        _num(element, "y2"),
                    )
            elif tag == "use":
                self._use(element)
            elif tag == "text":
                self._text(element)
        finally:
            pdf.restoreState()

    def _paint(
        self, element: ElementTree.Element, fill_default: str = "#000000"
    ) -> tuple[int, int]:
        """Set the element's fill and stroke; whether each is painted."""
        pdf = self.pdf
        fill = element.get("fill", fill_default)
        if fill != "none":
            pdf.setFillColorRGB(*_rgb(fill))
            opacity = element.get("fill-opacity")
            if opacity is not None:
                pdf.setFillAlpha(float(opacity))
        stroke = element.get("stroke", "none")
        if stroke != "none":
            pdf.setStrokeColorRGB(*_rgb(stroke))
            pdf.setLineWidth(_num(element, "stroke-width", 1.0))
        return int(fill != "none"), int(stroke != "none")

    def _use(self, element: ElementTree.Element) -> None:
        name = self._icons.get(element.get("href", "").removeprefix("#"))
        if name is None:
            return
        pdf = self.pdf
        fill = element.get("fill", "#000000")
        if fill == "none":
            return
        pdf.setFillColorRGB(*_rgb(fill))
        opacity = element.get("opacity")
        if opacity is not None:
            pdf.setFillAlpha(float(opacity))
        x, y = _num(element, "x"), _num(element, "y")
        w, h = _num(element, "width"), _num(element, "height")
        # The form is the icon's view box (512 units, y up); the face's space is y down.
        pdf.translate(x, y + h)
        pdf.scale(w / 512, -h / 512)
        pdf.doForm(name)

    def _text(self, element: ElementTree.Element) -> None:
        pdf = self.pdf
        size = _num(element, "font-size", 16)
        pdf.setFillColorRGB(*_rgb(element.get("fill", "#000000")))
        weight = element.get("font-weight", "normal")
        y = _num(element, "y")
        spans = list(element.iter(f"{NS}tspan"))
        runs: list[tuple[float | None, str, str, bool]] = [
            (
                _num(s, "x") if s.get("x") else None,
                s.text or "",
                s.get("font-weight", weight),
                s.get("fill-opacity") == "0",  # an icon's word: there for search, not seen
            )
            for s in spans
        ] or [(_num(element, "x"), element.text or "", weight, False)]
        anchor = element.get("text-anchor", "start")
        drawn = pdf.beginText()
        at = 0.0
        for k, (x, words, run_weight, hidden) in enumerate(runs):
            if not words:
                continue
            font = FONTS["bold" if run_weight == "bold" else "normal"]
            width = pdfmetrics.stringWidth(words, font, size)
            start = at if x is None else x
            if anchor == "middle":
                start -= width / 2
            elif anchor == "end":
                start -= width
            # A word after the first starts with its space, drawn just before it: the text
            # copied or searched has its spaces, and nothing moves.
            gap = " " if k and x is not None and words[:1] not in ",.;:!?)" else ""
            shift = pdfmetrics.stringWidth(gap, font, size)
            # The face's space is y down: the text matrix turns the glyphs the right way up.
            drawn.setTextTransform(1, 0, 0, -1, start - shift, y)
            drawn.setFont(font, size)
            drawn.setTextRenderMode(3 if hidden else 0)
            drawn.textOut(gap + words)
            at = start + width
        pdf.drawText(drawn)
