"""Everything ``chronicler print`` writes goes under ``--out``, by names made from card names.

A card's name becomes a slug (``49 Feet of Greenleaf Rope`` -> ``49-feet-of-greenleaf-rope``),
so no name can climb out of the folder or name a device; the folder and every path under it is
refused when it is a symbolic link, so a link planted in ``--out`` cannot send a write elsewhere.
"""

from __future__ import annotations

import os
import re
import tempfile
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from dsl.errors import ChroniclerError, UsageError

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_UMASK = os.umask(0o022)
os.umask(_UMASK)


def slug(name: str) -> str:
    """A file name from a card name: lower-case ASCII letters, digits and dashes."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return _NOT_SLUG.sub("-", ascii_name.lower()).strip("-")[:80] or "card"


class OutDir:
    """The one folder a print run writes in."""

    def __init__(self, root: Path) -> None:
        if root.is_symlink():
            raise UsageError(f"--out {root} is a symbolic link; give a real folder")
        if root.exists() and not root.is_dir():
            raise UsageError(f"--out {root} is a file, not a folder")
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"cannot create --out {root}: {error.strerror or error}") from error
        self.root = root
        self.written: list[Path] = []

    def path(self, *parts: str) -> Path:
        """``root/parts...`` after checking each part is a plain name and no link is on the way."""
        here = self.root
        for part in parts:
            if not part or part in {".", ".."} or "/" in part or "\\" in part or "\0" in part:
                raise ChroniclerError(f"refusing to write {part!r} under {self.root}")
            here = here / part
            if here.is_symlink():
                raise ChroniclerError(f"refusing to write through the symbolic link {here}")
        return here

    def folder(self, *parts: str) -> Path:
        path = self.path(*parts)
        if path.exists() and not path.is_dir():
            raise ChroniclerError(f"{path} is a file, not a folder")
        path.mkdir(parents=True, exist_ok=True)
        return path

    def write_bytes(self, data: bytes, *parts: str) -> Path:
        if len(parts) > 1:
            self.folder(*parts[:-1])
        path = self.path(*parts)
        if path.exists() and not path.is_file():
            raise ChroniclerError(f"{path} is not a file")
        write_new(path, data)
        self.written.append(path)
        return path

    def write_text(self, text: str, *parts: str) -> Path:
        return self.write_bytes(text.encode("utf-8"), *parts)


def write_new(path: Path, data: bytes) -> None:
    """Write ``data`` as ``path`` through a fresh file (created, never opened through a link),
    then renamed over ``path`` (which replaces a name and never follows one)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".print-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o666 & ~_UMASK)  # mkstemp makes it private; a card is not
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class UniqueNames:
    """File names given out once each: a name already given (or ``taken``) gets -2, -3...
    until it is free ("Fork", "Fork!" and "Fork 2" are fork, fork-2 and fork-2-2)."""

    def __init__(self, taken: Iterable[str] = ()) -> None:
        self.used = set(taken)

    def add(self, stem: str) -> str:
        name, count = stem, 1
        while name in self.used:
            count += 1
            name = f"{stem}-{count}"
        self.used.add(name)
        return name


def unique_slugs(names: list[str], taken: Iterable[str] = ()) -> dict[str, str]:
    """Each name's slug, no two alike and none of ``taken``."""
    given = UniqueNames(taken)
    return {name: given.add(slug(name)) for name in names}
