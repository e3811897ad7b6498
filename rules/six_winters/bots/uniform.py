"""The random bot: uniform over the legal options. Its own module so that it runs compiled
(``[tool.chronicler.compiled]``): it answers some two hundred decisions a session."""

from __future__ import annotations

import random
from typing import Any

from dsl.runtime import Decision


class RandomBot:
    """Uniform over the legal options (a uniform subset size for multiple choices)."""

    name = "random"
    uses_observation = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose(self, observation: dict[str, Any] | None, decision: Decision) -> Any:
        options = decision.options
        if decision.kind == "choose_many" or decision.max_choices > 1:
            high = min(decision.max_choices, len(options))
            count = self.rng.randint(decision.min_choices, high)
            return self.rng.sample(list(options), count)
        return options[self._below(len(options))]

    def _below(self, n: int) -> int:
        """``rng.randrange(n)`` as the standard library draws it (``Random._randbelow``: the
        fewest bits that hold ``n``, drawn again while too big), the same numbers without its
        argument checks: the random bot answers some two hundred decisions a session."""
        if n <= 0:
            raise ValueError(f"empty range for randrange() (0, {n}, {n})")
        bits = self._bits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r
