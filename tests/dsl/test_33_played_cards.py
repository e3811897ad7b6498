"""A card each player plays as ("scouts are played by players, one each"): dealt one each when
the game starts, standing where the player's pawn stands, and holding the numbers of its kind
("nerve is a number 0..5 of scouts") that a player's sentences name: with a player acting,
"Lose 1 nerve." is their scout's."""

from __future__ import annotations

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

ROAD = """
ruleset "Hero Road" version "1.0"
players are 1 to 2 seats
card kinds are kinds of cards: stop, scout, action
stops are places
scouts are played by players, one each
nerve is a number 0..5 of scouts, starting at 3
grit is a number 0..6 of scouts, starting at its grit
lanterns are pieces of players, one each: lantern
actions is a zone, holding actions
kind stop {
}
kind scout {
  grit int 1..6
}
kind action {
}
trigger "Take" activated for action
map "The Road" {
  "Gate" at 0, 0
  "Mill" at 1, 0
}
stop "Gate" {
}
stop "Mill" {
}
scout "Ada" {
  grit 2
}
scout "Bram" {
  grit 4
}
scout "Cora" {
  grit 6
}
action "Rest" {
  Take: If your nerve is at most 2, gain 2 nerve.
}
action "Brave" {
  Take: Lose 1 nerve to move to an adjacent stop.
}
action "Howl" {
  Take: Each scout at this stop loses 1 nerve.
}
procedure "Game" {
  Turns: for each player in turn order, do take an action
  teardown: do end the game
}
"""


def start(players: int = 2) -> WorldGame:
    game = new_game(load_text(ROAD), seed=3, players=players)
    game.pending()
    return game


def scout_of(game: WorldGame, player: str) -> str:
    (card,) = [c for c, info in game.state.cards.items() if info.get("player") == player]
    return card


def test_each_player_is_dealt_one_card_of_the_kind_at_their_pawn() -> None:
    game = start()
    scouts = {scout_of(game, p) for p in ("p1", "p2")}
    assert len(scouts) == 2 and scouts <= {"Ada", "Bram", "Cora"}
    for player in ("p1", "p2"):
        assert game.state.cards[scout_of(game, player)]["at"] == game.ops.pawn_at(player)


def test_a_players_sentence_changes_their_own_cards_number() -> None:
    game = start()
    mine, theirs = scout_of(game, "p1"), scout_of(game, "p2")
    game.apply("Take: Brave")
    game.apply("Mill")
    assert game.state.values[mine]["nerve"] == 3 - 1
    assert game.state.values[theirs]["nerve"] == 3
    assert game.ops.value("p1", "nerve") == 2  # "your nerve": the scout's


def test_the_card_moves_with_the_pawn_and_is_found_there() -> None:
    game = start()
    game.apply("Take: Brave")
    game.apply("Mill")
    assert game.state.cards[scout_of(game, "p1")]["at"] == "Mill"
    game.apply("Take: Howl")  # p2 at the Gate: only the scouts there lose nerve
    assert game.ops.value("p2", "nerve") == 3 - 1
    assert game.ops.value("p1", "nerve") == 3 - 1  # Brave's cost only


def test_a_condition_reads_the_players_card() -> None:
    game = new_game(load_text(ROAD), seed=3, players=1)
    game.pending()
    game.state.values[scout_of(game, "p1")]["nerve"] = 1
    game.apply("Take: Rest")
    assert game.ops.value("p1", "nerve") == 3


def test_a_kind_no_card_is_of_is_told() -> None:
    text = ROAD.replace("scouts are played by", "scoots are played by", 1)
    checked = check_sources([Source("road.rules", text)])
    lines = [d.headline() for d in checked.diagnostics.items]
    assert [line for line in lines if ": error: " in line] == [
        "road.rules:6:1: error: 'scoot' played by players is no kind of card; did you mean 'scout'?"
    ]


def test_a_number_may_start_at_each_cards_own_field() -> None:
    game = start()
    assert [game.state.values[c]["grit"] for c in ("Ada", "Bram", "Cora")] == [2, 4, 6]
    player_grit = {"Ada": 2, "Bram": 4, "Cora": 6}[scout_of(game, "p1")]
    assert game.ops.value("p1", "grit") == player_grit


def test_a_start_naming_no_field_is_told() -> None:
    text = ROAD.replace("starting at its grit", "starting at its grip", 1)
    checked = check_sources([Source("road.rules", text)])
    lines = [d.headline() for d in checked.diagnostics.items]
    assert [line for line in lines if ": error: " in line] == [
        "road.rules:8:1: error: grit starts at its grip, which is no field of a scout; did you "
        "mean 'grit'?"
    ]
