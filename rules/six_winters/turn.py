"""Turns (rules: Turns, Draw Scene, Advance Time): the six steps of a turn in order, the
season and turn trackers, and the scheme's season-end steps.
"""

from __future__ import annotations

from dsl.runtime import Context, Decision

from .basics import SessionPart
from .contracts import EventKind
from .state import (
    Frame,
)


class TurnRules(SessionPart):
    """The part of ``Session`` this rules section is (a mixin: ``self`` is the session)."""

    TURN_STEPS = ("actions", "refresh", "draw_scene", "activate", "draw_obstacle", "advance_time")

    def _step_turn(self, frame: Frame) -> Decision | None:
        st = self.state
        step = frame.data.get("step", "start")
        if step == "start":
            if st.lost is not None:
                frame.data["step"] = "year_over"
                return None
            season = self.ruleset.seasons[st.season][0]
            self.emit(EventKind.TURN_STARTED, season=season, turn=st.turn)
            frame.data["step"] = "actions"
            st.frames.append(Frame("actions", {}))
        elif step == "actions":
            frame.data["step"] = "refresh"
            self.push_run("refresh")
        elif step == "refresh":
            frame.data["step"] = "draw_scene"
            for _ in range(self.ruleset.value("scenes drawn per turn", 1)):
                if not st.scene_deck:
                    break
                name = st.scene_deck.pop(0)
                st.scenes.append(name)
                self.emit(EventKind.SCENE_DRAWN, scene=name)
        elif step == "draw_scene":
            frame.data["step"] = "activate"
            uids = [o.uid for loc in st.locations for o in loc.obstacles]
            st.frames.append(Frame("activate", {"uids": uids, "next": 0}))
        elif step == "activate":
            frame.data["step"] = "draw_obstacle"
            self.push_run("draw_obstacle_step")
        elif step == "draw_obstacle":
            self._advance_time(frame)
        elif step == "year_over":
            st.frames.pop()
            self.push_run("session_end")
        return None

    def _advance_time(self, frame: Frame) -> None:
        """Move the turn counter; a season's last turn runs the scheme's season-end steps."""
        st = self.state
        seasons = self.ruleset.seasons
        name, turns = seasons[st.season]
        if st.turn >= turns:
            last = st.season == len(seasons) - 1
            scheme = self.ruleset.schemes[st.scheme]
            steps = [e.text for e in scheme.effects if e.on("season end", name)]
            self.emit(EventKind.SEASON_ENDED, season=name, scheme_steps=steps)
            if not last:
                st.season += 1
                st.turn = 1
            frame.data["step"] = "year_over" if last or st.lost is not None else "start"
            self.push_run("season_end", season=name)
        elif st.lost is None:
            st.turn += 1
            frame.data["step"] = "start"
        else:  # the year is lost: the tracker stays on the turn it was lost in
            frame.data["step"] = "year_over"

    def op_season_end(self, ctx: Context, season: str) -> None:
        """The scheme's steps at the end of a season."""
        scheme = self.ruleset.schemes[self.state.scheme]
        self.run_effects(ctx, scheme.effects, "season end", qualifier=season, card=scheme.name)
