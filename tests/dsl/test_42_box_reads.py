"""A number reading a track of boxes (``dsl/world/boxes.py``), tried on *Hero Road* with its
scars (``test_42_track_boxes.py``): "your scars" counts the marked scars of the scout the acting
player plays, "its scars" those of the scout a "For each" finds, "the number of marked scars of
each scout at this stop" sums them over the scouts found, "your scar 2" reads one box (1
when marked); a condition compares them ("If your
scars are at least 2, ..."); a scout with none marked reads 0; a number of boxes not declared
is told where written."""

from __future__ import annotations

from test_42_track_boxes import ROAD_OF_SCARS, scout_of

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

READING = ROAD_OF_SCARS.replace(
    'action "Rest" {',
    'action "Brood" {\n  Take: If your scars are at least 2, gain 1 nerve.\n}\n'
    'action "Tally" {\n'
    "  Take: Gain nerve equal to the number of marked scars of each scout at this stop.\n}\n"
    'action "Eye" {\n  Take: If the scars of each scout at this stop is 0, lose 1 nerve.\n}\n'
    'action "Count" {\n  Take: For each scout at this stop, gain nerve equal to its scars.\n}\n'
    'action "Mark" {\n  Take: If your scar 2 is 1, gain 1 nerve.\n}\n'
    'action "Rest" {',
)


def start() -> WorldGame:
    game = new_game(load_text(READING), seed=3, players=2)
    game.pending()
    return game


def nerve(game: WorldGame, card: str) -> int:
    return game.ops.value(card, "nerve")


def test_the_text_checks() -> None:
    errors = check_sources([Source("road.rules", READING)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_your_boxes_count_the_marked_ones_of_the_card_you_play() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.state.values[mine].update({"scar 1": 1, "scar 3": 1})  # two marked, one skipped
    game.state.values[theirs].update({"scar 1": 1, "scar 2": 1, "scar 3": 1})
    game.state.values[mine]["nerve"] = 2
    game.state.values[theirs]["nerve"] = 2
    game.apply("Take: Brood")
    assert nerve(game, mine) == 3 and nerve(game, theirs) == 2


def test_one_box_marked_is_not_at_least_two() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.state.values[mine]["scar 2"] = 1
    game.state.values[theirs].update({"scar 1": 1, "scar 2": 1})  # not the acting player's
    game.state.values[mine]["nerve"] = 2
    game.apply("Take: Brood")
    assert nerve(game, mine) == 2


def test_the_number_of_marked_boxes_sums_over_the_cards_found() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    assert game.state.cards[mine]["at"] == game.state.cards[theirs]["at"]  # both at the start
    game.state.values[mine]["scar 1"] = 1
    game.state.values[theirs].update({"scar 1": 1, "scar 2": 1})
    game.state.values[mine]["nerve"] = 0
    game.apply("Take: Tally")
    assert nerve(game, mine) == 3


def test_its_boxes_are_the_card_a_for_each_finds() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.state.values[theirs].update({"scar 2": 1, "scar 3": 1})
    game.state.values[mine]["nerve"] = 0
    game.apply("Take: Count")
    assert nerve(game, mine) == 2  # 0 of mine and 2 of theirs


def test_one_box_is_read_by_its_place_under_the_number() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.state.values[mine].update({"scar 1": 1, "scar 3": 1, "nerve": 2})
    game.apply("Take: Mark")  # two marked, but not the second
    assert nerve(game, mine) == 2
    game.state.values[mine]["scar 2"] = 1
    game.apply("Take: Mark")
    assert nerve(game, mine) == 3


def test_a_box_past_the_last_is_no_number() -> None:
    text = READING.replace("If your scar 2 is 1", "If your scar 4 is 1")
    errors = check_sources([Source("road.rules", text)]).diagnostics.errors
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "your scar 4" in t)
    assert errors and errors[0].span.line == line, [e.message for e in errors]


def test_no_box_marked_reads_zero() -> None:
    game = start()
    mine = scout_of(game, "p1")
    game.apply("Take: Tally")
    assert nerve(game, mine) == 3  # gained nothing
    decision = game.pending()
    assert decision is not None
    game.apply("Take: Eye")  # every scout at the stop has none marked: the actor loses 1
    assert nerve(game, scout_of(game, decision.who)) == 2


def test_a_number_of_boxes_not_declared_is_told_where_written() -> None:
    text = READING.replace("If your scars are at least 2", "If your scabs are at least 2")
    errors = check_sources([Source("road.rules", text)]).diagnostics.errors
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "your scabs" in t)
    assert errors and errors[0].span.line == line, [e.message for e in errors]
