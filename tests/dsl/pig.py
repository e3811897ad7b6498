"""Pig, the dice game, on the kernel's machine: the smallest game that needs every part of it.

Players take turns. On your turn you roll a d6 as often as you like: a 1 loses the points of the
turn and ends it; any other face adds to the turn's points, which you bank when you hold. A 2
may be rolled again once (a decision asked inside a piece that has already rolled: the machine
must replay it). The first to the goal wins. A player who holds with nothing at stake is
refused (``PieceRefused``): the hold is taken back and not offered until the table changes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from dsl.kernel import Event, Frame, GameRandom, Machine, Meter, PieceRefused
from dsl.kernel.dispatch import answer, piece, step
from dsl.runtime import Context, Decision


@dataclass
class PigState:
    players: list[str]
    goal: int
    rng: GameRandom
    scores: dict[str, Meter] = field(default_factory=dict)
    current: int = 0
    at_stake: int = 0
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False
    winner: str | None = None


class Pig(Machine):
    def __init__(self, ruleset: Any, state: PigState) -> None:
        super().__init__(state)
        self.ruleset = ruleset

    # hooks
    def snapshot(self, op: str) -> Any:
        st = self.state
        return copy.deepcopy({k: v for k, v in vars(st).items() if k not in ("events", "answers")})

    def from_snapshot(self, snap: Any) -> PigState:
        return PigState(**copy.deepcopy(snap), events=[], answers=[])

    def copy_state(self) -> PigState:
        st = copy.deepcopy(self.state)
        return st

    def encode_state(self) -> Any:
        st = self.state
        return {
            "players": st.players,
            "goal": st.goal,
            "rng": st.rng.getstate()[0],
            "scores": {p: m.value for p, m in st.scores.items()},
            "current": st.current,
            "at_stake": st.at_stake,
            "frames": [[f.kind, _plain(f.data)] for f in st.frames],
            "events": [[str(e.kind), e.data] for e in st.events],
            "answers": st.answers,
            "dice_script": st.dice_script,
            "table_dice": st.table_dice,
            "over": st.over,
            "winner": st.winner,
        }

    @classmethod
    def decode_state(cls, ruleset: Any, data: Any) -> PigState:
        rng = GameRandom(0)
        rng.setstate((data["rng"],))
        return PigState(
            players=data["players"],
            goal=data["goal"],
            rng=rng,
            scores={p: Meter(v, data["goal"]) for p, v in data["scores"].items()},
            current=data["current"],
            at_stake=data["at_stake"],
            frames=[Frame(k, _unplain(d)) for k, d in data["frames"]],
            events=[Event(k, d) for k, d in data["events"]],
            answers=data["answers"],
            dice_script=data["dice_script"],
            table_dice=data["table_dice"],
            over=data["over"],
            winner=data["winner"],
        )

    def piece_refused(self, data: dict[str, Any], reason: str) -> None:
        self.state.frames[-1].data["refused"] = True
        self.emit("hold_refused", reason=reason)

    def observation(self, who: str | None = None) -> dict[str, Any]:
        st = self.state
        return {"scores": {p: m.value for p, m in st.scores.items()}, "at_stake": st.at_stake}

    # the procedure
    @step("turn")
    def _step_turn(self, frame: Frame) -> Decision | None:
        st = self.state
        options = ["roll"] if frame.data.get("refused") else ["roll", "hold"]
        return Decision("choose_option", st.players[st.current], "Roll or hold?", tuple(options))

    @answer("turn")
    def _answer_turn(self, frame: Frame, answer: Any) -> None:
        frame.data.pop("refused", None)
        self.push_run(answer)

    @piece("roll")
    def op_roll(self, ctx: Context) -> None:
        st = self.state
        face = self.roll_dice(6, 1, "pig")[0]
        if (
            face == 2
            and ctx.decide("choose_option", ["keep", "again"], "Roll it again?") == "again"
        ):
            face = self.roll_dice(6, 1, "pig again")[0]
        if face == 1:
            self.emit("turn_lost", player=st.players[st.current], points=st.at_stake)
            st.at_stake = 0
            self._next_player()
        else:
            st.at_stake += face
            self.emit("points_at_stake", points=st.at_stake)

    @piece("hold")
    def op_hold(self, ctx: Context) -> None:
        st = self.state
        if st.at_stake == 0:
            raise PieceRefused("nothing is at stake")
        player = st.players[st.current]
        st.scores[player].add(st.at_stake)
        self.emit("points_banked", player=player, points=st.at_stake)
        st.at_stake = 0
        if st.scores[player].full:
            st.winner = player
            self.emit("game_won", player=player)
            st.frames.clear()
            return
        self._next_player()

    def _next_player(self) -> None:
        st = self.state
        st.current = (st.current + 1) % len(st.players)


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    if "snap" in out and out["snap"] is not None:
        snap = dict(out["snap"])
        snap["rng"] = snap["rng"].getstate()[0]
        snap["scores"] = {p: m.value for p, m in snap["scores"].items()}
        snap["frames"] = [[f.kind, _plain(f.data)] for f in snap["frames"]]
        out["snap"] = snap
    return out


def _unplain(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    if out.get("snap") is not None:
        snap = dict(out["snap"])
        rng = GameRandom(0)
        rng.setstate((snap["rng"],))
        snap["rng"] = rng
        snap["scores"] = {p: Meter(v, snap["goal"]) for p, v in snap["scores"].items()}
        snap["frames"] = [Frame(k, _unplain(d)) for k, d in snap["frames"]]
        out["snap"] = snap
    return out


def new_pig(
    seed: int = 0, goal: int = 20, dice: list[int] | None = None, table_dice: bool = False
) -> Pig:
    players = ["Ann", "Bo"]
    state = PigState(
        players=players,
        goal=goal,
        rng=GameRandom(seed),
        scores={p: Meter(0, goal) for p in players},
        frames=[Frame("turn", {})],
        dice_script=list(dice or []),
        table_dice=table_dice,
    )
    return Pig(None, state)
