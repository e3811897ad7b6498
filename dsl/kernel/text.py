"""Decisions answered with free text (a name the player gives), validated like every answer.

A ``TextDecision`` has no list of options: its answer is any text of at most ``max_length``
characters that the ``allowed`` pattern matches whole, after surrounding spaces are dropped
and inner runs of spaces made one, and that is none of the ``taken`` answers (ignoring case).
``check_answer`` (the machine's) calls its ``check``, so a bad name is an ``IllegalMove``
naming what is allowed, and nothing changes.

A piece of the game asks for one with ``ask_text(ctx, ...)``, as it asks for a choice with
``ctx.decide``; a piece written as a generator yields ``text_question(ctx, ...)``, as it yields
``ctx.question``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dsl.runtime import Context, Decision, DecisionNeeded

# Letters, with spaces, apostrophes and hyphens between them: what a name on a sheet holds.
NAME_PATTERN = r"[^\W\d_]+(?:[ '’-][^\W\d_]+)*"
NAME_DESCRIPTION = "letters, with single spaces, apostrophes or hyphens between words"


class TextKind(StrEnum):
    """The kind of a decision answered with text."""

    WRITE = "write"  # free text: a name


class TextRefused(ValueError):
    """Text that is not a legal answer: says what is allowed."""


@dataclass(frozen=True, slots=True)
class TextDecision(Decision):
    """A question answered with text: at most ``max_length`` characters matching ``allowed``
    (a regular expression, matched whole), ``described`` in words for the person asked."""

    max_length: int = 40
    allowed: str = NAME_PATTERN
    described: str = NAME_DESCRIPTION
    taken: tuple[str, ...] = ()  # answers already used (told apart ignoring case)

    def check(self, answer: Any) -> str:
        """The answer, tidied (spaces), if it is legal; else ``TextRefused`` saying why."""
        if not isinstance(answer, str):
            raise TextRefused(f"{self.prompt}: the answer is text, not {answer!r}")
        text = " ".join(answer.split())
        if not text:
            raise TextRefused(f"{self.prompt}: the answer is empty")
        if len(text) > self.max_length:
            raise TextRefused(
                f"{self.prompt}: {len(text)} characters, at most {self.max_length} are allowed"
            )
        if re.fullmatch(self.allowed, text) is None:
            raise TextRefused(f"{self.prompt}: {text!r} is not allowed: write {self.described}")
        if text.casefold() in (t.casefold() for t in self.taken):
            raise TextRefused(f"{self.prompt}: {text!r} is taken already: write another")
        return text


def text_question(
    ctx: Context,
    prompt: str,
    who: str | None = None,
    *,
    max_length: int = 40,
    allowed: str = NAME_PATTERN,
    described: str = NAME_DESCRIPTION,
    taken: tuple[str, ...] | list[str] = (),
) -> TextDecision:
    """The question ``ask_text`` asks, for a piece written as a generator to yield:
    ``name = yield text_question(ctx, ...)``."""
    return TextDecision(
        kind=TextKind.WRITE,
        who=ctx.actor if who is None else who,
        prompt=prompt,
        options=(),
        source=ctx.span,
        max_length=max_length,
        allowed=allowed,
        described=described,
        taken=tuple(taken),
    )


def ask_text(
    ctx: Context,
    prompt: str,
    who: str | None = None,
    *,
    max_length: int = 40,
    allowed: str = NAME_PATTERN,
    described: str = NAME_DESCRIPTION,
    taken: tuple[str, ...] | list[str] = (),
) -> str:
    """The next recorded answer, or stop the piece with a ``TextDecision``."""
    if ctx.cursor < len(ctx.answers):
        answer = ctx.answers[ctx.cursor]
        ctx.cursor += 1
        return str(answer)
    raise DecisionNeeded(
        text_question(
            ctx,
            prompt,
            who,
            max_length=max_length,
            allowed=allowed,
            described=described,
            taken=taken,
        )
    )
