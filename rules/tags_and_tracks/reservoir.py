"""Reservoirs (the seed's "Resevoir"): a fungible resource with a most you can hold, written
"name X/Y", X the value held now and Y the level, the most it holds. Stats are reservoirs of
points; a sheet holds others too ("arrows 4/6", written name first as the seed writes them).

Each operation gives a new reservoir back, or raises ``NotAllowed`` saying why and changes
nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .progression import NotAllowed

WRITTEN = re.compile(r"^(?P<name>[^\d,#/]*[^\d\s,#/])\s+(?P<value>\d+)\s*/\s*(?P<level>\d+)\s*$")


@dataclass(frozen=True)
class Reservoir:
    name: str
    value: int  # held now
    level: int  # the most it can hold

    def __post_init__(self) -> None:
        if not 0 <= self.value <= self.level:
            raise NotAllowed(
                f"{self.name} holds {self.value} of at most {self.level}: a reservoir holds "
                f"0 to its level"
            )

    def __str__(self) -> str:
        return f"{self.name} {self.value}/{self.level}"

    def spend(self, amount: int) -> Reservoir:
        """Take ``amount`` out: no more than it holds."""
        if amount < 1:
            raise NotAllowed(f"spend 1 or more from {self.name}, not {amount}")
        if amount > self.value:
            raise NotAllowed(f"{self.name} holds {self.value}: {amount} cannot be spent")
        return replace(self, value=self.value - amount)

    def refill(self, amount: int | None = None) -> Reservoir:
        """Put ``amount`` back (all of it when ``None``: full), never past its level."""
        if amount is not None and amount < 1:
            raise NotAllowed(f"refill {self.name} by 1 or more, not {amount}")
        held = self.level if amount is None else min(self.level, self.value + amount)
        return replace(self, value=held)

    def raise_level(self, by: int = 1, *, refill: bool = True) -> Reservoir:
        """Raise the most it holds by ``by``; the value rises with it unless ``refill`` is
        False (a stat raised in a conflict gains no points)."""
        if by < 1:
            raise NotAllowed(f"raise {self.name} by 1 or more, not {by}")
        return replace(self, level=self.level + by, value=self.value + (by if refill else 0))


def read_reservoir(text: str) -> Reservoir | None:
    """The reservoir written ``arrows 4/6``; ``None`` when the text is not one."""
    m = WRITTEN.match(text.strip())
    if m is None:
        return None
    value, level = int(m.group("value")), int(m.group("level"))
    if value > level:
        raise NotAllowed(
            f"{m.group('name')} holds {value} but its level is {level}: at most {level}"
        )
    return Reservoir(m.group("name").strip(), value, level)
