"""Asking a person at a terminal: whether there is one, and a question answered there.

A verb asks only when its standard input is a terminal; run from a script (input piped or
closed) it refuses in one line what it would have asked, so nothing ever waits for an answer
no one will type."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from dsl.errors import UsageError


def interactive() -> bool:
    """Whether a person can be asked: the standard input is a terminal."""
    stdin = sys.stdin
    try:
        return stdin is not None and stdin.isatty()
    except ValueError:  # a closed stream
        return False


def ask(question: str, choices: Sequence[str] | None = None, default: str | None = None) -> str:
    """The answer typed to ``question`` (one of ``choices`` when given; ``default`` when the
    answer is left empty). End of input is a usage error naming the question."""
    from rich.prompt import Prompt

    out = Console(highlight=False, soft_wrap=True)
    try:
        answer = Prompt.ask(
            escape(question),
            choices=list(choices) if choices is not None else None,
            default=default,
            console=out,
            show_default=default is not None,
        )
    except EOFError:
        raise UsageError(f"no answer was given to: {question}") from None
    return str(answer)


def say(line: str, style: str | None = None) -> None:
    """A line for the person asked (on the standard output, as the questions are)."""
    Console(highlight=False, soft_wrap=True).print(escape(line), style=style)


def required(option: str, what: str) -> str:
    """A value an option left out must give: asked at a terminal, else a usage error naming
    the option (the command line adds where its help is)."""
    if not interactive():
        raise UsageError(f"Missing option '{option}': {what}")
    while True:
        answer = ask(f"{option} ({what})").strip()
        if answer:
            return answer
