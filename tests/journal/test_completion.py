"""Shell completion as a person meets it: the completion script 'chronicler --install-completion'
installs, sourced into a real interactive bash (and zsh), a word typed, Tab pressed, and the
command line read back as the shell splits it. A name with spaces or an apostrophe must come
back as one word, whether typed bare or inside a quote the person opened."""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from journal.completion import bash_word, zsh_item

ROOT = Path(__file__).resolve().parents[2]
# CI installs both shells (.ci/run); elsewhere a shell that is not there is skipped.
REQUIRED = os.environ.get("CHRONICLER_REQUIRE_SHELLS") == "1"


def _shell(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if REQUIRED:
            pytest.fail(f"{name} is not installed, and CI runs the completion tests in it")
        pytest.skip(f"{name} is not installed")
    return found


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A journal with two campaigns, a 'chronicler' on the PATH running this tree, and the
    environment a shell started for the test gets."""
    home = tmp_path_factory.mktemp("completion")
    bin_dir = home / "bin"
    bin_dir.mkdir()
    program = bin_dir / "chronicler"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m journal.cli "$@"\n', "utf-8")
    program.chmod(0o755)
    env = {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        "CHRONICLER_DB": str(home / "chronicle.db"),
        "CHRONICLER_CACHE_DIR": str(home / "cache"),
        "TERM": "dumb",
    }
    import subprocess

    for name in ("Gelshah's Folly", "Salt Roads"):
        subprocess.run(
            [str(program), "campaign", "start", name],
            env={**os.environ, **env},
            check=True,
            capture_output=True,
            cwd=home,
        )
    for shell in ("bash", "zsh"):
        script = subprocess.run(
            [str(program)],
            env={**os.environ, **env, "_CHRONICLER_COMPLETE": f"source_{shell}"},
            check=True,
            capture_output=True,
            text=True,
            cwd=home,
        ).stdout
        (home / f"completion.{shell}").write_text(script, "utf-8")
    return {**env, "HOME_DIR": str(home)}


def _read(fd: int, until: bytes, seconds: float) -> bytes:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end and until not in out:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out


def tab(world: dict[str, str], shell: str, typed: str) -> list[str]:
    """Type ``typed`` and Tab in an interactive ``shell`` with chronicler's completion, then
    print the command line's words as the shell splits them."""
    path = _shell(shell)
    home = world["HOME_DIR"]
    setup = {
        "bash": f"PS1='$ '; source {home}/completion.bash\n",
        "zsh": f"PS1='$ '; autoload -Uz compinit; compinit -u -D; source {home}/completion.zsh\n",
    }[shell]
    argv = [path, "--norc", "--noprofile", "-i"] if shell == "bash" else [path, "-f", "-i"]
    pid, fd = pty.fork()
    if pid == 0:  # the shell, in a terminal of its own
        os.chdir(home)
        os.execve(path, argv, {**world, "ZDOTDIR": home})
    try:
        _read(fd, b"$ ", 10)
        os.write(fd, setup.encode())
        os.write(fd, b"echo READY\n")
        _read(fd, b"READY\r\n", 20)
        os.write(fd, typed.encode() + b"\t")
        time.sleep(0.3)
        _read(fd, b"\x00", 3)  # the program answers the Tab
        os.write(fd, b"\x01printf '<%s>\\n' \n")  # the line, its words one a line
        out = _read(fd, b"<chronicler>", 20)
        out += _read(fd, b"$ ", 5)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace").replace("\r", "")
    return [line[1:-1] for line in text.splitlines() if line.startswith("<") and line.endswith(">")]


@pytest.mark.parametrize("shell", ["bash", "zsh"])
@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("chronicler use Gel", ["chronicler", "use", "Gelshah's Folly"]),
        ("chronicler use 'Gel", ["chronicler", "use", "Gelshah's Folly"]),
        ("chronicler use Sa", ["chronicler", "use", "Salt Roads"]),
        (
            "chronicler scene record --scene Find\\ the\\ M",
            ["chronicler", "scene", "record", "--scene", "Find the Mad Honey Supplier"],
        ),
        (
            "chronicler year start --characters Parin,Ka",
            ["chronicler", "year", "start", "--characters", "Parin,Kanun"],
        ),
    ],
)
def test_a_tab_completes_a_name_into_one_usable_word(world, shell, typed, words) -> None:  # type: ignore[no-untyped-def]
    assert tab(world, shell, typed) == words


def test_bash_is_given_each_name_quoted_for_the_word_typed() -> None:
    assert bash_word("Gelshah's Tower", "Gel") == "Gelshah\\'s\\ Tower"
    assert bash_word("Gelshah's Tower", "'Gel") == "Gelshah'\\''s Tower"
    assert bash_word('Say "hi" $HOME', '"Sa') == 'Say \\"hi\\" \\$HOME'
    assert bash_word("Parin,Kanun", "Parin,K") == "Parin,Kanun"


def test_zsh_is_given_each_name_quoted_for_its_list() -> None:
    assert zsh_item("Gelshah's Tower", None) == "\"Gelshah'\\''s Tower\""
    assert zsh_item("a:b", "the help") == '"a\\:b":"the help"'


def _offered(words: list[str]) -> list[str]:
    """What bash is offered for the last of ``words`` (run in this process)."""
    import contextlib
    import io
    from unittest import mock

    from journal.cli import main

    env = {
        "_CHRONICLER_COMPLETE": "complete_bash",
        "COMP_WORDS": "\n".join(["chronicler", *words]),
        "COMP_CWORD": str(len(words)),
    }
    out = io.StringIO()
    with mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out):
        assert main([]) == 0
    return [line for line in out.getvalue().splitlines() if line]


def test_the_characters_of_a_gm_run_campaign_are_completed(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    db = ["--db", str(journal_path)]
    assert _offered(["hit", *db, "Br"]) == ["Brick"]
    assert _offered(["roll", *db, "--character", "B"]) == ["Brick"]
    assert _offered(["character", "show", *db, "--campaign", "'Salt Roads'", "B"]) == ["Brick"]
    assert _offered(["hit", *db, "--campaign", "Nowhere", "B"]) == []
