"""Every change a player can see is told: between two decisions of a seeded session, each part
of the public table (the observation) that changed has an event that says so, so the journal,
the site and the account can show it (fireplace's habit: no state change goes silently)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot, RandomBot
from rules.six_winters.contracts import EventKind as E
from rules.six_winters.contracts import KernelEvent

PAIRS = (["Parin", "Kanun"], ["Fuscus", "Parin"], ["Kanun", "Fuscus"])
DIE_EVENTS = {
    KernelEvent.DICE_ROLLED,
    E.DIE_PLACED,
    E.DIE_RETURNED,
    E.DIE_MOVED,
    E.DIE_SET,
    E.DIE_SPENT,
    E.DIE_HELD,
    E.DIE_UNHELD,
    E.DICE_CLEARED,
    E.TRADED,
    E.DIE_CRAFTED,
    E.SORCERY_EXPLODED,
}
TOKEN_EVENTS = {E.TOKENS_ADDED, E.TOKEN_REMOVED, E.TOKENS_CONVERTED}
COPY_EVENTS = {E.OBSTACLE_PLACED, E.OBSTACLE_MOVED, E.OBSTACLE_OVERCOME, E.OBSTACLE_DISCARDED}
# the events that may change each part of the table (its path, names of things as [])
TOLD_BY: dict[str, set[str]] = {
    # the tracker moves once more when the year is lost or over
    "turn": {E.TURN_STARTED, E.SEASON_ENDED, E.SESSION_ENDED, E.THREAT_POOL_EMPTY},
    "season": {E.TURN_STARTED, E.SEASON_ENDED},
    "turns_in_season": {E.TURN_STARTED, E.SEASON_ENDED},
    "threat_pool": {E.THREAT_PLACED, E.THREAT_REMOVED, E.THREAT_POOL_EMPTY},
    "locations": {E.LOCATION_ADDED},
    "locations[].developed": {E.LOCATION_DEVELOPED, E.LOCATION_UNDEVELOPED},
    "locations[].tags": {E.LOCATION_DEVELOPED, E.LOCATION_UNDEVELOPED},
    "locations[].produces": {E.LOCATION_DEVELOPED, E.LOCATION_UNDEVELOPED},
    "locations[].adjacent": {E.LOCATION_ADDED},
    "locations[].threats": {E.THREAT_PLACED, E.THREAT_REMOVED},
    "locations[].obstacles": {
        E.OBSTACLE_PLACED,
        E.OBSTACLE_MOVED,
        E.OBSTACLE_OVERCOME,
        E.OBSTACLE_DISCARDED,
        E.CARD_ARCHIVED,
    },
    # copies of one obstacle are told apart by their order only: one coming or going at a
    # location shifts the tokens seen on the others
    "locations[].obstacles[].progress": {*TOKEN_EVENTS, *COPY_EVENTS},
    "locations[].obstacles[].hindrance": {*TOKEN_EVENTS, *COPY_EVENTS},
    "locations[].dice": DIE_EVENTS,
    "supply": DIE_EVENTS,
    "characters[].location": {E.CHARACTER_MOVED, E.CHARACTER_PLACED},
    "characters[].action_points": {E.ACTION_POINTS_CHANGED},
    "characters[].body": {E.STRESS_TAKEN, E.STRESS_RECOVERED},
    "characters[].psyche": {E.STRESS_TAKEN, E.STRESS_RECOVERED},
    "characters[].initiative": {
        KernelEvent.DICE_ROLLED,
        E.DIE_SET,
        E.INITIATIVE_GAINED,
        E.INITIATIVE_SPENT,
    },
    "initiative_supply": {E.INITIATIVE_GAINED, E.INITIATIVE_SPENT},
    "characters[].skills": {E.DOWNTIME, E.SCENE_COMPLETED},
    "characters[].advances": {E.DOWNTIME, E.SCENE_COMPLETED},
    "characters[].conditions": {E.CONDITION_TAKEN, E.CONDITION_REMOVED},
    "characters[].in_progress": {E.ASSET_TAKEN, E.DIE_CRAFTED, E.ASSET_COMPLETED},
    "characters[].assets": {
        E.ASSET_COMPLETED,
        E.ASSET_PLAYED,
        E.RESERVE_TAKEN,
        E.CARD_DISCARDED,
        E.SCENE_COMPLETED,
    },
    "characters[].obstacles": {E.OBSTACLE_OVERCOME, E.CARD_DISCARDED, E.SCENE_COMPLETED},
    "characters[].abilities": {E.ABILITY_TAKEN, E.ABILITY_PLAYED, E.CARD_DISCARDED},
    "characters[].exhausted": {E.CARD_EXHAUSTED, E.CARD_REFRESHED, E.CARDS_READIED},
    "characters[].ability_deck_size": {E.ABILITY_TAKEN, E.ABILITY_PLAYED, E.CARD_ADDED},
    "asset_staging": {E.ASSET_STAGED, E.ASSET_TAKEN},
    "scenes": {E.SCENE_DRAWN, E.SCENE_COMPLETED, E.CARD_ADDED, E.FINALE_SCENES_SHUFFLED},
    "scenes_completed": {E.SCENE_COMPLETED},
    "decks.asset": {E.ASSET_STAGED, E.ASSET_TAKEN, E.CARD_ADDED, E.CARD_ARCHIVED},
    "decks.scene": {
        E.SCENE_DRAWN,
        E.SCENE_COMPLETED,
        E.CARD_ADDED,
        E.CARD_ARCHIVED,
        E.FINALE_SCENES_SHUFFLED,
    },
    "decks.obstacle": {
        E.OBSTACLE_PLACED,
        E.EVENT_DRAWN,
        E.CARD_ADDED,
        E.OBSTACLE_DECK_RESHUFFLED,
        E.NO_COPY_LEFT,
        E.CARD_ARCHIVED,
    },
    "obstacle_discard": {
        E.OBSTACLE_DISCARDED,
        E.OBSTACLE_DECK_RESHUFFLED,
        E.EVENT_DRAWN,
        E.OBSTACLE_PLACED,
    },
}


def _parts(value: Any, path: str = "") -> dict[str, str]:
    """The observation as {path: JSON}; lists of named things by name (``locations[Fort]``)."""
    if isinstance(value, Mapping):  # the view, and the plain dicts in it
        out: dict[str, str] = {}
        for key, item in value.items():
            out.update(_parts(item, f"{path}.{key}" if path else key))
        return out
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) and "name" in v for v in value)
    ):
        out = {path: json.dumps(sorted(v["name"] for v in value))}
        for item in value:
            out.update(_parts(item, f"{path}[{item['name']}]"))
        return out
    return {path: json.dumps(value, sort_keys=True)}


def _untold(before: dict[str, str], after: dict[str, str], kinds: set[str]) -> list[str]:
    untold = []
    for path in sorted(before.keys() | after.keys()):
        if before.get(path) == after.get(path):
            continue
        if before.get(path) is None or after.get(path) is None:
            continue  # a named thing came or went: the list it is in is checked
        general = re.sub(r"\[[^\]]*\]", "[]", path)
        if general.startswith(("characters[].in_progress[]", "resting")):
            continue  # slots filled are told as crafting; resting sheets change between years
        words = general.split(".")
        told_by = next(
            (TOLD_BY[p] for n in range(len(words), 0, -1) if (p := ".".join(words[:n])) in TOLD_BY),
            None,
        )
        if told_by is None or not (told_by & kinds):
            untold.append(f"{path}: {before.get(path)} -> {after.get(path)}")
    return untold


def _play_checking(session: Any, bot: Any) -> Any:
    decision = session.pending()
    before = _parts(session.observation(None))
    while decision is not None:
        told = len(session.events)
        session.apply(bot.choose(session.observation(decision.who), decision))
        decision = session.pending()
        after = _parts(session.observation(None))
        kinds = {str(e.kind) for e in session.events[told:]}
        assert _untold(before, after, kinds) == [], sorted(kinds)
        before = after
    return session


@pytest.mark.parametrize("seed", range(30))
def test_every_change_of_the_table_between_two_decisions_is_told(ruleset, seed):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, PAIRS[seed % 3])
    _play_checking(session, (RandomBot if seed % 2 else HeuristicBot)(seed))


@pytest.mark.parametrize("seed", range(3))
def test_every_change_is_told_in_every_year_of_a_campaign(ruleset, seed):
    campaign = engine.new_campaign(ruleset)
    for year in range(1, 7):
        characters = PAIRS[(seed + year) % 3]
        session = engine.new_session(ruleset, campaign, seed * 10 + year, characters)
        campaign = engine.end_session(campaign, _play_checking(session, HeuristicBot(seed)))


def test_an_untold_change_is_found():
    before = {"characters[Parin].body": "4", "turn": "1"}
    after = {"characters[Parin].body": "3", "turn": "2"}
    assert _untold(before, after, {E.TURN_STARTED}) == ["characters[Parin].body: 4 -> 3"]
    assert _untold(before, after, {E.TURN_STARTED, E.STRESS_TAKEN}) == []
