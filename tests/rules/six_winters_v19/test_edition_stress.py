"""Stress, Conditions, Knocked Out and Recover Conditions: a stress die falls as stress is taken;
stress that would take it to zero sets it back to the track's top face and moves it down onto
the first unmarked condition box, one box however much stress (the text's Lucia example); a
marked box is skipped; off the last box the character is knocked out for the rest of the
session, its token off the board; at Session End every character erases the first marked
condition of each track, and the marks stay for the next session while the dice start again at
the printed faces. Our reading: three boxes a track."""

from __future__ import annotations

from typing import Any

from edition_session import PASS, pass_to_the_end, play_as, session

from dsl.world.boxes import KNOCKED_OUT
from dsl.world.game import WorldGame, new_game
from dsl.world.together import carried, carry_into


def boxes(game: WorldGame, card: str, track: str) -> list[int]:
    return [game.ops.value(card, f"{track} condition {k}") for k in (1, 2, 3)]


def playing(winters: Any, character: str, players: int = 1) -> WorldGame:
    game = session(winters, players=players)
    game.pending()
    play_as(game, "p1", character)
    return game


def test_lucias_example(winters: Any) -> None:
    game = playing(winters, "Lucia")  # her psyche die starts at 3
    assert game.ops.value("Lucia", "psyche") == 3
    game.ops.change("Lucia", "psyche", -1, "an obstacle overcome")
    assert game.ops.value("Lucia", "psyche") == 2 and boxes(game, "Lucia", "psyche") == [0, 0, 0]
    game.ops.change("Lucia", "psyche", -4, "a bad obstacle activates")
    # one position down (the first condition, Distracted) and reset to 3: not two positions
    assert game.ops.value("Lucia", "psyche") == 3
    assert boxes(game, "Lucia", "psyche") == [1, 0, 0] and boxes(game, "Lucia", "body") == [0, 0, 0]


def test_a_marked_condition_is_skipped(winters: Any) -> None:
    game = playing(winters, "Menas")  # body 5
    game.state.values["Menas"]["body condition 1"] = 1  # left from an earlier session
    game.ops.change("Menas", "body", -5, "stress")
    assert boxes(game, "Menas", "body") == [1, 1, 0] and game.ops.value("Menas", "body") == 5


def test_off_the_bottom_the_character_is_knocked_out_for_the_session(winters: Any) -> None:
    game = playing(winters, "Keel", players=2)
    game.state.values["Keel"].update({f"psyche condition {k}": 1 for k in (1, 2, 3)})
    where = game.state.cards["Keel"]["at"]
    assert where is not None
    game.ops.change("Keel", "psyche", -9, "stress")
    game = game.clone()  # asked again, on the table as it now is
    card = game.state.cards["Keel"]
    assert card["zone"] == KNOCKED_OUT and card.get("at") is None  # off the board
    assert "Keel" not in [c for c, i in game.state.cards.items() if i.get("at") == where]
    decision = game.pending()
    assert decision is not None and decision.who == "p2"  # p1 plays no more this session
    while (decision := game.pending()) is not None:
        assert decision.who != "p1" or PASS not in decision.options
        game.apply(PASS if PASS in decision.options else decision.options[0])


def dealt(game: WorldGame) -> str:
    """The character the seed dealt p1 (the deck as dealt, unlike ``play_as``)."""
    return next(c for c, i in game.state.cards.items() if i.get("player") == "p1")


def test_recover_conditions_erases_the_first_marked_box_of_each_track(winters: Any) -> None:
    game = session(winters, seed=2)
    game.pending()
    mine = dealt(game)
    benched = next(
        c
        for c, i in game.state.cards.items()
        if i["kind"] == "character" and i.get("zone") == "character deck"
    )
    for card in (mine, benched):  # weary and bruised: weary goes, bruised stays
        game.state.values[card].update({"body condition 1": 1, "body condition 2": 1})
        game.state.values[card].update({"psyche condition 3": 1})
    pass_to_the_end(game)
    for card in (mine, benched):  # played this session or not
        assert boxes(game, card, "body") == [0, 1, 0]
        assert boxes(game, card, "psyche") == [0, 0, 0]


def test_the_marks_carry_to_the_next_session_and_the_dice_start_at_the_faces(winters: Any) -> None:
    game = session(winters, seed=2)
    game.pending()
    mine = dealt(game)
    faces = game.card_fields(mine)
    game.state.values[mine].update({f"body condition {k}": 1 for k in (1, 2)})
    game.ops.change(mine, "psyche", -9, "stress")  # the first psyche condition
    pass_to_the_end(game)  # Recover Conditions: it and the first body box erased
    left = carried(game)
    assert left["numbers"][mine]["body condition 2"] == 1
    assert "psyche" not in left["numbers"][mine]
    later = new_game(winters, seed=2, players=1)
    carry_into(later, left)
    assert boxes(later, mine, "body") == [0, 1, 0] and boxes(later, mine, "psyche") == [0, 0, 0]
    assert later.ops.value(mine, "psyche") == faces["psyche"]
    assert later.ops.value(mine, "body") == faces["body"]
