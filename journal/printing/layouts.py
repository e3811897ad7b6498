"""Which template draws a kind of card, for any ruleset: its own layouts first, then the layouts
it falls back on.

A ruleset's ``faces/`` folder need not draw every kind. ``Layouts`` looks a kind up in each folder
in turn (the ruleset's own, then those of ``Printing.under``: for a game written in text, the
world engine's one layout) and in each folder takes ``<kind>.svg.j2`` before ``card.svg.j2``, the
folder's layout for every kind. ``faces.toml`` is the first folder's that has one, and an icon the
first folder's that has it. The Jinja2 loader searches the same folders in the same order, so a
template's ``{% include %}`` finds its parts beside it first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2

ANY_KIND = "card.svg.j2"  # a faces folder's layout for every kind without its own
STYLE = "faces.toml"


@dataclass(frozen=True)
class Layouts:
    """The folders a ruleset's faces are looked up in, the first winning."""

    folders: tuple[Path, ...]

    @classmethod
    def of(cls, folder: Path, under: Sequence[Path] = ()) -> Layouts:
        seen = dict.fromkeys([folder, *under])  # in order, once each
        return cls(tuple(seen))

    @property
    def own(self) -> Path:
        return self.folders[0]

    def template(self, kind: str) -> str | None:
        """The file name drawing ``kind``: a folder's own layout of it, else its layout for every
        kind, folder by folder; ``None`` when no folder draws it."""
        for folder in self.folders:
            for name in (f"{kind}.svg.j2", ANY_KIND):
                if (folder / name).is_file():
                    return name
        return None

    def style(self) -> Path:
        """The folder whose ``faces.toml`` is read: the first that has one (else the ruleset's
        own, which the reader then names as missing)."""
        return next((f for f in self.folders if (f / STYLE).is_file()), self.own)

    def icons(self) -> Iterator[Path]:
        """Every icon file, the first folder's winning when two share a name."""
        seen: set[str] = set()
        for folder in self.folders:
            for path in sorted((folder / "icons").glob("*.svg")):
                if path.stem not in seen:
                    seen.add(path.stem)
                    yield path

    def loader(self) -> jinja2.BaseLoader:
        return jinja2.FileSystemLoader([str(f) for f in self.folders])

    def file(self, name: str) -> Path:
        """Where template ``name`` is read from (the first folder holding it)."""
        return next((f / name for f in self.folders if (f / name).is_file()), self.own / name)
