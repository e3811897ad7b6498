"""The `chronicler` program: one app, a version, help for every verb, one-line errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from journal.cli import app, main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_version_prints_the_package_version() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.startswith("chronicler ")
    assert done.stdout.split()[1][0].isdigit()


def test_help_lists_the_verbs() -> None:
    done = run("--help")
    assert done.returncode == 0
    for command in app.registered_commands:
        assert command.name is None or command.name in done.stdout


@pytest.mark.parametrize("verb", [[], ["play"], ["publish"], ["scene", "record"]])
def test_help_shows_no_value_placeholder_after_a_flag(verb: list[str]) -> None:
    # "--json <bool>" reads as if the flag took a value; flags take none.
    done = run(*verb, "--help")
    assert done.returncode == 0
    assert "--help" in done.stdout and "<bool>" not in done.stdout and "BOOLEAN" not in done.stdout


def test_unknown_option_is_a_one_line_usage_error_with_exit_code_2() -> None:
    done = run("--no-such-option")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert "--no-such-option" in done.stderr


def test_unknown_verb_is_a_usage_error() -> None:
    done = run("no-such-verb")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "no-such-verb" in done.stderr


def test_every_verb_has_help_with_an_example() -> None:
    for command in app.registered_commands:
        helptext = (command.help or (command.callback.__doc__ if command.callback else "")) or ""
        assert "Example" in helptext or "chronicler " in helptext, command.name
    for group in app.registered_groups:
        typer_app = group.typer_instance
        assert typer_app is not None
        for command in typer_app.registered_commands:
            callback_doc = command.callback.__doc__ if command.callback else ""
            helptext = (command.help or callback_doc) or ""
            assert "Example" in helptext or "chronicler " in helptext, command.name


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_main_returns_zero_for_informational_flags(argv: list[str]) -> None:
    assert main(argv) == 0


def _panels(help_text: str) -> dict[str, list[str]]:
    """The verbs under each heading of ``--help`` (Rich's boxes)."""
    panels: dict[str, list[str]] = {}
    heading = None
    for line in help_text.splitlines():
        if line.startswith("╭─ "):
            heading = line[3:].split(" ─")[0].strip()
            panels[heading] = []
        elif line.startswith("│ ") and heading is not None and line[2:3].isalpha():
            panels[heading].append(line[2:].split()[0])
    return panels


def test_help_lists_the_verbs_by_who_uses_them() -> None:
    from journal.cli import CHRONICLER, DESIGNER

    done = subprocess.run(
        [sys.executable, "-m", "journal.cli", "--help"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    panels = _panels(done.stdout)
    assert list(panels) == [
        "Options",
        DESIGNER,
        CHRONICLER,
        "Six Winters table",
        "Tags and Tracks table",
        "Delve table",
    ]
    designer = {"check", "fmt", "cards", "test", "play", "print", "simulate", "odds"}
    assert designer <= set(panels[DESIGNER]) <= designer | {"lsp"}
    chronicler = {"campaign", "use", "history", "undo", "publish", "export", "import", "demo"}
    assert set(panels[CHRONICLER]) == chronicler
    assert set(panels["Six Winters table"]) == {"setup", "year", "scene", "chronicle"}
    assert set(panels["Tags and Tracks table"]) == {
        "roll",
        "intrusion",
        "hit",
        "narrate",
        "character",
        "session",
        "track",
        "consequence",
        "xp",
        "entry",  # the log of what the table recorded: list, amend, delete
    }
    assert set(panels["Delve table"]) == {"delve"}  # join, check, luck, deal, push, show
    scene = subprocess.run(
        [sys.executable, "-m", "journal.cli", "scene", "--help"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert _panels(scene.stdout)["Tags and Tracks table"] == ["start"]
    assert set(_panels(scene.stdout)["Six Winters table"]) == {
        "record",
        "narrate",
        "amend",
        "delete",
    }


def test_the_reference_lists_the_verbs_under_the_same_headings() -> None:
    from pathlib import Path

    from journal.cli import CHRONICLER, DESIGNER

    written = (Path(__file__).parent.parent / "docs" / "cli.md").read_text()
    for heading in (DESIGNER, CHRONICLER, "Six Winters table", "Tags and Tracks table"):
        assert f"*{heading}*" in written
