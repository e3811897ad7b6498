"""Campaign Setup, Set Initial Threat Levels: the campaign's difficulty is chosen when it starts;
each threat marker starts on the second space at Cakewalk, the fourth at Standard, the sixth at
Difficult and the ninth at Tragedy Incarnate; Campaign End multiplies the points by 1, 2, 3 or
4. The choice is the campaign's: made in its first session, kept by every later one; bots play
Standard; a difficulty the text does not name is refused naming the four."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import PASS, pass_to_the_end

from dsl.contract import GameSetup
from dsl.errors import UsageError
from dsl.world.choices import chosen
from dsl.world.game import WorldGame
from dsl.world.together import carried
from rules import registry

GAME = ""
RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def first_session(options: dict[str, Any], carried_in: dict[str, Any] | None = None) -> WorldGame:
    engine = registry.find("six-winters-v19").engine
    assert engine is not None
    setup = GameSetup(seed=1, seats=2, options=options, carried=carried_in or {})
    game = engine.new_game(setup, None)  # type: ignore[arg-type]
    assert isinstance(game, WorldGame)
    return game


def threats(game: WorldGame) -> set[int]:
    return {game.ops.value(GAME, f"{resource} threat") for resource in RESOURCES}


@pytest.mark.parametrize(
    ("difficulty", "space"),
    [("cakewalk", 2), ("standard", 4), ("difficult", 6), ("Tragedy Incarnate", 9)],
)
def test_every_threat_marker_starts_on_the_difficultys_space(difficulty: str, space: int) -> None:
    game = first_session({"difficulty": difficulty})
    game.pending()  # the Session Setup, the Campaign Setup first in year 1
    assert threats(game) == {space}


def test_bots_play_standard() -> None:
    game = first_session({})
    assert chosen(game, "difficulty") == "standard"
    game.pending()
    assert threats(game) == {4}


def test_a_later_session_keeps_the_campaigns_difficulty_and_its_threat() -> None:
    game = first_session({"difficulty": "tragedy"})
    pass_to_the_end(game)
    left = carried(game)
    later = first_session({}, left)
    assert chosen(later, "difficulty") == "tragedy"
    later.pending()  # year 2: no Campaign Setup, the tracks as the first session left them
    assert {later.ops.value(GAME, f"{r} threat") for r in RESOURCES} == {
        left["numbers"][GAME][f"{r} threat"] for r in RESOURCES
    }
    with pytest.raises(UsageError, match=r"chose its difficulty when it started \(tragedy\)"):
        first_session({"difficulty": "cakewalk"}, left)


def test_an_unknown_difficulty_is_refused_naming_the_four() -> None:
    with pytest.raises(UsageError) as refused:
        first_session({"difficulty": "hard"})
    assert str(refused.value) == (
        "--choose difficulty=hard: no difficulty 'hard': choose cakewalk, standard, difficult "
        "or tragedy"
    )


@pytest.mark.parametrize(
    ("difficulty", "factor"), [("cakewalk", 1), ("standard", 2), ("tragedy", 4)]
)
def test_the_score_is_the_points_times_the_difficultys_factor(difficulty: str, factor: int) -> None:
    game = first_session({"difficulty": difficulty})
    game.pending()
    values = game.state.values[GAME]
    values["year"] = 6  # the last session: Campaign End counts
    values.update({f"{r} threat": 1 for r in RESOURCES} | {"diplomacy progress": 12})
    while (decision := game.pending()) is not None:
        for card, info in game.state.cards.items():  # no threat rises to spoil the count
            if info["kind"] == "obstacle" and info.get("at"):
                game.ops.move_card(card, zone="obstacle deck")
        game.apply(PASS if PASS in decision.options else decision.options[0])
    assert game.state.result["result"] == "Pyrrhic Victory"
    assert game.state.result["score"] == 1 * factor
