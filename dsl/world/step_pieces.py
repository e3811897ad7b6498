"""A ruleset's own Python procedure steps (``do the plague spreads``) run as pieces of the kernel,
so that the dice they roll can be asked of the table.

The walker calls a step's Python once, outside any piece; a die rolled there could only be the
generator's, since the kernel asks the table's dice (a ``roll`` decision) only inside a piece it
can run again from its snapshot with the faces typed so far. ``as_piece`` wraps each step a
ruleset registers (``world_words(steps=...)``): calling it pushes the run frame
``ruleset_step`` naming the step (its module and name, plain data a saved game keeps) and the
thing a ``for each`` gives it. The piece is predicted to ask nothing (``@quiet``): with the
generator's dice it runs at once with no snapshot, exactly as the step ran before, so a seeded
game plays the same; with the table's dice the kernel gives it a frame, and a roll asks.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from dsl.kernel.dispatch import piece, quiet
from dsl.runtime import Context

STEP_PIECE = "ruleset_step"

# every wrapped step by its key (``module.name``), filled as a ruleset's words are made
_STEPS: dict[str, Callable[..., Any]] = {}


def step_key(fn: Callable[..., Any]) -> str:
    return f"{fn.__module__}.{fn.__qualname__}"


def as_piece(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The step ``fn(game[, item])`` as the walker calls it: a piece pushed. The wrapper keeps
    ``fn``'s signature (``functools.wraps``), so the checker still reads what it takes."""
    key = step_key(fn)
    _STEPS[key] = fn

    @functools.wraps(fn)
    def push(game: Any, *item: Any) -> None:
        game.push_run(STEP_PIECE, step=key, item=list(item))

    return push


class StepPieces:
    """The ``ruleset_step`` piece of a world game (``Part(StepPieces)``)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    @piece(STEP_PIECE)
    def run(self, ctx: Context, step: str, item: list[Any]) -> None:
        found = _STEPS.get(step)
        if found is None:  # a saved game whose ruleset no longer has the step
            raise KeyError(f"no procedure step {step!r} is registered")
        found(self.game, *item)

    @quiet(STEP_PIECE)
    def asks_nothing(self, args: dict[str, Any]) -> bool:
        # a step is given no context to ask through: only a die of the table's asks, and the
        # kernel predicts nothing while the table rolls (``Machine._predicts_nothing_asked``)
        return True
