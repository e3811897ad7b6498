"""Answers that are sentences on declared numbers: an offer step's option that gains, pays or
loses an amount of a number, with no Python behind it.

A ruleset declares each answer in the category form, beside the number it changes::

    xp is a number 0.. of players
    accept the complication is an answer that gains intrusion xp xp
    refuse the complication is an answer that pays refuse intrusion cost xp

``<offer words> is an answer that gains|pays|loses <amount> <number>``: the amount is a figure
or a declared value, the number (its last word) a declared number. An offer step naming those
words (``offer accept the complication, or refuse the complication, one must be taken``) runs
the answer when it is taken: ``gains`` adds the amount (stopping at the number's top), ``loses``
takes it away (stopping at its floor), ``pays`` takes it away and is offered only while the
number holds the amount (a cost that cannot be paid is not offered, as the world engine's).

On the world engine an answer changes the acting player's number (the thing the phase is
played for, else the player whose turn it is, else the first in turn order), as ``Gain 2
gold.`` would, its thresholds running. ``OfferGame`` is a game of one such offer for a
ruleset with an engine of its own: the numbers of the one answering (``numbers``), what the
offer is about (``about``, the table's words) and the answer taken; each change is told as a
``number_changed`` event.
``with_answers(words, answers)`` puts the answers before a ruleset's own procedure words. Other
kinds of answer read here are played elsewhere: those that mark a level, leave a debt unpaid or
ask a name (``dsl.world.owed``), those that buy what a check sells (``dsl.dice.check_game``).
Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.kernel import Event, Frame, GameRandom, Machine
from dsl.kernel.dispatch import Part
from dsl.kernel.flat import FlatState
from dsl.procedure import ProcedureStep, ProcedureWalker
from dsl.runtime import Span

from .owed import (
    MarkAnswer,
    MarkPieces,
    NameAnswer,
    OwedError,
    PayStep,
    UnpaidAnswer,
    read_owed_answer,
)
from .payments import amount_of

if TYPE_CHECKING:
    from dsl.dice.check_game import SpendAnswer

__all__ = [
    "Answer",
    "AnswerError",
    "CannotPay",
    "OfferGame",
    "OfferState",
    "new_offer",
    "read_answer",
    "with_answers",
]

EXAMPLE = "'refuse the deal is an answer that pays 2 gold'"
VERBS: dict[str, Literal["gain", "pay", "lose"]] = {
    "gains": "gain",
    "pays": "pay",
    "loses": "lose",
}


class AnswerError(PlacedError):
    """An answer that cannot be read: the message says what to write."""


class CannotPay(Exception):
    """An answer that pays more of a number than is held."""

    def __init__(self, number: str, price: int, held: int) -> None:
        super().__init__(f"it costs {price} {number} and {held} is held")
        self.number, self.price, self.held = number, price, held


@dataclass(frozen=True, slots=True)
class Answer:
    """``<words> is an answer that gains|pays|loses <amount> <number>``."""

    words: str
    verb: Literal["gain", "pay", "lose"]
    amount: str  # a figure or a declared value's name
    number: str  # a declared number
    span: Span

    @property
    def name(self) -> str:
        return self.words

    def values(self) -> set[str]:
        """The declared values the declaration reads."""
        return set() if self.amount.isdigit() else {self.amount}

    def can(self, numbers: Mapping[str, int], values: Mapping[str, Any]) -> bool:
        """Whether the answer may be taken: one that pays needs the amount held."""
        return self.verb != "pay" or numbers.get(self.number, 0) >= amount_of(self.amount, values)

    def run(self, numbers: dict[str, int], values: Mapping[str, Any], top: int | None) -> int:
        """Change ``numbers`` as the answer says (never past the floor 0 or ``top``); the
        change made. Raises ``CannotPay``."""
        amount = amount_of(self.amount, values)
        held = numbers.get(self.number, 0)
        if not self.can(numbers, values):
            raise CannotPay(self.number, amount, held)
        now = held + amount if self.verb == "gain" else max(0, held - amount)
        if top is not None:
            now = min(now, top)
        numbers[self.number] = now
        return now - held


def read_answer(name: str, atoms: list[ast.Atom], span: Span) -> Answer | None:
    """The answer a category declaration writes, ``None`` when it is none (its shape does not
    start ``an answer that``). Raises ``AnswerError``."""
    words = [a.folded for a in atoms]
    if words[:3] != ["an", "answer", "that"]:
        return None
    if words[3:4] in (["raises"], ["rolls"]):  # a check's spending (``dsl.dice.check_game``)
        from dsl.dice.check_game import read_spend_answer

        try:
            return read_spend_answer(name, atoms, span)  # type: ignore[return-value]
        except ValueError as error:
            raise AnswerError(str(error), span) from None
    if words[3:4] in (["marks"], ["leaves"], ["asks"]):  # clearing what is owed, a name
        try:
            return read_owed_answer(name, atoms, span)  # type: ignore[return-value]
        except OwedError as error:
            raise AnswerError(error.message, error.span) from None
    if any(a.kind == "comma" for a in atoms) or len(words) < 6 or words[3] not in VERBS:
        raise AnswerError(
            f"write what '{name}' does as 'an answer that gains|pays|loses <amount> <number>': "
            f"{EXAMPLE}",
            span,
        )
    return Answer(name, VERBS[words[3]], " ".join(words[4:-1]), atoms[-1].text, span)


# what the text gives a step's words (a check's spending: ``dsl.dice.check_game``)
Spoken: TypeAlias = "Answer | MarkAnswer | UnpaidAnswer | NameAnswer | PayStep | SpendAnswer"


class AnswerWords:
    """A ruleset's procedure words with its declared answers before them: the step of an
    answer's words runs it on the game's numbers, offered only while it can be taken."""

    def __init__(self, base: Any, answers: Mapping[str, Spoken]) -> None:
        self.base = base
        self.answers = {" ".join(k.casefold().split()): a for k, a in answers.items()}

    def find(self, use: str, words: str) -> Callable[..., Any] | None:
        answer = self.answers.get(" ".join(words.casefold().split()))
        if use == "step" and answer is not None:
            if isinstance(answer, NameAnswer):  # its question worded by the ruleset's prompt
                found = self.base.find("prompt", answer.words) if self.base is not None else None
                return answer.step(found)
            return _step(answer)
        return self.base.find(use, words) if self.base is not None else None

    def known(self, use: str) -> list[str]:
        own = [a.words for a in self.answers.values()] if use == "step" else []
        return [*own, *(self.base.known(use) if self.base is not None else [])]


def with_answers(words: Any, answers: Mapping[str, Spoken]) -> Any:
    """``words`` with the declared ``answers`` put first (``words`` itself when none is)."""
    return AnswerWords(words, answers) if answers else words


def _step(answer: Spoken) -> Callable[[Any], None]:
    if not isinstance(answer, Answer):  # a debt cleared (``dsl.world.owed``)
        return answer.step()

    def take(game: Any) -> None:
        values = game.ruleset.values
        ops = getattr(game, "ops", None)
        if ops is not None:  # the world engine: the acting player's number, thresholds and all
            who = _acting(game)
            held = ops.value(who, answer.number)
            if not answer.can({answer.number: held}, values):
                raise CannotPay(answer.number, amount_of(answer.amount, values), held)
            amount = amount_of(answer.amount, values)
            ops.change(who, answer.number, amount if answer.verb == "gain" else -amount)
            return
        st = game.state
        decl = game.ruleset.vocabulary.world.properties.get(answer.number.casefold())
        top = decl.high if decl is not None else None
        change = answer.run(st.numbers, values, top)
        st.taken = answer.words
        game.emit(
            OfferEvent.NUMBER_CHANGED,
            who=st.who,
            number=answer.number,
            change=change,
            now=st.numbers[answer.number],
            answer=answer.words,
        )

    def offered(game: Any) -> bool:
        ops = getattr(game, "ops", None)
        if ops is not None:
            held = ops.value(_acting(game), answer.number)
            return answer.can({answer.number: held}, game.ruleset.values)
        return answer.can(game.state.numbers, game.ruleset.values)

    take.only_if = offered  # type: ignore[attr-defined]  # the offer's condition, as declared
    return take


def _acting(game: Any) -> str:
    """Who acts in a world engine's step: the thing its phase is played for, else the player
    whose turn it is, else (before any turn) the first player in turn order."""
    st = game.state
    return str(game.subject() or st.current or (st.order or st.players)[0])


@dataclass
class OfferState:
    """One offer put to ``who``, holding ``numbers``; ``about``: the table's words for it."""

    who: str
    numbers: dict[str, int]
    about: str
    rng: GameRandom
    taken: str | None = None  # the answer taken
    marks: dict[str, list[int]] = field(default_factory=dict)  # levels held, by track
    marked: dict[str, Any] | None = None  # the mark taken: levels, name, level, wanted
    names: dict[str, str] = field(default_factory=dict)  # by the answer that asked each
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class OfferEvent(StrEnum):
    """What an offer's machine tells: the number an answer changed."""

    NUMBER_CHANGED = "number_changed"


class OfferGame(FlatState, ProcedureWalker, Machine):
    """A phase of offer steps whose answers are declared sentences, put to ``state.who``."""

    state_type = OfferState
    marking = Part(MarkPieces)  # a mark's name asked, then the mark taken (``dsl.world.owed``)

    def __init__(self, ruleset: Any, state: OfferState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    def offer_who(self, step: ProcedureStep) -> str | None:
        return self.state.who or None


def new_offer(
    ruleset: Any,
    phase: str,
    *,
    who: str = "",
    numbers: Mapping[str, int],
    about: str = "",
    marks: Mapping[str, list[int]] | None = None,
) -> OfferGame:
    """The ``phase`` of ``ruleset`` put to ``who`` holding ``numbers`` (and the levels each
    track of ``marks`` holds), ready for the answer."""
    held = {k: list(v) for k, v in (marks or {}).items()}
    state = OfferState(who=who, numbers=dict(numbers), about=about, rng=GameRandom(0), marks=held)
    game = OfferGame(ruleset, state)
    game.start_phase(phase)
    return game
