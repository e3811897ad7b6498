"""Turn Sequence, Seasonal Event, with Seasonal Event Cards' Matching Number of Symbols: at the
start of each turn the event of the season whose number is the count of that season's symbols
on the three obstacle decks' tops takes effect (Snow Flurries for one winter symbol, Brutal Cold
for two, Heat Wave for two in summer). Real cards of the v19.7 sheet, the tops laid by hand, the
characters on locations of the tags the events name."""

from __future__ import annotations

from typing import Any

import pytest
from test_edition_activation import activate, stress, table, top_showing

REGIONS = ("empire", "redbank", "settled")


def with_tops(
    winters: Any, seasons: tuple[str, str, str], where: str, obstacles: dict[str, str] | None = None
) -> Any:
    """A session at its first action, only ``obstacles`` on the map, Thea at ``where``, the
    three decks' tops showing ``seasons`` (the Empire's, Red Bank's, the Settled Lands')."""
    game = table(winters, obstacles or {}, where)
    for region, season in zip(REGIONS, seasons, strict=True):
        top_showing(game, region, season)
    return game


@pytest.mark.parametrize(
    ("seasons", "body"),
    [
        (("fall", "fall", "fall"), 3),  # 0: Mana Flows (places dice: not text yet)
        (("winter", "fall", "spring"), 3 - 1),  # 1: Snow Flurries, at a Wilderness location
        (("winter", "winter", "spring"), 3 - 2),  # 2: Brutal Cold
    ],
)
def test_the_winter_event_matches_the_winter_symbols_showing(
    winters: Any, seasons: tuple[str, str, str], body: int
) -> None:
    # the first turn's event has been; the second winter turn starts with the tops laid here
    game = activate(with_tops(winters, seasons, "Gray Forest"))  # Gray Forest: Wilderness
    assert stress(game, "body") == body


def test_blizzard_discards_red_banks_units_then_stresses_the_wilderness(winters: Any) -> None:
    # three winter symbols: Blizzard; Praetorians (a Unit) at Dusk's Ayrie, in Red Bank
    seasons = ("winter", "winter", "winter")
    game = activate(with_tops(winters, seasons, "Gray Forest", {"Praetorians": "Dusk's Ayrie"}))
    assert game.state.cards["Praetorians"]["zone"] == "discard"
    # 3 body from Thea's 3: her body die falls to 0, back to 3, her first body condition marked
    assert stress(game, "body") == 3
    assert game.ops.value("Thea", "body condition 1") == 1


def test_an_event_for_other_locations_leaves_the_character_alone(winters: Any) -> None:
    # Snow Flurries stresses characters at Wilderness locations; Whitehold is Urban
    game = activate(with_tops(winters, ("winter", "fall", "spring"), "Whitehold"))
    assert stress(game, "body") == 3


def season_of(game: Any) -> str:
    """The season whose turn is being played (its procedure: "Summer Turn")."""
    (season,) = [
        f.data["phase"].removesuffix(" Turn")
        for f in game.state.frames
        if f.kind == "procedure"
        and f.data["phase"] in ("Winter Turn", "Spring Turn", "Summer Turn", "Fall Turn")
    ]
    return str(season)


def test_a_summer_turn_reads_summer_symbols(winters: Any) -> None:
    # to the first summer turn: winter's and spring's turns passed (one or two each, by their
    # symbols), then the tops laid: summer shows, so the second summer turn is played
    game = with_tops(winters, ("fall", "fall", "fall"), "Whitehold")  # Urban
    while season_of(game) != "Summer":
        game = activate(game)
    for region, season in zip(REGIONS, ("summer", "summer", "fall"), strict=True):
        top_showing(game, region, season)
    before = stress(game, "body")
    game = activate(game)  # the turn ends; the next starts with the event
    assert stress(game, "body") == max(0, before - 2)  # Heat Wave: Urban, 2 body
