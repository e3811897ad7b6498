"""What one played world game tells a playtest report (``chronicler simulate``): each seat's
result and score (with the bot that played it and its place in the first turn order), its score
by category (the outcome's categories), what it used (the orders it resolved, the cards it
gained and those it played, from the game's events), the rounds and decisions the game took,
and per card how often it was drawn and played. The facts keep the seed, the seats and the
answers, so the game replays without its bot.

``counts`` (the store's ``counts`` table, the report's ``counts`` figure) are what any world game
can count, per session: the events of each kind, each card put on the map (at a place) and
taken off it, by a player or by the procedure (the events that follow a player's answer other
than ``pass``, up to the next question, are that player's), each card a player's answer names
("Take: Overcome" chooses the card Overcome), the cards a player took off the map at each place,
and each number of the table at the end. A ruleset's own playtest adds its questions to them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dsl.world.events import WorldEvent
from dsl.world.replacing import ever_places

PASS = "pass"


def seated(spec: str, seed: int) -> list[str]:
    """The bots of a comma list (``heuristic,random``) in seat order for the game of ``seed``:
    the list turned by the seed, so over a run each bot sits in each seat as often (game 0:
    the first named in the first seat; game 1: the second named there)."""
    names = [n.strip() for n in spec.split(",")]
    turn = seed % len(names)
    return names[turn:] + names[:turn]


def play_game(game: Any, bot: Any, bots: list[str] | None = None) -> dict[str, Any]:
    """Play the game to its end with the bot (``bots``: the name of the one in each seat); its
    facts in the simulation store's shape."""
    uses = getattr(bot, "uses_observation", True)
    by_players: list[bool] = [False] * len(game.events)  # each event: did a player's answer do it?
    while (decision := game.pending()) is not None:
        by_players += [False] * (len(game.events) - len(by_players))
        obs = game.observation(decision.who) if uses else None
        answer = bot.choose(obs, decision)
        game.apply(answer)
        by_players += [str(answer) != PASS] * (len(game.events) - len(by_players))
    return facts(game, by_players, bots)


Count = tuple[str, str, str, float]  # subject, its kind, what is counted, how many


def counts(game: Any, by_players: list[bool]) -> list[Count]:
    """The game-agnostic counts of one session (the module's docstring)."""
    kinds = {str(c.name): str(c.kind) for c in game.ruleset.all_cards}
    places = ever_places(game)  # the map changes: dsl.world.replacing
    tally: Counter[tuple[str, str, str]] = Counter()
    for k, event in enumerate(game.events):
        tally[(str(event.kind), "event", "a session")] += 1
        if event.kind != WorldEvent.CARD_MOVED:
            continue
        data = event.data
        card, kind = str(data["name"]), str(data["card_kind"])
        source, to = str(data.get("source", "")), str(data.get("to", ""))
        player = k < len(by_players) and by_players[k]
        if to in places and source not in places:
            tally[(card, kind, "put on the map")] += 1
        if source in places and to not in places:
            tally[
                (card, kind, "taken off by a player" if player else "taken off by the rules")
            ] += 1
            if player:
                tally[(source, "place", f"{kind} taken off here by a player")] += 1
    for answer in game.state.answers:
        label, colon, card = str(answer).partition(": ")
        if colon and card in kinds:
            tally[(card, kinds[card], f"chosen by a player ({label})")] += 1
    rows: list[Count] = [(s, k, m, float(n)) for (s, k, m), n in sorted(tally.items())]
    for name, value in sorted(game.state.values.get("", {}).items()):
        if isinstance(value, int | float) and not isinstance(value, bool):
            rows.append((str(name), "number", "at the end", float(value)))
    return rows


def _used(game: Any) -> list[tuple[str, str, str, str, int]]:
    """Per seat, what it used: each order card resolved (``ordered``), each card that came to
    it (``gained``: bought, built, drawn) and each it played (``played``), counted."""
    players = set(game.state.players)
    kinds = {
        card.name: kind
        for kind in game.ruleset.vocabulary.card_kinds
        for card in game.ruleset.cards(kind)
    }
    used: Counter[tuple[str, str, str, str]] = Counter()
    for event in game.events:
        data = event.data
        if event.kind == WorldEvent.ORDER_RESOLVED:
            card = str(data["card"])
            used[(str(data["player"]), kinds.get(card, "order"), card, "ordered")] += 1
        elif event.kind == WorldEvent.CARD_MOVED and data.get("owner") in players:
            owner, card, kind = str(data["owner"]), str(data["name"]), str(data["card_kind"])
            if data.get("why") == "played":
                used[(owner, kind, card, "played")] += 1
            elif not str(data.get("source", "")).endswith(f"@{owner}"):
                used[(owner, kind, card, "gained")] += 1
    return [(*key, n) for key, n in sorted(used.items())]


def _places(game: Any) -> dict[str, int]:
    """Each seat's place in the first turn order (1: first), else its seat number."""
    players = list(game.state.players)
    first = next((e for e in game.events if e.kind == WorldEvent.TURN_ORDER), None)
    order = [str(p) for p in first.data.get("order", ())] if first is not None else []
    order = order if set(order) == set(players) else players
    return {p: order.index(p) + 1 for p in players}


def facts(
    game: Any, by_players: list[bool] | None = None, bots: list[str] | None = None
) -> dict[str, Any]:
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
    places = _places(game)
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
        "seats": [
            (p, p in winners, int(scores.get(p, 0)), bots[i] if bots else None, places[p])
            for i, p in enumerate(st.players)
        ],
        "counts": counts(game, by_players or []),
        "decisions": len(st.answers),
        "categories": [
            (p, category, int(points))
            for p, by in dict(result.get("categories", {})).items()
            for category, points in by.items()
        ],
        "uses": _used(game),
    }


def _seed(game: Any) -> int:
    started = next(e for e in game.events if e.kind == WorldEvent.GAME_STARTED)
    return int(started.data["seed"])
