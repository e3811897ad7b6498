"""Every command, every option, any value: never a traceback, never a file outside its outputs.

A seeded random driver reads the command line itself (every verb and option Typer knows, so a
new one is fuzzed the day it is added) and calls ``chronicler`` in this process with values
drawn from pools a user or an attacker would type: boundary numbers, hostile text, and paths
of every kind (missing, too long, a folder, a named pipe, a link to a device, outside the
working folder). The working folder holds a journal with a campaign of each game, a sheet, a
bundle, a fixture and a copy of the rules. After each call:

- nothing escaped ``main`` and no "Traceback" was printed; an error is one line;
- every file added or changed lies under what the call named as its output (``--out``,
  ``--store``, ``--html``, the journal, the files ``fmt`` rewrites), and the checkout is as it
  was;
- no call took more than two minutes (a hang is a failure, not a slow test).

The default run is ``CHRONICLER_CLI_FUZZ_CALLS`` calls (300); the slow one (``-m slow`` and
CHRONICLER_SLOW=1) makes 3,000 more with another seed. What a verb does is bounded so the run
stays short: simulate plays at most two games a side on one worker and print draws at most
one card at a low resolution; every other value is free.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer

from journal.cli import app, main

ROOT = Path(__file__).resolve().parent.parent
CALLS = int(os.environ.get("CHRONICLER_CLI_FUZZ_CALLS", "300"))
SLOW = bool(os.environ.get("CHRONICLER_SLOW"))
SECONDS = 120  # a call still running after this is a hang

# Verbs the driver leaves to their own tests: the language server talks over the process's
# own stdin and stdout until its client leaves (tests/editor drives it with a real client).
SKIPPED_VERBS = {("lsp",)}
# Root options that would write outside any output (the shell's start-up files) or that ask
# for a traceback on purpose.
SKIPPED_OPTIONS = {"--install-completion", "--show-completion", "--debug"}
# Options whose value is where the call writes.
OUTPUTS = {"--out", "--store", "--html", "--db"}
JOURNAL_SIDECARS = ("", "-wal", "-shm", "-journal", "-recording")

NUMBERS = [0, 1, 2, 3, 6, 7, -1, -4, 10_000, 2**31, 2**63 - 1, 2**63, -(2**63), 10**30]
TEXTS = [
    "", " ", "Brightdune", " Brightdune\n", "Salt Roads", "Bots", "Parin", "Kanun", "Brick",
    "bash", "STR", "strength", "Old Map", "Old Map:-4", "Old Map:2@Parin", "Parin,Kanun",
    "Sow Discord in Brightdune", "Chart the Old Rift", "Boar's Rift", "Stay", "won", "lost",
    "master", "6,4,2", "0,7", "o/x|oo", "Eastkeep=1", "Parin=lore,steel", "six-winters",
    "tags-and-tracks", "heuristic", "random", "json", "csv", "png", "pdf", "tts", "markdown",
    "table", "location", "procedure", "HEAD", "default", "all", "a4", "letter", "poker",
    "[/]", "[bold]x[/bold]", "<script>alert(1)</script>", "x\ny", "\t", "é ü ß 漢字 🙂",
    "' OR 1=1 --", "%s%n", "${HOME}", "$(touch pwned)", "-", "--", "x" * 300, "x" * 5000,
    "../../etc/passwd", "file:///etc/passwd", "javascript:alert(1)", "sqlite:///:memory:",
    "postgresql+psycopg://nobody@127.0.0.1:1/none", "tcp://127.0.0.1:1",
]  # fmt: skip
PATHS = [
    "out", "out/site", "report.html", "out/report.html", "a-folder", "missing/x.html",
    "../outside/escape", "../outside/escape.html", "../outside", "notes.txt", "story.md",
    "bundle.json", "brick.character", "chronicle.db", "sim.duckdb", "my_winters",
    "my_winters/cards.rules", "fixtures", "fixtures/placement.fixture", "pipe.fixture",
    "pipe.json", "zero.fixture", "link-out", "/dev/null", "/dev/zero", "/", ".", "..", "",
    "x" * 300, "x" * 300 + "/y", "ümlaut dir/f", "-", "~",
]  # fmt: skip
PATH_OPTIONS = {"--out", "--store", "--html", "--file", "--report", "--db", "--character",
                "--compare"}  # fmt: skip
# What keeps a run short: the values of these options come from these small lists.
BOUNDED = {
    ("simulate", "--games"): ["1", "2", "0", "-1", "1000001", str(10**12), str(2**63)],
    ("simulate", "--campaigns"): ["1", "0", "-3", str(10**12), str(2**63)],
    ("simulate", "--workers"): ["1", "-1", str(2**63)],
    ("simulate", "--cluster"): [],
    ("simulate", "--supply-sweep"): ["6", "x", "0", "unbounded,6"],
    ("simulate", "--ablate"): ["Azadeh", "Nobody", ""],
    ("print", "--dpi"): ["50", "49", "1201", "-1"],
    ("print", "--only"): ["Old Map", "Nobody", ""],
    ("play", "--bot"): ["random", "heuristic", "nobody", ""],
}
REQUIRED = {  # always given, so a heavy verb does a small piece of work when it is valid
    "simulate": ["--workers", "1", "--quiet"],
    "print": ["--only", "Old Map", "--dpi", "50"],
}
ARGUMENTS = {
    "ruleset": ["six-winters", "tags-and-tracks", "my_winters", "x" * 300, "nothing", "../outside",
                "/dev/null", "pipe.fixture", "rules"],
    "game": ["six-winters", "tags-and-tracks", "my_winters", "x" * 300, "nothing"],
    "paths": ["my_winters", "my_winters/cards.rules", "fixtures", "fixtures/placement.fixture",
              "pipe.fixture", "zero.fixture", "brick.character", "notes.txt", "x" * 300,
              "missing", "../outside", "/dev/null"],
    "file": ["bundle.json", "pipe.json", "notes.txt", "zero.fixture", "missing.json", "x" * 300,
             "/dev/null", "a-folder"],
    "sheet": ["brick.character", "pipe.fixture", "notes.txt", "zero.fixture", "x" * 300],
}  # fmt: skip


@dataclass(frozen=True)
class Verb:
    words: tuple[str, ...]
    arguments: tuple[Any, ...]
    options: tuple[Any, ...]


def verbs() -> list[Verb]:
    """Every command Typer knows, with its arguments and options."""
    found: list[Verb] = []

    def walk(command: Any, words: tuple[str, ...]) -> None:
        if hasattr(command, "list_commands"):
            context = command.context_class(command)
            for name in command.list_commands(context):
                walk(command.get_command(context, name), (*words, name))
            return
        arguments = tuple(p for p in command.params if "Argument" in type(p).__name__)
        options = tuple(
            p
            for p in command.params
            if "Option" in type(p).__name__ and p.opts[0] not in SKIPPED_OPTIONS
        )
        if words not in SKIPPED_VERBS:
            found.append(Verb(words, arguments, options))

    walk(typer.main.get_command(app), ())
    return found


def _value(rng: random.Random, verb: Verb, param: Any, name: str) -> str:
    bounded = BOUNDED.get((verb.words[0], name))
    if bounded is not None:
        return rng.choice(bounded) if bounded else "none"
    if name in PATH_OPTIONS or param.type.name == "path":
        return rng.choice(PATHS)
    if param.type.name in ("integer", "integer range"):
        return str(rng.choice(NUMBERS))
    if param.type.name == "float":
        return rng.choice(["0", "2.5", "-1", "nan", "inf", "1e308"])
    choices = getattr(param.type, "choices", None)
    if choices and rng.random() < 0.7:
        return str(rng.choice(list(choices)))
    return rng.choice(TEXTS + PATHS[:6])


def command_line(rng: random.Random, verb: Verb) -> list[str]:
    args = list(verb.words)
    for argument in verb.arguments:
        pool = ARGUMENTS.get(argument.name)
        count = rng.choice([1, 1, 1, 2]) if argument.nargs == -1 else argument.nargs
        for _ in range(max(count, 0)):
            args.append(rng.choice(pool) if pool else _value(rng, verb, argument, argument.name))
    for option in verb.options:
        if rng.random() < (0.5 if option.required else 0.3):
            continue
        name = rng.choice(option.opts)
        if option.is_flag:
            args.append(name)
            continue
        for _ in range(rng.choice([1, 1, 2]) if option.multiple else 1):
            args += [name, _value(rng, verb, option, option.opts[0])]
    args += REQUIRED.get(verb.words[0], [])
    if rng.random() < 0.05:  # now and then, something no verb takes
        args.insert(rng.randrange(len(args) + 1), rng.choice(["--nope", "-x", "--", "extra"]))
    return args


# --- the working folder ----------------------------------------------------------------------


def _quiet(*args: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(args)) == 0, args


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The working folder (a journal, a sheet, a bundle...) and a folder beside it."""
    top = tmp_path_factory.mktemp("fuzz")
    work, outside = top / "work", top / "outside"
    work.mkdir()
    outside.mkdir()
    (outside / "bait.txt").write_text("left alone")
    shutil.copytree(ROOT / "rules" / "six_winters", work / "my_winters")
    (work / "fixtures").mkdir()
    shutil.copy(ROOT / "tests/rules/six_winters/fixtures/placement.fixture", work / "fixtures")
    shutil.copy(ROOT / "rules/tags_and_tracks/examples/brick.character", work)
    (work / "notes.txt").write_text("mine, not a journal")
    (work / "story.md").write_text("We *walked* to [Eastkeep](https://example.org).")
    (work / "a-folder").mkdir()
    os.mkfifo(work / "pipe.fixture")
    os.mkfifo(work / "pipe.json")
    (work / "zero.fixture").symlink_to("/dev/zero")
    (work / "link-out").symlink_to(outside, target_is_directory=True)
    with _inside(work):
        _quiet("campaign", "start", "Brightdune")
        _quiet("year", "start", "--campaign", "Brightdune", "--year", "1", "--scheme",
               "Sow Discord in Brightdune", "--characters", "Parin,Kanun")  # fmt: skip
        _quiet("play", "six-winters", "--seed", "3", "--campaign", "Bots", "--bot", "random")
        _quiet("campaign", "start", "Salt Roads", "--ruleset", "tags-and-tracks")
        _quiet("character", "add", "brick.character", "--campaign", "Salt Roads")
        _quiet("session", "start", "The Drowned Market", "--campaign", "Salt Roads")
        _quiet("track", "add", "Guards", "--clock", "6", "--campaign", "Salt Roads")
        _quiet("export", "--campaign", "Salt Roads", "--out", "bundle.json")
    yield work, outside


@contextlib.contextmanager
def _inside(work: Path) -> Iterator[None]:
    saved = os.getcwd(), dict(os.environ), sys.stdin
    os.chdir(work)
    os.environ.update(CHRONICLER_DB=str(work / "chronicle.db"), EDITOR="true", VISUAL="true")
    sys.stdin = open(os.devnull)  # noqa: SIM115 - a prompt reads an end of input
    try:
        yield
    finally:
        sys.stdin.close()
        os.chdir(saved[0])
        os.environ.clear()
        os.environ.update(saved[1])
        sys.stdin = saved[2]


def snapshot(*folders: Path) -> dict[Path, tuple[int, int]]:
    found = {}
    for folder in folders:
        for where, dirs, files in os.walk(folder):  # links are not followed
            for name in (*dirs, *files):
                path = Path(where) / name
                info = path.lstat()
                found[path] = (info.st_size, info.st_mtime_ns)
    return found


def outputs(args: list[str], work: Path, verb: Verb) -> list[Path]:
    """Where a call may write: what it names as its outputs (or their defaults: demo's
    demo-output, simulate's store), the journal and the files beside it."""
    named = [args[k + 1] for k, word in enumerate(args[:-1]) if word in OUTPUTS]
    named += [
        str(option.default)
        for option in verb.options
        if option.opts[0] in OUTPUTS and option.default and not set(option.opts) & set(args)
    ]
    if args and args[0] == "fmt":
        named += [a for a in args[1:] if not a.startswith("-")]
    journal = next((args[k + 1] for k, w in enumerate(args[:-1]) if w == "--db"), "chronicle.db")
    named += [journal + suffix for suffix in JOURNAL_SIDECARS]
    named += [f"{journal}.backup", *(f"{name}.wal" for name in list(named))]
    return [(work / name).resolve() for name in named if name]


class Hang(Exception):
    pass


def _alarm(_signal: int, _frame: Any) -> None:
    raise Hang


def call(args: list[str], work: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return code, out.getvalue(), err.getvalue()


def checkout() -> dict[Path, tuple[int, int]]:
    return snapshot(ROOT / "rules", ROOT / "tests", ROOT / "docs")


def run_calls(work: Path, outside: Path, seed: int, count: int) -> dict[str, int]:
    rng = random.Random(seed)
    every = verbs()
    assert len(every) >= 45  # every verb, found from the app itself
    codes: dict[str, int] = {}
    repository = checkout()
    with _inside(work):
        for n in range(count):
            verb = every[n % len(every)] if n < len(every) else rng.choice(every)
            args = command_line(rng, verb)
            before = snapshot(work, outside)
            try:
                code, out, err = call(args, work)
            except Hang:
                pytest.fail(f"call {n} hangs: chronicler {args!r}")
            except BaseException as error:  # what main let through is a traceback
                pytest.fail(f"call {n} raised {error!r}: chronicler {args!r}")
            told = out + err
            assert "Traceback" not in told, (n, args, told[-2000:])
            if code not in (0, 130) and err.startswith("error: "):
                assert err.count("\n") == 1, (n, args, err[-2000:])
            after = snapshot(work, outside)
            allowed = outputs(args, work, verb)
            changed = [p for p, stamp in after.items() if before.get(p) != stamp]
            stray = [
                p
                for p in changed
                if not any(p.resolve() == a or a in p.resolve().parents for a in allowed)
                and not p.is_dir()
            ]
            gone = [p for p in before if p not in after]
            stray += [p for p in gone if not any(p == a or a in p.parents for a in allowed)]
            assert stray == [], (n, args, stray)
            assert (outside / "bait.txt").read_text() == "left alone"
            key = " ".join(verb.words)
            codes[key] = codes.get(key, 0) + 1
    assert checkout() == repository, "a call changed the checkout"
    return codes


def test_no_call_of_any_verb_gives_a_traceback_or_writes_outside_its_outputs(
    folders: tuple[Path, Path],
) -> None:
    work, outside = folders
    codes = run_calls(work, outside, seed=34, count=CALLS)
    assert len(codes) == len(verbs())  # every verb was called


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="slow: set CHRONICLER_SLOW=1 (or run -m slow)")
def test_thousands_of_calls_give_no_traceback(folders: tuple[Path, Path]) -> None:
    work, outside = folders
    run_calls(
        work, outside, seed=2026, count=int(os.environ.get("CHRONICLER_CLI_FUZZ_LONG", "3000"))
    )
