"""The language server's speed: from an edit to the diagnostics it publishes, and completion.

Run: .venv/bin/python benchmarks/bench_lsp.py   (``make bench`` runs every bench_*.py)

The real server (``chronicler lsp``, a process of its own) is driven by pygls's client, as the
editor tests drive it (tests/editor/lsp_client.py). An edit is timed from the moment the client
sends ``didChange`` to the moment it has the diagnostics that edit causes (a misspelt word
appears, then is fixed: both change what is published). Measured on a copy of the whole Six
Winters text and on the same text with a file of 10,000 generated cards beside it, edits in the
edited file; then completion requests. Prints medians and 95th percentiles; asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "editor"))

from lsp_client import Editor, at, doc  # noqa: E402

print = functools.partial(print, flush=True)  # figures as they come

SIX_WINTERS = ROOT / "rules" / "six_winters"
CARD = """asset "Generated {n}" {{
  number {number}
  tags Potion
  skill shadow · points 2
  recipe espionage 3, technology 3
  Exhaust: Roll and place a sorcery at this location.
}}

"""


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    median = statistics.median(times)
    return f"median {median * 1000:8.1f} ms   p95 {p95 * 1000:8.1f} ms   n={len(times)}"


def timed_edits(
    editor: Editor, path: Path, text: str, old: str, new: str, runs: int, wrong: str
) -> list[float]:
    """Alternately break ``old`` into ``new`` and put it back; the time of each to the
    diagnostics it causes. Each text is new (a numbered comment in the edited card): no
    result of an earlier check can be reused whole."""
    assert old in text
    times = []
    for k in range(runs):
        breaking = k % 2 == 0
        written = (new if breaking else old) + f"  # edit {k}"
        edited = text.replace(old, written, 1)
        started = time.perf_counter()
        editor.change(path, edited)
        if breaking:
            editor.wait_for(path, lambda found: any(wrong in d.message for d in found), 600)
        else:
            editor.wait_for(path, lambda found: not any(wrong in d.message for d in found), 600)
        times.append(time.perf_counter() - started)
    editor.change(path, text)
    editor.settled(path)
    return times


def checker_alone(folder: Path, runs: int) -> list[float]:
    """``check_sources`` of the whole folder in this process, every file parsed already (the
    floor under the server's figure, measured in the same run: the machine's load shows in
    both)."""
    from dsl.loader import check_sources, read_sources, ruleset_files

    sources, _ = read_sources(ruleset_files(folder))
    check_sources(sources, str(folder))
    return timed(lambda: check_sources(sources, str(folder)), runs)


def timed(call: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return times


def completion_at(editor: Editor, path: Path, line: int, character: int) -> Callable[[], object]:
    params = types.CompletionParams(doc(path), at(line, character))
    return lambda: editor.call(types.TEXT_DOCUMENT_COMPLETION, params)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="edits on Six Winters")
    parser.add_argument("--big-runs", type=int, default=10, help="edits beside 10,000 cards")
    parser.add_argument("--cards", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "winters"
        folder.mkdir()
        for path in SIX_WINTERS.glob("*.rules"):
            shutil.copy(path, folder / path.name)
        editor = Editor(env=None)
        try:
            run(editor, folder, args)
        finally:
            editor.stop()


def run(editor: Editor, folder: Path, args: argparse.Namespace) -> None:
    assets = folder / "assets.rules"
    text = assets.read_text(encoding="utf-8")
    started = time.perf_counter()
    editor.open(assets, text)
    editor.settled(assets)
    print(f"chronicler lsp: the whole Six Winters set ({len(list(folder.glob('*.rules')))} files)")
    print(f"  first check after opening           {(time.perf_counter() - started) * 1000:8.1f} ms")
    word = timed_edits(
        editor,
        assets,
        text,
        "skill shadow · points 3",
        "skill shadwo · points 3",
        args.runs,
        "shadwo",
    )
    print(f"  edit -> diagnostics (a word)        {figures(word)}")
    print(f"  the checker alone, same text        {figures(checker_alone(folder, args.runs))}")
    row = text.split("\n").index("  Exhaust: Roll and place a sorcery at this location.")
    lines = text.split("\n")
    syntax = timed_edits(
        editor, assets, text, lines[row], lines[row].rstrip("."), args.runs, 'has no "."'
    )
    print(f"  edit -> diagnostics (a syntax error){figures(syntax)}")
    field = completion_at(editor, assets, row, 2)
    sentence = completion_at(editor, assets, row, len("  Exhaust: Roll and place a sor"))
    timed(field, 5)
    print(f"  completion, a card's fields         {figures(timed(field, args.runs))}")
    print(f"  completion, a sentence's words      {figures(timed(sentence, args.runs))}")
    editor.close(assets)

    big = folder / "generated.rules"
    cards = "".join(CARD.format(n=n, number=1000 + n) for n in range(1, args.cards + 1))
    big.write_text(cards, encoding="utf-8")
    started = time.perf_counter()
    editor.open(big, cards)
    editor.settled(big)
    print(f"chronicler lsp: {args.cards:,} generated cards in one file beside Six Winters")
    print(f"  first check after opening           {(time.perf_counter() - started) * 1000:8.1f} ms")
    half = args.cards // 2
    middle = f'asset "Generated {half}" {{\n  number {1000 + half}\n  tags Potion\n'
    middle += "  skill shadow · points 2"
    broken = middle.replace("shadow", "shadwo")
    big_word = timed_edits(editor, big, cards, middle, broken, args.big_runs, "shadwo")
    print(f"  edit -> diagnostics (a word)        {figures(big_word)}")
    big_row = cards.split("\n").index("  skill shadow · points 2")
    completion = completion_at(editor, big, big_row, 2)
    timed(completion, 3)
    print(f"  completion, a card's fields         {figures(timed(completion, args.runs))}")


if __name__ == "__main__":
    main()
