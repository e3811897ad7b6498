"""Things owed, cleared in a game of offers: paid from a reservoir by a step, marked on a track of
levels under a name the player writes, or left unpaid.

A ruleset that declares a payment (``dsl.world.payments``) and a track of levels
(``dsl.world.levels``) clears what is owed with them, all as text::

    wounds are paid from armour, 2 points each
    scars are levels 1 to 3 of heroes, a level held promoted to the next free one
    take a scar is an answer that marks scars for wounds, named in 30 characters
    give ground is an answer that leaves wounds unpaid

    procedure "Struck" {
      Soak: do pay the wounds
      Unsoaked: offer take a scar, or give ground, one must be taken
    }

``pay the <things>`` is a step: the payment named ``<things>`` pays the game's number of that
name (what is owed: the payment declares it) out of its number named as the reservoir
(``armour``), told as a ``paid`` event.
``<words> is an answer that marks <levels> for <number>[, named in <length> characters]`` asks
the player a name (free text, checked as every name: ``dsl.kernel.text``), then marks the track
at the level the number holds (promoted past the levels held, as the track says) and clears the
number to 0; it is offered only while the number is above 0 and the track has a level for it.
``<words> is an answer that leaves <number> unpaid`` is offered while the number is above 0 and
changes nothing: the answer itself is what is told (``left_unpaid``).

``<words> is an answer that asks a name[, in <length> characters]`` asks the one answering a
name (the ruleset's prompt for those words asks it, when it has one) and keeps it in the game's
``names`` under the answer's words, for the steps that follow to read; none of the game's
``taken_names`` (when it has some) may be given.

These run in ``OfferGame`` (``dsl.world.answers``), whose state holds the numbers, the levels
each track holds (``marks``), the mark taken (``marked``) and the names given (``names``); an
answer that asks a name runs in a check's game too (``dsl.dice.check_game``). The world engine
has no marks held by a player yet: the checker refuses these answers in a ruleset it plays.
Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from dsl import ast
from dsl.kernel.dispatch import piece
from dsl.kernel.text import text_question
from dsl.runtime import Context, Decision, Span

from .levels import LevelRefused
from .payments import amount_of, values_named

__all__ = [
    "MARK_PIECE",
    "MarkAnswer",
    "MarkPieces",
    "NameAnswer",
    "OwedEvent",
    "PayStep",
    "UnpaidAnswer",
    "read_owed_answer",
]

EXAMPLE = (
    "'take a scar is an answer that marks scars for wounds, named in 30 characters', "
    "'give ground is an answer that leaves wounds unpaid' or 'name the horse is an answer that "
    "asks a name, in 20 characters'"
)
MARK_PIECE = "mark_named_level"
NAME_PIECE = "ask_a_name"
DEFAULT_LENGTH = 40  # a name's most characters when the answer does not say


class OwedEvent(StrEnum):
    """What clearing tells: points paid, a level marked under a name, a debt left unpaid."""

    PAID = "paid"  # who, things, paid, spent, held, owed
    LEVEL_MARKED = "level_marked"  # who, levels, name, level, wanted, promoted, last
    LEFT_UNPAID = "left_unpaid"  # who, number, owed, answer


class OwedError(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


@dataclass(frozen=True, slots=True)
class MarkAnswer:
    """``<words> is an answer that marks <levels> for <number>[, named in <n> characters]``."""

    words: str
    levels: str  # a declared track of levels
    number: str  # a declared number: the level wanted, cleared to 0
    length: str | None  # a figure or a declared value: the name's most characters
    span: Span

    @property
    def name(self) -> str:
        return self.words

    def values(self) -> set[str]:
        return values_named(self.length)

    def level(self, game: Any) -> int | None:
        """The level the mark would be taken at now, ``None`` when none can be."""
        st = game.state
        wanted = st.numbers.get(self.number, 0)
        if wanted < 1:
            return None
        try:
            level: int = _declared(game, self.levels).mark(
                wanted, st.marks.get(self.levels, []), game.ruleset.values
            )
        except LevelRefused:
            return None
        return level

    def step(self) -> Callable[[Any], None]:
        def take(game: Any) -> None:
            game.state.taken = self.words
            game.push_run(MARK_PIECE, answer=self.words)

        take.only_if = lambda game: self.level(game) is not None  # type: ignore[attr-defined]
        return take


@dataclass(frozen=True, slots=True)
class UnpaidAnswer:
    """``<words> is an answer that leaves <number> unpaid``."""

    words: str
    number: str
    span: Span

    @property
    def name(self) -> str:
        return self.words

    def values(self) -> set[str]:
        return set()

    def step(self) -> Callable[[Any], None]:
        def take(game: Any) -> None:
            st = game.state
            st.taken = self.words
            game.emit(
                OwedEvent.LEFT_UNPAID,
                who=st.who,
                number=self.number,
                owed=st.numbers.get(self.number, 0),
                answer=self.words,
            )

        def owed(game: Any) -> bool:
            return bool(game.state.numbers.get(self.number, 0) > 0)

        take.only_if = owed  # type: ignore[attr-defined]
        return take


@dataclass(frozen=True, slots=True)
class NameAnswer:
    """``<words> is an answer that asks a name[, in <length> characters]``: the name is kept
    in the game's ``names`` under the answer's words, for what follows to read."""

    words: str
    length: str | None  # a figure or a declared value: the name's most characters
    span: Span

    @property
    def name(self) -> str:
        return self.words

    def values(self) -> set[str]:
        return values_named(self.length)

    def step(self, prompt: Callable[[Any], str] | None = None) -> Callable[[Any], None]:
        """The answer's step; ``prompt(game)`` words the question (the ruleset's prompt for the
        answer's words), else "Name it"."""

        def take(game: Any) -> None:
            game.state.taken = self.words
            asked = prompt(game) if prompt is not None else f"{self.words}: name it"
            game.push_run(NAME_PIECE, answer=self.words, prompt=asked)

        return take


@dataclass(frozen=True, slots=True)
class PayStep:
    """The step ``pay the <things>``: a declared payment run on the game's numbers."""

    things: str
    reservoir: str
    span: Span

    @property
    def words(self) -> str:
        return f"pay the {self.things}"

    @property
    def name(self) -> str:
        return self.words

    def values(self) -> set[str]:
        return set()

    def step(self) -> Callable[[Any], None]:
        def pay(game: Any) -> None:
            st = game.state
            owed = st.numbers.get(self.things, 0)
            held = st.numbers.get(self.reservoir, 0)
            paid = _declared(game, self.things).pay(held, owed, game.ruleset.values)
            st.numbers[self.things], st.numbers[self.reservoir] = paid.owed, paid.held
            if paid.paid:
                game.emit(
                    OwedEvent.PAID,
                    who=st.who,
                    things=self.things,
                    paid=paid.paid,
                    spent=paid.spent,
                    held=paid.held,
                    owed=paid.owed,
                )

        return pay


def read_owed_answer(
    name: str, atoms: list[ast.Atom], span: Span
) -> MarkAnswer | UnpaidAnswer | NameAnswer:
    """``marks ... for ...``, ``leaves ... unpaid`` or ``asks a name`` after ``an answer
    that``. Raises ``OwedError``."""
    clauses = ast.clauses(atoms[3:])
    words = [a.folded for a in clauses[0]]
    if words == ["asks", "a", "name"]:
        size: str | None = None
        for clause in clauses[1:]:
            said = [a.folded for a in clause]
            if said[:1] == ["in"] and said[-1:] == ["characters"] and len(said) > 2 and not size:
                size = " ".join(said[1:-1])
                continue
            raise OwedError(
                f"cannot read '{' '.join(a.text for a in clause)}' in the answer '{name}': "
                "write 'in 40 characters'",
                clause[0].span,
            )
        return NameAnswer(name, size, span)
    if (
        words[:1] == ["leaves"]
        and words[-1:] == ["unpaid"]
        and len(words) >= 3
        and len(clauses) == 1
    ):
        return UnpaidAnswer(name, " ".join(a.text for a in clauses[0][1:-1]), span)
    if words[:1] == ["marks"] and "for" in words[2:-1]:
        at = words.index("for", 2)
        levels = " ".join(a.text for a in clauses[0][1:at])
        number = " ".join(a.text for a in clauses[0][at + 1 :])
        length: str | None = None
        for clause in clauses[1:]:
            said = [a.folded for a in clause]
            if said[:2] == ["named", "in"] and said[-1:] == ["characters"] and len(said) > 3:
                length = " ".join(said[2:-1])
                continue
            raise OwedError(
                f"cannot read '{' '.join(a.text for a in clause)}' in the answer '{name}': "
                "write 'named in 40 characters'",
                clause[0].span,
            )
        return MarkAnswer(name, levels, number, length, span)
    raise OwedError(f"write what '{name}' does as {EXAMPLE}", span)


class MarkPieces:
    """The piece of an offer's game that asks the mark's name, then marks it
    (``Part(MarkPieces)``)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    @piece(MARK_PIECE)
    def mark(self, ctx: Context, answer: str) -> Generator[Decision, Any, None]:
        game = self.game
        st = game.state
        found = _declared(game, answer)
        wanted = st.numbers.get(found.number, 0)
        level = found.level(game)
        if level is None:  # the answer was offered: the state cannot have changed since
            raise ValueError(f"'{answer}' cannot mark {found.levels} now")
        track = _declared(game, found.levels)
        last = track.bounds(game.ruleset.values)[1]
        most = DEFAULT_LENGTH if found.length is None else amount_of(found.length, _values(game))
        about = f" ({st.about})" if st.about else ""
        name = yield text_question(
            ctx,
            f"Name the level {level} mark of {found.levels}{about}",
            st.who or None,
            max_length=most,
        )
        st.marks.setdefault(found.levels, []).append(level)
        st.numbers[found.number] = 0
        st.marked = {"levels": found.levels, "name": name, "level": level, "wanted": wanted}
        game.emit(
            OwedEvent.LEVEL_MARKED,
            who=st.who,
            levels=found.levels,
            name=name,
            level=level,
            wanted=wanted,
            promoted=level != wanted,
            last=level >= last,
        )

    @piece(NAME_PIECE)
    def ask_a_name(self, ctx: Context, answer: str, prompt: str) -> Generator[Decision, Any, None]:
        game = self.game
        st = game.state
        found = _declared(game, answer)
        most = DEFAULT_LENGTH if found.length is None else amount_of(found.length, _values(game))
        taken = list(getattr(st, "taken_names", []))
        name = yield text_question(ctx, prompt, st.who or None, max_length=most, taken=taken)
        st.names[answer] = name


def _declared(game: Any, name: str) -> Any:
    """The payment, track of levels or answer the game's ruleset declares as ``name`` (the
    checker has made sure each one named here is declared)."""
    return game.ruleset.vocabulary.world.measures[name.casefold()]


def _values(game: Any) -> Mapping[str, Any]:
    values: Mapping[str, Any] = game.ruleset.values
    return values
