"""Bots for Six Winters. A bot sees a player's observation and the decision, nothing more."""

from __future__ import annotations

import random
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
    """Plays to win: crafts toward scenes, overcomes obstacles that threaten, narrates when it
    can, keeps stress away, and ends the actions step when nothing useful is left."""

    name = "heuristic"
    uses_observation = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

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
            return narrate[0]
        crafts = first("craft")
        if crafts:
            return max(crafts, key=lambda o: o["die"])
        for o in first("overcome"):
            c = self._char(obs, o["character"])
            loc = self._loc(obs, c["location"]) if c else None
            if c and loc:
                ob = loc["obstacles"][o["index"]]
                rank = c["skills"].get(ob["skill"], 0)
                good = sum(1 for die in c["initiative"] if die <= rank)
                if (
                    good >= 1
                    or len(c["initiative"]) + ob["progress"] + ob["hindrance"] >= ob["difficulty"]
                ):
                    return o
        if plays := first("ability") + first("asset"):
            return plays[0]
        if (musters := first("muster")) and self._wants_dice(obs):
            return musters[0]
        moves = first("move")
        target = self._move_target(obs, moves)
        if target is not None:
            return target
        return "done"

    def _wants_dice(self, obs: dict[str, Any]) -> bool:
        return any(c["in_progress"] for c in obs["characters"])

    def _move_target(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """Step toward a location with dice for an unfinished asset, or toward a scene."""
        for move in moves:
            c = self._char(obs, move["character"])
            if c is None or c["action_points"] < 3:
                continue
            here = self._loc(obs, c["location"])
            dest = self._loc(obs, move["to"])
            if here is None or dest is None:
                continue
            if self._useful_dice(c, dest) > self._useful_dice(c, here):
                return move
            if dest["obstacles"] and not here["obstacles"] and c["initiative"]:
                return move
        return None

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
        assets = [o for o in options if o.startswith("asset:")]
        if c is not None and len(c["in_progress"]) < 2 and assets:
            staging = {a["name"]: a for a in obs["asset_staging"]}
            return max(assets, key=lambda o: staging.get(o[6:], {}).get("points", 0))
        if "initiative" in options and c is not None and len(c["initiative"]) < 4:
            return "initiative"
        return options[0]

    def _choose_asset(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        staging = {a["name"]: a for a in obs["asset_staging"]}
        named = [o for o in options if o in staging]
        if not named:
            return "none"
        return min(named, key=lambda n: (len(staging[n]["recipe"]), -staging[n]["points"]))

    def _choose_many(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "defense" in d.prompt:
            c = self._char(obs, d.who)
            if c is None:
                return []
            # keep the dice that add progress; defend with the highest of the rest
            positions = sorted(options, key=lambda p: c["initiative"][p])
            return positions[-1:] if len(positions) > 2 else []
        return options[: max(d.min_choices, len(options))]

    def _choose_token(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "remove which" in d.prompt:
            return "hindrance"
        return "progress" if "add 0 progress" not in d.prompt else "hindrance"

    def _choose_option(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "hinder" in options:
            return "hinder"
        if "threat" in options:
            return "threat"
        return options[0]

    def _choose_card(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "finish" in options:
            return "finish"
        obstacles = [o for o in options if isinstance(o, dict) and o["kind"] == "obstacle"]
        return (obstacles or options)[0]

    def _choose_stress(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        return max(options, key=lambda kind: c.get(kind, 0))

    def _choose_craft(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        placed = [o for o in options if o != "stop"]
        return placed[0] if placed else "stop"


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def make_bot(name: str, seed: int = 0) -> RandomBot | HeuristicBot:
    return BOTS[name](seed)


def default_bot(seed: int = 0) -> HeuristicBot:
    """The bot demos use: the heuristic one."""
    return HeuristicBot(seed)
