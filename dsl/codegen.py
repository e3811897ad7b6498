"""Checked sentences → Python closures; checked fields → plain values.

Every closure reads and changes the game only through ``ctx.host``: ``host.primitive(name)``
for verbs, ``host.select(ctx, selector)`` for noun phrases, ``ctx.decide`` for every choice
(``choose_target``, ``choose_many``, ``choose_option``, ``pay_or_refuse``). An exception other
than a decision raised while an effect runs comes back as ``EffectError`` naming the card's
file and line.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from dsl.bound import (
    BoundChoice,
    BoundClause,
    BoundCondition,
    BoundEffect,
    BoundSentence,
    CheckedCard,
    OneOf,
    sentences_of,
)
from dsl.compiler import (
    CompiledAbility,
    CompiledCard,
    CompiledRuleset,
    GameMap,
    Permission,
    Restriction,
    Run,
    Table,
    TableRow,
    Trigger,
)
from dsl.printer import canonical_words, effect_text, sentence_text
from dsl.procedure import compile_procedures
from dsl.runtime import (
    Context,
    DecisionKind,
    DecisionNeeded,
    EffectError,
    LanguageEvent,
    NothingToActOn,
    Span,
)
from dsl.selectors import Amount, Either, LocationSpec, Place, Reading, Selector, ValueSpec

Resolver = Callable[[Context], Any]


class Candidates(list[Any]):
    """What a condition found when it names one thing and several match ("If there is a Beast
    here, discard it"): "it" asks which, the first time a phrase uses it."""

    def __init__(self, found: list[Any], prompt: str) -> None:
        super().__init__(found)
        self.prompt = prompt


def _prompt(selector: Selector) -> str:
    return f"Choose {selector.text or 'a target'}"


def _note_value(ctx: Context, chosen: Any) -> None:
    """Remember what was chosen for "it" and "of the same value"."""
    ctx.bindings["it"] = chosen
    sample = chosen[0] if isinstance(chosen, list) and chosen else chosen
    if isinstance(sample, dict):
        for key in ("face", "value"):
            if key in sample:
                ctx.bindings["value"] = sample[key]
                break


def select_best(ctx: Context, selector: Selector) -> list[Any]:
    """What ``host.select`` finds, kept to the best when the phrase has a superlative ("the
    location with the most dice"): the host scores each (``host.measure``), ties all stay."""
    found = ctx.host.select(ctx, selector)
    best = selector.superlative
    if best is None or not found:
        return found
    measure = getattr(ctx.host, "measure", None)
    if measure is None:
        raise EffectError(f"this game cannot compare '{selector.text}' (its host has no measure)")
    scores = [measure(ctx, thing, best) for thing in found]
    top = max(scores) if best.kind in ("most", "highest") else min(scores)
    return [thing for thing, score in zip(found, scores, strict=True) if score == top]


def finder(selector: Selector) -> Callable[[Context], list[Any]]:
    """``ctx -> what the phrase finds``: the host's ``select`` called direct, or through
    ``select_best`` for a phrase with a superlative (decided once, as the text compiles)."""
    if selector.superlative is None:
        return lambda ctx: ctx.host.select(ctx, selector)
    return lambda ctx: select_best(ctx, selector)


def selector_resolver(selector: Selector, remember: bool = True) -> Resolver:
    """How a role's selector becomes what the primitive receives (see ``dsl.selectors``).

    With ``remember``, what was chosen becomes "it" (and its face "the same value") for the
    words after it; only the object of a clause is remembered, not where it happens."""
    if selector.quantity.reading is not None:
        return _reading_resolver(selector, remember)
    best = selector.superlative  # most phrases have none: then the host's select, called direct
    if selector.reference == "it":

        def it(ctx: Context) -> Any:
            found = ctx.bindings.get("it", selector)
            if isinstance(found, Candidates):  # a condition found several: which one is "it"
                found = ctx.decide(DecisionKind.CHOOSE_TARGET, list(found), found.prompt)
                ctx.bindings["it"] = found
            return found

        return it
    if not selector.resolvable:
        return lambda ctx: selector
    q = selector.quantity
    single = not q.plural and q.mode in ("exact", "any", "another", "none") and (q.count or 1) == 1
    prompt = _prompt(selector)
    if single:

        def resolve_one(ctx: Context) -> Any:
            candidates = (
                ctx.host.select(ctx, selector) if best is None else select_best(ctx, selector)
            )
            if len(candidates) == 1:
                chosen = candidates[0]
            elif not candidates:
                chosen = None
            else:
                chosen = ctx.decide(DecisionKind.CHOOSE_TARGET, list(candidates), prompt)
            if not remember:
                return chosen
            bindings = ctx.bindings
            bindings["it"] = chosen
            if type(chosen) is dict:
                face = chosen.get("face", chosen.get("value"))
                if face is not None:
                    bindings["value"] = face
            return chosen

        return resolve_one
    if q.mode == "all":

        def resolve_all(ctx: Context) -> Any:
            chosen = ctx.host.select(ctx, selector) if best is None else select_best(ctx, selector)
            if remember:
                ctx.bindings["it"] = chosen
            return chosen

        return resolve_all

    def resolve(ctx: Context) -> Any:
        candidates = list(
            ctx.host.select(ctx, selector) if best is None else select_best(ctx, selector)
        )
        chosen: Any
        if q.mode == "all":
            chosen = candidates
        elif q.mode == "any" and q.plural:
            chosen = (
                ctx.decide(
                    DecisionKind.CHOOSE_MANY,
                    candidates,
                    _prompt(selector),
                    min_choices=0,
                    max_choices=len(candidates),
                )
                if candidates
                else []
            )
        elif q.mode == "none":
            chosen = candidates[0] if single and len(candidates) == 1 else candidates
            if single and len(candidates) > 1:
                chosen = ctx.decide(DecisionKind.CHOOSE_TARGET, candidates, _prompt(selector))
        else:
            count = q.count or 1
            if len(candidates) <= count:
                chosen = candidates[0] if single and candidates else candidates
                if single and not candidates:
                    chosen = None
            elif count == 1:
                chosen = ctx.decide(DecisionKind.CHOOSE_TARGET, candidates, _prompt(selector))
                if not single:
                    chosen = [chosen]
            else:
                chosen = ctx.decide(
                    DecisionKind.CHOOSE_TARGET,
                    candidates,
                    _prompt(selector),
                    min_choices=count,
                    max_choices=count,
                )
        if remember:
            _note_value(ctx, chosen)
        return chosen

    return resolve


def _reading_resolver(selector: Selector, remember: bool) -> Resolver:
    """A selector whose count or total is read when the effect runs: read it, then resolve
    the selector with that number written in, as if the card had printed it."""
    q = selector.quantity
    reading = q.reading
    assert reading is not None
    read = read_resolver(reading)

    def resolve_read(ctx: Context) -> Any:
        number = read(ctx)
        if q.mode == "total_value":
            quantity = replace(q, total=number, reading=None)
        else:
            quantity = replace(q, count=number, plural=number != 1, reading=None)
        return selector_resolver(replace(selector, quantity=quantity), remember)(ctx)

    return resolve_read


def read_resolver(reading: Reading) -> Callable[[Context], int]:
    """``its difficulty``, ``the value of a moss at this location``: the host reads the
    number from what the phrase finds (``host.read(ctx, thing, field)``)."""
    find = selector_resolver(reading.of, remember=False)

    def read(ctx: Context) -> int:
        thing = find(ctx)
        if isinstance(thing, list) and len(thing) == 1:
            thing = thing[0]
        if thing is None or thing == [] or isinstance(thing, Selector):
            raise NothingToActOn(f"nothing to read a number from: '{reading.of.text}'")
        host_read = getattr(ctx.host, "read", None)
        if host_read is None:
            raise EffectError("this game cannot read numbers from the table (its host has no read)")
        return int(host_read(ctx, thing, reading.field))

    return read


def value_resolver(value: Any, remember: bool = True) -> Resolver:
    """A bound role value → a function giving the primitive's argument."""
    if isinstance(value, Selector):
        return selector_resolver(value, remember)
    if isinstance(value, Amount):
        if value.number is not None and value.per is None and value.value_name is None:
            number = value.number
            return lambda ctx: number
        return lambda ctx: value
    if isinstance(value, ValueSpec):
        return lambda ctx: value
    if isinstance(value, OneOf):
        resolvers = [value_resolver(v) for v in value.choices]
        labels = [getattr(v, "text", "") or str(getattr(v, "number", v)) for v in value.choices]

        def one_of(ctx: Context) -> Any:
            picked = ctx.decide(
                DecisionKind.CHOOSE_OPTION, labels, "Choose one: " + " or ".join(labels)
            )
            index = labels.index(picked) if picked in labels else int(picked)
            return resolvers[index](ctx)

        return one_of
    if isinstance(value, tuple):
        parts = [value_resolver(v) for v in value]
        return lambda ctx: [p(ctx) for p in parts]
    return lambda ctx: value


def compile_clause(clause: BoundClause, card: tuple[str, str] = ("card", "?")) -> Run:
    """One action: ask whether (``may``), pay its cost, then act.

    Each case gets its own short closure: interpreter overhead is measured in
    benchmarks/bench_dsl.py against hand-written Python.
    """
    if clause.subject is not None and clause.per is None:
        return _each_subject(clause, card)
    return _compile_one(clause, card)


def _each_subject(clause: BoundClause, card: tuple[str, str]) -> Run:
    """ "Each hero here may move a relic to their pack": one whole clause per subject.

    A primitive that takes ``subject`` gets all of them at once. Otherwise each one, in turn,
    is ``ctx.actor`` while the clause runs: it is asked its own "may", pays its own cost, and
    the clause's phrases are resolved for it ("their ...", a card another one already took).
    """
    together = _compile_one(clause, card)
    alone = _compile_one(replace(clause, subject=None), card)
    subject_selector = clause.subject
    assert subject_selector is not None
    resolve_subject = (
        finder(subject_selector)
        if subject_selector.quantity.mode == "all"
        else selector_resolver(subject_selector)
    )
    function = clause.function
    span = clause.span

    def each(ctx: Context) -> Any:
        ctx.span = span
        try:
            primitive = ctx.host.primitive(function)
            if _takes_subject(primitive):
                return together(ctx)
            who = resolve_subject(ctx)
        except (DecisionNeeded, EffectError):
            raise
        except Exception as error:
            raise _failed(error, card, ctx, span) from error
        saved = ctx.actor
        result = None
        try:
            for actor in who if isinstance(who, list) else [who]:
                ctx.actor = _actor_id(actor)
                result = alone(ctx)
        finally:
            ctx.actor = saved
        return result

    return _mark_guarded(each)


def _compile_one(clause: BoundClause, card: tuple[str, str]) -> Run:
    act = _compile_action(clause, card)
    cost = None
    payable = None
    if clause.cost is not None:
        # "may X to Y" is one question: the cost itself is not asked again
        cost = compile_clause(replace(clause.cost, optional=False), card)
        payable = _payable(clause.cost)
    span = clause.span
    if cost is not None and not clause.optional:

        def pay_then_act(ctx: Context) -> Any:
            cost(ctx)
            return act(ctx)

        if getattr(cost, "guarded", False) and getattr(act, "guarded", False):
            return _mark_guarded(pay_then_act)
        return pay_then_act
    if not clause.optional:
        return act
    prompt = f"Pay to {clause.text}?" if cost is not None else f"May: {clause.text}"

    def ask_then_act(ctx: Context) -> Any:
        ctx.span = span
        if payable is not None and not payable(ctx):
            return None  # a cost that cannot be paid is not offered
        if not ctx.decide(DecisionKind.PAY_OR_REFUSE, (True, False), prompt):
            return None
        if cost is not None:
            cost(ctx)
        return act(ctx)

    return ask_then_act


def _payable(cost: BoundClause) -> Callable[[Context], bool] | None:
    """Whether a cost can be paid: every thing it names to give up is there to be taken.

    Only what the compiler itself resolves is counted (a phrase the primitive reads, such as
    a number of tokens, is left to the primitive); ``None`` when nothing can be counted."""
    needs: list[tuple[Selector, int]] = []
    for _, value in cost.roles:
        if not isinstance(value, Selector) or not value.resolvable or value.reference is not None:
            continue
        q = value.quantity
        if q.mode in ("exact", "another"):
            needs.append((value, q.count or 1))
    if not needs:
        return None

    def payable(ctx: Context) -> bool:
        return all(len(select_best(ctx, sel)) >= n for sel, n in needs)

    return payable


def _failed(error: Exception, card: tuple[str, str], ctx: Context, span: Span) -> EffectError:
    kind, name = card
    where = ctx.span or span
    return EffectError(f'{kind} "{name}": {type(error).__name__}: {error}', where)


def _compile_action(clause: BoundClause, card: tuple[str, str]) -> Run:
    """Resolve the roles and call the primitive (once, per subject, or per counted thing)."""
    function = clause.function
    params = dict(clause.params)
    constants = {
        params.get(role, role): v
        for role, v in clause.roles
        if isinstance(v, Selector)
        and (not v.resolvable or role in clause.creates)
        and v.reference != "it"
        and v.quantity.reading is None
    }
    dynamic = tuple(
        (params.get(role, role), value_resolver(v, remember=role == "object"))
        for role, v in clause.roles
        if params.get(role, role) not in constants
    )
    span = clause.span

    if clause.subject is None and clause.per is None:
        if not dynamic:

            def run_constant(ctx: Context) -> Any:
                ctx.span = span
                try:
                    return ctx.host.primitive(function)(ctx, **constants)
                except (DecisionNeeded, EffectError):
                    raise
                except Exception as error:
                    raise _failed(error, card, ctx, span) from error

            return _mark_guarded(run_constant)
        if len(dynamic) == 1:
            ((param, resolve),) = dynamic

            def run_one(ctx: Context) -> Any:
                ctx.span = span
                try:
                    return ctx.host.primitive(function)(ctx, **constants, **{param: resolve(ctx)})
                except (DecisionNeeded, EffectError):
                    raise
                except Exception as error:
                    raise _failed(error, card, ctx, span) from error

            return _mark_guarded(run_one)

        def run_plain(ctx: Context) -> Any:
            ctx.span = span
            try:
                kwargs = {param: resolve(ctx) for param, resolve in dynamic}
                return ctx.host.primitive(function)(ctx, **constants, **kwargs)
            except (DecisionNeeded, EffectError):
                raise
            except Exception as error:
                raise _failed(error, card, ctx, span) from error

        return _mark_guarded(run_plain)

    per = clause.per
    if clause.subject is not None and per is None:
        subject_selector = clause.subject
        resolve_subject = (
            finder(subject_selector)
            if subject_selector.quantity.mode == "all"
            else selector_resolver(subject_selector)
        )

        def run_subject(ctx: Context) -> Any:
            ctx.span = span
            try:
                primitive = ctx.host.primitive(function)
                kwargs = dict(constants)
                for param, resolve in dynamic:
                    kwargs[param] = resolve(ctx)
                who = resolve_subject(ctx)
                takes = _SUBJECT_CACHE.get(primitive)
                if takes is None:
                    takes = _takes_subject(primitive)
                if takes:
                    return primitive(ctx, subject=who, **kwargs)
                saved = ctx.actor
                result = None
                for actor in who if isinstance(who, list) else [who]:
                    ctx.actor = _actor_id(actor)
                    result = primitive(ctx, **kwargs)
                ctx.actor = saved
                return result
            except (DecisionNeeded, EffectError):
                raise
            except Exception as error:
                raise _failed(error, card, ctx, span) from error

        return _mark_guarded(run_subject)

    subject = selector_resolver(clause.subject) if clause.subject is not None else None

    def run(ctx: Context) -> Any:
        ctx.span = span
        primitive = ctx.host.primitive(function)
        kwargs = {param: resolve(ctx) for param, resolve in dynamic}
        kwargs.update(constants)
        times = len(select_best(ctx, per)) if per is not None else 1
        result = None
        for _ in range(times):
            if subject is None:
                result = primitive(ctx, **kwargs)
                continue
            who = subject(ctx)
            if _takes_subject(primitive):
                result = primitive(ctx, subject=who, **kwargs)
                continue
            actors = who if isinstance(who, list) else [who]
            saved = ctx.actor
            for actor in actors:
                ctx.actor = _actor_id(actor)
                result = primitive(ctx, **kwargs)
            ctx.actor = saved
        return result

    return run


def _actor_id(ref: Any) -> str | None:
    """The id a subject's reference gives ``ctx.actor``: its name when it has one."""
    if isinstance(ref, dict):
        return str(ref.get("name") or ref.get("id") or ref)
    return None if ref is None else str(ref)


_SUBJECT_CACHE: dict[Any, bool] = {}


def _takes_subject(fn: Callable[..., Any]) -> bool:
    """Does the primitive take ``subject`` (by name or through ``**roles``)? A wrapper's
    ``*args, **kwargs`` (``dsl.runtime.finds``, a host's own) are not the primitive's: it is
    unwrapped (``__wrapped__``) first."""
    known = _SUBJECT_CACHE.get(fn)
    if known is not None:
        return known
    key = inspect.unwrap(getattr(fn, "__func__", fn))
    known = _SUBJECT_CACHE.get(key)
    if known is None:
        code = getattr(key, "__code__", None)
        known = code is not None and (
            "subject" in code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
            or bool(code.co_flags & inspect.CO_VARKEYWORDS)
        )
        _SUBJECT_CACHE[key] = known
    _SUBJECT_CACHE[fn] = known
    return known


def compile_condition(condition: BoundCondition) -> Callable[[Context], bool]:
    selector = condition.selector
    if condition.kind == "season":
        season = (condition.season or "").casefold()
        return lambda ctx: str(getattr(ctx.host, "season", "")).casefold() == season
    assert selector is not None
    if condition.kind == "none":
        find = finder(selector)
        return lambda ctx: not find(ctx)
    if condition.kind == "exists":
        single = not selector.quantity.plural and selector.quantity.mode in ("exact", "any")
        prompt = _prompt(selector)

        def exists(ctx: Context) -> bool:
            found = list(select_best(ctx, selector))
            if found:  # "If there is a Beast here, discard it": "it" is what the condition found
                ctx.bindings["it"] = (
                    found[0] if len(found) == 1 else Candidates(found, prompt) if single else found
                )
            return bool(found)

        return exists
    here = condition.kind == "at" or (
        # "If this is a Forest location": "this" is where the effect happens, not the card
        condition.kind == "this is"
        and selector.noun_category == "card kind"
        and (selector.noun or "").casefold() == "location"
    )
    if here:
        find_here = finder(selector)
        return lambda ctx: _among(ctx.location, find_here(ctx))
    if condition.kind == "this is":
        find_this = finder(selector)
        return lambda ctx: _among(ctx.card, find_this(ctx))
    find_it = finder(selector)
    return lambda ctx: _among(ctx.bindings.get("it"), find_it(ctx))


def _among(thing: Any, found: list[Any]) -> bool:
    """Is ``thing`` one of the references ``host.select`` found? The context may hold a thing
    by its name (``ctx.location``, ``ctx.card``) where the host returns reference dicts."""
    if thing is None:
        return False
    if thing in found:
        return True
    name = _actor_id(thing)
    return any(isinstance(ref, dict) and ref.get("name") == name for ref in found)


def compile_sentence(sentence: BoundSentence, card: tuple[str, str] = ("card", "?")) -> Run:
    condition = compile_condition(sentence.condition) if sentence.condition else None
    runs = [compile_clause(c, card) for c in sentence.alternatives]
    labels = [c.text for c in sentence.alternatives]
    mode = sentence.mode
    text = sentence.text
    span = sentence.span
    if condition is None and mode in ("do", "instead") and len(runs) == 1:
        return runs[0]

    def run(ctx: Context) -> Any:
        ctx.span = span
        if condition is not None and not condition(ctx):
            return None
        if mode == "may" and not ctx.decide(
            DecisionKind.PAY_OR_REFUSE, (True, False), f"May: {text}"
        ):
            return None
        if len(runs) == 1:
            return runs[0](ctx)
        picked = ctx.decide(DecisionKind.CHOOSE_OPTION, labels, "Choose one: " + " / ".join(labels))
        index = labels.index(picked) if picked in labels else int(picked)
        ctx.span = span
        return runs[index](ctx)

    return run


def compile_choice(choice: BoundChoice, card: tuple[str, str] = ("card", "?")) -> Run:
    condition = compile_condition(choice.condition) if choice.condition else None
    labels = [label for label, _ in choice.options]
    options = [[compile_sentence(s, card) for s in sentences] for _, sentences in choice.options]
    span = choice.span

    def run(ctx: Context) -> Any:
        ctx.span = span
        if condition is not None and not condition(ctx):
            return None
        picked = ctx.decide(DecisionKind.CHOOSE_OPTION, labels, "Choose one: " + ", ".join(labels))
        index = labels.index(picked) if picked in labels else int(picked)
        # the host's record of what was chosen (an epilogue's choice is history worth keeping)
        ctx.host.emit(LanguageEvent.CHOICE, choice=labels[index])
        result = None
        for step in options[index]:
            result = step(ctx)
        return result

    return run


def _mark_guarded(run: Run) -> Run:
    """Mark a closure that already turns failures into ``EffectError`` itself."""
    run.guarded = True  # type: ignore[attr-defined]
    return run


def _guard(run: Run, kind: str, name: str, span: Span) -> Run:
    """Re-raise any failure inside an effect as ``EffectError`` naming the card's line."""
    if getattr(run, "guarded", False):
        return run

    def guarded(ctx: Context) -> Any:
        try:
            return run(ctx)
        except (DecisionNeeded, EffectError):
            raise
        except Exception as error:
            where = ctx.span or span
            raise EffectError(f'{kind} "{name}": {type(error).__name__}: {error}', where) from error

    return guarded


def _withholding(sentence: BoundSentence) -> str | None:
    """The primitive a bare "This does not <verb>." sentence withholds from the sentence before
    it ("Place a threat on every Fort. This does not cause a surge."), or None."""
    if sentence.mode != "do" or sentence.condition is not None or len(sentence.alternatives) != 1:
        return None
    clause = sentence.alternatives[0]
    subject = clause.subject
    if (
        clause.negated
        and not clause.roles
        and subject is not None
        and subject.reference == "this"
        and subject.noun is None
    ):
        return clause.function
    return None


def _withheld(step: Run, function: str) -> Run:
    """Run ``step`` with ``function`` withheld: primitives ask ``ctx.withholds(function)``."""

    def run(ctx: Context) -> Any:
        saved = ctx.withheld
        ctx.withheld = saved | {function}
        try:
            return step(ctx)
        finally:
            ctx.withheld = saved

    return run


def _verbs_of(
    cost: BoundClause | None, parts: Sequence[BoundSentence | BoundChoice]
) -> tuple[str, ...]:
    """The primitives an ability calls, cost first, each once, in the order written."""
    clauses: list[BoundClause] = [cost] if cost is not None else []
    for _sentence, clause in sentences_of(parts):
        clauses += [clause.cost, clause] if clause.cost is not None else [clause]
    return tuple(dict.fromkeys(c.function for c in clauses))


def _sequence(steps: list[Run]) -> Run:
    if len(steps) == 1:
        return steps[0]

    def run(ctx: Context) -> Any:
        result = None
        for step in steps:
            result = step(ctx)
        return result

    return run


class _CardCompiler:
    def __init__(self, vocabulary: Any, triggers: dict[str, Any]) -> None:
        self.vocabulary = vocabulary
        self.triggers = triggers
        aliases = dict(getattr(vocabulary, "aliases", {}) or {})
        for name, alias_names in (getattr(vocabulary, "counters", {}) or {}).items():
            for alias in alias_names:
                aliases.setdefault(alias.casefold(), name)
        self.aliases = {k: v for k, v in aliases.items() if len(k.split()) == 1}

    def card(self, checked: CheckedCard) -> CompiledCard:
        abilities: list[CompiledAbility] = []
        restrictions: list[Restriction] = []
        permissions: list[Permission] = []
        printed: list[str] = []
        for effect in checked.effects:
            text = effect_text(effect, self.vocabulary)
            printed.append(text)
            self.effect(checked, effect, text, abilities, restrictions, permissions)
        fields = {k: plain(v) for k, v in checked.fields.items()}
        blocks: dict[str, CompiledCard] = {}
        for name, side in checked.blocks:
            compiled_side = self.card(side)
            blocks[name] = compiled_side
            fields[name] = dict(compiled_side.fields)
        return CompiledCard(
            kind=checked.kind,
            name=checked.name,
            fields=fields,
            abilities=tuple(abilities),
            span=checked.span,
            restrictions=tuple(restrictions),
            permissions=tuple(permissions),
            blocks=blocks,
            field_text=tuple((n, canonical_words(t, self.aliases)) for n, t in checked.field_text),
            printed=tuple(printed),
        )

    def effect(
        self,
        card: CheckedCard,
        effect: BoundEffect,
        text: str,
        abilities: list[CompiledAbility],
        restrictions: list[Restriction],
        permissions: list[Permission],
    ) -> None:
        who = (card.kind, card.name)
        trigger = None
        if effect.trigger_label is not None:
            info = self.triggers[" ".join(effect.trigger_label.casefold().split())]
            trigger = Trigger(
                info.label, info.usage, info.event, info.qualifier, info.once_per_turn
            )
        elif effect.cost is not None and effect.label_text is not None:
            trigger = Trigger(effect.label_text, "activated")
        parts = list(effect.parts)
        standing = trigger is None and effect.cost is None
        if standing and all(isinstance(p, BoundSentence) and p.mode == "may not" for p in parts):
            for p in parts:
                assert isinstance(p, BoundSentence)
                for clause in p.alternatives:
                    where = clause.role("where")
                    place = where.place if isinstance(where, Selector) else None
                    thing = clause.role("object")
                    restrictions.append(
                        Restriction(
                            tuple(clause.function.split(",")),
                            place,
                            sentence_text(p, self.vocabulary),
                            p.span,
                            thing if isinstance(thing, Selector) else None,
                        )
                    )
            return
        if (
            standing
            and len(parts) == 1
            and isinstance(parts[0], BoundSentence)
            and parts[0].mode == "may"
            and parts[0].condition is None
            and len(parts[0].alternatives) == 1
        ):
            sentence = parts[0]
            clause = sentence.alternatives[0]
            run = _guard(compile_clause(clause, who), card.kind, card.name, sentence.span)
            permissions.append(
                Permission(
                    verb=clause.function,
                    roles=dict(clause.roles),
                    place=_place_of(clause),
                    text=text,
                    span=sentence.span,
                    run=run,
                )
            )
            return
        steps: list[Run] = []
        replaces = None
        replaced = None
        optional = False
        for p in parts:
            if isinstance(p, BoundChoice):
                steps.append(compile_choice(p, who))
                continue
            if p.mode == "may not":
                for clause in p.alternatives:
                    where = clause.role("where")
                    place = where.place if isinstance(where, Selector) else None
                    thing = clause.role("object")
                    restrictions.append(
                        Restriction(
                            tuple(clause.function.split(",")),
                            place,
                            text,
                            p.span,
                            thing if isinstance(thing, Selector) else None,
                        )
                    )
                continue
            if p.mode == "instead" and p.replaced is not None:
                replaces = p.replaced.function
                obj = p.replaced.role("object")
                replaced = obj if isinstance(obj, Selector) else None
                optional = optional or any(c.optional for c in p.alternatives)
            if p.mode == "may" and len(parts) == 1:
                optional = True
            withheld = _withholding(p)
            if withheld is not None and steps:
                # it modifies the sentence before it rather than running on its own
                steps[-1] = _withheld(steps[-1], withheld)
                continue
            steps.append(compile_sentence(p, who))
        if not steps:
            return
        cost_run = compile_clause(effect.cost, who) if effect.cost is not None else None
        abilities.append(
            CompiledAbility(
                trigger=trigger,
                text=text,
                run=_guard(_sequence(steps), card.kind, card.name, effect.span),
                span=effect.span,
                cost=_guard(cost_run, card.kind, card.name, effect.span) if cost_run else None,
                cost_text=effect.cost.text if effect.cost is not None else None,
                replaces=replaces,
                replaced=replaced,
                optional=optional,
                verbs=_verbs_of(effect.cost, parts),
                meaning=effect,
            )
        )


def _place_of(clause: BoundClause) -> Place | None:
    """Where a permission holds: the object's place, else an ``at``/``in`` role's."""
    for role, value in clause.roles:
        if isinstance(value, Selector) and value.place is not None and role == "object":
            return value.place
    for role, value in clause.roles:
        if role in ("at", "in") and isinstance(value, Selector):
            if value.place is not None:
                return value.place
            if value.noun_category == "card kind" and value.place is None:
                return Place("locations", role, locations=value)
    return None


def _step(step: tuple[Any, ...] | Either) -> Any:
    """A placement spec's step as plain data: its words, or ``{"either": [[words], ...]}``."""
    if isinstance(step, Either):
        return {"either": [[f.word for f in option] for option in step.options]}
    return [f.word for f in step]


def plain(value: Any) -> Any:
    """A checked field value as plain Python data (lists, dicts, str, int, bool)."""
    if isinstance(value, LocationSpec):
        return [_step(alternative) for alternative in value.alternatives]
    if isinstance(value, Selector):
        tags = [f.word for f in (*value.filters, *value.any_of) if f.category == "location tag"]
        regions = [f.word for f in (*value.filters, *value.any_of) if f.category == "region"]
        if value.noun_category == "card kind" and value.text and not value.name:
            return {
                "tags": tags,
                "regions": regions,
                "any of": bool(value.any_of),
                "with": [w.noun or w.noun_category for w in value.with_],
            }
        return {"amount": value.quantity.count, "thing": value.noun}
    if isinstance(value, OneOf):
        merged: dict[str, Any] = {"choice": True}
        for choice in value.choices:
            merged.update({k: v for k, v in plain(choice).items() if k != "choice"})
        return merged
    if isinstance(value, Amount):
        return value.number
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def _cost(value: Any) -> Any:
    if isinstance(value, Selector):
        return {value.noun or value.noun_category: value.quantity.count}
    if isinstance(value, OneOf):
        out: dict[str, Any] = {"choice": True}
        for c in value.choices:
            out.update(_cost(c))
        return out
    if isinstance(value, tuple):
        merged: dict[str, Any] = {}
        for c in value:
            merged.update(_cost(c))
        return merged
    return plain(value)


def compile_checked(checked: Any) -> CompiledRuleset:
    """Compile a ``CheckedRuleset`` (the caller has made sure it has no errors)."""
    vocabulary = checked.vocabulary
    compiler = _CardCompiler(vocabulary, vocabulary.triggers)
    cards = []
    for card in checked.cards:
        cards.append(compiler.card(_with_costs(card, vocabulary)))
    tables = {}
    for t in checked.tables:
        rows = tuple(
            TableRow(r.low, r.high, r.kind.text if r.kind else None, r.result.text) for r in t.rows
        )
        roll = t.key_text if t.key == "roll" else None
        by = t.key_text if t.key == "by" else None
        tables[t.name.text] = Table(t.name.text, roll, rows, t.span, by)
    maps = {
        m.name.text: GameMap(m.name.text, {p.location.text: (p.x, p.y) for p in m.places}, m.span)
        for m in checked.maps
    }

    def compile_step(name: str, bound: Any) -> Any:
        """A step's sentences, compiled as the text of a card of their own."""
        step = CheckedCard("procedure", name, {}, (), (bound,), (), bound.span, ())
        return compiler.card(step).abilities[0]

    return CompiledRuleset(
        name=vocabulary.name,
        version=vocabulary.version,
        primitives=vocabulary.primitives,
        all_cards=tuple(cards),
        values=dict(vocabulary.values),
        tables=tables,
        maps=maps,
        vocabulary=vocabulary,
        procedure=compile_procedures(getattr(checked, "procedures", []), compile_step),
    )


def _with_costs(card: CheckedCard, vocabulary: Any) -> CheckedCard:
    """Cost fields become dicts of declared word → amount."""
    schema = vocabulary.kinds.get(card.kind.casefold())
    if schema is None:
        return card
    fields = dict(card.fields)
    for name, fs in schema.fields.items():
        if fs.type == "cost" and name in fields:
            fields[name] = _cost(fields[name])
    blocks = tuple((n, _with_costs(b, vocabulary)) for n, b in card.blocks)
    return CheckedCard(
        card.kind,
        card.name,
        fields,
        card.field_order,
        card.effects,
        blocks,
        card.span,
        card.field_text,
    )
