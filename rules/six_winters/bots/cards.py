"""The heuristic bot's answers about cards: whether an ability or an asset helps now (read
from its text), which option of a card to take, which card and which skill."""

from __future__ import annotations

import re
from typing import Any

from dsl.runtime import Decision
from dsl.runtime import DecisionKind as LanguageDecision

from ..contracts import DecisionKind
from ..readings import CardReading
from .knowing import Knowing, answer_to

# the prompts the bot reads, compiled once (each is matched at a decision of its kind)
_DANGER_PROMPT = re.compile(r"Reduce danger at (.+): remove what\?")
_DISCARD_PROMPT = re.compile(r"Discard (.+) by hindering it\?")
_POINTS_PROMPT = re.compile(r"(\d+) of (\d+) points")


class CardUse(Knowing):
    """Uses cards when they help (``choose_option``, ``choose_card``, ``choose_skill``)."""

    # Cards whose use costs stress, spends the card or needs a target: what a player reads on
    # them (``readings``). Used when it helps, not whenever it can be.
    def _card_helps(self, obs: dict[str, Any], option: dict[str, Any]) -> bool:
        c = self._char(obs, option["character"])
        r = self._reading(option["card"])
        if c is None:
            return False
        if r is None:
            return True
        if r.ignores:
            return False  # it defends inside an overcome, where it is offered
        for kind, amount in r.costs.items():
            if kind in ("body", "psyche") and not (int(c[kind]) >= 3 and int(c[kind]) > amount):
                return False  # the stress it costs would bring a condition near
        return self._effect_helps(obs, c, r)

    def _effect_helps(self, obs: dict[str, Any], c: dict[str, Any], r: CardReading) -> bool:
        """Whether what a card does (``r``) has something to act on now: an obstacle it places
        progress on here, one it discards (that threatens), stress to recover, dice wanted."""
        here = self._loc(obs, c["location"])
        obstacles = here["obstacles"] if here else []
        if r.progress_on is not None:
            return any(self._answers(o, r.progress_on) for o in obstacles)
        if r.discards is not None:
            return any(
                self._answers(o, r.discards) and self._dangerous(obs, o)
                for loc in obs["locations"]
                for o in loc["obstacles"]
            )
        if "initiative die" in r.gains:
            return len(c["initiative"]) < 2
        if r.recovers:
            kinds = [k for k in r.recovers if k in ("body", "psyche")]
            if r.recovers_here:
                return any(
                    o["location"] == c["location"] and int(o[k]) < self._most(o["name"], k)
                    for o in obs["characters"]
                    for k in kinds
                )
            if not r.reusable:  # spent once: kept until the pool is about to empty
                return any(int(c[k]) <= 1 for k in kinds)
            return any(int(c[k]) < self._most(c["name"], k) for k in kinds)
        return True

    def _ability_helps(self, obs: dict[str, Any], option: dict[str, Any]) -> bool:
        """Use an ability when dice lie here that no open slot takes (something to work on);
        one that acts on an obstacle only when one it names is here."""
        c = self._char(obs, option["character"])
        loc = self._loc(obs, c["location"]) if c else None
        if c is None or loc is None:
            return False
        r = self._reading(option["card"])
        if r is not None and (r.progress_on is not None or r.discards is not None):
            return self._effect_helps(obs, c, r)  # never played with nothing to act on
        slots = self._open_slots(obs, c)
        idle = [
            die
            for die in loc["dice"]
            if not any(s[0] in (None, die[0]) and s[1] in (None, die[1]) for s in slots)
        ]
        return bool(idle and slots) or bool(loc["obstacles"])

    @answer_to(DecisionKind.CHOOSE_SKILL)
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
        c = self._char(obs, d.who) or obs.get("resting", {}).get(d.who)
        if c is not None:
            for skill in weight:
                rank = c["skills"].get(skill, 0)
                if rank >= 5:  # a skill at 5 cannot rise: an advance there is lost
                    weight[skill] = -1
                elif c.get("advances", {}).get(skill, 0) + 1 > rank:
                    weight[skill] += 0.5  # this advance raises the skill now
        return max(options, key=lambda o: weight.get(o, 0))

    @answer_to(LanguageDecision.CHOOSE_OPTION)
    def _choose_option(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "hinder" in options:
            return self._hinder_or_keep(obs, d)
        c = self._char(obs, d.who)
        pools = [o for o in options if isinstance(o, str) and o.split()[-1] in ("body", "psyche")]
        if c is not None and pools and len(pools) == len(options):
            # lose the stress that leaves the pool furthest from a condition
            return max(pools, key=lambda o: int(c[o.split()[-1]]))
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
        """Session end: an obstacle left in play activates again next year (restored with its
        printed tokens); a threat left on the map makes the next threat there surge. Remove
        the obstacle that comes back with fewest tokens, else the threat (measured over 20
        campaigns: more years won than removing the threat first)."""
        found = _DANGER_PROMPT.search(d.prompt)
        loc = self._loc(obs, found[1]) if found else None
        if obstacles and (self.REMOVE_OBSTACLE_FIRST or "threat" not in options):
            if loc is not None and loc["obstacles"]:
                weakest = min(loc["obstacles"], key=lambda o: o["printed_tokens"])
                if f"obstacle:{weakest['name']}" in options:
                    return f"obstacle:{weakest['name']}"
            return obstacles[0]
        if "threat" in options:
            return "threat"
        return options[0]

    def _hinder_or_keep(self, obs: dict[str, Any], d: Decision) -> str:
        """Discard the obstacle, unless the plan was progress and what is on it will outlast
        its next activations (so the progress can be finished later for its points)."""
        found = _DISCARD_PROMPT.search(d.prompt)
        plan = self._plan_now
        if not found or plan is None or plan["goal"] != "progress":
            return "hinder"
        ob = next(
            (o for loc in obs["locations"] for o in loc["obstacles"] if o["name"] == found[1]),
            None,
        )
        if ob is None:
            return "hinder"
        safe = ob["progress"] + ob["hindrance"] > self._activations(obs, ob) + 1
        return "keep" if safe and ob["progress"] * 2 >= ob["difficulty"] else "hinder"

    @answer_to(DecisionKind.CHOOSE_CARD)
    def _choose_card(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Finish as soon as the points are there; else the card that wastes fewest points."""
        if "finish" in options:
            return "finish"
        found = _POINTS_PROMPT.search(d.prompt)
        need = int(found[2]) - int(found[1]) if found else 1
        points: dict[tuple[str, str], int] = {}
        for c in obs["characters"]:
            for card in (*c["assets"], *c["obstacles"]):
                points[(c["name"], card["name"])] = card["points"]

        # (no function of its own for a card's points: see ``_take_stress_die``)
        cards = [o for o in options if isinstance(o, dict)]
        enough = [o for o in cards if points.get((o["character"], o["card"]), 0) >= need]
        if enough:
            return min(
                enough,
                key=lambda o: (points.get((o["character"], o["card"]), 0), o["kind"] != "obstacle"),
            )
        return max(
            cards,
            key=lambda o: (points.get((o["character"], o["card"]), 0), o["kind"] == "obstacle"),
        )
