"""Whether a campaign's year is being recorded right now by a ``chronicler play --campaign``.

A year the engine records is started in the journal when its session starts and ended at its
session end; in between it looks the same whether its process is still playing it or was
killed. So the recording process holds a lock for the campaign for as long as it records: one
byte (chosen by the campaign's name) of a file beside a SQLite journal, ``<journal>-recording``
(as SQLite keeps ``-wal`` and ``-shm`` beside it), locked as an open file description lock,
which the kernel drops when the process ends however it ends. Another process asks for the
same byte: refused, the year is live; granted, the year was left by a process that stopped.

A journal reached by a database URL, or a system without such locks, says nothing: ``live``
is then ``None`` and the year is told as possibly either.
"""

from __future__ import annotations

import errno
import hashlib
import os
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dsl.errors import ChroniclerError

SUFFIX = "-recording"
_held: set[tuple[str, str]] = set()  # what this process records: never "another process"

try:
    import fcntl

    _SETLK: int | None = fcntl.F_OFD_SETLK  # Linux: the lock belongs to the open file
except (ImportError, AttributeError):
    _SETLK = None


def database_of(s: Any) -> Path | None:
    """The SQLite file a session's journal is, or None (a database server)."""
    url = s.get_bind().url
    return Path(url.database) if url.get_backend_name() == "sqlite" and url.database else None


def _byte(campaign: str) -> int:
    return int.from_bytes(hashlib.sha256(campaign.encode("utf-8")).digest()[:6], "big")


def _lock(handle: int, campaign: str, kind: int) -> bool:
    """Take (or, with F_UNLCK, drop) the campaign's byte; False when another holds it."""
    import fcntl

    assert _SETLK is not None
    lock = struct.pack("hhqqi", kind, os.SEEK_SET, _byte(campaign), 1, 0)  # struct flock
    try:
        fcntl.fcntl(handle, _SETLK, lock)
    except OSError as error:
        if error.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


@contextmanager
def recording(database: Path | None, campaign: str) -> Iterator[None]:
    """Hold the campaign's lease while its year is recorded; a one-line error when another
    process records it now."""
    if database is None or _SETLK is None:
        yield
        return
    import fcntl

    handle = os.open(f"{database}{SUFFIX}", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    key = (str(database), campaign)
    try:
        if not _lock(handle, campaign, fcntl.F_WRLCK):
            raise ChroniclerError(
                f"campaign {campaign!r} is being recorded right now by another "
                "'chronicler play'; wait for it to end"
            )
        _held.add(key)
        yield
    finally:
        _held.discard(key)
        os.close(handle)  # the lock goes with the last descriptor of its open file


def live(database: Path | None, campaign: str) -> bool | None:
    """Whether another process records the campaign now (None: this journal cannot tell)."""
    if database is None or _SETLK is None:
        return None
    if (str(database), campaign) in _held:
        return False
    import fcntl

    try:
        handle = os.open(f"{database}{SUFFIX}", os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        return False  # no 'play --campaign' ever recorded into this journal
    try:
        if _lock(handle, campaign, fcntl.F_WRLCK):
            _lock(handle, campaign, fcntl.F_UNLCK)
            return False
        return True
    finally:
        os.close(handle)
