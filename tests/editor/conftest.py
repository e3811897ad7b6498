"""The editor tests: a designer's copy of Six Winters in a temporary folder, and an editor (a
pygls client running ``chronicler lsp``) per test module."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # lsp_client.py

from lsp_client import Editor, copy_of_six_winters  # noqa: E402


@pytest.fixture(scope="module")
def winters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_of_six_winters(tmp_path_factory.mktemp("designer") / "my_winters")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def editor(cache_dir: Path) -> Iterator[Editor]:
    env = dict(os.environ, CHRONICLER_CACHE_DIR=str(cache_dir))
    running = Editor(env=env)
    yield running
    running.stop()
