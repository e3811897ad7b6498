"""Scenario builders for the per-card tests (on top of ``six_winters_table``).

``use`` takes the legal option that uses a card and answers its decisions; ``settle`` answers
whatever is left the plain way (first option, pay, finish) so a test scripts only the choices
the card's words are about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from six_winters_table import table

from rules.six_winters import engine
from rules.six_winters.state import Frame

Answer = Any | Callable[[Any], Any]


def game(cards: Any, characters: tuple[str, ...] = ("Kanun", "Parin"), **kw: Any):
    """A session in its actions step with no scenes to narrate (no extra activations)."""
    session = table(cards, list(characters), **kw)
    session.state.scenes, session.state.scene_deck = [], []
    return session


def plain(decision: Any) -> Any:
    """The unremarkable answer: finish, pay, nobody joins, else the first option."""
    options = list(decision.options)
    if "finish" in options:
        return "finish"
    if decision.kind == "pay_or_refuse":
        return True in options  # unless paying was refused: the text could do nothing
    if decision.kind == "choose_many":
        return options[: getattr(decision, "min_choices", 0) or 0]
    return options[0]


def settle(session: engine.Session, *answers: Answer, default: Callable[[Any], Any] = plain):
    """Answer the pending decisions, scripted ones first, until the actions step asks again;
    return the decisions asked."""
    asked = []
    queue = list(answers)
    for _ in range(200):
        decision = session.pending()
        assert decision is not None, "the session ended"
        if decision.kind == "choose_action":
            assert not queue, f"the action ended before answers {queue!r}"
            return asked
        asked.append(decision)
        answer = queue.pop(0) if queue else default
        session.apply(answer(decision) if callable(answer) else answer)
    raise AssertionError("too many decisions")


def refresh_pending(session: engine.Session) -> None:
    """The table changed under the pending question: ask again."""
    session._pending = None


def option(who: str, card: str, kind: str = "asset", effect: int = 0) -> dict[str, Any]:
    return {"act": kind, "character": who, "card": card, "effect": effect}


def options(session: engine.Session) -> list[Any]:
    refresh_pending(session)
    return list(session.pending().options)


def use(session: engine.Session, who: str, card: str, *answers: Answer, kind: str = "asset"):
    """Use a card's ability (an asset's Exhaust, an ability's Exhaust or Play) as an action."""
    chosen = option(who, card, kind)
    assert chosen in options(session), f"{card} is not offered to {who}"
    session.apply(chosen)
    return settle(session, *answers)


def permission(session: engine.Session, who: str, on: str, card: str, index: int = 0):
    return {"act": "permission", "character": who, "on": on, "card": card, "index": index}


def piece(session: engine.Session, op: str, *answers: Answer, **args: Any):
    """Run one piece of the procedure (an activation, a season end...) or a whole phase of
    ``procedure.rules`` ("Refresh")."""
    session.state.frames = [Frame("actions", {})]
    session._pending = None
    if op[:1].isupper():  # a phase of procedure.rules ("Refresh")
        session.start_phase(op)
    else:
        session.push_run(op, **args)
    return settle(session, *answers)


def narrate(session: engine.Session, scene: str, where: str, who: list[str], *answers: Answer):
    """Narrate ``scene`` at ``where``: the team gets overcome obstacles worth enough points,
    plays them, finishes; then the epilogue's decisions get ``answers``."""
    points = session.ruleset.scenes[scene].points
    session.state.scenes = [scene]
    lead = session.character(who[0])
    lead.obstacles = ["Wrath of the Autarch"] * (points // 3 + 1)  # 3 points each
    chosen = {"act": "narrate", "scene": scene, "location": where, "participants": who}
    assert chosen in options(session), f"{scene} cannot be narrated at {where}"
    session.apply(chosen)
    while (d := session.pending()).kind == "choose_card":
        session.apply("finish" if "finish" in d.options else d.options[0])
    return settle(session, *answers)


def dice_at(session: engine.Session, where: str) -> list[tuple[str, int]]:
    return [(d.resource, d.face) for d in session.location(where).dice]


def tokens(session: engine.Session, where: str) -> dict[str, tuple[int, int]]:
    return {o.name: (o.progress, o.hindrance) for o in session.location(where).obstacles}


def events(session: engine.Session, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in session.events if e.kind == kind]
