"""A card that takes another's place on the map (``dsl/world/replacing.py``), tried on
*Marches*, a made-up game of towers: "Put ruin "Crag" into play in place of a random north
tower, which is burnt." puts the ruin where the tower stood; the keeper standing there, the
raider lying there and the embers counted there stay with the space, the tower's own dice leave
with it; the tower is found by no phrase of places afterwards, the ruin by "a north tower" and
"this tower"; a place phrase that finds none does nothing; two replacements in one text; a card
from a deck; the old card to a zone; a campaign's next session starts on the map as it was left;
each misuse told where it is written."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.burning import burnt
from dsl.world.game import WorldGame, new_game
from dsl.world.map_rows import read as read_map
from dsl.world.replacing import places
from dsl.world.together import CarryError, carried, carry_into

MARCHES = """
ruleset "Marches" version "1.0"
players are 1 to 2 seats
light is a number 0..30 of the game
year is a number 1..9 of the game, starting at 1
value years = 3 in 1..
the campaign is over once year is above years
the result is the table Outcome, a win from 1
card kinds are kinds of cards: tower, ruin, raider, action
towers are places
banks are groups of towers
banks: north "the North", south "the South"
tokens are pieces of players, one each: token
marks are pieces placed on cards: ember
stores is a pool 0..6 of towers, each a d6
deck is a zone, face down
discard is a zone
actions is a zone, holding actions
kind tower {
  bank bank
  height int 1..3
}
kind ruin {
  bank bank
  height int 1..3
}
kind raider {
}
kind action {
}
trigger "Take" activated for action
trigger "Use" activated for tower, ruin
table "Outcome" by "light" {
  0: "Dark"
  1+: "Lit"
}
map "The March" {
  "Cape" at 0, 0
  "Cove" at 1, 0
  "Dell" at 2, 0
}
tower "Cape" {
  bank north · height 1
}
tower "Cove" {
  bank north · height 2
}
tower "Dell" {
  bank south · height 1
}
tower "Fort" {
  bank south · height 3
}
tower "Keep" {
  bank north · height 3
}
ruin "Crag" {
  bank north · height 2
  Use: Gain light equal to the height of this tower.
}
ruin "Fen" {
  bank north · height 1
}
raider "Wolf" {
}
action "Raze" {
  Take: Put ruin "Crag" into play in place of a random north tower, which is burnt. Gain 1 light.
}
action "Raze Here" {
  Take: Put ruin "Crag" into play in place of this tower, which goes to the tower discard.
}
action "Two Ruins" {
  Take: Put ruin "Crag" into play in place of tower "Cape", which is burnt.
        Put ruin "Fen" into play in place of tower "Cove", which is burnt.
}
action "Raze the Tallest" {
  Take: Put ruin "Fen" into play in place of a north tower with height of 3, which is burnt.
        Gain 1 light.
}
action "Raze the Burning" {
  Take: Put ruin "Crag" into play in place of a random north tower with the most embers, which
        is burnt.
}
action "Rebuild" {
  Take: Put a random south tower in the tower deck into play in place of a south tower, which
        is burnt.
}
action "Count" {
  Take: Gain light equal to the number of north towers.
}
procedure "Night" {
  Watch: players act in any order until all pass
  Year: Gain 1 year.
  teardown: do end the game
}
"""


def night(*answers: str, seed: int = 3) -> WorldGame:
    """A night of Marches, its keeper standing at Cape, giving ``answers`` (not passing)."""
    game = new_game(load_text(MARCHES), seed=seed, players=1)
    game.pending()
    for answer in answers:
        game.apply(answer)
    return game


def test_the_text_checks() -> None:
    errors = check_sources([Source("marches.rules", MARCHES)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_what_lay_at_the_place_stays_with_the_space_and_the_old_card_leaves() -> None:
    game = night()
    assert game.ops.pawn_at("p1") == "Cape"
    game.ops.move_card("Wolf", at="Cape")
    game.ops.place("Cape", "ember", 2)
    game.ops.change("Cape", "stores", 3)
    game.apply("Take: Two Ruins")
    assert places(game) == ("Crag", "Fen", "Dell")
    assert game.ops.pawn_at("p1") == "Crag"  # the keeper stands where Cape stood
    assert game.state.cards["Wolf"]["at"] == "Crag"
    assert game.ops.count("Crag", "ember") == 2 and game.ops.count("Cape", "ember") == 0
    assert game.ops.value("Crag", "stores") == 0  # a tower's dice are its own: they left with it
    assert burnt(game.state) == ["Cape", "Cove"]
    assert (
        read_map(game, game.context(), "Crag", "map column"),
        read_map(game, game.context(), "Fen", "map column"),
    ) == (0, 1)


def test_the_new_card_is_found_as_a_place_and_the_old_one_is_not() -> None:
    game = night("Take: Two Ruins")
    assert "Use: Crag" in game.pending().options  # its own text, where the keeper stands
    game.apply("Use: Crag")
    assert game.ops.value("", "light") == 2  # "the height of this tower": the ruin's own
    game.apply("Take: Count")
    assert game.ops.value("", "light") == 4  # Crag and Fen are the north towers; Cape is gone


def test_a_random_place_of_a_group() -> None:
    for seed in (1, 2, 3, 4):
        game = night("Take: Raze", seed=seed)
        now = places(game)
        assert "Crag" in now[:2] and now[2] == "Dell"  # a north one: Cape or Cove
        assert len(burnt(game.state)) == 1 and burnt(game.state)[0] in ("Cape", "Cove")
        assert game.ops.value("", "light") == 1


def test_a_random_place_with_the_most_is_picked_among_the_ties() -> None:
    picked = set()
    for seed in range(1, 9):
        game = night(seed=seed)
        game.ops.place("Cape", "ember", 1)
        game.ops.place("Cove", "ember", 1)
        game.ops.place("Dell", "ember", 3)  # the most, but no north tower
        game.apply("Take: Raze the Burning")
        picked |= set(burnt(game.state))
    assert picked == {"Cape", "Cove"}
    game = night()
    game.ops.place("Cove", "ember", 2)
    game.ops.place("Cape", "ember", 1)
    game.apply("Take: Raze the Burning")
    assert burnt(game.state) == ["Cove"] and places(game) == ("Cape", "Crag", "Dell")


def test_no_place_of_the_group_left_does_nothing() -> None:
    game = night("Take: Raze the Tallest")  # no north tower of height 3 on the map
    assert places(game) == ("Cape", "Cove", "Dell") and burnt(game.state) == []
    assert game.state.cards["Fen"]["zone"] == "ruin deck"
    assert game.ops.value("", "light") == 0  # the text ended at the sentence
    game = night("Take: Two Ruins", "Take: Raze")  # Crag stands on the map already
    assert places(game) == ("Crag", "Fen", "Dell") and game.ops.value("", "light") == 0


def test_this_place_and_a_zone_for_the_old_card() -> None:
    game = night("Take: Raze Here")
    assert places(game) == ("Crag", "Cove", "Dell")
    assert game.state.zones["tower discard"] == ["Cape"] and burnt(game.state) == []
    assert game.ops.pawn_at("p1") == "Crag"


def test_a_card_drawn_from_a_deck_takes_the_place() -> None:
    game = night()
    assert game.state.zones["tower deck"] == ["Fort", "Keep"]  # the map's others wait in a deck
    game.apply("Take: Rebuild")
    assert places(game) == ("Cape", "Cove", "Fort") and game.state.zones["tower deck"] == ["Keep"]


def test_a_saved_game_and_the_next_session_keep_the_map() -> None:
    game = night("Take: Two Ruins")
    saved = WorldGame.from_json(game.ruleset, game.to_json())
    assert places(saved) == ("Crag", "Fen", "Dell")
    left = carried(game)
    assert left["spaces"] == {"Cape": "Crag", "Cove": "Fen"}
    second = new_game(load_text(MARCHES), seed=4, players=1)
    carry_into(second, left)
    assert (
        places(second) == ("Crag", "Fen", "Dell") and "Crag" not in second.state.zones["ruin deck"]
    )
    with pytest.raises(CarryError, match="not on this map"):
        carry_into(new_game(load_text(MARCHES), seed=4, players=1), {"spaces": {"Moor": "Crag"}})


@pytest.mark.parametrize(
    ("sentence", "column", "message"),
    [
        (
            'Put ruin "Crag" into play in place of a random north tower.',
            62,
            "where does the place replaced go?",
        ),
        (
            'Put ruin "Crag" into play in place of a raider, which is burnt.',
            47,
            "'a raider' is no place of the map",
        ),
        (
            'Put 2 light into play in place of tower "Cape", which is burnt.',
            13,
            "'2 light' names no card",
        ),
        (
            'Put ruin "Crag" into play in place of tower "Cape", which goes to the hand.',
            75,
            "'the hand' names no zone",
        ),
        ('Put ruin "Crag" into play in place of, which is burnt.', 35, "in place of what?"),
        (
            'Put ruin "Crag" into play in place of tower "Cape", which is lost.',
            61,
            "where does the place replaced go?",
        ),
    ],
)
def test_each_misuse_is_told_where_it_is_written(sentence: str, column: int, message: str) -> None:
    text = MARCHES + 'action "Bad" {\n  Take: ' + sentence + "\n}\n"
    line = text.count("\n") - 1
    errors = check_sources([Source("marches.rules", text)]).diagnostics.errors
    assert [(e.span.line, e.span.column) for e in errors] == [(line, column)]
    assert message in errors[0].message
