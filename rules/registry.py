"""The rulesets Chronicler knows, found by name or by folder.

Every package under ``rules/`` whose folder holds a ``ruleset.rules`` is a ruleset, named like
its folder with dashes (``rules/six_winters`` is ``six-winters``). A folder anywhere else (a
designer's own copy of a ruleset) is found by its path: its text names the primitives it calls
(``primitives "rules.six_winters.primitives"``), and the package of those primitives gives the
engine that runs it. The command line, ``simulate``, ``print`` and the journal ask here, and
never import a ruleset by name.
"""

from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from dsl.errors import UsageError

if TYPE_CHECKING:
    from dsl.compiler import CompiledRuleset

RULES_ROOT = Path(__file__).parent
HEADER = "ruleset.rules"
DEFAULT = "six-winters"  # the ruleset a journal campaign plays unless it names another


@dataclass(frozen=True)
class Game:
    """A ruleset: its name, the folder of its text and the package of its Python."""

    name: str
    folder: Path
    package: str

    def module(self, part: str) -> ModuleType:
        """One module of the ruleset's package (``engine``, ``bots``, ``campaign``...)."""
        return importlib.import_module(f"{self.package}.{part}")

    @property
    def engine(self) -> Any:
        return self.module("engine")

    @property
    def bots(self) -> Any:
        return self.module("bots")

    def load(self) -> Any:
        """The ruleset compiled from this folder's text, as its engine reads it (cached)."""
        return self.engine.load_ruleset(self.folder)

    def compiled(self) -> CompiledRuleset:
        """The compiled card text the engine's ruleset reads (``load``'s own: the text is
        compiled once a process, whoever asks first)."""
        from dsl.compiler import CompiledRuleset

        loaded = self.load()
        return loaded if isinstance(loaded, CompiledRuleset) else loaded.compiled

    @property
    def shipped(self) -> bool:
        """Whether this is a ruleset that comes with Chronicler (not a designer's copy)."""
        return self.folder.resolve() == (RULES_ROOT / self.package.rsplit(".", 1)[-1]).resolve()


@cache
def games() -> dict[str, Game]:
    """The rulesets that come with Chronicler, by name."""
    found = {}
    for header in sorted(RULES_ROOT.glob(f"*/{HEADER}")):
        folder = header.parent
        found[folder.name.replace("_", "-")] = Game(
            folder.name.replace("_", "-"), folder, f"rules.{folder.name}"
        )
    return found


def default() -> Game:
    """The ruleset the demo plays and a campaign plays unless it names another."""
    return find(DEFAULT)


def find(spec: str | Path) -> Game:
    """The ruleset named ``spec`` (``six-winters``) or kept in the folder ``spec``."""
    text = str(spec).strip()
    known = games()
    if text in known:
        return known[text]
    if text.replace("_", "-") in known and not Path(text).exists():
        return known[text.replace("_", "-")]
    path = Path(text)
    if path.is_file() and path.suffix == ".rules":
        path = path.parent
    if path.is_dir():
        return _from_folder(path)
    near = difflib.get_close_matches(text, list(known), n=2, cutoff=0.5)
    hint = f"; did you mean {' or '.join(near)}?" if near else f"; known: {', '.join(known)}"
    raise UsageError(f"no ruleset named or kept in {text!r}{hint}")


def _from_folder(folder: Path) -> Game:
    for game in games().values():
        if game.folder.resolve() == folder.resolve():
            return game
    declared = _declared_primitives(folder)
    package = declared.rpartition(".")[0]
    engines = {g.package: g for g in games().values()}
    if package not in engines:
        ours = ", ".join(f'"{g}.primitives"' for g in engines)
        raise UsageError(
            f"{folder}: its primitives {declared!r} are not those of a ruleset Chronicler "
            f"has ({ours})"
        )
    return Game(folder.name.replace("_", "-"), folder, package)


def _declared_primitives(folder: Path) -> str:
    """The primitives module the folder's text declares, read without importing anything (a
    folder is the user's input: only a package of ours is ever imported for it)."""
    from dsl import ast
    from dsl.loader import parse_source, read_sources, ruleset_files

    files = ruleset_files(folder)
    if not files:
        raise UsageError(f"{folder} holds no .rules files")
    sources, _unreadable = read_sources(files)
    for source in sources:
        parsed, _diagnostics = parse_source(source)
        for form in parsed.forms:
            if isinstance(form, ast.PrimitivesDecl):
                return str(form.module)
    raise UsageError(f'{folder}: its text declares no primitives ("primitives NAME")')
