"""The declarations of numbers paid and marked (``dsl.world.payments``, ``dsl.world.levels``):
read from the category form, kept in ``Declared.measures`` by name, and checked once every
value and category is declared. A ruleset reads them as ``measure(ruleset, name)``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from dsl import ast
from dsl.diagnostics import did_you_mean
from dsl.dice.check_game import SpendAnswer
from dsl.errors import ChroniclerError
from dsl.runtime import Span

from .answers import Answer, AnswerError, read_answer
from .levels import LevelError, LevelRefused, LevelTrack, read_levels
from .owed import MarkAnswer, NameAnswer, PayStep, UnpaidAnswer
from .payments import Payment, PaymentError, read_payment
from .rises import Recovery, Rise, RiseError, read_recovery, read_rise

Measure = (
    Payment
    | LevelTrack
    | Answer
    | Rise
    | Recovery
    | MarkAnswer
    | UnpaidAnswer
    | NameAnswer
    | SpendAnswer
)


class MeasureError(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def read_measure(name: str, atoms: list[ast.Atom], span: Span) -> Measure | None:
    """A payment, a track of levels or an answer, ``None`` when the declaration is none."""
    try:
        return (
            read_payment(name, atoms, span)
            or read_levels(name, atoms, span)
            or read_answer(name, atoms, span)
            or read_rise(name, atoms, span)
            or read_recovery(name, atoms, span)
        )
    except (PaymentError, LevelError, AnswerError, RiseError) as error:
        raise MeasureError(error.message, error.span) from None


def values_read(measures: Iterable[Measure]) -> set[str]:
    """The declared values the measures read (a value they read is no unread value)."""
    return {name for m in measures for name in m.values()}


def check(
    measures: Iterable[Measure],
    values: Iterable[str],
    categories: Iterable[str],
    report: Callable[[str, Span], None],
    numbers: Iterable[str] = (),
) -> None:
    """Each value a measure names is declared; its reservoir or owner is a category; the
    number an answer changes is a declared number (or, for an answer that clears what is owed,
    the things a payment pays); the track an answer marks is declared."""
    known = list(values)
    names = list(categories)
    folded = {n.casefold() for n in names}
    declared = list(numbers)
    measures = list(measures)
    levels = [m.name for m in measures if isinstance(m, LevelTrack)]
    owed = [p.things for p in measures if isinstance(p, Payment)]
    tracks = {m.name.casefold() for m in measures if isinstance(m, LevelTrack)}
    for m in measures:
        if isinstance(m, Rise):  # dsl/world/rises.py
            m.check(known, names, report)
            continue
        if isinstance(m, Recovery):
            m.check(levels, report)
            continue
        if isinstance(m, MarkAnswer) and m.levels.casefold() not in tracks:
            report(
                f"'{m.levels}' in the answer '{m.words}' is no track of levels declared "
                f"(declare '{m.levels} are levels 1 to 4 of players')",
                m.span,
            )
        if isinstance(m, NameAnswer):
            for value in sorted(m.values() - set(known)):
                report(f"'{value}' in the answer '{m.words}' is no declared value", m.span)
            continue
        if isinstance(m, (Answer, MarkAnswer, UnpaidAnswer, SpendAnswer)):
            for value in sorted(m.values()):
                if value not in known:
                    report(
                        f"'{value}' in the answer '{m.words}' is no declared value"
                        f"{did_you_mean(value, known)}",
                        m.span,
                    )
            # what a payment pays is a number of the game too, for the answers that clear it
            # what a check's spending is paid from may be a reservoir (a category) too
            known_numbers = {
                Answer: declared,
                SpendAnswer: [*declared, *names],
            }.get(type(m), [*declared, *owed])
            if m.number.casefold() not in {n.casefold() for n in known_numbers}:
                report(
                    f"'{m.number}' in the answer '{m.words}' is no number declared"
                    f"{did_you_mean(m.number, declared)} (declare '{m.number} is a number 0.. "
                    "of players')",
                    m.span,
                )
            continue
        for value in sorted(m.values()):
            if value not in known:
                report(
                    f"'{value}' in {_name(m)} is no declared value{did_you_mean(value, known)}",
                    m.span,
                )
        whose = m.reservoir if isinstance(m, Payment) else m.owner
        if whose.casefold() not in folded:
            report(
                f"'{whose}' in {_name(m)} is no category declared{did_you_mean(whose, names)}",
                m.span,
            )


def answers(declared: Any, offers: bool = True) -> dict[str, Any]:
    """The answers a ruleset's world declares, by their words, and (``offers``: played by a
    game of offers) the step ``pay the <things>`` of each payment (``dsl.world.owed``)."""
    found = list(declared.measures.values()) if declared is not None else []
    paying = [m for m in found if isinstance(m, Payment)] if offers else []
    pays = [PayStep(m.things, m.reservoir, m.span) for m in paying]
    said = [
        m
        for m in found
        if isinstance(m, (Answer, MarkAnswer, UnpaidAnswer, NameAnswer, SpendAnswer))
    ]
    return {m.words: m for m in [*said, *pays]}


def owed_answers(declared: Any) -> list[Any]:
    """The answers that only a game of offers or a check's game plays (not the world engine)."""
    found = declared.measures.values() if declared is not None else ()
    games = (MarkAnswer, UnpaidAnswer, NameAnswer, SpendAnswer)
    return [m for m in found if isinstance(m, games)]


def _name(m: Measure) -> str:
    return f"the payment of {m.name}" if isinstance(m, Payment) else f"the levels of {m.name}"


def measure(ruleset: Any, name: str) -> Any:
    """The payment, track of levels or answer the compiled ``ruleset`` declares as ``name``;
    one its text does not declare (a copy that left it out) is a ``ChroniclerError``."""
    world = ruleset.vocabulary.world
    found = world.measures.get(name.casefold()) if world is not None else None
    if found is None:
        raise ChroniclerError(
            f"the ruleset's text declares no '{name}' (a payment, levels or an answer), which "
            "its Python reads"
        )
    return found


def recovered(ruleset: Any, name: str, level: int, counted: Mapping[str, int]) -> bool:
    """Whether a roll counting ``counted`` recovers a mark of ``level``, as the compiled
    ``ruleset``'s recovery ``name`` says; a level its marks' track has not is refused
    (``LevelRefused``, ``outside``: ``mendings`` of a -5 scar when scars are 1 to 3)."""
    recovery = measure(ruleset, name)
    low, high = measure(ruleset, recovery.marks).bounds(ruleset.values)
    if not low <= level <= high:
        raise LevelRefused("outside", level, low, high)
    return bool(recovery.recovers(level, counted))
