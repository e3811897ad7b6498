"""The measure of generality (``make stats``): per ruleset, its lines of text against its lines of
Python, and the share of the language's code (``dsl/``) its play runs.

Each ruleset's workload runs in a fresh process under coverage.py, as plain Python (the compiled
hot modules hide their lines from a tracer): its text checked, formatted and printed, and games
played by its bots (a Six Winters session per bot; Tags and Tracks' roll, hits and intrusion; a
world game per seed for a ruleset written wholly in text). The lines of ``dsl/`` each workload
runs are compared: of the lines any ruleset runs, how many run for two rulesets or more.

Run: ``.venv/bin/python benchmarks/stats.py [--json]``. Lines are counted without blank lines
and comments; a ruleset's bots (``bots.py`` or a ``bots/`` package, ``*_bot.py``) are counted
apart, as the issues that set each ruleset's Python budget count them.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import subprocess
import sys
import tokenize
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The workloads, one per ruleset, run in a child process (``--workload NAME``).
WORLD_FIXTURES = {
    "ember-race (fixture)": ROOT / "tests" / "dsl" / "fixtures" / "world" / "ember",
    "lantern-road (fixture)": ROOT / "tests" / "dsl" / "fixtures" / "world" / "lantern",
}


def text_and_python(folder: Path) -> dict[str, int]:
    """Lines of ``.rules`` text and of Python in a ruleset's folder (bots apart); the text of
    the libraries it reads (``library "winters"``) counts as its text."""
    from dsl.loader import library_sources, read_sources, ruleset_files

    counts = Counter[str]()
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix == ".rules":
            counts["text"] += _lines(path, "#")
        elif path.suffix == ".py":
            inside = path.relative_to(folder).parts
            bots = path.name == "bots.py" or path.name.endswith("_bot.py") or inside[0] == "bots"
            counts["bots" if bots else "python"] += _lines(path, "#")
    sources, _unreadable = read_sources(ruleset_files(folder))
    for library in library_sources(sources, str(folder))[0]:
        if not Path(library.path).resolve().is_relative_to(folder.resolve()):  # not counted yet
            counts["text"] += _lines(Path(library.path), "#")
    return dict(counts)


def _lines(path: Path, comment: str) -> int:
    """Lines of a file that are neither blank nor a comment; in Python, nor a docstring (a
    docstring is found by the parser, so one whose closing quotes end a line of text closes
    there, and a string that spans lines in code counts as code)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return sum(
            1 for raw in text.splitlines() if raw.strip() and not raw.strip().startswith(comment)
        )
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if not isinstance(node, DOCUMENTED) or not body:
            continue
        first = body[0]
        value = first.value if isinstance(first, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in NOT_CODE:
            code.update(range(token.start[0], token.end[0] + 1))
    return len(code - docstrings)


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
NOT_CODE = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


def _common(folder: Path) -> None:
    """What every ruleset's text goes through: checked, compiled, formatted, printed."""
    from dsl.formatter import format_text
    from dsl.loader import load_ruleset, ruleset_files
    from dsl.printer import render_card, render_procedure

    ruleset = load_ruleset(folder)
    for path in ruleset_files(folder):
        format_text(path.read_text(encoding="utf-8"), str(path))
    for card in ruleset.all_cards:
        render_card(card)
    render_procedure(ruleset.procedure)


def six_winters(games: int) -> None:
    from rules.six_winters import engine
    from rules.six_winters.bots import HeuristicBot, RandomBot

    folder = ROOT / "rules" / "six_winters"
    _common(folder)
    ruleset = engine.load_ruleset(folder)
    campaign = engine.new_campaign(ruleset)
    for seed in range(games):
        for bot in (RandomBot(seed), HeuristicBot(seed)):
            session = engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"])
            engine.play(session, bot)


def tags_and_tracks(games: int) -> None:
    from dsl.sheets import load_sheet
    from rules.tags_and_tracks import engine

    folder = ROOT / "rules" / "tags_and_tracks"
    _common(folder)
    ruleset = engine.load_ruleset(folder)
    for seed in range(games):
        roll = engine.new_roll(ruleset, level=2, advantages=1, cuts=1, points=3, xp=2, seed=seed)
        while (decision := roll.pending()) is not None:
            roll.apply(decision.options[-1])
        hits = engine.new_hits_against(
            ruleset, character="Brick", stat="strength", points=4, hits=2
        )
        while (decision := hits.pending()) is not None:
            hits.apply(decision.options[-1] if decision.options else "a sprained wrist")
    engine.roll_odds(ruleset, 3, 1)
    load_sheet(folder / "examples" / "brick.character", ruleset)


def world(folder: Path, games: int) -> None:
    from dsl.loader import load_ruleset
    from dsl.world.bots import RandomBot
    from dsl.world.game import new_game

    _common(folder)
    ruleset = load_ruleset(folder)
    low, _high = _players(ruleset)
    for seed in range(games):
        game = new_game(ruleset, seed=seed, players=low)
        bot = RandomBot(seed)
        for _ in range(MOST_DECISIONS):
            if (decision := game.pending()) is None:
                break
            game.apply(bot.choose(game.observation(decision.who), decision))


# A game a GM runs (Delve: adversaries leave play when the table routs them) has no end a random
# bot reaches; a workload answers at most this many questions a game (enough to run every step of
# its procedure many times over; a game that ends sooner is played whole).
MOST_DECISIONS = 5000


def _players(ruleset):  # type: ignore[no-untyped-def]
    from dsl.world.declare import world_of

    return world_of(ruleset).players


def rulesets() -> dict[str, tuple[Path, str]]:
    """Every ruleset measured: the shipped ones and the text-only fixtures."""
    found = {
        "six-winters": (ROOT / "rules" / "six_winters", "six_winters"),
        "tags-and-tracks": (ROOT / "rules" / "tags_and_tracks", "tags_and_tracks"),
    }
    for header in sorted((ROOT / "rules").glob("*/ruleset.rules")):
        name = header.parent.name.replace("_", "-")
        found.setdefault(name, (header.parent, "world"))
    for name, folder in WORLD_FIXTURES.items():
        found[name] = (folder, "world")
    return found


def run_workload(name: str, games: int) -> None:
    folder, how = rulesets()[name]
    if how == "six_winters":
        six_winters(games)
    elif how == "tags_and_tracks":
        tags_and_tracks(games)
    else:
        world(folder, games)


def traced_lines(name: str, games: int) -> set[tuple[str, int]]:
    """The lines of ``dsl/`` one ruleset's workload runs, in a child process: everything is
    imported first, so the lines a module runs as it is imported (its ``def`` and ``class``
    lines, shared by every ruleset) are not counted; the parse cache is off, so the text is
    parsed and checked, not read back from a pickle."""
    data = ROOT / ".stats" / f"{name.replace(' ', '_')}.coverage"
    data.parent.mkdir(exist_ok=True)
    env = {**os.environ, "CHRONICLER_PURE": "1", "CHRONICLER_NO_CACHE": "1"}
    subprocess.run(
        [sys.executable, __file__, "--workload", name, "--games", str(games), "--data", str(data)],
        check=True,
        cwd=ROOT,
        env=env,
    )
    import coverage

    covered = coverage.CoverageData(basename=str(data))
    covered.read()
    lines: set[tuple[str, int]] = set()
    for file in covered.measured_files():
        rel = str(Path(file).resolve().relative_to(ROOT))
        lines.update((rel, n) for n in covered.lines(file) or ())
    return lines


def traced_workload(name: str, games: int, data: str) -> None:
    """Run one workload under coverage, after importing every module of ours it may use."""
    import importlib
    import pkgutil

    import coverage

    import dsl

    for module in pkgutil.walk_packages(dsl.__path__, "dsl."):
        importlib.import_module(module.name)
    importlib.import_module("rules.six_winters.engine")
    importlib.import_module("rules.six_winters.bots")
    importlib.import_module("rules.tags_and_tracks.engine")
    cov = coverage.Coverage(data_file=data, source=["dsl"])
    cov.start()
    try:
        run_workload(name, games)
    finally:
        cov.stop()
        cov.save()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workload", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=3, help="games played per bot (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.workload:
        traced_workload(args.workload, args.games, args.data)
        return 0
    figures: dict[str, dict[str, object]] = {}
    runs: dict[str, set[tuple[str, int]]] = {}
    for name, (folder, _how) in rulesets().items():
        figures[name] = dict(text_and_python(folder))
        runs[name] = traced_lines(name, args.games)
        figures[name]["dsl lines run"] = len(runs[name])
    by_line = Counter(line for lines in runs.values() for line in lines)
    union = len(by_line)
    shared = sum(1 for count in by_line.values() if count >= 2)
    summary = {
        "dsl lines run by any ruleset": union,
        "run by two rulesets or more": shared,
        "share": round(shared / union, 3) if union else 0.0,
    }
    if args.json:
        print(json.dumps({"rulesets": figures, "dsl": summary}, indent=2))
        return 0
    print(f"{'ruleset':<24} {'text':>6} {'python':>7} {'bots':>6} {'py/text':>8} {'dsl run':>8}")
    for name, row in figures.items():
        text = int(row.get("text", 0))  # type: ignore[call-overload]
        python = int(row.get("python", 0))  # type: ignore[call-overload]
        ratio = f"{python / text:.2f}" if text else "-"
        print(
            f"{name:<24} {text:>6} {python:>7} {int(row.get('bots', 0)):>6} "  # type: ignore[call-overload]
            f"{ratio:>8} {int(row['dsl lines run']):>8}"  # type: ignore[call-overload]
        )
    print(
        f"\ndsl/: {union} lines run by any ruleset, {shared} of them by two or more "
        f"({summary['share']:.1%}; the target is at least half)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
