"""Where a command will write, checked before it does any work.

A report written after ten thousand games, or a site after every page is made, must not fail
then because its name names a folder, sits in a folder that does not exist, or is longer than
the file system allows: each verb asks here first, and a name that cannot be written is a usage
error naming the option. What is only found on writing (a full disk) is still one line, by
``journal.cli``.
"""

from __future__ import annotations

import os
from pathlib import Path

from dsl.errors import UsageError

PATH_MAX = 4096  # bytes, Linux's; a longer path is refused by every call that takes one


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def _nearest_folder(path: Path) -> Path:
    """The closest folder above ``path`` that exists (``.`` for a relative name)."""
    for parent in path.parents:
        try:
            if parent.exists():
                return parent
        except OSError:  # a name too long to look up: its own parent is asked next
            continue
    return Path(".")


def checked_name(path: Path, option: str) -> None:
    """Every part of ``path`` no longer than the file system takes, and the whole either."""
    encoded = os.fsencode(path)
    if len(encoded) >= PATH_MAX:
        raise UsageError(f"{option}: the path is {len(encoded):,} bytes, longer than a path can be")
    most = _name_max(_nearest_folder(path))
    for part in path.parts:
        if len(os.fsencode(part)) > most:
            shown = part if len(part) <= 60 else part[:40] + "…"
            raise UsageError(
                f"{option}: the name {shown!r} is {len(os.fsencode(part)):,} bytes, longer than "
                f"a file name can be ({most} bytes)"
            )


def file_to_write(path: Path, option: str) -> Path:
    """``path`` as a file the command may write (create or replace): its folder exists and
    can be written, and it is not a folder itself."""
    checked_name(path, option)
    if path.is_dir():
        raise UsageError(f"{option} {path} is a folder; give the name of a file to write")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"{option} {path}: there is no folder {folder} to write it in")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"{option} {path}: not allowed to write there")
    return path


def folder_to_write(path: Path, option: str) -> Path:
    """``path`` as a folder the command may make and fill: not a file, and made (or found)
    under a folder that can be written."""
    checked_name(path, option)
    if path.exists() and not path.is_dir():
        raise UsageError(f"{option} {path} is a file; give a folder")
    nearest = path if path.is_dir() else _nearest_folder(path)
    if not nearest.is_dir():
        raise UsageError(f"{option} {path}: {nearest} is not a folder")
    if not os.access(nearest, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: not allowed to write in {nearest}")
    return path
