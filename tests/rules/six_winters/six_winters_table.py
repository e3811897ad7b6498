"""A table to test rules on: a session with chosen characters, cards and scripted dice.

``table()`` builds a session from the compiled card text, skips the setup procedure, and leaves
the game in the actions step; ``act()`` takes one action and answers its decisions in order.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from dsl.compiler import CompiledAbility, Trigger
from dsl.kernel.dispatch import Part, piece
from dsl.runtime import Context, Span
from rules.six_winters import engine
from rules.six_winters.cards import CardView, Ruleset
from rules.six_winters.session import Session, made_session
from rules.six_winters.session_end import SessionEndRules
from rules.six_winters.state import AssetInProgress, Die, Frame


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    return engine.load_ruleset()


HERE = Span("<test>", 1, 1, 1, 1)


def ability(
    label: str, text: str, run: Callable[[Any], Any], *, usage: str = "on", event: str | None = None
) -> CompiledAbility:
    """An ability written in Python for a test, in the shape the language compiles card text
    to (``label`` empty: a standing text)."""
    trigger = Trigger(label, usage, event) if label or usage != "static" else None
    return CompiledAbility(trigger, text, run, HERE)


def with_abilities(ruleset: Ruleset, card: CardView, *abilities: CompiledAbility) -> Ruleset:
    """The ruleset with ``card``'s abilities replaced by ``abilities`` (its compiled card
    otherwise as printed)."""
    changed = type(card)(dataclasses.replace(card.compiled, abilities=abilities))
    table = {"asset": "assets", "ability": "abilities", "obstacle": "obstacles"}[card.kind]
    cards = {**getattr(ruleset, table), card.name: changed}
    return dataclasses.replace(ruleset, **{table: cards})


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
    session = made_session(ruleset, campaign, seed, list(characters), solo=solo)
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
    o = session.ops.new_obstacle(obstacle, progress, hindrance)
    session.location(where).obstacles.append(o)
    return o


def act(session: engine.Session, option: Any, *answers: Any) -> list[Any]:
    """Take an action through the actions step; answer its decisions; return them. An answer
    may be a function of the decision (to pick among options built by the engine)."""
    asked = []
    assert option in session.pending().options, f"{option} not offered"
    session.apply(option)
    for answer in answers:
        decision = session.pending()
        assert decision is not None and decision.kind != "choose_action", (
            f"the action ended before answer {answer!r}"
        )
        asked.append(decision)
        session.apply(answer(decision) if callable(answer) else answer)
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


def check_invariants(session: engine.Session) -> None:
    """What every state of a session keeps, whatever was played."""
    st = session.state
    rs = session.ruleset
    per = rs.value("resource dice per resource")
    for resource in rs.resources:
        on_map = sum(1 for loc in st.locations for d in loc.dice if d.resource == resource)
        on_assets = sum(
            1
            for c in st.characters
            for a in c.in_progress
            for d in a.slots
            if d is not None and d.resource == resource
        )
        on_cards = sum(1 for dice in st.card_dice.values() for d in dice if d.resource == resource)
        assert st.supply[resource] >= 0
        assert st.supply[resource] + on_map + on_assets + on_cards == per, resource
    threats = sum(loc.threats for loc in st.locations)
    assert st.threat_pool >= 0 and st.threat_box >= 0
    assert st.threat_pool + threats + st.threat_box == rs.value("threat tokens")
    held = sum(len(c.initiative) for c in st.characters)
    assert st.initiative_supply >= 0
    assert st.initiative_supply + held == rs.value("initiative dice")
    for kind in ("progress", "hindrance"):
        assert 0 <= session.tokens_in_play(kind) <= rs.value(f"{kind} tokens")
    for loc in st.locations:
        assert loc.threats >= 0
        for o in loc.obstacles:
            assert o.progress >= 0 and o.hindrance >= 0
        for d in loc.dice:
            assert 1 <= d.face <= 6
    for card, dice in st.card_dice.items():  # dice sit only on a card someone holds
        assert dice and session.ops.card_holder(card) is not None, card
        room = session.ops.hold_capacity(card)
        assert room is None or len(dice) <= room, card
    for c in st.characters:
        assert 0 <= c.action_points <= rs.value("action points max")
        assert c.body > 0 and c.psyche > 0
        assert all(1 <= d <= 6 for d in c.initiative)
    # every asset and scene card is in exactly one place
    asset_places = [
        *st.asset_deck,
        *st.asset_staging,
        *st.asset_discard,
        *st.reserve,
        *(a.name for c in st.characters for a in c.in_progress),
        *(n for c in st.characters for n in c.assets),
        *(n for n in st.archive if n in rs.assets),
    ]
    assert len(asset_places) == len(set(asset_places)), "an asset is in two places"
    scene_places = [*st.scene_deck, *st.scenes, *(n for n in st.archive if n in rs.scenes)]
    assert len(scene_places) == len(set(scene_places)), "a scene is in two places"
    abilities = [
        *st.solo_ability_deck,
        *(n for c in st.characters for n in (*c.abilities, *c.ability_deck, *c.ability_discard)),
    ]
    for name, count in Counter(abilities).items():
        card = rs.abilities[name]
        copies = len(card.numbers) or 1
        holders = len(st.characters) if card.character is None else 1
        assert count <= copies * holders, f"{name} is in more places than it has copies"


def play_checked(session: engine.Session, bot: Any, every: int = 1) -> engine.Session:
    """Play to the end, checking the invariants at every ``every``-th decision (but a
    question inside a piece that has changed the table: dice may lie in a defense pool, a card
    drawn may not be placed yet, until the piece ends)."""
    n = 0
    while (decision := session.pending()) is not None:
        if n % every == 0 and not session.changes_untold():
            check_invariants(session)
        obs = session.observation(decision.who) if bot.uses_observation else None
        session.apply(bot.choose(obs, decision))
        n += 1
    check_invariants(session)
    return session


def run_fixture_text(
    folder: Any, capsys: pytest.CaptureFixture[str], text: str, name: str = "bad.fixture"
) -> tuple[Any, int, str]:
    """Write a behaviour fixture's ``text`` into ``folder`` and run ``chronicler test`` on it as
    a designer would: the file's path, the exit code and everything the command told."""
    from journal.cli import main

    path = folder / name
    path.write_text(text)
    code = main(["test", str(path)])
    out, err = capsys.readouterr()
    return path, code, out + err


class _WatchedEnd(SessionEndRules):
    """Session End, telling the session's watcher the table as play left it first."""

    @piece("scheme_result")
    def scheme_result(self, ctx: Context) -> None:
        watched = self.game
        assert isinstance(watched, WatchedSession)
        if watched.at_winter_end is not None:
            seen, watched.at_winter_end = watched.at_winter_end, None
            seen(watched)
        super().scheme_result(ctx)


class WatchedSession(Session):
    """A session that calls ``at_winter_end(session)`` as its Session End begins, once: the
    map as play left it, before the scheme's text and the storing steps change it."""

    end = Part(_WatchedEnd)
    at_winter_end: Callable[[Session], None] | None = None


def watch_winter_end(session: Session, seen: Callable[[Session], None]) -> WatchedSession:
    """``session`` (as it stands, not started yet or at a decision) as a ``WatchedSession``."""
    watched = WatchedSession(session.ruleset, session.state)
    watched.at_winter_end = seen
    return watched
