"""Session End (rules: Session End): the scheme's result, reducing location danger, and the
steps that store the year into the campaign.
"""

from __future__ import annotations

from typing import Any

from dsl.kernel.dispatch import piece, quiet
from dsl.runtime import Context
from dsl.runtime import DecisionKind as LanguageDecision

from .basics import Section
from .state import LocationState


class SessionEndRules(Section):
    """Session End: the scheme's result, reducing danger, the result told
    (``session.end``)."""

    @piece("scheme_result")
    def scheme_result(self, ctx: Context) -> None:
        """Session End step 1: the year's result, and the scheme's success or failure text.
        After the finale year the campaign end follows instead (``campaign.end_session``)."""
        st = self.state
        won = st.lost is None and len(st.scenes_completed) >= self.ruleset.value("scenes to win", 3)
        # told at the teardown; the threat left is counted as play ended, before the text
        self.ops.note_year_result(won)
        if self._storing_year():
            self._session_end_steps(ctx, won)

    def _storing_year(self) -> bool:
        """Whether the session end's steps are played (not after the last year)."""
        return self.state.year < self.ruleset.value("years", 6)

    @quiet("reduce_danger")
    def quiet_reduce_danger(self, args: dict[str, Any]) -> bool:
        """Nothing to ask where nothing is to remove (a speed shortcut)."""
        loc = self.game.location(args["location"])
        return not self._storing_year() or not (loc.threats or loc.obstacles)

    @piece("reduce_danger")
    def reduce_danger(self, ctx: Context, location: str) -> None:
        """Session End step 2 at one location: as many times as the ruleset says."""
        if not self._storing_year():
            return
        loc = self.game.location(location)
        for _ in range(self.ruleset.value("danger removed per location", 1)):
            if not self._reduce_danger_once(ctx, loc):
                break

    def tell_result(self) -> None:
        """The session end's teardown: the result is told, and the session is over."""
        st = self.state
        won, threat_left = self.ops.take_year_result()
        self.ops.end_session(
            {
                "result": "won" if won else "lost",
                "reason": st.lost
                or ("three scenes completed" if won else "too few scenes by the end of winter"),
                "scenes_completed": len(st.scenes_completed),
                "threat_left": threat_left,
            }
        )

    def _session_end_steps(self, ctx: Context, won: bool) -> None:
        """Check for scheme failure (its success or failure text), the events out leave."""
        st = self.state
        scheme = self.ruleset.schemes[st.scheme]
        # play is over: the pool no longer counts
        self.ops.take_threats_from_box(bool(self.ruleset.value("result threats from box", 1)))
        try:
            self.game.run_effects(
                ctx, scheme.effects, "success" if won else "failure", card=scheme.name
            )
        finally:
            self.ops.take_threats_from_box(False)
        for name in list(st.events_out):  # events out end with the session
            self.game.run_effects(ctx, self.ruleset.events[name].effects, "session end", card=name)
            if name in st.events_out:
                self.ops.end_event(name)
        self.ops.apply_standing_texts(ctx)

    def _reduce_danger_once(self, ctx: Context, loc: LocationState) -> bool:
        """Reduce Location Danger once at ``loc``: a threat or an obstacle removed, or nothing
        (the players' choice). Whether something was removed."""
        options: list[Any] = []
        if loc.threats:
            options.append("threat")
        options += [f"obstacle:{o.name}" for o in loc.obstacles]
        if not options:
            return False
        options.append("nothing")
        choice = self.game.decide(
            ctx,
            LanguageDecision.CHOOSE_OPTION,
            options,
            f"Reduce danger at {loc.name}: remove what?",
        )
        if choice != "nothing":
            self.game.touch()  # the piece's first change (see ``basics._runs_a_text``)
        if choice == "threat":
            self.ops.remove_threat(loc)
        elif choice != "nothing":
            name = choice.split(":", 1)[1]
            self.ops.discard_obstacle(loc, next(o for o in loc.obstacles if o.name == name))
        return choice != "nothing"
