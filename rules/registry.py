"""The rulesets Chronicler knows, found by name or by folder.

Each ruleset package registers ONE object, a ``dsl.contract.RulesetPlugin`` (its ``plugin.py``),
declared as an entry point of the group ``chronicler.rulesets`` in ``pyproject.toml``; the
registry reads those entry points (``importlib.metadata``) and nothing else. A name
(``six-winters``) gives that plugin bound to its own folder. A folder anywhere else (a
designer's own copy) is bound to the plugin whose primitives its text names
(``primitives "rules.six_winters.primitives"``); a folder whose text names no primitives, or
primitives that only add the world engine's procedure words (``procedure_words``), plays on the
world engine (``rules/text``). The command line, ``simulate``, ``print`` and the journal ask
here and get a typed ``dsl.contract.Ruleset``; no one imports a ruleset by a name.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from dsl.contract import Ruleset, RulesetPlugin, SheetChecker
from dsl.errors import ChroniclerError, UsageError

GROUP = "chronicler.rulesets"  # the entry point group each ruleset package registers in
DEFAULT = "six-winters"  # the ruleset a journal campaign plays unless it names another


@cache
def plugins() -> dict[str, RulesetPlugin]:
    """The registered plugins by name, from the installed package's entry points."""
    found: dict[str, RulesetPlugin] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        plugin = point.load()
        if not isinstance(plugin, RulesetPlugin):
            raise ChroniclerError(
                f"entry point {point.name!r} ({point.value}) of {GROUP} is not a ruleset plugin"
            )
        found[plugin.name] = plugin
    if not found:
        raise ChroniclerError(
            f"no ruleset is registered ({GROUP}): install Chronicler ('make .venv/.installed' "
            "or 'pip install -e .') so its entry points are known"
        )
    return found


def _shipped(plugin: RulesetPlugin) -> Ruleset:
    return plugin.bind(plugin.name, plugin.folder, shipped=True)


def games() -> dict[str, Ruleset]:
    """The rulesets that come with Chronicler, by name, each over its own folder."""
    return {name: _bound(name) for name in plugins()}


@cache
def _bound(name: str) -> Ruleset:
    return _shipped(plugins()[name])


def default() -> Ruleset:
    """The ruleset the demo plays and a campaign plays unless it names another."""
    return find(DEFAULT)


def find(spec: str | Path) -> Ruleset:
    """The ruleset named ``spec`` (``six-winters``) or kept in the folder ``spec``."""
    text = str(spec).strip()
    known = plugins()
    if text in known:
        return _bound(text)
    if text.replace("_", "-") in known and not Path(text).exists():
        return _bound(text.replace("_", "-"))
    path = Path(text)
    if path.is_file() and path.suffix == ".rules":
        path = path.parent
    if path.is_dir():
        return _from_folder(path)
    near = difflib.get_close_matches(text, list(known), n=2, cutoff=0.5)
    hint = f"; did you mean {' or '.join(near)}?" if near else f"; known: {', '.join(known)}"
    raise UsageError(f"no ruleset named or kept in {text!r}{hint}")


def sheet_checkers() -> Mapping[str, SheetChecker]:
    """Every file other than ``.rules`` a shipped ruleset's text declares a sheet of (its
    ``files`` clause), by ending, with its checker; only a text that may declare one is compiled."""
    from dsl.sheets import declares_sheets, sheet_checks

    found: dict[str, SheetChecker] = {}
    for ruleset in games().values():
        if declares_sheets(ruleset.folder):
            for suffix, check in sheet_checks(ruleset.compiled()).items():
                found.setdefault(suffix, check)
    return found


def _from_folder(folder: Path) -> Ruleset:
    for plugin in plugins().values():
        if plugin.folder.resolve() == folder.resolve():
            return _bound(plugin.name)
    name = folder.resolve().name.replace("_", "-")
    declared = _declared_primitives(folder)
    if declared is None:
        return _world().bind(name, folder, shipped=False)
    for plugin in plugins().values():
        if plugin.primitives == declared:
            return plugin.bind(name, folder, shipped=False)
    if _adds_world_words(folder):
        return _world().bind(name, folder, shipped=False)
    ours = ", ".join(f'"{p.primitives}"' for p in plugins().values() if p.primitives)
    raise UsageError(
        f"{folder}: its primitives {declared!r} are not those of a ruleset Chronicler has "
        f"({ours}), nor primitives of the world engine (a module with procedure_words)"
    )


def _world() -> RulesetPlugin:
    from rules.text.plugin import RULESET

    return RULESET


def _adds_world_words(folder: Path) -> bool:
    """Whether the folder's own primitives module registers world procedure words (its
    ``procedure_words`` made by ``dsl.world.words.world_words``): a game of text with a little
    Python, on the world engine. The module is the designer's own, which ``check`` imports
    too."""
    from dsl.loader import primitives_module
    from dsl.world.words import WorldWords

    words = getattr(primitives_module(folder), "procedure_words", None)
    return isinstance(words, WorldWords)


def _declared_primitives(folder: Path) -> str | None:
    """The primitives module the folder's text declares (``None``: none), read without
    importing anything."""
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
    return None
