"""Turns (rules: Turns, Draw Scene, Advance Time): the six steps of a turn in order, the
season and turn trackers, and the scheme's season-end steps.
"""

from __future__ import annotations

from dsl.kernel.dispatch import piece
from dsl.runtime import Context

from .basics import Section


class TurnRules(Section):
    """The turn's own steps: its start, the scenes drawn, time advanced (``session.turn``)."""

    def start_turn(self) -> None:
        """The turn's setup: the turn begins (its steps are ``procedure.rules``, "Turn")."""
        self.ops.start_turn()

    def draw_scenes(self) -> None:
        """Draw Scene: as many as the ruleset says, while the deck lasts."""
        for _ in range(self.ruleset.value("scenes drawn per turn", 1)):
            if not self.ops.draw_scene():
                break

    def advance_time(self) -> None:
        """Move the turn counter; a season's last turn runs the scheme's season-end steps, and
        the last season's ends the year ("until the year ends")."""
        st = self.state
        name, turns = self.ruleset.seasons[st.season]
        if st.turn >= turns:
            scheme = self.ruleset.schemes[st.scheme]
            self.ops.end_season(name, [e.text for e in scheme.effects if e.on("season end", name)])
            self.game.push_run("season_end", season=name)
        elif st.lost is None:
            self.ops.next_turn()
        # else the year is lost: the tracker stays on the turn it was lost in

    @piece("season_end")
    def season_end(self, ctx: Context, season: str) -> None:
        """The scheme's steps at the end of a season."""
        scheme = self.ruleset.schemes[self.state.scheme]
        self.game.run_effects(ctx, scheme.effects, "season end", qualifier=season, card=scheme.name)
