"""Bots for Six Winters v19.7: the world engine's random bot, and a heuristic bot that reads only
its own observation (the action dice, where the character tokens stand, which obstacles are on
the map) and the cards' printed facts (an obstacle's difficulty, a location's region and
movement costs: what every player sees on the table), and answers by rules of thumb:

- overcome an obstacle at its location its action dice match (the one they match most, all of
  it best), or any there while it holds a die (the defence's reroll may match it, and an
  attempt spends no die);
- else move to the region with the most obstacles, to the location there with the most (a
  session's action dice are refilled each turn, so dice left unspent are wasted);
- lay every asset die that fits on its progress card (free: no action die), nearer the end
  square first, keep the starting card whose path is shortest, and create an asset it can
  before moving (assets are what progress cards are filled with);
- create an asset at its location when the pool holds a die its action dice cover that an
  obstacle there lacks and neither its dice nor the assets there show (assets are laid on the
  obstacle when it is overcome), else with a spare die (more than the three kept into the next
  turn: the rest are lost at the refresh); trade with a spare die, more gladly into its
  location's pool when that brings a face an obstacle there lacks (the next Create Asset takes
  it); every die of one value (the stability mastery) and a run of dice one apart (the
  espionage mastery) weigh as much as they move;
- use an ability that turns a die of one value into others (Thea's 4 into a 5) when it holds
  a die of that value the obstacles here do not need and the dice made match a face they lack
  (so before the Overcome it makes possible), an action die rather than an asset when both
  can go; no other ability (it does not weigh them);
- with the military mastery, bring the assets of a military location (the board's military
  spaces) to its own location when it stands elsewhere and they hold some;
- rest never (it recovers nothing until a character's stress is text), take no action it does
  not know, and otherwise pass.

Bots count apart from the rules' Python (issue 29's 1,500 lines).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from dsl.runtime import Decision
from dsl.world.bots import RandomBot

FOLDER = Path(__file__).resolve().parent
DICE = "red dice"  # procedure.rules: a player's action dice
LAID = "laid dice"  # procedure.rules: the dice laid on an obstacle
TOKEN = "character token"
MOVES = {"Move to the Empire": "empire", "Move to Red Bank": "redbank"}
MOVES["Move to the Settled Lands"] = "settled"
KEPT = 3  # ruleset.rules: "action dice kept" into the next turn; the others are lost
RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")
WHEEL: dict[str, tuple[str, ...]] = {
    r: (n,) for r, n in zip(RESOURCES[:5], RESOURCES[1:5] + RESOURCES[:1], strict=True)
}
WHEEL["sorcery"] = RESOURCES[:5]  # ruleset.rules: relation trade


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


@cache
def _patterns() -> dict[str, tuple[int, ...]]:
    """Each obstacle's obstacle dice, as the card prints them."""
    from dsl.loader import load_ruleset

    compiled = load_ruleset(FOLDER)
    return {c.name: tuple(c.fields["dice"]) for c in compiled.all_cards if c.kind == "obstacle"}


@cache
def _turns() -> dict[str, tuple[int, tuple[int, ...]]]:
    """Each ability that turns a die of one value into dice of printed values: its 'uses' and
    'gives', as the card prints them."""
    from dsl.loader import load_ruleset

    compiled = load_ruleset(FOLDER)
    found = {}
    for c in compiled.all_cards:
        uses = [d.get("face") for d in c.fields.get("uses") or ()]
        gives = [d.get("face") for d in c.fields.get("gives") or ()]
        if c.kind == "ability" and len(uses) == 1 and gives and None not in (*uses, *gives):
            found[c.name] = (int(uses[0]), tuple(int(g) for g in gives))
    return found


def _faces(held: dict[str, Any], pool: str) -> Counter[int]:
    """The faces of a pool an observation shows (``red dice#6``: how many show 6)."""
    return Counter({f: int(held.get(f"{pool}#{f}", 0)) for f in range(1, 7)})


def _prospect(obs: dict[str, Any], card: str) -> float:
    """How well this seat's dice answer an obstacle: above 10 when they match all it lacks,
    above 4 when they match some, else 2 while it holds a die (an attempt rerolls them all and
    spends none: the defence's reroll may match it), -1 with none."""
    lacking = Counter(_patterns().get(_name(card), ()))
    lacking.subtract(_faces(obs["values"].get(card, {}), LAID))
    lacking = +lacking
    held = obs["values"][obs["you"]]
    mine = _faces(held, DICE)
    need = sum(lacking.values())
    matched = sum(min(n, mine[f]) for f, n in lacking.items())
    if need == 0 or int(held.get(DICE, 0)) == 0:
        return -1.0
    if matched == need:
        return 10.0 + need
    if matched:
        return 4.0 + matched
    return 2.0


SQUARE = re.compile(r"at row (\d+), column (\d+) of (.+)$")


@cache
def _paths() -> dict[str, list[list[dict[str, Any] | None]]]:
    """Each progress card's dice path, as the card prints it."""
    from dsl.loader import load_ruleset

    compiled = load_ruleset(FOLDER)
    return {c.name: c.fields["path"] for c in compiled.all_cards if c.kind == "mission"}


def _shortest(path: list[list[dict[str, Any] | None]]) -> int:
    """The fewest dice from a start square to an end square (squares touching at a side or a
    corner): a card a bot may finish sooner."""
    starts = [
        (r, c) for r, row in enumerate(path) for c, sq in enumerate(row) if sq and sq["start"]
    ]
    ends = [(r, c) for r, row in enumerate(path) for c, sq in enumerate(row) if sq and sq["end"]]
    return min((max(abs(a - x), abs(b - y)) + 1 for a, b in starts for x, y in ends), default=16)


def _toward_the_end(option: str, square: re.Match[str]) -> float:
    """A die laid nearer the card's end square first; among them a square asking for more (a
    face, a type, a region) first, keeping the white squares for the dice nothing else takes."""
    row, column = int(square.group(1)) - 1, int(square.group(2)) - 1
    path = _paths().get(_name(square.group(3)))
    if path is None:
        return 0.0
    ends = [(r, c) for r, line in enumerate(path) for c, sq in enumerate(line) if sq and sq["end"]]
    near = min((max(abs(row - r), abs(column - c)) for r, c in ends), default=4)
    asked = path[row][column] or {}
    picky = sum(asked.get(k) is not None for k in ("die", "face", "group", "step"))
    return 10.0 - near + 0.1 * picky


def _lacking_here(obs: dict[str, Any], here: str | None) -> Counter[int]:
    """The faces the obstacles at ``here`` lack that neither this seat's dice nor the assets
    there show."""
    lacking: Counter[int] = Counter()
    for card, place in obs["on map"].items():
        if place == here and _name(card) in _patterns():
            need = Counter(_patterns()[_name(card)])
            need.subtract(_faces(obs["values"].get(card, {}), LAID))
            lacking.update(+need)
    held = obs["values"].get(here or "", {})
    for resource in RESOURCES:
        lacking.subtract(_faces(held, f"{resource} assets"))
    lacking.subtract(_faces(obs["values"][obs["you"]], DICE))
    return +lacking


HAUL = "Take: Move Military Assets"
HAUL_FROM = "a location with row of 2"  # its question: where from


@cache
def _military_spaces() -> tuple[str, ...]:
    """The places on the board's military spaces as the map prints them (the top of the
    Empire's and Red Bank's columns: procedure.rules' "Move Military Assets")."""
    from dsl.loader import load_ruleset

    compiled = load_ruleset(FOLDER)
    return tuple(
        name
        for game_map in compiled.maps.values()
        for name, (column, row) in game_map.positions.items()
        if row == 2 and column <= 1
    )


def _assets(obs: dict[str, Any], place: str) -> int:
    """How many asset dice lie at ``place``, every type."""
    held = obs["values"].get(place, {})
    return sum(int(held.get(f"{resource} assets", 0)) for resource in RESOURCES)


def _resource_action(option: str) -> tuple[str, str, str] | None:
    """("create" or "out" or "into", the resource, how many: "one", "every" die of one value or
    a "run") an option names."""
    words = option.removeprefix("Take: ").casefold().split()
    every = "every" if "value" in words else ("run" if "run" in words else "one")
    resource = next((w for w in words if w in RESOURCES), None)
    if resource is None:
        return None
    if words[0] == "create":
        return "create", resource, every
    if words[0] == "trade":
        return ("into" if "into" in words else "out"), resource, every
    return None


def _dice_chosen(option: str) -> list[str]:
    """The faces of a set of dice offered as "6, 5, 5" ("none": no die)."""
    return [] if option == "none" else option.split(", ")


def _name(card: str) -> str:
    """A copy's card id ("Restless Dead#2") as its printed name."""
    return card.partition("#")[0]


class HeuristicBot:
    """Rules of thumb over what its seat sees."""

    uses_observation = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.hauling = False  # "Move Military Assets" taken: where they go is asked next

    def choose(self, obs: Any, decision: Decision) -> Any:
        options = [str(o) for o in decision.options]
        if decision.max_choices > 1 or decision.kind == "choose_many":
            return list(decision.options)[: decision.min_choices]
        if len(options) == 1:
            return decision.options[0]
        scores = [self.worth(obs, decision.prompt, o) for o in options]
        best = max(range(len(options)), key=lambda i: (scores[i], self.rng.random()))
        if options[best] == HAUL or decision.prompt == "Choose a location":
            self.hauling = options[best] == HAUL
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
            cards = [c for c, p in obs["on map"].items() if p == here and _name(c) in _patterns()]
            return max((_prospect(obs, c) for c in cards), default=-1.0)
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
        if option.startswith("Use: "):
            return self.turning(obs, option.removeprefix("Use: "), here)
        if option == HAUL:  # free: a military location's assets to where it stands
            full = [p for p in _military_spaces() if p != here and _assets(obs, p)]
            return 7.0 if here is not None and full else -0.5
        if prompt.startswith(f"Choose {HAUL_FROM}"):
            return float(_assets(obs, option))
        if self.hauling and prompt == "Choose a location":
            return 1.0 if option == here else 0.0
        if option == "Take: Fill Progress":  # free: asset dice, no action die
            return 8.0
        if (square := SQUARE.search(option)) is not None:  # which die where on a progress card
            return _toward_the_end(option, square)
        if prompt.startswith("Which mission") and _name(option) in _paths():
            return -float(_shortest(_paths()[_name(option)]))
        if option == "Take: Rest":
            return -2.0
        action = _resource_action(option) if option.startswith("Take: ") else None
        if action is not None:
            worth = self.resource_worth(obs, here, *action)
            if action[0] == "create" and worth > -1.0:  # assets fill progress cards too
                return max(worth, 4.5)
            return worth
        if option == "pass":
            return 0.0
        if option.startswith("Take: "):  # an action this bot does not know: pass before it
            return -0.5
        if _name(option) in _patterns():  # which obstacle to target
            return _prospect(obs, option)
        if prompt == "Which die?":  # an ability's die: an action die, which overcome uses
            return 1.0 + self.rng.random() if option.endswith(f"of {DICE}") else self.rng.random()
        if prompt.startswith(f"Which {DICE} to keep"):  # kept: the dice above the mean
            return sum(int(f) - 3.5 for f in _dice_chosen(option))
        if prompt.startswith(f"Which {DICE} to lay on"):  # laid: every one that matches
            return float(len(_dice_chosen(option)))
        if prompt.startswith("Which ") and option.isdigit():  # which die moves
            return (5.0 if _lacking_here(obs, here)[int(option)] else 0.0) + int(option) * 0.1
        if prompt.startswith("Choose a") and option in places:
            found = at.get(option, [])
            return len(found) + 0.1 * sum(1 for d in found if d <= dice)
        return self.rng.random()

    def turning(self, obs: dict[str, Any], ability: str, here: str | None) -> float:
        """An ability turning a spare die into faces the obstacles here lack: worth more than
        an Overcome that would not yet match; any other ability: not used."""
        turn = _turns().get(ability)
        if turn is None or here is None:
            return -1.0
        uses, gives = turn
        lacking: Counter[int] = Counter()
        for card, place in obs["on map"].items():
            if place == here and _name(card) in _patterns():
                missing = Counter(_patterns()[_name(card)])
                missing.subtract(_faces(obs["values"].get(card, {}), LAID))
                lacking |= +missing
        mine = _faces(obs["values"][obs["you"]], DICE)
        spare = mine[uses] > lacking[uses]
        wanted = any(lacking[g] > mine[g] for g in gives)
        return 9.0 if spare and wanted else -1.0

    @staticmethod
    def resource_worth(
        obs: dict[str, Any], here: str | None, how: str, resource: str, every: str
    ) -> float:
        """Create Asset or Trade on the pool of ``resource`` (``how``: create, out or into)."""
        mine = _faces(obs["values"][obs["you"]], DICE)
        dice = sum(mine.values())
        table = obs["values"].get("", {})
        sources = (
            [r for r, led in WHEEL.items() if resource in led] if how == "into" else [resource]
        )
        shown: Counter[int] = Counter()
        for source in sources:
            shown.update(_faces(table, f"{source} resource dice"))
        top = max((f for f, n in mine.items() if n), default=0)
        can = [f for f, n in shown.items() if n and (mine[f] if every == "every" else f <= top)]
        if not can:
            return -1.0
        moved = max(shown[f] for f in can) if every == "every" else 1
        if every == "run":  # the longest run down from a die it can start from
            moved = max(next(k for k in range(f + 1) if not shown[f - k]) for f in can)
        spare = dice > KEPT
        useful = any(_lacking_here(obs, here)[f] for f in can)
        if how == "create":
            worth = 3.5 if useful else (0.6 if spare else -0.2)
        elif how == "into":
            worth = 1.0 if useful and spare else (0.3 if spare else -0.3)
        else:
            worth = 0.3 if spare else -0.3
        return worth + 0.1 * (moved - 1)


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def make(name: str, seed: int) -> Any:
    return BOTS[name](seed)
