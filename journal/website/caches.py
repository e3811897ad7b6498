"""What ``chronicler publish`` keeps between runs, so that publishing again costs little more
than MkDocs rendering the pages.

Two caches, both in the folder of the language's parse cache (``dsl/parse_cache.py``):
``$CHRONICLER_CACHE_DIR``, else ``$XDG_CACHE_HOME/chronicler``, else ``~/.cache/chronicler``;
``CHRONICLER_NO_CACHE=1`` turns them off. Deleting the folder is always safe.

- ``site/``: what a site takes from the card text (``RulesetPages``: the card gallery and the
  characters' starting skills), as JSON named by a hash of the card text and of the code that
  turns it into the gallery (the language, the ruleset's card views, the page maker). Without
  it every publish compiles the whole card text to print the gallery.
- ``templates/``: the theme's Jinja templates compiled to Python bytecode
  (``jinja2.FileSystemBytecodeCache``: each entry is checked against its template's text and the
  Python version), so MkDocs does not compile Material's templates again on every publish. The
  pages MkDocs writes are the same either way.

An entry that cannot be read is computed again and rewritten; a cache that cannot be written is
skipped: the caches never give the user an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules import registry

if TYPE_CHECKING:
    import jinja2

    from journal.website.pages import RulesetPages

# Bump when the layout of a ``site/`` entry changes in a way the fingerprint would not see.
CACHE_FORMAT = 2  # 2: entries keep the region names
# ``site/`` keeps this many entries (one per version of the card text), least recently used
# removed first.
MAX_SITE_ENTRIES = 8

_JOURNAL = Path(__file__).resolve().parent.parent


def cache_root() -> Path | None:
    """The cache folder (the same rule as ``dsl.parse_cache.cache_dir``), or None when off."""
    if os.environ.get("CHRONICLER_NO_CACHE", "").strip() not in ("", "0"):
        return None
    chosen = os.environ.get("CHRONICLER_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "chronicler"


def _package_dir(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except ImportError:
        return None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return Path(locations[0]) if locations else None


def _fingerprinted_files() -> list[Path] | None:
    """The files that decide a site's ``RulesetPages``: the card text, the language, the
    ruleset's views of it, and our code that prints the gallery. None when they are not all
    where we expect them (then nothing is cached)."""
    dsl, rules = _package_dir("dsl"), registry.default().folder
    if dsl is None or rules is None:
        return None
    files = sorted(dsl.glob("*.py")) + sorted(dsl.glob("*.lark"))
    files += sorted(rules.glob("*.py")) + sorted(rules.glob("*.rules"))
    files += sorted(rules.parent.glob("library/*/*.rules"))  # the libraries its text reads
    files += [_JOURNAL / "catalogue.py", _JOURNAL / "website" / "pages.py"]
    files += [_JOURNAL / "website" / "sanitize.py", Path(__file__)]
    return files


def ruleset_key() -> str | None:
    """The name of the ``site/`` entry for the card text as it is now, or None."""
    files = _fingerprinted_files()
    if files is None:
        return None
    digest = hashlib.sha256(f"{CACHE_FORMAT}\0{sys.version_info[:2]}\0".encode())
    try:
        for path in files:
            digest.update(str(path.name).encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return None
    return digest.hexdigest()


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def ruleset_pages() -> RulesetPages | None:
    """The site's gallery and starting skills for the Six Winters card text as it is now.

    A catalogue this process already holds (loaded, or set by ``set_catalogue``) is used as
    it is; else the cached entry for the current card text; else the card text is compiled
    (``load_catalogue``: text that does not compile is the user's error, as without the cache)
    and the entry written for next time. None when there is no catalogue to show.
    """
    from journal import catalogue as catalogue_module

    held = catalogue_module.held_catalogue()
    if held is not catalogue_module.NOT_HELD:
        return _pages_of(held)
    root = cache_root()
    key = ruleset_key() if root is not None else None
    entry = root / "site" / f"{key}.json" if root is not None and key is not None else None
    if entry is not None:
        found = _read_entry(entry)
        if found is not None:
            with contextlib.suppress(OSError):
                os.utime(entry)  # used: the last to be removed
            return found
    pages = _pages_of(catalogue_module.load_catalogue())
    if entry is not None and pages is not None:
        data = {
            "gallery": pages.gallery,
            "character_skills": pages.character_skills,
            "region_names": pages.region_names,
            "card_names": list(pages.card_names),
        }
        with contextlib.suppress(OSError):
            _write_atomically(entry, json.dumps(data, ensure_ascii=False).encode("utf-8"))
            _prune(entry.parent)
    return pages


def _prune(folder: Path) -> None:
    """Remove the least recently used entries beyond ``MAX_SITE_ENTRIES``."""
    aged = []
    for path in folder.glob("*.json"):
        with contextlib.suppress(OSError):
            aged.append((path.stat().st_mtime, path))
    aged.sort(reverse=True)
    for _, path in aged[MAX_SITE_ENTRIES:]:
        with contextlib.suppress(OSError):
            path.unlink()


def _pages_of(catalogue: Any) -> RulesetPages | None:
    from journal.website.pages import RulesetPages

    if catalogue is None or not catalogue.cards:
        return None
    return RulesetPages.of(catalogue)


def _read_entry(entry: Path) -> RulesetPages | None:
    from journal.website.pages import RulesetPages

    try:
        data = json.loads(entry.read_bytes())
        gallery, skills, regions = data["gallery"], data["character_skills"], data["region_names"]
        names = data["card_names"]
    except Exception:  # missing, truncated or foreign: a cache miss
        return None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    if not isinstance(gallery, str) or not isinstance(skills, dict):
        return None
    if not isinstance(regions, dict) or not all(isinstance(v, str) for v in regions.values()):
        return None
    if not all(
        isinstance(sheet, dict) and all(isinstance(r, int) for r in sheet.values())
        for sheet in skills.values()
    ):
        return None
    return RulesetPages(
        gallery,
        {str(n): dict(sheet) for n, sheet in skills.items()},
        {str(k): v for k, v in regions.items()},
        tuple(names),
    )


# --- compiled theme templates -------------------------------------------------------------------


def _environment_fingerprint(env: jinja2.Environment) -> str:
    """What, besides a template's text, decides the code Jinja compiles it to."""
    import jinja2

    autoescape = env.autoescape
    settings = (
        jinja2.__version__,
        sys.version_info[:2],
        sorted(env.extensions),
        autoescape if isinstance(autoescape, bool) else getattr(autoescape, "__qualname__", "?"),
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.optimized,
        env.finalize is not None,
        env.is_async,
    )
    return hashlib.sha256(repr(settings).encode()).hexdigest()[:16]


@cache
def _bytecode_cache_class() -> type:
    import jinja2

    class QuietBytecodeCache(jinja2.FileSystemBytecodeCache):
        """Jinja's file cache, except that an entry it cannot read or write is only a miss."""

        def load_bytecode(self, bucket: Any) -> None:
            try:
                super().load_bytecode(bucket)
            except Exception:
                bucket.reset()

        def dump_bytecode(self, bucket: Any) -> None:
            with contextlib.suppress(OSError):
                super().dump_bytecode(bucket)

    return QuietBytecodeCache


def cache_templates(env: jinja2.Environment) -> jinja2.Environment:
    """Give the theme's Jinja environment the ``templates/`` bytecode cache (when caching is
    on and the folder can be made)."""
    root = cache_root()
    if root is None or env.bytecode_cache is not None:
        return env
    folder = root / "templates" / _environment_fingerprint(env)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return env
    env.bytecode_cache = _bytecode_cache_class()(str(folder), "%s.jinja")
    return env


def cache_theme_templates(theme: Any) -> None:
    """Make every Jinja environment of this MkDocs theme (``theme.get_env()``: the build's,
    and those plugins such as Material's search make for themselves) use ``cache_templates``."""
    make_env = theme.get_env

    def get_env() -> jinja2.Environment:
        return cache_templates(make_env())

    theme.get_env = get_env
