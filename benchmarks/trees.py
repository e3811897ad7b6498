"""Measuring another revision beside this tree: a checkout of it, and a script run on a tree.

Shared by the benchmarks that compare two trees (``--against REV``). Not a benchmark itself
(``make bench`` runs ``bench_*.py`` only)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checkout(revision: str) -> Iterator[Path]:
    """A detached worktree of ``revision``, removed afterwards."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), revision],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            yield tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)


def run_on(tree: Path, script: str, *args: str) -> Any:
    """Run ``script`` in a fresh process on ``tree`` (its first argument is the tree) and
    return the JSON of the last line it prints."""
    done = subprocess.run(
        [sys.executable, "-c", script, str(tree), *args],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
