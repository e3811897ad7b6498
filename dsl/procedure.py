"""The game's procedure as text: named phases of numbered steps, checked, compiled, walked.

A ruleset writes its procedure like the rulebook's numbered lists::

    procedure "Turn" {
      Actions: players act in any order until all pass
      Refresh: play "Refresh"
      Draw: Each player draws 1 card.
      Monsters: for each monster in order, do move the monster
    }

A step's body is one of five forms: card sentences (``Each player draws 1 card.``),
``play "Phase"`` (optionally ``until <condition>``: repeated while the condition does not hold;
or ``N times``), ``players act in any order until all pass`` (the game's action phase),
``do <primitive>`` (a ruleset primitive for a step that is a whole procedure of its own), or
``offer <primitive> [only if <condition>], or <primitive> ... [, again until done | , one must
be taken]`` (a question whose options are the offers whose condition holds, and "pass"; with
``again until done`` it is asked again after each answer, with "done", until the player says
done or nothing is left to offer; with ``one must be taken`` there is no "pass").
``for each <thing> in [turn] order,`` before a body runs it once per thing. ``setup:`` and
``teardown:`` are the unnumbered steps before and after the numbered ones; ``note ...`` lines
are printed, never run.

The words resolve against the ruleset's procedure words (``ProcedureWords``), a registry its
primitives module gives as ``procedure_words``: a ``Words`` whose decorators name the words
(``@WORDS.step("advance time")`` is ``do advance time``, called ``fn(game)`` or ``fn(game,
item)`` under ``for each``; ``@WORDS.each("monster")`` lists the things of ``for each
monster``; ``@WORDS.until("the year ends")`` and ``@WORDS.condition("a die can be bought")``
are the conditions of ``play ... until`` and of an offer's ``only if``; ``@WORDS.prompt("Spend
Stat Points")`` words an offer step's question). A ruleset with no module of its own plays on
the world engine, whose words these are (``dsl.world.words``). Everything is resolved once,
when the ruleset is compiled; the walker (``ProcedureWalker``, a mixin of the
kernel's machine) only follows indices, so a frame stays plain data.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from dsl import ast
from dsl.diagnostics import Diagnostics, did_you_mean
from dsl.kernel import dispatch
from dsl.kernel.machine import Frame
from dsl.runtime import Decision, Span, new_decision

_F = TypeVar("_F", bound=Callable[..., Any])

SETUP, TEARDOWN = "setup", "teardown"
DONE, PASS = "done", "pass"  # the answers that end an offer step (again until done, or once)


class ProcedureDecision(StrEnum):
    """The decisions the procedure itself asks (a game adds its own kinds)."""

    OFFER = "offer"  # which of an offer step's offers to take (or done / pass)


def words_of(atoms: tuple[ast.Atom, ...] | list[ast.Atom]) -> str:
    return ast.phrase_text(tuple(atoms))


@dataclass(frozen=True, slots=True)
class OfferOption:
    """One offer of an ``offer`` step, resolved: the option as asked (``text``), the primitive
    its answer calls, and the condition that must hold for it to be offered (``None``: always)."""

    text: str
    call: Callable[..., Any] | None
    only_if_text: str | None = None
    only_if: Callable[[Any], bool] | None = None


@dataclass(frozen=True, slots=True)
class ProcedureStep:
    """One step, resolved: ``form`` is ``play``, ``act``, ``do`` or ``sentences``.

    ``number`` is the printed number (``None`` for setup and teardown); ``call`` the
    primitive (``do``), ``each`` the function listing the things (``for each``), ``until`` the
    condition (``play ... until``); ``ability`` the compiled sentences (a ``CompiledAbility``)."""

    title: str
    number: int | None
    form: str
    text: str  # the body as printed
    span: Span
    target: str | None = None
    each_noun: str | None = None
    turn_order: bool = False
    each: Callable[[Any], Any] | None = None
    until_text: str | None = None
    until: Callable[[Any], bool] | None = None
    times: int | None = None  # ``play "Phase" N times``
    # ``play "Phase" only if <condition>``: played once when it holds, else passed over
    # (``only_if(game, thing)``, the thing a ``for each`` gives or ``None``); the words as
    # written in ``only_if_text``
    only_if_text: str | None = None
    only_if: Callable[[Any, Any], bool] | None = None
    primitive: str | None = None
    call: Callable[..., Any] | None = None
    ability: Any = None
    offers: tuple[OfferOption, ...] = ()
    again: bool = False  # an offer step asked again until done
    required: bool = False  # an offer step with no "pass": one must be taken
    prompt: Callable[[Any], str] | None = None  # the question's wording (``Words.prompt``)
    # a ``do`` step done by the ruleset's own Python as a game is made or stored: the walker
    # passes over it
    outside_play: bool = False
    # the walker's way through the step, worked out once as it compiles: "once" (a primitive
    # called once: the most common step), "skip" (done outside play) or "" (the others)
    walk: str = field(default="", compare=False, repr=False)


def _walk(step: ProcedureStep) -> str:
    call = step.call
    if step.outside_play:
        return "skip"
    plain = step.each is None and step.times is None and step.until is None
    plain = plain and step.only_if is None
    return "once" if call is not None and step.form == "do" and plain else ""


@dataclass(frozen=True, slots=True)
class Phase:
    """A named phase: its steps in the order they run (setup, the numbered, teardown)."""

    name: str
    steps: tuple[ProcedureStep, ...]
    notes: tuple[str, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Procedure:
    """Every phase of a ruleset by name (case-insensitive look-up)."""

    phases: Mapping[str, Phase] = field(default_factory=dict)
    # the phases by the names the walker's frames give, as given (the phases never change once
    # compiled): the walker asks at every step
    _as_named: dict[str, Phase] = field(default_factory=dict, compare=False, repr=False)

    def phase(self, name: str) -> Phase:
        found = self._as_named.get(name)
        if found is not None:
            return found
        found = self.phases.get(name.casefold())
        if found is not None:
            self._as_named[name] = found
        else:
            known = ", ".join(p.name for p in self.phases.values()) or "none"
            raise KeyError(f"the procedure has no phase {name!r} (phases: {known})")
        return found

    def __bool__(self) -> bool:
        return bool(self.phases)

    def __iter__(self) -> Any:
        return iter(self.phases.values())


@dataclass(slots=True)
class CheckedStep:
    """A step as checked: its sentences still bound, not compiled (the compiler does that)."""

    step: ast.Step
    number: int | None
    bound: Any = None  # a BoundEffect for a sentences step
    call: Callable[..., Any] | None = None
    each: Callable[[Any], Any] | None = None
    until: Callable[[Any], bool] | None = None
    only_if: Callable[[Any], bool] | None = None  # a ruleset's own condition (``Words.condition``)
    bound_if: Any = None  # a condition in the card language, bound (``bind_condition``)
    offers: list[OfferOption] = field(default_factory=list)
    prompt: Callable[[Any], str] | None = None
    outside_play: bool = False


@dataclass(slots=True)
class CheckedPhase:
    decl: ast.ProcedureDecl
    steps: list[CheckedStep]


class ProcedureWords(Protocol):
    """Where a procedure's words find their Python, registered explicitly (never a name built
    from the words): ``find("step", "advance time")`` gives the function of ``do advance
    time``; the other uses are ``each`` (``for each <noun>``), ``until`` (``play ... until
    <words>``), ``if`` (an offer's ``only if <words>``), ``prompt`` (the question an offer
    step of that title asks) and ``outside`` (a step done by the ruleset's own Python as a game
    is made or stored, which the walker passes over: found there too). ``known(use)`` lists the
    words a use knows, for "did you mean"."""

    def find(self, use: str, words: str) -> Callable[..., Any] | None: ...

    def known(self, use: str) -> list[str]: ...


USES = ("step", "outside", "each", "until", "if", "prompt", "order")


def _folded(words: str) -> str:
    return " ".join(words.casefold().split())


class Words:
    """A ruleset's ``ProcedureWords``, each registered by a decorator naming its words::

        WORDS = Words()

        @WORDS.step("advance the clock")
        def advance_the_clock(game, hours): ...

    Words are found as written, case and spacing aside; a word registered twice for one use is
    a ``ValueError`` as the module is imported."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, Callable[..., Any]]] = {use: {} for use in USES}
        self.written: dict[str, dict[str, str]] = {use: {} for use in USES}

    def _register(self, use: str, words: str) -> Callable[[_F], _F]:
        def register(fn: _F) -> _F:
            key = _folded(words)
            if key in self.tables[use]:
                raise ValueError(f"the {use} words {words!r} are registered twice")
            self.tables[use][key] = fn
            self.written[use][key] = words
            return fn

        return register

    def step(self, words: str, *, outside_play: bool = False) -> Callable[[_F], _F]:
        """``do <words>``, an offer's ``<words>``: ``fn(game)``, or ``fn(game, item)`` under
        ``for each``. ``outside_play``: done by the ruleset's own Python as a game is made or
        stored, never by the walker (``outside_play``)."""
        register = self._register("step", words)
        if not outside_play:
            return register
        outside = self._register("outside", words)
        return lambda fn: register(outside(fn))

    def each(self, noun: str) -> Callable[[_F], _F]:
        """``for each <noun>``: ``fn(game)`` lists the things, in order."""
        return self._register("each", noun)

    def until(self, words: str) -> Callable[[_F], _F]:
        """``play ... until <words>``: ``fn(game)`` is True when the repetition stops."""
        return self._register("until", words)

    def condition(self, words: str) -> Callable[[_F], _F]:
        """An offer's ``only if <words>``: ``fn(game)`` is True when it is offered."""
        return self._register("if", words)

    def prompt(self, title: str) -> Callable[[_F], _F]:
        """The question an offer step titled ``title`` asks: ``fn(game)`` words it."""
        return self._register("prompt", title)

    def find(self, use: str, words: str) -> Callable[..., Any] | None:
        return self.tables.get(use, {}).get(_folded(words))

    def known(self, use: str) -> list[str]:
        return list(self.written.get(use, {}).values())


NO_WORDS: ProcedureWords = Words()  # a module that registers none


def check_procedures(
    decls: list[ast.ProcedureDecl],
    module: Any,
    bind_sentences: Callable[[ast.Effect], Any],
    d: Diagnostics,
    words: ProcedureWords | None = None,
    step_needs: Callable[[Any], str | None] | None = None,
    bind_condition: Callable[[ast.Phrase], Any] | None = None,
) -> list[CheckedPhase]:
    """Check every phase: names, step titles, phases played, primitives, sentences, endings.

    ``module`` is the ruleset's primitives module (``None`` when it has none or it failed to
    import); ``words`` where the procedure's words find their functions (the module's registry,
    ``procedure_words``: ``dsl.world.words.procedure_words``; none by default);
    ``bind_sentences`` binds a step's sentences as a card effect, and ``step_needs`` says what
    a step's bound sentences need that a step with no ``for each`` does not have ("this
    location" with no location, a verb acting on nobody), or ``None``; ``bind_condition``
    binds the condition of ``play ... only if`` as a card sentence's (``None`` when it cannot
    be bound: it has said why), for one the words do not register."""
    if words is None:
        words = NO_WORDS
    phases: dict[str, ast.ProcedureDecl] = {}
    for decl in decls:
        key = decl.name.text.casefold()
        if key in phases:
            first = phases[key].name.span
            d.error(
                f'procedure "{decl.name.text}" is written twice (first at {first})', decl.name.span
            )
            continue
        phases[key] = decl
    names = [p.name.text for p in phases.values()]
    checked: list[CheckedPhase] = []
    for decl in phases.values():
        steps: list[CheckedStep] = []
        titles: dict[str, Span] = {}
        number = 0
        for item in decl.items:
            if not isinstance(item, ast.Step):
                continue
            title = item.title.text
            fixed = title.casefold() in (SETUP, TEARDOWN)
            if title.casefold() in titles:
                d.error(
                    f'"{decl.name.text}" already has a step "{title}" '
                    f"(line {titles[title.casefold()].line})",
                    item.title.span,
                )
            titles[title.casefold()] = item.title.span
            if not fixed:
                number += 1
            cs = CheckedStep(item, None if fixed else number)
            body = item.body
            if body.each is not None:
                cs.each = _function(
                    words, "each", body.each.noun, "thing to go through", d, body.each.span
                )
                if body.each.order_of and cs.each is not None:
                    cs.each = _ordered(cs.each, words, body.each.order_of, d)
            if body.form == "play":
                assert body.target is not None
                if body.target.text.casefold() not in phases:
                    hint = did_you_mean(body.target.text, names, quoted=True)
                    d.error(f'unknown phase "{body.target.text}"{hint}', body.target.span)
                if body.times is not None and int(body.times.text) < 1:
                    d.error(
                        f'"{body.target.text}" played {body.times.text} times never runs: '
                        "a count is 1 or more",
                        body.times.span,
                    )
                if body.until:
                    cs.until = _function(
                        words, "until", body.until, "condition", d, _span_of(body.until)
                    )
                if body.only_if:
                    _check_only_if(cs, body, words, bind_condition, d)
            elif body.form == "do":
                cs.call = _function(
                    words, "step", body.words, "step primitive", d, _span_of(body.words)
                )
                if cs.call is not None:
                    _check_takes(cs.call, body, d)
                    cs.outside_play = words.find("outside", words_of(body.words)) is not None
            elif body.form == "offer":
                cs.offers = _check_offers(body, words, d)
                # the question's wording, when the ruleset words it (``Words.prompt``)
                cs.prompt = words.find("prompt", title)
            elif body.form == "sentences":
                cs.bound = bind_sentences(ast.Effect(None, body.sentences, body.span))
                missing = step_needs(cs.bound) if step_needs and cs.bound is not None else None
                if missing is not None and body.each is None:
                    d.error(
                        f'step "{title}" {missing}: write who or where, or run it '
                        "for each character or place",
                        body.span,
                    )
            steps.append(cs)
        setups = [s for s in steps if s.step.title.text.casefold() == SETUP]
        teardowns = [s for s in steps if s.step.title.text.casefold() == TEARDOWN]
        if not steps:
            d.error(f'procedure "{decl.name.text}" has no steps', decl.name.span)
        # running order: setup, the numbered steps as written, teardown
        steps = setups + [s for s in steps if s.number is not None] + teardowns
        checked.append(CheckedPhase(decl, steps))
    _check_endless(checked, d)
    return checked


def _ordered(
    each: Callable[[Any], Any],
    words: ProcedureWords,
    order_of: tuple[ast.Atom, ...],
    d: Diagnostics,
) -> Callable[[Any], Any] | None:
    """``for each unit in order of speed``: the things, highest number first (a tie
    keeps the order they are listed in); ``order`` finds the number of each (or its numbers,
    ``speed then nerve``: each one after breaks the ties of those before)."""
    number = _function(words, "order", order_of, "number to order by", d, _span_of(order_of))
    if number is None:
        return None
    key: Callable[[Any, Any], Any] = number

    def ordered(game: Any) -> list[Any]:
        things = list(each(game))
        return sorted(things, key=lambda thing: _highest_first(key(game, thing)))

    ordered.__name__ = f"{getattr(each, '__name__', 'each')} in order of {words_of(order_of)}"
    # what it sorts by and where that is written, for the words' own checks (the engine's)
    ordered.order_by, ordered.order_span = number, _span_of(order_of)  # type: ignore[attr-defined]
    return ordered


def _highest_first(number: Any) -> Any:
    return tuple(-n for n in number) if isinstance(number, tuple) else -number


def _check_offers(body: ast.StepBody, words: ProcedureWords, d: Diagnostics) -> list[OfferOption]:
    """Each offer's primitive and condition resolved; offers are told apart by their words."""
    if body.each is not None:
        d.error(
            "an offer step is one question: it cannot be asked for each "
            f"{words_of(body.each.noun)}",
            body.each.span,
        )
    offers: list[OfferOption] = []
    seen: dict[str, Span] = {}
    for offer in body.offers:
        text = words_of(offer.words)
        key = text.casefold()
        if key in (DONE, PASS):
            d.error(
                f'"{text}" is the answer that ends an offer step: name the offer otherwise',
                offer.span,
            )
        elif key in seen:
            d.error(f'"{text}" is offered twice (first at line {seen[key].line})', offer.span)
        seen.setdefault(key, offer.span)
        call = _function(words, "step", offer.words, "step primitive", d, _span_of(offer.words))
        if call is not None and _required_params(call):
            d.error(
                f"step primitive '{text}' takes a thing: an offer's primitive takes only the game",
                _span_of(offer.words),
            )
        # an answer declared in text carries its own condition (``dsl.world.answers``)
        own = only_if = getattr(call, "only_if", None)
        if offer.only_if:
            only_if = _function(words, "if", offer.only_if, "condition", d, _span_of(offer.only_if))
            if own is not None and only_if is not None:
                only_if = _both(own, only_if)
        offers.append(
            OfferOption(text, call, words_of(offer.only_if) if offer.only_if else None, only_if)
        )
    return offers


def _both(first: Callable[[Any], bool], second: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda game: first(game) and second(game)


def _required_params(fn: Callable[..., Any]) -> list[inspect.Parameter]:
    try:
        params = list(inspect.signature(fn).parameters.values())[1:]
    except (TypeError, ValueError):
        return []
    return [p for p in params if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]


def _span_of(atoms: tuple[ast.Atom, ...]) -> Span:
    first, last = atoms[0].span, atoms[-1].span
    return Span(first.file, first.line, first.column, last.end_line, last.end_column)


def _function(
    words: ProcedureWords,
    use: str,
    atoms: tuple[ast.Atom, ...],
    what: str,
    d: Diagnostics,
    span: Span,
) -> Callable[..., Any] | None:
    text = words_of(atoms)
    fn = words.find(use, text)
    if fn is not None:
        return fn
    hint = did_you_mean(text, words.known(use))
    d.error(f"unknown {what} '{text}': neither the engine nor the ruleset knows it{hint}", span)
    return None


def _check_takes(fn: Callable[..., Any], body: ast.StepBody, d: Diagnostics) -> None:
    """A primitive under ``for each`` takes the thing; one that is not, takes nothing more."""
    try:
        params = list(inspect.signature(fn).parameters.values())[1:]
    except (TypeError, ValueError):
        return
    required = [p for p in params if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
    words = words_of(body.words)
    if body.each is None and required:
        d.error(
            f"step primitive '{words}' is done for each thing: write "
            f'"for each ... in order, do {words}"',
            _span_of(body.words),
        )
    elif body.each is not None and not params:
        d.error(
            f"step primitive '{words}' takes no thing: it cannot be done for each "
            f"{words_of(body.each.noun)}",
            body.each.span,
        )


def _check_only_if(
    cs: CheckedStep,
    body: ast.StepBody,
    words: ProcedureWords,
    bind_condition: Callable[[ast.Phrase], Any] | None,
    d: Diagnostics,
) -> None:
    """``play "Phase" only if <condition>``: a condition the ruleset's words register (as an
    offer's ``only if``), else one in the card language (``bind_condition``)."""
    text = words_of(body.only_if)
    cs.only_if = words.find("if", text)
    if cs.only_if is not None:
        return
    if bind_condition is not None:
        cs.bound_if = bind_condition(ast.Phrase(body.only_if, _span_of(body.only_if)))
        return
    _function(words, "if", body.only_if, "condition", d, _span_of(body.only_if))


def _check_endless(phases: list[CheckedPhase], d: Diagnostics) -> None:
    """A phase that plays itself (through others) with no ``until`` or ``only if`` on the way
    never ends."""
    edges: dict[str, list[tuple[str, ast.Step]]] = {}
    for phase in phases:
        key = phase.decl.name.text.casefold()
        for s in phase.steps:
            body = s.step.body
            if body.form == "play" and body.target is not None and not (body.until or body.only_if):
                edges.setdefault(key, []).append((body.target.text.casefold(), s.step))
    for phase in phases:
        start = phase.decl.name.text.casefold()
        seen: set[str] = set()
        todo = [start]
        path_step: ast.Step | None = None
        while todo and path_step is None:
            at = todo.pop()
            for target, step in edges.get(at, []):
                if target == start:
                    path_step = step
                    break
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        if path_step is not None:
            assert path_step.body.target is not None
            d.error(
                f'procedure "{phase.decl.name.text}" plays itself again with no "until": '
                "it never ends",
                path_step.body.target.span,
            )


def compile_procedures(
    checked: list[CheckedPhase],
    compile_effect: Callable[[str, Any], Any],
    compile_condition: Callable[[Any], Callable[[Any], bool]] | None = None,
) -> Procedure:
    """The typed procedure (everything resolved once); ``compile_effect(name, bound)`` compiles
    a step's sentences into a ``CompiledAbility``, ``compile_condition(bound)`` a bound
    condition into ``test(ctx)``, which the game asks with a context of its own
    (``ProcedureWalker.text_holds``)."""
    phases: dict[str, Phase] = {}
    for cp in checked:
        steps = []
        for cs in cp.steps:
            step, body = cs.step, cs.step.body
            ability = None
            only_if = _words_condition(cs.only_if) if cs.only_if is not None else None
            if cs.bound_if is not None and compile_condition is not None:
                only_if = _text_condition(compile_condition(cs.bound_if))
            if cs.bound is not None:
                ability = compile_effect(f"{cp.decl.name.text}: {step.title.text}", cs.bound)
            compiled = ProcedureStep(
                title=step.title.text,
                number=cs.number,
                form=body.form,
                text=body_text(body, ability),
                span=step.span,
                target=body.target.text if body.target is not None else None,
                each_noun=words_of(body.each.noun) if body.each is not None else None,
                turn_order=body.each.turn_order if body.each is not None else False,
                each=cs.each,
                until_text=words_of(body.until) if body.until else None,
                until=cs.until,
                times=int(body.times.text) if body.times is not None else None,
                only_if_text=words_of(body.only_if) if body.only_if else None,
                only_if=only_if,
                primitive=words_of(body.words) if body.words else None,
                call=cs.call,
                ability=ability,
                offers=tuple(cs.offers),
                again=body.again,
                required=body.required,
                prompt=cs.prompt,
                outside_play=cs.outside_play,
            )
            steps.append(dataclasses.replace(compiled, walk=_walk(compiled)))
        notes = tuple(words_of(n.atoms) for n in cp.decl.items if isinstance(n, ast.Note))
        phases[cp.decl.name.text.casefold()] = Phase(
            cp.decl.name.text, tuple(steps), notes, cp.decl.span
        )
    return Procedure(phases)


def _text_condition(test: Callable[[Any], bool]) -> Callable[[Any, Any], bool]:
    """A condition of the card language as the walker asks it: of the game, which gives the
    context (``ProcedureWalker.text_holds``), and of the thing a ``for each`` gives."""

    def holds(game: Any, thing: Any) -> bool:
        return bool(game.text_holds(test, thing))

    return holds


def _words_condition(test: Callable[[Any], bool]) -> Callable[[Any, Any], bool]:
    """A condition a ruleset's words register (``Words.condition``): of the game only."""

    def holds(game: Any, thing: Any) -> bool:
        return bool(test(game))

    return holds


def body_text(body: ast.StepBody, ability: Any = None) -> str:
    """A step's body as the rulebook prints it."""
    each = ""
    if body.each is not None:
        order = "turn order" if body.each.turn_order else "order"
        if body.each.order_of:
            order = f"order of {words_of(body.each.order_of)}"
        each = f"for each {words_of(body.each.noun)} in {order}, "
    if body.form == "play":
        assert body.target is not None
        until = f" until {words_of(body.until)}" if body.until else ""
        if body.times is not None:
            until = f" {body.times.text} times"
        if body.only_if:
            until = f" only if {words_of(body.only_if)}"
        text = f'play "{body.target.text}"{until}'
    elif body.form == "act":
        text = "players act in any order until all pass"
    elif body.form == "do":
        text = words_of(body.words)
    elif body.form == "offer":
        offers = [
            words_of(o.words) + (f" only if {words_of(o.only_if)}" if o.only_if else "")
            for o in body.offers
        ]
        text = "offer " + ", or ".join(offers) + (", again until done" if body.again else "")
        text += ", one must be taken" if body.required else ""
    elif ability is not None:
        text = ability.text
    else:
        text = " ".join(
            ast.phrase_text(a.atoms) + "." for s in body.sentences for a in s.alternatives
        )
    text = each + text
    return text[:1].upper() + text[1:]


# ---- the walker --------------------------------------------------------------------------------


class ProcedureWalker:
    """Mixin for a kernel ``Machine``: a ``procedure`` step frame walks one phase's steps.

    The frame's data is ``{"phase": name, "at": index}`` (and, inside a ``for each`` step, the
    things and the next one), so it is plain data like every frame. The game gives the
    procedure (``self.procedure``), ``act_in_any_order()`` (push the frame of its action
    phase) and ``run_step_text(phase, index, item)`` (run a step's sentences)."""

    procedure: Procedure
    state: Any
    # ``reaching(step, subject)``, called as each step begins (``None``: nothing watches; a
    # game with durations ends or ticks them at the steps they name: ``dsl.world.durations``)
    reaching: Callable[[ProcedureStep, Any], None] | None = None

    def start_phase(self, name: str, subject: Any = None) -> None:
        """Put a phase's first step on top of the procedure; ``subject``: the thing it is
        played for (``for each model in order, play "Activation"``), who acts in its steps."""
        data: dict[str, Any] = {"phase": name, "at": 0}
        if subject is not None:
            data["subject"] = subject
        self.state.frames.append(_frame("procedure", data))

    def still_listed(self, item: Any) -> bool:
        """Whether a thing a ``for each`` listed is still one to run the step for (a game
        passes over one that has left play since)."""
        return True

    def misses(self, phase: str, subject: Any) -> bool:
        """Whether the phase, about to be played for ``subject``, is passed over (a game
        whose held cards can say so: ``dsl.world.restraints``)."""
        return False

    def subject(self) -> Any:
        """The thing the innermost phase played for one is played for, else ``None``."""
        for frame in reversed(self.state.frames):
            if frame.kind == "procedure" and "subject" in frame.data:
                return frame.data["subject"]
        return None

    def act_in_any_order(self) -> None:  # pragma: no cover - the game's
        raise NotImplementedError

    def text_holds(
        self, test: Callable[[Any], bool], thing: Any = None
    ) -> bool:  # pragma: no cover
        """Whether a condition written in the card language holds now (``play ... only if``),
        for ``thing`` (a ``for each``'s, else ``None``): the game asks ``test`` with a context
        of its own."""
        raise NotImplementedError

    def run_step_text(self, phase: str, index: int, item: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def offer_prompt(self, step: ProcedureStep) -> str:
        """The question an offer step asks: the ruleset's prompt for its title words it from the
        state when it has one (``Words.prompt``), else the title and a question mark."""
        return step.prompt(self) if step.prompt is not None else f"{step.title}?"

    def offer_who(self, step: ProcedureStep) -> str | None:
        """Who answers an offer step (``None``: the players together)."""
        return None

    def _offer_step(self, frame: Any) -> ProcedureStep:
        step: ProcedureStep = self.procedure.phase(frame.data["phase"]).steps[frame.data["at"]]
        return step

    @dispatch.step("offer")
    def _step_offer(self, frame: Any) -> Decision | None:
        """An offer step: the offers whose condition holds, and "done" (or "pass"); a step with
        nothing to offer is over without a question."""
        step = self._offer_step(frame)
        offered = [o.text for o in step.offers if o.only_if is None or o.only_if(self)]
        if not offered:
            self.state.frames.pop()
            return None
        ending = () if step.required else (DONE if step.again else PASS,)
        return new_decision(
            ProcedureDecision.OFFER,
            self.offer_who(step),
            self.offer_prompt(step),
            (*offered, *ending),
        )

    @dispatch.answer("offer")
    def _answer_offer(self, frame: Any, answer: Any) -> None:
        step = self._offer_step(frame)
        if answer in (DONE, PASS) or not step.again:
            self.state.frames.pop()  # what the offer pushes runs above the procedure
        for offer in step.offers:
            if offer.text == answer and offer.call is not None:
                offer.call(self)
                return

    @dispatch.step("procedure")
    def _step_procedure(self, frame: Any) -> Decision | None:
        """Walk a phase's steps. A step that asks nothing leaves this phase on top (most of
        them: a primitive, once): the next step is walked here, not after a round of the
        machine's loop, which would only find this frame on top again (a speed shortcut)."""
        data = frame.data
        steps = self.procedure.phase(data["phase"]).steps
        st = self.state
        while True:
            self._walk_step(data, steps)
            if self.state is not st or st.over:
                return None
            frames = st.frames
            if not frames or frames[-1] is not frame:
                return None

    def _walk_step(self, data: dict[str, Any], steps: tuple[ProcedureStep, ...]) -> None:
        """One step of a phase (or its end), from the frame's data."""
        at = data["at"]
        if at >= len(steps):
            self.state.frames.pop()
            return
        step = steps[at]
        reaching = self.reaching
        if reaching is not None and data.get("reached") != at:
            data["reached"] = at
            reaching(step, self.subject())
        walk = step.walk
        if walk == "once":
            data["at"] = at + 1  # the most common step: a primitive, once (``_run_step``)
            step.call(self)
            return
        if walk == "skip":  # done outside play
            data["at"] = at + 1
            return
        if step.each is not None:
            items = data.get("items")
            if items is None:
                items = data["items"] = list(step.each(self))
                data["item"] = 0
            if data["item"] >= len(items):
                del data["items"], data["item"]
                data["at"] = at + 1
                return
            item = items[data["item"]]
            data["item"] += 1
            # one gone since the list was made is passed over, as is one the condition fails
            wanted = self.still_listed(item)
            if wanted and (step.only_if is None or step.only_if(self, item)):
                self._run_step(step, data["phase"], at, item)
            return
        if step.times is not None:  # played a number of times
            done = data.get("done", 0)
            if done >= step.times:
                data.pop("done", None)
                data["at"] = at + 1
            else:
                data["done"] = done + 1
                self.start_phase(step.target or "")
            return
        if step.only_if is not None:  # played once if the condition holds, else passed over
            data["at"] = at + 1
            if step.only_if(self, None):
                self._run_step(step, data["phase"], at, None)
            return
        if step.until is not None:  # played again and again until the condition holds
            if step.until(self):
                data["at"] = at + 1
            else:
                self.start_phase(step.target or "")
            return
        data["at"] = at + 1
        self._run_step(step, data["phase"], at, None)

    def _run_step(self, step: ProcedureStep, phase: str, at: int, item: Any) -> None:
        if step.form == "offer":
            self.state.frames.append(_frame("offer", {"phase": phase, "at": at}))
        elif step.form == "do":
            assert step.call is not None
            if item is None:
                step.call(self)
            else:
                step.call(self, item)
        elif step.form == "play":
            if item is not None and self.misses(step.target or "", item):
                return  # the thing misses it ("Its holder misses its next activation.")
            self.start_phase(step.target or "", item)
        elif step.form == "act":
            self.act_in_any_order()
        else:
            self.run_step_text(phase, at, item)


_frame = Frame
