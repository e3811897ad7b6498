"""A table to test rules on: a session with chosen characters, cards and scripted dice.

``table()`` builds a session from the starter card set, skips the setup procedure, and leaves
the game in the actions step; ``act()`` takes one action and answers its decisions in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rules.six_winters import engine
from rules.six_winters.cards import Ruleset
from rules.six_winters.starter import starter_ruleset
from rules.six_winters.state import AssetInProgress, Die, Frame


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return starter_ruleset()


def table(
    ruleset: Ruleset,
    characters: Sequence[str] = ("Fuscus", "Parin"),
    *,
    at: str = "Yearly Field",
    dice: Sequence[int] = (),
    solo: bool = False,
    seed: int = 1,
) -> engine.Session:
    """A session in its actions step, characters at ``at``, no dice anywhere, scripted dice."""
    campaign = engine.new_campaign(ruleset)
    session = engine.new_session(ruleset, campaign, seed, list(characters), solo=solo)
    st = session.state
    st.frames = [Frame("actions", {})]
    st.asset_staging = []
    st.dice_script = list(dice)
    for c in st.characters:
        c.location = at
        c.action_points = 4
    return session


def put_dice(session: engine.Session, where: str, *dice: tuple[str, int]) -> None:
    loc = session.location(where)
    for resource, face in dice:
        session.state.supply[resource] -= 1
        loc.dice.append(Die(resource, face))


def in_progress(session: engine.Session, who: str, name: str, *filled: tuple[str, int] | None):
    c = session.character(who)
    recipe = session.ruleset.assets[name].recipe
    slots: list[Die | None] = [None] * len(recipe)
    for i, die in enumerate(filled):
        if die is not None:
            session.state.supply[die[0]] -= 1
            slots[i] = Die(*die)
    asset = AssetInProgress(name, slots)
    c.in_progress.append(asset)
    return asset


def add_location(session: engine.Session, name: str, x: int, y: int) -> None:
    from rules.six_winters.state import LocationState

    session.state.locations.append(LocationState(name, x, y))


def place(
    session: engine.Session, obstacle: str, where: str, progress: int = 0, hindrance: int = 0
):
    o = session.new_obstacle(obstacle, progress, hindrance)
    session.location(where).obstacles.append(o)
    return o


def act(session: engine.Session, option: Any, *answers: Any) -> list[Any]:
    """Take an action through the actions step; answer its decisions; return them."""
    asked = []
    assert option in session.pending().options, f"{option} not offered"
    session.apply(option)
    for answer in answers:
        decision = session.pending()
        assert decision is not None and decision.kind != "choose_action", (
            f"the action ended before answer {answer!r}"
        )
        asked.append(decision)
        session.apply(answer)
    decision = session.pending()
    assert decision is not None and decision.kind == "choose_action", (
        f"the action still asks: {decision}"
    )
    return asked


def run_piece(session: engine.Session, op: str, *answers: Any, **args: Any) -> list[Any]:
    """Run one piece of the procedure (refresh, an activation...) answering in order."""
    session.state.frames = [Frame("actions", {})]
    session._pending = None
    session.push_run(op, **args)
    asked = []
    for answer in answers:
        decision = session.pending()
        assert decision is not None and decision.kind != "choose_action", (
            f"the piece ended before answer {answer!r}"
        )
        asked.append(decision)
        session.apply(answer)
    decision = session.pending()
    assert decision is not None and decision.kind == "choose_action", (
        f"the piece still asks: {decision}"
    )
    return asked


def kinds(session: engine.Session, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in session.events if e.kind == kind]
