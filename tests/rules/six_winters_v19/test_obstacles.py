"""The v19.7 text's "Obstacle Cards" and "Seasonal Event Cards": each card's effect is text where
the language can say it, else its card file says in a comment what it cannot; the texts that
need no procedure run on the world engine as the rules say."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from dsl.world.game import new_game
from dsl.world.model import GAME

FOLDER = Path(__file__).resolve().parents[3] / "rules" / "six_winters_v19"

# The obstacles a threat location brings: overcoming one lowers a threat track by three.
LOWERS = {
    "Tatiala's Gambit": "stability",
    "Wrath of the Autarch": "espionage",
    "Stone and Blood": "military",
    "Sapphire Djinn": "diplomacy",
    "The Severing": "sorcery",
    "Stealer of Hope": "technology",
}


def blocks(file: str, kind: str) -> dict[str, str]:
    """Each card's block of text in a card file, by name."""
    text = (FOLDER / file).read_text()
    found = re.findall(rf'^{kind} "((?:[^"\\]|\\.)*)" \{{\n(.*?)^\}}', text, re.M | re.S)
    return {name: body for name, body in found}


@pytest.mark.parametrize(
    ("file", "kind"), [("obstacles.rules", "obstacle"), ("events.rules", "event")]
)
def test_every_effect_is_text_or_says_what_is_not(winters: Any, file: str, kind: str) -> None:
    cards = blocks(file, kind)
    assert len(cards) == len(winters.cards(kind))
    for card in winters.cards(kind):
        # text: an ability, or a standing sentence the engine keeps apart (printed all the same)
        assert card.abilities or card.printed or "# not text yet" in cards[card.name], card.name


@pytest.mark.parametrize(("obstacle", "resource"), sorted(LOWERS.items()))
def test_overcoming_a_threat_locations_obstacle_lowers_its_track_by_three(
    winters: Any, obstacle: str, resource: str
) -> None:
    game = new_game(winters, seed=1, players=1)
    track = f"{resource} threat"
    game.state.values[GAME][track] = 10
    (overcome,) = winters.card(obstacle, "obstacle").abilities_for("Overcome")
    game.run_text(overcome, actor="p1", ctx=None)
    assert game.state.values[GAME][track] == 7
    others = [k for k in game.state.values[GAME] if k.endswith(" threat") and k != track]
    assert all(game.state.values[GAME][k] == 4 for k in others)


def test_a_track_lowered_past_its_first_space_stops_there(winters: Any) -> None:
    game = new_game(winters, seed=1, players=1)
    game.state.values[GAME]["military threat"] = 2
    (overcome,) = winters.card("Stone and Blood", "obstacle").abilities_for("Overcome")
    game.run_text(overcome, actor="p1", ctx=None)
    assert game.state.values[GAME]["military threat"] == 1


def test_damage_by_threat_level_reads_the_named_track(winters: Any) -> None:
    # "take body equal to the technology threat level": the number is the track's value
    (activation,) = winters.card("False Confidence", "obstacle").abilities_for("Activation")
    (clause,) = activation.meaning.parts[0].alternatives
    assert clause.verb == "lose" and clause.text.endswith("body equal to technology threat")


def test_each_seasonal_event_text_runs_when_its_event_is_chosen(winters: Any) -> None:
    for card in winters.cards("event"):
        for ability in card.abilities:
            assert ability.trigger is not None and ability.trigger.label == "Seasonal event"
