"""The hot modules compiled to C with Cython, used only while they match their source.

Playing thousands of games (``chronicler simulate``, the benchmarks) spends its time in two
dozen modules: the session machine, the procedure walker, the language's runtime, code
generator and selectors, and Six Winters' state, rules sections, primitives, views and bots.
Cython compiles them unchanged (pure-Python mode, no type declarations): the same code, about
1.6 times as fast. Nothing else changes: the sources stay the truth.

- ``make compiled`` (which ``make test`` and ``make bench`` run) compiles
  the modules that ``[tool.chronicler.compiled]`` in ``pyproject.toml`` lists into
  ``.build/compiled/``, with a manifest of each source's SHA-256. With no C compiler or no
  Cython it says so and builds nothing: everything runs as plain Python.
- ``install()`` (run by ``import dsl``) puts a finder first on ``sys.meta_path`` that loads a
  listed module from its compiled file only when the file was built from the source as it is
  now, by this Python. An edited source is imported as Python until the next build, so an edit
  is never hidden by a stale build.
- ``CHRONICLER_PURE=1`` turns the compiled modules off (a test compares both ways).
- ``dsl.compiled.main(["status"])`` prints which modules run compiled.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / ".build" / "compiled"
MANIFEST = BUILD / "manifest.json"
PURE_VARIABLE = "CHRONICLER_PURE"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def source_file(module: Any) -> Path:
    """A module's Python source, whether it runs compiled or not (a compiled module's
    ``__file__`` is its built library)."""
    source = _source(module.__name__)
    return source if source.is_file() else Path(module.__file__)


class CompiledFinder:
    """Finds a listed module's compiled file when it is fresh; anything else is left to the
    ordinary finders (returns None)."""

    def __init__(self, entries: dict[str, dict[str, str]], build: Path = BUILD) -> None:
        self.entries = entries
        self.build = build
        self.used: dict[str, str] = {}  # module -> "compiled" | "stale" (what happened)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        entry = self.entries.get(fullname)
        if entry is None:
            return None
        source = _source(fullname)
        binary = self.build / entry["file"]
        try:
            fresh = binary.is_file() and _digest(source) == entry["sha256"]
        except OSError:
            fresh = False
        if not fresh:
            self.used[fullname] = "stale"
            return None
        self.used[fullname] = "compiled"
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
        spec = importlib.util.spec_from_file_location(fullname, binary, loader=loader)
        return spec


_finder: CompiledFinder | None = None


def _read_manifest() -> dict[str, dict[str, str]]:
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(manifest, dict) or manifest.get("python") != sys.implementation.cache_tag:
        return {}
    if manifest.get("abi") != importlib.machinery.EXTENSION_SUFFIXES[0]:
        return {}
    modules = manifest.get("modules")
    return modules if isinstance(modules, dict) else {}


def install() -> None:
    """Put the compiled modules' finder first, once; nothing when none are built or when
    ``CHRONICLER_PURE`` is set."""
    global _finder
    if _finder is not None or os.environ.get(PURE_VARIABLE):
        return
    entries = _read_manifest()
    if not entries:
        return
    _finder = CompiledFinder(entries)
    sys.meta_path.insert(0, _finder)


def status() -> dict[str, str]:
    """Each listed module and how it runs (or will, once imported): ``compiled``, ``stale``
    (built from another source, so it runs as Python) or ``python`` (not built, turned off, or
    imported before the build)."""
    listed = _listed()
    entries = {} if os.environ.get(PURE_VARIABLE) else _read_manifest()
    result = {}
    for module in listed:
        loaded = sys.modules.get(module)
        if loaded is not None:
            origin = getattr(loaded, "__file__", "") or ""
            result[module] = "compiled" if origin.startswith(str(BUILD)) else "python"
        elif module not in entries:
            result[module] = "python"
        elif _digest(_source(module)) != entries[module]["sha256"]:
            result[module] = "stale"
        else:
            result[module] = "compiled"
    return result


def summary() -> str:
    """One line for a report: how many of the listed modules run compiled."""
    states = status()
    compiled = sum(1 for state in states.values() if state == "compiled")
    if compiled == len(states):
        return f"compiled ({compiled} modules, Cython)"
    if compiled == 0:
        return "pure Python"
    return f"partly compiled ({compiled} of {len(states)} modules; run make compiled)"


def _listed() -> list[str]:
    """The modules ``pyproject.toml`` lists (an installed copy without it: those built)."""
    import tomllib

    try:
        with open(ROOT / "pyproject.toml", "rb") as handle:
            config = tomllib.load(handle)
    except OSError:
        return sorted(_read_manifest())
    return list(config["tool"]["chronicler"]["compiled"]["modules"])


def build(jobs: int = 2) -> int:
    """Compile the listed modules into ``.build/compiled``; 0 when built or when this machine
    cannot build (said on stderr), 1 when a module fails to compile."""
    import shutil
    import sysconfig

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        print("compiled: no C compiler; the engine runs as plain Python", file=sys.stderr)
        return 0
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("compiled: Cython is not installed; the engine runs as plain Python", file=sys.stderr)
        return 0
    from setuptools import Distribution, Extension

    modules = _listed()
    built = _read_manifest()
    fresh = {
        m
        for m in modules
        if m in built
        and (BUILD / built[m]["file"]).is_file()
        and _digest(_source(m)) == built[m]["sha256"]
    }
    if fresh == set(modules):
        if set(built) != fresh:  # a module taken off the list: no longer loaded
            _keep_only({m: built[m] for m in modules})
        print(f"compiled: {len(modules)} modules up to date", file=sys.stderr)
        return 0
    for module in set(modules) - fresh:
        # rebuilt from the source as it is, whatever the files' times say (a source put back
        # as it was keeps an old time): its C and its library go first
        stem = BUILD.parent / "c" / Path(*module.split("."))
        for old in (
            stem.with_suffix(".c"),
            *BUILD.joinpath(*module.split(".")[:-1]).glob(module.rpartition(".")[2] + ".*"),
        ):
            old.unlink(missing_ok=True)
    extensions = [
        # -w: the C that Cython writes warns by the hundred; a real error still stops the build
        Extension(module, [str(_source(module).relative_to(ROOT))], extra_compile_args=["-w"])
        for module in modules
    ]
    os.chdir(ROOT)
    build: Any = cythonize  # (Cython's functions are not typed)
    compiled = build(
        extensions,
        build_dir=str(BUILD.parent / "c"),
        nthreads=jobs,
        quiet=True,
        # The code is plain Python: annotations are documentation, not C types (an enum of
        # str is a str subclass; Cython would refuse it where ``str`` is written).
        compiler_directives={"language_level": 3, "annotation_typing": False, "binding": True},
    )
    distribution = Distribution({"ext_modules": compiled, "script_name": "dsl.compiled"})
    distribution.verbose = 0  # not every compiler command line
    command = distribution.get_command_obj("build_ext")
    command.build_lib = str(BUILD)
    command.build_temp = str(BUILD.parent / "tmp")
    command.parallel = jobs
    command.ensure_finalized()
    command.run()
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    entries = {}
    for module in modules:
        relative = Path(*module.split(".")).with_suffix("").as_posix() + suffix
        if not (BUILD / relative).is_file():
            print(f"compiled: {module} was not built", file=sys.stderr)
            return 1
        entries[module] = {"file": relative, "sha256": _digest(_source(module))}
    _keep_only(entries)
    print(f"compiled: {len(entries)} modules in {BUILD.relative_to(ROOT)}", file=sys.stderr)
    return 0


def _keep_only(entries: dict[str, dict[str, str]]) -> None:
    """Write the manifest of ``entries`` and delete any other library in the build: a module
    no longer listed is neither loaded nor kept beside the others."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    listed = {BUILD / entry["file"] for entry in entries.values()}
    for left in BUILD.rglob("*" + suffix):
        if left not in listed:
            left.unlink()
    manifest = {"python": sys.implementation.cache_tag, "abi": suffix, "modules": entries}
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv[:1] == ["build"]:
        return build()
    if argv[:1] == ["status"]:
        install()
        for module, state in status().items():
            print(f"{state:9} {module}")
        return 0
    print("usage: dsl.compiled.main(['build' | 'status'])", file=sys.stderr)
    return 2
