"""A person choosing in a game of offers (a check played step by step, ``check_game``, or a
game of answers, ``dsl.world.answers``), worked out from the game's public surface
(``pending``, ``apply``, ``clone``) and its text: the game as it would end if nothing more were
spent, menus whose numbers stay put as options come and go, and what a GM said on the command
line (``--raise``, ``--buy``) put to the questions the check's ``spend`` clauses ask.

The answers are the text's: an answer that raises a die of the check and one that rolls more
dice in it (``check_game.SpendAnswer``), whatever the text calls them. Nothing here decides for
anyone: an answer comes from a person or from what they typed. Nothing here names a game."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dsl.dice.check_game import CheckDecision, SpendAnswer, raise_option
from dsl.errors import ChroniclerError
from dsl.procedure import DONE, PASS, ProcedureDecision

__all__ = [
    "Choice",
    "Plan",
    "PlanRefused",
    "answer_from_plan",
    "menu",
    "spending",
    "stopped",
]


class PlanRefused(ChroniclerError):
    """What the command line said cannot be done by the rules (the option named)."""


def stopped(game: Any) -> Any | None:
    """A copy of ``game`` walked to its end answering "done" and "pass" (nothing more spent,
    nothing more taken); ``None`` when something else is asked first (a die the table has still
    to roll)."""
    copy = game.clone()
    while (decision := copy.pending()) is not None:
        if DONE in decision.options:
            copy.apply(DONE)
        elif PASS in decision.options:
            copy.apply(PASS)
        else:
            return None
    return copy


@dataclass(frozen=True)
class Choice:
    """One line of a menu: its number (the same whichever options are offered now), the answer
    it gives, and whether it is offered now."""

    number: int
    answer: str
    offered: bool


def _spend(game: Any, words: str | None) -> SpendAnswer | None:
    found = game.ruleset.vocabulary.world.measures.get(str(words).casefold())
    return found if isinstance(found, SpendAnswer) else None


def spending(game: Any, answer: str) -> tuple[int, str] | None:
    """What ``answer`` costs now and the number it is paid from, when it is one of the
    check's ``spend`` answers that the check sells (``None`` otherwise)."""
    spend = _spend(game, answer)
    price = spend.price(game) if spend is not None else None
    return None if spend is None or price is None else (price[0], spend.number)


def menu(game: Any, decision: Any) -> list[Choice]:
    """Every answer a question may have, numbered in a fixed order: an offer step's offers as
    the text lists them, then "done" or "pass"; the dice to raise by their place in the roll.
    An answer not possible now is listed, not offered, so the numbers never shift."""
    options = [str(o) for o in decision.options]
    if str(decision.kind) == CheckDecision.RAISE_WHICH_DIE:
        spend = _spend(game, game.state.taken)  # the answer that asked which die
        pips = (spend.price(game) or (0, 0))[1] if spend is not None else 0
        sides = int(game.check.sides)
        return [
            Choice(at + 1, raise_option(at, face, min(sides, face + pips)), face < sides)
            for at, face in enumerate(game.state.dice)
        ]
    every = _offers_of(game, options, ending=True)
    if str(decision.kind) == ProcedureDecision.OFFER and every:
        return [Choice(n, a, a in options) for n, a in enumerate(every, start=1)]
    return [Choice(n, a, True) for n, a in enumerate(options, start=1)]


@dataclass
class Plan:
    """What a GM who knows what they want said on the command line: the dice to raise (by
    number, in order; a die raised twice is named twice) and how many times to buy dice.
    Buying comes first, so a bought die can be raised."""

    raises: list[int] = field(default_factory=list)
    buys: int = 0
    said: bool = field(init=False)  # whether any spending was said (then "done" follows it)

    def __post_init__(self) -> None:
        self.said = bool(self.raises) or self.buys > 0

    @property
    def left(self) -> str | None:
        """What the plan said that the game never came to ask, as its option."""
        if self.buys:
            return "--buy"
        return f"--raise {self.raises[0]}" if self.raises else None


_DIE = re.compile(r"^raise die (\d+) ")


def _die_of(option: str) -> int | None:
    """The die a "raise die N (a -> b)" answer raises."""
    m = _DIE.match(option)
    return int(m.group(1)) if m else None


def _short(what: str, cost: int, number: str, held: int) -> str:
    """What a spending costs against what its number holds, in the number's own name."""
    return f"{what} costs {cost}, and {number} holds {held}"


def _bought(count: int) -> str:
    return "a die" if count == 1 else f"{count} dice"


def answer_from_plan(game: Any, decision: Any, plan: Plan) -> str | None:
    """The answer ``plan`` gives to ``decision`` (taking it from the plan), or ``None`` when
    the plan does not say (a person is asked). What the rules do not allow raises
    ``PlanRefused``, naming the option."""
    if not plan.said:
        return None
    st = game.state
    options = [str(o) for o in decision.options]
    if str(decision.kind) == CheckDecision.RAISE_WHICH_DIE:
        if not plan.raises:
            return None
        die = plan.raises.pop(0)
        found = next((o for o in options if _die_of(o) == die), None)
        if found is None:
            raise PlanRefused(f"--raise {die}: die {die} cannot be raised")
        return found
    if str(decision.kind) != ProcedureDecision.OFFER:
        return None
    sold = {s.raise_die: s for t in _offers_of(game, options) if (s := _spend(game, t))}
    if not sold:  # not the check's spending
        return None
    offered = {raise_die for raise_die, s in sold.items() if s.words in options}
    if plan.buys:
        buy = sold.get(False)
        if buy is None:
            raise PlanRefused("--buy: the check sells no dice")
        if False not in offered:
            cost, more = buy.price(game) or (0, 0)
            held = st.numbers[buy.number]
            raise PlanRefused(f"--buy: {_short(_bought(more), cost, buy.number, held)}")
        plan.buys -= 1
        return buy.words
    if plan.raises:
        die = plan.raises[0]
        lift = sold.get(True)
        if lift is None:
            raise PlanRefused(f"--raise {die}: the check raises no die")
        if not 1 <= die <= len(st.dice):
            raise PlanRefused(f"--raise {die}: the roll has dice 1 to {len(st.dice)}")
        if st.dice[die - 1] >= int(game.check.sides):
            raise PlanRefused(
                f"--raise {die}: die {die} shows {st.dice[die - 1]}, the highest face"
            )
        if True not in offered:
            cost = (lift.price(game) or (0, 0))[0]
            held = st.numbers[lift.number]
            raise PlanRefused(f"--raise {die}: {_short('raising a die', cost, lift.number, held)}")
        return lift.words
    return DONE


def _offers_of(game: Any, options: list[str], ending: bool = False) -> list[str]:
    """The answers of the offer step asking ``options`` as the text lists them (``ending``: with
    its "done" or "pass"); none when no step of the game's procedure asks them."""
    for phase in game.procedure:
        for step in phase.steps:
            texts = [o.text for o in step.offers]
            last = [] if step.required else [DONE if step.again else PASS]
            if step.form == "offer" and set(options) <= {*texts, *last}:
                return [*texts, *last] if ending else texts
    return []
