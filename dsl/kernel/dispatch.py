"""How a machine finds the code its frames name: registered explicitly, never by a built name.

A frame is plain data: a run frame names its piece (``{"op": "roll", ...}``), a step frame its
kind (``Frame("turn", ...)``). The game says which method answers to each name with a decorator
naming it, on the method itself::

    class Pig(Machine):
        @piece("roll")
        def roll(self, ctx: Context) -> None: ...

        @quiet("roll")  # a safe prediction that the piece asks nothing (a speed shortcut)
        def roll_asks_nothing(self, args: dict[str, Any]) -> bool: ...

        @step("turn")  # walks a step frame of that kind: the next decision, or None
        def turn(self, frame: Frame) -> Decision | None: ...

        @answer("turn")  # takes the answer to that frame's question
        def turn_answered(self, frame: Frame, answer: Any) -> None: ...

A game made of objects (a rules section each) declares them as ``Part``s: the methods registered
on a part's class run on that part, made the first time it is read, one per game::

    class Session(Machine):
        refresh = Part(RefreshRules)  # RefreshRules(session), its pieces the session's

Each class's table (``dispatch(cls)``) is worked out once, from its own registrations, its
bases' and its parts'; a name registered twice in one game is a ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

# the four uses of a name: a run frame's piece, the prediction that it asks nothing, a step
# frame's walk and the answer to its question
PIECE, QUIET, STEP, ANSWER = "piece", "quiet", "step", "answer"

_REGISTERED = "_dispatch_registered"  # a class's own registrations, in its ``__dict__``
_PARTS = "_dispatch_parts"  # a class's own parts (attribute, class), in its ``__dict__``


class _Registration:
    """A method as a decorator registered it, until its class is made (``__set_name__``):
    then it is entered in the class's own registrations and the plain function put back, so
    the method stays an ordinary method of its class."""

    __slots__ = ("fn", "name", "use")

    def __init__(self, use: str, name: str, fn: Callable[..., Any]) -> None:
        self.use, self.name, self.fn = use, name, fn

    def __set_name__(self, owner: type, attr: str) -> None:
        own: dict[tuple[str, str], Callable[..., Any]] | None = owner.__dict__.get(_REGISTERED)
        if own is None:
            own = {}
            setattr(owner, _REGISTERED, own)
        key = (self.use, self.name)
        if key in own:
            raise TypeError(f"{owner.__name__} registers the {self.use} {self.name!r} twice")
        own[key] = self.fn
        setattr(owner, attr, self.fn)


def _registering(use: str, name: str) -> Callable[[F], F]:
    def register(fn: F) -> F:
        return _Registration(use, name, fn)  # type: ignore[return-value]

    return register


def piece(name: str) -> Callable[[F], F]:
    """Register ``fn(self, ctx, **args)`` as the piece a run frame names ``name``."""
    return _registering(PIECE, name)


def quiet(name: str) -> Callable[[F], F]:
    """Register ``fn(self, args) -> bool``: True only when the piece ``name`` certainly asks
    nothing with these arguments (it then runs with no snapshot)."""
    return _registering(QUIET, name)


def step(kind: str) -> Callable[[F], F]:
    """Register ``fn(self, frame) -> Decision | None`` as the walk of step frames of ``kind``."""
    return _registering(STEP, kind)


def answer(kind: str) -> Callable[[F], F]:
    """Register ``fn(self, frame, answer)`` as what the answer to a ``kind`` frame does."""
    return _registering(ANSWER, kind)


class Part(Generic[T]):
    """A part of a game (``Session.refresh = Part(RefreshRules)``): ``cls(game)``, made the first
    time it is read and kept in the game's ``__dict__`` (so a copy of the game makes none
    until it needs one). The methods registered on ``cls`` run on the part."""

    def __init__(self, cls: Callable[[Any], T]) -> None:
        self.cls = cls
        self.attr = ""

    def __set_name__(self, owner: type, attr: str) -> None:
        self.attr = attr
        own: list[tuple[str, Any]] | None = owner.__dict__.get(_PARTS)
        if own is None:
            own = []
            setattr(owner, _PARTS, own)
        own.append((attr, self.cls))

    @overload
    def __get__(self, game: None, owner: type | None = None) -> Part[T]: ...

    @overload
    def __get__(self, game: object, owner: type | None = None) -> T: ...

    def __get__(self, game: object | None, owner: type | None = None) -> T | Part[T]:
        if game is None:
            return self
        made = self.cls(game)
        game.__dict__[self.attr] = made  # read from there from now on (not a data descriptor)
        return made


def made_parts(game: Any) -> list[Any]:
    """The parts of ``game`` made so far (``Part``: each made the first time it is read)."""
    kept = game.__dict__
    return [
        kept[attr]
        for klass in type(game).__mro__
        for attr, _cls in klass.__dict__.get(_PARTS, ())
        if attr in kept
    ]


# a registered function and how to reach what it runs on from the game (``None``: the game)
Entry = tuple[Callable[..., Any], Callable[[Any], Any] | None]


@dataclass(frozen=True, slots=True)
class Dispatch:
    """A game class's registered pieces, predictions, step walks and answers, by name."""

    pieces: dict[str, Entry] = field(default_factory=dict)
    quiets: dict[str, Entry] = field(default_factory=dict)
    steps: dict[str, Entry] = field(default_factory=dict)
    answers: dict[str, Entry] = field(default_factory=dict)

    def table(self, use: str) -> dict[str, Entry]:
        return {PIECE: self.pieces, QUIET: self.quiets, STEP: self.steps, ANSWER: self.answers}[use]


_DISPATCH: dict[type, Dispatch] = {}


def dispatch(cls: type) -> Dispatch:
    """The table of a game class (worked out once): what its own class and bases register (a
    subclass may register a name again, replacing its base's), then what its parts register."""
    found = _DISPATCH.get(cls)
    if found is None:
        found = _DISPATCH[cls] = _made(cls)
    return found


def _made(cls: type) -> Dispatch:
    table = Dispatch()
    for klass in reversed(cls.__mro__):
        for (use, name), fn in klass.__dict__.get(_REGISTERED, {}).items():
            table.table(use)[name] = (fn, None)
    owners: dict[tuple[str, str], str] = {}
    for klass in reversed(cls.__mro__):
        for attr, part in klass.__dict__.get(_PARTS, ()):
            get = attrgetter(attr)
            for base in reversed(getattr(part, "__mro__", ())):
                for (use, name), fn in base.__dict__.get(_REGISTERED, {}).items():
                    known = table.table(use)
                    if name in known and owners.get((use, name)) != attr:
                        raise TypeError(
                            f"{cls.__name__}: the {use} {name!r} is registered twice "
                            f"(by its part {attr!r} and before)"
                        )
                    owners[(use, name)] = attr
                    known[name] = (fn, get)
    return table


def run(entry: Entry, game: Any, *args: Any, **kwargs: Any) -> Any:
    """Call a registered function on what it runs on."""
    fn, get = entry
    return fn(game if get is None else get(game), *args, **kwargs)
