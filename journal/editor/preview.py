"""The card under the cursor drawn as its printed face: the PNG ``chronicler print`` makes.

The ruleset's text as the editor holds it is compiled (``dsl.loader.compile_sources``), the
card drawn through its kind's layout in the folder's ``faces/`` (``journal.printing``), and the
image written under the cache folder; the editor is answered with the file's path.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl.diagnostics import CheckFailed
from dsl.errors import ChroniclerError

if TYPE_CHECKING:
    from journal.editor.analysis import Analysis

DPI = 150  # enough to read the card on a screen; a print run uses 300


def preview_dir() -> Path:
    """``$CHRONICLER_CACHE_DIR/preview``, else ``$XDG_CACHE_HOME/chronicler/preview``."""
    chosen = os.environ.get("CHRONICLER_CACHE_DIR")
    if chosen:
        return Path(chosen) / "preview"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "chronicler" / "preview"


def render(analysis: Analysis, path: str, line: int) -> dict[str, Any]:
    from journal.printing.faces import FaceSet, faces_folder
    from journal.printing.output import slug
    from journal.printing.raster import svg_to_png

    card = analysis.index().card_at(path, line)
    if card is None:
        return {"error": "no card here"}
    if analysis.folder is None:
        return {"error": "a card is drawn with its ruleset's faces: save the file in a ruleset"}
    try:
        compiled = analysis.compiled()
    except CheckFailed as failed:
        return {"error": f"the ruleset has errors: {failed.message}"}
    kind = next(
        (k for k in compiled.vocabulary.card_kinds if k.casefold() == card.kind.text.casefold()),
        card.kind.text,
    )
    drawn = next(
        (c for c in compiled.cards(kind) if c.name.casefold() == card.name.text.casefold()), None
    )
    if drawn is None:
        return {"error": f'{kind} "{card.name.text}" is not in the compiled ruleset'}
    from rules import registry

    try:
        # the folder as ``chronicler print`` finds it: a ruleset of ours, or a copy of one
        folder = faces_folder(registry.find(analysis.folder).folder)
    except ChroniclerError as error:
        return {"error": error.message}
    try:
        faces = FaceSet(folder, bleed_mm=0.0, regions=compiled.vocabulary.titles)
        if not faces.has_layout(drawn.kind):
            return {"error": f"{folder} has no layout {faces.template_name(drawn.kind)}"}
        face = faces.front(drawn)
        image = svg_to_png(face.svg, DPI)
    except ChroniclerError as error:
        return {"error": error.message}
    out = preview_dir()
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(image).hexdigest()[:12]
    target = out / f"{slug(drawn.kind)}-{slug(drawn.name)}-{digest}.png"
    if not target.exists():
        temporary = target.with_suffix(".tmp")
        temporary.write_bytes(image)
        temporary.replace(target)
    return {"path": str(target), "card": drawn.name, "kind": drawn.kind}
