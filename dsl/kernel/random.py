"""One seeded generator per game, whose whole state is one integer."""

from __future__ import annotations

import random
from typing import Any


class GameRandom(random.Random):
    """A ``random.Random`` whose whole state is one integer (SplitMix64).

    Small state makes the snapshots a suspended piece keeps, ``clone`` and JSON cheap; the
    methods games use (``random``, ``randrange``, ``shuffle``, ``sample``...) all work.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, seed: int | None = 0) -> None:
        self._state = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._state = hash(a) & self._MASK if not isinstance(a, int) else a & self._MASK
        self.gauss_next = None

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & self._MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next() >> (64 - k) if k else 0
        bits = 0
        for shift in range(0, k, 64):
            bits |= self._next() << shift
        return bits & ((1 << k) - 1)

    def getstate(self) -> Any:
        return (self._state,)

    def setstate(self, state: Any) -> None:
        self._state = int(state[0])
