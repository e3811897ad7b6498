"""What one played world game tells a playtest report (``chronicler simulate``): each seat's
result and score, the rounds it took, and per card how often it was drawn and played. The facts
keep the seed, the seats and the answers, so the game replays without its bot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dsl.world.events import WorldEvent


def play_game(game: Any, bot: Any) -> dict[str, Any]:
    """Play the game to its end with the bot; its facts in the simulation store's shape."""
    uses = getattr(bot, "uses_observation", True)
    while (decision := game.pending()) is not None:
        obs = game.observation(decision.who) if uses else None
        game.apply(bot.choose(obs, decision))
    return facts(game)


def facts(game: Any) -> dict[str, Any]:
    st = game.state
    result = st.result
    scores = dict(result.get("scores", {}))
    winners = set(result.get("tied", ()))
    drawn: Counter[tuple[str, str]] = Counter()
    played: Counter[tuple[str, str]] = Counter()
    rounds = 0
    why = ""
    for event in game.events:
        data = event.data
        if event.kind == WorldEvent.ROUND_STARTED:
            rounds += 1
        elif event.kind == WorldEvent.CARD_MOVED:
            card = (str(data["name"]), str(data["card_kind"]))
            if str(data.get("to", "")).startswith("hand"):
                drawn[card] += 1
            if data.get("why") == "played":
                played[card] += 1
        elif event.kind == WorldEvent.GAME_ENDED:
            why = str(data.get("why", ""))
    cards = sorted(set(drawn) | set(played))
    return {
        "year": 1,
        "scheme": None,  # the store's columns of a campaign game: none here
        "characters": list(st.players),
        "won": None,  # a game of seats: who won is per seat
        "reason": why,
        "scenes_completed": 0,
        "threat_left": None,
        "turns": rounds,
        "seed": _seed(game),
        "answers": list(st.answers),
        "conditions": [],
        "cards": [
            (name, kind, drawn[(name, kind)], 0, 0, played[(name, kind)], 0) for name, kind in cards
        ],
        "scenes": [],
        "runouts": [],
        "peaks": [],
        "supply": None,
        "seats": [(p, p in winners, int(scores.get(p, 0))) for p in st.players],
    }


def _seed(game: Any) -> int:
    started = next(e for e in game.events if e.kind == WorldEvent.GAME_STARTED)
    return int(started.data["seed"])
