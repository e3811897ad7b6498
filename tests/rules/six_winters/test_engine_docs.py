"""The Python examples of docs/engine.md run as written (in order, in one namespace)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_engine_pages_examples_run():
    text = (ROOT / "docs" / "engine.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, "docs/engine.md", "exec"), namespace)
    assert "SessionResult(" in out.getvalue()
    assert "the face the die shows" in out.getvalue()
