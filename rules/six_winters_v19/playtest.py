"""The v19.7 text's own playtest questions, counted per session from the world engine's counts
(``rules/text/playtest.py``): what ``chronicler simulate six-winters-v19`` reports under "The
text's questions", each a mean a session with its interval and the sessions behind it.

- Obstacle and threat pacing: obstacles put on the map, overcome by the players (each completed
  by an Overcome), taken off otherwise by a player's answer (a card's text discarding them, a
  session ended by a knock-out) and left on the map at session end; how far each threat track
  rose over the session.
- Location skills: obstacles overcome at a location of each skill, and needing each skill;
  create asset and trade (each action die spent on a resource action slot, the mastery actions
  among them) at a location of each skill.
- Character abilities: abilities the players used, in all, per ability ("abilities used: Thea
  base 2") and per character ("Thea: abilities used"), and the actions taken.
- Per character: the sessions it was played in ("Thea: played", 1 a session it was), obstacles
  it overcame (an obstacle leaving the map once the Overcome action of the player playing it
  laid the last of its dice) and stress it took (psyche and body lost). Like every figure, a
  mean over every session (0 where the character was not played): "played" says in how many it
  was.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from dsl.world.events import WorldEvent
from dsl.world.replacing import ever_places

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
    taken = 0.0  # obstacles a player's answer took off the map, overcome or not
    for subject, kind, measure, n in counts:
        if kind == "obstacle" and measure == "put on the map":
            asked["obstacles put on the map"] += n
        elif kind == "obstacle" and measure == "taken off by a player":
            taken += n  # overcome, or discarded by a card's text or a session's end: below
        elif kind == "obstacle" and measure == "taken off by the rules":
            asked["obstacles left at the end"] += n
        elif kind == "ability" and measure.startswith("chosen by a player"):
            asked["character abilities used"] += n
            asked[f"abilities used: {subject}"] += n
            asked[f"{fields[subject]['character']}: abilities used"] += n
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
    for _character, card, place in overcome(game):
        asked["obstacles overcome"] += 1
        taken -= 1
        asked[f"obstacles overcome needing {fields[card.partition('#')[0]]['skill']}"] += 1
        skill = fields.get(place, {}).get("skill", "none")
        asked[f"obstacles overcome at a location of {skill}"] += 1
    # discarded by a card's text, or cleared by a session's end that an answer brought about
    asked["obstacles taken off by a player, not overcome"] += taken
    for name, n in per_character(game).items():
        asked[name] += n
    return [(name, QUESTION, EACH_SESSION, float(n)) for name, n in sorted(asked.items())]


def overcome(game: Any) -> list[tuple[str, str, str]]:
    """Each obstacle overcome in the session, as (character, obstacle, location): an obstacle
    leaving the map once the Overcome action of the player playing that character laid the last
    of its dice. Not every obstacle a player's answer took off the map: a card's text discarding
    others, or the session's end clearing the map after an answer that knocked out the last
    character, overcomes nothing."""
    playing = _playing(game)
    places = ever_places(game)  # the map changes: dsl.world.replacing
    patterns = {
        str(c.name): c.fields["dice"] for c in game.ruleset.all_cards if c.kind == "obstacle"
    }
    laid_by: dict[str, str] = {}  # obstacle -> the character whose Overcome matched its last die
    acting = ""
    found: list[tuple[str, str, str]] = []
    for event in game.events:
        data = event.data
        if event.kind == WorldEvent.VALUE_CHANGED:
            owner, prop = str(data.get("owner")), str(data.get("property"))
            if prop == "red dice" and data.get("why") == "Overcome":
                acting = playing.get(owner, "")
            elif prop == "laid dice" and data.get("why") == "Overcome" and acting:
                if int(data["after"]) == len(patterns.get(owner.partition("#")[0], ())):
                    laid_by[owner] = acting  # its dice all matched: overcome
                else:
                    laid_by.pop(owner, None)
        elif event.kind == WorldEvent.CARD_MOVED and data.get("card_kind") == "obstacle":
            card, source = str(data["card"]), str(data.get("source"))
            if source in places and str(data.get("to")) not in places:
                if card in laid_by:
                    found.append((laid_by.pop(card), card, source))
            elif str(data.get("to")) in places:
                laid_by.pop(card, None)
    return found


def _playing(game: Any) -> dict[str, str]:
    """Each seat's character, by the seat."""
    return {
        str(info["player"]): str(info["name"])
        for info in game.state.cards.values()
        if info["kind"] == "character" and info.get("player")
    }


def per_character(game: Any) -> dict[str, float]:
    """Each played character's session: played, obstacles overcome, stress taken."""
    playing = _playing(game)
    asked: defaultdict[str, float] = defaultdict(float)
    for name in playing.values():
        for measure in ("played", "obstacles overcome", "stress taken"):
            asked[f"{name}: {measure}"] += 0
        asked[f"{name}: played"] = 1
    for event in game.events:
        data = event.data
        if event.kind == WorldEvent.VALUE_CHANGED:
            owner, prop = str(data.get("owner")), str(data.get("property"))
            if prop in ("psyche", "body") and owner in playing.values():
                asked[f"{owner}: stress taken"] += max(0, int(data["before"]) - int(data["after"]))
    for character, _card, _place in overcome(game):
        asked[f"{character}: obstacles overcome"] += 1
    return dict(asked)
