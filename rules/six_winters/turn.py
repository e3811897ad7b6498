"""Turns (rules: Turns, Draw Scene, Advance Time): the six steps of a turn in order, the
season and turn trackers, and the scheme's season-end steps.
"""

from __future__ import annotations

from dsl.kernel.dispatch import piece
from dsl.runtime import Context

from .basics import Section
from .contracts import EventKind
from .state import (
    Frame,
)


class TurnRules(Section):
    """The turn's own steps: its start, the scenes drawn, time advanced (``session.turn``)."""

    def start_turn(self) -> None:
        """The turn's setup: the turn begins (its steps are ``procedure.rules``, "Turn")."""
        season = self.ruleset.seasons[self.state.season][0]
        self.game.emit(EventKind.TURN_STARTED, season=season, turn=self.state.turn)

    def act_in_any_order(self) -> None:
        """Actions: players act in any order until all pass."""
        self.state.frames.append(Frame("actions", {}))

    def draw_scenes(self) -> None:
        """Draw Scene: as many as the ruleset says, while the deck lasts."""
        st = self.state
        for _ in range(self.ruleset.value("scenes drawn per turn", 1)):
            if not st.scene_deck:
                break
            name = st.scene_deck.pop(0)
            st.scenes.append(name)
            self.game.emit(EventKind.SCENE_DRAWN, scene=name)

    def advance_time(self) -> None:
        """Move the turn counter; a season's last turn runs the scheme's season-end steps, and
        the last season's ends the year ("until the year ends")."""
        st = self.state
        seasons = self.ruleset.seasons
        name, turns = seasons[st.season]
        if st.turn >= turns:
            last = st.season == len(seasons) - 1
            scheme = self.ruleset.schemes[st.scheme]
            steps = [e.text for e in scheme.effects if e.on("season end", name)]
            self.game.emit(EventKind.SEASON_ENDED, season=name, scheme_steps=steps)
            if last:
                st.flags["year over"] = 1
            else:
                st.season += 1
                st.turn = 1
            self.game.push_run("season_end", season=name)
        elif st.lost is None:
            st.turn += 1
        # else the year is lost: the tracker stays on the turn it was lost in

    @piece("season_end")
    def season_end(self, ctx: Context, season: str) -> None:
        """The scheme's steps at the end of a season."""
        scheme = self.ruleset.schemes[self.state.scheme]
        self.game.run_effects(ctx, scheme.effects, "season end", qualifier=season, card=scheme.name)
