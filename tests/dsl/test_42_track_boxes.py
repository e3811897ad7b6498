"""A number over a track of boxes (``dsl/world/boxes.py``), tried on *Hero Road*, a made-up game
of scouts: "scars are 3 boxes of scouts, marked when grit falls to 0" sends a scout's grit back
to its printed grit and marks the next unmarked scar when grit would reach 0, however far it
falls; a marked scar is skipped; with all three marked a fall knocks the scout out (off the map,
its player passing every action phase); "Erase a scar." unmarks the first marked one; the scars
carry to the campaign's next session while grit starts again at its printed face."""

from __future__ import annotations

import pytest
from test_33_played_cards import ROAD

from dsl.loader import Source, check_sources, load_text
from dsl.world.boxes import KNOCKED_OUT
from dsl.world.game import WorldGame, new_game
from dsl.world.together import carried, carry_into

ROAD_OF_SCARS = (
    ROAD.replace(
        "grit is a number 0..6 of scouts, starting at its grit\n",
        "grit is a number 0..6 of scouts, starting at its grit\n"
        "scars are 3 boxes of scouts, marked when grit falls to 0\n"
        "day is a number 1.. of the game, starting at 1\n"
        "the campaign is over once day is above 3\n",
    )
    .replace(
        'action "Rest" {',
        'action "Fall" {\n  Take: Lose 5 grit.\n}\n'
        'action "Slip" {\n  Take: Lose 1 grit.\n}\n'
        'action "Mend" {\n  Take: Erase a scar.\n}\n'
        'action "Rest" {',
    )
    .replace(
        "Take: Each scout at this stop loses 1 nerve.",
        "Take: Each scout at this stop loses 9 grit.",
    )
    .replace(
        "  Turns: for each player in turn order, do take an action\n",
        "  Acts: players act in any order until all pass\n"
        "  Dusk: Each scout erases a scar.\n"
        "  Day: Gain 1 day.\n",
    )
)


def start(players: int = 2) -> WorldGame:
    game = new_game(load_text(ROAD_OF_SCARS), seed=3, players=players)
    game.pending()
    return game


def scout_of(game: WorldGame, player: str) -> str:
    (card,) = [c for c, info in game.state.cards.items() if info.get("player") == player]
    return card


def scars(game: WorldGame, card: str) -> list[int]:
    return [game.ops.value(card, f"scar {k}") for k in (1, 2, 3)]


def grit(game: WorldGame, card: str) -> int:
    return game.ops.value(card, "grit")


def printed(game: WorldGame, card: str) -> int:
    return int(game.card_fields(card)["grit"])


def test_the_text_checks() -> None:
    errors = check_sources([Source("road.rules", ROAD_OF_SCARS)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_a_fall_short_of_the_floor_marks_nothing() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.apply("Take: Slip")
    assert grit(game, mine) == printed(game, mine) - 1 and scars(game, mine) == [0, 0, 0]


def test_a_fall_to_the_floor_goes_back_to_the_printed_face_and_marks_one_box() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.state.values[mine]["grit"] = 1
    game.apply("Take: Slip")  # exactly to 0
    assert grit(game, mine) == printed(game, mine) and scars(game, mine) == [1, 0, 0]


def test_a_long_fall_marks_one_box_only_the_rest_lost() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.apply("Take: Fall")  # 5 past a grit of at most 6: one scar, not two
    assert grit(game, mine) == printed(game, mine) and scars(game, mine) == [1, 0, 0]


def test_a_marked_box_is_skipped() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.state.values[mine]["scar 2"] = 1  # marked in an earlier session
    game.apply("Take: Fall")
    game.apply("Take: Fall")
    assert scars(game, mine) == [1, 1, 1]


def test_every_box_marked_a_fall_knocks_the_scout_out_and_its_player_passes() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.state.values[mine].update({"scar 1": 1, "scar 2": 1, "scar 3": 1})
    game.apply("Take: Fall")
    info = game.state.cards[mine]
    assert info["zone"] == KNOCKED_OUT and info.get("at") is None  # off the map
    assert grit(game, mine) == 0 and scars(game, mine) == [1, 1, 1]
    decision = game.pending()
    assert decision is not None and decision.who == "p2"  # p1 acts no more this phase
    assert "knocked out" in [
        e.data.get("why", "")[:11] for e in game.events if e.kind == "card_moved"
    ]


def test_a_knocked_out_player_passes_the_next_action_phase_too() -> None:
    text = ROAD_OF_SCARS.replace(
        "  Dusk:", "  Again: players act in any order until all pass\n  Dusk:"
    )
    game = new_game(load_text(text), seed=3, players=2)
    game.pending()
    mine = scout_of(game, "p1")
    game.state.values[mine].update({"scar 1": 1, "scar 2": 1, "scar 3": 1})
    game.apply("Take: Fall")
    game.apply("pass")  # p2: the phase ends; the next starts
    decision = game.pending()
    assert decision is not None and decision.who == "p2"
    game.apply("pass")
    assert game.state.over  # p1 was never asked again


def test_a_box_is_marked_on_the_scout_falling_not_on_the_player_acting() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.apply("Take: Howl")  # p1 acting: every scout at the stop loses 9 grit
    assert scars(game, mine) == [1, 0, 0] and scars(game, theirs) == [1, 0, 0]
    assert grit(game, theirs) == printed(game, theirs)


def test_two_numbers_watched_fall_at_once_each_marking_its_own_boxes() -> None:
    text = ROAD_OF_SCARS.replace(
        "nerve is a number 0..5 of scouts, starting at 3\n",
        "nerve is a number 0..5 of scouts, starting at 3\n"
        "frights are 2 boxes of scouts, marked when nerve falls to 0\n",
    ).replace("Take: Lose 5 grit.", "Take: Lose 5 grit. Lose 5 nerve.")
    game = new_game(load_text(text), seed=3, players=2)
    game.pending()
    mine = scout_of(game, "p1")
    game.apply("Take: Fall")
    assert scars(game, mine) == [1, 0, 0]
    assert [game.ops.value(mine, f"fright {k}") for k in (1, 2)] == [1, 0]
    assert game.ops.value(mine, "nerve") == 3  # back to its start


def test_erasing_unmarks_the_first_marked_box_and_nothing_when_none() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.state.values[mine].update({"scar 2": 1, "scar 3": 1})
    game.apply("Take: Mend")
    assert scars(game, mine) == [0, 0, 1]  # the second, nearest the meter, erased
    game.apply("Take: Mend")  # p2: nothing marked, nothing to act on
    assert scars(game, theirs) == [0, 0, 0]


def test_the_boxes_carry_to_the_next_session_and_the_meter_starts_again() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.state.values[mine].update({"scar 1": 1, "scar 2": 1})
    game.apply("Take: Slip")
    while game.pending() is not None:
        game.apply("pass")  # Dusk: each scout erases its first marked scar
    left = carried(game)
    assert left["numbers"][mine]["scar 1"] == 0 and left["numbers"][mine]["scar 2"] == 1
    assert "grit" not in left["numbers"][mine]  # starts at its printed face every session
    later = new_game(load_text(ROAD_OF_SCARS), seed=3, players=2)
    carry_into(later, left)
    assert scars(later, mine) == [0, 1, 0] and grit(later, mine) == printed(later, mine)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("3 boxes of scouts", "0 boxes of scouts", "how many boxes, at least 1"),
        ("boxes of scouts, marked", "boxes of stops, marked", "the boxes are the number's owner's"),
        (
            "when grit falls to 0",
            "when grot falls to 0",
            "'grot' falls, and it is no number declared",
        ),
        (
            "when grit falls to 0",
            "when grit falls to 1",
            "grit stops at 0, so it falls to 0, not 1",
        ),
        (
            "marked when grit",
            "struck when grit",
            "write 'scars are 3 boxes of <owners>, marked when",
        ),
    ],
)
def test_the_declaration_is_checked_where_it_is_written(old: str, new: str, said: str) -> None:
    text = ROAD_OF_SCARS.replace(old, new)
    assert text != ROAD_OF_SCARS
    errors = check_sources([Source("road.rules", text)]).diagnostics.errors
    assert any(said in e.message for e in errors), [e.message for e in errors]
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "boxes of" in t)
    assert any(e.span.line == line for e in errors)
