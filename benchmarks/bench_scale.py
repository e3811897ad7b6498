"""Card-language scale (issue 14): checking grows linearly with the number of cards.

Run: .venv/bin/python benchmarks/bench_scale.py [--cards 10000]. Prints figures, asserts nothing.

Six Winters' card files are copied (every card renamed and renumbered per copy, the vocabulary
once) into ONE file of about ``--cards`` cards. Timed, each as a fresh load in this process with
the Lark parser built:

- cold: parse + check + compile, no parse cache;
- warm: the on-disk parse cache filled, then load + check + compile;
- errors: the same big file with one error in every card (a field the kind does not have),
  parse + check, against parse + check of the clean file.

Targets: per-card time of the big file within 1.5x of the real card set's, cold and warm; the
run where every card has an error at most 2x the clean run.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_dsl import bigger_corpus  # noqa: E402

from dsl import loader  # noqa: E402
from dsl.parser import _parser  # noqa: E402

RULES = ROOT / "rules" / "six_winters"


def seconds(work: Callable[[], Any], runs: int = 1) -> float:
    """The best of ``runs`` timings (CPU time: the machine is shared)."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def load(folder: Path, compile_too: bool = True) -> int:
    """``chronicler``'s own paths: ``load_ruleset`` (parse, check, compile) or, for a set
    with errors, ``check_ruleset`` (parse, check); the number of errors."""
    loader._PARSED.clear()
    loader._COMPILED.clear()
    if compile_too:
        loader.load_ruleset(folder)
        return 0
    return len(loader.check_ruleset(folder).diagnostics.errors)


def one_file(folder: Path, copies: int, into: Path) -> tuple[Path, int]:
    """The card files of ``copies`` copies joined in one ``cards.rules`` (the vocabulary and
    the map beside it); the number of cards."""
    spread = into / "spread"
    spread.mkdir()
    bigger_corpus(folder, copies, spread)
    big = into / "big"
    big.mkdir()
    (big / "ruleset.rules").write_text((spread / "ruleset.rules").read_text())
    parts = [p.read_text() for p in sorted(spread.glob("*.rules")) if p.name != "ruleset.rules"]
    text = "\n".join(parts)
    (big / "cards.rules").write_text(text)
    cards = len(re.findall(r'^\w+ "[^"]+" \{', text, flags=re.M))
    return big, cards


def with_errors(big: Path, into: Path) -> tuple[Path, int]:
    """The same cards, each with one field its kind does not have."""
    bad = into / "bad"
    bad.mkdir()
    (bad / "ruleset.rules").write_text((big / "ruleset.rules").read_text())
    text = (big / "cards.rules").read_text()
    text, count = re.subn(r'^(\w+ "[^"]+" \{)\n', r"\1\n  bogusfield 1\n", text, flags=re.M)
    (bad / "cards.rules").write_text(text)
    return bad, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10000, help="about how many cards")
    args = parser.parse_args()
    _parser()
    os.environ["CHRONICLER_NO_CACHE"] = "1"
    real = len(loader.load_ruleset(RULES).cards())
    real_cold = seconds(lambda: load(RULES), 5)
    with tempfile.TemporaryDirectory() as tmp:
        copies = max(1, round(args.cards / real))
        big, cards = one_file(RULES, copies, Path(tmp))
        bad, broken = with_errors(big, Path(tmp))
        big_cold = seconds(lambda: load(big))
        clean_check = seconds(lambda: load(big, compile_too=False))
        errors = 0

        def check_bad() -> None:
            nonlocal errors
            errors = load(bad, compile_too=False)

        bad_check = seconds(check_bad)
        del os.environ["CHRONICLER_NO_CACHE"]
        os.environ["CHRONICLER_CACHE_DIR"] = str(Path(tmp) / "cache")
        load(RULES)
        real_warm = seconds(lambda: load(RULES), 5)
        load(big)
        big_warm = seconds(lambda: load(big))
        os.environ["CHRONICLER_NO_CACHE"] = "1"

    def per(total: float, n: int) -> float:
        return total / n * 1e6

    print(f"real card set: {real} cards; big file: {cards} cards in one file (CPU seconds)")
    for name, small, large in (("cold", real_cold, big_cold), ("warm", real_warm, big_warm)):
        ratio = per(large, cards) / per(small, real)
        print(
            f"  {name}: real {small:6.3f} s ({per(small, real):6.0f} us/card), big "
            f"{large:6.2f} s ({per(large, cards):6.0f} us/card): ratio {ratio:.2f}  target <= 1.5"
        )
    print(
        f"  every card with an error ({broken} cards, {errors} errors): check {bad_check:.2f} s "
        f"against {clean_check:.2f} s clean: ratio {bad_check / clean_check:.2f}  target <= 2"
    )


if __name__ == "__main__":
    main()
