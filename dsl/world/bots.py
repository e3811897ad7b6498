"""Bots that play any world game from its decisions alone: they see only their observation.

``RandomBot`` picks among the legal options uniformly: the baseline every other bot is measured
against, and the bot that proves a ruleset's text plays to its end.
"""

from __future__ import annotations

import random
from typing import Any

from dsl.runtime import Decision


class RandomBot:
    """Uniformly random legal answers, from its own seeded generator."""

    uses_observation = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, decision: Decision) -> Any:
        options = list(decision.options)
        if decision.max_choices > 1 or decision.kind == "choose_many":
            low = decision.min_choices
            high = min(decision.max_choices, len(options))
            count = self.rng.randint(low, high) if high >= low else low
            return self.rng.sample(options, count)
        if not options:
            raise ValueError(f"no option to choose for {decision.prompt!r}")
        return options[self.rng.randrange(len(options))]


BOTS = {"random": RandomBot}
