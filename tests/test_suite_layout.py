"""The suite's own layout: pytest imports each test folder's modules by their file name (the
folders are not packages), so two modules of one name anywhere under ``tests/`` stop the whole
run at collection ("import file mismatch"), and a helper module must not share a name with
another folder's helper either."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).parent


def test_no_two_modules_of_the_suite_share_a_name():
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if path.name in ("conftest.py", "__init__.py"):
            continue
        by_name[path.name].append(str(path.relative_to(TESTS)))
    assert {name: paths for name, paths in by_name.items() if len(paths) > 1} == {}
