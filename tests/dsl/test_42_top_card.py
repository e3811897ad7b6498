"""A number on a zone's top card (dsl/world/top_card.py): "the age of the top relic of the
display" reads the first relic there, whoever reads it; a zone with none has nothing to read, so
a condition on it does not hold. The kind, the zone and the number field are checked where the
phrase is written."""

from __future__ import annotations

import pytest

from dsl.loader import Source, check_sources, load_text
from dsl.world.game import WorldGame, new_game

HEAD = """
ruleset "Bazaar" version "1.0"
players are 1 to 2 seats
card kinds are kinds of cards: relic
display is a zone, face up
market is a zone, face up
kind relic {
  age int 1..3
  maker text optional
}
"""

RULES = """
procedure "Game" {
  setup: play "Setup"
  teardown: do end the game
}
procedure "Setup" {
  Deck: Arrange the relic deck by age.
  Show: Move 1 relic from the relic deck to the display.
  First: play "Draw" only if the age of the top relic of the display is at least 1
  Second: play "Draw" only if the age of the top relic of the display is at least 2
  Third: play "Draw" only if the age of the top relic of the display is at least 3
}
procedure "Draw" {
  Draw: Move 1 relic from the relic deck to the market.
}
"""


def bazaar(ages: list[int]) -> WorldGame:
    relics = "".join(f'relic "Relic {n}" {{\n  age {a}\n}}\n' for n, a in enumerate(ages))
    g = new_game(load_text(HEAD + relics + RULES), seed=1, players=1)
    g.pending()
    return g


@pytest.mark.parametrize("lowest", [1, 2, 3])
def test_as_many_cards_are_drawn_as_the_top_cards_age(lowest: int) -> None:
    g = bazaar([3, 3, lowest, 3, 3, 3])  # arranged: the lowest one shown first
    shown = g.state.zones["display"]
    assert [g.card_fields(c)["age"] for c in shown] == [lowest]
    assert len(g.state.zones.get("market", [])) == lowest


def test_an_empty_zone_has_nothing_to_read_and_draws_none() -> None:
    g = bazaar([])  # no relic shown: no age to read, no condition holds
    assert not g.state.zones.get("display") and not g.state.zones.get("market")


def test_the_form_checks() -> None:
    text = HEAD + 'relic "Coin" {\n  age 1\n}\n' + RULES
    assert not check_sources([Source("bazaar.rules", text)]).diagnostics.errors


@pytest.mark.parametrize(
    ("replaced", "told"),
    [
        ("the aeg of the top relic of the display", "'aeg' is no number field of relic (age)"),
        ("the maker of the top relic of the display", "'maker' is no number field of relic"),
        ("the age of the top relik of the display", "'relik' is no kind"),
        ("the age of the top relic of the dsplay", "names no zone"),
    ],
)
def test_a_mistake_is_told_where_it_is_written(replaced: str, told: str) -> None:
    written = "the age of the top relic of the display is at least 2"
    text = (
        HEAD + 'relic "Coin" {\n  age 1\n}\n' + RULES.replace(written, f"{replaced} is at least 2")
    )
    line = next(n for n, row in enumerate(text.splitlines(), start=1) if replaced in row)
    errors = check_sources([Source("bazaar.rules", text)]).diagnostics.errors
    assert [e.span.line for e in errors if told in e.message] == [line], errors
