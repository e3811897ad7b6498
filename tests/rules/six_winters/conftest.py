from six_winters_table import ruleset

__all__ = ["ruleset"]

import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    """Slow tests here run only when asked: ``-m slow`` or ``CHRONICLER_SLOW=1``."""
    if "slow" in (config.getoption("-m") or "") or os.environ.get("CHRONICLER_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or CHRONICLER_SLOW=1")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.fspath)).parents:
            item.add_marker(skip)
