"""What the table companion shows a person choosing, worked out from the machines' public
surface (``pending``, ``apply``, ``clone``) and the text's procedure: the result if the roll
stops now, menus whose numbers stay put as options come and go, and the answers a GM gave on
the command line (``--raise``, ``--buy``) put to the questions they answer.

Nothing here decides for anyone: an answer comes from a person or from what they typed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dsl.dice.check_game import CheckDecision, raise_option
from dsl.procedure import DONE, PASS, ProcedureDecision

from .progression import NotAllowed

RAISE, BUY = "raise a die", "buy a die"  # the text's answers that spend stat points


def cost(roll: Any, raise_die: bool) -> int:
    """What raising a die (or buying dice) costs, as check "Roll" prices it."""
    return int(roll.ruleset.vocabulary.world.measures[RAISE if raise_die else BUY].price(roll)[0])


def _pips(roll: Any) -> int:
    return int(roll.ruleset.vocabulary.world.measures[RAISE].price(roll)[1])


__all__ = [
    "Choice",
    "Outcome",
    "Plan",
    "answer_from_plan",
    "menu",
    "outcome",
    "outcome_if_stopped",
]


@dataclass(frozen=True)
class Outcome:
    """Where a roll ends: its band, highest die, hits, the XP and points after it, the dice
    left after the cuts, and the skill it gained (name, level, builds_on, xp_spent) if any."""

    band: str
    highest: int
    hits: int
    xp: int
    points: int
    dice: tuple[int, ...]
    gained: dict[str, Any] | None = None


def outcome(roll: Any) -> Outcome:
    """The result of a roll that is over."""
    if roll.pending() is not None:
        raise ValueError("the roll is not over: it still asks a question")
    st = roll.state
    gained = next(
        ({k: e.data[k] for k in GAINED} for e in roll.events if e.kind == "skill_gained"), None
    )
    xp, points = st.numbers["xp"], st.numbers["stats"]
    return Outcome(
        str(st.band), int(st.score), int(st.counts["hits"]), xp, points, tuple(st.dice), gained
    )


GAINED = ("name", "level", "builds_on", "xp_spent")


def outcome_if_stopped(roll: Any) -> Outcome | None:
    """The roll's result if nothing more is spent and no skill is taken: a copy of the roll
    walked to its end answering "done" and "pass"; ``None`` when something else is asked
    first (a die the table has still to roll)."""
    game = roll.clone()
    while (decision := game.pending()) is not None:
        if DONE in decision.options:
            game.apply(DONE)
        elif PASS in decision.options:
            game.apply(PASS)
        else:
            return None
    return outcome(game)


@dataclass(frozen=True)
class Choice:
    """One line of a menu: its number (the same whichever options are offered now), the answer
    it gives, and whether it is offered now."""

    number: int
    answer: str
    offered: bool


_DIE = re.compile(r"^raise die (\d+) ")


def _die_of(option: str) -> int | None:
    """The die a "raise die N (a -> b)" answer raises."""
    m = _DIE.match(option)
    return int(m.group(1)) if m else None


def menu(game: Any, decision: Any) -> list[Choice]:
    """Every answer a question may have, numbered in a fixed order: an offer step's offers as
    the text lists them, then "done" or "pass"; the dice to raise by their place in the roll.
    An answer not possible now is listed, not offered, so the numbers never shift."""
    options = [str(o) for o in decision.options]
    if str(decision.kind) == CheckDecision.RAISE_WHICH_DIE:
        sides = int(game.ruleset.values["die sides"])
        return [
            Choice(at + 1, raise_option(at, face, min(sides, face + _pips(game))), face < sides)
            for at, face in enumerate(game.state.dice)
        ]
    if str(decision.kind) == ProcedureDecision.OFFER:
        for phase in game.procedure:
            for step in phase.steps:
                texts = [o.text for o in step.offers]
                ending = [] if step.required else [DONE if step.again else PASS]
                if step.form == "offer" and set(options) <= {*texts, *ending}:
                    every = [*texts, *ending]
                    return [Choice(n, a, a in options) for n, a in enumerate(every, start=1)]
    return [Choice(n, a, True) for n, a in enumerate(options, start=1)]


@dataclass
class Plan:
    """What a GM who knows what they want said on the command line: the dice to raise (by
    number, in order; a die raised twice is named twice) and how many dice to buy. Buying
    comes first, so a bought die can be raised."""

    raises: list[int] = field(default_factory=list)
    buys: int = 0
    said: bool = field(init=False)  # whether any spending was said (then "done" follows it)

    def __post_init__(self) -> None:
        self.said = bool(self.raises) or self.buys > 0

    @property
    def left(self) -> str | None:
        """What the plan said that the roll never came to ask, as its option."""
        if self.buys:
            return "--buy"
        return f"--raise {self.raises[0]}" if self.raises else None


def answer_from_plan(roll: Any, decision: Any, plan: Plan) -> str | None:
    """The answer ``plan`` gives to ``decision`` (taking it from the plan), or ``None`` when
    the plan does not say (a person is asked). What the rules do not allow raises
    ``NotAllowed``, naming the option."""
    if not plan.said:
        return None
    st = roll.state
    options = [str(o) for o in decision.options]
    if str(decision.kind) == CheckDecision.RAISE_WHICH_DIE:
        if not plan.raises:
            return None
        die = plan.raises.pop(0)
        found = next((o for o in options if _die_of(o) == die), None)
        if found is None:
            raise NotAllowed(f"--raise {die}: die {die} cannot be raised")
        return found
    if str(decision.kind) != ProcedureDecision.OFFER or not ({BUY, RAISE, DONE} & set(options)):
        return None
    if plan.buys:
        if BUY not in options:
            price = cost(roll, False)
            held = _points(st.numbers["stats"])
            raise NotAllowed(f"--buy: a die costs {_points(price)}, and {held} left")
        plan.buys -= 1
        return BUY
    if plan.raises:
        die = plan.raises[0]
        if not 1 <= die <= len(st.dice):
            raise NotAllowed(f"--raise {die}: the roll has dice 1 to {len(st.dice)}")
        if st.dice[die - 1] >= int(roll.ruleset.values["die sides"]):
            raise NotAllowed(f"--raise {die}: die {die} shows {st.dice[die - 1]}, the highest face")
        if RAISE not in options:
            raise NotAllowed(
                f"--raise {die}: raising a die costs {_points(cost(roll, True))}, and "
                f"{_points(st.numbers['stats'])} left"
            )
        return RAISE
    return DONE


def _points(count: int) -> str:
    return f"{count} point" + ("" if count == 1 else "s")
