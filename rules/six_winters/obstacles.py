"""Activate Obstacles and Draw Obstacle (rules: Activate Obstacles, Threats, Surging
Threats, Draw Obstacle): each obstacle's activations, movement and threat.
"""

from __future__ import annotations

from typing import Any

from dsl.kernel.dispatch import piece, quiet
from dsl.runtime import Context

from .basics import (
    Section,
    _ref,
)
from .cards import Obstacle
from .contracts import DecisionKind
from .state import (
    freeze,
)


class ObstacleRules(Section):
    """Activate Obstacles and Draw Obstacle (``session.obstacles``)."""

    @quiet("activate_obstacle")
    def quiet_activate_obstacle(self, args: dict[str, Any]) -> bool:
        """An activation asks nothing when its tokens take every activation, or when it neither
        moves, nor runs a threat text, nor may surge (a speed shortcut)."""
        found = self.game.find_obstacle(args["uid"])
        if found is None:
            return True
        loc, obstacle = found
        card = self.ruleset.obstacles[obstacle.name]
        if obstacle.progress and obstacle.hindrance:
            return False  # which token goes first is asked
        if obstacle.progress + obstacle.hindrance >= self._activations(card):
            return True  # the tokens take every activation: no movement, no threat
        return not (
            card.moves
            or any(e.run is not None and e.on("threat") for e in card.effects)
            or (loc.threats and self.state.threat_pool >= 2)  # the threat placed may surge
        )

    @piece("activate_obstacle")
    def activate_obstacle(self, ctx: Context, uid: int) -> None:
        """One obstacle's activation: tokens, movement, then threat."""
        st = self.state
        found = self.game.find_obstacle(uid)
        assert found is not None
        loc, obstacle = found
        card = self.ruleset.obstacles[obstacle.name]
        count = self._activations(card)
        self.ops.obstacle_activates(loc, obstacle, count)
        while count > 0 and (obstacle.progress or obstacle.hindrance):
            if obstacle.progress and obstacle.hindrance:
                token = self.game.decide(
                    ctx,
                    DecisionKind.CHOOSE_TOKEN,
                    ["progress", "hindrance"],
                    f"{card.name} activates: remove which token?",
                )
            else:
                token = "progress" if obstacle.progress else "hindrance"
            self.game.touch()  # the first change of this piece (see ``_runs_a_text``)
            self.ops.remove_token(obstacle, token)
            count -= 1
        self.game.touch()  # what follows changes the state without a primitive
        if count == 0:
            return
        if card.moves:
            match = any if card.moves_toward_any else all
            while count > 0:
                targets = [
                    other.name
                    for other in st.locations
                    if match(self.game.matches(other, t) for t in card.moves_toward)
                    and (not card.moves_toward_character or self.game.characters_at(other.name))
                ]
                if not targets or loc.name in targets:
                    break
                dist = self.game.distances(targets)
                steps = [n for n in self.game.adjacent(loc.name) if n in dist]
                if not steps:
                    break
                best = min(dist[n] for n in steps)
                nearest = [n for n in steps if dist[n] == best]
                dest = (
                    self.game.decide(
                        ctx, DecisionKind.CHOOSE_LOCATION, nearest, f"{card.name} moves: where?"
                    )
                    if len(nearest) > 1
                    else nearest[0]
                )
                loc = self.ops.move_obstacle(obstacle, loc, self.game.location(dest))
                self.game.run_effects(
                    ctx,
                    self.game.side(loc).effects,
                    "obstacle arrives",
                    location=loc.name,
                    card=loc.name,
                    bindings={"it": _ref(obstacle, loc)},
                )
                count -= 1
            if count == 0:
                return
        # threat: "Instead of placing a threat, (may) ..." replaces it unless declined
        replaced = False
        kept = False  # "Instead of discarding this obstacle, ...": it is not discarded
        for effect in card.effects:
            if effect.run is None or not effect.on("threat"):
                continue
            before = freeze(self.state) if effect.replaces == "place" else None
            declined = self.game.run_effect(
                ctx, effect, actor=None, location=loc.name, card=card.name
            )
            if effect.replaces == "place" and not declined:
                # a replacement that could not do anything leaves the threat to be placed
                # (the state compared as values, its events left out)
                replaced = replaced or freeze(self.state) != before
            kept = kept or (effect.replaces == "discard" and not declined)
        if not replaced:
            self.ops.place_threat(ctx, loc)
        if obstacle in loc.obstacles and not obstacle.stays and not kept:
            self.ops.discard_obstacle(loc, obstacle)

    def _activations(self, card: Obstacle) -> int:
        """How many times an obstacle activates: once, and once more per available scene of its
        skill. The rules count the face-up card on top of the scene deck as available; the
        worked example counts only the scenes in the line, and ``value top scene activates = 0``
        plays it that way (the ruleset's README)."""
        st = self.state
        scenes = self.game.scenes.available_scenes()
        if st.scene_deck and not self.ruleset.value("top scene activates", 1):
            scenes = st.scenes
        same_skill = [n for n in scenes if self.ruleset.scenes[n].skill == card.skill]
        return self.ruleset.value("obstacle activations", 1) + len(same_skill)

    @quiet("draw_obstacle_step")
    def quiet_draw_obstacle_step(self, args: dict[str, Any]) -> bool:
        """Drawing asks nothing when the card on top is an obstacle with no entry text and one
        place to enter (a speed shortcut)."""
        st = self.state
        if self.ruleset.value("obstacles drawn per turn", 1) != 1:
            return False  # the cards after the first are not known yet
        if not st.obstacle_deck:
            return not st.obstacle_discard  # a reshuffle: the next card is not known yet
        name = st.obstacle_deck[0]
        if name in self.ruleset.events:  # an event's text may ask
            return False
        drawn = self.ruleset.obstacles[name]
        if any(e.run is not None and e.on("enter") for e in drawn.effects):
            return False
        return len(self.ops._entry_places(drawn)) <= 1  # else: where does it enter?

    @piece("draw_obstacle_step")
    def draw_obstacles(self, ctx: Context) -> None:
        for _ in range(self.ruleset.value("obstacles drawn per turn", 1)):
            self.ops.draw_obstacle(ctx)
