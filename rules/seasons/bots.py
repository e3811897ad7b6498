"""Bots for Seasons: random, and a heuristic bot that reads only its own observation (the
numbers, the pieces on the map, the cards it may see, the board with others' face-down orders
as ``face down``) and answers by rules of thumb. Bots count apart from the rules' Python.

``--bot heuristic,random`` seats a different bot per seat, in seat order (``MixedBot``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dsl.kernel.search import InfoSetSearch, RootSearch
from dsl.runtime import Decision
from dsl.world.bots import RandomBot

ARMS = ("North", "South", "East", "West")  # the map's arm of each seat (map.rules)
SEASON_WORTH = {"Spring": 3, "Summer": 2, "Autumn": 2, "Winter": 1}  # cards.rules
# what the bot likes doing with an order's effort, best first
ACTING = ("Hunt", "Build", "Douse", "Research", "Recruit", "Feast", "Steal", "March")
BUILD_PREFERENCE = ("Market Hall", "Granary", "Shrine", "Barracks", "Town Hall")
# the final scoring as the bot reckons it (ruleset.rules, cards.rules): points a building, a
# warrior, the artifact-set table by set size; gold still to be spent counted at a guess
BUILDING_POINTS, WARRIOR_POINTS, GOLD_GUESS = 5, 2, 0.3
SET_POINTS = (0, 1, 2, 4, 7, 10, 14, 20)


def _mine(obs: dict[str, Any], piece: str) -> int:
    me = obs["you"]
    return sum(held.get(f"{piece}@{me}", 0) for held in obs["pieces"].values())


def _arm(obs: dict[str, Any]) -> str:
    return ARMS[obs["players"].index(obs["you"])]


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
        if decision.kind == "pay_or_refuse":  # a second sacrifice for a blessing
            return _mine(obs, "peasant") + _mine(obs, "warrior") > 4
        best = max(options, key=lambda o: (self.worth(obs, decision, o), -options.index(o)))
        return decision.options[options.index(best)]

    def desire(self, obs: dict[str, Any], action: str) -> float:
        me = obs["you"]
        values = obs["values"][me]
        arm = _arm(obs)
        built = [t for t in obs["on map"].values() if t.startswith(arm)]
        monsters = any(
            held.get("monster") and held.get(f"warrior@{me}") for held in obs["pieces"].values()
        )
        fires = any(h.get("fire") for t, h in obs["pieces"].items() if t.startswith(arm))
        return {
            "Work": 3.0 if values.get("gold", 0) >= 2 and len(built) < 3 else 2.0 if fires else 0.5,
            "Recruit": 2.6 if _mine(obs, "peasant") < 5 else 1.0,
            "Feast": 3.2 if values.get("happiness", 0) <= 4 else 1.2,
            "Move": 2.4 if monsters else 1.4 if _mine(obs, "warrior") else 0.3,
            "Steal": 1.5,
        }.get(action, 1.0)

    def worth(self, obs: dict[str, Any], decision: Decision, option: str) -> float:
        me = obs["you"]
        if " on " in option and ", face " in option:  # placing an order
            what, _, face = option.rpartition(", face ")
            action, _, season = what.partition(" on ")
            mine = [o for o in obs["orders"] if o["player"] == me]
            again = any(o["card"] == action for o in mine)
            return (
                self.desire(obs, action) * SEASON_WORTH.get(season, 1)
                - 4 * again
                + (0.1 if face == "down" else 0)
            )
        if option.startswith("act: "):
            return 2.0 if self.desire(obs, option[5:]) >= 1.5 else 0.5
        if option.startswith("take "):
            return 1.0
        if option.startswith("Play: "):
            return 5.0
        if option.startswith("Buy: "):
            return 3.0 if obs["values"][me].get("gold", 0) >= 6 else -1.0
        if option == "done":
            return 0.0
        label = option.partition(": ")[0]
        if label in ACTING:
            return 4.0 - 0.5 * ACTING.index(label)
        prompt = decision.prompt
        if prompt.startswith("build"):
            name = option.partition(" on ")[0]
            free = option.partition(" on ")[2] not in obs["on map"].values()
            return (len(BUILD_PREFERENCE) - BUILD_PREFERENCE.index(name)) + 10 * free
        if prompt.startswith("recruit"):
            return 2.0 if option.startswith("peasant") else 1.0
        if prompt.startswith("move"):
            return 2.0 if option.endswith("Combat Area") else 0.0
        if prompt.startswith("steal"):
            return float(obs["values"].get(option, {}).get("gold", 0))
        if prompt.startswith("sacrifice"):
            return 2.0 if option.startswith("peasant") else 1.0
        return self.rng.random()


def reckon(obs: dict[str, Any], player: str) -> float:
    """``player``'s final score as it would stand now, from what the observation shows (the
    buildings on their arm, their warriors, happiness, artifact sets less the penalty), and a
    guess for their gold."""
    arm = ARMS[obs["players"].index(player)]
    built = sum(1 for tile in obs["on map"].values() if tile.startswith(arm))
    warriors = sum(held.get(f"warrior@{player}", 0) for held in obs["pieces"].values())
    treasure = obs["zones"].get(f"treasure@{player}", [])
    types: dict[str, int] = {}
    for name in treasure if isinstance(treasure, list) else ():
        kind = name.rpartition(" ")[2]  # Disc, Charm, Idol: one type each (cards.rules)
        types[kind] = types.get(kind, 0) + 1
    values = obs["values"][player]
    return (
        BUILDING_POINTS * built
        + WARRIOR_POINTS * warriors
        + values.get("happiness", 0)
        + sum(SET_POINTS[min(n, len(SET_POINTS) - 1)] for n in types.values())
        - max(0, len(types) - 1)
        + GOLD_GUESS * values.get("gold", 0)
    )


def reckoned_margin(obs: dict[str, Any], me: str | None) -> float:
    """The observer's reckoned score less the best other's (``reckon``)."""
    mine = reckon(obs, str(me))
    others = [reckon(obs, p) for p in obs["players"] if p != me]
    return mine - (max(others) if others else 0.0)


def _placing(decision: Decision) -> bool:
    """A question of where an order goes (``Work on Spring, face down``)."""
    return any(", face " in str(o) for o in decision.options)


def _ranked_by(heuristic: HeuristicBot) -> Callable[[Any, Decision], list[Any]]:
    """A decision's options, the heuristic bot's best first: what the searches look at."""

    def rank(obs: Any, decision: Decision) -> list[Any]:
        options = list(decision.options)
        return sorted(options, key=lambda o: -heuristic.worth(obs, decision, str(o)))

    return rank


class LookaheadBot(RootSearch):
    """Looks ahead where its orders go: the heuristic bot's ``width`` best placements are each
    played out to the end of the game on copies as its seat knows it (others' face-down orders
    and the hidden cards dealt again, the dice drawn afresh), every seat then played by the
    heuristic bot, with the same copies and seeds for every placement; the worse half is
    dropped each round (``dsl.kernel.search.RootSearch``). It places the order whose playouts
    end with the best score margin. Every other question it answers as the heuristic bot.
    ``playouts`` a placement (or ``seconds``)."""

    def __init__(
        self, seed: int = 0, *, playouts: int = 48, width: int = 6, seconds: float | None = None
    ) -> None:
        heuristic = HeuristicBot(seed)
        super().__init__(
            seed,
            fallback=heuristic,
            rollout=HeuristicBot,
            rank=_ranked_by(heuristic),
            searched=_placing,
            playouts=playouts,
            width=width,
            seconds=seconds,
        )


class IsmctsBot(InfoSetSearch):
    """An information-set tree search over where its orders go (``InfoSetSearch``): each
    iteration deals a copy as its seat knows the game (others' face-down orders and hidden
    cards dealt again, the dice drawn afresh), walks its tree of its own placements (the
    heuristic bot's ``width`` best at each), and plays on with the heuristic bot in every seat
    until ``horizon`` more placements are due (then scored by ``reckoned_margin`` from its
    seat's observation) or the game ends (the score margin). ``playouts`` iterations a
    placement, or ``seconds``; with ``halving`` the placement itself is chosen by sequential
    halving over common random numbers (the tree below it as ever). Every other question
    answered as the heuristic bot."""

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 32,
        width: int = 4,
        seconds: float | None = None,
        horizon: int | None = 4,
        halving: bool = False,
    ) -> None:
        heuristic = HeuristicBot(seed)
        super().__init__(
            seed,
            fallback=heuristic,
            rollout=HeuristicBot,
            rank=_ranked_by(heuristic),
            searched=_placing,
            playouts=playouts,
            width=width,
            seconds=seconds,
            horizon=horizon,
            estimate=reckoned_margin,
            root_halving=halving,
        )


class MixedBot:
    """One bot per seat (``p1`` the first named), for ``--bot heuristic,random``."""

    uses_observation = True

    def __init__(self, bots: list[Any]) -> None:
        self.bots = bots

    def bind(self, game: Any) -> MixedBot:
        for bot in self.bots:
            if hasattr(bot, "bind"):
                bot.bind(game)
        return self

    def choose(self, obs: Any, decision: Decision) -> Any:
        seat = int(str(decision.who or "p1").lstrip("p") or 1) - 1
        return self.bots[seat % len(self.bots)].choose(obs, decision)


BOTS: dict[str, type] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "lookahead": LookaheadBot,
    "ismcts": IsmctsBot,
}
# the options each searching bot takes (``make``)
SEARCHING = {
    "lookahead": ("playouts", "width", "seconds"),
    "ismcts": ("playouts", "width", "seconds", "horizon", "halving"),
}


class Names(tuple[str, ...]):
    """The bots' names; a comma list of them names a bot per seat."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and all(p.strip() in BOTS for p in name.split(","))


def make(name: str, seed: int, **options: Any) -> Any:
    """The bot named (a comma list: one a seat); ``options`` go to the searching bots, each
    taking those it knows (``SEARCHING``: ``playouts``, ``width``, ``seconds``, ``horizon``)."""

    def one(part: str, seed: int) -> Any:
        known = {k: v for k, v in options.items() if k in SEARCHING.get(part, ())}
        return BOTS[part](seed, **known)

    parts = [p.strip() for p in name.split(",")]
    if len(parts) == 1:
        return one(parts[0], seed)
    return MixedBot([one(p, seed + i) for i, p in enumerate(parts)])
