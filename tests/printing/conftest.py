"""Fixtures for the printing tests: the compiled Six Winters cards and their face set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dsl.loader import load_ruleset, ruleset_dir
from journal.printing.faces import FaceSet, faces_folder


@pytest.fixture(scope="session")
def six_winters() -> Any:
    return load_ruleset("six-winters")


@pytest.fixture(scope="session")
def faces(six_winters: Any) -> FaceSet:
    folder = faces_folder(ruleset_dir("six-winters"))
    return FaceSet(folder, regions=six_winters.vocabulary.titles)


@pytest.fixture(scope="session")
def six_winters_folder() -> Path:
    return ruleset_dir("six-winters").resolve()
