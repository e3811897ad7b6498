from __future__ import annotations

from typing import Any

import pytest

from rules import registry


@pytest.fixture(scope="session")
def seasons() -> Any:
    """Seasons' text as the registry finds it by name (rules/seasons, compiled)."""
    return registry.find("seasons").compiled()
