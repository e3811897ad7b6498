"""The `chronicler` program: one app, a version, help for every verb, one-line errors."""

from __future__ import annotations

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
