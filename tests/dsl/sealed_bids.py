"""Sealed Bids, a small auction on the kernel: the smallest game with players who must not see
each other's choices.

Each round a prize (1 to 6 points) is turned face up from a shuffled deck and every player bids
coins for it at once, face down. The bids are then shown: the one highest bid takes the prize
and pays its bid (a tie at the top, or no bid above 0, and the prize is lost). After the last
round the most points win. A player sees the coins and points of all, their own bid, and of
another's bid only that it is made (``face down``) until the bids are shown.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from dsl.kernel import Event, Frame, GameRandom, Machine, choose_sealed, reveal, seen
from dsl.kernel.dispatch import piece, step
from dsl.kernel.flat import FlatState
from dsl.runtime import Context, Decision


@dataclass
class AuctionState:
    players: list[str]
    rounds: int
    rng: GameRandom
    coins: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    prizes: list[int] = field(default_factory=list)  # the deck, face down
    prize: int | None = None  # the prize of the round, face up
    bids: dict[str, Any] = field(default_factory=dict)  # this round's, sealed
    round: int = 0
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class Auction(FlatState, Machine):
    state_type = AuctionState

    def __init__(self, ruleset: Any, state: AuctionState) -> None:
        super().__init__(state)
        self.ruleset = ruleset

    def observation(self, who: str | None = None) -> dict[str, Any]:
        st = self.state
        return {
            "player": who,
            "round": st.round,
            "prize": st.prize,
            "prizes left": len(st.prizes),
            "coins": dict(st.coins),
            "points": dict(st.points),
            "bids": seen(who, st.bids),
        }

    def returns(self) -> dict[str, float]:
        return {p: float(v) for p, v in self.state.points.items()}

    # the procedure: rounds, each a piece
    @step("auction")
    def _step_auction(self, frame: Frame) -> Decision | None:
        st = self.state
        if st.round >= st.rounds:
            st.frames.pop()
            self.emit("auction_over", points=dict(st.points))
            return None
        st.round += 1
        self.push_run("round")
        return None

    @piece("round")
    def op_round(self, ctx: Context) -> Generator[Decision, Any, None]:
        st = self.state
        prize = st.prize = st.prizes.pop(0)
        self.emit("prize_shown", prize=prize)
        st.bids = {}
        yield from choose_sealed(
            self,
            ctx,
            "bid",
            st.players,
            lambda p: range(st.coins[p] + 1),
            f"Round {st.round}: bid for a prize of {prize}",
            st.bids,
        )
        shown = reveal(self, st.bids, what=f"round {st.round}")
        best = max(shown.values())
        top = [p for p, bid in shown.items() if bid == best]
        if len(top) == 1 and best > 0:
            st.coins[top[0]] -= best
            st.points[top[0]] += prize
            self.emit("prize_won", player=top[0], prize=prize, paid=best)
        else:
            self.emit("prize_lost", prize=prize)
        st.prize = None


def new_auction(
    seed: int = 0, players: tuple[str, ...] = ("Ann", "Bo"), rounds: int = 3
) -> Auction:
    rng = GameRandom(seed)
    prizes = [1, 2, 3, 4, 5, 6]
    rng.shuffle(prizes)
    state = AuctionState(
        players=list(players),
        rounds=rounds,
        rng=rng,
        coins={p: 10 for p in players},
        points={p: 0 for p in players},
        prizes=prizes,
        frames=[Frame("auction", {})],
    )
    return Auction(None, state)
