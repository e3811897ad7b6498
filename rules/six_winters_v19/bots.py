"""Bots for Six Winters v19.7: the world engine's random bot, and a heuristic bot that reads only
its own observation (the action dice, where the character tokens stand, which obstacles are on
the map) and the cards' printed facts (an obstacle's difficulty, a location's region and
movement costs: what every player sees on the table), and answers by rules of thumb:

- overcome the hardest obstacle at its location it can pay for;
- else move to the region with the most obstacles, to the location there with the most (a
  session's action dice are refilled each turn, so dice left unspent are wasted);
- rest never (it recovers nothing until a character's stress is text), take no action it does
  not know, and otherwise pass.

Bots count apart from the rules' Python (issue 29's 1,500 lines).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

from dsl.runtime import Decision
from dsl.world.bots import RandomBot

FOLDER = Path(__file__).resolve().parent
DICE = "red dice"  # procedure.rules: a player's action dice
TOKEN = "character token"
MOVES = {"Move to the Empire": "empire", "Move to Red Bank": "redbank"}
MOVES["Move to the Settled Lands"] = "settled"


@cache
def _printed() -> tuple[dict[str, int], dict[str, dict[str, Any]]]:
    """Each obstacle's difficulty and each place card's fields, as the cards print them."""
    from dsl.loader import load_ruleset

    compiled = load_ruleset(FOLDER)
    difficulty = {
        c.name: int(c.fields["difficulty"]) for c in compiled.all_cards if c.kind == "obstacle"
    }
    places = {c.name: dict(c.fields) for c in compiled.all_cards if c.kind in ("location", "peril")}
    return difficulty, places


def _name(card: str) -> str:
    """A copy's card id ("Restless Dead#2") as its printed name."""
    return card.partition("#")[0]


class HeuristicBot:
    """Rules of thumb over what its seat sees."""

    uses_observation = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Any, decision: Decision) -> Any:
        options = [str(o) for o in decision.options]
        if decision.max_choices > 1 or decision.kind == "choose_many":
            return list(decision.options)[: decision.min_choices]
        if len(options) == 1:
            return decision.options[0]
        scores = [self.worth(obs, decision.prompt, o) for o in options]
        best = max(range(len(options)), key=lambda i: (scores[i], self.rng.random()))
        return decision.options[best]

    # -- what the seat sees ----------------------------------------------------------------
    @staticmethod
    def here(obs: dict[str, Any]) -> str | None:
        mine = f"{TOKEN}@{obs['you']}"
        return next((p for p, held in obs["pieces"].items() if held.get(mine)), None)

    @staticmethod
    def obstacles(obs: dict[str, Any]) -> dict[str, list[int]]:
        """Place -> the difficulties of the obstacles there."""
        difficulty, _ = _printed()
        at: dict[str, list[int]] = {}
        for card, place in obs["on map"].items():
            if _name(card) in difficulty:
                at.setdefault(str(place), []).append(difficulty[_name(card)])
        return at

    def worth(self, obs: dict[str, Any], prompt: str, option: str) -> float:
        dice = int(obs["values"][obs["you"]].get(DICE, 0))
        at = self.obstacles(obs)
        here = self.here(obs)
        _, places = _printed()
        if option == "Take: Overcome":
            payable = [d for d in at.get(here or "", []) if d <= dice]
            return 10.0 + max(payable) if payable else -1.0
        if option.startswith("Take: Move to "):
            region = MOVES.get(option.removeprefix("Take: "))
            cost = (places.get(here or "", {}).get(f"{region} cost")) if region else None
            if cost is None or cost > dice:
                return -1.0
            there = [
                d
                for p, ds in at.items()
                if places.get(p, {}).get("region") == region and p != here
                for d in ds
            ]
            reachable = [d for d in there if d <= dice - cost]
            return (5.0 if reachable else 1.0) + len(there) * 0.5 - cost * 0.1 if there else -1.0
        if option == "Take: Rest":
            return -2.0
        if option == "pass":
            return 0.0
        if option.startswith("Take: "):  # an action this bot does not know: pass before it
            return -0.5
        if prompt.startswith("Choose an obstacle"):
            difficulty, _ = _printed()
            d = difficulty.get(_name(option), 99)
            return float(d) if d <= dice else -float(d)
        if prompt.startswith("Choose a") and option in places:
            found = at.get(option, [])
            return len(found) + 0.1 * sum(1 for d in found if d <= dice)
        return self.rng.random()


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def make(name: str, seed: int) -> Any:
    return BOTS[name](seed)
