"""SVG faces to pixels with resvg (a Rust renderer shipped as a wheel: no system libraries).

Only the bundled fonts are loaded (system fonts skipped), so a face looks the same on every
machine. Rasterising is the slow stage (tens of milliseconds a face), so ``rasterise`` spreads
the faces over worker processes and keeps each image in a cache under ``--out`` (its
``.cache`` folder, made by the caller) keyed by the face's SVG, the resolution and the format:
reprinting after a change redraws only what changed.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import resvg_py
from PIL import Image

from journal.printing.faces import UNITS_PER_INCH, Face
from journal.printing.output import write_new
from journal.printing.text import FONT_FILES

_FONTS = [str(path) for path in FONT_FILES.values()]
JPEG_QUALITY = 92  # for sheets: an exact copy of the colours costs ten times the file size


def pixels(face: Face, dpi: int) -> tuple[int, int]:
    """The image size of a face (with its bleed) at ``dpi``."""
    scale = dpi / UNITS_PER_INCH
    return round((face.width + 2 * face.bleed) * scale), round(
        (face.height + 2 * face.bleed) * scale
    )


def svg_to_png(svg: str, dpi: int) -> bytes:
    """One face's SVG as PNG bytes at ``dpi``."""
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            zoom=dpi / UNITS_PER_INCH,
            skip_system_fonts=True,
            font_files=_FONTS,
        )
    )


def _render(job: tuple[str, int, str]) -> bytes:
    svg, dpi, kind = job
    png = svg_to_png(svg, dpi)
    if kind == "png":
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY)
    return out.getvalue()


def _key(svg: str, dpi: int, kind: str) -> str:
    return hashlib.sha256(f"{dpi}\0{kind}\0{svg}".encode()).hexdigest()[:32]


def rasterise(
    faces: Sequence[Face],
    dpi: int,
    *,
    kind: str = "png",
    cache: Path | None = None,
    workers: int | None = None,
    advance: Callable[[int], None] | None = None,
) -> list[bytes]:
    """Each face as an image (``kind`` "png", or "jpeg" for sheets), in order.

    Identical faces (copies of one card) are drawn once; images found in ``cache`` are reused.
    """
    keys = [_key(face.svg, dpi, kind) for face in faces]
    done: dict[str, bytes] = {}
    todo: dict[str, str] = {}
    for key, face in zip(keys, faces, strict=True):
        if key in done or key in todo:
            continue
        cached = cache / f"{key}.{kind}" if cache is not None else None
        if cached is not None and cached.is_file() and not cached.is_symlink():
            done[key] = cached.read_bytes()
        else:
            todo[key] = face.svg
    if advance and done:
        advance(len(done))
    jobs = [(svg, dpi, kind) for svg in todo.values()]
    count = workers if workers is not None else min(4, os.cpu_count() or 1)
    if count > 1 and len(jobs) > 8:
        with ProcessPoolExecutor(max_workers=count) as pool:
            results = pool.map(_render, jobs, chunksize=4)
            for key, image in zip(todo, results, strict=True):
                done[key] = image
                if advance:
                    advance(1)
    else:
        for key, job in zip(todo, jobs, strict=True):
            done[key] = _render(job)
            if advance:
                advance(1)
    if cache is not None:
        for key in todo:
            write_new(cache / f"{key}.{kind}", done[key])
    return [done[key] for key in keys]


def unique_count(faces: Sequence[Face]) -> int:
    """How many distinct images ``rasterise`` draws for these faces (for a progress bar)."""
    return len({face.svg for face in faces})
