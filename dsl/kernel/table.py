"""The generic pieces of a game's table, for rulesets to build their state on.

Plain mutable dataclasses (a machine snapshots the state around them): zones of cards, with who
may see them and whether their order is known; meters with a maximum; supplies of identical
pieces (tokens, cubes, dice of one kind) that are finite; dice that show a face; and a board,
a graph of named places (a grid is a special case); and step tracks with breaks. Each piece
changes only through its named methods, which refuse what the table cannot do (drawing from an
empty deck, taking from an exhausted supply) instead of going negative.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class TableError(ValueError):
    """What the table cannot do: a piece that is not there, a meter past its bounds."""


class Visibility(StrEnum):
    """Who sees the cards of a zone."""

    PUBLIC = "public"  # face up for everyone
    HIDDEN = "hidden"  # face down for everyone (a deck)
    OWNED = "owned"  # seen by its owner only (a hand)


@dataclass
class Zone:
    """An ordered collection of cards (by name): a deck, a hand, a discard pile, a line.

    ``ordered`` says whether the players know the order (a shuffled deck: no). An observation
    shows a zone as its cards when they are visible to the observer, else as its size."""

    name: str
    cards: list[str] = field(default_factory=list)
    visibility: Visibility = Visibility.PUBLIC
    owner: str | None = None
    ordered: bool = True

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def draw(self, count: int = 1) -> list[str]:
        """Take cards from the top; ``TableError`` when fewer are left."""
        if count > len(self.cards):
            raise TableError(f"{self.name} has {len(self.cards)} cards; {count} wanted")
        drawn, self.cards[:count] = self.cards[:count], []
        return drawn

    def put(self, card: str, *, bottom: bool = True) -> None:
        if bottom:
            self.cards.append(card)
        else:
            self.cards.insert(0, card)

    def remove(self, card: str) -> None:
        if card not in self.cards:
            raise TableError(f"{card} is not in {self.name}")
        self.cards.remove(card)

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.cards)
        self.ordered = self.visibility == Visibility.PUBLIC

    def seen_by(self, who: str | None) -> list[str] | int:
        """What ``who`` sees of the zone: its cards, or only how many there are."""
        visible = self.visibility == Visibility.PUBLIC or (
            self.visibility == Visibility.OWNED and who is not None and who == self.owner
        )
        return list(self.cards) if visible else len(self.cards)


@dataclass
class Meter:
    """A value between a floor and a maximum (a pool, a track, a counter with a cap).

    ``add`` and ``take`` clamp and return how much really changed; ``spend`` refuses what the
    meter cannot pay."""

    value: int = 0
    maximum: int | None = None
    minimum: int = 0

    def add(self, amount: int) -> int:
        before = self.value
        self.value += amount
        if self.maximum is not None:
            self.value = min(self.value, self.maximum)
        return self.value - before

    def take(self, amount: int) -> int:
        before = self.value
        self.value = max(self.minimum, self.value - amount)
        return before - self.value

    def spend(self, amount: int) -> None:
        if self.value - amount < self.minimum:
            raise TableError(f"cannot pay {amount}: {self.value} left")
        self.value -= amount

    @property
    def full(self) -> bool:
        return self.maximum is not None and self.value >= self.maximum

    @property
    def empty(self) -> bool:
        return self.value <= self.minimum


@dataclass
class Supply:
    """A finite stock of identical pieces by kind (tokens, cubes, dice of a colour).

    Pieces leave the supply when taken and come back when returned, so the number in play and
    in the supply always adds up to what the game has."""

    stock: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, counts: dict[str, int]) -> Supply:
        return cls(dict(counts), dict(counts))

    def left(self, kind: str) -> int:
        return self.stock.get(kind, 0)

    def in_play(self, kind: str) -> int:
        return self.total.get(kind, 0) - self.left(kind)

    def take(self, kind: str, count: int = 1) -> int:
        """Take up to ``count`` pieces; returns how many the supply had."""
        got = min(count, self.left(kind))
        self.stock[kind] = self.left(kind) - got
        return got

    def give_back(self, kind: str, count: int = 1) -> None:
        if self.in_play(kind) < count:
            raise TableError(f"only {self.in_play(kind)} {kind} are in play; {count} returned")
        self.stock[kind] = self.left(kind) + count


@dataclass
class Die:
    """A die of a kind (its colour or type) showing a face, from a supply of such dice."""

    kind: str
    face: int
    sides: int = 6

    def set(self, face: int) -> None:
        if not 1 <= face <= self.sides:
            raise TableError(f"a d{self.sides} has no face {face}")
        self.face = face


@dataclass
class Board:
    """Places joined by links: a graph. ``grid`` builds one from coordinates."""

    links: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, places: Iterable[str], pairs: Iterable[tuple[str, str]]) -> Board:
        board = cls({p: [] for p in places})
        for a, b in pairs:
            board.join(a, b)
        return board

    @classmethod
    def grid(cls, cells: dict[str, tuple[int, int]], *, diagonal: bool = False) -> Board:
        """Places at (x, y) cells, each joined to its orthogonal (and diagonal) neighbours."""
        at = {xy: name for name, xy in cells.items()}
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if diagonal:
            steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        board = cls({name: [] for name in cells})
        for name, (x, y) in cells.items():
            board.links[name] = [at[(x + dx, y + dy)] for dx, dy in steps if (x + dx, y + dy) in at]
        return board

    def join(self, a: str, b: str) -> None:
        for one, other in ((a, b), (b, a)):
            if one not in self.links:
                raise TableError(f"no place {one!r} on the board")
            if other not in self.links[one]:
                self.links[one].append(other)

    def adjacent(self, place: str) -> list[str]:
        return list(self.links.get(place, ()))

    def distances(self, sources: Sequence[str]) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every place that can reach one."""
        found = {s: 0 for s in sources if s in self.links}
        queue = deque(found)
        while queue:
            here = queue.popleft()
            for there in self.links[here]:
                if there not in found:
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

    def path(self, start: str, goal: str) -> list[str] | None:
        """A shortest path from ``start`` to ``goal`` (both included), or None."""
        back: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                steps = [goal]
                while (prev := back[steps[-1]]) is not None:
                    steps.append(prev)
                return steps[::-1]
            for there in self.links.get(here, ()):
                if there not in back:
                    back[there] = here
                    queue.append(there)
        return None


class StepMark(StrEnum):
    """A step of a ``StepTrack``: open, ticked (done) or burned (done, and hard to undo)."""

    OPEN = "○"
    TICKED = "∅"
    BURNED = "⦻"


BREAK = "|"


@dataclass
class StepTrack:
    """A track of steps filled in order, with breaks between steps (milestones reached on the
    way, each with its own text): ``∅○○○|○○`` is six steps, the first done, a break after four.

    ``tick`` completes the next open steps; ``untick`` erases the last ticks, never a burned
    step (burned progress is hard to undo); ``burn`` burns the first ticked steps, so the
    burned steps lie under the ticks that can still be erased. Each returns what really
    changed. ``breaks`` maps the number of steps before a break
    to its text ("" when it has none)."""

    steps: list[StepMark]
    breaks: dict[int, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str, break_texts: Sequence[str] = ()) -> StepTrack:
        """A track from its marks (``∅○○○|○○``); ``break_texts`` names the breaks in order."""
        steps: list[StepMark] = []
        breaks: dict[int, str] = {}
        marks = {m.value: m for m in StepMark}
        for at, char in enumerate(text.strip()):
            if char == BREAK:
                if not steps or len(steps) in breaks:
                    raise TableError(f"a break at {at + 1} of {text!r} is not between two steps")
                breaks[len(steps)] = ""
            elif char in marks:
                steps.append(marks[char])
            else:
                raise TableError(
                    f"{char!r} at {at + 1} of {text!r} is not a step (○ ∅ ⦻) or a break (|)"
                )
        if not steps:
            raise TableError(f"{text!r} has no steps")
        if len(steps) in breaks:
            raise TableError(f"{text!r} ends with a break: a break is between two steps")
        done = cls(steps, breaks).progress
        if any(s is not StepMark.OPEN for s in steps[done:]):
            raise TableError(f"{text!r}: steps are done in order, with no open step before one")
        if len(break_texts) > len(breaks):
            raise TableError(f"{len(break_texts)} break texts for {len(breaks)} breaks")
        for key, words in zip(sorted(breaks), break_texts, strict=False):
            breaks[key] = words
        return cls(steps, breaks)

    @property
    def progress(self) -> int:
        """The steps done (ticked or burned), counted from the start."""
        for at, step in enumerate(self.steps):
            if step is StepMark.OPEN:
                return at
        return len(self.steps)

    @property
    def done(self) -> bool:
        return self.progress == len(self.steps)

    def tick(self, count: int = 1) -> list[str]:
        """Complete the next ``count`` open steps (fewer when the track fills): the texts of
        the breaks reached."""
        before = self.progress
        after = min(len(self.steps), before + max(0, count))
        for at in range(before, after):
            self.steps[at] = StepMark.TICKED
        return [self.breaks[k] for k in sorted(self.breaks) if before < k <= after]

    def untick(self, count: int = 1) -> int:
        """Erase up to ``count`` ticks, never a burned step: how many. The steps done stay in
        order, the burned ones first (a track written ``∅⦻`` unticks to ``⦻○``)."""
        done = self.progress
        burned = sum(1 for step in self.steps[:done] if step is StepMark.BURNED)
        erased = min(max(0, count), done - burned)
        self._lay(burned, done - burned - erased, done)
        return erased

    def burn(self, count: int = 1) -> None:
        """Burn ``count`` ticked steps (the first ones, under the ticks); refused when fewer
        are ticked."""
        done = self.progress
        burned = sum(1 for step in self.steps[:done] if step is StepMark.BURNED)
        if count > done - burned:
            raise TableError(f"cannot burn {count} steps: {done - burned} ticked")
        self._lay(burned + count, done - burned - count, done)

    def _lay(self, burned: int, ticked: int, was_done: int) -> None:
        """The steps done laid out again: ``burned`` burned steps, then ``ticked`` ticks, then
        open steps up to where the progress was."""
        marks = [StepMark.BURNED] * burned + [StepMark.TICKED] * ticked
        self.steps[:was_done] = marks + [StepMark.OPEN] * (was_done - len(marks))

    def __str__(self) -> str:
        out = []
        for at, step in enumerate(self.steps):
            if at in self.breaks:
                out.append(BREAK)
            out.append(step.value)
        return "".join(out)
