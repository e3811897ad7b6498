from __future__ import annotations

from typing import Any

import pytest

from rules import registry


@pytest.fixture(scope="session")
def delve() -> Any:
    """Delve's text as the registry finds it by name (rules/delve, compiled)."""
    return registry.find("delve").compiled()


@pytest.fixture(scope="session")
def checks(delve: Any) -> Any:
    return delve.checks
