"""Narrate Scene (rules: Scenes, Narrate Scene, Scene Scoring): which scenes can be
narrated where, skill-match points, cards spent for points, the epilogue.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from dsl.runtime import Context, Decision

from .basics import (
    Section,
    _teams,
    ruleset_memo,
)
from .cards import Scene
from .contracts import DecisionKind
from .state import (
    CharacterState,
    LocationState,
)

if TYPE_CHECKING:
    from .session import Session

# the narrations kept at most for one map (then forgotten, and worked out again)
_NARRATIONS_KEPT = 5_000


class SceneRules(Section):
    """Narrating scenes: where, by whom, for how many points (``session.scenes``)."""

    def __init__(self, game: Session) -> None:
        super().__init__(game)
        # a card's points and skill, by name, and the fewest points a scene asks (the
        # ruleset's facts, worked out when first needed)
        # (keyed by name and whether it is an obstacle: an asset and an obstacle may share one)
        self._card_points_memo: dict[tuple[str, bool], tuple[int, str | None]] = ruleset_memo(
            self.ruleset, "card points"
        )
        kept = ruleset_memo(self.ruleset, "session")
        least = kept.get("least scene points")
        if least is None:
            scenes = self.ruleset.scenes.values()
            least = kept["least scene points"] = min((sc.points for sc in scenes), default=0)
        self._least_scene_points: int = least

    def available_scenes(self) -> list[str]:
        """Scenes in the line, then the visible top card of the scene deck."""
        st = self.state
        return [*st.scenes, st.scene_deck[0]] if st.scene_deck else list(st.scenes)

    def scene_locations(self, scene: Scene) -> list[LocationState]:
        """Where a scene may be narrated: the first alternative of its spec found in play."""
        return [
            self.game.location(n) for n in self._scene_place_names(self._scene_places_now(), scene)
        ]

    def _scene_places_now(self) -> dict[str, list[str]]:
        """The names of ``scene_locations`` found so far, by scene: kept while no location
        is added or developed (with the map's facts)."""
        return self.game.map_facts().scene_places

    def _scene_place_names(self, places: dict[str, list[str]], scene: Scene) -> list[str]:
        names = places.get(scene.name)
        if names is None:
            names = places[scene.name] = [loc.name for loc in self.game.first_places(scene.at)]
        return names

    def card_skill(self, name: str, obstacle: bool = False) -> str | None:
        """The skill of a completed asset, or with ``obstacle`` of an overcome obstacle: an
        asset and an obstacle may share a name, and each is scored as itself."""
        cards: Any = self.ruleset.obstacles if obstacle else self.ruleset.assets
        card = cards.get(name)
        return None if card is None else card.skill

    def card_points(self, name: str, obstacle: bool = False) -> int:
        """The points of a completed asset, or with ``obstacle`` of an overcome obstacle."""
        return (self.ruleset.obstacles if obstacle else self.ruleset.assets)[name].points

    def narrate_options(self) -> list[Any]:
        """The narrate actions: every scene available, where it may be narrated, by every team
        of the characters there whose cards could reach its points (a point per card that
        matches the scene's skill, and the points of all their cards)."""
        st = self.state
        rs = self.ruleset
        options: list[Any] = []
        # the most any team could score: with none of the cards, no scene can be narrated
        best = 0
        memo = self._card_points_memo  # ``_card_facts``, its memo read in line
        for c in st.characters:
            for n in c.assets:
                best += (memo.get((n, False)) or self._card_facts(n, False))[0] + 1
            for n in c.obstacles:
                best += (memo.get((n, True)) or self._card_facts(n, True))[0] + 1
        if best < self._least_scene_points:  # no scene at all: most of the time
            return options
        scenes = [n for n in self.available_scenes() if best >= rs.scenes[n].points]
        if not scenes:
            return options
        # what follows depends on those scenes, the map, and where the characters stand with
        # which cards: worked out once for them (kept with the map's facts)
        board = self.game.map_facts()
        key = (
            tuple(scenes),
            tuple(
                [(c.name, c.location, tuple(c.assets), tuple(c.obstacles)) for c in st.characters]
            ),
        )
        found = board.narrations.get(key)
        if found is None:
            if len(board.narrations) >= _NARRATIONS_KEPT:
                board.narrations.clear()
            found = board.narrations[key] = self._narrations(scenes, board.scene_places)
        return [
            {"act": "narrate", "scene": scene, "location": name, "participants": list(team)}
            for scene, name, team in found
        ]

    def _narrations(
        self, scenes: list[str], places: dict[str, list[str]]
    ) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """``narrate_options`` for the scenes some team could reach: each scene, where, by
        whom."""
        st = self.state
        rs = self.ruleset
        options: list[tuple[str, str, tuple[str, ...]]] = []
        occupied = {c.location for c in st.characters}
        bonus = rs.value("skill match bonus", 1)
        # by location: each team there, with the points of its cards and their skills
        teams_at: dict[str, list[tuple[list[str], int, list[str | None]]]] = {}
        for scene_name in scenes:
            scene = rs.scenes[scene_name]
            for name in self._scene_place_names(places, scene):
                if name not in occupied:
                    continue
                teams = teams_at.get(name)
                if teams is None:
                    teams = teams_at[name] = []
                    for team in _teams(self.game.characters_at(name)):
                        cards = [self._held_points(c) for c in team]
                        teams.append(
                            (
                                [c.name for c in team],
                                sum(points for points, _ in cards),
                                [skill for _, skills in cards for skill in skills],
                            )
                        )
                for participants, points, skills in teams:
                    if bonus * skills.count(scene.skill) + points >= scene.points:
                        options.append((scene_name, name, tuple(participants)))
        return tuple(options)

    def _held_points(self, c: CharacterState) -> tuple[int, list[str | None]]:
        """The points of the cards a character could play in a scene (completed assets and
        overcome obstacles), and the skill of each."""
        points = 0
        skills = []
        for obstacle, names in ((False, c.assets), (True, c.obstacles)):
            for n in names:
                facts = self._card_facts(n, obstacle)
                points += facts[0]
                skills.append(facts[1])
        return points, skills

    def _card_facts(self, name: str, obstacle: bool) -> tuple[int, str | None]:
        """``card_points`` and ``card_skill`` of a card, worked out once per card."""
        key = (name, obstacle)
        facts = self._card_points_memo.get(key)
        if facts is None:
            facts = self._card_points_memo[key] = (
                self.card_points(name, obstacle),
                self.card_skill(name, obstacle),
            )
        return facts

    def action_narrate(
        self, ctx: Context, scene_name: str, location: str, participants: list[str]
    ) -> Generator[Decision, Any, None]:
        """Narrate a scene: skill-match points, cards played, epilogue, skill advance. A piece
        written as a generator: each card is asked and the piece goes on from there (the
        epilogue's questions, a card's text, are asked as texts ask: ``ctx.decide``)."""
        scene = self.ruleset.scenes[scene_name]
        team = [self.game.character(n) for n in participants]
        bonus = self.ruleset.value("skill match bonus", 1)
        match = bonus * sum(
            1
            for c in team
            for obstacle, names in ((False, c.assets), (True, c.obstacles))
            for n in names
            if self.card_skill(n, obstacle) == scene.skill
        )
        played: list[dict[str, Any]] = []
        total = match
        # The cards are all chosen first, each from what the team has left, and spent once the
        # choosing is done: every question is asked before anything changes, so a copy of the
        # game or a saved one needs no snapshot to go back to (it waits for ``touch``).
        left = {c.name: (list(c.obstacles), list(c.assets)) for c in team}
        while True:
            options: list[Any] = []
            for c in team:
                obstacles, assets = left[c.name]
                for n in dict.fromkeys(obstacles):
                    options.append({"card": n, "kind": "obstacle", "character": c.name})
                for n in dict.fromkeys(assets):
                    options.append({"card": n, "kind": "asset", "character": c.name})
            if total >= scene.points:
                options.append("finish")
            choice = yield self.game.ask(
                ctx,
                DecisionKind.CHOOSE_CARD,
                options,
                f"{scene_name}: {total} of {scene.points} points; play a card or finish",
            )
            if choice == "finish":
                break
            obstacles, assets = left[choice["character"]]
            (assets if choice["kind"] == "asset" else obstacles).remove(choice["card"])
            points = self.card_points(choice["card"], choice["kind"] == "obstacle")
            total += points
            played.append({**choice, "points": points})
        self.game.touch()
        for card in played:
            self.ops.spend_scene_card(self.game.character(card["character"]), card)
        self.ops.archive_scene(scene_name)
        self.complete_scene(ctx, scene_name, location, participants, played, match)

    def complete_scene(
        self,
        ctx: Context,
        scene_name: str,
        location: str,
        participants: list[str],
        played: list[dict[str, Any]],
        match: int,
    ) -> None:
        """A scene narrated (its cards already spent, the card archived): the epilogue runs,
        each participant marks the scene's advances, and the scene is recorded and told."""
        st = self.state
        scene = self.ruleset.scenes[scene_name]
        before = len(st.events)
        self.game.run_effects(ctx, scene.effects, "epilogue", location=location, card=scene_name)
        choice_events = [e.data.get("choice") for e in st.events[before:] if e.kind == "choice"]
        advances = []
        for name in participants:
            c = self.game.character(name)
            rank = c.skills.get(scene.skill, 0)
            for _ in range(self.ruleset.value("scene advances", 1)):
                rank = self.ops.mark_advance(c, scene.skill)
            advances.append({"character": c.name, "skill": scene.skill, "new_rank": rank})
        record = {
            "scene": scene_name,
            "location": location,
            "participants": list(participants),
            "cards_played": played,
            "skill_match_points": match,
            "points_needed": scene.points,
            "points": scene.points,
            "epilogue_choice": choice_events[0] if choice_events else None,
            "skill": scene.skill,
            "advances": advances,
            "finale": scene.finale,
        }
        self.ops.scene_completed(record)
