"""The architecture and contributing pages say what the code is: the files they name exist, the
verb modules they list are those the app loads, the layering they describe is the one
import-linter enforces and the kernel keeps, the stages are numbered in order, and the rules
sections they name are the session's parts."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
CONTRIBUTING = ROOT / "docs" / "contributing.md"

# a code span that names a file or folder of the checkout: dsl/parser.py, journal/tables/
_PATH = re.compile(r"`((?:dsl|rules|journal|tests|benchmarks|docs)/[\w./-]*)`")


def _named_paths(page: Path) -> list[str]:
    return sorted(set(_PATH.findall(page.read_text(encoding="utf-8"))))


def _module_path(module: str) -> Path:
    """``journal.printing.command`` -> its file (a module, or a package's ``__init__.py``)."""
    base = ROOT.joinpath(*module.split("."))
    return base.with_suffix(".py") if base.with_suffix(".py").exists() else base / "__init__.py"


def test_every_file_the_pages_name_exists() -> None:
    missing = [
        f"{page.name}: {path}"
        for page in (ARCHITECTURE, CONTRIBUTING)
        for path in _named_paths(page)
        if not (ROOT / path).exists()
    ]
    assert missing == []


def test_the_pages_name_files_at_all() -> None:
    """The test above can fail: it reads paths from both pages (the sections, the registry)."""
    assert "rules/registry.py" in _named_paths(ARCHITECTURE)
    assert "rules/six_winters/operations.py" in _named_paths(CONTRIBUTING)


def _row(page: Path, heading: str) -> str:
    """The text of the table row of ``page`` whose first cell is ``heading``."""
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == heading:
            return line
    raise AssertionError(f"{page.name} has no row '{heading}'")


def test_the_verb_modules_listed_are_those_the_app_loads() -> None:
    from journal.cli import COMMAND_MODULES

    listed = set(re.findall(r"`([\w/]+\.py)`", _row(CONTRIBUTING, "a command-line verb")))
    loaded = {str(_module_path(m).relative_to(ROOT)) for m in COMMAND_MODULES}
    listed.discard("journal/cli.py")  # where their headings in --help are written
    assert sorted(listed) == sorted(loaded)


def _importlinter() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return dict(tomllib.load(f)["tool"]["importlinter"])


def test_the_layering_written_is_the_one_enforced() -> None:
    contracts = _importlinter()["contracts"]
    assert isinstance(contracts, list)
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    # "journal -> rules -> dsl": each folder of the table may import the ones below it
    assert layers == ["journal", "rules", "dsl"]
    rows = {folder: _row(ARCHITECTURE, f"`{folder}/`") for folder in ("dsl", "rules", "journal")}
    assert rows["dsl"].rstrip(" |").endswith("nothing of ours")
    assert rows["rules"].rstrip(" |").endswith("`dsl`")
    assert rows["journal"].rstrip(" |").endswith("`dsl`, `rules`")
    assert "journal` → `rules` → `dsl`" in CONTRIBUTING.read_text(encoding="utf-8").replace(
        "(`journal", "`journal"
    )


def _imports_of(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_the_kernel_imports_only_what_the_architecture_allows_it() -> None:
    """ "`dsl/kernel/` ... may import `dsl.runtime`, `dsl.errors` only" (of ours)."""
    row = _row(ARCHITECTURE, "`dsl/kernel/`")
    allowed = set(re.findall(r"`(dsl\.\w+)`", row.rsplit("|", 2)[-2]))
    assert allowed == {"dsl.runtime", "dsl.errors"}
    ours = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted((ROOT / "dsl" / "kernel").glob("*.py"))
        for module in _imports_of(path)
        if module.split(".")[0] in ("dsl", "rules", "journal")
        and not module.startswith("dsl.kernel")
        and module not in allowed
    }
    assert ours == set()


def _stages() -> list[tuple[int, str]]:
    """The numbered stages of the architecture page, in the order they are written."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return [(int(n), name) for n, name in re.findall(r"^(\d+)\. \*\*([^*]+)\*\*", text, re.M)]


def test_the_stages_are_one_list_numbered_in_order() -> None:
    stages = _stages()
    assert [n for n, _ in stages] == list(range(1, len(stages) + 1))
    text = ARCHITECTURE.read_text(encoding="utf-8")
    first, last = stages[0][1], stages[-1][1]
    between = text[text.index(f"1. **{first}**") : text.index(f"{len(stages)}. **{last}**")]
    assert "\n## " not in between, "a heading splits the stages into two lists"
    # the pipeline's first stages in the order the drawing above them runs
    drawing = text[: text.index("## Stage by stage")]
    names = [name.lower() for _, name in stages[:3]]
    assert names == ["parse", "check", "compile"]
    assert drawing.index("─parse─") < drawing.index("─check─") < drawing.index("─compile─")


def test_the_rules_sections_named_are_the_sessions_parts() -> None:
    from dsl.kernel.dispatch import _PARTS
    from rules.six_winters.session import Session

    stage = dict((name, n) for n, name in _stages())["Play"]
    text = ARCHITECTURE.read_text(encoding="utf-8")
    play = text[text.index(f"{stage}. **Play**") : text.index(f"{stage + 1}. **")]
    listed = re.search(r"for Six Winters: (.*?), each a", play, re.S)
    assert listed is not None
    named = re.findall(r"`(\w+)`", listed.group(1))
    parts = [cls.__module__.rsplit(".", 1)[-1] for _, cls in Session.__dict__[_PARTS]]
    assert "operations" in parts  # the facade, named apart from the sections
    assert named == [p for p in parts if p != "operations"]


def test_the_fast_tests_pre_commit_runs_exist() -> None:
    """``.pre-commit-config.yaml``'s hook runs test files by name: each is there."""
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    named = re.findall(r"^\s+(tests/[\w/]+\.py)$", config, re.M)
    assert "tests/rules/six_winters/test_golden_logs.py" in named
    assert [path for path in named if not (ROOT / path).exists()] == []
