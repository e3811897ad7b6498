"""Turns: a session is played in four seasons from winter, each of one or two turns (the second
by the symbols on the decks: test_edition_advance_time.py); a turn is its actions, the refresh to
five action dice and new obstacles, with the obstacle surge of a three- and four-player game."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import keep_first, obstacles_in_play, pass_to_the_end, session

from dsl.world.deck_backs import back
from dsl.world.game import new_game
from dsl.world.pools import faces

RESOURCES = ["stability", "technology", "espionage", "military", "diplomacy", "sorcery"]


def test_a_session_is_four_seasons_of_one_or_two_turns(winters: Any) -> None:
    steps = winters.procedure.phase("Session").steps
    seasons = [step.title for step in steps if step.title in ("Winter", "Spring", "Summer", "Fall")]
    assert seasons == ["Winter", "Spring", "Summer", "Fall"]  # the second turns: Advance Time
    ends = [step.title for step in steps if step.title not in ("setup", "teardown")][-2:]
    assert ends == ["Session End", "Campaign End"]
    # seed 2: Thea is never knocked out (seed 1's Poison moves to her, the character with the
    # highest command, and knocks her out in the third turn: a character knocked out is asked
    # no more)
    game = session(winters, players=1, seed=2)
    assert 4 <= pass_to_the_end(game) <= 4 * winters.values["turns per season"]
    assert game.state.over


def test_every_player_acts_each_turn_until_all_pass(winters: Any) -> None:
    # seed 2: no character is knocked out (seed 1's Catapults, at Eastkeep since the progress
    # deck is shuffled at setup, knock one out: a character knocked out is asked no more)
    game = session(winters, players=2, seed=2)
    turns: list[Any] = []  # each turn's procedure frame, as it was met
    asked: list[list[str]] = []  # who was asked to act, turn by turn
    while (decision := game.pending()) is not None:
        if decision.kind != "action":
            game.apply(decision.options[0])
            continue
        (turn,) = [
            f for f in game.state.frames if f.kind == "procedure" and f.data["phase"] == "Turn"
        ]
        if not turns or turns[-1] is not turn:
            turns.append(turn)
            asked.append([])
        asked[-1].append(str(decision.who))
        game.apply("pass")
    assert 4 <= len(asked) <= 8
    assert all(sorted(players) == ["p1", "p2"] for players in asked)


@pytest.mark.parametrize(("players", "each_turn"), [(1, 1), (2, 1), (3, 2), (4, 3)])
def test_new_obstacles_and_the_surge_each_turn(winters: Any, players: int, each_turn: int) -> None:
    # seed 2: no character is knocked out in the first three turns (seed 1's Poison knocks out
    # the solo Thea in the third)
    game = session(winters, players=players, seed=2)
    game.pending()
    assert len(obstacles_in_play(game)) == players  # one per progress card kept, before turn 1
    for turn in range(1, 4):
        passed = 0
        while passed < players:  # each player passes; any other question takes its first option
            decision = game.pending()
            assert decision is not None
            passed += decision.kind == "action"
            game.apply("pass" if decision.kind == "action" else decision.options[0])
        while (decision := game.pending()) is not None and decision.kind != "action":
            game.apply(decision.options[0])
        # drawn from the deck (an obstacle's own text may discard one the turn drew)
        assert 90 - len(game.state.zones["obstacle deck"]) == players + turn * each_turn


def test_obstacles_come_from_the_deck_to_a_location_space(winters: Any) -> None:
    game = session(winters, players=1)
    game.pending()
    spaces = set(winters.maps["Standard starting locations"].positions)
    (where,) = obstacles_in_play(game).values()
    assert where in spaces
    assert len(game.state.zones["obstacle deck"]) == 89  # 90 printed copies, one in play


def test_the_refresh_brings_the_action_dice_back_to_five(winters: Any) -> None:
    game = session(winters, players=1)
    game.pending()
    for _ in range(3):
        game.apply("Take: Rest")
        game.pending()
        game.apply("Body")  # the track the rest recovers
        game.pending()
    assert game.state.values["p1"]["red dice"] == 2
    game.apply("pass")
    game.pending()
    assert game.state.values["p1"]["red dice"] == winters.values["action dice"]


def action_dice(game: Any, player: str = "p1") -> list[int]:
    decl = game.world.property("red dice")
    return faces(game, player, decl)


def test_the_action_dice_are_rolled_and_keep_their_faces(winters: Any) -> None:
    game = keep_first(new_game(winters, seed=1, players=1, dice=[4, 1, 5, 2, 3]))
    game.pending()
    assert action_dice(game) == [1, 2, 3, 4, 5]


def test_refresh_keeps_three_dice_and_rolls_only_the_rest(winters: Any) -> None:
    # "Actions": up to three action dice are kept for the next turn; "Refresh": the pool is
    # brought back to five, the kept dice not rerolled.
    # five action dice dealt, the seven resource pool dice at setup (full at the refresh), the
    # two sorcery assets of this seed's first winter event (Mana Flows), then the two action
    # dice the refresh rolls
    game = keep_first(
        new_game(winters, seed=1, players=1, dice=[4, 1, 5, 2, 3, *[1] * 7, 5, 5, 6, 6])
    )
    game.pending()
    game.apply("Take: Rest")  # one die spent, the lowest (our reading: the player keeps the best)
    game.pending()
    game.apply("Psyche")
    game.pending()
    assert action_dice(game) == [2, 3, 4, 5]
    game.apply("pass")
    game.pending()
    assert action_dice(game) == [3, 4, 5, 6, 6]  # 3, 4 and 5 kept; two sixes rolled


def threat_icons_in_play(game: Any, winters: Any, resource: str) -> int:
    return sum(
        list(winters.card(game.state.cards[c]["name"], "obstacle").fields["threats"]).count(
            resource
        )
        for c in obstacles_in_play(game)
    )


def test_each_threat_track_rises_by_its_icons_in_play_beyond_two(winters: Any) -> None:
    # "Threat Tracks": four military icons raise the military track by two, three diplomacy
    # icons the diplomacy track by one; a track with two icons or fewer does not move.
    game = session(winters, players=1)
    game.pending()
    military = [
        c
        for c in game.state.zones["obstacle deck"]
        if "military" in winters.card(game.state.cards[c]["name"], "obstacle").fields["threats"]
    ]
    for card in military[:4]:
        game.ops.move_card(card, at="Eastkeep", why="test")
    # the Empire's deck shows fall on top: Activation leaves the top space, Eastkeep, alone
    split = game.world.decks["obstacle"]
    deck = game.state.zones["obstacle deck"]
    (fall, *_) = [
        c
        for c in deck
        if game.card_fields(c)["region"] == "empire" and back(game, split, c) == "fall"
    ]
    deck.remove(fall)
    deck.insert(0, fall)
    before = {r: game.ops.value("", f"{r} threat") for r in RESOURCES}
    game.apply("pass")  # to the end of the turn: refresh, activation, new obstacles, threats
    game.pending()
    beyond = winters.values["threat beyond"]
    for resource in RESOURCES:
        icons = threat_icons_in_play(game, winters, resource)
        rise = max(0, icons - beyond)
        assert game.ops.value("", f"{resource} threat") == min(12, before[resource] + rise), (
            resource
        )
    assert threat_icons_in_play(game, winters, "military") >= 4


def step(winters: Any, procedure: str, title: str) -> Any:
    (found,) = [
        s for p in winters.procedure if p.name == procedure for s in p.steps if s.title == title
    ]
    return found


def test_the_threat_tracks_worked_example(winters: Any) -> None:
    # The text's example: four military icons on the obstacles raise the military track by two,
    # three diplomacy icons the diplomacy track by one.
    game = session(winters, players=1)
    game.pending()
    for card in obstacles_in_play(game):
        game.ops.move_card(card, zone="discard", why="test")

    def alone(resource: str) -> list[str]:
        return [
            c
            for c in game.state.zones["obstacle deck"]
            if list(winters.card(game.state.cards[c]["name"], "obstacle").fields["threats"])
            == [resource]
        ]

    placed = alone("military")[:4] + alone("diplomacy")[:3]
    assert len(placed) == 7
    for card in placed:
        game.ops.move_card(card, at="Eastkeep", why="test")
    before = {r: game.ops.value("", f"{r} threat") for r in RESOURCES}
    game.run_text(step(winters, "Turn", "Threat Tracks").ability, None, None)
    after = {r: game.ops.value("", f"{r} threat") for r in RESOURCES}
    rises = {r: after[r] - before[r] for r in RESOURCES}
    assert rises == {r: {"military": 2, "diplomacy": 1}.get(r, 0) for r in RESOURCES}
