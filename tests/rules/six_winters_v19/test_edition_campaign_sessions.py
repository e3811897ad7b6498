"""The campaign across sessions (Session End's "Advance Year", Store Game): the next session of
a campaign starts from what the last one left, by the ruleset contract (``GameSetup.carried``
from ``Outcome.carried``): every number of the game (the twelve tracks, the year) and of the
cards (the skill ranks a character learned), and the cards burnt. What the text resets, it
resets itself: the obstacles are cleared at Session End, the action dice are a pool rolled
again."""

from __future__ import annotations

from typing import Any

import pytest
from edition_session import pass_to_the_end

from dsl.contract import GameSetup
from dsl.errors import ChroniclerError
from dsl.world.burning import burnt
from dsl.world.replacing import places
from rules import registry

LOCATIONS_BURNT = 3  # Session End's Burn Locations: one a region


def missions_burnt(game: Any) -> list[str]:
    return [c for c in burnt(game.state) if game.state.cards[c]["kind"] == "mission"]


def engine() -> Any:
    found = registry.find("six-winters-v19")
    assert found.engine is not None and found.bots is not None
    return found.engine, found.bots.make("random", 1)


def played(carried: dict[str, Any] | None = None, seed: int = 1) -> tuple[Any, Any]:
    eng, bot = engine()
    game = eng.new_game(GameSetup(seed=seed, seats=2, carried=carried or {}), bot)
    return game, game


def test_a_session_leaves_the_tracks_the_year_and_the_burnt_cards() -> None:
    eng, _ = engine()
    game, _ = played()
    game.state.values[""]["diplomacy progress"] = 7
    pass_to_the_end(game)
    left = eng.outcome(game).carried
    assert left["numbers"][""]["year"] == 2 and left["numbers"][""]["diplomacy progress"] == 7
    assert left["burnt"] == burnt(game.state) and len(missions_burnt(game)) == 2
    assert len(left["burnt"]) == 2 + LOCATIONS_BURNT  # seed 1: no threat track at its end
    assert set(left["spaces"].values()) <= set(places(game))  # the map as it was left
    assert not any(name.startswith("red dice") for n in left["numbers"].values() for name in n)
    assert not set(game.state.players) & set(left["numbers"])  # a seat's own numbers do not
    # a character's stress dice start at its printed faces every session: not carried
    assert not any({"psyche", "body"} & set(n) for n in left["numbers"].values())


def test_the_next_session_starts_from_them() -> None:
    eng, _ = engine()
    first, _ = played()
    first.state.values[""]["diplomacy progress"] = 7
    first.state.values.setdefault("Thea", {})["learned lore"] = 2  # two ranks learned
    pass_to_the_end(first)
    left = eng.outcome(first).carried
    second, _ = played(left, seed=2)
    assert second.ops.value("", "year") == 2
    assert second.ops.value("", "diplomacy progress") == 7
    assert second.state.values["Thea"]["learned lore"] == 2
    assert burnt(second.state) == left["burnt"]
    assert not set(left["burnt"]) & set(second.state.zones["mission deck"])
    assert places(second)[:9] == places(first)[:9]  # the map the first session left
    pass_to_the_end(second)
    assert second.ops.value("", "year") == 3 and len(missions_burnt(second)) == 2 + 4


def test_what_the_text_does_not_declare_is_refused_in_one_line() -> None:
    with pytest.raises(ChroniclerError, match="'glory', a number this text does not carry"):
        played({"numbers": {"": {"glory": 3}}, "burnt": []})
    with pytest.raises(ChroniclerError, match="'psyche', a number this text does not carry"):
        played({"numbers": {"Thea": {"psyche": 0}}, "burnt": []})  # it starts at its face
    with pytest.raises(ChroniclerError, match="burnt 'Nowhere', a card this text lacks"):
        played({"numbers": {}, "burnt": ["Nowhere"]})
