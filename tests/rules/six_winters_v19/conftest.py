from __future__ import annotations

from typing import Any

import pytest

from rules import registry


@pytest.fixture(scope="session")
def winters() -> Any:
    """Six Winters v19.7's text as the registry finds it by name (rules/six_winters_v19)."""
    return registry.find("six-winters-v19").compiled()
