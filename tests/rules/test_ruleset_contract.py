"""One contract for every ruleset (``dsl/contract.py``): each ruleset package registers one
object through the entry point group ``chronicler.rulesets``, the registry binds it to a folder
of text (a folder with no engine of its own gets the world engine's), and no one outside the
registry reaches a ruleset by a module name."""

from __future__ import annotations

import ast
import shutil
import tomllib
from pathlib import Path

import pytest

from dsl.contract import Ruleset, RulesetPlugin, SitePages
from dsl.errors import UsageError
from rules import registry

ROOT = Path(__file__).resolve().parents[2]
EMBER = ROOT / "tests" / "dsl" / "fixtures" / "world" / "ember"


def test_each_shipped_ruleset_is_one_object_its_package_registers_as_an_entry_point() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    points = declared[registry.GROUP]
    assert (
        set(points)
        == set(registry.plugins())
        == {
            "six-winters",
            "tags-and-tracks",
            "delve",
            "six-winters-v19",
            "seasons",
        }
    )
    for name, plugin in registry.plugins().items():
        assert isinstance(plugin, RulesetPlugin)
        module, _, attribute = points[name].partition(":")
        assert module == f"{plugin.folder.relative_to(ROOT).as_posix().replace('/', '.')}.plugin"
        assert attribute == "RULESET"
        bound = registry.find(name)
        assert isinstance(bound, Ruleset) and bound.shipped and bound.folder == plugin.folder


def test_a_folder_of_text_alone_plays_on_the_world_engine() -> None:
    ember = registry.find(EMBER)
    assert ember.package == "rules.text" and not ember.shipped
    assert ember.engine is not None and ember.bots is not None and ember.playtest is not None
    assert ember.bots.default in ember.bots.names()
    assert ember.printing.faces.name == "faces" and (ember.printing.faces / "card.svg.j2").is_file()
    assert ember.compiled().name == "Ember Race"


def test_a_copy_of_a_shipped_text_is_that_ruleset_bound_to_the_copy(tmp_path: Path) -> None:
    copy = tmp_path / "my_winters"
    shutil.copytree(registry.find("six-winters").folder, copy, ignore=_not_rules)
    found = registry.find(copy)
    assert found.package == "rules.six_winters" and found.folder == copy and not found.shipped
    assert found.name == "my-winters"
    assert found.printing.faces == copy / "faces"  # its own faces, not the shipped ones


def _not_rules(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if not n.endswith(".rules")]


def test_primitives_that_add_world_words_play_on_the_world_engine(tmp_path: Path) -> None:
    folder = tmp_path / "lantern"
    folder.mkdir()
    text = (EMBER / "ruleset.rules").read_text()
    (folder / "ruleset.rules").write_text(
        text.replace('version "0.1"\n', 'version "0.1"\nprimitives "lantern_words"\n', 1)
    )
    (folder / "lantern_words.py").write_text(
        "from dsl.world.words import world_words\n\nprocedure_words = world_words()\n"
    )
    assert registry.find(folder).package == "rules.text"


def test_primitives_of_no_engine_are_refused_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "ruleset.rules").write_text('ruleset "Odd" version "1"\nprimitives "json"\n')
    with pytest.raises(UsageError, match="not those of a ruleset Chronicler has"):
        registry.find(folder)


def test_the_parts_each_ruleset_has() -> None:
    six, tags = registry.find("six-winters"), registry.find("tags-and-tracks")
    assert six.campaign is not None and six.table is not None and six.fixtures is not None
    assert six.story is None and six.odds is None and six.journal.site is SitePages.YEARS
    assert tags.story is not None and tags.odds is not None
    assert tags.engine is None and tags.bots is None and tags.journal.site is SitePages.STORY
    # the sheets are the text's: only Tags and Tracks' declares one (``files ".character"``)
    assert ".character" in tags.compiled().vocabulary.sheets
    assert registry.sheet_checkers().keys() == {".character"}


def test_the_entries_a_ruleset_names_are_those_its_journal_keeper_keeps() -> None:
    from journal.keepers import keeper_named

    for ruleset in registry.games().values():
        if ruleset.journal.keeper is None:  # a ruleset the journal keeps no campaign of
            assert ruleset.journal.entries == ()
            continue
        keeper = keeper_named(ruleset.journal.keeper, ruleset.name)
        # a keeper keeps its ruleset; the world engine's keeps every game written in text that
        # brings no keeper of its own (Delve brings its table companion's)
        world = ruleset.journal.keeper == "journal.world"
        assert keeper.name == ("world" if world else ruleset.name)
        assert ruleset.journal.entries == tuple(keeper.entry_models)
    assert registry.find("tags-and-tracks").journal.entries[:2] == ("character", "roll")
    assert registry.find("six-winters").journal.entries == ()  # its own tables instead


def test_every_table_verb_a_ruleset_names_is_a_verb_of_the_command_line() -> None:
    from journal.cli import app

    paths = {(c.name,) for c in app.registered_commands}
    for group in app.registered_groups:
        assert group.typer_instance is not None
        paths.add((str(group.name),))
        paths |= {(str(group.name), str(c.name)) for c in group.typer_instance.registered_commands}
    for ruleset in registry.games().values():
        for verb in ruleset.journal.verbs:
            assert verb.path in paths, f"{ruleset.name}: no verb {verb.words!r}"


# --- no ruleset reached by a module name ---------------------------------------------------------


def _module_lookups(source: str, where: str) -> list[str]:
    """``x.module("...")`` calls, and ``import_module``/``__import__`` of a name built from
    words (an f-string, a concatenation) or of a ruleset's package (``rules...``)."""
    found = []
    calls = [n for n in ast.walk(ast.parse(source, where)) if isinstance(n, ast.Call)]
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        first = node.args[0] if node.args else None
        if name == "module" and isinstance(first, ast.Constant | ast.JoinedStr):
            found.append(f"{where}:{node.lineno}: .module({ast.unparse(first)})")
        if name in {"import_module", "__import__"} and first is not None:
            built = isinstance(first, ast.JoinedStr | ast.BinOp)
            ours = isinstance(first, ast.Constant) and str(first.value).startswith("rules")
            if built or ours:
                found.append(f"{where}:{node.lineno}: {name}({ast.unparse(first)})")
    return found


def test_no_ruleset_is_found_by_a_module_name_outside_the_registry() -> None:
    found = []
    for folder in ("dsl", "journal", "rules"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path != ROOT / "rules" / "registry.py":
                found += _module_lookups(path.read_text(), str(path.relative_to(ROOT)))
    assert found == []


def test_the_lookup_test_finds_what_it_bans() -> None:
    probe = (
        "import importlib\n"
        'game.module("cards").Ruleset\n'
        'importlib.import_module(f"{package}.fixtures")\n'
        'importlib.import_module("rules.six_winters.bots")\n'
        'importlib.import_module("journal.play")\n'
    )
    assert [hit.split(": ", 1)[1] for hit in _module_lookups(probe, "probe.py")] == [
        ".module('cards')",
        "import_module(f'{package}.fixtures')",
        "import_module('rules.six_winters.bots')",
    ]
