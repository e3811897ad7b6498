"""Command-line start-up: how long a user waits for ``chronicler`` before it does any work.

Run: .venv/bin/python benchmarks/bench_cli.py [--against REV]   (``make bench`` runs every
bench_*.py)

Each figure is the median wall time of a fresh process. ``--version`` and ``--help`` load only
the command line (no card text, no database, no MkDocs); ``check`` of Six Winters is shown with an
empty and with a warm on-disk parse cache (see docs/language.md, "Caching"), against a bare
``python -c pass`` as the floor no Python program goes under.

Then the time a Tab costs: the shell runs ``chronicler`` once per Tab to ask what completes the
word, so each figure is a fresh process answering one completion (bash's protocol) of a verb, a
campaign name from the journal, and a scene card's name from the ruleset, in wall time and in CPU
time (both medians). ``--against REV`` measures the same Tabs on a checkout of the git revision
REV too, in turn (here, there, here...), and prints the ratio of the medians. Prints figures,
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
RUNS = 11
TAB_RUNS = 9
# The words typed before each Tab (bash gives the program COMP_WORDS and COMP_CWORD).
TABS = {
    "a verb (chronicler ye<Tab>)": ["chronicler", "ye"],
    "a campaign (chronicler use Sa<Tab>)": ["chronicler", "use", "Sa"],
    "a scene card (scene record --scene Fi<Tab>)": [
        "chronicler",
        "scene",
        "record",
        "--scene",
        "Fi",
    ],
}


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


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def one_tab(tree: Path, words: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """One completion answered by a fresh process of ``tree``: wall and CPU seconds, output."""
    tab_env = {
        **env,
        "_CHRONICLER_COMPLETE": "complete_bash",
        "COMP_WORDS": "\n".join(words),  # as Typer's bash script joins them
        "COMP_CWORD": str(len(words) - 1),
    }
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "journal.cli"],
        cwd=tree,
        env=tab_env,
        capture_output=True,
        text=True,
        check=False,
    )
    return time.perf_counter() - started, _children_cpu() - cpu, done.stdout


def tab_env(scratch: Path) -> dict[str, str]:
    """A journal holding a campaign, and a parse cache of this run's own (warmed by the
    first Tab of each kind)."""
    journal = scratch / "chronicle.db"
    env = {**os.environ, "CHRONICLER_DB": str(journal), "CHRONICLER_CACHE_DIR": str(scratch)}
    if not journal.exists():
        subprocess.run(
            [sys.executable, "-m", "journal.cli", "campaign", "start", "Salt Roads"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
    return env


def tabs(trees: dict[str, Path]) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        env = tab_env(Path(scratch))
        print(f"A Tab: one completion by a fresh process (median of {TAB_RUNS})")
        for label, words in TABS.items():
            walls: dict[str, list[float]] = {name: [] for name in trees}
            cpus: dict[str, list[float]] = {name: [] for name in trees}
            for tree in trees.values():
                one_tab(tree, words, env)  # warm the OS and the parse cache
            for _ in range(TAB_RUNS):
                for name, tree in trees.items():  # in turn: the same load on each
                    wall, cpu, _ = one_tab(tree, words, env)
                    walls[name].append(wall)
                    cpus[name].append(cpu)
            for name in trees:
                wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
                print(f"  {label:45} {name:10} {wall * 1000:6.0f} ms wall {cpu * 1000:6.0f} ms CPU")
            if len(trees) == 2:
                here, there = trees
                ratio = statistics.median(cpus[there]) / statistics.median(cpus[here])
                print(f"  {'':45} {there} / {here}: {ratio:.2f}x the CPU time")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REV", help="a git revision to compare the Tabs with")
    args = parser.parse_args()
    main()
    if args.against:
        from trees import checkout

        with checkout(args.against) as other:
            tabs({"this tree": ROOT, args.against: other})
    else:
        tabs({"this tree": ROOT})
