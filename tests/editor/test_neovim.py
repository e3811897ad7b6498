"""One real editor end to end: Neovim, headless, attaches ``chronicler lsp`` to a ``.rules``
file and receives its diagnostics and a completion.

Needs Debian's ``neovim`` (``.ci/run`` installs it). Skipped without it, unless
``CHRONICLER_REQUIRE_EDITOR=1`` (set in CI), where its absence is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsp_client import copy_of_six_winters

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NVIM = shutil.which("nvim")
REQUIRED = os.environ.get("CHRONICLER_REQUIRE_EDITOR", "") not in ("", "0")

if NVIM is None and not REQUIRED:
    pytest.skip(
        "Neovim is not installed (apt-get install neovim; CI installs it and sets "
        "CHRONICLER_REQUIRE_EDITOR=1)",
        allow_module_level=True,
    )


def test_neovim_receives_the_diagnostics_and_a_completion(tmp_path: Path) -> None:
    assert NVIM is not None, "CHRONICLER_REQUIRE_EDITOR=1 but nvim is not on PATH"
    folder = copy_of_six_winters(tmp_path / "winters")
    abilities = folder / "abilities.rules"
    text = abilities.read_text(encoding="utf-8")
    broken = text.replace('character "Fuscus" · number 1', 'character "Fucsus" · number 1', 1)
    abilities.write_text(broken, encoding="utf-8")
    row = broken.split("\n").index('  character "Fucsus" · number 1')
    out = tmp_path / "neovim.json"
    env = dict(
        os.environ,
        CHRONICLER_NVIM_OUT=str(out),
        CHRONICLER_LSP_COMMAND=json.dumps([sys.executable, "-m", "journal.cli", "lsp"]),
        CHRONICLER_COMPLETE_LINE=str(row),
        CHRONICLER_COMPLETE_COLUMN=str(len('  character "Fu')),
        CHRONICLER_CACHE_DIR=str(tmp_path / "cache"),
        PYTHONPATH=str(ROOT),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    done = subprocess.run(
        [
            NVIM,
            "--headless",
            "--clean",
            "-n",
            str(abilities),
            "-c",
            f"luafile {HERE / 'neovim_session.lua'}",
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.exists(), done.stdout + done.stderr
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["waited"], seen
    assert seen["diagnostics"] == [
        {
            "line": row,
            "column": 12,
            "severity": 1,
            "message": 'unknown character "Fucsus"; did you mean "Fuscus"?',
        }
    ]
    labels = {item["label"] for item in seen["completion"]}
    assert labels == {"Fuscus"}
