"""The heuristic bot's answers about assets: which asset to take (points per action point of
its recipe), which slot to fill, and dice spent that the year no longer needs."""

from __future__ import annotations

from typing import Any

from dsl.runtime import Decision

from ..contracts import DecisionKind
from .knowing import Knowing, answer_to


class Crafting(Knowing):
    """Takes and crafts assets (``choose_take``, ``choose_asset``, ``choose_craft``)."""

    def _spend_surplus(
        self, obs: dict[str, Any], by_act: dict[str, list[dict[str, Any]]], turn: tuple[Any, ...]
    ) -> Any:
        """Before the turn ends: action points the refresh would lose to the cap (above the
        maximum less a turn's gain) go to a muster or a trade for an open recipe slot of the
        party, else to steps toward a place that produces what a slot needs."""
        keep = obs.get("action_points_max", 8) - obs.get("action_points_per_turn", 4)
        rich = {c["name"] for c in obs["characters"] if c["action_points"] > keep}
        if not rich:
            return None
        wanted = {
            slot[0]
            for c in obs["characters"]
            for asset in c["in_progress"]
            for slot, filled in zip(asset["recipe"], asset["slots"], strict=True)
            if filled is None
        }
        any_slot = None in wanted
        for o in by_act.get("muster", []):
            if o["character"] in rich and (any_slot or o["resource"] in wanted):
                return o
        if wanted:  # dice of what is made here trade (two for one) into what a slot needs
            for o in by_act.get("muster", []):
                if o["character"] in rich:
                    return o
        for o in by_act.get("trade", []):
            c = self._char(obs, o["character"])
            if (
                c is not None
                and o["character"] in rich
                and (any_slot or o["get"] in wanted)
                and self._spare(obs, c, o)
            ):
                return o
        producing = [
            loc["name"] for loc in obs["locations"] if any_slot or set(loc["produces"]) & wanted
        ]
        if not producing:
            return None
        dist = self._distances(obs, producing)
        for o in by_act.get("move", []):
            c = self._char(obs, o["character"])
            if c is None or o["character"] not in rich or o.get("by"):
                continue
            if o["to"] in self._visited.get((*turn, c["name"]), set()):
                continue
            if dist.get(o["to"], 99) < dist.get(c["location"], 99):
                self._visited.setdefault((*turn, c["name"]), set()).add(c["location"])
                return o
        return None

    @answer_to(DecisionKind.CHOOSE_TAKE)
    def _choose_take(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        assets = [o for o in options if o.startswith("asset:")]
        obstacles = any(loc["obstacles"] for loc in obs["locations"])
        want = self.MIN_DICE + (self.MORE_DICE if obstacles else 0)
        if (
            "initiative" in options
            and len(c["initiative"]) < want
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
    MORE_DICE = 2  # with obstacles on the map: dice to defend and hinder with
    MAX_IN_PROGRESS = 1

    def _asset_worth(self, obs: dict[str, Any], c: dict[str, Any], card: dict[str, Any]) -> float:
        """Points (and a skill matching visible scenes) per action point its recipe likely
        costs: a die of a resource produced on the map is a muster (3), any other a trade of
        two (7); a slot asking for one face wants several tries."""
        worth = float(card.get("points", 0))
        skill = card.get("skill")
        if skill and any(scene["skill"] == skill for scene in obs["scenes"]):
            worth += 1
        produced, lying = self._on_the_map(obs)
        cost = 0.0
        for slot in card.get("recipe", []):
            if any(slot[0] in (None, r) and slot[1] in (None, f) for r, f in lying):
                cost += 1.5
                continue
            step = 2.0 if slot[0] is None else 3.0 if slot[0] in produced else 7.0
            cost += step * (self.FACE_COST if slot[1] is not None else 1)
        return worth / max(cost, 1.0)

    @answer_to(DecisionKind.CHOOSE_ASSET)
    def _choose_asset(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        staging = {a["name"]: a for a in obs["asset_staging"]}
        named = [o for o in options if o in staging]
        if not named:
            return "none"
        return min(named, key=lambda n: (len(staging[n]["recipe"]), -staging[n]["points"]))

    @answer_to(DecisionKind.CHOOSE_CRAFT)
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
