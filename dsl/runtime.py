"""The runtime contract between compiled card effects and a ruleset's game state.

A compiled effect is a callable ``run(ctx)``. It reads and changes the game only through the
``Host`` its context carries (the ruleset's state adapter), and it asks for every decision through
``ctx.decide``. The context holds the answers given so far. When an effect reaches a decision
it has no answer for, and it runs where it can wait (a piece the kernel's machine runs in a
greenlet: ``wait_for_answer``), it stops there with the question and goes on from the same line
once the answer is given. Anywhere else it raises ``DecisionNeeded``: once the question is
answered, the host restores the state it had when the effect started, and runs the effect again
with one more answer. Either way a suspended effect is also plain data (snapshot + answers) that
survives a JSON round-trip and ``clone``, which run it again from its start. A piece of a game
may also be written as a generator, yielding ``ctx.question(...)`` (``dsl.kernel.machine``).

Nothing in this module names a game: the ruleset supplies the host and the primitives.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from greenlet import getcurrent

if TYPE_CHECKING:
    from dsl.selectors import PlaceKind


@dataclass(frozen=True, slots=True)
class Span:
    """Where a piece of card text stands: file, line and column (1-based), and its end."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class DecisionKind(StrEnum):
    """The questions the card language itself asks (a ruleset adds its own kinds)."""

    CHOOSE_TARGET = "choose_target"  # which of the things a phrase matches
    CHOOSE_MANY = "choose_many"  # several of them
    CHOOSE_OPTION = "choose_option"  # which alternative ("Choose one", "or")
    CHOOSE_VALUE = "choose_value"  # a number
    PAY_OR_REFUSE = "pay_or_refuse"  # a cost or a "may": yes or no


class LanguageEvent(StrEnum):
    """The events the card language itself records."""

    CHOICE = "choice"  # the label a "Choose one" was answered with


@dataclass(frozen=True, slots=True)
class Decision:
    """A question the game asks someone before it can go on.

    ``who`` is the id of the character (or player) who decides; ``None`` means the players
    together. ``kind`` names the sort of question (``choose_target``, ``choose_option``,
    ``choose_value``, ``pay_or_refuse``, ``choose_many``...); ``options`` are the legal answers,
    each JSON-serialisable; ``source`` is the card text that asked, when a card asked.
    """

    kind: str
    who: str | None
    prompt: str
    options: tuple[Any, ...]
    source: Span | None = None
    min_choices: int = 1
    max_choices: int = 1


# ``Decision(...)`` made without its generated ``__init__``: the frozen one sets each of seven
# fields through ``object.__setattr__``, more than twice the cost of the slots' own setters; a
# decision is made at every question asked, replays included
_new_decision = object.__new__
_set_decision = tuple(
    Decision.__dict__[name].__set__
    for name in ("kind", "who", "prompt", "options", "source", "min_choices", "max_choices")
)


def new_decision(
    kind: str,
    who: str | None,
    prompt: str,
    options: tuple[Any, ...],
    source: Any = None,
    min_choices: int = 1,
    max_choices: int = 1,
) -> Decision:
    """``Decision(kind, who, prompt, options, ...)``, made without its generated ``__init__``
    (``options`` must be a tuple already)."""
    decision = _new_decision(Decision)
    s_kind, s_who, s_prompt, s_options, s_source, s_min, s_max = _set_decision
    s_kind(decision, kind)
    s_who(decision, who)
    s_prompt(decision, prompt)
    s_options(decision, options)
    s_source(decision, source)
    s_min(decision, min_choices)
    s_max(decision, max_choices)
    return decision


class DecisionNeeded(Exception):
    """Raised by ``Context.decide`` when the effect needs an answer it has not been given."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


ASKED = "asked"  # what a waiting piece hands its machine: ``(ASKED, decision)``


def wait_for_answer(answers: list[Any], decision: Decision) -> bool:
    """Ask ``decision`` and wait where the code stands, when it runs in a piece the machine
    can resume: a greenlet of the kernel's (``dsl.kernel.continuations``) running the piece
    whose answers are ``answers`` (the same list). It hands the question to the machine and
    comes back here once the answer is appended to ``answers``: ``True``. Anywhere else (a
    probe, a context with answers of its own, no piece running) it does nothing: ``False``,
    and the caller raises ``DecisionNeeded``."""
    here = getcurrent()
    if getattr(here, "answers", None) is not answers:
        return False
    here.parent.switch((ASKED, decision))
    return True


class EffectError(Exception):
    """An effect could not run as written; names the card text that failed."""

    def __init__(self, message: str, span: Span | None = None) -> None:
        self.message = message
        self.span = span
        super().__init__(f"{span}: {message}" if span else message)


class NothingToActOn(EffectError):
    """An effect found nothing at all to act on (no card there, no die to spend): no other
    answer to its questions would help, so none is asked again; the effect fails as written."""


@runtime_checkable
class Host(Protocol):
    """What a ruleset's game state offers to running effects.

    ``primitive(name)`` returns the Python function bound to a vocabulary verb; ``select``
    returns the candidates a selector phrase matches (cards, locations, dice, characters) as
    JSON-serialisable references; ``emit`` records an event.
    """

    @property
    def rng(self) -> random.Random: ...

    def primitive(self, name: str) -> Callable[..., Any]: ...

    def select(self, ctx: Context, selector: Any) -> list[Any]: ...

    def emit(self, kind: str, **data: Any) -> None: ...


Primitive = Callable[..., Any]
Mark = Callable[[Primitive], Primitive]


@dataclass(frozen=True, slots=True)
class PrimitiveMarks:
    """Everything the decorators below declare of one primitive, in one typed record (kept in
    ``MARKS`` by the function; ``marks_of`` reads it). The checker binds sentences by it, the
    code generator and a ruleset's engine run by it."""

    creates: frozenset[str] = frozenset()  # roles it makes new things for (``creates``)
    holds: frozenset[str] = frozenset()  # roles it takes its object from (``holds``)
    holds_whole: bool = False  # such a place must hold all the text names
    faces: frozenset[str] = frozenset()  # roles whose number is a die face (``faces``)
    finds: Callable[..., str | None] | None = None  # what it must find to act on (``finds``)
    takes: tuple[tuple[str, tuple[str, ...]], ...] = ()  # role -> card kinds (``takes``)
    settles: Callable[[Context, dict[str, Any]], bool] | None = None  # (``settles``)
    prices: tuple[tuple[str, tuple[str, ...]], ...] = ()  # action -> things (``prices``)
    prices_on: tuple[str, ...] = ()  # card kinds whose standing text re-prices
    replaceable: frozenset[str] = frozenset()  # events an "Instead of" may replace it at
    forbiddable: tuple[tuple[PlaceKind | None, ...], tuple[str, ...]] | None = None  # (where)
    only_forbidden: bool = False  # a verb a card may only forbid
    up_to: frozenset[str] = frozenset()  # roles where "up to N" asks how many (``up_to``)

    @property
    def takes_kinds(self) -> dict[str, tuple[str, ...]]:
        """``takes`` as a mapping: the card kinds each role can act on."""
        return dict(self.takes)


NO_MARKS = PrimitiveMarks()
# The record of every marked primitive, by the function (a wrapper ``finds`` makes has its own).
MARKS: dict[Primitive, PrimitiveMarks] = {}


def marks_of(fn: Primitive) -> PrimitiveMarks:
    """What the decorators declared of a primitive (``NO_MARKS`` for one never marked). A
    wrapper made with ``functools.wraps`` (a host's that notes a change) answers for the
    function it names as ``__wrapped__``, as the attributes it copied once did."""
    found = MARKS.get(fn)
    while found is None:
        inner = getattr(fn, "__wrapped__", None)
        if inner is None:
            return NO_MARKS
        fn = inner
        found = MARKS.get(fn)
    return found


def _marked(fn: Primitive, **declared: Any) -> Primitive:
    MARKS[fn] = replace(marks_of(fn), **declared)
    return fn


def creates(*roles: str) -> Mark:
    """Declare that a primitive makes new things for these roles (``object`` by default), or
    brings them from where no one picks them (the top of a deck: "draw 2 monsters").

    A phrase in a created role ("place 2 embers of value 4 at this location") names what to
    make: the compiler never resolves it to things already in the game (only "it" is still
    what an earlier phrase chose), and a place written after dice ("at this location") goes
    to the role of its preposition instead of narrowing them. The primitive receives the
    bound ``Selector`` (quantity, noun, value)."""
    made = frozenset(roles or ("object",))
    return lambda fn: _marked(fn, creates=made)


def holds(*roles: str, whole: bool = False) -> Mark:
    """Declare that these roles name where the primitive takes its ``object`` from ("Remove a
    coin from any room", "... from a chest in any room"): when the player is
    asked which place (or card), the compiler offers only those the host counts some of the
    object at or on (``host.measure``, as for "the location with the most threats"), after
    any superlative has picked. One such place is taken without asking; when the phrase finds
    places but none holds any, the text finds nothing to act on (``NothingToActOn``). A role
    that takes every place it finds ("from each location") asks nothing and is not narrowed.
    With ``whole``, a place must hold all the text names (a payment, which is made in full or
    not at all: "Pay 2 coins in any room" offers the rooms with two); without it, one is
    enough (an effect does what it can there)."""
    marked = frozenset(roles)
    return lambda fn: _marked(fn, holds=marked, holds_whole=whole)


def faces(*roles: str) -> Mark:
    """Declare that a number written in these roles is a die face ("Set a die to 5"): the
    checker rejects a number no die shows, as it does "of value 7"."""
    marked = frozenset(roles)
    return lambda fn: _marked(fn, faces=marked)


def finds(check: Callable[..., str | None]) -> Mark:
    """Declare what a primitive must find to act on: ``check`` takes the primitive's arguments,
    reads them only (never the answers: a role not yet resolved is not its business), and says
    what is missing ("no such die to set") or ``None``. The primitive raises
    ``NothingToActOn`` with it before changing anything, and a host may ask it first: a text
    that finds nothing is then known to change nothing, with no copy of the game to go back to.
    """

    def mark(fn: Primitive) -> Primitive:
        @functools.wraps(fn)
        def checked(ctx: Context, *args: Any, **kwargs: Any) -> Any:
            missing = check(ctx, *args, **kwargs)
            if missing is not None:
                raise NothingToActOn(f"there is {missing}", ctx.span)
            return fn(ctx, *args, **kwargs)

        MARKS[checked] = replace(marks_of(fn), finds=check)  # the wrapper keeps fn's marks
        return checked

    return mark


def takes(**roles: str | tuple[str, ...]) -> Mark:
    """Declare which card kinds a role can act on (``@takes(object="ability")``): a phrase
    naming a card of another kind is a check error, not a call that does nothing."""
    # keyed by the role word: a parameter ``from_`` is the role "from"
    kinds = tuple(
        (r.rstrip("_"), (k,) if isinstance(k, str) else tuple(k)) for r, k in roles.items()
    )
    return lambda fn: _marked(fn, takes=kinds)


def settles(check: Callable[[Context, dict[str, Any]], bool]) -> Mark:
    """Declare when a primitive, called with these roles, asks nothing and fails at nothing
    once called (no ``ctx.decide``, no error): ``check(ctx, roles)`` says so. A card whose text
    ends in such a call (``CompiledAbility.last_call``) never goes back after its first change,
    so a host may take no copy of the game to go back to. A wrong ``True`` is found out loudly:
    the machine refuses to go back with no copy (``dsl.kernel.Machine._restore``)."""

    return lambda fn: _marked(fn, settles=check)


def prices(actions: Mapping[str, str | tuple[str, ...]], *, on: str | tuple[str, ...]) -> Mark:
    """Declare a primitive that changes what an action costs while its card is in play
    ("Each trade costs 2 action points."): ``actions`` maps each action a card may re-price
    to the things the engine can take for it (declared words: the first is what the action
    costs when the text names no thing), ``on`` the card kinds whose standing text the
    engine applies. The sentence binds only to these; any other action, thing or card kind is
    a check error saying so. The primitive receives the bound ``dsl.bound.ActionCost``."""
    table = tuple(
        (action.casefold(), (things,) if isinstance(things, str) else tuple(things))
        for action, things in actions.items()
    )
    kinds = (on,) if isinstance(on, str) else tuple(on)
    return lambda fn: _marked(fn, prices=table, prices_on=kinds)


def replaceable(*events: str) -> Mark:
    """Declare that the engine, about to do this primitive's action after a trigger of one of
    these events ("threat"), first runs that card's "Instead of <verb> ..." text in its place.
    An "Instead of" whose verb is not marked for its trigger's event is a check error: the
    engine would never ask the card, and the text would run as if "Instead of" were not
    written."""
    marked = frozenset(events)
    return lambda fn: _marked(fn, replaceable=marked)


def forbiddable(*places: PlaceKind | None, on: str | tuple[str, ...]) -> Mark:
    """Declare where the engine honours a card forbidding this verb outright ("May not trade
    at this location."): ``places`` are the places it may be written with (``"this
    location"``; ``None`` for none written, everywhere), ``on`` the card kinds whose standing
    text the engine reads for it. Once a primitives module marks any primitive so, an
    outright "May not <verb>" anywhere else (or of an unmarked verb) is a check error."""
    kinds = (on,) if isinstance(on, str) else tuple(on)
    return lambda fn: _marked(fn, forbiddable=(tuple(places), kinds))


def up_to(*roles: str) -> Mark:
    """Declare the roles (``object`` by default) where the primitive honours "up to N": it
    asks how many, 1 to N, of what there is (and which, when they differ: dice). "Up to" in
    any other role, or of a verb not so marked, is a check error: the text would act on N
    without asking."""
    marked = frozenset(roles or ("object",))
    return lambda fn: _marked(fn, up_to=marked)


def only_forbidden(fn: Primitive) -> Primitive:
    """Declare a primitive whose verb a card may only forbid ("May not fight Beast
    monsters."): the checker rejects the verb used as an effect, which could never run."""
    return _marked(fn, only_forbidden=True)


_NOTHING_WITHHELD: frozenset[str] = frozenset()


@dataclass(slots=True, init=False)
class Context:
    """Everything an effect knows while it runs: who uses it, from which card, where.

    ``answers`` are the decisions already taken for this run, in the order asked; ``bindings``
    hold what earlier words of the same effect referred to ("it", "the same value").
    ``withheld`` names the primitives a following "This does not ..." sentence rules out while
    the sentence before it runs (see ``withholds``). ``paying`` is true while a cost runs
    ("Lose 2 lanterns to ...", "Lose 2 lanterns: ..."): a cost is paid in full or not at all,
    so a primitive that would take less than the text names fails instead.
    """

    host: Host
    card: Any = None
    actor: str | None = None
    location: Any = None
    answers: list[Any] = field(default_factory=list)
    cursor: int = 0
    bindings: dict[str, Any] = field(default_factory=dict)
    span: Span | None = None
    withheld: frozenset[str] = frozenset()
    paying: bool = False

    def __init__(
        self,
        host: Host,
        card: Any = None,
        actor: str | None = None,
        location: Any = None,
        answers: list[Any] | None = None,
        cursor: int = 0,
        bindings: dict[str, Any] | None = None,
        span: Span | None = None,
        withheld: frozenset[str] = _NOTHING_WITHHELD,
        paying: bool = False,
    ) -> None:
        # written out rather than generated by ``dataclass``: a session makes some 260
        # contexts (one per piece run and per card text), and this one is compiled with the
        # module (``make compiled``) where the generated one is a Python call; ``answers`` and
        # ``bindings`` are new empty ones when not given, as the fields' factories made them
        self.host = host
        self.card = card
        self.actor = actor
        self.location = location
        self.answers = [] if answers is None else answers
        self.cursor = cursor
        self.bindings = {} if bindings is None else bindings
        self.span = span
        self.withheld = withheld
        self.paying = paying

    def withholds(self, function: str) -> bool:
        """Whether the sentence running now is followed by "This does not <verb>." naming the
        primitive ``function``: "Place a threat on every Fort. This does not cause a surge."
        runs the placing with ``cause_surge`` withheld, and the host skips the surge."""
        return function in self.withheld

    def question(
        self,
        kind: str,
        options: Sequence[Any],
        prompt: str,
        who: str | None = None,
        *,
        min_choices: int = 1,
        max_choices: int = 1,
    ) -> Decision:
        """The decision ``decide`` would ask, for a piece written as a generator to yield:
        ``answer = yield ctx.question(...)``. The machine gives the answer, the recorded one
        when the piece runs again (``dsl.kernel.machine``)."""
        return new_decision(
            kind,
            self.actor if who is None else who,
            prompt,
            tuple(options),
            self.span,
            min_choices,
            max_choices,
        )

    def decide(
        self,
        kind: str,
        options: Sequence[Any],
        prompt: str,
        who: str | None = None,
        *,
        min_choices: int = 1,
        max_choices: int = 1,
    ) -> Any:
        """Return the next recorded answer; else, in a piece that can wait where it asked
        (``wait_for_answer``), the answer given to the question once it is; else stop the
        effect with ``DecisionNeeded`` (run again from its start with the answers so far)."""
        answers = self.answers
        if self.cursor < len(answers):
            answer = answers[self.cursor]
            self.cursor += 1
            return answer
        if who is None:  # the one acting answers; a host may put a card's question to a seat
            who = self.actor
            ask = getattr(self.host, "ask_whom", None)
            if ask is not None:
                who = ask(who)
        decision = new_decision(
            kind,
            who,
            prompt,
            tuple(options),
            self.span,
            min_choices,
            max_choices,
        )
        if wait_for_answer(answers, decision):  # the answer is now in ``answers``
            answer = answers[self.cursor]
            self.cursor += 1
            return answer
        raise DecisionNeeded(decision)


class _Probed(EffectError):
    """Ends a probe (``can_act``): whether the text would act. An ``EffectError``, so a
    compiled text lets it through as it lets its own errors."""

    def __init__(self, acts: bool) -> None:
        super().__init__("probed")
        self.acts = acts


class _ProbeHost:
    """The host a probed text runs against: everything is the real host's but the primitives,
    which only say whether they find what they act on (``finds``) and stop the text there."""

    __slots__ = ("_host",)

    def __init__(self, host: Any) -> None:
        self._host = host

    def __getattr__(self, name: str) -> Any:
        return getattr(self._host, name)

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        found: list[Any] = self._host.select(ctx, selector)
        return found

    def primitive(self, name: str) -> Callable[..., Any]:
        fn = self._host.primitive(name)
        stop = _STOPS.get(fn)
        if stop is None:
            stop = _stop(fn)
            if fn in MARKS:  # a primitive a ruleset registered, not a wrapper made for a piece
                _STOPS[fn] = stop
        return stop


def _stop(fn: Callable[..., Any]) -> Callable[..., Any]:
    """What a probed text calls for the primitive ``fn``: it says whether ``fn`` would find
    what it acts on, and stops the text there."""
    check = marks_of(fn).finds

    def stop(ctx: Context, *args: Any, **kwargs: Any) -> Any:
        raise _Probed(check is None or check(ctx, *args, **kwargs) is None)

    stop.__wrapped__ = fn  # type: ignore[attr-defined]
    return stop


# each registered primitive's stop (``_ProbeHost.primitive``): made once, not at every probe
_STOPS: dict[Callable[..., Any], Callable[..., Any]] = {}


class _ProbeContext(Context):
    """A probed text's context: a question means there is something to choose among. A
    probed text is one whose failure refuses its piece (a card used as an action:
    ``refusing``), so a phrase that finds nothing fails it."""

    __slots__ = ()
    refusing = True

    def decide(
        self,
        kind: str,
        options: Sequence[Any],
        prompt: str,
        who: str | None = None,
        *,
        min_choices: int = 1,
        max_choices: int = 1,
    ) -> Any:
        raise _Probed(bool(options))


def can_act(
    run: Callable[[Context], Any],
    host: Any,
    card: Any = None,
    actor: str | None = None,
    location: Any = None,
    idle: bool = True,
) -> bool:
    """Whether a text that only resolves its roles and then calls one primitive
    (``CompiledAbility.last_call``) would find something to act on, worked out without running
    it: its roles are resolved against the host (reading only) up to its first question or
    its primitive, which is not called but asked what it must find (``finds``). ``False`` only
    when the text would certainly fail with ``NothingToActOn``; a text whose roles ask a
    question, or whose primitive declares nothing it must find, may act. ``idle``: the answer
    for a text that runs to its end calling no primitive (``False`` for a text whose every
    sentence has a condition: none held, it does nothing)."""
    try:
        run(_ProbeContext(_ProbeHost(host), card, actor, location))
    except _Probed as probed:
        return probed.acts
    except NothingToActOn:
        return False
    except (EffectError, DecisionNeeded):
        return True
    return idle
