"""Superlatives that pick a place by what stands or lies there, tried on a made-up game, *Fen
Watch*: "the north post of the scout with the lowest stealth" takes the lowest among the scouts
standing at north posts (not among all scouts), "the post with the most gems" adds up the dice of
every pool a post holds. A tie is the acting player's choice, nothing to compare does nothing,
a scout that moved earlier in the same text is found at its new post, and a number the compared
things do not hold is told at check, at its place."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

FEN = """ruleset "Fen Watch" version "1"
players are 1 to 3 seats
colours are d6 dice kept at places: ruby, jade
card kinds are kinds of cards: post, scout, wisp, action
posts are places
marches are groups of posts: north, south
knacks are ranks 0..5 of scouts: stealth, nerve
scouts are played by players, one each
gems is a pool 0..6 of posts for each colour, each a d6
charms is a pool 0..6 of players, each a d6
lanterns are pieces of players, one each: lantern
actions is a zone, holding actions
kind post {
  march march
}
kind scout {
  knacks knack ranks 0..5
}
kind wisp {
}
kind action {
}
trigger "Take" activated for action
map "The Fen" {
  "Ford" at 0, 0
  "Mire" at 1, 0
  "Tor" at 2, 0
  "Weir" at 3, 0
}
post "Ford" {
  march north
}
post "Mire" {
  march north
}
post "Tor" {
  march south
}
post "Weir" {
  march south
}
scout "Ada" {
  knacks stealth 1, nerve 3
}
scout "Bram" {
  knacks stealth 4, nerve 1
}
scout "Cora" {
  knacks stealth 1, nerve 5
}
wisp "Glim" {
}
action "Lure" {
  Take: Move a wisp to the north post of the scout with the lowest stealth.
}
action "Chase" {
  Take: Move a wisp to the post of the scout with the highest nerve.
}
action "Hoard" {
  Take: Move a wisp to the post with the most gems.
}
action "Thin" {
  Take: Move a wisp to the south post with the fewest ruby gems.
}
action "Dash" {
  Take: Move to an adjacent post. Move a wisp to the post of the scout with the lowest nerve.
}
procedure "Game" {
  Turns: for each player in turn order, do take an action
  teardown: do end the game
}
"""

POSTS = ("Ford", "Mire", "Tor", "Weir")


@pytest.fixture(scope="module")
def fen():  # type: ignore[no-untyped-def]
    return load_text(FEN, "fen.rules")


def table(fen, where: dict[str, str], wisp: str = "Weir") -> WorldGame:  # type: ignore[no-untyped-def]
    """Fen Watch at p1's first action, the scouts given played by p1, p2 ... in that order and
    standing where given (the others in their deck), Glim at ``wisp``."""
    g = new_game(fen, seed=1, players=len(where))
    g.pending()
    for card, info in g.state.cards.items():
        if info["kind"] == "scout":
            info.pop("player", None)
            g.ops.move_card(card, zone="scout deck", why="test")
    for k, (scout, post) in enumerate(where.items(), start=1):
        g.state.cards[scout]["player"] = f"p{k}"
        g.ops.move_pawn(f"p{k}", post)
        g.ops.move_card(scout, at=post, why="test")
    g.ops.move_card("Glim", at=wisp, why="test")
    return g


def gems(g: WorldGame, post: str, colour: str, dice: list[int]) -> None:
    held = g.state.values.setdefault(post, {})
    for face in dice:
        key = f"{colour} gems#{face}"
        held[key] = held.get(key, 0) + 1
    held[f"{colour} gems"] = held.get(f"{colour} gems", 0) + len(dice)


def use(g: WorldGame, order: str, *answers: str) -> WorldGame:
    decision = g.pending()
    assert decision is not None and decision.who == "p1" and f"Take: {order}" in decision.options
    g.apply(f"Take: {order}")
    for answer in answers:
        decision = g.pending()
        assert decision is not None and answer in decision.options, decision
        g.apply(answer)
    g.pending()
    return g


def glim(g: WorldGame) -> str:
    return str(g.state.cards["Glim"]["at"])


def test_the_lowest_is_taken_among_the_scouts_at_the_places_named(fen) -> None:  # type: ignore[no-untyped-def]
    # Ada (stealth 1) stands south: among the north posts Bram (4) is the lowest there is
    g = table(fen, {"Ada": "Tor", "Bram": "Mire"})
    use(g, "Lure")
    assert glim(g) == "Mire"


def test_any_place_takes_the_best_of_all(fen) -> None:  # type: ignore[no-untyped-def]
    g = table(fen, {"Ada": "Tor", "Bram": "Mire", "Cora": "Ford"})
    use(g, "Chase")  # Cora's nerve 5
    assert glim(g) == "Ford"


def test_a_tie_between_places_is_the_acting_players_choice(fen) -> None:  # type: ignore[no-untyped-def]
    # Ada and Cora both have stealth 1, at two north posts: p1 is asked which
    g = table(fen, {"Ada": "Ford", "Bram": "Tor", "Cora": "Mire"})
    decision = use(g, "Lure").pending()
    assert decision is not None and decision.who == "p1"
    assert sorted(decision.options) == ["Ford", "Mire"]
    g.apply("Mire")
    g.pending()
    assert glim(g) == "Mire"


def test_tied_scouts_at_one_place_ask_nothing(fen) -> None:  # type: ignore[no-untyped-def]
    g = table(fen, {"Ada": "Ford", "Bram": "Tor", "Cora": "Ford"})
    use(g, "Lure")
    assert glim(g) == "Ford"


def test_no_scout_at_the_places_named_does_nothing(fen) -> None:  # type: ignore[no-untyped-def]
    g = table(fen, {"Ada": "Tor", "Bram": "Weir"}, wisp="Tor")
    use(g, "Lure")
    assert glim(g) == "Tor"


def test_a_scout_that_moved_is_found_at_its_new_place(fen) -> None:  # type: ignore[no-untyped-def]
    # p1's scout has the lowest nerve and dashes from the Ford to the Mire first
    g = table(fen, {"Bram": "Ford", "Cora": "Weir"}, wisp="Tor")
    assert g.state.cards["Bram"]["player"] == "p1"
    use(g, "Dash", "Mire")
    assert glim(g) == "Mire"


def test_the_most_dice_adds_every_pool_of_a_place(fen) -> None:  # type: ignore[no-untyped-def]
    g = table(fen, {"Ada": "Ford", "Bram": "Tor"}, wisp="Ford")
    gems(g, "Mire", "ruby", [2, 6])
    gems(g, "Tor", "ruby", [1])
    gems(g, "Tor", "jade", [3, 3])  # three dice of two pools beat two of one
    use(g, "Hoard")
    assert glim(g) == "Tor"


def test_no_dice_anywhere_is_no_most(fen) -> None:  # type: ignore[no-untyped-def]
    g = table(fen, {"Ada": "Ford", "Bram": "Tor"}, wisp="Ford")
    use(g, "Hoard")
    assert glim(g) == "Ford"


def test_the_fewest_counts_one_pool_and_zero_is_fewest(fen) -> None:  # type: ignore[no-untyped-def]
    g = table(fen, {"Ada": "Ford", "Bram": "Tor"}, wisp="Ford")
    gems(g, "Tor", "ruby", [5])
    gems(g, "Weir", "jade", [2, 2])  # jade is not counted: the Weir has no ruby gems
    use(g, "Thin")
    assert glim(g) == "Weir"


def test_the_phrases_print_as_written(fen) -> None:  # type: ignore[no-untyped-def]
    from dsl.printer import render_card

    lure = render_card(fen.card("Lure", "action")).replace("\n", " ")
    assert "to the north post of the scout with the lowest stealth." in lure
    hoard = render_card(fen.card("Hoard", "action")).replace("\n", " ")
    assert "to the post with the most gems." in hoard


@pytest.mark.parametrize(
    ("sentence", "error"),
    [
        (
            "Move a wisp to the post with the lowest stealth.",
            "fen.rules:66:49: error: posts hold no stealth (scouts do): write 'the post of the "
            "scout with the {lowest|highest} stealth'",
        ),
        (
            "Move a wisp to the post with the most charms.",
            "fen.rules:66:47: error: 'charms' are held by players, not by posts",
        ),
        (
            "Move a wisp to the post of the scout.",
            "fen.rules:66:36: error: 'the post of ...' picks where the best one stands",
        ),
        (
            "Move a wisp to the post of the wisp with the lowest stealth.",
            "fen.rules:66:61: error: wisps hold no stealth (scouts do)",
        ),
    ],
)
def test_a_phrase_that_cannot_be_read_is_told_at_its_place(sentence: str, error: str) -> None:
    old = "Take: Move a wisp to the north post of the scout with the lowest stealth."
    assert old in FEN
    checked = check_sources([Source("fen.rules", FEN.replace(old, f"Take: {sentence}"))])
    line = FEN.splitlines().index(f"  {old}") + 1
    found = [
        f"{d.span.file}:{d.span.line}:{d.span.column}: {d.severity}: {d.message}"
        for d in checked.diagnostics.items
        if d.span is not None
    ]
    assert any(f.startswith(error.replace("fen.rules:66:", f"fen.rules:{line}:")) for f in found), (
        found
    )


def test_fen_watch_checks_without_errors() -> None:
    checked = check_sources([Source("fen.rules", FEN)])
    assert [d.headline() for d in checked.diagnostics.items if "error:" in d.headline()] == []
