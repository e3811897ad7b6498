"""The game kernel (``dsl.kernel``): the session machine, chance points and the table's pieces,
tried on Pig (``pig.py``), a game that shares nothing with the rulesets."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from pig import Pig, new_pig

from dsl.kernel import (
    Board,
    Die,
    IllegalMove,
    KernelDecision,
    Meter,
    PieceRefused,
    Supply,
    TableError,
    Visibility,
    Zone,
    play,
    replay,
)
from dsl.kernel.dispatch import piece
from dsl.kernel.machine import PLAY_GEN0_THRESHOLD, Machine
from dsl.kernel.random import GameRandom


class FirstOption:
    uses_observation = True

    def __init__(self, prefer: str = "roll", holds_at: int = 8) -> None:
        self.holds_at = holds_at

    def choose(self, observation, decision):
        if "hold" in decision.options and observation["at_stake"] >= self.holds_at:
            return "hold"
        return decision.options[0]


def kinds(game):
    game.pending()  # the machine runs up to the next decision when asked for it
    return [str(e.kind) for e in game.events]


def stake(game):
    game.pending()
    return game.state.at_stake


def test_a_scripted_die_decides_the_roll_and_the_machine_asks_what_the_rules_ask():
    game = new_pig(dice=[4, 1])
    assert game.pending().options == ("roll", "hold")
    game.apply("roll")
    assert stake(game) == 4
    game.apply("roll")  # the 1: the turn's points are lost, and it is Bo's turn
    assert stake(game) == 0
    assert game.pending().who == "Bo"
    assert kinds(game) == ["dice_rolled", "points_at_stake", "dice_rolled", "turn_lost"]


def test_a_decision_inside_a_piece_is_asked_on_the_table_as_the_piece_left_it():
    game = new_pig(dice=[2, 5])
    game.apply("roll")
    decision = game.pending()
    assert decision.prompt == "Roll it again?" and decision.options == ("keep", "again")
    # the 2 is rolled and told: whoever answers sees the table as it is now
    assert game.state.dice_script == [5]
    assert kinds(game) == ["dice_rolled"]
    game.apply("again")
    assert stake(game) == 5
    assert kinds(game) == ["dice_rolled", "dice_rolled", "points_at_stake"]


def test_a_refused_piece_is_taken_back_and_not_offered_until_the_table_changes():
    game = new_pig(dice=[3])
    game.apply("hold")  # nothing at stake
    assert kinds(game) == ["hold_refused"]
    assert game.pending().options == ("roll",)
    game.apply("roll")
    assert game.pending().options == ("roll", "hold")


def test_an_answer_that_is_not_an_option_is_an_illegal_move():
    game = new_pig()
    with pytest.raises(IllegalMove, match="not among the options"):
        game.apply("pass")


def test_the_table_dice_are_asked_as_chance_points_and_replay_like_answers():
    game = new_pig(table_dice=True)
    game.apply("roll")
    asked = game.pending()
    assert asked.kind == KernelDecision.ROLL
    assert asked.options == (1, 2, 3, 4, 5, 6)
    game.apply(2)  # the table rolled a 2: may roll it again
    assert game.pending().prompt == "Roll it again?"
    game.apply("again")
    assert game.pending().kind == KernelDecision.ROLL
    game.apply(6)
    assert stake(game) == 6
    assert [e.data["faces"] for e in game.events if e.kind == "dice_rolled"] == [[2], [6]]
    # the same answers on a new game give the same game
    again = replay(new_pig(table_dice=True), game.state.answers)
    assert kinds(again) == kinds(game)


def test_the_generator_gives_the_same_game_for_the_same_seed():
    one = play(new_pig(seed=11), FirstOption())
    two = play(new_pig(seed=11), FirstOption())
    other = play(new_pig(seed=12), FirstOption())
    assert one.is_over() and one.state.winner is not None
    assert [e.data for e in one.events] == [e.data for e in two.events]
    assert [e.data for e in one.events] != [e.data for e in other.events]


def test_a_clone_has_the_same_future_and_changes_apart():
    game = new_pig(seed=5)
    game.apply("roll")
    copy = game.clone()
    play(game, FirstOption())
    assert copy.state.winner is None
    play(copy, FirstOption())
    assert [e.data for e in copy.events] == [e.data for e in game.events]


@pytest.mark.parametrize("seed", range(10))
def test_a_game_saved_as_json_at_any_decision_goes_on_the_same(seed):
    game = new_pig(seed=seed, goal=15)
    bot = FirstOption(holds_at=6)
    while (decision := game.pending()) is not None:
        saved = type(game).from_json(None, game.to_json())
        answer = bot.choose(game.observation(), decision)
        saved.apply(answer)
        game.apply(answer)
        assert kinds(saved) == kinds(game)


def test_a_zone_shows_its_cards_only_to_who_may_see_them():
    hand = Zone("hand", ["a", "b"], Visibility.OWNED, owner="Ann")
    deck = Zone("deck", ["c", "d", "e"], Visibility.HIDDEN, ordered=False)
    assert hand.seen_by("Ann") == ["a", "b"] and hand.seen_by("Bo") == 2
    assert deck.seen_by("Ann") == 3
    assert deck.draw(2) == ["c", "d"] and deck.cards == ["e"]
    with pytest.raises(TableError, match="has 1 cards; 2 wanted"):
        deck.draw(2)
    deck.put("x", bottom=False)
    deck.shuffle(GameRandom(1))
    assert sorted(deck.cards) == ["e", "x"] and not deck.ordered


def test_a_meter_stays_within_its_bounds_and_refuses_what_it_cannot_pay():
    pool = Meter(3, maximum=5)
    assert pool.add(4) == 2 and pool.full
    assert pool.take(9) == 5 and pool.empty
    with pytest.raises(TableError, match="cannot pay 1"):
        pool.spend(1)


def test_a_supply_is_finite_and_counts_what_is_in_play():
    dice = Supply.of({"red": 2})
    assert dice.take("red", 3) == 2 and dice.left("red") == 0 and dice.in_play("red") == 2
    dice.give_back("red")
    assert dice.left("red") == 1
    with pytest.raises(TableError, match="only 1 red are in play"):
        dice.give_back("red", 2)


def test_a_die_shows_only_faces_it_has():
    die = Die("red", 3)
    die.set(6)
    with pytest.raises(TableError, match="a d6 has no face 7"):
        die.set(7)


def test_a_board_is_a_graph_and_a_grid_is_one_too():
    grid = Board.grid({"a": (0, 0), "b": (1, 0), "c": (2, 0), "d": (0, 1)})
    assert sorted(grid.adjacent("a")) == ["b", "d"]
    assert grid.distances(["c"]) == {"c": 0, "b": 1, "a": 2, "d": 3}
    assert grid.path("d", "c") == ["d", "a", "b", "c"]
    ring = Board.of(["x", "y", "z", "far"], [("x", "y"), ("y", "z"), ("z", "x")])
    assert ring.path("x", "far") is None
    with pytest.raises(TableError, match="no place 'w'"):
        ring.join("w", "x")


class _Blob(Machine):
    """A game whose whole state is JSON data that may hold bytes."""

    def __init__(self, ruleset: Any, state: Any) -> None:
        super().__init__(state)
        self.ruleset = ruleset

    def encode_state(self) -> Any:
        return self.state

    @classmethod
    def decode_state(cls, ruleset: Any, data: Any) -> Any:
        return data


def test_bytes_in_a_saved_state_come_back_as_bytes_however_the_key_is_written():
    saved = _Blob(None, {"snap": b"\x00\xff", "name": "x"}).to_json()
    assert _Blob.from_json(None, saved).state == {"snap": b"\x00\xff", "name": "x"}
    escaped = saved.replace('"__bytes__"', '"\\u005f_bytes__"')  # the same key, escaped
    assert escaped != saved
    assert _Blob.from_json(None, escaped).state["snap"] == b"\x00\xff"


class _Watching(FirstOption):
    """Notes how the cycle collector is set at each decision of the game it plays."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[tuple[int, ...], int]] = []

    def choose(self, observation: Any, decision: Any) -> Any:
        self.seen.append((gc.get_threshold(), gc.get_freeze_count()))
        return super().choose(observation, decision)


def test_playing_a_game_tunes_the_collector_for_it_and_puts_it_back():
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    bot = _Watching()
    play(new_pig(seed=11), bot)
    threshold, frozen = bot.seen[0]
    assert threshold[0] == max(before[0], PLAY_GEN0_THRESHOLD)
    assert frozen > 0  # what was alive before the game is out of the collector's walks
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, 0)


def test_a_process_that_froze_objects_of_its_own_keeps_them_frozen():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        play(new_pig(seed=11), FirstOption())
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_a_game_played_the_same_whatever_the_collector_does():
    # the collector settings change no answer and no event
    tuned = play(new_pig(seed=11), FirstOption())
    bot, game = FirstOption(), new_pig(seed=11)
    while (decision := game.pending()) is not None:  # the same game, played by hand
        game.apply(bot.choose(game.observation(decision.who), decision))
    assert tuned.events == game.events


class _PlaysAnother(FirstOption):
    """At its first decision plays a whole other game (as a look-ahead bot plays copies)."""

    def __init__(self) -> None:
        super().__init__()
        self.inner: _Watching | None = None

    def choose(self, observation: Any, decision: Any) -> Any:
        if self.inner is None:
            self.inner = _Watching()
            play(new_pig(seed=12), self.inner)
            self.after_inner = (gc.get_threshold()[0], gc.get_freeze_count() > 0)
        return super().choose(observation, decision)


def test_a_game_played_inside_another_leaves_the_outer_one_tuned_and_all_put_back():
    before = gc.get_threshold()
    bot = _PlaysAnother()
    play(new_pig(seed=11), bot)
    assert bot.inner is not None and bot.inner.seen[0][0][0] == max(before[0], PLAY_GEN0_THRESHOLD)
    assert bot.after_inner == (max(before[0], PLAY_GEN0_THRESHOLD), True)
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, 0)


class _GeneratorPig(Pig):
    """Pig whose roll is a piece written as a generator, and whose hold asks "sure?" before
    it is refused with nothing at stake."""

    @piece("roll")
    def op_roll(self, ctx):
        st = self.state
        face = self.roll_dice(6, 1, "pig")[0]
        if face == 2:
            again = yield ctx.question("choose_option", ["keep", "again"], "Roll it again?")
            if again == "again":
                face = self.roll_dice(6, 1, "pig again")[0]
        if face == 1:
            self.emit("turn_lost", player=st.players[st.current], points=st.at_stake)
            st.at_stake = 0
            self._next_player()
        else:
            st.at_stake += face
            self.emit("points_at_stake", points=st.at_stake)

    @piece("hold")
    def op_hold(self, ctx):
        st = self.state
        st.at_stake += 0  # a change made before the question: the piece is taken back whole
        self.emit("hold_considered")
        sure = yield ctx.question("choose_option", ["yes", "no"], "Hold, sure?")
        if sure == "no" or st.at_stake == 0:
            raise PieceRefused("nothing is at stake" if sure == "yes" else "changed mind")
        super().op_hold(ctx)


def _generator_pig(**kwargs: Any):
    game = new_pig(**kwargs)
    return _GeneratorPig(None, game.state)


def test_a_piece_written_as_a_generator_goes_on_where_it_asked():
    game = _generator_pig(dice=[2, 5])
    game.apply("roll")
    assert game.pending().prompt == "Roll it again?"
    assert game.state.dice_script == [5] and kinds(game) == ["dice_rolled"]
    saved = type(game).from_json(None, game.to_json())
    copy = game.clone()
    for each in (game, saved, copy):
        assert each.pending().prompt == "Roll it again?"
        each.apply("again")
        assert stake(each) == 5
        assert kinds(each) == ["dice_rolled", "dice_rolled", "points_at_stake"]


def test_a_generator_piece_refused_after_a_question_leaves_the_table_as_it_was():
    game = _generator_pig(dice=[3])
    game.apply("hold")
    assert game.pending().prompt == "Hold, sure?"
    assert kinds(game) == ["hold_considered"]
    game.apply("yes")
    assert kinds(game) == ["hold_refused"]  # the piece's own event is taken back with it
    assert game.pending().options == ("roll",) and game.state.at_stake == 0


@pytest.mark.parametrize("seed", range(6))
def test_a_generator_game_saved_at_any_decision_goes_on_the_same(seed):
    game = _generator_pig(seed=seed, goal=15)
    bot = FirstOption(holds_at=6)
    while (decision := game.pending()) is not None:
        saved = type(game).from_json(None, game.to_json())
        answer = bot.choose(game.observation(), decision)
        saved.apply(answer)
        game.apply(answer)
        assert kinds(saved) == kinds(game)
