"""One print run: select the cards, draw their faces, write the chosen format under ``--out``.

``print_cards`` is what ``chronicler print`` and the benchmark call; it returns a ``PrintReport``
(the files written, the copies and pages, every text box that does not fit).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from dsl.errors import UsageError
from journal.printing import tts
from journal.printing.faces import CARD_SIZES, DEFAULT_BLEED_MM, MM, Face, FaceSet
from journal.printing.merge import merge_rows, to_csv
from journal.printing.output import OutDir, UniqueNames, slug
from journal.printing.raster import rasterise
from journal.printing.selection import PrintedCard, changed_since, select
from journal.printing.sheets import About, SheetCard, SheetLayout, write_pdf


class PrintFormat(StrEnum):
    pdf = "pdf"
    png = "png"
    tts = "tts"
    csv = "csv"


# TTS: 160 dpi puts a full 10 x 7 sheet of poker cards within its 4096 pixels (4000 x 3920).
DEFAULT_DPI = {PrintFormat.pdf: 300, PrintFormat.png: 300, PrintFormat.tts: 160}


@dataclass
class PrintReport:
    format: PrintFormat
    out: Path
    cards: int = 0  # card designs
    copies: int = 0  # printed copies
    pages: int = 0
    files: list[Path] = field(default_factory=list)
    overflows: list[str] = field(default_factory=list)  # 'asset "X": rules text'
    images: list[str] = field(default_factory=list)  # PDF faces placed as images, not vectors


@dataclass(frozen=True)
class Options:
    kinds: Sequence[str] = ()
    only: Sequence[str] = ()
    changed_since: str | None = None
    size: str | None = None
    paper: str = "a4"
    bleed: float | None = None
    dpi: int | None = None
    icons: str = "words"
    base_url: str | None = None
    workers: int | None = None


Progress = Callable[[int, int], None]  # (advance by, new total or 0)


def load(ruleset: str | None) -> tuple[Any, Path, Path, tuple[Path, ...]]:
    """The compiled ruleset, its folder, the folder of its faces and the folders of the layouts
    drawing the kinds it does not, found through the registry (``None``: the current
    campaign's ruleset); diagnostics as one error."""
    from dsl.commands import _load
    from journal.rulesets import find_ruleset

    found = find_ruleset(ruleset)
    return _load(str(found.folder)), found.folder, found.printing.faces, found.printing.under


def print_cards(
    ruleset: str | None,
    fmt: PrintFormat,
    out: Path,
    options: Options = Options(),
    progress: Progress | None = None,
) -> PrintReport:
    compiled, folder, faces_at, under = load(ruleset)
    if options.icons not in {"words", "tokens"}:
        raise UsageError(f"--icons is words or tokens, not '{options.icons}'")
    if options.dpi is not None and not 50 <= options.dpi <= 1200:
        raise UsageError("--dpi is between 50 and 1200")
    if options.bleed is not None and not 0 <= options.bleed <= 10:
        raise UsageError("--bleed is between 0 and 10 mm")
    changed = (
        changed_since(compiled, folder, options.changed_since) if options.changed_since else None
    )
    chosen = select(compiled, kinds=options.kinds, only=options.only, changed=changed)
    bleed = (
        options.bleed
        if options.bleed is not None
        else (DEFAULT_BLEED_MM if fmt is PrintFormat.pdf else 0.0)
    )
    faces = FaceSet(
        faces_at,
        size=options.size,
        bleed_mm=bleed,
        regions=compiled.vocabulary.titles,
        under=under,
    )
    for entry in chosen:
        if not faces.has_layout(entry.kind):
            raise UsageError(f"{faces.folder} has no layout {entry.kind}.svg.j2")
    target = OutDir(out)
    report = PrintReport(fmt, out, cards=len(chosen), copies=sum(len(c.numbers) for c in chosen))
    if not chosen:
        return report  # nothing matched or changed: no empty PDF, sheet or CSV
    name = slug(f"{compiled.name}")
    dpi = options.dpi or DEFAULT_DPI.get(fmt, 300)
    tick: Callable[[int], None] | None = (lambda n: progress(n, 0)) if progress else None
    if fmt is PrintFormat.csv:
        _write_csv(chosen, faces, target, name, options, report)
    elif fmt is PrintFormat.png:
        _write_pngs(chosen, faces, target, dpi, options, report, tick, progress)
    elif fmt is PrintFormat.pdf:
        about = About(
            title=f"{compiled.name} {compiled.version}: cards".replace("  ", " "),
            author=faces.style.author,
            subject=(
                f"Print-and-play cards of {compiled.name}: {faces.size} size on "
                f"{options.paper} paper, {bleed:g} mm bleed"
            ),
            keywords=tuple(dict.fromkeys(e.kind for e in chosen)),
        )
        _write_pdf(chosen, faces, target, name, about, dpi, options, report, tick, progress)
    else:
        _write_tts(chosen, faces, target, str(compiled.name), dpi, options, report, tick, progress)
    report.files = list(target.written)
    return report


def _fronts(chosen: Sequence[PrintedCard], faces: FaceSet, report: PrintReport) -> list[Face]:
    """One front per design (copies share it unless the template prints the copy's number)."""
    drawn = []
    for entry in chosen:
        face = faces.front(entry.card)
        drawn.append(face)
        _note_overflow(face, report)
    return drawn


def _note_overflow(face: Face, report: PrintReport) -> None:
    for block in face.overflowing:
        side = "" if face.side == "front" else f" ({face.side} side)"
        report.overflows.append(f'{face.kind} "{face.name}"{side}: {block.name}')


def _copy_faces(
    chosen: Sequence[PrintedCard], faces: FaceSet, report: PrintReport
) -> tuple[list[Face], list[Face], list[tuple[str, str]]]:
    """A front and a back for every printed copy, and each copy's (name, description)."""
    fronts: list[Face] = []
    backs: list[Face] = []
    labels: list[tuple[str, str]] = []
    kind_backs: dict[str, Face] = {}
    for entry in chosen:
        sides = [faces.side(entry.card, s) for s in entry.other_sides]
        for face in sides:
            _note_overflow(face, report)
        for number in entry.numbers:
            front = faces.front(entry.card, copy=number)
            if number == entry.numbers[0]:
                _note_overflow(front, report)
            fronts.append(front)
            if sides:
                backs.append(sides[0])
            else:
                if entry.kind not in kind_backs:
                    kind_backs[entry.kind] = faces.back(entry.kind)
                backs.append(kind_backs[entry.kind])
            labels.append((entry.name, entry.kind if number is None else f"{entry.kind} #{number}"))
    return fronts, backs, labels


def _start(progress: Progress | None, total: int) -> None:
    if progress:
        progress(0, total)


def _write_pdf(
    chosen: Sequence[PrintedCard],
    faces: FaceSet,
    target: OutDir,
    name: str,
    about: About,
    dpi: int,
    options: Options,
    report: PrintReport,
    tick: Callable[[int], None] | None,
    progress: Progress | None,
) -> None:
    fronts, backs, _ = _copy_faces(chosen, faces, report)
    layout = SheetLayout.make(options.paper, faces.width / MM, faces.height / MM, faces.bleed / MM)
    _start(progress, len(fronts) + len(backs))
    cards = [SheetCard(front, back) for front, back in zip(fronts, backs, strict=True)]
    pdf, as_images = write_pdf(cards, layout, about, advance=tick, fallback_dpi=dpi)
    for face in {f.svg: f for f in as_images}.values():
        report.images.append(f'{face.kind} "{face.name}"')
    report.pages = 2 * -(-len(cards) // layout.per_page)
    target.write_bytes(pdf, f"{name}-{faces.size}-{options.paper}.pdf")


def _png_stems(chosen: Sequence[PrintedCard]) -> dict[tuple[str, str], tuple[str, list[str]]]:
    """(kind, name) -> the file names (without .png) of a card's front and other sides: each
    kind's folder gives a name once ("back" is the kind's back), so every card keeps its own
    file whatever its name makes ("Fork", "Fork!" and "Fork 2"; "Fork" with a side "Lit"
    and a card "Fork Lit")."""
    stems: dict[tuple[str, str], tuple[str, list[str]]] = {}
    for kind in dict.fromkeys(e.kind for e in chosen):
        of_kind = [e for e in chosen if e.kind == kind]
        given = UniqueNames({"back"})
        fronts = {e.name: given.add(slug(e.name)) for e in of_kind}
        for entry in of_kind:
            front = fronts[entry.name]
            sides = [given.add(f"{front}-{slug(side)}") for side in entry.other_sides]
            stems[(kind, entry.name)] = (front, sides)
    return stems


def _png_faces(
    chosen: Sequence[PrintedCard], faces: FaceSet, report: PrintReport
) -> list[tuple[Face, tuple[str, ...]]]:
    """Every face a PNG run writes and the path of each: fronts, other sides, kind backs."""
    stems = _png_stems(chosen)
    out: list[tuple[Face, tuple[str, ...]]] = []
    for face, entry in zip(_fronts(chosen, faces, report), chosen, strict=True):
        front, sides = stems[(entry.kind, entry.name)]
        out.append((face, (entry.kind, f"{front}.png")))
        for side, stem in zip(entry.other_sides, sides, strict=True):
            other = faces.side(entry.card, side)
            _note_overflow(other, report)
            out.append((other, (entry.kind, f"{stem}.png")))
    for kind in dict.fromkeys(e.kind for e in chosen):
        if not any(e.other_sides for e in chosen if e.kind == kind):
            out.append((faces.back(kind), (kind, "back.png")))
    return out


def image_paths(chosen: Sequence[PrintedCard]) -> dict[tuple[str, str], tuple[str, str]]:
    """(kind, name) -> the front and back PNG paths a PNG run writes, relative to --out."""
    paths = {}
    for (kind, name), (front, sides) in _png_stems(chosen).items():
        back = f"png/{kind}/{sides[0]}.png" if sides else f"png/{kind}/back.png"
        paths[(kind, name)] = (f"png/{kind}/{front}.png", back)
    return paths


def _write_pngs(
    chosen: Sequence[PrintedCard],
    faces: FaceSet,
    target: OutDir,
    dpi: int,
    options: Options,
    report: PrintReport,
    tick: Callable[[int], None] | None,
    progress: Progress | None,
) -> None:
    planned = _png_faces(chosen, faces, report)
    _start(progress, len({f.svg for f, _ in planned}))
    images = rasterise(
        [f for f, _ in planned],
        dpi,
        kind="png",
        cache=target.folder(".cache"),
        workers=options.workers,
        advance=tick,
    )
    for (_, where), image in zip(planned, images, strict=True):
        target.write_bytes(image, "png", *where)


def _write_csv(
    chosen: Sequence[PrintedCard],
    faces: FaceSet,
    target: OutDir,
    name: str,
    options: Options,
    report: PrintReport,
) -> None:
    columns, rows = merge_rows(chosen, faces.style, icons=options.icons, images=image_paths(chosen))
    suffix = "-tokens" if options.icons == "tokens" else ""
    target.write_text(to_csv(columns, rows), f"{name}-merge{suffix}.csv")


def _write_tts(
    chosen: Sequence[PrintedCard],
    faces: FaceSet,
    target: OutDir,
    game: str,
    dpi: int,
    options: Options,
    report: PrintReport,
    tick: Callable[[int], None] | None,
    progress: Progress | None,
) -> None:
    kinds = list(dict.fromkeys(e.kind for e in chosen))
    plans = []
    everything: list[Face] = []
    for kind in kinds:
        fronts, backs, labels = _copy_faces([e for e in chosen if e.kind == kind], faces, report)
        hidden = faces.back(kind)
        plans.append((kind, fronts, backs, labels, hidden))
        everything += [*fronts, *backs, hidden]
    _start(progress, len({f.svg for f in everything}))
    images = rasterise(
        everything,
        dpi,
        kind="png",
        cache=target.folder(".cache"),
        workers=options.workers,
        advance=tick,
    )
    by_svg = {f.svg: image for f, image in zip(everything, images, strict=True)}
    folder = target.folder("tts")
    base = options.base_url.rstrip("/") if options.base_url else folder.resolve().as_uri()
    for kind, fronts, backs, labels, hidden in plans:
        unique_back = any(b.side != "back" for b in backs)
        back_image = by_svg[hidden.svg]
        target.write_bytes(back_image, "tts", f"{kind}-back.png")
        sheets = []
        for number, start in enumerate(range(0, len(fronts), tts.PER_SHEET), start=1):
            chunk = fronts[start : start + tts.PER_SHEET]
            grid = tts.grid_for(len(chunk))
            face_png = tts.sheet_image([by_svg[f.svg] for f in chunk], grid, back_image)
            target.write_bytes(face_png, "tts", f"{kind}-{number}.png")
            back_url = f"{base}/{kind}-back.png"
            if unique_back:
                chunk_backs = backs[start : start + tts.PER_SHEET]
                back_png = tts.sheet_image([by_svg[b.svg] for b in chunk_backs], grid, back_image)
                target.write_bytes(back_png, "tts", f"{kind}-{number}-backs.png")
                back_url = f"{base}/{kind}-{number}-backs.png"
            sheets.append(tts.DeckSheet(f"{base}/{kind}-{number}.png", back_url, grid, unique_back))
            report.pages += 1
        deck = tts.saved_object(f"{game} {kind} deck", labels, sheets)
        target.write_text(tts.to_json(deck), "tts", f"{kind}.json")
        target.write_bytes(tts.thumbnail(by_svg[fronts[0].svg]), "tts", f"{kind}.png")


__all__ = ["CARD_SIZES", "Options", "PrintFormat", "PrintReport", "print_cards"]
