"""Command-line start-up: how long a user waits for ``chronicler`` before it does any work.

Run: .venv/bin/python benchmarks/bench_cli.py   (``make bench`` runs every bench_*.py)

Each figure is the median wall time of a fresh process. ``--version`` and ``--help`` load only
the command line (no card text, no database, no MkDocs); ``check`` of Six Winters is shown with an
empty and with a warm on-disk parse cache (see docs/language.md, "Caching"), against a bare
``python -c pass`` as the floor no Python program goes under. Prints figures, asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
RUNS = 11


def median_s(command: list[str], runs: int = RUNS, env: dict[str, str] | None = None) -> float:
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)  # warm the OS
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    chronicler = str(BIN / "chronicler")
    floor = median_s([sys.executable, "-c", "pass"])
    version = median_s([chronicler, "--version"])
    help_ = median_s([chronicler, "--help"])
    print(f"CLI start-up (median of {RUNS} processes)")
    print(f"  python -c pass (the floor)        {floor * 1000:7.0f} ms")
    print(f"  chronicler --version              {version * 1000:7.0f} ms")
    print(f"  chronicler --help                 {help_ * 1000:7.0f} ms")
    with tempfile.TemporaryDirectory() as cache:
        check = [chronicler, "check", "rules/six_winters"]
        no_cache = {**os.environ, "CHRONICLER_NO_CACHE": "1"}
        warm = {**os.environ, "CHRONICLER_CACHE_DIR": cache}
        cold = median_s(check, 5, no_cache)
        cached = median_s(check, 5, warm)  # the warm-up run fills the cache
    print(f"  chronicler check, no parse cache  {cold * 1000:7.0f} ms")
    print(f"  chronicler check, warm cache      {cached * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
