"""Card-language speed: check+compile of Six Winters, linear growth, interpreter overhead.

Run: .venv/bin/python benchmarks/bench_dsl.py  (or ``make bench``). Prints figures, asserts
nothing. Targets (issue 3): checking and compiling the whole card set with a warm parser cache
< 100 ms (median); a card set 10x larger takes <= 11x as long; compiled abilities <= 1.5x the
time of hand-written Python.

Three ways to load Six Winters are timed, each in this process with the Lark parser built:
cold (every file parsed, no parse cache), warm on-disk parse cache (what a second ``chronicler``
command pays: the files' ASTs unpickled, then checked and compiled), and parsed in memory
(check + compile alone). Start-up of the command line is in bench_cli.py.

The long fuzz run is not a benchmark but lives with them:
CHRONICLER_FUZZ_EXAMPLES=20000 .venv/bin/pytest tests/dsl/test_07_fuzz.py -m slow
"""

from __future__ import annotations

import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl import loader, parse_cache  # noqa: E402
from dsl.codegen import compile_checked  # noqa: E402
from dsl.parser import _parser  # noqa: E402
from dsl.runtime import Context  # noqa: E402
from dsl.selectors import Filter, Place, Quantity, Selector, ValueSpec  # noqa: E402

RULES = ROOT / "rules" / "six_winters"
RUNS = 15


def median_ms(work: Callable[[], Any], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def check_and_compile(folder: Path, keep_parsed: bool) -> None:
    if not keep_parsed:
        loader._PARSED.clear()
    loader._COMPILED.clear()
    checked = loader.check_ruleset(folder)
    assert not checked.diagnostics.errors, checked.diagnostics.render()[:2000]
    compile_checked(checked)


def bigger_corpus(folder: Path, copies: int, into: Path) -> Path:
    """The vocabulary once, every card file ``copies`` times with every card renamed per copy."""
    card_files = [p for p in sorted(folder.glob("*.rules")) if p.name not in ("ruleset.rules",)]
    names = set()
    for path in card_files:
        names.update(re.findall(r'^\w+ "([^"]+)" \{', path.read_text(), flags=re.M))
    vocabulary = loader.check_ruleset(folder).vocabulary
    declared = {w.casefold() for w in vocabulary.all_words()}
    header = re.compile(r'^(\w+) "([^"]+)" \{', flags=re.M)
    number = re.compile(r"^(\s+number )(\d+(?:, \d+)*)", flags=re.M)
    names = {n for n in names if n.casefold() not in declared}  # tags keep their names
    pattern = re.compile(
        r'"(' + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r')"'
    )
    (into / "ruleset.rules").write_text((folder / "ruleset.rules").read_text())
    for k in range(copies):
        for path in card_files:
            text = path.read_text()
            if path.name == "map.rules" and k:
                continue
            if k:
                suffix = f" {k}"
                text = pattern.sub(lambda m, s=suffix: f'"{m.group(1)}{s}"', text)
                text = header.sub(
                    lambda m, s=suffix: f'{m.group(1)} "{m.group(2).removesuffix(s)}{s}" {{', text
                )
                # numbers are unique per kind: each copy numbers its cards past the last
                text = number.sub(
                    lambda m, k=k: (
                        m.group(1)
                        + ", ".join(str(int(n) + 1000 * k) for n in m.group(2).split(", "))
                    ),
                    text,
                )
            (into / f"{path.stem}_{k}.rules").write_text(text)
    return into


# ---- interpreter overhead ----------------------------------------------------------------------


class FakeHost:
    """Just enough host: fixed candidates per noun, primitives that only count their calls."""

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.calls = 0
        self.here = {"kind": "location", "name": "Giant's Gate"}
        self.things: dict[Any, list[Any]] = {
            ("card kind", "obstacle"): [{"kind": "obstacle", "name": "Mole Hunt"}],
            ("card kind", "character"): [
                {"kind": "character", "name": "Parin"},
                {"kind": "character", "name": "Kanun"},
            ],
            ("card kind", "location"): [self.here],
            ("resource", "technology"): [{"kind": "die", "face": 3}],
            ("resource", "diplomacy"): [{"kind": "die", "face": 4}],
            ("card kind", "ability"): [{"kind": "ability", "name": "Respected Voice"}],
        }

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        return self.things.get((selector.noun_category, selector.noun), [])

    def primitive(self, name: str) -> Callable[..., Any]:
        return self._call

    def _call(self, ctx: Context, **roles: Any) -> None:
        self.calls += 1

    def emit(self, kind: str, **data: Any) -> None:
        pass


def _sel(
    category: str, noun: str | None, count: int | None = 1, mode: str = "exact", **kw: Any
) -> Selector:
    return Selector(quantity=Quantity(mode, count), noun_category=category, noun=noun, **kw)  # type: ignore[arg-type]


HERE = Place("this location")
SORCERY = _sel("resource", "sorcery")
THIS_LOCATION = _sel("card kind", "location", None, "none", reference="this", place=HERE)
ALL_CHARACTERS_HERE = _sel("card kind", "character", None, "all", place=HERE)
BODY = _sel("stress", "body")
PSYCHE = _sel("stress", "psyche")
ACTION_POINT = _sel("counter", "action point")
INITIATIVE = _sel("counter", "initiative die")
TECHNOLOGY_HERE = _sel("resource", "technology", place=HERE)
PROGRESS = _sel("token", "progress")
LORE_OBSTACLE_HERE = _sel("card kind", "obstacle", filters=(Filter("skill", "lore"),), place=HERE)
DIPLOMACY_HERE = _sel("resource", "diplomacy", place=HERE)
STABILITY_SAME = _sel("resource", "stability", value=ValueSpec("same"))
FOE_IN_PLAY = _sel("card kind", "obstacle", None, "any", filters=(Filter("card tag", "Foe"),))
EMPIRE_LOCATION = _sel("card kind", "location", filters=(Filter("region", "empire"),))
ABILITY = _sel("card kind", "ability")
ALL_HINDRANCE = _sel("token", "hindrance", None, "all")


def _one(ctx: Context, found: list[Any], prompt: str) -> Any:
    if len(found) == 1:
        return found[0]
    return ctx.decide("choose_target", found, prompt)


def hand_whisper_drip(ctx: Context) -> None:
    at = _one(ctx, ctx.host.select(ctx, THIS_LOCATION), "Choose a location")
    ctx.host.primitive("roll_and_place")(ctx, object=SORCERY, at=at)


def hand_wound_paste(ctx: Context) -> None:
    who = ctx.host.select(ctx, ALL_CHARACTERS_HERE)
    ctx.host.primitive("recover")(ctx, object=BODY, subject=who)


def hand_loomwood_apples(ctx: Context) -> None:
    who = ctx.host.select(ctx, ALL_CHARACTERS_HERE)
    ctx.host.primitive("gain")(ctx, object=ACTION_POINT, subject=who)


def hand_traveling_tent(ctx: Context) -> None:
    die = _one(ctx, ctx.host.select(ctx, TECHNOLOGY_HERE), "Choose a technology")
    ctx.bindings["value"] = die["face"]
    ctx.host.primitive("spend")(ctx, object=die)
    who = ctx.host.select(ctx, ALL_CHARACTERS_HERE)
    ctx.host.primitive("give")(ctx, to=who, object=INITIATIVE)


def hand_book_of_pressed_leaves(ctx: Context) -> None:
    target = _one(ctx, ctx.host.select(ctx, LORE_OBSTACLE_HERE), "Choose a lore obstacle")
    ctx.host.primitive("place")(ctx, object=PROGRESS, on=target)


def hand_azadeh(ctx: Context) -> None:
    die = _one(ctx, ctx.host.select(ctx, DIPLOMACY_HERE), "Choose a diplomacy")
    ctx.bindings["value"] = die["face"]
    ctx.host.primitive("trade")(ctx, object=die, for_=STABILITY_SAME)


def hand_mad_honey(ctx: Context) -> None:
    ctx.host.primitive("lose")(ctx, object=PSYCHE)
    ctx.host.primitive("gain")(ctx, object=INITIATIVE)


def hand_dragon_of_the_critical_word(ctx: Context) -> None:
    ctx.host.primitive("lose")(ctx, object=PSYCHE)
    target = _one(ctx, ctx.host.select(ctx, FOE_IN_PLAY), "Choose a Foe obstacle")
    ctx.host.primitive("discard")(ctx, object=target)


def hand_master_of_coin(ctx: Context) -> None:
    if ctx.location in ctx.host.select(ctx, EMPIRE_LOCATION):
        target = _one(ctx, ctx.host.select(ctx, ABILITY), "Choose an ability")
        ctx.host.primitive("draw")(ctx, object=target)


def hand_icon_of_channeling(ctx: Context) -> None:
    target = _one(ctx, ctx.host.select(ctx, LORE_OBSTACLE_HERE), "Choose a lore obstacle")
    ctx.host.primitive("convert")(ctx, object=ALL_HINDRANCE, on=target, to=PROGRESS)


HAND = {
    "Whisper Drip": hand_whisper_drip,
    "Wound Paste": hand_wound_paste,
    "Loomwood Apples": hand_loomwood_apples,
    "Traveling Tent": hand_traveling_tent,
    "Book of Pressed Leaves": hand_book_of_pressed_leaves,
    "Azadeh": hand_azadeh,
    "Mad Honey": hand_mad_honey,
    "Dragon of the Critical Word": hand_dragon_of_the_critical_word,
    "Master of Coin": hand_master_of_coin,
    "The Icon of Channeling": hand_icon_of_channeling,
}


def per_call_us(run: Callable[[Context], Any], host: FakeHost, calls: int) -> float:
    location = host.here
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            run(Context(host=host, actor="Parin", location=location))
        best = min(best, (time.perf_counter() - start) / calls * 1e6)
    return best


def main() -> None:
    _parser()  # build the LALR parser once (warm)
    os.environ["CHRONICLER_NO_CACHE"] = "1"
    files = len(list(RULES.glob("*.rules")))
    cold = median_ms(lambda: check_and_compile(RULES, keep_parsed=False))
    in_memory = median_ms(lambda: check_and_compile(RULES, keep_parsed=True))
    with tempfile.TemporaryDirectory() as cache:
        del os.environ["CHRONICLER_NO_CACHE"]
        os.environ["CHRONICLER_CACHE_DIR"] = cache
        check_and_compile(RULES, keep_parsed=False)  # fills the on-disk cache
        entries = len(list((Path(cache) / "parsed").glob("*.pickle")))
        assert parse_cache.cache_dir() is not None and entries == files, entries
        warm = median_ms(lambda: check_and_compile(RULES, keep_parsed=False))
        os.environ["CHRONICLER_NO_CACHE"] = "1"
    cards = len(loader.load_ruleset(RULES).cards())
    met = "met" if warm < 100 else "NOT met"
    print(f"six winters: {files} files, {cards} cards (median of {RUNS} runs, parser built)")
    print(f"  (a) cold: parse + check + compile, no parse cache   {cold:7.1f} ms")
    print(f"  (b) warm on-disk parse cache: load + check + compile {warm:7.1f} ms")
    print(f"      target < 100 ms with a warm parser cache: {met}")
    print(f"  (c) parsed in memory: check + compile alone         {in_memory:7.1f} ms")

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "x1").mkdir()
        (Path(tmp) / "x10").mkdir()
        one = bigger_corpus(RULES, 1, Path(tmp) / "x1")
        ten = bigger_corpus(RULES, 10, Path(tmp) / "x10")
        t1 = median_ms(lambda: check_and_compile(one, keep_parsed=False), 5)
        t10 = median_ms(lambda: check_and_compile(ten, keep_parsed=False), 5)
        n10 = len(compile_checked(loader.check_ruleset(ten)).cards())
    print(
        f"linear growth: 1x {t1:.1f} ms, 10x ({n10} cards) {t10:.1f} ms, "
        f"ratio {t10 / t1:.2f}   target <= 11"
    )

    compiled = loader.load_ruleset(RULES)
    host = FakeHost()
    total_compiled = total_hand = 0.0
    print("interpreter overhead (us per run, best of 5 x 20000):")
    for name, hand in HAND.items():
        ability = compiled.card(name, "asset").abilities[0]
        ran = host.calls
        ability.run(Context(host=host, actor="Parin", location=host.here))
        compiled_calls = host.calls - ran
        ran = host.calls
        hand(Context(host=host, actor="Parin", location=host.here))
        assert compiled_calls == host.calls - ran, f"{name}: not the same primitive calls"
        c = per_call_us(ability.run, host, 20000)
        h = per_call_us(hand, host, 20000)
        total_compiled += c
        total_hand += h
        print(f"  {name:30s} compiled {c:6.2f}  hand {h:6.2f}  ratio {c / h:5.2f}")
    print(f"  all ten: ratio {total_compiled / total_hand:.2f}   target <= 1.5")


if __name__ == "__main__":
    main()
