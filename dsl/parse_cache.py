"""The on-disk parse cache: a ``.rules`` file's AST and parse diagnostics, kept between runs.

Parsing is most of the time a command spends on card text, and the text rarely changes between
two commands. Each entry is a pickle of ``(RulesFile, diagnostics)`` named by a hash of the
file's path and text and of the code that makes an AST (the grammar, the parser, the AST
classes), so editing either gives a new entry and the old one is never read again.

Where: ``$CHRONICLER_CACHE_DIR``, else ``$XDG_CACHE_HOME/chronicler``, else
``~/.cache/chronicler``; ``CHRONICLER_NO_CACHE=1`` turns it off. An entry that cannot be read
or is not what it should be is parsed again and rewritten: the cache never gives the user an
error. Entries are written to a temporary file and renamed into place, so two processes never
see half an entry. The folder keeps at most ``MAX_ENTRIES``: writing a new entry removes the
least recently used ones beyond that (a hit marks its entry used), so editing cards for months
does not fill the disk.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import io
import os
import pickle
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from dsl import ast
from dsl.diagnostics import Diagnostic

# Bump when the layout of an entry changes in a way the code fingerprint below would not see.
CACHE_FORMAT = 1
# Entries kept: a ruleset has about a dozen files, and a few versions of each are worth keeping.
MAX_ENTRIES = 256

_DSL = Path(__file__).resolve().parent
# The files whose contents decide what AST a text parses to.
_AST_MAKERS = ("grammar.lark", "parser.py", "ast.py", "runtime.py", "diagnostics.py")

Parsed = tuple[ast.RulesFile, tuple[Diagnostic, ...]]


def cache_dir() -> Path | None:
    """The folder of parse entries, or None when caching is turned off."""
    if os.environ.get("CHRONICLER_NO_CACHE", "").strip() not in ("", "0"):
        return None
    chosen = os.environ.get("CHRONICLER_CACHE_DIR")
    if chosen:
        return Path(chosen) / "parsed"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "chronicler" / "parsed"


@cache
def _code_fingerprint() -> bytes:
    digest = hashlib.sha256(f"{CACHE_FORMAT}\0{sys.version_info[:2]}\0".encode())
    for name in _AST_MAKERS:
        digest.update(name.encode() + b"\0" + (_DSL / name).read_bytes() + b"\0")
    return digest.digest()


def entry_key(path: str, text: str) -> str:
    digest = hashlib.sha256(_code_fingerprint())
    digest.update(path.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def load(path: str, text: str) -> Parsed | None:
    """The cached parse of ``text`` shown as ``path``, or None (missing, stale or unreadable)."""
    folder = cache_dir()
    if folder is None:
        return None
    collecting = gc.isenabled()
    entry = folder / f"{entry_key(path, text)}.pickle"
    try:
        data = entry.read_bytes()
        gc.disable()  # thousands of new nodes, no cycles: a third faster without the collector
        found = pickle.loads(data)
    except Exception:  # a missing, truncated or foreign entry is only a cache miss
        return None
    finally:
        if collecting:
            gc.enable()
    if (
        isinstance(found, tuple)
        and len(found) == 2
        and isinstance(found[0], ast.RulesFile)
        and found[0].path == path
        and isinstance(found[1], tuple)
        and all(isinstance(d, Diagnostic) for d in found[1])
    ):
        with contextlib.suppress(OSError):
            os.utime(entry)  # used now: pruning removes the least recently used first
        return found
    return None


def store(path: str, text: str, parsed: Parsed) -> None:
    """Keep ``parsed`` for next time; a cache that cannot be written is silently skipped."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        data = _dumps(parsed)
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, folder / f"{entry_key(path, text)}.pickle")
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        prune(folder)
    except (OSError, pickle.PicklingError, RecursionError):
        return


def prune(folder: Path, keep: int | None = None) -> int:
    """Remove the least recently used entries beyond ``keep`` (``MAX_ENTRIES``); return how
    many went. Another process removing the same file at the same time is no error."""
    keep = MAX_ENTRIES if keep is None else keep
    entries = []
    with os.scandir(folder) as found:
        for item in found:
            if item.name.endswith(".pickle"):
                with contextlib.suppress(OSError):
                    entries.append((item.stat().st_mtime_ns, item.path))
    if len(entries) <= keep:
        return 0
    entries.sort()
    removed = 0
    for _, entry_path in entries[: len(entries) - keep]:
        with contextlib.suppress(OSError):
            os.unlink(entry_path)
            removed += 1
    return removed


@cache
def _init_fields(cls: type) -> tuple[str, ...] | None:
    fields = dataclasses.fields(cls)
    if not all(f.init and not f.kw_only for f in fields):
        return None
    return tuple(f.name for f in fields)


class _Pickler(pickle.Pickler):
    """Pickles our frozen dataclasses as ``Class(*fields)``: about twice as fast to load as
    the default, which calls a Python ``__setstate__`` for every node."""

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if cls.__module__.startswith("dsl.") and dataclasses.is_dataclass(cls):
            names = _init_fields(cls)
            if names is not None:
                return cls, tuple(getattr(obj, name) for name in names)
        return NotImplemented


def _dumps(parsed: Parsed) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(parsed)
    return buffer.getvalue()
