"""Card faces: a compiled card through its kind's template in the ruleset's ``faces/`` folder.

A ruleset that can be printed has a ``faces/`` folder beside its ``.rules`` files:

- ``faces.toml``: the icon, colour and print-tool token of each vocabulary word, marks that are
  not words (the campaign-start star...), the colour and back title of each card kind, and
  the printed documents' author;
- ``<kind>.svg.j2``: the layout of one kind, a Jinja2 SVG template (autoescaped), or
  ``card.svg.j2`` for every kind without its own; ``back.svg.j2`` the card back;
- ``icons/*.svg``: the icons ``faces.toml`` names.

Templates draw in face units, 300 to the inch: a poker card is 750 x 1050 (``W`` x ``H``), and
the ``bleed`` margin around it is drawn too. They call the helpers of ``Canvas`` (``text``,
``title``, ``icon``, ``die``, ``colour``...), which measure and wrap text with the bundled font
and remember every text box, so a test can ask whether each card's text fits.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from dsl.errors import ChroniclerError, UsageError
from journal.printing.layouts import Layouts
from journal.printing.text import FONT_ATTRS, Block, block_svg, set_text, text_width

UNITS_PER_INCH = 300
MM = UNITS_PER_INCH / 25.4  # face units per millimetre

# Trim sizes in millimetres (width, height).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
}
DEFAULT_BLEED_MM = 3.0

_SVG_ROOT = re.compile(r"<svg\b[^>]*>(?P<body>.*)</svg>\s*$", re.S)
_VIEWBOX = re.compile(r'viewBox="(?P<box>[^"]+)"')


@dataclass(frozen=True)
class Face:
    """One side of one card, drawn: its SVG, its text boxes, its size in face units."""

    kind: str
    name: str
    side: str  # "front", "back" (the kind's card back) or a side's name ("developed")
    svg: str
    blocks: tuple[Block, ...]
    width: float  # trim width, face units
    height: float
    bleed: float

    @property
    def overflowing(self) -> list[Block]:
        return [b for b in self.blocks if b.overflow]


@dataclass(frozen=True)
class Word:
    """How one vocabulary word (or mark) is printed."""

    name: str
    icon: str | None = None
    token: str | None = None
    code: str | None = None
    colour: str | None = None
    inline: str = ""  # "replace": the icon stands for the word in text; "before": beside it


@dataclass
class FaceStyle:
    """The ruleset's ``faces.toml``, read."""

    folder: Path
    author: str = ""  # the PDF's author ([document] author)
    size: str = "poker"
    paper: str = "#ffffff"
    ink: str = "#000000"
    words: dict[str, Word] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)  # mark -> icon file stem
    tokens: dict[str, Any] = field(default_factory=dict)
    kinds: dict[str, dict[str, str]] = field(default_factory=dict)

    def token(self, word: str) -> str | None:
        entry = self.words.get(word.casefold())
        if entry is not None and entry.token:
            return entry.token
        value = self.tokens.get(word.casefold())
        return value if isinstance(value, str) else None


def faces_folder(ruleset_folder: Path) -> Path:
    return ruleset_folder / "faces"


def read_style(folder: Path) -> FaceStyle:
    """``faces.toml`` of a faces folder; a ChroniclerError naming the file when it is wrong."""
    path = folder / "faces.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as missing:
        raise ChroniclerError(
            f"{folder.parent} has no faces/faces.toml: this ruleset has no card faces to print"
        ) from missing
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ChroniclerError(f"{path}: {error}") from error
    card = data.get("card", {})
    style = FaceStyle(
        folder=folder,
        author=str(data.get("document", {}).get("author", "")),
        size=str(card.get("size", "poker")),
        paper=str(card.get("paper", "#ffffff")),
        ink=str(card.get("ink", "#000000")),
        marks={str(k): str(v) for k, v in data.get("marks", {}).items()},
        tokens=dict(data.get("tokens", {})),
        kinds={
            str(k): {str(a): str(b) for a, b in v.items()} for k, v in data.get("kinds", {}).items()
        },
    )
    for name, entry in data.get("words", {}).items():
        style.words[name.casefold()] = Word(
            name=name,
            icon=entry.get("icon"),
            token=entry.get("token"),
            code=entry.get("code"),
            colour=entry.get("colour"),
            inline=_inline(entry.get("inline", False), path, name),
        )
    for stem in [w.icon for w in style.words.values() if w.icon] + list(style.marks.values()):
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", stem):
            raise ChroniclerError(f"{path}: {stem!r} is not the name of a file in icons/")
        if not (folder / "icons" / f"{stem}.svg").is_file():
            raise ChroniclerError(f"{path}: no icon file icons/{stem}.svg")
    return style


def _inline(value: Any, path: Path, word: str) -> str:
    if value is True:
        return "replace"
    if value is False or value == "":
        return ""
    if value in {"replace", "before"}:
        return str(value)
    raise ChroniclerError(f'{path}: words.{word}.inline is true, false or "before", not {value!r}')


def _symbol(path: Path, symbol_id: str) -> str:
    text = path.read_text(encoding="utf-8")
    root = _SVG_ROOT.search(text)
    box = _VIEWBOX.search(text)
    if root is None:
        raise ChroniclerError(f"{path}: not an SVG file")
    view = box.group("box") if box else "0 0 512 512"
    return f'<symbol id="{symbol_id}" viewBox="{view}">{root.group("body")}</symbol>'


class Canvas:
    """The helpers one template render calls; it remembers the text boxes and icons used."""

    def __init__(
        self, style: FaceStyle, symbols: dict[str, str], regions: Mapping[str, str]
    ) -> None:
        self.style = style
        self._symbols = symbols
        self._regions = regions
        self.used: dict[str, None] = {}
        self.blocks: list[Block] = []
        self.inline = {n: n for n, w in style.words.items() if w.inline == "replace" and w.icon}
        self.before = {n: n for n, w in style.words.items() if w.inline == "before" and w.icon}

    # -- words and colours ------------------------------------------------------------------
    def colour(self, word: Any, default: str | None = None) -> str:
        entry = self.style.words.get(str(word).casefold()) if word is not None else None
        if entry is not None and entry.colour:
            return entry.colour
        return default or self.style.ink

    def region_name(self, word: Any) -> str:
        """A region as printed: "Empire" for ``empire`` ("the Empire" declared)."""
        name = self._regions.get(str(word), str(word))
        return name[4:] if name.startswith("the ") else name

    def place(self, spec: Any) -> str:
        """A location spec as printed: alternatives by "or", regions by name."""
        if not isinstance(spec, list | tuple):
            return str(spec)
        options = []
        for option in spec:
            words = option if isinstance(option, list | tuple) else [option]
            options.append(" ".join(self.region_name(w) for w in words))
        return " or ".join(options)

    def fields_text(self, face: Any) -> dict[str, str]:
        """A card's (or side's) fields as the language prints them."""
        return dict(face.field_text)

    def kind_colour(self, kind: str) -> str:
        return self.style.kinds.get(kind, {}).get("colour", self.style.ink)

    def _icon_stem(self, word: str) -> str | None:
        entry = self.style.words.get(word.casefold())
        if entry is not None and entry.icon:
            return entry.icon
        return self.style.marks.get(word.casefold())

    def has_icon(self, word: Any) -> bool:
        return word is not None and self._icon_stem(str(word)) is not None

    def icon(
        self,
        word: Any,
        x: float,
        y: float,
        size: float,
        fill: str | None = None,
        opacity: float = 1.0,
    ) -> Markup:
        """The icon of a word or mark, ``size`` square at (x, y); nothing if it has none."""
        stem = self._icon_stem(str(word))
        if stem is None:
            return Markup("")
        self.used[stem] = None
        colour = fill or self.colour(word)
        faint = f' opacity="{opacity:.2f}"' if opacity < 1 else ""
        return Markup(
            f'<use href="#i-{escape(stem)}" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}" fill="{escape(colour)}"{faint}/>'
        )

    def _inline_icon(self, word: str, x: float, y: float, size: float) -> str:
        return str(self.icon(word, x, y, size))

    # -- text -------------------------------------------------------------------------------
    def text(
        self,
        paragraphs: str | Sequence[str],
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        size: float = 34,
        min_size: float = 18,
        weight: str = "normal",
        fill: str | None = None,
        align: str = "left",
        valign: str = "top",
        icons: bool = True,
        wrap: bool = True,
        name: str = "text",
    ) -> Markup:
        """Paragraphs set in the box (x, y, w, h), wrapped and shrunk to fit."""
        lines = [paragraphs] if isinstance(paragraphs, str) else list(paragraphs)
        flat = [part for line in lines for part in str(line).split("\n")]
        block = set_text(
            flat,
            (x, y, w, h),
            name=name,
            size=size,
            min_size=min_size,
            weight=weight,
            icons=self.inline if icons else {},
            before=self.before if icons else {},
            wrap=wrap,
        )
        self.blocks.append(block)
        return block_svg(
            block,
            fill=fill or self.style.ink,
            align=align,
            valign=valign,
            icon_use=self._inline_icon,
        )

    def panel(
        self,
        paragraphs: str | Sequence[str],
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "#ffffff",
        opacity: float = 0.55,
        pad: float = 18,
        valign: str = "top",
        name: str = "text",
        **options: Any,
    ) -> Markup:
        """Paragraphs on a panel that hugs them, inside the room (x, y, w, h): the text is set
        as ``text`` sets it (``options``), and the panel is as tall as the lines it holds,
        at the top of the room or in its middle. No text, no panel."""
        lines = [paragraphs] if isinstance(paragraphs, str) else list(paragraphs)
        if not any(str(line).strip() for line in lines):
            return Markup("")
        inner = (x + pad, y + pad, w - 2 * pad, h - 2 * pad)
        text = self.text(lines, *inner, valign=valign, name=name, **options)
        block = self.blocks[-1]
        tall = min(h, block.height + 2 * pad)
        top = y + (h - tall) / 2 if valign == "middle" else y
        back = (
            f'<rect x="{x:.1f}" y="{top:.1f}" width="{w:.1f}" height="{tall:.1f}" rx="12" '
            f'fill="{escape(fill)}" fill-opacity="{opacity:.2f}"/>'
        )
        return Markup(back) + text

    def title(
        self,
        words: str,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        size: float = 52,
        min_size: float = 26,
        fill: str | None = None,
        align: str = "left",
        name: str = "title",
    ) -> Markup:
        """One bold line (two when it must), shrunk to fit."""
        return self.text(
            [words],
            x,
            y,
            w,
            h,
            size=size,
            min_size=min_size,
            weight="bold",
            fill=fill,
            align=align,
            valign="middle",
            icons=False,
            name=name,
        )

    def width(self, words: str, size: float, weight: str = "normal") -> float:
        return text_width(str(words), size, weight)

    def label(
        self,
        words: Any,
        x: float,
        y: float,
        *,
        size: float = 30,
        weight: str = "bold",
        fill: str | None = None,
        anchor: str = "start",
    ) -> Markup:
        """A short label whose baseline is at y (numbers, stats): not wrapped, not measured."""
        bold = ' font-weight="bold"' if weight == "bold" else ""
        return Markup(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="{escape(anchor)}"'
            f' fill="{escape(fill or self.style.ink)}" {FONT_ATTRS}{bold}>{escape(words)}</text>'
        )

    # -- dice -------------------------------------------------------------------------------
    def die(self, resource: Any, face: Any, x: float, y: float, size: float) -> Markup:
        """A die of ``resource`` (None: any) showing ``face`` (None: any value)."""
        word = str(resource) if resource else "any"
        body = self.colour(word, "#ffffff")
        light = _is_light(body)
        pip = self.style.ink if light else "#ffffff"
        parts = [
            f'<rect class="die" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
            f'rx="{size * 0.18:.1f}" fill="{escape(body)}" stroke="{escape(self.style.ink)}" '
            f'stroke-width="{max(2.0, size * 0.04):.1f}"/>'
        ]
        if isinstance(face, int) and 1 <= face <= 6:
            r = size * 0.085
            for px, py in _PIPS[face]:
                cx, cy = x + size * px, y + size * py
                parts.append(
                    f'<circle class="pip" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" '
                    f'fill="{escape(pip)}"/>'
                )
        else:
            parts.append(str(self.icon(word, x + size * 0.18, y + size * 0.18, size * 0.64, pip)))
        return Markup("".join(parts))

    # -- the symbols the face used ----------------------------------------------------------
    def defs(self) -> Markup:
        """The ``<defs>`` of every icon drawn so far: call it last in a template."""
        found = [self._symbols[stem] for stem in self.used]
        return Markup("<defs>" + "".join(found) + "</defs>")


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _is_light(colour: str) -> bool:
    value = colour.lstrip("#")
    if len(value) != 6:
        return True
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b > 160


class FaceSet:
    """Every template and icon of one ruleset's ``faces/`` folder, ready to draw cards."""

    def __init__(
        self,
        folder: Path,
        *,
        size: str | None = None,
        bleed_mm: float = DEFAULT_BLEED_MM,
        regions: Mapping[str, str] | None = None,
        under: Sequence[Path] = (),
    ) -> None:
        self.folder = folder
        self.layouts = Layouts.of(folder, under)  # the kinds ``folder`` does not draw: ``under``
        self.regions = dict(regions or {})
        self.style = read_style(self.layouts.style())
        self.size = size or self.style.size
        if self.size not in CARD_SIZES:
            raise UsageError(f"unknown card size '{self.size}' (sizes: {', '.join(CARD_SIZES)})")
        width_mm, height_mm = CARD_SIZES[self.size]
        self.width = width_mm * MM
        self.height = height_mm * MM
        self.bleed = max(0.0, bleed_mm) * MM
        self.env = jinja2.Environment(
            loader=self.layouts.loader(),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.symbols = {path.stem: _symbol(path, f"i-{path.stem}") for path in self.layouts.icons()}

    def template_name(self, kind: str) -> str:
        """The kind's own layout, else the layout for every kind (``card.svg.j2``), folder by
        folder (``Layouts.template``)."""
        return self.layouts.template(kind) or f"{kind}.svg.j2"

    def has_layout(self, kind: str) -> bool:
        return self.layouts.template(kind) is not None

    def front(self, card: Any, *, copy: int | None = None) -> Face:
        """The printed front of a compiled card (one copy: ``copy`` is its printed number)."""
        return self._draw(self.template_name(card.kind), card, card, "front", copy)

    def side(self, card: Any, side: str) -> Face:
        """A card's other printed side (a location's ``developed`` block), in its kind's layout."""
        return self._draw(self.template_name(card.kind), card, card.blocks[side], side, None)

    def back(self, kind: str) -> Face:
        """The back shared by every card of a kind."""
        return self._draw("back.svg.j2", None, None, "back", None, kind=kind)

    def _draw(
        self,
        template_name: str,
        card: Any,
        face: Any,
        side: str,
        copy: int | None,
        *,
        kind: str | None = None,
    ) -> Face:
        kind = kind or card.kind
        canvas = Canvas(self.style, self.symbols, self.regions)
        context: Mapping[str, Any] = {
            "card": card,
            "face": face,
            "side": side,
            "kind": kind,
            "copy": copy,
            "W": self.width,
            "H": self.height,
            "bleed": self.bleed,
            "size_name": self.size,
            "paper": self.style.paper,
            "ink": self.style.ink,
            "kind_colour": canvas.kind_colour(kind),
            "back_title": self.style.kinds.get(kind, {}).get("back", kind.title()),
            "c": canvas,
            "font": Markup(FONT_ATTRS),
        }
        try:
            template = self.env.get_template(template_name)
            svg = template.render(context)
        except jinja2.TemplateNotFound as missing:
            raise ChroniclerError(
                f"{self.folder}: no layout {missing.name} for {kind} cards"
            ) from missing
        except jinja2.TemplateSyntaxError as error:
            raise ChroniclerError(
                f"{error.filename or self.layouts.file(template_name)}:{error.lineno}: error: "
                f"{error.message}"
            ) from error
        except jinja2.TemplateError as error:  # an undefined field, a wrong call
            where = _template_line(error, self.layouts.folders)
            name = f' drawing {kind} "{card.name}"' if card is not None else f" drawing {kind} back"
            raise ChroniclerError(f"{where}error{name}: {error}") from error
        return Face(
            kind=kind,
            name=card.name if card is not None else kind,
            side=side,
            svg=svg,
            blocks=tuple(canvas.blocks),
            width=self.width,
            height=self.height,
            bleed=self.bleed,
        )


def _template_line(error: Exception, folders: Sequence[Path]) -> str:
    """'faces/asset.svg.j2:12: ' from the traceback of an error raised while rendering."""
    tb = error.__traceback__
    found = ""
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if any(filename.startswith(str(folder)) for folder in folders):
            found = f"{filename}:{tb.tb_lineno}: "
        tb = tb.tb_next
    return found
