"""Turn Sequence, Activate or Move Obstacles, with Obstacle Cards' Season Symbol and the location
board's Activation Icons: in each region the season on the back of its obstacle deck's top card
activates the obstacles of one location space (spring the top, summer the middle, fall the
bottom) or, for winter, of every space of the region, and each activated obstacle's own
"Activation:" text takes effect. Real cards of the v19.7 sheet, the decks' tops laid by hand."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import play_as, session

from dsl.world.deck_backs import back
from dsl.world.game import WorldGame


def top_showing(game: WorldGame, region: str, season: str, besides: str = "") -> None:
    """Lay on top of ``region``'s obstacle deck a copy whose back shows ``season``."""
    split = game.world.decks["obstacle"]
    deck = game.state.zones["obstacle deck"]
    (card, *_) = [
        c
        for c in deck
        if game.card_fields(c)["region"] == region
        and back(game, split, c) == season
        and game.state.cards[c]["name"] != besides
    ]
    deck.remove(card)
    deck.insert(0, card)


def table(winters: Any, obstacles: dict[str, str], thea_at: str) -> WorldGame:
    """A session at its first action: only ``obstacles`` on the map (card: location), Thea
    played by p1 at ``thea_at``."""
    game = session(winters)
    game.pending()
    for card, info in game.state.cards.items():
        if info["kind"] == "obstacle" and info.get("at"):
            game.ops.move_card(card, zone="obstacle deck")
    for card, where in obstacles.items():
        game.ops.move_card(card, at=where)
    game.ops.move_pawn("p1", thea_at)
    play_as(game, "p1", "Thea")
    return game


def activate(game: WorldGame) -> WorldGame:
    """Everyone passes: the turn goes on through its Activation to the next action."""
    game = game.clone()
    game.apply("pass")
    while (decision := game.pending()) is not None and decision.kind != "action":
        game.apply(decision.options[0])
    return game


def stress(game: WorldGame, track: str) -> int:
    return int(game.state.values["Thea"][track])


def test_spring_on_red_banks_deck_activates_its_top_space(winters: Any) -> None:
    # False Confidence at Dusk's Ayrie, Red Bank's top space; Thea elsewhere in Red Bank
    game = table(winters, {"False Confidence": "Dusk's Ayrie"}, "Gray Forest")
    top_showing(game, "redbank", "spring")
    game.state.values[""]["technology threat"] = 2
    game = activate(game)
    assert stress(game, "body") == 3 - 2  # each character in this region: technology threat
    assert game.state.cards["False Confidence"]["zone"] == "discard"  # "Discard this obstacle."


def test_the_season_activates_no_other_space_of_the_region(winters: Any) -> None:
    # the same obstacle on the bottom space, Gray Forest: spring does not activate it
    game = table(winters, {"False Confidence": "Gray Forest"}, "Gray Forest")
    top_showing(game, "redbank", "spring")
    game = activate(game)
    assert stress(game, "body") == 3
    assert game.state.cards["False Confidence"]["at"] == "Gray Forest"


def test_a_season_on_another_regions_deck_activates_nothing_here(winters: Any) -> None:
    game = table(winters, {"False Confidence": "Dusk's Ayrie"}, "Dusk's Ayrie")
    top_showing(game, "redbank", "fall")
    top_showing(game, "empire", "spring")
    top_showing(game, "settled", "spring")
    game = activate(game)
    assert stress(game, "body") == 3
    assert game.state.cards["False Confidence"]["at"] == "Dusk's Ayrie"


def test_winter_activates_every_space_of_its_region(winters: Any) -> None:
    # Zarrah on the Settled Lands' bottom space; Thea on its top space, Lily Manor
    game = table(winters, {"Zarrah": "Gravewood"}, "Lily Manor")
    top_showing(game, "settled", "winter")
    game = activate(game)
    assert stress(game, "psyche") == 5 - 1  # "Each character in this region loses 1 psyche."


@pytest.mark.parametrize(
    ("copy", "season", "lost"), [("Imperial Guard#2", "fall", 2), ("Imperial Guard#3", "summer", 0)]
)
def test_each_copy_of_a_card_shows_its_own_season(
    winters: Any, copy: str, season: str, lost: int
) -> None:
    # Imperial Guard's three copies show spring, fall and summer; the first on Whitehold (the
    # Empire's bottom space, which fall activates), the copy on top of the Empire's deck decides
    game = table(winters, {"Imperial Guard": "Whitehold"}, "Whitehold")
    deck = game.state.zones["obstacle deck"]
    deck.remove(copy)
    deck.insert(0, copy)
    assert back(game, game.world.decks["obstacle"], copy) == season
    game.state.values[""]["espionage threat"] = 2
    game = activate(game)
    assert stress(game, "body") == 3 - lost  # "at this location ... equal to espionage threat"


def activation_texts(winters: Any) -> list[str]:
    return [
        card.name
        for card in winters.cards("obstacle")
        if any(a.trigger and a.trigger.label == "Activation" for a in card.abilities)
    ]


def test_every_activation_text_of_the_sheet_runs(winters: Any) -> None:
    names = activation_texts(winters)
    # 43, and 13 that take dice from the trade board's pools (test_edition_pool_effects.py),
    # and both Master of Secrets, which move first (test_edition_moving_obstacles.py);
    # Prismatic Lotus still only places a die at a location (form 6)
    assert len(names) == 43 + 13 + 2
    for name in names:  # on the Empire's top space with winter on its deck: each one activated
        game = table(winters, {name: "Eastkeep"}, "Eastkeep")
        top_showing(game, "empire", "winter", besides=name)
        game = activate(game)
        assert game.pending() is not None, name  # the session goes on to the next action
