"""The texts a simulation plays: a ruleset's folder, the same ruleset at a git revision, and
variants of its text (a declared value changed, a card taken out).

Every text is known by its digest (SHA-256 of its ``.rules`` files, names and contents, the
files of the libraries it reads among them), and the store keeps the files of every digest it
has played, so any stored game replays even after the text changed or the revision was a
temporary copy.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from dsl.contract import Ruleset
from dsl.errors import ChroniclerError, UsageError
from rules import registry

WORKDIR = Path(tempfile.gettempdir()) / "chronicler-texts"


def rules_files(folder: Path) -> dict[str, str]:
    """The ``.rules`` files of a folder, by name, and those of each library its text reads
    (``library "winters"``) by ``<library folder>/<name>``: written out again, a folder of that
    name beside the ruleset's files is the library it reads (``dsl.loader.library_folder``)."""
    from dsl.loader import library_sources, read_sources, ruleset_files

    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.rules"))}
    sources, _unreadable = read_sources(ruleset_files(folder))
    libraries, _missing = library_sources(sources, str(folder))
    for source in libraries:
        path = Path(source.path)
        files[f"{path.parent.name}/{path.name}"] = source.text
    return files


def digest_of(files: dict[str, str]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name].encode() + b"\0")
    return h.hexdigest()[:16]


def digest(game: Ruleset) -> str:
    return digest_of(rules_files(game.folder))


def materialize(files: dict[str, str], package: str, label: str = "text") -> Ruleset:
    """A folder holding these files (kept under the system's temporary folder, by digest),
    found through the registry like a designer's copy."""
    key = digest_of(files)
    folder = WORKDIR / key / label
    if not folder.exists():
        WORKDIR.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=WORKDIR))
        for name, text in files.items():
            # a library's file ("winters/words.rules") goes in its folder beside the ruleset's
            library, _, file = name.rpartition("/")
            target = tmp / _safe(library) if library else tmp
            target.mkdir(exist_ok=True)
            (target / _safe(file)).write_text(text, encoding="utf-8")
        folder.parent.mkdir(parents=True, exist_ok=True)
        try:
            tmp.rename(folder)
        except OSError:  # another process made it first: the same files
            shutil.rmtree(tmp, ignore_errors=True)
    found = registry.find(folder)
    if found.package != package:
        raise ChroniclerError(f"{label}: its primitives are {found.package}'s, not {package}'s")
    return found


def _safe(name: str) -> str:
    """A stored file's name as a plain name: nothing it holds may reach outside the folder."""
    cleaned = re.sub(r"[^A-Za-z0-9._ -]", "_", name).lstrip(".")
    return cleaned or "_"


def at_revision(game: Ruleset, revision: str) -> Ruleset:
    """The same ruleset's text as it was at a git revision of the repository holding it (and
    the libraries it names, as they were then)."""
    folder = game.folder.resolve()
    try:
        top = _git(folder, "rev-parse", "--show-toplevel").strip()
    except ChroniclerError:
        raise UsageError(f"--compare {revision!r}: {folder} is not in a git repository") from None
    try:
        commit = _git(folder, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    except ChroniclerError:
        raise UsageError(
            f"--compare {revision!r} is neither a folder nor a git revision of {top}"
        ) from None
    relative = folder.relative_to(Path(top).resolve()).as_posix()
    files = _archived(top, commit.strip(), relative)
    if files is None:
        raise UsageError(f"--compare {revision!r}: {relative} does not exist at that revision")
    if not files:
        raise UsageError(f"--compare {revision!r}: no .rules files in {relative} at that revision")
    for name in _libraries_named(files):  # Chronicler's libraries, as they were then
        from dsl.loader import LIBRARY_ROOT

        try:
            shipped = (LIBRARY_ROOT / name).resolve().relative_to(Path(top).resolve())
        except ValueError:
            continue  # not in this repository: read as it is now
        kept = _archived(top, commit.strip(), shipped.as_posix()) or {}
        files.update({f"{name}/{file}": text for file, text in kept.items()})
    return materialize(files, game.package, f"at-{re.sub(r'[^A-Za-z0-9._-]', '_', revision)}")


def _archived(top: str, commit: str, relative: str) -> dict[str, str] | None:
    """The ``.rules`` files of a folder at a commit, by name (``None``: no such folder)."""
    done = subprocess.run(
        ["git", "-C", top, "archive", "--format=tar", commit, "--", relative],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        return None
    files: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        for member in tar.getmembers():
            path = Path(member.name)
            if member.isfile() and path.suffix == ".rules" and path.parent.as_posix() == relative:
                data = tar.extractfile(member)
                if data is not None:
                    files[path.name] = data.read().decode("utf-8")
    return files


def _libraries_named(files: dict[str, str]) -> list[str]:
    """The plain library names (``library "winters"``) a text's files declare."""
    found = re.findall(r'^\s*library\s+"([A-Za-z0-9_-]+)"', "\n".join(files.values()), re.M)
    return list(dict.fromkeys(found))


def _git(folder: Path, *args: str) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise ChroniclerError("git is not installed") from None
    if done.returncode != 0:
        raise ChroniclerError(done.stderr.strip() or f"git {args[0]} failed")
    return done.stdout


def other_side(game: Ruleset, spec: str) -> Ruleset:
    """``--compare``'s other text: a folder of the same ruleset, or a git revision of it."""
    path = Path(spec)
    if path.is_dir() or (path.is_file() and path.suffix == ".rules"):
        other = registry.find(spec)
        if other.package != game.package:
            raise UsageError(f"--compare {spec!r} is a text of {other.package}, not {game.name}")
        return other
    return at_revision(game, spec)


def with_value(game: Ruleset, name: str, value: int) -> Ruleset:
    """The ruleset's text with one declared value changed (``value NAME = N``)."""
    files = rules_files(game.folder)
    pattern = re.compile(rf"^(\s*value\s+{re.escape(name)}\s*=\s*)(\d+)", re.MULTILINE)
    changed = {}
    for file, text in files.items():
        new, count = pattern.subn(rf"\g<1>{value}", text)
        changed[file] = new
        if count:
            break
    else:
        raise ChroniclerError(f"{game.name}: its text declares no value {name!r}")
    files.update(changed)
    return materialize(files, game.package, f"{name.replace(' ', '-')}-{value}")


def without_card(game: Ruleset, card: str) -> Ruleset:
    """The ruleset's text with one card taken out (its whole block, found by the parser)."""
    from dsl import ast
    from dsl.loader import parse_source, read_sources, ruleset_files

    files = rules_files(game.folder)
    sources, _unreadable = read_sources(ruleset_files(game.folder))
    for source in sources:
        parsed, _diagnostics = parse_source(source)
        for form in parsed.forms:
            if isinstance(form, ast.Card) and form.name.text == card:
                name = Path(str(form.span.file)).name
                lines = files[name].splitlines(keepends=True)
                start, end = form.span.line - 1, form.span.end_line
                files[name] = "".join(lines[:start] + lines[end:])
                label = "without-" + re.sub(r"[^A-Za-z0-9]+", "-", card).strip("-")
                return materialize(files, game.package, label)
    raise UsageError(f"{game.name}: no card named {card!r} to take out")
