"""The v19.7 text's own playtest questions, counted per session from the world engine's counts
(``rules/text/playtest.py``): what ``chronicler simulate six-winters-v19`` reports under "The
text's questions", each a mean a session with its interval and the sessions behind it.

- Obstacle and threat pacing: obstacles put on the map, overcome by the players and left on the
  map at session end; how far each threat track rose over the session.
- Location skills: obstacles overcome at a location of each skill, and needing each skill;
  create asset and trade (each action die spent on a resource action slot, the mastery actions
  among them) at a location of each skill.
- Character abilities: abilities the players used (none can be yet: a player's character is
  not a form, STATUS.md form 7), and the actions taken.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from dsl.world.events import WorldEvent

QUESTION = "question"
DICE = "red dice"  # procedure.rules: the action dice a resource action spends
EACH_SESSION = "a session"


def questions(
    game: Any, counts: list[tuple[str, str, str, float]]
) -> list[tuple[str, str, str, float]]:
    """The questions' figures of one session, from the game and its generic counts."""
    fields = {str(c.name): dict(c.fields) for c in game.ruleset.all_cards}
    asked: defaultdict[str, float] = defaultdict(float)
    for name in ("obstacles put on the map", "obstacles overcome", "obstacles left at the end"):
        asked[name] += 0
    for subject, kind, measure, n in counts:
        if kind == "obstacle" and measure == "put on the map":
            asked["obstacles put on the map"] += n
        elif kind == "obstacle" and measure == "taken off by a player":
            asked["obstacles overcome"] += n
            asked[f"obstacles overcome needing {fields[subject]['skill']}"] += n
        elif kind == "obstacle" and measure == "taken off by the rules":
            asked["obstacles left at the end"] += n
        elif kind == "place" and measure == "obstacle taken off here by a player":
            skill = fields.get(subject, {}).get("skill", "none")
            asked[f"obstacles overcome at a location of {skill}"] += n
        elif kind == "ability" and measure.startswith("chosen by a player"):
            asked["character abilities used"] += n
        elif kind == "action" and measure.startswith("chosen by a player"):
            asked[f"actions taken: {subject}"] += n
    asked["character abilities used"] += 0
    for name in ("create asset", "trade"):
        asked[f"{name}: every location"] += 0
    first: dict[str, str] = {}  # where each player's token stood before its first move
    for event in game.events:
        if event.kind == WorldEvent.PAWN_MOVED:
            first.setdefault(str(event.data["player"]), str(event.data["source"]))
    at = {p: first.get(p) or str(game.ops.pawn_at(p)) for p in game.state.players}
    for event in game.events:
        data = event.data
        if event.kind == WorldEvent.PAWN_MOVED:
            at[str(data["player"])] = str(data["to"])
        why = str(data.get("why", ""))
        if event.kind == WorldEvent.VALUE_CHANGED and data.get("property") == DICE and why:
            action = "create asset" if why.startswith("Create ") else "trade"
            if why.startswith(("Create ", "Trade ")) and data["after"] < data["before"]:
                skill = fields.get(at.get(str(data["owner"]), ""), {}).get("skill", "none")
                asked[f"{action}: every location"] += 1
                asked[f"{action} at a location of {skill}"] += 1
    start: dict[str, float] = {}
    for event in game.events:
        data = event.data
        if event.kind == WorldEvent.VALUE_CHANGED and data.get("owner") in ("", None):
            start.setdefault(str(data["property"]), float(data["before"]))
    for subject, kind, measure, n in counts:
        if kind == "number" and subject.endswith(" threat") and measure == "at the end":
            asked[f"{subject} track: rise over the session"] += n - start.get(subject, n)
            asked[f"{subject} track: space at the end"] += n
    return [(name, QUESTION, EACH_SESSION, float(n)) for name, n in sorted(asked.items())]
