"""Players as things (``dsl.kernel.players``), tried on Sealed Bids (``sealed_bids.py``): each
player sees only what they may, a sealed bid stays face down to the others and out of the
public log until the bids are shown, and the game ends with a result per player."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sealed_bids import new_auction

from dsl.kernel import FACE_DOWN, PlayerEvent, SealedDecision, play, ranked


def _to_bo(first_bid: int, seed: int = 3):
    """A game at Bo's first bid, Ann having bid ``first_bid``."""
    game = new_auction(seed)
    decision = game.pending()
    assert (decision.who, decision.kind) == ("Ann", "bid")
    game.apply(first_bid)
    return game


def _told(game, player):
    return [(str(e.kind), e.data) for e in game.events_for(player)]


def test_every_player_bids_without_seeing_the_others_bids():
    low, high = _to_bo(2), _to_bo(7)
    asked_low, asked_high = low.pending(), high.pending()
    assert isinstance(asked_low, SealedDecision) and asked_low.players == ("Ann", "Bo")
    assert asked_low.who == "Bo" and asked_low == asked_high
    # whatever Ann bid, Bo's question, view and events are the same
    assert low.observation("Bo") == high.observation("Bo")
    assert low.observation("Bo")["bids"] == {"Ann": FACE_DOWN}
    assert _told(low, "Bo") == _told(high, "Bo")
    # Ann sees her own bid, and the public log says only that she has bid
    assert low.observation("Ann")["bids"] == {"Ann": 2}
    public = _told(low, None)
    assert ("choice_made", {"player": "Ann"}) in public
    assert not any(kind == PlayerEvent.CHOICE_SEALED for kind, _ in public)


def test_the_bids_are_shown_to_everyone_once_all_have_bid():
    game = _to_bo(2)
    game.apply(5)
    game.pending()  # the round ends: the bids are shown, round 2 asks Ann
    shown = [data for kind, data in _told(game, None) if kind == "choice_revealed"]
    assert shown == [{"what": "round 1", "choices": {"Ann": 2, "Bo": 5}}]
    won = [data for kind, data in _told(game, None) if kind == "prize_won"]
    assert won[0]["player"] == "Bo" and won[0]["paid"] == 5
    assert game.observation("Ann")["coins"] == {"Ann": 10, "Bo": 5}


class Peeker:
    """Would outbid whatever it can read of the other bids: it finds only ``face down``."""

    uses_observation = True

    def __init__(self) -> None:
        self.seen_others: list[Any] = []

    def choose(self, observation: dict[str, Any], decision: Any) -> Any:
        others = [b for p, b in observation["bids"].items() if p != decision.who]
        self.seen_others += others
        readable = [b for b in others if isinstance(b, int)]
        bid = max(readable) + 1 if readable else 1
        return bid if bid in decision.options else decision.options[-1]


def test_a_bot_that_would_peek_finds_no_other_bid_in_what_it_sees():
    peeker = Peeker()
    game = play(new_auction(5, players=("Ann", "Bo", "Cy")), peeker)
    assert game.is_over()
    # in every round the second and third bidders found bids made before theirs, face down
    assert peeker.seen_others and set(peeker.seen_others) == {FACE_DOWN}
    # the log Cy may read holds Cy's own sealed bids only; the referee's log holds them all
    told_cy = [e for e in game.events_for("Cy") if e.kind == PlayerEvent.CHOICE_SEALED]
    assert told_cy and {e.data["player"] for e in told_cy} == {"Cy"}
    sealed = [e for e in game.events if e.kind == PlayerEvent.CHOICE_SEALED]
    assert {e.seen_by for e in sealed} == {("Ann",), ("Bo",), ("Cy",)}
    # and what Cy sees at the end holds no face-down bid: every round's bids were shown
    assert FACE_DOWN not in json.dumps(game.observation("Cy"))


def test_a_game_saved_or_copied_between_two_bids_goes_on_the_same():
    game = _to_bo(4)
    saved = type(game).from_json(None, game.to_json())
    copy = game.clone()
    for other in (saved, copy):
        assert other.pending() == game.pending()
        assert other.observation("Bo") == game.observation("Bo")
    for answer in (6, 1, 1, 3, 0):
        for each in (game, saved, copy):
            each.apply(answer)
    for other in (saved, copy):
        assert other.is_over() == game.is_over()
        assert [(e.kind, e.data) for e in other.events] == [(e.kind, e.data) for e in game.events]
        assert _told(other, "Ann") == _told(game, "Ann")


def test_the_game_ends_with_a_result_for_every_player():
    game = new_auction(3)
    for answer in (2, 5, 3, 1, 0, 0):  # Bo takes round 1, Ann round 2, nobody round 3
        game.apply(answer)
    assert game.is_over()
    prizes = [data["prize"] for kind, data in _told(game, None) if kind == "prize_shown"]
    assert game.returns() == {"Ann": float(prizes[1]), "Bo": float(prizes[0])}
    standing = game.standing()
    best = "Ann" if prizes[1] > prizes[0] else "Bo"
    assert standing.winners == (best,)
    assert standing.place(best) == 1 and standing.place("Ann" if best == "Bo" else "Bo") == 2


def test_tied_players_share_a_place():
    standing = ranked({"Ann": 3, "Bo": 5, "Cy": 3, "Di": 1})
    assert standing.winners == ("Bo",)
    assert standing.ranking == (("Bo",), ("Ann", "Cy"), ("Di",))
    assert [standing.place(p) for p in ("Bo", "Ann", "Cy", "Di")] == [1, 2, 2, 4]
    assert ranked({"Ann": 2, "Bo": 2}).winners == ("Ann", "Bo")
    with pytest.raises(KeyError):
        standing.place("Ed")
