from six_winters_table import ruleset

__all__ = ["ruleset"]

import os
from pathlib import Path

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    """Slow tests here run only when asked: ``-m slow`` or ``CHRONICLER_SLOW=1``.

    They are deselected rather than skipped, so the default run's report stays readable.
    """
    if "slow" in (config.getoption("-m") or "") or os.environ.get("CHRONICLER_SLOW"):
        return
    keep, slow = [], []
    for item in items:
        is_slow = "slow" in item.keywords and HERE in Path(str(item.fspath)).parents
        (slow if is_slow else keep).append(item)
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = keep
