"""A GM intrusion (the seed's "GM intrusions") as a kernel machine walking the text's
``procedure "GM Intrusion"``: the player accepts the complication and gains its XP, or refuses
it by paying XP, when they hold enough. The state is a flat dataclass (``dsl.kernel.flat``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl.kernel import Event, Frame, GameRandom, Machine
from dsl.kernel.flat import FlatState
from dsl.procedure import ProcedureStep, ProcedureWalker

# The offers of the text's "Accept or Refuse" step, as the player answers them.
ACCEPT, REFUSE = "accept the complication", "refuse the complication"

__all__ = ["ACCEPT", "REFUSE", "Intrusion", "IntrusionState", "new_intrusion"]


@dataclass
class IntrusionState:
    character: str
    xp: int
    complication: str  # what the GM proposes, in the GM's words
    rng: GameRandom
    accepted: bool | None = None
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class Intrusion(FlatState, ProcedureWalker, Machine):
    """The GM offers a complication; the player answers, walking ``procedure "GM Intrusion"``."""

    state_type = IntrusionState

    def __init__(self, ruleset: Any, state: IntrusionState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    def offer_who(self, step: ProcedureStep) -> str | None:
        return self.state.character or None


def new_intrusion(
    ruleset: Any, *, character: str = "", xp: int = 0, complication: str = ""
) -> Intrusion:
    """An intrusion offered to a character holding ``xp``, ready for their answer."""
    state = IntrusionState(character=character, xp=xp, complication=complication, rng=GameRandom(0))
    game = Intrusion(ruleset, state)
    game.start_phase("GM Intrusion")
    return game
