"""Seed 004, "Time Structure": the nested scales as the procedure (time.rules). A season plays
expeditions until its weeks are spent; an expedition plays its encounters one after another,
then the company rests; an encounter is played as in test_encounters.py. The season's length,
an expedition's encounters and what a rest recovers are our readings (declared values)."""

from __future__ import annotations

from encounter import AWAY, COMPANY, INITIATIVE

from dsl.runtime import DecisionKind
from dsl.world.events import WorldEvent
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME


def table(delve, *, adversaries_away: bool = False) -> WorldGame:  # type: ignore[no-untyped-def]
    """The table before an expedition: the caster at camp, and the adversaries too when none
    is met; Wenna tired and strained from before."""
    game = new_game(delve, seed=4, players=1, dice=INITIATIVE * 8)
    away = (*AWAY, "Tunnel Rat", "Rat Chief") if adversaries_away else AWAY
    for model in away:
        game.ops.move_card(model, zone="camp", why="the GM: not met")
    game.ops.set("Wenna Ashgrove", "fatigue", 4, why="before")
    game.ops.set("Wenna Ashgrove", "stress", 2, why="before")
    return game


def play_out(game: WorldGame, limit: int = 200) -> None:
    """Every activation passed, and no adversary brought in at a setup, until the procedure
    asks nothing more."""
    for _ in range(limit):
        asked = game.pending()
        if asked is None:
            return
        none = {DecisionKind.CHOOSE_MANY: [], DecisionKind.CHOOSE_VALUE: 0}  # no copies either
        game.apply(none.get(asked.kind, "pass"))
    raise AssertionError("the procedure did not end")


def changes(game: WorldGame, name: str) -> list[int]:
    return [
        e.data["after"]
        for e in game.state.events
        if e.kind == WorldEvent.VALUE_CHANGED and e.data["property"] == name
    ]


def test_the_readings_where_the_seed_is_silent_are_declared_values(delve):
    values = ("season length", "expedition length", "rest fatigue", "rest stress")
    assert {v: delve.values[v] for v in values} == {
        "season length": 12,
        "expedition length": 3,
        "rest fatigue": 3,
        "rest stress": 1,
    }


def test_an_expedition_plays_its_encounters_one_after_another_then_rests(delve):
    game = table(delve)
    game.start_phase("Expedition")
    for _ in ("Tunnel Rat", "Rat Chief"):  # the setup asks how many copies of each: none
        game.apply(0)
    assert game.pending().who == "Wenna Ashgrove"  # the first encounter's first activation
    assert game.ops.value(GAME, "encounters") == 3
    for adversary in ("Tunnel Rat", "Rat Chief"):
        game.ops.move_card(adversary, zone="routed", why="routed")
    play_out(game)  # the round ends; the two encounters left meet no one
    assert changes(game, "encounters") == [3, 2, 1, 0]
    assert game.ops.value("Wenna Ashgrove", "fatigue") == 4 - 3
    assert game.ops.value("Wenna Ashgrove", "stress") == 2 - 1
    assert game.ops.value("Odo Vantry", "fatigue") == 0  # none to shed: stays at 0


def test_a_season_plays_expeditions_until_its_weeks_are_spent(delve):
    game = table(delve, adversaries_away=True)
    game.start_phase("Season")
    play_out(game)
    assert changes(game, "weeks") == [12, *range(11, -1, -1)]  # one a week: 12 expeditions
    assert changes(game, "encounters").count(3) == 12
    assert {m: game.ops.value(m, "fatigue") for m in COMPANY} == dict.fromkeys(COMPANY, 0)


def test_an_encounter_s_setup_asks_the_gm_which_adversaries_come_in(delve):
    game = table(delve, adversaries_away=True)  # both wait at camp
    game.start_phase("Encounter")
    asked = game.pending()
    assert asked.kind == DecisionKind.CHOOSE_MANY
    assert sorted(asked.options) == ["Rat Chief", "Tunnel Rat"]
    assert (asked.min_choices, asked.max_choices) == (0, 2)  # any number of them
    game.apply(["Tunnel Rat"])
    assert game.pending().options == tuple(range(10))  # copies of it: none to 9
    game.apply(0)
    assert game.state.cards["Tunnel Rat"]["at"] and not game.state.cards["Rat Chief"]["at"]
    assert game.ops.value(GAME, "adversary pool") == 1  # the Tunnel Rat's share only
    assert game.pending().who == "Wenna Ashgrove"  # the first activation of round 1


def test_an_encounter_with_no_adversary_brought_in_ends_at_once(delve):
    game = table(delve, adversaries_away=True)
    game.start_phase("Encounter")
    game.apply([])  # none: its rounds are played until no adversary is in play
    assert game.state.round == 0 and changes(game, "initiative score") == []
    assert game.pending().kind == DecisionKind.CHOOSE_MANY  # the next encounter's setup asks
