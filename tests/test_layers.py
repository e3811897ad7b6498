"""The layering of docs/architecture.md holds: journal stands on rules, rules on dsl, the kernel
on the runtime contract only (import-linter's contracts in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_of_pyproject_are_kept():
    lint = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run(
        [str(lint), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_back_through_others(monkeypatch):
    """Imports that only type checkers read do not count: they run nothing."""
    import grimp

    monkeypatch.syspath_prepend(str(ROOT))
    graph = grimp.build_graph(
        "dsl", "rules", "journal", cache_dir=None, exclude_type_checking_imports=True
    )
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_journal_names_no_ruleset_package_it_finds_through_the_registry():
    """The journal asks ``rules.registry`` for a ruleset (the default, or the one a campaign
    names): no import of a ruleset's package, and no module path of one in a string handed to
    ``importlib`` (which import-linter cannot see)."""
    import ast

    from rules import registry

    packages = {game.package for game in registry.games().values()}
    found = []
    for path in sorted((ROOT / "journal").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = [node.value] if node.value.startswith("rules.") else []
            for name in names:
                if any(name == p or name.startswith(p + ".") for p in packages):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert found == []
