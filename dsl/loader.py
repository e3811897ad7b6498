"""Finding, reading and compiling a ruleset: ``load_ruleset("six-winters")``.

A ruleset is a folder of ``.rules`` files; a name maps to ``rules/<name>/`` (dashes become
underscores). Parsed files are cached by their contents and compiled rulesets by the contents
of all their files, so loading the same text again costs a dictionary look-up. Files read from
disk are also kept parsed between runs (``dsl.parse_cache``); Lark is imported only when a file
has to be parsed.
"""

from __future__ import annotations

import gc
import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dsl import ast, parse_cache
from dsl.checker import CheckedRuleset, check
from dsl.compiler import CompiledRuleset
from dsl.diagnostics import (
    CheckFailed,
    Diagnostic,
    Diagnostics,
    did_you_mean,
    read_rules_text,
)
from dsl.errors import ChroniclerError, UsageError

RULES_ROOT = Path(__file__).resolve().parent.parent / "rules"
LIBRARY_ROOT = RULES_ROOT / "library"  # ``library "winters"``: rules/library/winters/
_LIBRARY_LINE = re.compile(r"^[ \t]*library\b", re.MULTILINE | re.IGNORECASE)

_PARSED: dict[tuple[str, str], tuple[ast.RulesFile, tuple[Diagnostic, ...]]] = {}
_COMPILED: dict[str, CompiledRuleset] = {}


@dataclass(frozen=True, slots=True)
class Source:
    """One ``.rules`` file as read: its path as shown to the user and its text.

    ``on_disk``: read from a file, so its parse is worth keeping between runs (text made up in
    memory, by tests or the fuzzer, is not written to the on-disk cache).
    """

    path: str
    text: str
    on_disk: bool = False


def ruleset_dir(path_or_name: str | Path) -> Path:
    """The folder of a ruleset given a path (folder or file) or a name ("six-winters")."""
    path = Path(path_or_name)
    if path.is_dir():
        return path
    if path.is_file():
        return path.parent
    name = str(path_or_name).replace("-", "_").strip()
    candidates = [Path("rules") / name, RULES_ROOT / name]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    known = sorted(p.name for p in RULES_ROOT.iterdir() if p.is_dir() and any(p.glob("*.rules")))
    hint = f" (rulesets: {', '.join(known)})" if known else ""
    raise UsageError(f"no ruleset or path named '{path_or_name}'{hint}")


def read_sources(paths: Iterable[Path]) -> tuple[list[Source], list[Diagnostic]]:
    sources = []
    problems = []
    for path in paths:
        shown = str(path)
        text, problem = read_rules_text(path)
        if text is not None:
            sources.append(Source(shown, text, on_disk=True))
        elif problem is not None:
            problems.append(problem)
    return sources, problems


def parse_source(source: Source) -> tuple[ast.RulesFile, tuple[Diagnostic, ...]]:
    """Parse one file, reusing the result when the same path holds the same text: from this
    process's memory, else (files read from disk) from the on-disk parse cache."""
    key = (source.path, hashlib.sha256(source.text.encode("utf-8", "surrogatepass")).hexdigest())
    cached = _PARSED.get(key)
    if cached is None and source.on_disk:
        cached = parse_cache.load(source.path, source.text)
    if cached is None:
        from dsl.parser import parse_text  # Lark: only when something has to be parsed

        tree, diagnostics = parse_text(source.text, source.path)
        cached = (tree, tuple(diagnostics))
        if source.on_disk:
            parse_cache.store(source.path, source.text, cached)
    _PARSED[key] = cached
    return cached


@contextmanager
def paused_gc() -> Iterator[None]:
    """Python's cycle collector paused while a ruleset is parsed, checked and compiled.

    Loading builds hundreds of thousands of small objects that all stay alive; each collection
    walks every one of them, so with the collector on a card set ten times larger took twenty
    times as long (``benchmarks/bench_scale.py``). Nothing made while loading is garbage in a
    cycle worth collecting early; the collector runs again as usual afterwards.

    What loading made stays as long as the ruleset does, so it is put straight into the
    oldest generation (``gc.freeze()`` then ``gc.unfreeze()``: a move, nothing walked, nothing
    left frozen): the young collections that follow do not walk every node again, and a full
    collection still sees all of it. Skipped when the process has frozen objects of its own
    (a playtest worker), which must stay frozen."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _shown(path: Path) -> str:
    """A library file's path as diagnostics show it: from the current folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def library_folder(name: str, base_dir: str | None) -> Path | None:
    """The folder ``library "name"`` reads: a folder relative to the ruleset's (``"../mine"``),
    else one of Chronicler's libraries (``rules/library/<name>/``); ``None`` when neither."""
    here = Path(base_dir) if base_dir is not None else Path.cwd()
    relative = here / name
    if relative.is_dir() and name not in (".", ""):
        return relative
    if "/" not in name and "\\" not in name:
        shipped = LIBRARY_ROOT / name.replace("-", "_")
        if shipped.is_dir():
            return shipped
    return None


def libraries() -> list[str]:
    """The names of Chronicler's libraries."""
    if not LIBRARY_ROOT.is_dir():
        return []
    return sorted(p.name for p in LIBRARY_ROOT.iterdir() if p.is_dir() and any(p.glob("*.rules")))


def library_sources(
    sources: Sequence[Source], base_dir: str | None = None
) -> tuple[list[Source], list[Diagnostic]]:
    """The files of the libraries ``sources`` name (``library "winters"``), in the order they
    are read: each library's own libraries before it, each folder once; and what could not be
    found, told at its declaration."""
    found: list[Source] = []
    problems: list[Diagnostic] = []
    seen: set[Path] = set()

    def visit(files: Sequence[Source], folder: str | None) -> None:
        for source in files:
            if not _LIBRARY_LINE.search(source.text):
                continue  # most files name no library: not parsed for it here
            tree, _diagnostics = parse_source(source)
            for form in tree.forms:
                if not isinstance(form, ast.LibraryDecl):
                    continue
                where = library_folder(form.name.text, folder)
                if where is None:
                    known = libraries()
                    hint = did_you_mean(form.name.text, known, quoted=True)
                    listed = f" (libraries: {', '.join(known)})" if known and not hint else ""
                    problems.append(
                        Diagnostic(
                            "error",
                            f'no library "{form.name.text}"{hint}{listed}: name one of '
                            "Chronicler's or give a folder relative to the ruleset's",
                            form.name.span,
                        )
                    )
                    continue
                if where.resolve() in seen:
                    continue
                seen.add(where.resolve())
                paths = ruleset_files(where)
                if not paths:
                    problems.append(
                        Diagnostic(
                            "error", f"library folder {where} holds no .rules files", form.span
                        )
                    )
                    continue
                text, unreadable = read_sources(paths)
                problems.extend(unreadable)
                shown = [Source(_shown(Path(s.path).resolve()), s.text, s.on_disk) for s in text]
                visit(shown, str(where))
                found.extend(shown)

    visit(sources, base_dir)
    return found, problems


def check_sources(
    sources: Sequence[Source], base_dir: str | None = None, diagnostics: Diagnostics | None = None
) -> CheckedRuleset:
    """Parse and check the files of one ruleset together, after the files of the libraries it
    reads; diagnostics collected, not raised."""
    d = diagnostics if diagnostics is not None else Diagnostics()
    with paused_gc():
        libraries_read, missing = library_sources(sources, base_dir)
        d.extend(missing)
        return _check_all([*libraries_read, *sources], base_dir, d)


def _check_all(sources: Sequence[Source], base_dir: str | None, d: Diagnostics) -> CheckedRuleset:
    """Parse (or find parsed) and check every file, libraries' first (the collector paused)."""
    trees = []
    for source in sources:
        d.sources[source.path] = source.text
        tree, problems = parse_source(source)
        d.extend(problems)
        trees.append(tree)
    return check(trees, d, base_dir)


def ruleset_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.rules"))


def check_ruleset(path_or_name: str | Path) -> CheckedRuleset:
    folder = ruleset_dir(path_or_name)
    files = ruleset_files(folder)
    if not files:
        raise ChroniclerError(f"no .rules files in {folder}")
    sources, problems = read_sources(files)
    d = Diagnostics()
    d.extend(problems)
    return check_sources(sources, str(folder), d)


def compile_sources(sources: Sequence[Source], base_dir: str | None = None) -> CompiledRuleset:
    """Check and compile; raise ``CheckFailed`` (with every diagnostic) when there are errors."""
    from dsl.codegen import compile_checked

    with paused_gc():  # the libraries' files are parsed here: their ASTs stay, as the rest
        libraries_read, missing = library_sources(sources, base_dir)
        everything = [*libraries_read, *sources]
        digest = hashlib.sha256()
        for source in everything:
            digest.update(source.path.encode() + b"\0" + source.text.encode("utf-8") + b"\0")
        key = f"{base_dir}\0{digest.hexdigest()}"
        cached = _COMPILED.get(key)
        if cached is not None:
            return cached
        d = Diagnostics()
        d.extend(missing)
        checked = _check_all(everything, base_dir, d)
        if checked.diagnostics.errors:
            raise CheckFailed(checked.diagnostics)
        compiled = compile_checked(checked)
    _COMPILED[key] = compiled
    return compiled


def load_ruleset(path_or_name: str | Path) -> CompiledRuleset:
    """The compiled ruleset of a folder, a file's folder, or a name ("six-winters").

    Raises ``ChroniclerError`` (``CheckFailed`` with every diagnostic) when the text has errors.
    """
    folder = ruleset_dir(path_or_name)
    files = ruleset_files(folder)
    if not files:
        raise ChroniclerError(f"no .rules files in {folder}")
    sources, problems = read_sources(files)
    if problems:
        d = Diagnostics()
        d.extend(problems)
        raise CheckFailed(d)
    return compile_sources(sources, str(folder))


def primitives_module(folder: Path) -> Any:
    """The primitives module a ruleset folder's text declares, or ``None`` (none declared, or
    it does not import: ``check`` tells why at the declaration)."""
    from dsl.checker import _import_primitives

    sources, _problems = read_sources(ruleset_files(folder))
    for source in sources:
        parsed, _diagnostics = parse_source(source)
        for form in parsed.forms:
            if isinstance(form, ast.PrimitivesDecl):
                try:
                    return _import_primitives(str(form.module), str(folder))
                except Exception:  # any failure importing the designer's module
                    return None
    return None


def load_text(text: str, path: str = "<text>", base_dir: str | None = None) -> CompiledRuleset:
    """Compile a ruleset written in one string (tests, examples)."""
    return compile_sources([Source(path, text)], base_dir)


def clear_caches() -> None:
    _PARSED.clear()
    _COMPILED.clear()
