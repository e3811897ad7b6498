"""Hits rolled against a character (the seed's Consequences) as a kernel machine walking the
text's ``procedure "Hits Against You"``: offset each hit with stat points, then take a
consequence for the hits left (its level promoted past the levels the stat already holds) or
concede.

The consequence's name is the GM's to give, as free text; its level is the rules'. The state is
a flat dataclass: its snapshot and JSON are the kernel's (``dsl.kernel.flat``).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from dsl.kernel import Event, Frame, GameRandom, Machine
from dsl.kernel.dispatch import piece
from dsl.kernel.flat import FlatState
from dsl.kernel.text import text_question
from dsl.procedure import ProcedureStep, ProcedureWalker
from dsl.runtime import Context, Decision

from .contracts import EventKind
from .primitives import value
from .progression import NotAllowed, consequence_level, fatal_level

__all__ = ["CONCEDE", "TAKE_CONSEQUENCE", "HitsAgainst", "HitsState", "new_hits_against"]

# The offers of the text's "Unpaid Hits" step, as the player answers them.
TAKE_CONSEQUENCE, CONCEDE = "take a consequence", "concede"


@dataclass
class HitsState:
    """Hits against one character, and the stat whose points and consequences answer them."""

    character: str
    stat: str | None
    points: int  # points held in the most relevant stat
    hits: int  # hits rolled against the character
    held: list[int]  # the levels of the consequences the stat already holds
    rng: GameRandom
    offset: int = 0  # hits offset with points
    left: int = 0  # hits not offset
    consequence: dict[str, Any] | None = None  # name, level, hits
    conceded: bool = False
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class HitsAgainst(FlatState, ProcedureWalker, Machine):
    """Hits against a character, walking the text's ``procedure "Hits Against You"``."""

    state_type = HitsState

    def __init__(self, ruleset: Any, state: HitsState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    def offer_who(self, step: ProcedureStep) -> str | None:
        return self.state.character or None

    @piece("take_consequence")
    def op_take_consequence(self, ctx: Context) -> Generator[Decision, Any, None]:
        """A consequence for the hits left: the GM names it; its level is the hits it offsets,
        promoted past the levels the stat holds. (A piece written as a generator: the name is
        asked with the table as it is, and the piece goes on with it.)"""
        st = self.state
        level = consequence_level(self.ruleset, hits=st.left, taken=st.held)
        stat = f" {st.stat}" if st.stat else ""
        name = yield text_question(
            ctx,
            f"Name the -{level}{stat} consequence",
            None,  # the GM decides it
            max_length=value(self, "consequence name length"),
        )
        st.consequence = {"name": name, "level": level, "hits": st.left}
        st.held.append(level)
        self.emit(
            EventKind.CONSEQUENCE_TAKEN,
            character=st.character,
            stat=st.stat,
            name=name,
            level=level,
            hits=st.left,
            promoted=level != st.left,
            fatal=level >= fatal_level(self.ruleset),
        )
        st.left = 0


def new_hits_against(
    ruleset: Any,
    *,
    hits: int,
    character: str = "",
    stat: str | None = None,
    points: int = 0,
    held: list[int] | tuple[int, ...] = (),
) -> HitsAgainst:
    """Hits rolled against a character, ready to walk ``procedure "Hits Against You"``:
    ``points`` held in the most relevant ``stat``, whose consequences hold the levels ``held``."""
    if hits < 0 or points < 0:
        raise NotAllowed("hits and points are 0 or more")
    state = HitsState(
        character=character,
        stat=stat,
        points=points,
        hits=hits,
        held=list(held),
        rng=GameRandom(0),
        left=hits,
    )
    game = HitsAgainst(ruleset, state)
    game.start_phase("Hits Against You")
    game.emit(EventKind.HITS_AGAINST, character=character, stat=stat, hits=hits, points=points)
    return game
