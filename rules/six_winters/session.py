"""The Six Winters session: the kernel's machine, this ruleset's hooks, host and queries, made
of one mixin per rules section (``session_setup``, ``turn``, ``actions``, ``abilities``,
``overcome``, ``scenes``, ``refresh``, ``obstacles``, ``session_end``) and the named state
operations (``operations``).

A ``Session`` holds a ``SessionState`` (plain data) and the ruleset. The procedure of the game is
a stack of ``Frame``s. Two sorts of frame exist:

- *step frames* (``turn``, ``actions``, ``activate``) walk an explicit list of steps and ask their
  own decisions;
- *run frames* run one piece of the game as straight-line Python that asks through
  ``ctx.decide`` (an action, the refresh step, one obstacle's activation, a card effect). A run
  frame keeps a snapshot of the state taken when it started and the answers given so far; when
  it needs a new answer the state goes back to the snapshot and the piece is run again with one
  more answer (the contract of ``dsl.runtime``). So every decision point is plain data: the state
  round-trips through JSON and copies with ``clone`` at any of them.
"""

from __future__ import annotations

import difflib
import pickle
import sys
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dsl.compiler import Trigger
from dsl.errors import ChroniclerError
from dsl.kernel.dispatch import Part, made_parts, piece
from dsl.kernel.machine import (
    AnswerRefused,
    Machine,
    PieceRefused,
)
from dsl.procedure import Procedure, ProcedureWalker
from dsl.runtime import Context, Decision, EffectError, NothingToActOn, marks_of, new_decision
from dsl.runtime import DecisionKind as LanguageDecision

from . import select as selecting
from .abilities import AbilityRules
from .actions import ActionRules
from .basics import (
    _MAP_KEY,
    MapFacts,
    SessionResult,
    _EffectContext,
    _portable_frame,
    _ref,
    _runs_a_text,
    ruleset_memo,
)
from .cards import Effect, Ruleset
from .obstacles import ObstacleRules
from .operations import Operations
from .overcome import OvercomeRules
from .refresh import RefreshRules
from .scenes import SceneRules
from .session_end import SessionEndRules
from .session_making import Making, SessionMakingRules, made_steps
from .session_setup import SessionSetupRules
from .state import (
    CampaignState,
    CharacterState,
    LocationState,
    MapLocation,
    ObstacleInPlay,
    Sheet,
    copy_session,
    decode_session,
    encode,
    freeze,
    thaw,
)
from .turn import TurnRules
from .view import View


class Session(ProcedureWalker, Machine):
    """One game of Six Winters (one year of the campaign), OpenSpiel-shaped: the kernel's
    machine (``dsl.kernel.machine``) running this ruleset's procedure, the host its card texts
    run against, and the table's queries. Its rules sections are parts of it, each an object
    with one job made the first time it is read (``dsl.kernel.dispatch.Part``); their pieces,
    step walks and predictions are registered on them. Every change of the table goes through
    the operations facade (``ops``)."""

    ops = Part(Operations)
    making = Part(SessionMakingRules)  # Session Setup 1-7, as the session is made
    setup = Part(SessionSetupRules)  # Session Setup 8-12
    turn = Part(TurnRules)
    actions = Part(ActionRules)
    abilities = Part(AbilityRules)
    overcome = Part(OvercomeRules)
    scenes = Part(SceneRules)
    refresh = Part(RefreshRules)
    obstacles = Part(ObstacleRules)
    end = Part(SessionEndRules)

    def __init__(self, ruleset: Ruleset, state: Any) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        # the phases and steps of ``procedure.rules``, compiled once with the ruleset (the
        # walker reads them at every step)
        self.procedure: Procedure = ruleset.procedure
        self._map_kept: MapFacts | None = None
        self._primitives: Any = None
        # the primitive a card used as an action calls as the last thing its text does
        # (``CompiledAbility.last_call``), while that text runs (``run_effect``)
        self._last_call: str | None = None
        # ``_untouched`` (the machine's): True while the run frame's piece cannot have changed
        # the state yet: it only runs a card's text, and the text has called no primitive so
        # far (compiled texts change the game only through primitives; ``select`` only reads),
        # so its snapshot waits for the first primitive (``Machine.touch``).
        # facts of the cards that never change within a session, worked out when first needed
        # (the ruleset's memos: shared by every session of the ruleset, fetched in one go, as
        # a ``clone`` makes a session too)
        (
            self._facts_memo,
            self._declared_costs,
            self._words_memo,
            self._view_sides,
            self._sorcery,
        ) = _session_memos(ruleset)
        # the view given last: (events told then, the last of them, the view)
        self._view: tuple[int, Any, weakref.ref[View]] | None = None
        # the parts of a view kept for the next views (``view._kept``), by part: (events told
        # then, the last of them, the part)
        self._shown: dict[str, tuple[int, Any, Any]] = {}

    def state_replaced(self) -> None:
        """The sections and the facade keep the table at hand (``basics.Section.state``): a
        piece taken back gives them the copy it goes back to."""
        st = self.state
        for part in made_parts(self):
            part.state = st

    def _with_state(self, state: Any) -> Session:
        """A session on ``state`` (``clone``), keeping what this one worked out of the ruleset
        and of the map, each with the key it was worked out for: a copy (a search plays
        thousands) does not work them out again. None of them is ever changed in place but
        filled in with the same facts, so the two sessions may share them."""
        copy = type(self)(self.ruleset, state)
        copy._primitives = self._primitives
        copy._map_kept = self._map_kept
        return copy

    def act_in_any_order(self) -> None:
        """Actions: players act in any order until all pass (``actions``)."""
        self.actions.act_in_any_order()

    def run_step_text(self, phase: str, index: int, item: Any) -> None:
        """A step written as card sentences: run as a piece of its own (under ``for each``,
        once per thing: ``item``)."""
        if item is None:
            self.push_run("step_text", phase=phase, index=index)
        else:
            self.push_run("step_text", phase=phase, index=index, item=item)

    @piece("step_text")
    def step_text(self, ctx: Context, phase: str, index: int, item: Any = None) -> None:
        """The step's sentences; under ``for each character`` that character acts, where they
        stand ("Each loses 1 body." is "Lose 1 body." for each one), under ``for each
        location`` it is this location, under ``for each obstacle`` it is "it", where it is."""
        step = self.procedure.phase(phase).steps[index]
        ability = step.ability
        effect = Effect(Trigger(step.title, "on"), step.text, ability.run, ability.span)
        actor, location, bindings = None, None, None
        names = {c.name for c in self.state.characters}
        if isinstance(item, str) and item in names:
            actor, location = item, self.character(item).location
        elif isinstance(item, str) and any(loc.name == item for loc in self.state.locations):
            location = item
        elif isinstance(item, int) and (found := self.find_obstacle(item)) is not None:
            loc, obstacle = found
            location, bindings = loc.name, {"it": _ref(obstacle, loc)}
        card = f"{phase}: {step.title}"
        self.run_effect(ctx, effect, actor=actor, location=location, card=card, bindings=bindings)

    def result(self) -> SessionResult:
        if not self.is_over() or self.state.result is None:
            raise ChroniclerError("the session is not over yet")
        r = self.state.result
        return SessionResult(
            won=r["result"] == "won",
            reason=r["reason"],
            scenes_completed=r["scenes_completed"],
            threat_left=r["threat_left"],
            year=self.state.year,
            scheme=self.state.scheme,
        )

    def encode_state(self) -> Any:
        """The state as JSON data. A run frame's snapshot is written as the pickled state it
        copies (as it always was: saves stay readable both ways); the frames are swapped for
        such copies only while the state is encoded."""
        st = self.state
        return encode(replace(st, frames=[_portable_frame(f, st) for f in st.frames]))

    @classmethod
    def decode_state(cls, ruleset: Any, data: Any) -> Any:
        return decode_session(data)

    def copy_state(self) -> Any:
        """Events are frozen, so the copy shares them (its own list); so are run frames'
        snapshots."""
        return copy_session(self.state, log=True)  # ``thaw(freeze(st))``, each list once

    def snapshot(self, op: str) -> Any:
        """``state.freeze``. Only the downtime piece changes the sheets: any other piece's
        snapshot leaves them out, and goes back to them as they are (they are a seventh of a
        snapshot's cost)."""
        return freeze(self.state, sheets=op == "downtime")

    def from_snapshot(self, snap: Any) -> Any:
        # a snapshot read from JSON is the pickled state (see ``encode_state``)
        if isinstance(snap, bytes):
            return pickle.loads(snap)
        # a snapshot without the sheets goes back to them as they are (they have not changed)
        return thaw(snap, self.state.sheets)

    def runs_only_text(self, data: dict[str, Any]) -> bool:
        return _runs_a_text(data)

    def piece_refused(self, data: dict[str, Any], reason: str) -> None:
        """A card used as an action could not do what it says (``actions.refused``)."""
        self.actions.refused(data, reason)

    def piece_finished(self, data: dict[str, Any]) -> None:
        if data["op"] == "action":
            self.actions.changed()

    def observation(self, who: str | None = None) -> View:
        """What a player sees (``view.View``): the table, every character, no deck order, no
        face-down card. Every change of the table is told by an event (``TOLD_BY``, the
        contract ``test_every_change_is_told`` holds the engine to), so while the events are
        those of the last view (as many, the last the same object: a piece taken back drops
        the ones it told, and one told anew is another) the table is that view's: it is given
        again, bound to the state now (a piece that asks again is restored to its start, a
        copy equal to it); another player gets a view of its own sharing the parts worked out
        (nothing in a view depends on who looks but ``who``)."""
        st = self.state
        if self.changes_untold():  # the table as the piece left it, not as last told
            return View(self, who)
        events = st.events
        told = len(events)
        last = events[-1] if told else None
        kept = self._view
        view: View | None = (
            kept[2]() if kept is not None and kept[0] == told and kept[1] is last else None
        )
        if view is not None:
            if view["who"] == who:
                view._state = st
                return view
            view = View(self, who, view)
        else:
            view = View(self, who)
        # the view is kept by a weak reference: it holds the session (``View._session``), and
        # a session holding it would be a cycle, its whole state (events, snapshots) then
        # freed by the cyclic collector only, at a gen-1/gen-2 collection, rather than when
        # the last reference goes; a bot holds the view it answers, so the next decision
        # still finds it
        self._view = (told, last, weakref.ref(view))
        return view

    def changes_untold(self) -> bool:
        """Whether a piece asks the pending decision after changing the table: it tells its
        changes by the time it ends, so some may not be told yet (the view then shows the
        table as it is, worked out anew, and keeps nothing of it for later views)."""
        asking = self._asking
        return asking is not None and asking.get("snap") is not None

    @property
    def rng(self) -> Any:
        return self.state.rng

    @property
    def season(self) -> str:
        return self.ruleset.seasons[self.state.season][0]

    def action_cost(self, action: str) -> int:
        """An action's cost: the declared value, unless a card in play changed it (a flag of
        the same name). Asked at every action decision: the name and the declared value are
        looked up once per ruleset."""
        declared = self._declared_costs.get(action)
        if declared is None:
            key = f"{action} cost"
            declared = self._declared_costs[action] = (key, self.ruleset.value(key, 1))
        flags = self.state.flags
        return flags[declared[0]] if declared[0] in flags else declared[1]

    def changed_cost(self, action: str) -> int | None:
        """What a card in play makes an action cost whose cost a location prints ("Port moves
        cost 1."): ``None`` while no card changes it (the printed cost holds)."""
        return self.state.flags.get(f"{action} cost")

    def primitive(self, name: str) -> Callable[..., Any]:
        if self._primitives is None:
            # the functions the text's verbs are bound to, as the checker found them
            self._primitives = self.ruleset.compiled.vocabulary.primitive_functions
        fn = self._primitives.get(name)
        if fn is None:
            raise ChroniclerError(f"the ruleset's primitives have no function {name!r}")
        if self._untouched:
            last = marks_of(fn).settles if name == self._last_call else None
            return self._touching(fn, last)
        return fn

    def _touching(
        self, fn: Callable[..., Any], last: Callable[[Context, dict[str, Any]], bool] | None = None
    ) -> Callable[..., Any]:
        """``fn``, noting when it is called that the state may change (see ``_untouched``).
        ``last``: ``fn`` is the last thing the piece does that may ask or fail (``run_effect``)
        and this says whether, with these roles, it asks and fails at nothing once called
        (``dsl.runtime.settles``): then the piece never goes back, and no snapshot is taken."""

        finds = marks_of(fn).finds

        def touching(*args: Any, **kwargs: Any) -> Any:
            # what the primitive must find is asked before anything is copied (``finds``)
            if finds is not None and (missing := finds(*args, **kwargs)) is not None:
                raise NothingToActOn(f"there is {missing}", args[0].span)
            self.touch(last=last is not None and last(args[0], kwargs))
            try:
                return fn(*args, **kwargs)
            except NothingToActOn:
                # a primitive that finds nothing to act on has changed nothing (its contract,
                # checked by ``test_a_primitive_that_finds_nothing_changes_nothing``)
                self._untouched = True
                raise

        # what the compiled text asks of a primitive (does it take ``subject``?) is asked of the
        # one it wraps: a clause must run the same before the piece's first change as after it
        touching.__wrapped__ = fn  # type: ignore[attr-defined]
        return touching

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        return selecting.select(self, ctx, selector)

    def measure(self, ctx: Context, thing: Any, superlative: Any) -> int:
        """A found thing's score for "the ... with the most/lowest ..." (``dsl.codegen``)."""
        return selecting.measure(self, ctx, thing, superlative)

    def read(self, ctx: Context, thing: Any, field: str | None) -> int:
        """A number a card reads from the table ("its difficulty"; ``dsl.codegen``)."""
        return selecting.read(self, ctx, thing, field)

    def location(self, name: str) -> LocationState:
        for loc in self.state.locations:
            if loc.name == name:
                return loc
        raise KeyError(name)

    def character(self, name: str) -> CharacterState:
        for c in self.state.characters:
            if c.name == name:
                return c
        raise KeyError(name)

    def side(self, loc: LocationState) -> Any:
        return self.ruleset.locations[loc.name].side(loc.developed)

    def tags_of(self, loc: LocationState) -> tuple[str, ...]:
        tags = self.side(loc).tags
        return (*tags, "Developed") if loc.developed else tags

    def first_places(self, spec: Sequence[Sequence[Sequence[str]]]) -> list[LocationState]:
        """The locations of the first step of a placement spec ("enters brightdune Rural, else
        either Fort or Urban") found in play: a location answering every word of any option of
        the step (a region, a tag; an option with no words is any location)."""
        for step in spec:
            found = [
                loc
                for loc in self.state.locations
                if any(all(self.matches(loc, term) for term in option) for option in step)
            ]
            if found:
                return found
        return []

    def matches(self, loc: LocationState, term: str) -> bool:
        """Whether a location answers to a word of a location spec: name, region or tag."""
        return term.casefold() in self._words(loc)

    def _words(self, loc: LocationState) -> frozenset[str]:
        key = (loc.name, loc.developed)
        memo = self._words_memo
        words = memo.get(key)
        if words is None:
            card = self.ruleset.locations[loc.name]
            words = frozenset(
                w.casefold() for w in (card.name, card.region or "", *self.tags_of(loc)) if w
            )
            memo[key] = words
        return words

    def adjacent(self, name: str) -> list[str]:
        return self._adjacency_map()[name]

    def _adjacency_map(self) -> dict[str, list[str]]:
        """The neighbours of every location, kept while the map stays the same."""
        return self.map_facts().adjacency

    def map_facts(self) -> MapFacts:
        """What follows from the map alone (each location's side, its neighbours, where a scene
        is narrated), kept while no location is added, moved or developed: the action options
        and a bot's view read it at every decision. The key is every location's name, place
        and side, made in C (``_MAP_KEY``)."""
        key = tuple(map(_MAP_KEY, self.state.locations))
        kept = self._map_kept
        if kept is not None and kept.key == key:
            return kept
        cards = self.ruleset.locations
        by_pos = {(x, y): n for n, x, y, _ in key}
        adjacency = {
            n: [by_pos[p] for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if p in by_pos]
            for n, x, y, _ in key
        }
        sides = tuple(cards[n].side(developed) for n, _, _, developed in key)
        first: dict[str, int] = {}
        for i, (n, _, _, _) in enumerate(key):
            first.setdefault(n, i)
        steps = {
            n: tuple((dest, sides[first[dest]].entry_cost) for dest in near)
            for n, near in adjacency.items()
        }
        kept = self._map_kept = MapFacts(key, sides, first, adjacency, steps, {}, {}, {})
        return kept

    def distances(self, targets: Sequence[str]) -> dict[str, int]:
        """Steps from every location to the nearest of ``targets`` (breadth first)."""
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for name in frontier:
                for other in self.adjacent(name):
                    if other not in dist:
                        dist[other] = dist[name] + 1
                        nxt.append(other)
            frontier = nxt
        return dist

    def characters_at(self, name: str | None) -> list[CharacterState]:
        return [c for c in self.state.characters if c.location == name and name is not None]

    def tokens_in_play(self, kind: str) -> int:
        return sum(getattr(o, kind) for loc in self.state.locations for o in loc.obstacles)

    def token_supply(self, kind: str) -> int:
        return self.ruleset.value(f"{kind} tokens", 12) - self.tokens_in_play(kind)

    def find_obstacle(self, uid: int) -> tuple[LocationState, ObstacleInPlay] | None:
        for loc in self.state.locations:
            for o in loc.obstacles:
                if o.uid == uid:
                    return loc, o
        return None

    def restricted(self, loc: LocationState, verb: str, side: Any = None) -> bool:
        """A location or an obstacle on it forbids ``verb`` (trade, muster) there. ``side``:
        the location's side (``side(loc)``), when the caller has it already."""
        if side is None:
            side = self.side(loc)
        if (verb == "trade" and side.no_trade) or (verb == "muster" and side.no_muster):
            return True
        return bool(loc.obstacles) and any(
            verb in self._obstacle_restrictions(o.name) for o in loc.obstacles
        )

    def _obstacle_restrictions(self, name: str) -> tuple[str, ...]:
        return self.ruleset.restrictions.get(name, ())

    def forbidding(self, verb: str) -> list[tuple[Context, Any]]:
        """The standing texts in play that forbid ``verb`` on some thing ("May not overcome
        Stability obstacles"): each as (the context of its card, what it forbids it on). The
        cards in play: obstacles on the map, events out."""
        if not self.ruleset.forbidden_on:
            return []
        out: list[tuple[Context, Any]] = []
        for loc in self.state.locations:
            for o in loc.obstacles:
                for forbidden, thing in self.ruleset.forbidden_on.get(o.name, ()):
                    if forbidden == verb:
                        out.append((Context(host=self, card=o.name, location=loc.name), thing))
        for name in self.state.events_out:
            for forbidden, thing in self.ruleset.forbidden_on.get(name, ()):
                if forbidden == verb:
                    out.append((Context(host=self, card=name), thing))
        return out

    def forbids(self, verb: str, uid: int) -> bool:
        """Whether a standing text in play forbids ``verb`` on the obstacle ``uid``."""
        return any(
            any(isinstance(r, dict) and r.get("uid") == uid for r in selecting.select(self, c, t))
            for c, t in self.forbidding(verb)
        )

    @property
    def sorcery(self) -> str:
        """The resource whose 6s explode: "sorcery", else the last one the ruleset declares
        (read once: the ruleset never changes under a session)."""
        return self._sorcery

    def held_cards(self, c: CharacterState) -> list[tuple[str, tuple[Effect, ...]]]:
        """The cards a character holds whose texts can trigger or stand: conditions, completed
        assets and the abilities in hand (face up below the sheet), each with its effects."""
        rs = self.ruleset
        held = [(n, rs.conditions[n].effects) for n in c.conditions if n in rs.conditions]
        held += [(n, rs.assets[n].effects) for n in c.assets if n in rs.assets]
        held += [(n, rs.abilities[n].effects) for n in c.abilities if n in rs.abilities]
        return held

    def standing_flags(self, ctx: Context, c: CharacterState) -> dict[str, int]:
        """What the standing texts of the cards a character holds say for that character
        (Wild Channeling in hand: "Cancel all stress from sorcery"): each is run against empty
        flags, as the turn's flags are by an exhausted card's text, and holds only while the
        card is held (asked where it matters, never kept)."""
        texts = [
            (name, effect)
            for name, effects in self.held_cards(c)
            for effect in effects
            if effect.usage == "static" and effect.run is not None
        ]
        if not texts:
            return {}
        turn = self.ops.swap_flags({})
        try:
            for name, effect in texts:
                self.run_effect(ctx, effect, actor=c.name, location=c.location, card=name)
            return self.state.flags
        finally:
            self.ops.swap_flags(turn)

    def decide(
        self,
        ctx: Context,
        kind: str,
        options: Sequence[Any],
        prompt: str,
        who: str | None = None,
        *,
        min_choices: int = 1,
        max_choices: int = 1,
    ) -> Any:
        """Ask for a decision inside a run frame (``ctx.decide`` with ``who`` kept as given)."""
        saved = ctx.actor
        ctx.actor = who
        try:
            return ctx.decide(
                kind, list(options), prompt, who, min_choices=min_choices, max_choices=max_choices
            )
        finally:
            ctx.actor = saved

    def ask(
        self,
        ctx: Context,
        kind: str,
        options: Sequence[Any],
        prompt: str,
        who: str | None = None,
        *,
        min_choices: int = 1,
        max_choices: int = 1,
    ) -> Decision:
        """The question a piece written as a generator yields (``answer = yield ask(...)``):
        ``decide``'s, with ``who`` kept as given; the machine answers it."""
        return new_decision(kind, who, prompt, tuple(options), ctx.span, min_choices, max_choices)

    def run_effects(
        self,
        ctx: Context,
        effects: Sequence[Effect],
        event: str,
        *,
        qualifier: str | None = None,
        actor: str | None = None,
        location: str | None = None,
        card: str | None = None,
        bindings: dict[str, Any] | None = None,
    ) -> int:
        """Run every effect of a card that happens at ``event``, in printed order."""
        ran = 0
        for effect in effects:
            if effect.run is None or not effect.on(event, qualifier):
                continue
            self.run_effect(
                ctx, effect, actor=actor, location=location, card=card, bindings=bindings
            )
            ran += 1
        return ran

    def run_effect(
        self,
        ctx: Context,
        effect: Effect,
        *,
        actor: str | None,
        location: str | None,
        card: str | None,
        bindings: dict[str, Any] | None = None,
        refuse: bool = False,
    ) -> bool:
        """Run one compiled effect inside the current run frame, sharing its answers.

        Returns whether the player declined it (a "may" answered no). ``refuse``: a text that
        fails is not carried out as failed but refuses the whole piece (``PieceRefused``).
        """
        if effect.run is None:
            return False
        saved_last = self._last_call
        # a card used as an action changes nothing before its text, and nothing that follows
        # the text asks or refuses (``use_card``, ``op_action``): a text whose last deed is one
        # primitive that asks nothing once called needs no snapshot (``settles``); the table's
        # dice would be asked
        self._last_call = (
            effect.last_call
            if refuse and self._untouched and effect.cost is None and not self.state.table_dice
            else None
        )
        inner = _EffectContext(
            self, card, actor, location, ctx.answers, ctx.cursor, dict(bindings or {})
        )
        inner.kinds = []
        inner.refusing = refuse
        try:
            if effect.cost is not None:
                effect.cost(inner)
            effect.run(inner)
        except EffectError as error:
            # the alternative (or target) chosen last cannot be carried out: ask again without it
            refusable = [LanguageDecision.CHOOSE_OPTION, LanguageDecision.PAY_OR_REFUSE]
            if not isinstance(error, NothingToActOn):  # a target chosen may be what failed
                refusable.append(LanguageDecision.CHOOSE_TARGET)
            chosen = [i for i, kind in inner.kinds if kind in refusable]
            if chosen and not self._giving_up:
                raise AnswerRefused(chosen[-1], error.message) from None
            if refuse:  # a card used as an action that cannot do what it says is taken back
                raise PieceRefused(f"{card}: {error.message}") from None
            self.touch()
            self.ops.effect_failed(card, effect, error.message)
            return False
        finally:
            ctx.cursor = inner.cursor
            self._last_call = saved_last
        self.touch()  # what follows the text may change the state
        self.ops.effect_told(card, effect)
        if self.state.card_dice:
            self.ops.release_cards_left()  # a text may have discarded a card with dice on it
        return any(kind == "pay_or_refuse" and inner.answers[i] is False for i, kind in inner.kinds)


# The words each location side answers to, per ruleset (by id) and (name, developed).


_SessionMemos = tuple[
    dict[tuple[str, str], dict[str, Any]],  # a card's printed facts as a view shows them
    dict[str, tuple[str, int]],  # an action's declared cost, by its value's name
    dict[tuple[str, bool], frozenset[str]],  # the words a location side answers to
    dict[tuple[str, bool], tuple[Any, ...]],  # a location side as a view shows it
    str,  # the resource whose 6s explode
]


def _session_memos(ruleset: Ruleset) -> _SessionMemos:
    """The ruleset's memos a session keeps at hand (``Session.__init__``), found once."""
    kept = ruleset_memo(ruleset, "session")
    found = kept.get("memos")
    if found is None:
        resources = ruleset.resources
        found = kept["memos"] = (
            ruleset_memo(ruleset, "facts"),
            ruleset_memo(ruleset, "costs"),
            ruleset_memo(ruleset, "words"),
            ruleset_memo(ruleset, "view sides"),
            resources[-1] if resources and "sorcery" not in resources else "sorcery",
        )
    return found


_RULESET_CACHE: dict[str, Ruleset] = {}


# The package's folder (this module may be loaded from a compiled file elsewhere: dsl.compiled).
RULES_DIR = Path(sys.modules[__name__.rpartition(".")[0]].__file__ or ".").parent


def load_ruleset(path: str | Path | None = None) -> Ruleset:
    """The Six Winters ruleset compiled from its card text (``rules/six_winters/*.rules``).

    Card text that does not compile is the user's error to see, never silently replaced:
    the loader's ``ChroniclerError`` (every diagnostic, file:line:col) goes up as it is.
    Cached per folder.
    """
    from dsl.loader import load_ruleset as compile_folder

    from .cards import from_compiled

    folder = Path(path) if path is not None else RULES_DIR
    key = str(folder.resolve())
    if key not in _RULESET_CACHE:
        ruleset = from_compiled(compile_folder(folder))
        _check_skill_ranks(ruleset)
        _RULESET_CACHE[key] = ruleset
    return _RULESET_CACHE[key]


def _check_skill_ranks(ruleset: Ruleset) -> None:
    """Every printed skill rank lies within the declared ``skill min`` and ``skill max``."""
    low, high = ruleset.value("skill min", 0), ruleset.value("skill max", 5)
    for card in ruleset.characters.values():
        for skill, rank in card.skills:
            if not low <= rank <= high:
                raise ChroniclerError(
                    f"character {card.name!r}: {skill} {rank} is outside the skill ranks the "
                    f"ruleset declares ({low} to {high})"
                )


def new_campaign(ruleset: Ruleset) -> CampaignState:
    """Campaign setup: the "Campaign" phase's setup in ``procedure.rules`` (left out, the
    campaign starts empty)."""
    setup = CampaignSetup(ruleset)
    for step in ruleset.procedure.phase("Campaign").steps:
        if step.title.casefold() == "setup" and step.call is not None:
            step.call(setup)
    return setup.campaign


@dataclass
class CampaignSetup:
    """A campaign being set up (``step_set_up_the_campaign``'s ``game``)."""

    ruleset: Ruleset
    campaign: CampaignState = field(default_factory=CampaignState)

    def set_up_the_campaign(self) -> None:
        """The starting map, the starting scene and asset decks, the sheets."""
        ruleset = self.ruleset
        layout = ruleset.starting_map or tuple(
            (loc.name, i, 0) for i, loc in enumerate(ruleset.locations.values()) if loc.starting
        )
        starting = sorted(ruleset.characters.values(), key=lambda c: c.name)
        sheets = {
            c.name: Sheet(c.name, skills=dict(c.skills), advances={s: 0 for s, _ in c.skills})
            for c in starting
        }
        self.campaign = CampaignState(
            year=1,
            map=[MapLocation(name, x, y) for name, x, y in layout],
            decks={
                "asset": [a.name for a in ruleset.assets.values() if a.starting],
                "scene": [s.name for s in ruleset.scenes.values() if s.starting and not s.finale],
                "obstacle": [],
            },
            archive=[],
            unlocked_characters=[c.name for c in starting if c.starting],
            sheets=sheets,
        )


def near_names(name: str, names: Sequence[str]) -> str:
    near = difflib.get_close_matches(name, list(names), n=3, cutoff=0.5)
    return f"; did you mean {', '.join(near)}?" if near else f"; known: {', '.join(names)}"


def characters_a_year(ruleset: Ruleset) -> int:
    """How many characters play a year: the declared players times characters per player."""
    return ruleset.value("players", 2) * ruleset.value("characters per player", 1)


def new_session(
    ruleset: Ruleset,
    campaign: CampaignState,
    seed: int,
    characters: Sequence[str],
    *,
    solo: bool = False,
    scheme: str | None = None,
    dice_script: Sequence[int] = (),
    table_dice: bool = False,
) -> Session:
    """Set up a session (the twelve setup steps; the ones needing choices are asked), played
    to its first question: the starting dice are rolled onto the map when it returns. With
    ``table_dice`` every die roll is asked (a ``roll`` decision: what the table's die showed)
    instead of drawn from the generator; ``dice_script`` gives faces first (tests)."""
    session = made_session(
        ruleset,
        campaign,
        seed,
        characters,
        solo=solo,
        scheme=scheme,
        dice_script=dice_script,
        table_dice=table_dice,
    )
    session.pending()
    return session


def made_session(
    ruleset: Ruleset,
    campaign: CampaignState,
    seed: int,
    characters: Sequence[str],
    *,
    solo: bool = False,
    scheme: str | None = None,
    dice_script: Sequence[int] = (),
    table_dice: bool = False,
) -> Session:
    """A session as it is made, before its first step is played: the setup steps done outside
    play (1 to 7) are done, the rest waits for ``pending`` (a table or a behaviour fixture
    lays its own state on it first)."""
    from .state import GameRandom

    rng = GameRandom(seed)
    chosen = list(characters)
    for name in chosen:
        if name not in ruleset.characters:
            raise ChroniclerError(
                f"unknown character {name!r}{near_names(name, sorted(ruleset.characters))}"
            )
        if name not in campaign.unlocked_characters:
            raise ChroniclerError(f"{name} is not unlocked in this campaign")
    if len(set(chosen)) != len(chosen):
        raise ChroniclerError("a character may be chosen only once")
    if solo and len(chosen) != 2:
        raise ChroniclerError("the solo variant plays two characters")

    state = _new_state(
        year=campaign.year,
        seed=seed,
        solo=solo,
        scheme="",
        rng=rng,
        dice_script=list(dice_script),
        table_dice=table_dice,
        next_uid=1_000_000,  # above the ids given to obstacles restored from the map
    )
    session = Session(ruleset, state)
    # Session Setup steps 1-7 (and the solo variant's), in the order procedure.rules writes
    # them; the session-started event heads the log, telling what they chose
    session.making.plan = Making(campaign, chosen, scheme)
    made_steps(session, "Session Setup")
    if solo:
        made_steps(session, "Solo Variant")
    session.making.plan = None
    session.ops.session_started(chosen, seed=seed, solo=solo)
    state.frames = []
    session.start_phase("Session")  # the rest of the procedure is walked from its text
    return session


def _new_state(**kwargs: Any) -> Any:
    from .state import SessionState

    return SessionState(**kwargs)


def replay(
    ruleset: Ruleset,
    campaign: CampaignState,
    seed: int,
    characters: Sequence[str],
    answers: Sequence[Any],
    *,
    solo: bool = False,
) -> Session:
    """A session rebuilt from its seed and the answers given: the same events, in order."""
    session = new_session(ruleset, campaign, seed, characters, solo=solo)
    for answer in answers:
        session.apply(answer)
    return session
