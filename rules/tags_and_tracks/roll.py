"""The roll (the seed's "Summary: Rolling") as a kernel machine walking ``procedure "Roll"``.

The state is plain data. The dice come from the script (tests), the table (a person types
what the dice showed) or the seeded generator, like every chance point of the kernel. The
decisions: spend stat points (raise which die, buy a die, or stop) and take the skill offered.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from dsl.kernel import Event, Frame, GameRandom, Machine
from dsl.procedure import ProcedureWalker
from dsl.runtime import Context, Decision

from .contracts import DecisionKind, EventKind
from .primitives import value

DONE, BUY, TAKE, PASS = "done", "buy a die", "take the skill", "pass"


def raise_option(index: int, face: int) -> str:
    """The answer that raises die ``index`` (0-based) from ``face``: "raise die 2 (2 -> 3)"."""
    return f"raise die {index + 1} ({face} -> {face + 1})"


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
    highest: int | None = None
    band: str | None = None
    hits: int | None = None
    gained: dict[str, Any] | None = None  # the skill gained: level, builds on
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


PLAIN = [  # the state's fields that are plain data
    "character",
    "skill",
    "level",
    "advantages",
    "cuts",
    "stat",
    "points",
    "xp",
    "dice",
    "highest",
    "band",
    "hits",
    "gained",
    "dice_script",
    "table_dice",
    "over",
]


class Roll(ProcedureWalker, Machine):
    """A roll of a skill, walking the text's ``procedure "Roll"`` step by step."""

    def __init__(self, ruleset: Any, state: RollState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    # ---- the kernel's hooks: the state as plain data
    def snapshot(self, op: str) -> Any:
        return self._plain(self.state)

    def from_snapshot(self, snap: Any) -> RollState:
        return self._unplain(snap, [], [])

    def copy_state(self) -> RollState:
        return copy.deepcopy(self.state)

    def encode_state(self) -> Any:
        data = self._plain(self.state)
        data["events"] = [[str(e.kind), e.data] for e in self.state.events]
        data["answers"] = list(self.state.answers)
        return data

    @classmethod
    def decode_state(cls, ruleset: Any, data: Any) -> RollState:
        events = [Event(k, d) for k, d in data["events"]]
        return cls._unplain(data, events, list(data["answers"]))

    @staticmethod
    def _plain(st: RollState) -> dict[str, Any]:
        data = {name: copy.deepcopy(getattr(st, name)) for name in PLAIN}
        data["rng"] = st.rng.getstate()[0]
        data["frames"] = [[f.kind, copy.deepcopy(f.data)] for f in st.frames]
        return data

    @staticmethod
    def _unplain(data: dict[str, Any], events: list[Event], answers: list[Any]) -> RollState:
        rng = GameRandom(0)
        rng.setstate((data["rng"],))
        plain = {name: copy.deepcopy(data[name]) for name in PLAIN}
        frames = [Frame(k, copy.deepcopy(d)) for k, d in data["frames"]]
        return RollState(**plain, rng=rng, frames=frames, events=events, answers=answers)

    def observation(self, who: str | None = None) -> dict[str, Any]:
        st = self.state
        return {"dice": list(st.dice), "points": st.points, "xp": st.xp}

    def push_frame(self, kind: str) -> None:
        self.state.frames.append(Frame(kind, {}))

    # ---- the pieces the steps start
    def op_roll(self, ctx: Context) -> None:
        st = self.state
        count = st.level + st.advantages
        st.dice = self.roll_dice(value(self, "die sides"), count, f"{st.skill} {st.level}")

    def op_buy_die(self, ctx: Context) -> None:
        st = self.state
        st.points -= value(self, "extra die cost")
        face = self.roll_dice(value(self, "die sides"), 1, "an extra die")[0]
        st.dice.append(face)
        self.emit(EventKind.DIE_BOUGHT, face=face, points=st.points)

    # ---- Spend Stat Points: asked again until the player is done
    def spend_options(self) -> tuple[str, ...]:
        st = self.state
        sides = value(self, "die sides")
        options = []
        if st.points >= value(self, "raise die cost"):
            options += [raise_option(i, f) for i, f in enumerate(st.dice) if f < sides]
        if st.points >= value(self, "extra die cost"):
            options.append(BUY)
        return (*options, DONE)

    def _step_spend(self, frame: Frame) -> Decision | None:
        options = self.spend_options()
        if options == (DONE,):
            self.state.frames.pop()
            return None
        st = self.state
        return Decision(
            DecisionKind.SPEND_POINTS,
            st.character,
            f"Dice {st.dice}, {st.points} {st.stat or 'stat'} points: spend points?",
            options,
        )

    def _answer_spend(self, frame: Frame, answer: str) -> None:
        st = self.state
        if answer == DONE:
            self.state.frames.pop()
        elif answer == BUY:
            self.push_run("buy_die")
        else:
            index = int(answer.split()[2]) - 1
            before = st.dice[index]
            st.points -= value(self, "raise die cost")
            st.dice[index] = before + 1
            self.emit(
                EventKind.DIE_RAISED,
                die=index + 1,
                before=before,
                after=before + 1,
                points=st.points,
            )

    # ---- Gain Skills: take the skill offered, or pass
    def _step_skill(self, frame: Frame) -> Decision | None:
        from .primitives import skill_cost

        st = self.state
        cost = skill_cost(self)
        price = "free: every die is a 6" if cost == 0 else f"for {cost} XP of your {st.xp}"
        return Decision(
            DecisionKind.TAKE_SKILL,
            st.character,
            f"Gain a level {st.level + 1} skill building on {st.skill} ({price})?",
            (TAKE, PASS),
        )

    def _answer_skill(self, frame: Frame, answer: str) -> None:
        from .primitives import skill_cost

        st = self.state
        self.state.frames.pop()
        if answer == TAKE:
            cost = skill_cost(self)
            st.xp -= cost
            st.gained = {"level": st.level + 1, "builds_on": st.skill}
            self.emit(
                EventKind.SKILL_GAINED,
                level=st.level + 1,
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
) -> Roll:
    """A roll ready to walk ``procedure "Roll"``; ``dice`` scripts the faces (tests)."""
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
