"""The kernel resumes a piece where it asked (``dsl.kernel.continuations``): a piece written as
plain Python that asks through ``ctx.decide`` (as a card's compiled text does) runs once, its
questions asked on the table as it stands; copies, saved games and refusals still go back to
its snapshot. Tried on Pig (``pig.py``)."""

from __future__ import annotations

import gc
import threading
import weakref
from typing import Any

import pytest
from pig import Pig, new_pig

from dsl.kernel import PieceRefused, continuations
from dsl.kernel.dispatch import piece
from dsl.runtime import Context


class _CountingPig(Pig):
    """Pig whose roll adds each face to the stake as it is rolled, then asks; and whose hold
    asks to be sure after a change. ``started`` counts how often each piece began to run."""

    started: dict[str, int]

    @piece("roll")
    def op_roll(self, ctx: Context) -> None:
        self.started["roll"] = self.started.get("roll", 0) + 1
        st = self.state
        face = self.roll_dice(6, 1, "pig")[0]
        st.at_stake += face  # on the table before the question
        self.emit("points_at_stake", points=st.at_stake)
        while face == 2 and ctx.decide("choose_option", ["keep", "again"], "Again?") == "again":
            face = self.roll_dice(6, 1, "pig again")[0]
            st.at_stake += face
            self.emit("points_at_stake", points=st.at_stake)
        if face == 1:
            self.emit("turn_lost", player=st.players[st.current], points=st.at_stake)
            st.at_stake = 0
            self._next_player()

    @piece("hold")
    def op_hold(self, ctx: Context) -> None:
        self.started["hold"] = self.started.get("hold", 0) + 1
        st = self.state
        st.at_stake += 100  # a change made before the question, taken back with the piece
        self.emit("hold_considered")
        sure = ctx.decide("choose_option", ["yes", "no"], "Hold, sure?")
        st.at_stake -= 100
        if sure == "no":
            raise PieceRefused("changed mind")
        super().op_hold(ctx)


def _pig(**kwargs: Any) -> _CountingPig:
    game = _CountingPig(None, new_pig(**kwargs).state)
    game.started = {}
    return game


def _copy(game: _CountingPig, how: str) -> _CountingPig:
    made = game.clone() if how == "clone" else _CountingPig.from_json(None, game.to_json())
    made.started = {}
    return made


def _kinds(game: Pig) -> list[str]:
    game.pending()
    return [str(e.kind) for e in game.events]


def test_a_plain_piece_goes_on_where_it_asked_and_runs_once():
    game = _pig(dice=[2, 2, 4])
    game.apply("roll")
    assert game.pending().prompt == "Again?"
    assert game.state.at_stake == 2  # what a player sees: the table as the piece left it
    assert game.observation()["at_stake"] == 2
    game.apply("again")
    assert game.pending().prompt == "Again?" and game.observation()["at_stake"] == 4
    game.apply("again")
    assert game.state.at_stake == 8 and game.pending().prompt == "Roll or hold?"
    assert game.started == {"roll": 1}  # never run again from its start
    assert _kinds(game).count("dice_rolled") == 3


@pytest.mark.parametrize("how", ["clone", "json"])
def test_a_copy_made_at_a_question_runs_the_piece_again_to_the_same_game(how):
    game = _pig(dice=[2, 2, 4])
    game.apply("roll")
    game.apply("again")
    made = _copy(game, how)
    assert made.pending().prompt == "Again?" and made.observation() == game.observation()
    for each in (game, made):
        each.apply("again")
    assert _kinds(made) == _kinds(game) and made.state.at_stake == game.state.at_stake == 8
    assert made.started == {"roll": 1}  # from its snapshot, with the two answers
    assert game.started == {"roll": 1}  # the original went on where it stood


def test_a_plain_piece_refused_after_a_question_leaves_the_table_as_it_was():
    game = _pig(dice=[3])
    game.apply("roll")
    game.apply("hold")
    assert game.pending().prompt == "Hold, sure?" and game.observation()["at_stake"] == 103
    game.apply("no")
    assert game.state.at_stake == 3 and game.pending().options == ("roll",)
    assert _kinds(game)[-1] == "hold_refused" and "hold_considered" not in _kinds(game)


def test_the_table_dice_of_a_piece_are_asked_where_it_stands():
    game = _pig(table_dice=True)
    game.apply("roll")
    assert game.pending().kind == "roll"
    game.apply(2)
    assert game.pending().prompt == "Again?" and game.state.at_stake == 2
    game.apply("again")
    game.apply(5)
    assert game.state.at_stake == 7 and game.started == {"roll": 1}


@pytest.mark.parametrize("seed", range(4))
def test_a_game_copied_at_every_decision_goes_on_the_same(seed):
    game = _pig(seed=seed, goal=25)
    while (decision := game.pending()) is not None:
        saved, copy = _copy(game, "json"), _copy(game, "clone")
        option = decision.options[-1] if decision.prompt == "Again?" else decision.options[0]
        if game.state.at_stake >= 6 and "hold" in decision.options:
            option = "hold"
        if decision.prompt == "Hold, sure?":
            option = "yes"
        for each in (game, saved, copy):
            each.apply(option)
        assert _kinds(saved) == _kinds(copy) == _kinds(game)
        assert saved.state.at_stake == copy.state.at_stake == game.state.at_stake


def test_pieces_left_waiting_past_the_limit_are_let_go_and_go_on_by_replay(monkeypatch):
    monkeypatch.setattr(continuations, "MAX_WAITING", 3)
    games = [_pig(dice=[2, 6]) for _ in range(5)]
    for game in games:
        game.apply("roll")
        assert game.pending().prompt == "Again?"
    assert [game._live is None for game in games] == [True, True, False, False, False]
    for game in games:
        game.apply("again")
        assert game.state.at_stake == 8 and _kinds(game).count("dice_rolled") == 2
    assert [game.started["roll"] for game in games] == [2, 2, 1, 1, 1]


def test_a_game_dropped_while_a_piece_waits_is_freed_once_let_go(monkeypatch):
    monkeypatch.setattr(continuations, "MAX_WAITING", 2)
    dropped = _pig(dice=[2])
    dropped.apply("roll")
    assert dropped.pending().prompt == "Again?"
    gone = weakref.ref(dropped)
    del dropped
    for _ in range(3):  # others wait after it: the oldest is let go
        other = _pig(dice=[2])
        other.apply("roll")
        other.pending()
    gc.collect()
    assert gone() is None


def test_a_piece_that_asked_in_one_thread_is_answered_in_another():
    game = _pig(dice=[2, 2, 4])
    asked = threading.Thread(target=lambda: (game.apply("roll"), game.pending()))
    asked.start()
    asked.join()
    assert game.pending().prompt == "Again?"
    game.apply("again")  # run again from its snapshot here
    game.apply("again")
    assert game.state.at_stake == 8 and game.pending().prompt == "Roll or hold?"
