"""Bots for Six Winters. A bot sees a player's observation and the decision, nothing more."""

from __future__ import annotations

import random
import re
from typing import Any

from dsl.runtime import Decision


class RandomBot:
    """Uniform over the legal options (a uniform subset size for multiple choices)."""

    name = "random"
    uses_observation = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any] | None, decision: Decision) -> Any:
        options = list(decision.options)
        if decision.kind == "choose_many" or decision.max_choices > 1:
            high = min(decision.max_choices, len(options))
            count = self.rng.randint(decision.min_choices, high)
            return self.rng.sample(options, count)
        return options[self.rng.randrange(len(options))]


class HeuristicBot:
    """Plays to win: narrates a scene as soon as the points are there; overcomes before it
    crafts (overcoming spends no die), adding progress when the turn's tries will likely finish
    the obstacle and hindrance to soak the activations of one about to move or place a threat;
    crafts with its highest die; takes the assets with most points per action point of their
    recipe; musters and trades for open slots; walks toward a scene it can score, an obstacle
    about to activate (from year 2) or the place with most work for it. Surges, new obstacles
    and threats picked by cards go where no threat lies; session end removes obstacles first;
    downtime advances the skills of the obstacles in play. It sees only the observation.
    Measured with ``benchmarks/bench_bots.py``."""

    name = "heuristic"
    uses_observation = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._tries: dict[tuple[Any, ...], int] = {}
        self._visited: dict[tuple[Any, ...], set[str]] = {}
        self._overcoming: dict[str, Any] | None = None  # the obstacle of the last overcome

    # -- helpers over the observation

    @staticmethod
    def _char(obs: dict[str, Any], name: str | None) -> dict[str, Any] | None:
        return next((c for c in obs["characters"] if c["name"] == name), None)

    @staticmethod
    def _loc(obs: dict[str, Any], name: str | None) -> dict[str, Any] | None:
        return next((x for x in obs["locations"] if x["name"] == name), None)

    def choose(self, obs: dict[str, Any] | None, decision: Decision) -> Any:
        assert obs is not None
        handler = getattr(self, f"_{decision.kind}", None)
        options = list(decision.options)
        if handler is not None:
            answer = handler(obs, decision, options)
            if answer is not None:
                return answer
        if decision.kind == "choose_many" or decision.max_choices > 1:
            return options[: decision.min_choices]
        return options[0]

    def _choose_action(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        def first(act: str) -> list[dict[str, Any]]:
            return [o for o in options if isinstance(o, dict) and o["act"] == act]

        if narrate := first("narrate"):
            return max(narrate, key=lambda o: len(o["participants"]))
        # overcoming spends no die (only defense does): try it before crafting spends one
        for o in first("overcome"):
            if self._overcome_worth(obs, o):
                c = self._char(obs, o["character"])
                loc = self._loc(obs, c["location"]) if c else None
                self._overcoming = loc["obstacles"][o["index"]] if loc else None
                return o
        crafts = first("craft")
        if crafts:
            return max(crafts, key=lambda o: o["die"])
        if plays := first("asset"):
            return plays[0]
        # an obstacle about to move or place a threat, within reach this turn: go soak it
        turn = (obs["year"], obs["season"], obs["turn"])
        rushing = self.RUSH_DANGER and (obs["year"] > 1 or obs["threat_pool"] <= 3)
        if rushing and (rush := self._rush(obs, first("move"), turn)) is not None:
            return rush
        for o in first("muster"):
            c = self._char(obs, o["character"])
            if c is not None and self._fits(obs, c, o["resource"]):
                return o
        for o in first("trade"):
            c = self._char(obs, o["character"])
            if c is not None and self._fits(obs, c, o["get"]) and self._spare(obs, c, o):
                return o
        # a character never walks back to a place it left this turn (no pacing to and fro)
        moves = [
            o
            for o in first("move")
            if o["to"] not in self._visited.get((*turn, o["character"]), set())
        ]
        target = self._move_target(obs, first("move"))
        if target is None and (
            plays := [o for o in first("ability") if self._ability_helps(obs, o)]
        ):
            return plays[0]
        if target is None:
            target = self._move_to_work(obs, moves)
        if target is not None:
            c = self._char(obs, target["character"])
            if c is not None and c["location"] is not None:
                self._visited.setdefault((*turn, c["name"]), set()).add(c["location"])
            return target
        return "done"

    MAX_TRIES = 10

    def _overcome_worth(self, obs: dict[str, Any], o: dict[str, Any]) -> bool:
        c = self._char(obs, o["character"])
        loc = self._loc(obs, c["location"]) if c else None
        # overcoming costs no die: a few tries a turn, so a futile one cannot loop forever
        key = (obs["year"], obs["season"], obs["turn"], o["character"], o["obstacle"])
        if c is None or loc is None or self._tries.get(key, 0) >= self.MAX_TRIES:
            return False
        ob = loc["obstacles"][o["index"]]
        rank = c["skills"].get(ob["skill"], 0)
        good = sum(1 for die in c["initiative"] if die <= rank)
        tokens = ob["progress"] + ob["hindrance"]
        hurt = sum(1 for _ in ob["stress"]) * (6 - min(rank, 6)) / 6
        if hurt >= min(c["body"], c["psyche"]) and self._tries.get(key, 0) >= 1:
            return False  # one more try would likely bring a condition
        if (
            good >= 1
            or len(c["initiative"]) + tokens >= ob["difficulty"]
            or (self._dangerous(obs, ob) and c["initiative"])
        ):
            self._tries[key] = self._tries.get(key, 0) + 1
            return True  # progress, enough tokens to discard it, or to soak its activations
        return False

    def _dangerous(self, obs: dict[str, Any], ob: dict[str, Any]) -> bool:
        """Its next activation would get past its tokens (a move, then a threat)."""
        return self._activations(obs, ob) > ob["progress"] + ob["hindrance"]

    def _work_value(self, obs: dict[str, Any], c: dict[str, Any], loc: dict[str, Any]) -> float:
        """What a character could do at a location: open slots its dice or production fill,
        and obstacles it can add progress to with its skill."""
        slots = [
            slot
            for asset in c["in_progress"]
            for slot, filled in zip(asset["recipe"], asset["slots"], strict=True)
            if filled is None
        ]
        value = 0.0
        for slot in slots:
            if any(slot[0] in (None, die[0]) and slot[1] in (None, die[1]) for die in loc["dice"]):
                value += 1.0
            elif slot[0] is None or slot[0] in loc["produces"]:
                value += 0.5
        for ob in loc["obstacles"]:
            rank = c["skills"].get(ob["skill"], 0)
            if rank >= 3 or (rank >= 2 and ob["progress"] > 0):
                value += ob["points"] + rank / 3
        return value

    RUSH_DANGER = True

    def _rush(self, obs: dict[str, Any], moves: list[dict[str, Any]], turn: tuple[Any, ...]) -> Any:
        """A step toward an obstacle that will get past its tokens at the next activation,
        by the character nearest to it who has dice and the action points to get there;
        no one goes if a character with dice is already there."""
        danger = [
            loc["name"]
            for loc in obs["locations"]
            if any(self._dangerous(obs, o) for o in loc["obstacles"])
            and not any(c["location"] == loc["name"] and c["initiative"] for c in obs["characters"])
        ]
        if not danger:
            return None
        best = None
        for target in danger:
            dist = self._distances(obs, [target])
            for move in moves:
                c = self._char(obs, move["character"])
                if c is None or move.get("by") or not c["initiative"]:
                    continue
                now = dist.get(c["location"], 99)
                if now > c["action_points"] or dist.get(move["to"], 99) >= now:
                    continue
                if move["to"] in self._visited.get((*turn, c["name"]), set()):
                    continue
                if best is None or now < best[0]:
                    best = (now, move)
        if best is None:
            return None
        move = best[1]
        self._visited.setdefault((*turn, move["character"]), set()).add(
            str(self._char(obs, move["character"])["location"])  # type: ignore[index]
        )
        return move

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

    def _ability_helps(self, obs: dict[str, Any], option: dict[str, Any]) -> bool:
        """Use an ability when dice lie here that no open slot takes (something to work on)."""
        c = self._char(obs, option["character"])
        loc = self._loc(obs, c["location"]) if c else None
        if c is None or loc is None:
            return False
        slots = self._open_slots(obs, c)
        idle = [
            die
            for die in loc["dice"]
            if not any(s[0] in (None, die[0]) and s[1] in (None, die[1]) for s in slots)
        ]
        return bool(idle and slots) or bool(loc["obstacles"])

    @staticmethod
    def _open_slots(obs: dict[str, Any], c: dict[str, Any]) -> list[list[Any]]:
        """The empty recipe slots of every asset made by the character or one beside it."""
        slots = []
        for other in obs["characters"]:
            if other["location"] != c["location"]:
                continue
            for asset in other["in_progress"]:
                for slot, filled in zip(asset["recipe"], asset["slots"], strict=True):
                    if filled is None:
                        slots.append(slot)
        return slots

    def _fits(self, obs: dict[str, Any], c: dict[str, Any], resource: str) -> bool:
        return any(slot[0] in (None, resource) for slot in self._open_slots(obs, c))

    def _spare(self, obs: dict[str, Any], c: dict[str, Any], trade: dict[str, Any]) -> bool:
        """The two dice given are wanted by no open slot."""
        loc = self._loc(obs, c["location"])
        if loc is None:
            return False
        given = [loc["dice"][i] for i in trade["give"]]
        slots = self._open_slots(obs, c)
        return not any(
            slot[0] in (None, die[0]) and slot[1] in (None, die[1])
            for die in given
            for slot in slots
        )

    def _scene_targets(self, obs: dict[str, Any]) -> list[str]:
        """Locations where a scene could be narrated with the points the party holds."""
        cards = [card for c in obs["characters"] for card in (*c["assets"], *c["obstacles"])]
        points = sum(card["points"] for card in cards)
        names: list[str] = []
        for scene in obs["scenes"]:
            matches = sum(1 for card in cards if card.get("skill") == scene["skill"])
            if points + matches < scene["points"]:
                continue
            names += self._scene_places(obs, scene)
        return names

    @staticmethod
    def _scene_places(obs: dict[str, Any], scene: dict[str, Any]) -> list[str]:
        """The locations a scene may be narrated at (its first alternative found on the map)."""
        for alternative in scene["at"]:
            words = {w.casefold() for w in alternative}
            found = [
                loc["name"]
                for loc in obs["locations"]
                if words
                & (
                    {loc["name"].casefold(), str(loc["region"]).casefold()}
                    | {t.casefold() for t in loc["tags"]}
                )
            ]
            if found:
                return found
        return []

    def _move_target(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """Toward a scene the party can score; else toward dice for an unfinished asset."""
        targets = self._scene_targets(obs)
        if targets:
            dist = self._distances(obs, targets)
            best = None
            for move in moves:
                c = self._char(obs, move["character"])
                if c is None or move.get("by") == "portal":
                    continue
                now = dist.get(c["location"], 99)
                then = dist.get(move["to"], 99)
                if then < now and (best is None or then < dist.get(best["to"], 99)):
                    best = move
            if best is not None:
                return best
        bare = [
            loc["name"]
            for loc in obs["locations"]
            if any(self._dangerous(obs, o) for o in loc["obstacles"])
        ]
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

    @staticmethod
    def _distances(obs: dict[str, Any], targets: list[str]) -> dict[str, int]:
        adjacent = {loc["name"]: loc["adjacent"] for loc in obs["locations"]}
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for name in frontier:
                for other in adjacent.get(name, []):
                    if other not in dist:
                        dist[other] = dist[name] + 1
                        nxt.append(other)
            frontier = nxt
        return dist

    @staticmethod
    def _useful_dice(c: dict[str, Any], loc: dict[str, Any]) -> int:
        count = 0
        for asset in c["in_progress"]:
            for slot, filled in zip(asset["recipe"], asset["slots"], strict=True):
                if filled is not None:
                    continue
                if any(
                    (slot[0] in (None, die[0])) and (slot[1] in (None, die[1]))
                    for die in loc["dice"]
                ):
                    count += 1
        return count + len(loc["produces"])

    def _choose_take(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        assets = [o for o in options if o.startswith("asset:")]
        if (
            "initiative" in options
            and len(c["initiative"]) < self.MIN_DICE
            and (c["in_progress"] or not assets)
        ):
            return "initiative"
        if len(c["in_progress"]) < self.MAX_IN_PROGRESS and assets:
            staging = {a["name"]: a for a in obs["asset_staging"]}
            return max(assets, key=lambda o: self._asset_worth(obs, c, staging.get(o[6:], {})))
        if "initiative" in options:
            return "initiative"
        return options[0]

    MIN_DICE = 2
    MAX_IN_PROGRESS = 2

    def _asset_worth(self, obs: dict[str, Any], c: dict[str, Any], card: dict[str, Any]) -> float:
        """Points (and a skill matching visible scenes) per action point its recipe likely
        costs: a die of a resource produced on the map is a muster (3), any other a trade of
        two (7); a slot asking for one face wants several tries."""
        worth = float(card.get("points", 0))
        skill = card.get("skill")
        if skill and any(scene["skill"] == skill for scene in obs["scenes"]):
            worth += 1
        produced = {r for loc in obs["locations"] for r in loc["produces"]}
        lying = [tuple(die) for loc in obs["locations"] for die in loc["dice"]]
        cost = 0.0
        for slot in card.get("recipe", []):
            if any(slot[0] in (None, r) and slot[1] in (None, f) for r, f in lying):
                cost += 1.5
                continue
            step = 2.0 if slot[0] is None else 3.0 if slot[0] in produced else 7.0
            cost += step * (self.FACE_COST if slot[1] is not None else 1)
        return worth / max(cost, 1.0)

    FACE_COST = 3.0

    def _choose_asset(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        staging = {a["name"]: a for a in obs["asset_staging"]}
        named = [o for o in options if o in staging]
        if not named:
            return "none"
        return min(named, key=lambda n: (len(staging[n]["recipe"]), -staging[n]["points"]))

    def _choose_many(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "defense" in d.prompt:
            return self._defense(obs, d, options)
        return options[: max(d.min_choices, len(options))]

    DEFEND_AT = 0

    def _defense(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> list[Any]:
        """Defend only when a condition is near (stress of a kind the obstacle deals at
        DEFEND_AT or less), with the dice that add no progress (above the skill), lowest
        first: a harmful stress die is above the skill, so such a die cancels any. Otherwise
        no defense: a defense die is spent whether it cancels or not, and a die kept crafts
        or adds tokens later."""
        c = self._char(obs, d.who)
        ob = self._overcoming
        if c is None or ob is None:
            return []
        stress = list(ob["stress"])
        if not any(int(c.get(kind, 9)) <= self.DEFEND_AT for kind in stress):
            return []
        rank = c["skills"].get(ob["skill"], 0)
        spare = sorted(
            (p for p in options if c["initiative"][p] > rank), key=lambda p: c["initiative"][p]
        )
        return spare[: len(stress)]

    def _choose_location(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        locs = {loc["name"]: loc for loc in obs["locations"]}
        named = [o for o in options if o in locs]
        if not named:
            return None
        if "surges" in d.prompt:
            # a surge stops at a location without threat: end the chain there
            return min(named, key=lambda n: (locs[n]["threats"] > 0, len(locs[n]["obstacles"])))
        found = re.search(r"Where does (.+) enter play\?", d.prompt)
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

    def _choose_character(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        found = re.search(r"Who takes the (\w+) stress die showing (\d+)\?", d.prompt)
        ob = self._overcoming
        if not found or ob is None:
            return None
        kind, face = found[1], int(found[2])

        def harm(name: str) -> tuple[int, int]:
            c = self._char(obs, name)
            if c is None:
                return (1, 0)
            hurts = face > c["skills"].get(ob["skill"], 0)
            return (int(hurts), -int(c.get(kind, 0)))

        return min(options, key=harm)

    def _choose_defense(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        # asked only when a card can help: stress dice that would hurt, or a roll to see first
        return options[1] if len(options) > 1 else "done"

    def _choose_token(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "remove which" in d.prompt:
            return "hindrance"
        found = re.search(r"add (\d+) progress or (\d+) hindrance to (.+)\?", d.prompt)
        c = self._char(obs, d.who)
        if not found or c is None:
            return "progress"
        progress, hindrance, name = int(found[1]), int(found[2]), found[3]
        loc = self._loc(obs, c["location"])
        ob = next((o for o in loc["obstacles"] if o["name"] == name), None) if loc else None
        if ob is None:
            return "progress" if progress else "hindrance"
        if ob["progress"] + progress >= ob["difficulty"]:
            return "progress"  # overcome: its points for a scene, and it is gone for good
        key = (obs["year"], obs["season"], obs["turn"], c["name"], name)
        if progress and self._tries.get(key, 0) < self.MAX_TRIES:
            rank = c["skills"].get(ob["skill"], 0)
            left = ob["difficulty"] - ob["progress"] - progress
            # the tries left this turn likely finish it: an obstacle overcome is a point
            expected = (self.MAX_TRIES - self._tries.get(key, 0)) * len(c["initiative"]) * rank / 6
            if expected >= left and ob["progress"] + progress > self._activations(obs, ob):
                return "progress"
        if ob["progress"] + ob["hindrance"] + hindrance >= ob["difficulty"]:
            return "hindrance"  # enough tokens to discard it now
        if self._activations(obs, ob) > ob["progress"] + ob["hindrance"] + progress:
            return "hindrance"  # soak its activations: no threat next turn
        return "progress" if progress * 2 >= hindrance else "hindrance"

    @staticmethod
    def _activations(obs: dict[str, Any], ob: dict[str, Any]) -> int:
        """How often an obstacle activates: once, plus once per visible scene of its skill."""
        return 1 + sum(1 for scene in obs["scenes"] if scene["skill"] == ob["skill"])

    def _choose_skill(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Downtime: advance the skill of the obstacles on the map (and, less, of the scenes
        showing): progress counts the dice at or below that skill."""
        weight = {o: 0.0 for o in options}
        for loc in obs["locations"]:
            for ob in loc["obstacles"]:
                if ob["skill"] in weight:
                    weight[ob["skill"]] += 2
        for scene in obs["scenes"]:
            if scene["skill"] in weight:
                weight[scene["skill"]] += 1
        c = self._char(obs, d.who)
        if c is not None:  # a skill at 5 cannot rise: an advance there is lost
            for skill in weight:
                if c["skills"].get(skill, 0) >= 5:
                    weight[skill] = -1
        return max(options, key=lambda o: weight.get(o, 0))

    def _choose_target(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """A location picked by a card or scheme (most often for a threat): one without
        threat, so nothing surges."""
        locs = {loc["name"]: loc for loc in obs["locations"]}

        def name(o: Any) -> Any:
            return o.get("name") if isinstance(o, dict) and o.get("kind") == "location" else o

        if options and all(isinstance(name(o), str) and name(o) in locs for o in options):
            return min(
                options,
                key=lambda o: (locs[name(o)]["threats"], len(locs[name(o)]["obstacles"])),
            )
        return None

    def _choose_option(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "hinder" in options:
            return self._hinder_or_keep(obs, d)
        obstacles = [o for o in options if isinstance(o, str) and o.startswith("obstacle:")]
        if d.prompt.startswith("Reduce danger at "):
            return self._reduce_danger(obs, d, options, obstacles)
        if "threat" in options:
            return "threat"
        if obstacles:
            return obstacles[0]
        return options[0]

    REMOVE_OBSTACLE_FIRST = True

    def _reduce_danger(
        self, obs: dict[str, Any], d: Decision, options: list[Any], obstacles: list[str]
    ) -> Any:
        """Session end: an obstacle left in play activates from next year's first turn with
        no tokens on it (a move or a threat); a threat left on the map makes the next threat
        there surge. Remove an obstacle, else the threat (measured over 20 campaigns: more years
        won than removing the threat first)."""
        if obstacles and (self.REMOVE_OBSTACLE_FIRST or "threat" not in options):
            return obstacles[0]
        if "threat" in options:
            return "threat"
        return options[0]

    def _hinder_or_keep(self, obs: dict[str, Any], d: Decision) -> str:
        """Keep an obstacle whose progress the character is likely to finish this turn (a
        point, and gone for good); discard it otherwise."""
        found = re.search(r"Discard (.+) by hindering it\?", d.prompt)
        c = self._char(obs, d.who)
        loc = self._loc(obs, c["location"]) if c else None
        if not found or c is None or loc is None:
            return "hinder"
        ob = next((o for o in loc["obstacles"] if o["name"] == found[1]), None)
        if ob is None:
            return "hinder"
        key = (obs["year"], obs["season"], obs["turn"], c["name"], ob["name"])
        tries = self.MAX_TRIES - self._tries.get(key, 0)
        rank = c["skills"].get(ob["skill"], 0)
        left = ob["difficulty"] - ob["progress"]
        expected = tries * len(c["initiative"]) * rank / 6
        safe = ob["progress"] + ob["hindrance"] > self._activations(obs, ob)
        return "keep" if ob["progress"] and expected >= left and safe else "hinder"

    def _choose_card(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Finish as soon as the points are there; else the card that wastes fewest points."""
        if "finish" in options:
            return "finish"
        found = re.search(r"(\d+) of (\d+) points", d.prompt)
        need = int(found[2]) - int(found[1]) if found else 1
        points: dict[tuple[str, str], int] = {}
        for c in obs["characters"]:
            for card in (*c["assets"], *c["obstacles"]):
                points[(c["name"], card["name"])] = card["points"]

        def value(o: dict[str, Any]) -> int:
            return points.get((o["character"], o["card"]), 0)

        cards = [o for o in options if isinstance(o, dict)]
        enough = [o for o in cards if value(o) >= need]
        if enough:
            return min(enough, key=lambda o: (value(o), o["kind"] != "obstacle"))
        return max(cards, key=lambda o: (value(o), o["kind"] == "obstacle"))

    def _choose_stress(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        return max(options, key=lambda kind: c.get(kind, 0))

    def _choose_craft(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Fill the most demanding slot first (resource and face), finishing assets first."""
        placed = [o for o in options if o != "stop"]
        if not placed:
            return "stop"

        def score(o: dict[str, Any]) -> tuple[int, int]:
            owner = self._char(obs, o["character"])
            if owner is None:
                return (0, 0)
            asset = owner["in_progress"][o["index"]]
            slot = asset["recipe"][o["slot"]]
            empty = sum(1 for filled in asset["slots"] if filled is None)
            exact = (slot[0] is not None) + (slot[1] is not None)
            return (exact, -empty)

        return max(placed, key=score)


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    return BOTS[name](seed)


def default_bot(seed: int = 0) -> HeuristicBot:
    """The bot demos use: the heuristic one."""
    return HeuristicBot(seed)
