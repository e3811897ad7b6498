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
from rules.six_winters.contracts import TOLD_BY
from rules.six_winters.contracts import EventKind as E
from rules.six_winters.view import worked_out

PAIRS = (["Parin", "Kanun"], ["Fuscus", "Parin"], ["Kanun", "Fuscus"])


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
    # the table as the state shows it (``worked_out``): a view kept while no event is told
    # (``Session.observation``) would hide an untold change. A piece tells its changes by the
    # time it ends: a question inside one that has changed the table is passed over, and the
    # changes are checked at the next decision outside it, against every event told since
    decision = session.pending()
    before = _parts(worked_out(session))
    told = 0
    while decision is not None:
        session.apply(bot.choose(session.observation(decision.who), decision))
        decision = session.pending()
        if session.changes_untold():
            continue
        after = _parts(worked_out(session))
        kinds = {str(e.kind) for e in session.events[told:]}
        assert _untold(before, after, kinds) == [], sorted(kinds)
        # a piece asking now tells again, when it goes on, what it told before the question
        # (one that asked through a plain call runs again from its start)
        asking = session._asking
        before, told = after, asking["events"] if asking else len(session.events)
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
