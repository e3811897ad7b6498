"""Card-language speed: check+compile of Six Winters, linear growth, interpreter overhead.

Run: .venv/bin/python benchmarks/bench_dsl.py  (or ``make bench``; ``--only overhead``, ``load``
or ``growth`` for one part; ``--against REV [--rounds K]`` for the warm load here against a git
revision, in paired rounds). Prints figures; asserts only that the hand-written twins do the
work their cards do. Times are CPU time. Targets: checking and compiling the whole card set with
a warm parser cache < 50 ms (median; issue 14, was 100 in issue 3); a card set 10x larger takes
<= 11x as long (issue 3); ten compiled abilities <= 1.2x the time of the same abilities written
by hand in Python (issue 14, was 1.5 in issue 3).

Three ways to load Six Winters are timed, each in this process with the Lark parser built:
cold (every file parsed, no parse cache), warm on-disk parse cache (what a second ``chronicler``
command pays: the files' ASTs unpickled, then checked and compiled), and parsed in memory
(check + compile alone). Start-up of the command line is in bench_cli.py.

The long fuzz run is not a benchmark but lives with them:
CHRONICLER_FUZZ_EXAMPLES=20000 .venv/bin/pytest tests/dsl/test_07_fuzz.py -m slow
"""

from __future__ import annotations

import argparse
import gc
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
from dsl.codegen import WRITE_AFTER, compile_checked  # noqa: E402
from dsl.parser import _parser  # noqa: E402
from dsl.runtime import Context, DecisionNeeded, Span  # noqa: E402
from dsl.selectors import Filter, Place, Quantity, Selector, ValueSpec  # noqa: E402

RULES = ROOT / "rules" / "six_winters"
RUNS = 15


def median_ms(
    work: Callable[[], Any], runs: int = RUNS, before: Callable[[], Any] | None = None
) -> float:
    """Median CPU milliseconds of ``work`` over ``runs`` runs; ``before`` runs untimed ahead
    of each (forgetting what the last run loaded: a command starts with nothing to free)."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def forget(keep_parsed: bool = False) -> None:
    """Drop what this process loaded (the parsed files too, unless ``keep_parsed``)."""
    if not keep_parsed:
        loader._PARSED.clear()
    loader._COMPILED.clear()


def check_and_compile(folder: Path, keep_parsed: bool) -> None:
    forget(keep_parsed)
    checked = loader.check_ruleset(folder)
    assert not checked.diagnostics.errors, checked.diagnostics.render()[:2000]
    compile_checked(checked)


def load_as_a_command(folder: Path) -> None:
    """What a second ``chronicler`` command pays for the text: ``loader.load_ruleset`` with
    nothing kept in this process (the files read, their ASTs from the on-disk parse cache,
    checked and compiled, the collector paused as it is there)."""
    forget()
    loader.load_ruleset(folder)


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
#
# Ten real abilities, compiled, against the same abilities written by hand in Python. The hand
# twins do the work the card does and no less: the same selections with equal selectors, the
# same decisions (kind, options, prompt, source), the same primitive calls with equal arguments,
# the same "it" and "same value" remembered, and ``ctx.span`` set where the card's text names
# its line (decisions carry it as their source, and a failure names it). ``check_twins`` holds
# them to that before anything is timed. Python 3.11's ``try`` costs nothing until something is
# raised, so the twins leave out the error wrapping the compiled code has.
#
# Timing: CPU time (``time.process_time``), contexts made before the clock starts (making one is
# not interpreter overhead), the cycle collector paused; the two sides run in turn, block by
# block, the first side alternating, and each side's figure is the median of its blocks.


class FakeHost:
    """Just enough host: fixed candidates per noun, primitives that only count their calls."""

    def __init__(self, crowded: bool = False) -> None:
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
            ("die", "technology"): [{"kind": "die", "face": 3}],
            ("die", "diplomacy"): [{"kind": "die", "face": 4}],
            ("card kind", "ability"): [{"kind": "ability", "name": "Respected Voice"}],
        }
        if crowded:  # two of everything: every singular phrase has to ask which
            for found in self.things.values():
                if len(found) == 1:
                    found.append({**found[0], "name": "Other", "face": 6})

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        return self.things.get((selector.noun_category, selector.noun), [])

    def primitive(self, name: str) -> Callable[..., Any]:
        return self._call

    def _call(self, ctx: Context, **roles: Any) -> None:
        self.calls += 1

    def emit(self, kind: str, **data: Any) -> None:
        pass


class TracingHost(FakeHost):
    """The fake host, writing down every question the effect asks of it and where."""

    def __init__(self, crowded: bool = False) -> None:
        super().__init__(crowded)
        self.log: list[Any] = []

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        self.log.append(("select", selector, ctx.span, ctx.actor))
        return super().select(ctx, selector)

    def primitive(self, name: str) -> Callable[..., Any]:
        def call(ctx: Context, **roles: Any) -> None:
            self.log.append(("call", name, roles, ctx.span, ctx.actor))

        return call

    def emit(self, kind: str, **data: Any) -> None:
        self.log.append(("emit", kind, data))


def _sel(
    shape: str,
    noun: str | None,
    count: int | None = 1,
    mode: str = "exact",
    plural: bool = False,
    **kw: Any,
) -> Selector:
    quantity = Quantity(mode, count, plural=plural)  # type: ignore[arg-type]
    return Selector(quantity=quantity, noun_category=shape, noun=noun, **kw)  # type: ignore[arg-type]


HERE = Place("this place")
SORCERY = _sel("die", "sorcery", text="a sorcery", category="resource")
THIS_LOCATION = _sel(
    "card kind", "location", None, "none", reference="this", place=HERE, text="this location"
)
ALL_CHARACTERS_HERE = _sel(
    "card kind", "character", None, "all", True, place=HERE, text="all characters at this location"
)
BODY = _sel("meter", "body", text="1 body", category="stress")
PSYCHE = _sel("meter", "psyche", text="1 psyche", category="stress")
TWO_PSYCHE = _sel("meter", "psyche", 2, plural=True, text="2 psyche", category="stress")
ACTION_POINT = _sel("meter", "action point", text="1 action point", category="counter")
INITIATIVE = _sel("meter", "initiative die", text="1 initiative", category="counter")
TECHNOLOGY = _sel("die", "technology", text="a technology", category="resource")
PROGRESS = _sel("piece", "progress", text="a progress", category="token")
PROGRESS_TO = _sel("piece", "progress", text="progress", category="token")
LORE_OBSTACLE_HERE = _sel(
    "card kind",
    "obstacle",
    filters=(Filter("skill", "lore", "ranks"),),
    place=HERE,
    text="a lore obstacle at this location",
)
DIPLOMACY_HERE = _sel(
    "die", "diplomacy", place=HERE, text="a diplomacy at this location", category="resource"
)
STABILITY_SAME = _sel(
    "die",
    "stability",
    value=ValueSpec("same"),
    text="stability of the same value",
    category="resource",
)
FOE_IN_PLAY = _sel(
    "card kind",
    "obstacle",
    None,
    "any",
    filters=(Filter("card tag", "Foe", "tags"),),
    place=Place("in play", "in"),
    text="any Foe obstacle in play",
)
EMPIRE_LOCATION = _sel(
    "card kind",
    "location",
    filters=(Filter("region", "empire", "groups"),),
    text="an Empire location",
)
ABILITY = _sel("card kind", "ability", text="an ability")
ALL_HINDRANCE = _sel("piece", "hindrance", None, "all", text="all hindrance", category="token")


def _one(ctx: Context, found: list[Any], prompt: str) -> Any:
    """One of what a singular phrase found: asked when several match, None when none."""
    if len(found) == 1:
        return found[0]
    if not found:
        return None
    return ctx.decide("choose_target", list(found), prompt)


def _remember(ctx: Context, chosen: Any) -> None:
    """What the object phrase chose is "it"; a die's face is "the same value"."""
    ctx.bindings["it"] = chosen
    if chosen is not None and "face" in chosen:
        ctx.bindings["value"] = chosen["face"]


Hand = Callable[[Context], Any]


def hand_twins(spans: dict[str, list[Span]]) -> dict[str, Hand]:
    """The ten abilities by hand; ``spans`` are each ability's lines as the card gives them."""
    [whisper] = spans["Whisper Drip"]
    [paste] = spans["Wound Paste"]
    [apples] = spans["Loomwood Apples"]
    tent_spend, tent_give = spans["Traveling Tent"]
    [book] = spans["Book of Pressed Leaves"]
    [azadeh] = spans["Azadeh"]
    honey_lose, honey_gain = spans["Mad Honey"]
    dragon_lose, dragon_discard = spans["Dragon of the Critical Word"]
    coin_if, coin_draw = spans["Master of Coin"]
    [icon] = spans["The Icon of Channeling"]

    def whisper_drip(ctx: Context) -> None:
        ctx.span = whisper
        host = ctx.host
        at = _one(ctx, host.select(ctx, THIS_LOCATION), "Choose this location")
        host.primitive("roll_and_place")(ctx, object=SORCERY, at=at)

    def wound_paste(ctx: Context) -> None:
        ctx.span = paste
        host = ctx.host
        recover = host.primitive("recover")
        recover(ctx, object=BODY, subject=host.select(ctx, ALL_CHARACTERS_HERE))

    def loomwood_apples(ctx: Context) -> None:
        ctx.span = apples
        host = ctx.host
        gain = host.primitive("gain")
        gain(ctx, object=ACTION_POINT, subject=host.select(ctx, ALL_CHARACTERS_HERE))

    def traveling_tent(ctx: Context) -> None:
        ctx.span = tent_spend
        host = ctx.host
        at = _one(ctx, host.select(ctx, THIS_LOCATION), "Choose this location")
        host.primitive("spend")(ctx, object=TECHNOLOGY, at=at)
        ctx.span = tent_give
        give = host.primitive("give")
        give(ctx, object=INITIATIVE, to=host.select(ctx, ALL_CHARACTERS_HERE))

    def book_of_pressed_leaves(ctx: Context) -> None:
        ctx.span = book
        host = ctx.host
        on = _one(
            ctx, host.select(ctx, LORE_OBSTACLE_HERE), "Choose a lore obstacle at this location"
        )
        host.primitive("place")(ctx, object=PROGRESS, on=on)

    def azadeh_(ctx: Context) -> None:
        ctx.span = azadeh
        host = ctx.host
        die = _one(ctx, host.select(ctx, DIPLOMACY_HERE), "Choose a diplomacy at this location")
        _remember(ctx, die)
        host.primitive("trade")(ctx, object=die, for_=STABILITY_SAME)

    def mad_honey(ctx: Context) -> None:
        ctx.span = honey_lose
        host = ctx.host
        host.primitive("lose")(ctx, object=PSYCHE)
        ctx.span = honey_gain
        host.primitive("gain")(ctx, object=INITIATIVE)

    def dragon_of_the_critical_word(ctx: Context) -> None:
        ctx.span = dragon_lose
        host = ctx.host
        host.primitive("lose")(ctx, object=TWO_PSYCHE)
        ctx.span = dragon_discard
        foe = _one(ctx, host.select(ctx, FOE_IN_PLAY), "Choose any Foe obstacle in play")
        _remember(ctx, foe)
        host.primitive("discard")(ctx, object=foe)

    def master_of_coin(ctx: Context) -> None:
        ctx.span = coin_if
        host = ctx.host
        here = ctx.location
        empire = host.select(ctx, EMPIRE_LOCATION)
        if here is None or (
            here not in empire
            and not any(type(ref) is dict and ref.get("name") == here.get("name") for ref in empire)
        ):
            return
        ctx.span = coin_draw
        host.primitive("draw")(ctx, object=ABILITY)

    def icon_of_channeling(ctx: Context) -> None:
        ctx.span = icon
        host = ctx.host
        on = _one(
            ctx, host.select(ctx, LORE_OBSTACLE_HERE), "Choose a lore obstacle at this location"
        )
        host.primitive("convert")(ctx, object=ALL_HINDRANCE, on=on, to=PROGRESS_TO)

    return {
        "Whisper Drip": whisper_drip,
        "Wound Paste": wound_paste,
        "Loomwood Apples": loomwood_apples,
        "Traveling Tent": traveling_tent,
        "Book of Pressed Leaves": book_of_pressed_leaves,
        "Azadeh": azadeh_,
        "Mad Honey": mad_honey,
        "Dragon of the Critical Word": dragon_of_the_critical_word,
        "Master of Coin": master_of_coin,
        "The Icon of Channeling": icon_of_channeling,
    }


def spans_of(ability: Any) -> list[Span]:
    """The lines an ability names as it runs: a sentence's own when it has a condition, then
    each clause's (its cost's first), each once, in order."""
    spans: list[Span] = []
    for part in ability.meaning.parts:
        if part.condition is not None:
            spans.append(part.span)
        for clause in part.alternatives:
            for each in (clause.cost, clause):
                if each is not None and each.span not in spans:
                    spans.append(each.span)
    return spans


def _trace(run: Callable[[Context], Any], crowded: bool) -> tuple[Any, ...]:
    host = TracingHost(crowded)
    ctx = Context(host=host, actor="Parin", location=host.here)
    asked = None
    try:
        run(ctx)
    except DecisionNeeded as needed:
        asked = needed.decision
    return (host.log, asked, ctx.bindings)


def check_twins(runs: dict[str, Callable[[Context], Any]], hand: dict[str, Hand]) -> None:
    """Each twin asks the host, decides and remembers exactly what its card does, with one
    candidate for each phrase and with two (where a decision is asked)."""
    for name, twin in hand.items():
        run = runs[name]
        for crowded in (False, True):
            card, by_hand = _trace(run, crowded), _trace(twin, crowded)
            assert card == by_hand, f"{name}: the hand twin does other work\n{card}\n{by_hand}"


def _block(run: Callable[[Context], Any], contexts: list[Context]) -> float:
    start = time.process_time()
    for ctx in contexts:
        run(ctx)
    return time.process_time() - start


def overhead(sides: list[Callable[[Context], Any]], blocks: int, calls: int) -> list[float]:
    """Median CPU microseconds per run of each side, the sides run in turn block by block (the
    first side of a block going round)."""
    host = FakeHost()
    here = host.here
    times: list[list[float]] = [[] for _ in sides]
    gc.collect()
    gc.disable()
    try:
        for block in range(blocks):
            for k in range(len(sides)):
                side = (block + k) % len(sides)
                contexts = [Context(host=host, actor="Parin", location=here) for _ in range(calls)]
                times[side].append(_block(sides[side], contexts) / calls * 1e6)
    finally:
        gc.enable()
    return [statistics.median(t) for t in times]


def report_overhead(blocks: int = 41, calls: int = 2000) -> float:
    compiled = loader.load_ruleset(RULES)
    abilities = {name: compiled.card(name, "asset").abilities[0] for name in TWIN_NAMES}
    hand = hand_twins({name: spans_of(a) for name, a in abilities.items()})
    # an ability runs through its closures until it has run WRITE_AFTER times, then as the one
    # function it is written out as: the figure is that steady state, the closures' beside it
    closures = {name: a.run.closures() for name, a in abilities.items()}  # type: ignore[attr-defined]
    check_twins(closures, hand)
    host = FakeHost()
    for ability in abilities.values():
        for _ in range(WRITE_AFTER + 1):
            ability.run(Context(host=host, actor="Parin", location=host.here))
    check_twins({name: a.run for name, a in abilities.items()}, hand)
    totals = [0.0, 0.0, 0.0]
    print(
        f"interpreter overhead (CPU us per run, median of {blocks} blocks of {calls}, "
        f"the sides interleaved; written out after {WRITE_AFTER} runs, before that closures):"
    )
    for name, ability in abilities.items():
        figures = overhead([ability.run, hand[name], closures[name]], blocks, calls)
        c, h, k = figures
        totals = [t + f for t, f in zip(totals, figures, strict=True)]
        print(
            f"  {name:28s} compiled {c:6.3f}  hand {h:6.3f}  ratio {c / h:5.2f}"
            f"   closures {k:6.3f}  ratio {k / h:5.2f}"
        )
    ratio = totals[0] / totals[1]
    print(
        f"  all ten: ratio {ratio:.2f}   target <= 1.2   "
        f"(through closures: {totals[2] / totals[1]:.2f})"
    )
    return ratio


TWIN_NAMES = (
    "Whisper Drip",
    "Wound Paste",
    "Loomwood Apples",
    "Traveling Tent",
    "Book of Pressed Leaves",
    "Azadeh",
    "Mad Honey",
    "Dragon of the Critical Word",
    "Master of Coin",
    "The Icon of Channeling",
)


# One round of ``--against``, in a fresh process on one tree (``sys.argv[1]``): the warm load
# as ``load_as_a_command`` times it, through ``loader.load_ruleset`` only, so the same code
# measures both trees. Prints one JSON line: the median CPU ms of ``sys.argv[2]`` loads.
ROUND = """
import json, os, shutil, statistics, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
cache = tempfile.mkdtemp()
os.environ.pop("CHRONICLER_NO_CACHE", None)
os.environ["CHRONICLER_CACHE_DIR"] = cache
from dsl import loader
from dsl.parser import _parser
_parser()
rules = Path(sys.argv[1]) / "rules" / "six_winters"
loader.load_ruleset(rules)  # fills the on-disk parse cache
times = []
for _ in range(int(sys.argv[2])):
    loader._PARSED.clear()
    loader._COMPILED.clear()
    start = time.process_time()
    loader.load_ruleset(rules)
    times.append((time.process_time() - start) * 1000)
shutil.rmtree(cache)
print(json.dumps({"warm ms": statistics.median(times)}))
"""


def compare_load(revision: str, rounds: int) -> None:
    """The warm load here against ``revision``, a fresh process per round and tree in turn
    (here, there, here...), so a change in the machine's load falls on both alike."""
    from trees import checkout, run_on

    with checkout(revision) as tree:
        pairs = [
            (run_on(ROOT, ROUND, str(RUNS))["warm ms"], run_on(tree, ROUND, str(RUNS))["warm ms"])
            for _ in range(rounds)
        ]
    here = statistics.median(p[0] for p in pairs)
    there = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[1] / p[0] for p in pairs)
    print(f"warm load against {revision}: {rounds} rounds in turn, median of {RUNS} loads each")
    print(f"  here {here:.1f} ms, there {there:.1f} ms: speed ratio {ratio:.2f} (above 1: faster)")
    print(f"  rounds (here, there): {', '.join(f'{a:.1f}/{b:.1f}' for a, b in pairs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--only",
        choices=("load", "growth", "overhead"),
        help="one part: loading the card set, linear growth, or interpreter overhead",
    )
    parser.add_argument("--against", metavar="REV", help="the warm load against a git revision")
    parser.add_argument("--rounds", type=int, default=5, help="rounds in turn with --against")
    args = parser.parse_args()
    if args.against:
        compare_load(args.against, args.rounds)
        return
    only = args.only
    if only in (None, "load"):
        report_load()
    if only in (None, "growth"):
        report_growth()
    if only in (None, "overhead"):
        report_overhead()


def report_load() -> None:
    _parser()  # build the LALR parser once (warm)
    os.environ["CHRONICLER_NO_CACHE"] = "1"
    sources, _unreadable = loader.read_sources(loader.ruleset_files(RULES))
    files = len(sources) + len(loader.library_sources(sources, str(RULES))[0])  # its library's
    cold = median_ms(lambda: check_and_compile(RULES, keep_parsed=False), before=forget)
    in_memory = median_ms(
        lambda: check_and_compile(RULES, keep_parsed=True), before=lambda: forget(True)
    )
    with tempfile.TemporaryDirectory() as cache:
        del os.environ["CHRONICLER_NO_CACHE"]
        os.environ["CHRONICLER_CACHE_DIR"] = cache
        check_and_compile(RULES, keep_parsed=False)  # fills the on-disk cache
        entries = len(list((Path(cache) / "parsed").glob("*.pickle")))
        assert parse_cache.cache_dir() is not None and entries == files, entries
        warm = median_ms(lambda: load_as_a_command(RULES), before=forget)
        os.environ["CHRONICLER_NO_CACHE"] = "1"
    cards = len(loader.load_ruleset(RULES).cards())
    met = "met" if warm < 50 else "NOT met"
    print(
        f"six winters: {files} files, {cards} cards (CPU ms, median of {RUNS} runs, parser built)"
    )
    print(f"  (a) cold: parse + check + compile, no parse cache   {cold:7.1f} ms")
    print(f"  (b) warm on-disk parse cache: load + check + compile {warm:7.1f} ms")
    print(f"      target < 50 ms with a warm parser cache: {met}")
    print(f"  (c) parsed in memory: check + compile alone         {in_memory:7.1f} ms")


def report_growth() -> None:
    _parser()
    os.environ["CHRONICLER_NO_CACHE"] = "1"
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


if __name__ == "__main__":
    main()
