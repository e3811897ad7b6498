"""The heuristic bot's answers about places: where a character walks (toward the work it is
needed for, a scene it can score, the teammates it meets), where a moving card takes it,
where it starts the year, and the place a card targets."""

from __future__ import annotations

import itertools
import re
from typing import Any

from dsl.runtime import Decision
from dsl.runtime import DecisionKind as LanguageDecision

from ..contracts import DecisionKind
from .knowing import Knowing, answer_to

# the prompts the bot reads, compiled once (each is matched at a decision of its kind)
_ENTER_PROMPT = re.compile(r"Where does (.+) enter play\?")


class Moving(Knowing):
    """Chooses places: moves, rides, a start (``choose_location``) and a target
    (``choose_target``)."""

    # Abilities whose text moves their character to any location (``moves_anywhere``): played
    # only to reach a place worth more than walking there costs, and sent there (not to the
    # first location asked about).

    def _ride_to(self, obs: dict[str, Any], option: dict[str, Any]) -> str | None:
        """Where a moving card should take its character: a scene the party can score, else an
        obstacle about to get past its tokens (with dice to meet it), else where the character
        has most work; only when that is two or more steps away (walking costs less)."""
        c = self._char(obs, option["character"])
        if c is None or c["location"] is None:
            return None
        here = self._distances(obs, [c["location"]])
        far = [name for name, d in here.items() if d >= 2]
        scenes = [name for name in self._scene_targets(obs) if name in far]
        if scenes:
            return max(scenes, key=lambda name: here[name])  # the most steps saved
        if c["initiative"]:
            for loc in obs["locations"]:
                if loc["name"] in far and any(self._dangerous(obs, o) for o in loc["obstacles"]):
                    return str(loc["name"])
        now = self._work_value(
            obs, c, self._loc(obs, c["location"]) or {"dice": [], "produces": [], "obstacles": []}
        )
        best = max(
            (loc for loc in obs["locations"] if loc["name"] in far),
            key=lambda loc: self._work_value(obs, c, loc),
            default=None,
        )
        if best is not None and self._work_value(obs, c, best) >= now + 1.0:
            return str(best["name"])
        return None

    def _leave_blight(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """A character does not end the turn where one of its conditions bites at the refresh
        (a condition whose text loses something "if at" a location of some tags): a step to a
        neighbour where none does."""
        for move in moves:
            c = self._char(obs, move["character"])
            here = self._loc(obs, c["location"]) if c else None
            dest = self._loc(obs, move["to"])
            if c is None or here is None or dest is None or move.get("by"):
                continue
            bites = {
                tag
                for name in c["conditions"]
                if (r := self._reading(name)) is not None
                for tag in r.bites_at
            }
            if bites & set(here["tags"]) and not bites & set(dest["tags"]):
                return move
        return None

    GANG_UP = True

    def _step_toward(
        self, obs: dict[str, Any], moves: list[dict[str, Any]], name: str, where: str
    ) -> dict[str, Any] | None:
        """A plain move of ``name`` one step nearer ``where`` (none when there)."""
        c = self._char(obs, name)
        if c is None or c["location"] == where:
            return None
        dist = self._distances(obs, [where])
        now = dist.get(c["location"], 99)
        for move in moves:
            if move["character"] == name and not move.get("by") and dist.get(move["to"], 99) < now:
                return {"move": move, "from": c["location"]}
        return None

    def _move_to_work(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """A step toward the location where the character has most to do, when here it has
        little (several moves away: the plain neighbour check misses it)."""
        best = None
        best_gain = 0.0
        values: dict[str, dict[str, float]] = {}  # per character: work value per location
        from_here: dict[str, dict[str, int]] = {}
        for move in moves:
            c = self._char(obs, move["character"])
            if c is None or move.get("by") or c["action_points"] < 2:
                continue
            if c["name"] not in values:
                values[c["name"]] = {
                    loc["name"]: self._work_value(obs, c, loc) for loc in obs["locations"]
                }
                from_here[c["name"]] = self._distances(obs, [c["location"]])
            value = values[c["name"]]
            now = value.get(c["location"], 0.0)
            here = from_here[c["name"]]
            there = self._distances(obs, [move["to"]])
            for name, v in value.items():
                d_here, d_there = here.get(name, 99), there.get(name, 99)
                if v <= now or d_there >= d_here or d_here > 4:
                    continue
                gain = (v - now) / (1 + d_there)
                if gain > best_gain:
                    best, best_gain = move, gain
        return best

    def _rendezvous(self, obs: dict[str, Any]) -> tuple[str, list[str], int] | None:
        """Where the party meets to narrate a scene its cards reach: one location of the
        scene, the characters whose cards (and skill matches) reach its points, and the most
        steps one of them has to walk; the nearest meeting first, then the fewest walkers.
        Each walking to the nearest place of the scene alone could part two characters who
        need each other's cards. Worked out once a view."""
        kept = self._meeting
        if kept is not None and kept[0] is obs:
            return kept[1]
        # most of the time the whole party's cards, each one a skill match, reach no scene
        points = 0
        for c in obs["characters"]:
            for card in c["assets"]:
                points += card["points"] + 1
            for card in c["obstacles"]:
                points += card["points"] + 1
        meet = None
        for scene in obs["scenes"]:
            if points >= scene["points"]:
                meet = self._meeting_place(obs)
                break
        self._meeting = (obs, meet)
        return meet

    def _meeting_place(self, obs: dict[str, Any]) -> tuple[str, list[str], int] | None:
        chars = [c for c in obs["characters"] if c["location"] is not None]
        points = 0
        skills: list[str | None] = []
        for c in chars:
            for card in c["assets"]:
                points += card["points"]
                skills.append(card.get("skill"))
            for card in c["obstacles"]:
                points += card["points"]
                skills.append(card.get("skill"))
        scenes = [s for s in obs["scenes"] if points + skills.count(s["skill"]) >= s["points"]]
        if not scenes:
            return None
        held = [  # each character: its card points and skills
            (
                c,
                sum(card["points"] for card in (*c["assets"], *c["obstacles"])),
                [card.get("skill") for card in (*c["assets"], *c["obstacles"])],
            )
            for c in chars
        ]
        teams = []  # each team: its names, locations, card points and skills
        for size in range(1, len(chars) + 1):
            for team in itertools.combinations(held, size):
                teams.append(
                    (
                        [c["name"] for c, _p, _s in team],
                        [c["location"] for c, _p, _s in team],
                        sum(p for _c, p, _s in team),
                        [skill for _c, _p, s in team for skill in s],
                    )
                )
        # the map's steps are the same both ways: one walk out from each character's place
        steps_from = {
            where: self._distances(obs, [where]) for where in {c["location"] for c in chars}
        }
        best: tuple[tuple[int, int], str, list[str]] | None = None
        for scene in scenes:
            fit = [
                team for team in teams if team[2] + team[3].count(scene["skill"]) >= scene["points"]
            ]
            for place in self._scene_places(obs, scene):
                for names, places, _points, _skills in fit:
                    steps = 0  # the most one of the team walks (``max`` in line: no generator)
                    for where in places:
                        walk = steps_from[where].get(place, 99)
                        if walk > steps:
                            steps = walk
                    key = (steps, len(names))
                    if best is None or key < best[0]:
                        best = (key, place, names)
        if best is None:
            return None
        return best[1], best[2], best[0][0]

    MEET_FIRST = True
    MEET_ALWAYS = False

    def _move_target(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """Toward a scene the party can score (where its team meets, ``_rendezvous``); else
        toward an obstacle about to get past its tokens; else toward dice for an unfinished
        asset."""
        if not self._preparing(obs) and (meet := self._rendezvous(obs)) is not None:
            place, team, _steps = meet
            dist = self._distances(obs, [place])
            for move in moves:
                c = self._char(obs, move["character"])
                if c is None or c["name"] not in team or move.get("by") == "portal":
                    continue
                if dist.get(move["to"], 99) < dist.get(c["location"], 99):
                    return move
        bare = self._dangerous_places(obs)
        if bare:
            dist = self._distances(obs, bare)
            for move in moves:
                c = self._char(obs, move["character"])
                if c is None or len(c["initiative"]) < 2 or move.get("by"):
                    continue
                if dist.get(move["to"], 99) < dist.get(c["location"], 99):
                    return move
        for move in moves:
            c = self._char(obs, move["character"])
            if c is None or c["action_points"] < 3 or move.get("by"):
                continue
            here = self._loc(obs, c["location"])
            dest = self._loc(obs, move["to"])
            if here is None or dest is None:
                continue
            if self._useful_dice(c, dest) > self._useful_dice(c, here):
                return move
        return None

    @answer_to(DecisionKind.CHOOSE_LOCATION)
    def _choose_location(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        locs = {loc["name"]: loc for loc in obs["locations"]}
        named = [o for o in options if o in locs]
        if not named:
            return None
        if "surges" in d.prompt:
            # a surge stops at a location without threat: end the chain there
            return min(named, key=lambda n: (locs[n]["threats"] > 0, len(locs[n]["obstacles"])))
        found = _ENTER_PROMPT.search(d.prompt)
        if found:
            # where a threat would not surge, near a character with its skill
            skill = next(
                (
                    o["skill"]
                    for o in [*(x for loc in locs.values() for x in loc["obstacles"])]
                    if o["name"] == found[1]
                ),
                None,
            )
            return min(named, key=lambda n: (locs[n]["threats"], -self._reach(obs, n, skill)))
        if d.prompt.startswith("Place "):
            return max(named, key=lambda n: self._start_value(obs, locs[n]))
        return None

    def _reach(self, obs: dict[str, Any], name: str, skill: str | None) -> float:
        dist = self._distances(obs, [name])
        best = 0.0
        for c in obs["characters"]:
            if c["location"] is None:
                continue
            rank = c["skills"].get(skill, 0) if skill else 1
            best = max(best, rank / (1 + dist.get(c["location"], 9)))
        return best

    DANGER_WEIGHT = 1.0

    def _start_value(self, obs: dict[str, Any], loc: dict[str, Any]) -> float:
        """A starting place: produces a resource, near scenes' locations."""
        value = len(loc["produces"]) + len(loc["dice"]) / 2
        danger = [x["name"] for x in obs["locations"] for o in x["obstacles"]]
        if danger:  # obstacles carried over activate on the first turn with no tokens
            near = self._distances(obs, [loc["name"]])
            value += self.DANGER_WEIGHT * sum(
                1
                for x in obs["locations"]
                for o in x["obstacles"]
                if self._dangerous(obs, o) and near.get(x["name"], 9) <= 1
            )
        targets = [n for scene in obs["scenes"] for n in self._scene_places(obs, scene)]
        if targets:
            value += 1 / (1 + self._distances(obs, targets).get(loc["name"], 9))
        return value - loc["threats"]

    @answer_to(LanguageDecision.CHOOSE_TARGET)
    def _choose_target(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """A location picked by a card or scheme (most often for a threat): one without
        threat, so nothing surges."""
        locs = {loc["name"]: loc for loc in obs["locations"]}
        riding, self._riding = self._riding, None
        if riding is not None:
            for o in options:
                if _target_name(o) == riding:
                    return o

        if options and all(
            isinstance(_target_name(o), str) and _target_name(o) in locs for o in options
        ):
            return min(
                options,
                key=lambda o: (
                    locs[_target_name(o)]["threats"],
                    len(locs[_target_name(o)]["obstacles"]),
                ),
            )
        return None


def _target_name(o: Any) -> Any:
    """The location an option of ``choose_target`` names (the option itself if a name)."""
    return o.get("name") if isinstance(o, dict) and o.get("kind") == "location" else o
