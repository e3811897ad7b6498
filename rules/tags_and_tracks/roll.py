"""The roll (the seed's "Summary: Rolling") as a kernel machine walking ``procedure "Roll"``.

The state is plain data. The dice come from the script (tests), the table (a person types
what the dice showed) or the seeded generator, like every chance point of the kernel. The
decisions are the text's: its offer steps (raise a die, buy a die, or done; take the skill, or
pass) and what those offers ask (which die; the new skill's name, as free text).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from dsl.kernel import Event, Frame, GameRandom, Machine
from dsl.kernel.dispatch import piece
from dsl.kernel.flat import FlatState
from dsl.kernel.text import text_question
from dsl.procedure import DONE, PASS, ProcedureStep, ProcedureWalker
from dsl.runtime import Context, Decision

from .contracts import DecisionKind, EventKind
from .primitives import amount, cost, value

# The offers of the roll's text (procedure.rules), as the player answers them.
RAISE, BUY, TAKE = "raise a die", "buy a die", "take the skill"
__all__ = ["BUY", "DONE", "PASS", "RAISE", "TAKE", "Roll", "RollState", "new_roll", "raise_option"]


def raise_option(index: int, face: int, after: int) -> str:
    """The answer that raises die ``index`` (0-based) from ``face`` to ``after``: "raise die 2
    (2 -> 3)"."""
    return f"raise die {index + 1} ({face} -> {after})"


@dataclass
class RollState:
    """One roll: who rolls which skill, with what, and where the dice stand."""

    character: str
    skill: str
    level: int
    advantages: int  # extra dice (easy, assist...)
    cuts: int  # disadvantages (hard, far, consequences...)
    stat: str | None
    points: int  # points held in the most relevant stat
    xp: int
    rng: GameRandom
    dice: list[int] = field(default_factory=list)
    rolled: list[int] = field(default_factory=list)  # the faces as they fell, bought dice too
    highest: int | None = None
    band: str | None = None
    hits: int | None = None
    gained: dict[str, Any] | None = None  # the skill gained: name, level, builds on
    skills: list[str] = field(default_factory=list)  # the sheet's: a new skill is none of them
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class Roll(FlatState, ProcedureWalker, Machine):
    """A roll of a skill, walking the text's ``procedure "Roll"`` step by step. Its state hooks
    (snapshot, JSON) are the kernel's, generated from ``RollState``."""

    state_type = RollState

    def __init__(self, ruleset: Any, state: RollState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    def observation(self, who: str | None = None) -> dict[str, Any]:
        st = self.state
        return {"dice": list(st.dice), "points": st.points, "xp": st.xp}

    # ---- who answers the offer steps (their wording is the primitives' ``WORDS.prompt``)
    def offer_who(self, step: ProcedureStep) -> str | None:
        return self.state.character or None

    # ---- the pieces the steps start
    @piece("roll")
    def op_roll(self, ctx: Context) -> None:
        st = self.state
        check = self.ruleset.checks["Roll"]  # the text's roll: how many dice, of what sides
        setting = check.setting(level=st.level, advantages=st.advantages, cuts=st.cuts)
        st.dice = self.roll_dice(check.sides, setting.dice, f"{st.skill} {st.level}")
        st.rolled = list(st.dice)

    @piece("raise_die")
    def op_raise_die(self, ctx: Context) -> Generator[Decision, Any, None]:
        """1 point raises a die you rolled by 1: which die is asked. A piece written as a
        generator (the kernel's contract: docs/engine.md): the question is yielded, and the
        piece goes on with the answer."""
        st = self.state
        sides = value(self, "die sides")
        pips = amount(self, True)  # as check "Roll" says: "raise a die by 1"
        options = [
            raise_option(i, f, min(sides, f + pips)) for i, f in enumerate(st.dice) if f < sides
        ]
        answer = yield ctx.question(
            DecisionKind.RAISE_WHICH_DIE,
            options,
            f"Dice {' '.join(str(f) for f in st.dice)}: raise which die?",
            st.character,
        )
        index = int(str(answer).split()[2]) - 1
        before = st.dice[index]
        st.points -= cost(self, True)
        st.dice[index] = after = min(sides, before + pips)
        self.emit(EventKind.DIE_RAISED, die=index + 1, before=before, after=after, points=st.points)

    @piece("buy_die")
    def op_buy_die(self, ctx: Context) -> None:
        st = self.state
        st.points -= cost(self, False)
        for face in self.roll_dice(value(self, "die sides"), amount(self, False), "an extra die"):
            st.dice.append(face)
            st.rolled.append(face)
            self.emit(EventKind.DIE_BOUGHT, face=face, points=st.points)

    @piece("take_skill")
    def op_take_skill(self, ctx: Context) -> Generator[Decision, Any, None]:
        """The skill one level higher: the player names it, then its XP is paid."""
        from .primitives import skill_cost

        st = self.state
        level = st.level + 1
        name = yield text_question(
            ctx,
            f"Name the level {level} skill building on {st.skill}",
            st.character or None,
            max_length=value(self, "skill name length"),
            taken=st.skills,
        )
        cost = skill_cost(self)
        st.xp -= cost
        st.gained = {"name": name, "level": level, "builds_on": st.skill}
        self.emit(
            EventKind.SKILL_GAINED,
            name=name,
            level=level,
            builds_on=st.skill,
            xp_spent=cost,
            free=cost == 0,
        )


def new_roll(
    ruleset: Any,
    *,
    character: str = "",
    skill: str = "do anything",
    level: int = 1,
    advantages: int = 0,
    cuts: int = 0,
    stat: str | None = None,
    points: int = 0,
    xp: int = 0,
    seed: int = 0,
    dice: list[int] | None = None,
    table_dice: bool = False,
    skills: list[str] | tuple[str, ...] = (),
) -> Roll:
    """A roll ready to walk ``procedure "Roll"``; ``dice`` scripts the faces (tests);
    ``skills`` are the sheet's, which a skill gained may not be named like."""
    state = RollState(
        character=character,
        skill=skill,
        level=level,
        advantages=advantages,
        cuts=cuts,
        stat=stat,
        points=points,
        xp=xp,
        rng=GameRandom(seed),
        dice_script=list(dice or []),
        table_dice=table_dice,
        skills=list(skills),
    )
    game = Roll(ruleset, state)
    game.start_phase("Roll")
    game.emit(
        EventKind.ROLL_STARTED,
        character=character,
        skill=skill,
        level=level,
        dice=level + advantages,
        cuts=cuts,
        stat=stat,
        points=points,
    )
    return game
