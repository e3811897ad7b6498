"""A ruleset folder checked as the editor holds it: the open documents over the files on disk.

``chronicler check`` checks a folder's files together (a file given alone brings its folder);
so does the editor, with the same checker (``dsl.checker.check``), so its diagnostics are the
command's, at the same places. What an edit did not touch is not done again:

- a file is parsed one top-level form at a time (``FormParser``): an edit re-reads only the
  forms it changed, and the others' trees are kept by their text and line. A file where any
  form does not read on its own is parsed whole by the parser (``dsl.loader.parse_source``,
  itself cached by content), so a syntax error is told exactly as ``check`` tells it;
- a whole snapshot (every file's path and text) that was checked before is not checked again
  (an undo costs nothing);
- files read from disk are read again only when their size or time changed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.checker import CheckedRuleset, check
from dsl.diagnostics import Diagnostic, Diagnostics, read_rules_text
from dsl.loader import Source, library_sources, parse_source, paused_gc, ruleset_files
from dsl.runtime import Span
from dsl.world.game import tell_refused_step

if TYPE_CHECKING:
    from journal.editor.index import Index

SUFFIX = ".rules"
ANALYSES_KEPT = 8  # snapshots whose result is kept (undo, redo, switching back)
PARSES_KEPT = 200_000  # top-level forms whose tree is kept, over every file
# Forms that may fail to read before a file is no longer parsed whole (exactly as ``check``
# does): the parser's time grows with the square of the errors it starts again after.
EXACT_BROKEN_FORMS = 20
LIVE_LIMIT = 4 * 1024 * 1024  # characters: a larger file is not checked as you type


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The files of one ruleset folder as they are now: ``base_dir`` is what ``check`` gets
    (the folder, where a primitives ``.py`` may be); ``unreadable`` the files that are not
    text (their diagnostic, as ``check`` gives it)."""

    base_dir: str | None
    sources: tuple[Source, ...]
    unreadable: tuple[Diagnostic, ...] = ()

    @property
    def key(self) -> str:
        digest = hashlib.sha256(str(self.base_dir).encode("utf-8", "surrogatepass") + b"\0")
        for source in self.sources:
            digest.update(source.path.encode("utf-8", "surrogatepass") + b"\0")
            digest.update(source.text.encode("utf-8", "surrogatepass") + b"\0")
        for problem in self.unreadable:
            digest.update(problem.headline().encode("utf-8", "surrogatepass") + b"\0")
        return digest.hexdigest()


def group_of(path: str) -> str | None:
    """The folder a file is checked with (its own folder, as ``chronicler check FILE`` does),
    or ``None`` for a document with no folder on disk (an unsaved buffer)."""
    folder = Path(path).parent
    return str(folder) if Path(path).is_absolute() and folder.is_dir() else None


class DiskFiles:
    """The ``.rules`` files of folders, read again only when their size or time changed."""

    def __init__(self) -> None:
        self._read: dict[str, tuple[tuple[int, int], str | None, Diagnostic | None]] = {}
        self._lock = threading.Lock()

    def paths(self, folder: str) -> list[str]:
        try:
            return [str(p) for p in ruleset_files(Path(folder))]
        except OSError:
            return []

    def read(self, path: str) -> tuple[str | None, Diagnostic | None]:
        try:
            info = os.stat(path)
        except OSError:
            return read_rules_text(path)
        stamp = (info.st_mtime_ns, info.st_size)
        with self._lock:
            known = self._read.get(path)
        if known is not None and known[0] == stamp:
            return known[1], known[2]
        text, problem = read_rules_text(path)
        with self._lock:
            self._read[path] = (stamp, text, problem)
        return text, problem


def snapshot(
    group: str | None, open_texts: Mapping[str, str], disk: DiskFiles, lone: str = ""
) -> Snapshot:
    """The files of ``group`` with the open documents' texts over what is on disk; a lone
    document (``group`` None) is checked by itself, as ``check`` checks a single file."""
    if group is None:
        alone = open_texts.get(lone, "")
        if len(alone) > LIVE_LIMIT:
            return Snapshot(None, (), (too_large(lone, len(alone)),))
        return Snapshot(None, (Source(lone, alone),))
    on_disk = set(disk.paths(group))
    opened = {p for p in open_texts if p.endswith(SUFFIX) and str(Path(p).parent) == group}
    sources = []
    unreadable = []
    for path in sorted(on_disk | opened, key=Path):
        text: str | None
        problem: Diagnostic | None
        if path in open_texts:
            text, problem = open_texts[path], None
        else:
            text, problem = disk.read(path)
        if text is not None and len(text) > LIVE_LIMIT:
            problem = too_large(path, len(text))
        elif text is not None:
            sources.append(Source(path, text, on_disk=path not in open_texts))
        if problem is not None:
            unreadable.append(problem)
    return Snapshot(group, tuple(sources), tuple(unreadable))


def too_large(path: str, size: int) -> Diagnostic:
    return Diagnostic(
        "warning",
        f"{size / 1024 / 1024:.1f} MB of text: too large to check as you type (the limit is "
        f"{LIVE_LIMIT // 1024 // 1024} MB); chronicler check reads it",
        Span(path, 1, 1, 1, 1),
    )


# ---- parsing one form at a time ---------------------------------------------------------------


def normal_text(text: str) -> str:
    """The text as the parser reads it (``dsl.parser.parse_text``: line ends, a leading BOM)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text[1:] if text.startswith("\ufeff") else text


def form_starts(lines: list[str]) -> list[int]:
    """The lines (1-based) where a top-level form starts, as the parser finds them: a line at
    column 0 that is not blank, a comment or a closing brace."""
    return [n for n, line in enumerate(lines, start=1) if line and line[0] not in " \t\f#}\r"]


class FormParser:
    """Parses files a top-level form at a time, keeping each form's tree by its path and text.

    A form is read on its own from line 1 and its spans moved down to where it stands, so a
    line added above it costs a move, not a parse; the parser pads what it reads with the lines
    before it, so a form read alone has the spans it has in the whole file (a test holds every
    shipped file, and random edits of them, to ``dsl.parser.parse_text``)."""

    def __init__(self) -> None:
        self._forms: OrderedDict[tuple[str, int, str], tuple[ast.Declaration, ...] | None] = (
            OrderedDict()
        )
        self._lock = threading.Lock()
        self.parsed = 0  # forms read by the parser (the rest came from the cache)

    def parse(self, source: Source) -> tuple[ast.RulesFile, tuple[Diagnostic, ...]]:
        text = normal_text(source.text)
        lines = text.split("\n")
        starts = form_starts(lines)
        if not starts:
            return parse_source(source)
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line) + 1)
        bounds = [1, *starts[1:]]
        forms: list[ast.Declaration] = []
        broken: list[int] = []
        for k, first in enumerate(bounds):
            end_line = bounds[k + 1] if k + 1 < len(bounds) else 0
            chunk = text[offsets[first - 1] : offsets[end_line - 1] if end_line else len(text)]
            read = self._form(source.path, first, chunk)
            if read is None:
                broken.append(first)
                if len(broken) > EXACT_BROKEN_FORMS:
                    return self._too_broken(source, forms, broken, lines)
                continue
            forms.extend(read)
        if broken:  # forms that do not read alone: the parser tells why, reading the whole
            return parse_source(source)
        span = Span(source.path, 1, 1, len(lines), len(lines[-1]) + 1)
        return ast.RulesFile(source.path, tuple(forms), span), ()

    def _too_broken(
        self, source: Source, forms: list[ast.Declaration], broken: list[int], lines: list[str]
    ) -> tuple[ast.RulesFile, tuple[Diagnostic, ...]]:
        """A file where many forms do not read (a file that is not card text): the parser,
        starting again after each error, would take minutes over it. The first few are told;
        the rest is left unread until they are fixed."""
        from dsl.parser import parse_text

        problems: list[Diagnostic] = []
        for first in broken[:EXACT_BROKEN_FORMS]:
            end = next((b for b in form_starts(lines[first:]) if b), 0)
            chunk = "\n".join(lines[first - 1 : first - 1 + end] if end else lines[first - 1 :])
            problems.extend(parse_text("\n" * (first - 1) + chunk, source.path)[1][:1])
        where = Span(source.path, broken[-1], 1, broken[-1], 1)
        problems.append(
            Diagnostic(
                "warning",
                f"more than {EXACT_BROKEN_FORMS} forms do not read: the rest of the file is "
                "not checked as you type (chronicler check reads it all)",
                where,
            )
        )
        span = Span(source.path, 1, 1, len(lines), len(lines[-1]) + 1)
        return ast.RulesFile(source.path, tuple(forms), span), tuple(problems)

    def _form(self, path: str, first: int, chunk: str) -> tuple[ast.Declaration, ...] | None:
        """The forms of ``chunk`` standing at line ``first``: kept where they stood, else
        moved from where they stood before, else read."""
        placed = (path, first, chunk)
        with self._lock:
            if placed in self._forms:
                self._forms.move_to_end(placed)
                return self._forms[placed]
            alone = self._forms.get((path, 1, chunk), _UNREAD)
        if alone is _UNREAD:
            from dsl.parser import parse_text  # Lark: only when something has to be parsed

            tree, problems = parse_text(chunk, path)
            alone = None if problems else tree.forms
            with self._lock:
                self.parsed += 1
                self._keep((path, 1, chunk), alone)
        read = alone if alone is None or first == 1 else _moved(alone, first - 1)
        with self._lock:
            self._keep(placed, read)
        return read

    def _keep(self, key: tuple[str, int, str], read: tuple[ast.Declaration, ...] | None) -> None:
        self._forms[key] = read
        while len(self._forms) > PARSES_KEPT:
            self._forms.popitem(last=False)


_UNREAD: Any = object()
_FIELDS: dict[type, tuple[str, ...]] = {}


def _moved(node: Any, by: int) -> Any:
    """An AST node with every span ``by`` lines further down (a span at 1:1-1:1 is where the
    parser puts what has no place, and stays there)."""
    cls = type(node)
    if cls is Span:
        if node.line == node.end_line == node.column == node.end_column == 1:
            return node
        return Span(node.file, node.line + by, node.column, node.end_line + by, node.end_column)
    if cls is ast.Atom:  # most of a tree: read directly
        return ast.Atom(node.kind, node.text, _moved(node.span, by))
    if cls is tuple:
        return tuple([_moved(item, by) for item in node])
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(node):
            return node  # a word, a number, a flag
        names = tuple(f.name for f in dataclasses.fields(cls))
        _FIELDS[cls] = names
    return cls(**{name: _moved(getattr(node, name), by) for name in names})


# ---- the analysis -----------------------------------------------------------------------------


@dataclass
class Analysis:
    """One snapshot checked: the checked ruleset, each file's tree and text, and each file's
    diagnostics sorted as ``check`` prints them (every file of the folder has an entry, empty
    when clean; ``""`` holds any diagnostic that names no file)."""

    snapshot: Snapshot
    checked: CheckedRuleset
    files: dict[str, ast.RulesFile]
    texts: dict[str, str]
    diagnostics: dict[str, tuple[Diagnostic, ...]]
    _index: Index | None = field(default=None, repr=False)
    _lines: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _compiled: Any = field(default=None, repr=False)
    memo: dict[str, Any] = field(default_factory=dict, repr=False)  # what features keep

    @property
    def folder(self) -> str | None:
        return self.snapshot.base_dir

    @property
    def vocabulary(self) -> Any:
        return self.checked.vocabulary

    def lines(self, path: str) -> list[str]:
        """A file's lines as the parser numbered them."""
        found = self._lines.get(path)
        if found is None:
            found = normal_text(self.texts.get(path, "")).split("\n")
            self._lines[path] = found
        return found

    def index(self) -> Index:
        """The names of the ruleset and where each is written (made when first asked)."""
        if self._index is None:
            from journal.editor.index import build_index

            self._index = build_index(self)
        return self._index

    def compiled(self) -> Any:
        """The compiled ruleset of this snapshot (``dsl.loader.compile_sources``: raises
        ``CheckFailed`` when the text has errors)."""
        if self._compiled is None:
            from dsl.loader import compile_sources

            self._compiled = compile_sources(list(self.snapshot.sources), self.folder)
        return self._compiled


class Analyser:
    """Checks snapshots, keeping the forms' parses and the last few results."""

    def __init__(self) -> None:
        self.parser = FormParser()
        self._done: OrderedDict[str, Analysis] = OrderedDict()
        self._lock = threading.Lock()

    def analyse(self, snap: Snapshot) -> Analysis:
        key = snap.key
        with self._lock:
            known = self._done.get(key)
            if known is not None:
                self._done.move_to_end(key)
                return known
        d = Diagnostics()
        d.extend(snap.unreadable)
        trees = []
        with paused_gc():
            # the libraries the files name (``library "winters"``), read first, as check reads
            libraries_read, missing = library_sources(snap.sources, snap.base_dir)
            d.extend(missing)
            for source in libraries_read:
                d.sources[source.path] = source.text
                tree, problems = parse_source(source)
                d.extend(problems)
                trees.append(tree)
            for source in snap.sources:
                d.sources[source.path] = source.text
                tree, problems = self.parser.parse(source)
                d.extend(problems)
                trees.append(tree)
            checked = check(trees, d, snap.base_dir)
            # what a game would refuse as it starts, told at its step, as ``check`` tells it
            compiled = tell_refused_step(checked, d)
        by_file: dict[str, list[Diagnostic]] = {s.path: [] for s in snap.sources}
        for problem in snap.unreadable:
            by_file.setdefault(problem.span.file, [])
        for diagnostic in d.sorted():
            by_file.setdefault(diagnostic.span.file, []).append(diagnostic)
        result = Analysis(
            snap,
            checked,
            {tree.path: tree for tree in trees},
            {s.path: s.text for s in snap.sources},
            {path: tuple(found) for path, found in by_file.items()},
            _compiled=compiled,
        )
        with self._lock:
            self._done[key] = result
            while len(self._done) > ANALYSES_KEPT:
                self._done.popitem(last=False)
        return result
