"""The v19.7 text's own playtest questions, counted per session from the world engine's counts
(``rules/text/playtest.py``): what ``chronicler simulate six-winters-v19`` reports under "The
text's questions", each a mean a session with its interval and the sessions behind it.

- Obstacle and threat pacing: obstacles put on the map, overcome by the players and left on the
  map at session end; how far each threat track rose over the session.
- Location skills: obstacles overcome at a location of each skill, and needing each skill.
- Character abilities: abilities the players used (none can be yet: a player's character is
  not a form, STATUS.md form 7), and the actions taken.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from dsl.world.events import WorldEvent

QUESTION = "question"
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
