"""Reading a file a user names: a regular file only, no larger than its kind of file can be.

A name may lead anywhere: a link to ``/dev/zero`` never ends, a named pipe waits for a writer
that never comes, and a file of ten megabytes on one line takes a hundred times its size to
parse. The file is opened without waiting (``O_NONBLOCK``), asked what it is on the open
descriptor (what is read is what was checked), and read up to its limit and no further.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from dsl.errors import ChroniclerError

# A .rules file, a fixture or a character sheet is text a person wrote: the largest of Six
# Winters is 13 kB and the longest fixture 61 kB. A megabyte is far more than any, and still
# reads in well under a second (a megabyte on one line took 390 MB to check).
TEXT_FILE_LIMIT = 1_000_000


class FileRefused(ChroniclerError):
    """A file that is not read: not a regular file, or larger than its limit. ``reason`` says
    why without the file's name (a diagnostic names it by its position)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"cannot read {path}: {reason}")
        self.reason = reason


class FileTooLarge(FileRefused):
    """A regular file larger than its kind of file can be."""


_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_regular(path: str | Path, limit: int, what: str = "a file of text") -> bytes:
    """The bytes of the regular file at ``path`` (a link to one is followed), at most ``limit``.

    Raises ``FileRefused`` for anything else or anything larger, ``IsADirectoryError`` for a
    folder, and the ``OSError`` of a file that cannot be opened.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    handle = os.open(path, flags)
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a file")
            raise FileRefused(path, f"it is {kind}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(handle)
    if size > limit:
        raise FileTooLarge(path, f"it is larger than {what} may be ({limit:,} bytes at most)")
    return b"".join(chunks)
