"""The session machine: a game as a stack of procedures that stops at each decision.

A ``Machine`` holds a game's state (plain data) and runs its procedure as a stack of ``Frame``s.
Two sorts of frame exist:

- *step frames* walk an explicit list of steps and ask their own decisions: the machine calls
  the walk the game registered for the frame's kind (``@step(kind)``, ``fn(frame)``) to go on,
  and its answer (``@answer(kind)``, ``fn(frame, answer)``) with the answer;
- *run frames* run one piece of the game as straight-line Python (``@piece(name)``,
  ``fn(ctx, **args)``).
  A question is asked on the table as the piece left it. A piece written as a generator
  yields its questions (``answer = yield ctx.question(...)``) and goes on from there with the
  answer; one that asks through ``ctx.decide`` (the contract of ``dsl.runtime``: a card's
  compiled text) goes back, once answered, to the snapshot of the state taken when it started
  (or at its first change, ``touch``) and runs again with one more answer. A run frame keeps
  that snapshot and the answers given so far, so every decision point is plain data: a copy
  (``clone``) or a saved game (JSON) runs the piece again from them to the same question, and
  goes on to the same game.

Chance points are the third kind of input, beside the state and the answers: wherever the rules
roll, ``roll`` takes the faces from a test's script, else from the one seeded generator, else
(when the state asks for the table's dice) from a person typing what the table rolled, asked
as a ``roll`` decision like any other (OpenSpiel's chance nodes).

The game supplies the state (``GameState``) and a few hooks: how to snapshot and restore it,
which pieces certainly ask nothing (``@quiet(name)``: they then run with no snapshot, a speed
shortcut), and what happens when a piece is refused as a whole. Its pieces, step walks, answers
and predictions are registered by decorators naming them (``dsl.kernel.dispatch``), never found
by a name built from a frame's words. Nothing here names one game.
"""

from __future__ import annotations

import base64
import gc
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any, Protocol, Self

from dsl.kernel.dispatch import dispatch
from dsl.runtime import Context, Decision, DecisionNeeded, new_decision


@dataclass(frozen=True, slots=True)
class Event:
    """A change of the game's state, named in the game's words; ``data`` is JSON-serialisable.
    ``kind`` is a member of the game's own ``StrEnum`` of event kinds (a plain string in old
    saves: the two compare equal)."""

    kind: str
    data: dict[str, Any]

    def __reduce__(self) -> Any:  # the dataclass default pickles field by field, slowly
        return (Event, (self.kind, self.data))


@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """An event only some players may see (``seen_by``): what one player chose face down, a
    card drawn into a hand. ``Machine.events_for(player)`` leaves it out for the others; the
    machine's own log (``events``) holds it, as a referee's would."""

    seen_by: tuple[str, ...] = ()

    def __reduce__(self) -> Any:
        return (PrivateEvent, (self.kind, self.data, self.seen_by))


# ``Event(kind, data)`` in three calls of C (see ``Machine.emit``); the slots' own setters
_new_event = object.__new__
_set_kind = Event.__dict__["kind"].__set__
_set_data = Event.__dict__["data"].__set__


class Compact:
    """Pickles as its class and field values: state snapshots are taken often."""

    def __reduce__(self) -> Any:
        return (type(self), tuple(self.__dict__.values()))


@dataclass
class Frame(Compact):
    """One procedure in progress (a step list, an action, an effect) and where it stands."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


class KernelDecision(StrEnum):
    """The decisions the kernel itself asks (a game adds its own kinds)."""

    ROLL = "roll"  # the table's dice: what did the die show?


class KernelEvent(StrEnum):
    """The events the kernel itself records."""

    DICE_ROLLED = "dice_rolled"  # a chance point: what, and the faces
    ANSWER_REFUSED = "choice_refused"  # an answer could not be carried out: asked again


class IllegalMove(ValueError):
    """An answer that is not among the pending decision's options."""


class PieceRefused(Exception):
    """The piece running cannot do what it was asked to (a card used as an action with nothing
    to act on): the state goes back to before it, and the game is told (``piece_refused``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class AnswerRefused(Exception):
    """The piece failed because of the answer at ``index``: that answer is refused, and the
    question is asked again without it."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.reason = reason


class GameState(Protocol):
    """What the machine needs of a game's state."""

    frames: list[Frame]
    events: list[Event]
    answers: list[Any]
    dice_script: list[int]
    table_dice: bool
    over: bool

    @property
    def rng(self) -> Any: ...


class Machine:
    """One game, OpenSpiel-shaped: ``pending`` → ``apply`` → … until ``is_over``.

    Subclasses register their pieces, step walks and answers (``dsl.kernel.dispatch``: ``piece``,
    ``step``, ``answer``, ``quiet``), and give the hooks below. ``_untouched`` is True while a
    run frame's piece cannot have changed the state yet (a game sets it; a decision asked then
    needs no restore). Such a piece takes its
    snapshot only when it first changes something (``touch``): a piece that asks, or finds
    nothing to act on, before that costs no copy at all. ``_giving_up`` is True while every
    alternative of a question has been refused, so the piece fails as written.
    """

    def __init__(self, state: Any) -> None:
        self.state = state
        self._pending: Decision | None = None
        self._giving_up = False
        self._untouched = False
        self._rolls: list[int] = []  # the table's dice given to the run frame running now
        self._roll_cursor = 0
        self._running: dict[str, Any] | None = None  # the data of the run frame running now
        # the data of the run frame ``push_run`` put on top after predicting that its piece may
        # ask: when it starts, straight after, it is not predicted again (a speed shortcut)
        self._predicted: dict[str, Any] | None = None
        # the game's registered pieces, step walks, answers and predictions by name, each with
        # what it runs on (the game, or one of its parts): worked out once per class
        table = dispatch(type(self))
        self._pieces = table.pieces
        self._quiets = table.quiets
        self._steps = table.steps
        self._answers = table.answers
        # the data of the run frame whose piece asked the pending decision (its answer goes
        # there, whatever frames the piece pushed above itself), and the piece itself where it
        # stopped, when it was written as a generator and stopped here (a copy, a saved game or
        # a piece that asked through a plain call has none: it is run again from its start)
        self._asking: dict[str, Any] | None = _asking_frame(state)
        self._live: _Live | None = None

    # ------------------------------------------------------------------ hooks for the game

    def snapshot(self, op: str) -> Any:
        """A copy of the state as it is, without its events and answers (the machine keeps
        those itself). Nothing in it may ever be changed."""
        raise NotImplementedError

    def from_snapshot(self, snap: Any) -> Any:
        """A new state from a snapshot (with no events and no answers)."""
        raise NotImplementedError

    def copy_state(self) -> Any:
        """An independent copy of the state, events and answers included (for ``clone``)."""
        raise NotImplementedError

    def encode_state(self) -> Any:
        """The state as JSON-serialisable data (bytes allowed)."""
        raise NotImplementedError

    @classmethod
    def decode_state(cls, ruleset: Any, data: Any) -> Any:
        raise NotImplementedError

    def asks_nothing(self, op: str, args: dict[str, Any]) -> bool:
        """A safe prediction that a piece asks no decision (it then runs with no snapshot): the
        one the game registered for it (``@quiet(op)``), else ``False``."""
        predict = self._quiets.get(op)
        if predict is None:
            return False
        fn, get = predict
        return bool(fn(self if get is None else get(self), args))

    def runs_only_text(self, data: dict[str, Any]) -> bool:
        """Whether a run frame's piece changes nothing until a primitive of a text is called
        (``_untouched`` starts True for it)."""
        return False

    def piece_refused(self, data: dict[str, Any], reason: str) -> None:
        """A piece was refused as a whole (``PieceRefused``); the state is as before it."""

    def piece_finished(self, data: dict[str, Any]) -> None:
        """A run frame's piece ran to its end."""

    # ------------------------------------------------------------------ the public API

    def pending(self) -> Decision | None:
        """The decision the game waits for; ``None`` once the game is over."""
        if self._pending is None and not self.state.over:
            self._pending = self._advance()
        return self._pending

    def apply(self, answer: Any) -> None:
        """Give the answer to the pending decision; ``IllegalMove`` if it is not an option.
        The game then runs on to its next decision or its end: every change the answer makes
        is in the state and the events when ``apply`` returns (a replay of a whole game ends
        over, with its last steps run)."""
        decision = self.pending()
        if decision is None:
            raise IllegalMove("the game is over; no decision is pending")
        answer = check_answer(decision, answer)
        self.state.answers.append(answer)
        self._pending = None
        asking = self._asking
        if asking is not None:  # a piece asked: the answer is its own, whatever is on top
            key = "rolls" if decision.kind == KernelDecision.ROLL else "answers"
            asking.setdefault(key, []).append(answer)
        else:
            frame = self.state.frames[-1]
            fn, get = self._answers[frame.kind]
            fn(self if get is None else get(self), frame, answer)
        if not self.state.over:
            self._pending = self._advance()

    def is_over(self) -> bool:
        if not self.state.over and self._pending is None:
            self.pending()
        return bool(self.state.over)

    @property
    def events(self) -> list[Event]:
        events: list[Event] = self.state.events
        return events

    def emit(self, kind: str, **data: Any) -> None:
        """Record a change of the state (the ``Event`` made without its generated
        ``__init__``: a session tells some six hundred events, and that call is a third of
        each)."""
        event = _new_event(Event)
        _set_kind(event, kind)
        _set_data(event, data)
        self.state.events.append(event)

    def tell(self, to: Sequence[str], kind: str, **data: Any) -> None:
        """Record a change only the players ``to`` may see (a ``PrivateEvent``)."""
        self.state.events.append(PrivateEvent(kind, data, tuple(to)))

    def events_for(self, player: str | None) -> list[Event]:
        """The events ``player`` may see (``None``: the public log, what anyone may see):
        every event but those told to other players only."""
        return [
            e
            for e in self.state.events
            if type(e) is not PrivateEvent or (player is not None and player in e.seen_by)
        ]

    def returns(self) -> dict[str, float]:
        """Each player's result once the game is over (OpenSpiel's ``returns``: a score or a
        payoff per player); a game with players gives its own."""
        raise NotImplementedError(f"{type(self).__name__} gives no result per player")

    def standing(self) -> Any:
        """The winners and the ranking of the players by ``returns`` (``players.Standing``);
        the highest return first."""
        from dsl.kernel.players import ranked

        return ranked(self.returns())

    def clone(self) -> Self:
        """An independent copy: the same future for the same answers."""
        return self._with_state(self.copy_state())

    def to_json(self) -> str:
        return json.dumps(self.encode_state(), sort_keys=True, default=_json_default)

    @classmethod
    def from_json(cls, ruleset: Any, text: str) -> Self:
        # the hook turns ``{"__bytes__": ...}`` back into bytes; a text that cannot hold that key
        # (not written, nor escaped) has none, and is read with no Python call per object
        may_hold_bytes = "__bytes__" in text or "\\u" in text
        data = json.loads(text, object_hook=_json_hook if may_hold_bytes else None)
        return cls(ruleset, cls.decode_state(ruleset, data))  # type: ignore[call-arg]

    def _with_state(self, state: Any) -> Self:
        return type(self)(self.ruleset, state)  # type: ignore[attr-defined,call-arg]

    # ------------------------------------------------------------------ chance points

    def touch(self, *, last: bool = False) -> None:
        """The running piece is about to change the state. Until now it changed nothing (a
        decision asked needed no restore); a piece that started so takes its snapshot here,
        which is still the state at its start. ``last``: the game knows the piece will ask
        nothing more and not be refused from here on (it runs to its end), so no snapshot is
        taken; a restore would then be a wrong prediction, and fails loudly (``_restore``)."""
        if not self._untouched:
            return
        self._untouched = False
        if last:
            return
        data = self._running
        if data is not None and data.get("snap") is None:
            data["snap"] = self.snapshot(data["op"])

    def roll_dice(self, sides: int, count: int, why: str, label: str | None = None) -> list[int]:
        """Roll ``count`` dice of ``sides`` faces and record it: the faces come from the dice
        script (a test's), else from the table (a ``roll`` decision, asked of ``label`` when
        given, else ``why``), else the generator."""
        self.touch()  # the generator and the script are part of the state
        faces = [self._roll_one(sides, label or why) for _ in range(count)]
        self.emit(
            KernelEvent.DICE_ROLLED, what=why, faces=list(faces)
        )  # the event keeps its own list
        return faces

    def _roll_one(self, sides: int, why: str) -> int:
        st = self.state
        if st.dice_script:
            return int(st.dice_script.pop(0))
        if st.table_dice:
            if self._roll_cursor < len(self._rolls):
                self._roll_cursor += 1
                return int(self._rolls[self._roll_cursor - 1])
            raise DecisionNeeded(
                new_decision(
                    KernelDecision.ROLL,
                    None,
                    f"Roll {why}: the face the die shows",
                    tuple(range(1, sides + 1)),
                )
            )
        return int(st.rng.random() * sides) + 1

    # ------------------------------------------------------------------ the procedure

    def push_frame(self, kind: str, data: dict[str, Any] | None = None) -> None:
        """Put a step frame of ``kind`` on top of the procedure (its walk is the game's
        ``@step(kind)``)."""
        self.state.frames.append(Frame(kind, {} if data is None else data))

    def pop_frame(self) -> Frame:
        """Take the frame on top off the procedure (a step frame whose walk is over)."""
        frame: Frame = self.state.frames.pop()
        return frame

    def push_run(self, op: str, **args: Any) -> None:
        """Start a piece of the procedure; one that cannot ask anything runs at once."""
        if self._predicts_nothing_asked(op, args):
            self._run_at_once(op, args)
            return
        data: dict[str, Any] = {"op": op, "args": args, "snap": None, "events": 0, "answers": []}
        self.state.frames.append(Frame("run", data))
        self._predicted = data

    def _predicts_nothing_asked(self, op: str, args: dict[str, Any]) -> bool:
        # the table's dice are asked: no piece that may roll can run without a frame
        return not self.state.table_dice and self.asks_nothing(op, args)

    def _run_at_once(self, op: str, args: dict[str, Any]) -> None:
        """Run a piece predicted to ask nothing: with no snapshot."""
        try:
            fn, get = self._pieces[op]
            ran = fn(self if get is None else get(self), Context(self), **args)  # type: ignore[arg-type]
            if ran is not None and hasattr(ran, "send"):  # a piece written as a generator
                for asked in ran:
                    raise DecisionNeeded(asked)
        except DecisionNeeded as asked:  # pragma: no cover - a wrong prediction is a bug
            raise RuntimeError(f"{op} was predicted to ask nothing but asked: {asked}") from None

    def _advance(self) -> Decision | None:
        """Run frames until one asks a decision or the game ends. A piece that asked is given
        its answer first, whatever frames it pushed above itself."""
        steps = self._steps
        while True:
            st = self.state  # a restore puts a new state in place
            if st.over:
                return None
            asking = self._asking
            if asking is not None:
                decision = self._resume(asking)
            else:
                frames = st.frames
                if not frames:
                    st.over = True
                    return None
                frame = frames[-1]
                kind = frame.kind
                if kind == "run":
                    decision = self._run_frame(frame)
                else:
                    fn, get = steps[kind]
                    decision = fn(self if get is None else get(self), frame)
            if decision is not None:
                return decision

    def _run_frame(self, frame: Frame) -> Decision | None:
        """Start (or run again from its start, with the answers so far) a run frame's piece."""
        data = frame.data
        st = self.state
        depth = len(st.frames)
        op = data["op"]
        text_only = self.runs_only_text(data)
        if data["snap"] is None and not data.get("started"):
            # a frame set up by the game itself, or pushed under others that ran first, is
            # predicted as it starts (the state may have changed since ``push_run``'s)
            if data is not self._predicted and self._predicts_nothing_asked(op, data["args"]):
                self._run_at_once(op, data["args"])
                if len(self.state.frames) >= depth:  # not the frames it may have pushed
                    del self.state.frames[depth - 1]
                return None
            data["started"], data["events"] = True, len(st.events)
            if not text_only:  # else the snapshot waits for ``touch``
                data["snap"] = self.snapshot(op)
        # the piece reads its answers from the frame's own list: one given later is appended
        # there (``apply``), where a piece stopped as a generator reads it on
        ctx = Context(self, answers=data["answers"])  # type: ignore[arg-type]
        fn, get = self._pieces[op]
        fn = partial(fn, self if get is None else get(self))
        self._giving_up = bool(data.get("giving_up"))
        self._untouched = text_only
        self._running = data
        self._rolls, self._roll_cursor = data.get("rolls") or [], 0
        return self._run_piece(data, depth, ctx, fn, _START)

    def _resume(self, data: dict[str, Any]) -> Decision | None:
        """Give a piece that asked the answer it now has: a generator stopped here goes on
        from where it asked; any other piece goes back to its start (``_restore``) and runs
        again with one more answer."""
        self._asking = None
        del data["asked"]
        live = self._live
        if live is None or live.data is not data:
            self._live = None
            self._restore(data, untouched=data["snap"] is None)
            return self._run_frame(self.state.frames[-1])
        self._live = None
        ctx = live.ctx
        self._giving_up = bool(data.get("giving_up"))
        self._untouched = live.untouched
        self._running = data
        rolls = data.get("rolls") or []
        self._rolls, self._roll_cursor = rolls, len(rolls)
        answers = ctx.answers
        value = answers[ctx.cursor]
        ctx.cursor += 1
        return self._run_piece(data, live.depth, ctx, live.gen, value)

    def _run_piece(
        self, data: dict[str, Any], depth: int, ctx: Context, fn: Any, value: Any
    ) -> Decision | None:
        """Run a piece until it ends, asks or is refused: ``fn`` is its registered piece, bound
        (``value`` is ``_START``), or the generator it is, stopped where it asked (``value``:
        the answer)."""
        try:
            gen = fn(ctx, **data["args"]) if value is _START else fn
            if gen is not None and hasattr(gen, "send"):  # a piece written as a generator
                send = gen.send
                answers = ctx.answers
                if value is _START:
                    value = None
                while True:
                    asked = send(value)
                    if ctx.cursor < len(answers):  # answered before (a copy, a saved game)
                        value = answers[ctx.cursor]
                        ctx.cursor += 1
                        continue
                    self._live = _Live(data, gen, ctx, self._untouched, depth)
                    return self._asked(data, asked)
        except StopIteration:
            pass
        except DecisionNeeded as need:
            return self._asked(data, need.decision)
        except PieceRefused as refusal:
            self._restore(data, self._untouched)
            del self.state.frames[-1]  # this piece is not taken
            self.piece_refused(data, refusal.reason)
            return None
        except AnswerRefused as refusal:
            answers = data["answers"]
            self._restore(data, self._untouched)
            top = self.state.frames[-1].data
            top.setdefault("refused", {}).setdefault(str(refusal.index), []).append(
                answers[refusal.index]
            )
            top["answers"] = answers[: refusal.index]
            self.emit(KernelEvent.ANSWER_REFUSED, reason=refusal.reason)
            return None
        finally:
            self._giving_up = False
            self._untouched = False
            self._running = None
            self._rolls, self._roll_cursor = [], 0
        # the piece may have pushed frames of its own above itself; remove only this one
        frames = self.state.frames
        if len(frames) >= depth and frames[depth - 1].data is data:
            del frames[depth - 1]
        else:  # pragma: no cover - a piece that moved the frames under itself
            for i in range(len(frames) - 1, -1, -1):
                if frames[i].data is data:
                    del frames[i]
                    break
        self.piece_finished(data)
        return None

    def _asked(self, data: dict[str, Any], decision: Decision) -> Decision | None:
        """The piece asked ``decision``: the state stays as the piece left it (what a player
        sees at the question is the table as it is now), and the answer will be the piece's.
        When every answer was refused already, nobody is asked a third time: the piece is
        given its first option and fails as written (``None``: it runs on at once)."""
        if not self._untouched and data["snap"] is None:  # pragma: no cover - a wrong ``touch``
            raise RuntimeError(
                f"{data['op']} asked after it said it would not (``touch(last=True)``): "
                "there is no snapshot to go back to"
            )
        data["asked"] = True
        self._asking = data
        refused: dict[str, list[Any]] | None = data.get("refused")
        barred = refused.get(str(len(data["answers"]))) if refused else None
        if barred and decision.kind != KernelDecision.ROLL:
            left = tuple(o for o in decision.options if o not in barred)
            if left:
                decision = new_decision(
                    decision.kind,
                    decision.who,
                    decision.prompt,
                    left,
                    decision.source,
                    min(decision.min_choices, len(left)),
                    min(decision.max_choices, len(left)),
                )
            else:  # nothing works: the piece fails as written, with no one asked again
                data["giving_up"] = True
                many = decision.kind == "choose_many" or decision.max_choices > 1
                first = decision.options[: max(1, decision.min_choices)]
                data["answers"].append(list(first) if many else first[0])
                return None
        return decision

    def _restore(self, data: dict[str, Any], untouched: bool) -> None:
        """Back to the state at the start of the piece, keeping its snapshot and answers. A
        piece that took its snapshot goes back to it even if it says it has changed nothing
        since (a primitive that found nothing, after another that acted)."""
        if untouched and data["snap"] is None:  # nothing changed but the events: no copy
            del self.state.events[data["events"] :]
            return
        if data["snap"] is None:  # pragma: no cover - a wrong ``touch(last=True)`` is a bug
            raise RuntimeError(
                f"{data['op']} was refused after it said it would not (``touch``): "
                "there is no snapshot to go back to"
            )
        saved: dict[str, Any] = {
            k: data[k]
            for k in ("snap", "started", "events", "answers", "refused", "giving_up", "rolls")
            if k in data
        }
        st = self.from_snapshot(data["snap"])
        st.events = self.state.events[: data["events"]]
        st.answers = self.state.answers
        self.state = st
        self.state_replaced()
        st.frames[-1].data.update(saved)

    def state_replaced(self) -> None:
        """A hook: the state was replaced by a copy (a piece taken back). A game whose parts
        keep the state at hand gives them the new one here."""


@dataclass(slots=True)
class _Live:
    """A piece written as a generator, stopped where it asked (``Machine._live``): its run
    frame's data, the generator, its context, whether it had changed nothing yet, and the
    depth of its frame."""

    data: dict[str, Any]
    gen: Any
    ctx: Context
    untouched: bool
    depth: int


_START = object()  # ``_run_piece``'s ``value`` for a piece not started yet


def _asking_frame(state: Any) -> dict[str, Any] | None:
    """The data of the run frame whose piece asked the pending decision, if one did (a copy
    or a saved game made at its question)."""
    for frame in reversed(getattr(state, "frames", ())):
        if frame.kind == "run" and frame.data.get("asked"):
            data: dict[str, Any] = frame.data
            return data
    return None


def check_answer(decision: Decision, answer: Any) -> Any:
    """The answer if it is legal for the decision, else ``IllegalMove``."""
    if not decision.options and hasattr(decision, "check"):  # ``dsl.kernel.text``'s, free text
        try:
            return decision.check(answer)
        except ValueError as refused:
            raise IllegalMove(str(refused)) from None
    if decision.kind == "choose_many" or decision.max_choices > 1:
        if not isinstance(answer, list | tuple):
            raise IllegalMove(f"{decision.prompt}: expected a list of options, got {answer!r}")
        chosen = list(answer)
        if not decision.min_choices <= len(chosen) <= decision.max_choices:
            raise IllegalMove(
                f"{decision.prompt}: choose {decision.min_choices}-"
                f"{decision.max_choices}, got {len(chosen)}"
            )
        remaining = list(decision.options)
        for item in chosen:
            if item not in remaining:
                raise IllegalMove(f"{decision.prompt}: {item!r} is not an option")
            remaining.remove(item)
        return chosen
    options = decision.options
    for option in options:  # a bot answers with one of the options itself: found by identity
        if option is answer:
            return answer
    if answer not in options:  # else by equality (an answer read from JSON, typed at a table)
        raise IllegalMove(f"{decision.prompt}: {answer!r} is not among the options")
    return answer


# Young collections while a bot plays (Python's default: every 700 allocations); see ``play``
PLAY_GEN0_THRESHOLD = 10_000


def play(machine: Machine, bot: Any) -> Machine:
    """Play a game to its end with a bot (``bot.choose(observation, decision)``).

    While it plays, Python's cycle collector is told what a game is: thousands of short-lived
    objects (events, snapshots, options) that reference counting frees (a played session
    holds no cycle: ``test_sessions_free_themselves``), beside a large ruleset that outlives
    it. So what existed before the game is frozen out of the collector's walks
    (``gc.freeze()``, undone at the end with ``gc.unfreeze()``: moves of whole lists, nothing
    walked, nothing freed or kept that would not be), and the young generation is collected
    every ``PLAY_GEN0_THRESHOLD`` allocations: 200 sessions ran 55 young collections and no
    full one, against 608 and 4 (each walking the whole ruleset) with Python's defaults. A
    process that froze objects of its own (a playtest worker) keeps them frozen: only the
    threshold is set, and put back."""
    thresholds = gc.get_threshold()
    freezing = gc.isenabled() and gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    tuned = max(thresholds[0], PLAY_GEN0_THRESHOLD)
    gc.set_threshold(tuned, *thresholds[1:])
    try:
        uses = getattr(bot, "uses_observation", True)
        observe: Callable[[str | None], Any] | None = getattr(machine, "observation", None)
        while True:
            decision = machine.pending()
            if decision is None:
                return machine
            obs = observe(decision.who) if uses and observe is not None else None
            machine.apply(bot.choose(obs, decision))
    finally:
        # put back unless another game changed it since: two threads playing at once, in
        # whichever order they finish, leave what was there before both
        if gc.get_threshold()[0] == tuned:
            gc.set_threshold(*thresholds)
        if freezing:
            gc.unfreeze()


def replay(machine: Machine, answers: Sequence[Any]) -> Machine:
    """Give a new game the answers of an old one: the same events, in order."""
    for answer in answers:
        machine.apply(answer)
    return machine


def iter_decisions(machine: Machine) -> Iterator[Decision]:
    while (d := machine.pending()) is not None:
        yield d


def _json_default(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"__bytes__": base64.b64encode(value).decode("ascii")}
    raise TypeError(f"cannot encode {type(value).__name__}")


def _json_hook(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and "__bytes__" in obj:
        return base64.b64decode(obj["__bytes__"])
    return obj
