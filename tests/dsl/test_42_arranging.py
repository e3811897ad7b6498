"""Cards laid out in order and chosen from a row (dsl/world/arranging.py): "Arrange the relic deck
by age." stacks the deck lowest age on top, each age's cards in their shuffled order; "Select a
relic from your hand." asks the one acting which card to keep (no question with one) and takes it
into their own zone; "Move each relic in your hand to the market." and "Move 2 relics from the
relic deck to the market." pass cards between zones, each to the end of the row. Each phrase is
checked where it is written."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game
from rules.text.account import narrate

CARAVAN = """
ruleset "Caravan" version "1.0"
players are 1 to 3 seats
card kinds are kinds of cards: relic, action
hand is a zone of players, seen by its owner
kept relics is a zone of players, face up, holding relics
deck is a zone, face down
market is a zone, face up
actions is a zone, holding actions
kind relic {
  age int 1..3
}
kind action {
}
trigger "Take" activated for action
relic "Old Coin" {
  age 1
}
relic "Bone Flute" {
  age 1
}
relic "Clay Lamp" {
  age 1
}
relic "Iron Key" {
  age 2
}
relic "Glass Eye" {
  age 2
}
relic "Gold Mask" {
  age 3
}
relic "Star Map" {
  age 3
}
action "Buy" {
  Take: Select a relic from the market.
}
action "Rotate" {
  Take: Move 1 relic from the market to the relic discard.
        Move relics from the relic deck to the market until it holds 3.
}
procedure "Game" {
  setup: play "Setup"
  Turn: for each player in turn order, do take an action
  teardown: do end the game
}
procedure "Setup" {
  Deck: Shuffle the relic deck. Arrange the relic deck by age.
  Draw: for each player in turn order, draw 2 relics.
  Keep: for each player in turn order, select a relic from your hand.
  Rest: for each player in turn order, move each relic in your hand to the market.
  Market: Move 1 relic from the relic deck to the market.
}
"""


def age(g: WorldGame, card: str) -> int:
    found = g.card_fields(card)["age"]
    assert isinstance(found, int)
    return found


def caravan(players: int = 1, seed: int = 1) -> WorldGame:
    return new_game(load_text(CARAVAN), seed=seed, players=players)


def answer(g: WorldGame, *picks: int) -> WorldGame:
    """Each question answered with the option at that index."""
    for pick in picks:
        decision = g.pending()
        assert decision is not None and decision.kind == "choose_option", decision
        g.apply(decision.options[pick])
    return g


def test_the_deck_is_stacked_lowest_age_on_top_each_age_shuffled() -> None:
    orders = set()
    for seed in range(1, 9):
        g = caravan(seed=seed)
        g.pending()
        dealt = g.state.zones["hand@p1"]  # asked which to keep: nothing kept or moved yet
        rest = g.state.zones["relic deck"]
        assert [age(g, c) for c in dealt] == [1, 1]  # drawn from the top: the lowest age
        whole = dealt + rest
        assert sorted(age(g, c) for c in whole) == [1, 1, 1, 2, 2, 3, 3]
        deck = g.state.zones["relic deck"]
        assert [age(g, c) for c in deck] == sorted(age(g, c) for c in deck)
        orders.add(tuple(whole))
    assert len(orders) > 1  # each age's cards in the order the shuffle gave them


def test_each_player_keeps_the_card_they_choose_and_the_rest_go_to_the_market() -> None:
    g = caravan(players=2)
    first = g.pending()
    assert first is not None and first.kind == "choose_option" and first.who == "p1"
    offered = list(first.options)
    assert len(offered) == 2 and all(age(g, c) == 1 for c in offered)
    g.apply(offered[1])
    second = g.pending()
    assert second is not None and second.who == "p2"
    g.apply(second.options[0])
    g.pending()
    assert g.state.zones["kept relics@p1"] == [offered[1]]
    assert g.state.zones["kept relics@p2"] == [second.options[0]]
    assert not g.state.zones.get("hand@p1") and not g.state.zones.get("hand@p2")
    market = g.state.zones["market"]
    # p1's other card first, then p2's, then the one moved from the deck: each at the end
    assert market[:2] == [offered[0], second.options[1]]
    assert len(market) == 3 and age(g, market[2]) == 2  # the three of age 1 are gone
    told = "\n".join(narrate(g.events))
    assert "relic deck arranged by age" in told


def test_a_card_chosen_from_the_market_replaces_none_until_moved() -> None:
    g = answer(caravan(), 0)
    decision = g.pending()
    assert decision is not None and decision.kind == "action"
    market = list(g.state.zones["market"])
    g.apply("Take: Buy")
    asked = g.pending()
    assert asked is not None and asked.kind == "choose_option"
    assert list(asked.options) == market  # the one acting chooses among the whole row
    g.apply(market[-1])
    g.pending()
    assert g.state.zones["market"] == market[:-1]  # the rest keep their places
    assert g.state.zones["kept relics@p1"][-1] == market[-1]


def test_one_card_is_taken_with_no_question() -> None:
    g = answer(caravan(), 0)
    g.pending()
    market = g.state.zones["market"]
    for card in market[1:]:
        g.ops.move_card(card, zone="relic deck", why="test")
    only = market[0]
    g = g.clone()
    g.apply("Take: Buy")
    g.pending()
    assert g.state.zones["kept relics@p1"][-1] == only and not g.state.zones["market"]


def test_an_empty_row_offers_no_action() -> None:
    g = answer(caravan(), 0)
    g.pending()
    for card in list(g.state.zones["market"]):
        g.ops.move_card(card, zone="relic deck", why="test")
    g = g.clone()
    decision = g.pending()
    assert decision is not None and "Take: Buy" not in decision.options


def test_the_form_checks() -> None:
    assert not check_sources([Source("caravan.rules", CARAVAN)]).diagnostics.errors


@pytest.mark.parametrize(
    ("written", "replaced", "told"),
    [
        ("Arrange the relic deck by age.", "Arrange the relic deck by aeg.", "'aeg' is no field"),
        ("Arrange the relic deck by age.", "Arrange the relik deck by age.", "'relik' is no kind"),
        ("Arrange the relic deck by age.", "Arrange the relic deck.", "write 'Arrange <zone>"),
        ("select a relic from your hand.", "select a relic from your hnad.", "names no zone"),
        ("select a relic from your hand.", "select relics from your hand.", "write 'Select a"),
        ("Take: Select a relic from the market.", "Take: Select a relic from the markt.", "markt"),
        ("move each relic in your hand", "move each relic in the hand", "no zone of the game"),
        ("market until it holds 3.", "market until it holds some.", "unknown word 'until'"),
        ("to the relic discard.", "to the relik discard.", "did you mean 'relic'"),
    ],
)
def test_a_mistake_is_told_where_it_is_written(written: str, replaced: str, told: str) -> None:
    text = CARAVAN.replace(written, replaced)
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if replaced in row)
    errors = check_sources([Source("caravan.rules", text)]).diagnostics.errors
    assert [e.span.line for e in errors if told in e.message] == [line], errors
    assert len(errors) == 1


def test_a_move_to_a_place_is_still_the_pawns() -> None:
    text = (
        CARAVAN.replace("relic, action", "relic, action, stop")
        .replace(
            "market is a zone, face up",
            "market is a zone, face up\nstops are places\nkind stop {\n}\n"
            'stop "Well" {\n}\nstop "Gate" {\n}\ntokens are pieces of players, one each: token\n'
            'map "Road" {\n  "Well" at 0, 0\n  "Gate" at 1, 0\n}',
        )
        .replace("Take: Select a relic from the market.", "Take: Move to an adjacent stop.")
    )
    assert not check_sources([Source("caravan.rules", text)]).diagnostics.errors
    g = answer(new_game(load_text(text), seed=1, players=1), 0)
    g.pending()
    g.apply("Take: Buy")
    asked = g.pending()
    assert asked is not None and asked.kind == "choose_target"  # where to: a place, no zone
    g.apply("Gate")
    g.pending()
    assert g.ops.pawn_at("p1") == "Gate"


def test_the_lowest_card_leaves_the_row_and_the_row_is_refilled_to_its_size() -> None:
    g = answer(caravan(), 0)
    g.pending()
    market = list(g.state.zones["market"])
    deck = list(g.state.zones["relic deck"])
    assert len(market) == 2
    g.apply("Take: Rotate")
    g.pending()
    assert g.state.zones["relic discard"] == [market[0]]  # the lowest: laid out first
    assert g.state.zones["market"] == [market[1], *deck[:2]]  # the rest slid down, then refilled


def test_a_row_already_full_takes_no_card() -> None:
    g = answer(caravan(), 0)
    g.pending()
    g.ops.move_card(g.state.zones["relic deck"][0], zone="market", why="test")
    g.ops.move_card(g.state.zones["relic deck"][0], zone="market", why="test")
    g = g.clone()
    deck = list(g.state.zones["relic deck"])
    g.apply("Take: Rotate")  # four in the row: one leaves, three stay, none is drawn
    g.pending()
    assert len(g.state.zones["market"]) == 3 and g.state.zones["relic deck"] == deck
