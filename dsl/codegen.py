"""Checked sentences → Python closures; checked fields → plain values.

Every closure reads and changes the game only through ``ctx.host``: ``host.primitive(name)``
for verbs, ``host.select(ctx, selector)`` for noun phrases, ``ctx.decide`` for every choice
(``choose_target``, ``choose_many``, ``choose_option``, ``pay_or_refuse``). An exception other
than a decision raised while an effect runs comes back as ``EffectError`` naming the card's
file and line. The closures are built when an ability first runs; one that keeps running is
written out as the source of one Python function that does the same (see ``_Fused``).
"""

from __future__ import annotations

import inspect
import keyword
import linecache
import os
import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from dsl import superlatives
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
from dsl.selectors import (
    Amount,
    Either,
    Place,
    PlaceSpec,
    Quantity,
    Reading,
    Selector,
    Superlative,
    ValueSpec,
)

Resolver = Callable[[Context], Any]
Step = tuple[Any, list[str]]  # a sentence, choice or clause, and the primitives it withholds


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
    location with the most dice"): the host scores each (``host.measure``), ties all stay;
    "a random location with the most dice" picks among the ties, not before them."""
    best = selector.superlative
    chance = best is not None and any(f.category == "random" for f in selector.filters)
    if chance:
        kept = tuple(f for f in selector.filters if f.category != "random")
        found = ctx.host.select(ctx, replace(selector, filters=kept))
    else:
        found = ctx.host.select(ctx, selector)
    if best is None or not found:
        return found
    if best.of is not None:  # "the post of the scout with the lowest stealth"
        return superlatives.where_best_stand(ctx, selector, found, best)
    measure = getattr(ctx.host, "measure", None)
    if measure is None:
        raise EffectError(f"this game cannot compare '{selector.text}' (its host has no measure)")
    scores = [measure(ctx, thing, best) for thing in found]
    top = max(scores) if best.kind in ("most", "highest") else min(scores)
    if best.kind == "most" and top == 0 and not chance:  # none holds any: none holds the most
        counted = best.counted.text if best.counted is not None else "of it"
        raise NothingToActOn(f"'{selector.text}': none holds any {counted}", ctx.span)
    tied = [thing for thing, score in zip(found, scores, strict=True) if score == top]
    if not chance:
        return tied
    return list(ctx.host.rng.sample(tied, min(selector.quantity.count or 1, len(tied))))


def select_holding(ctx: Context, selector: Selector, what: Selector) -> list[Any]:
    """What a place role's phrase finds (kept to the best for a superlative), kept to the
    places that hold what the verb takes from there (``dsl.runtime.holds``): those the host
    counts as many of ``what`` at or on as it names, one for "a coin", two for "2 coins"
    (``host.measure``, as for "the ... with the most ...").
    A place the host cannot count it at stays, as before. Places found of which none holds
    any: the text finds nothing to act on. One place found is no choice: it goes to the
    primitive as before, which says itself what it did not find there."""
    found = (
        ctx.host.select(ctx, selector)
        if selector.superlative is None
        else select_best(ctx, selector)
    )
    if len(found) < 2:
        return found
    measure = getattr(ctx.host, "measure", None)
    if measure is None:
        return found
    counted = Superlative("most", counted=what)
    q = what.quantity
    least = q.count if q.mode == "exact" and q.count else 1
    kept = []
    for place in found:
        try:
            held = measure(ctx, place, counted) >= least
        except EffectError:  # no count of it there: offered as any place is
            held = True
        if held:
            kept.append(place)
    if not kept:
        what_text = what.noun or what.text or "such thing"
        if least > 1:
            raise NothingToActOn(f"no place of '{selector.text}' holds {what.text}", ctx.span)
        raise NothingToActOn(f"there is no {what_text} to take from {selector.text}", ctx.span)
    return kept


def _holding(clause: BoundClause, role: str) -> Selector | None:
    """What a role of the clause must hold, when the primitive takes the object from there
    (``dsl.runtime.holds``): all the object names when it is marked ``whole`` (a payment),
    else one of it."""
    if role not in clause.holds:
        return None
    place = clause.role(role)
    if isinstance(place, Selector) and place.reference is not None:
        return None  # "this location": one place, nothing to choose among
    what = clause.role("object")
    if not isinstance(what, Selector) or what.reference is not None:
        return None
    q = what.quantity
    if clause.holds_whole or q.mode != "exact" or (q.count or 1) == 1:
        return what
    return replace(what, quantity=replace(q, count=1, plural=False))  # one there will do


def finder(selector: Selector) -> Callable[[Context], list[Any]]:
    """``ctx -> what the phrase finds``: the host's ``select`` called direct, or through
    ``select_best`` for a phrase with a superlative (decided once, as the text compiles)."""
    if selector.superlative is None:
        return lambda ctx: ctx.host.select(ctx, selector)
    return lambda ctx: select_best(ctx, selector)


def selector_resolver(
    selector: Selector, remember: bool = True, holding: Selector | None = None
) -> Resolver:
    """How a role's selector becomes what the primitive receives (see ``dsl.selectors``).

    With ``remember``, what was chosen becomes "it" (and its face "the same value") for the
    words after it; only the object of a clause is remembered, not where it happens. With
    ``holding``, the places a player picks among are those holding it (``select_holding``)."""
    if selector.quantity.reading is not None:
        return _reading_resolver(selector, remember, holding)
    best = selector.superlative  # most phrases have none: then the host's select, called direct
    if holding is not None and selector.quantity.mode == "all":
        holding = None  # every place found is acted on: nothing is asked
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
                (ctx.host.select(ctx, selector) if best is None else select_best(ctx, selector))
                if holding is None
                else select_holding(ctx, selector, holding)
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
            (ctx.host.select(ctx, selector) if best is None else select_best(ctx, selector))
            if holding is None
            else select_holding(ctx, selector, holding)
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


def _reading_resolver(
    selector: Selector, remember: bool, holding: Selector | None = None
) -> Resolver:
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
        return selector_resolver(replace(selector, quantity=quantity), remember, holding)(ctx)

    return resolve_read


def read_resolver(reading: Reading) -> Callable[[Context], int]:
    """``its difficulty``, ``the value of a moss at this location``: the host reads the
    number from what the phrase finds (``host.read(ctx, thing, field)``); any other number
    ("the number of monsters here") is evaluated (``dsl.expr``)."""
    if reading.expr is not None:
        from dsl.expr import evaluate

        expr = reading.expr
        return lambda ctx: evaluate(expr, ctx)
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
        number = int(host_read(ctx, thing, reading.field))
        _it_read(ctx, reading, thing)
        return number

    return read


def _it_read(ctx: Context, reading: Reading, thing: Any) -> None:
    """What a number was read from is "it" for the words after, when nothing else is yet:
    "Lose light equal to the strength of a monster here to gain points equal to its reward"."""
    if reading.of.reference is None and isinstance(thing, str) and ctx.bindings.get("it") is None:
        ctx.bindings["it"] = thing


def value_resolver(value: Any, remember: bool = True, holding: Selector | None = None) -> Resolver:
    """A bound role value → a function giving the primitive's argument (``holding``: what a
    place it names must hold, see ``select_holding``)."""
    if isinstance(value, Selector):
        return selector_resolver(value, remember, holding)
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
    # a choice in the clause ("gain 1 lantern or 1 AP", "up to 2") is each one's own
    own_answers = any(_asks(value) for _, value in clause.roles)
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
            if _takes_subject(primitive) and not own_answers:
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


def _asks(value: Any) -> bool:
    """Whether a role's phrase asks the one acting: "1 lantern or 1 AP", "up to 2"."""
    if isinstance(value, OneOf):
        return True
    quantity = getattr(value, "quantity", None)
    return quantity is not None and quantity.mode == "up_to"


def _priced_thing(clause: BoundClause) -> tuple[str, Selector] | None:
    """The role whose thing a cost reads "its" from ("May discard a Beast monster here by
    spending ember with a total value equal to its strength"): found before the cost
    is paid. ``None`` when the cost reads no "its" or the action finds no thing."""
    if clause.cost is None or not any(_reads_its(v) for _, v in clause.cost.roles):
        return None
    if any(getattr(v, "reference", None) == "it" for _, v in clause.roles):
        return None  # the action acts on "it" already: what the cost reads
    for role, value in clause.roles:
        if isinstance(value, Selector) and _card_found(value):
            return role, value
    return None


def _card_found(value: Any) -> bool:
    """A phrase that finds a card in play, a thing "its" can read a number of."""
    return (
        isinstance(value, Selector)
        and value.noun_category in ("card kind", "card")
        and value.resolvable
        and value.reference is None
    )


def _compile_one(clause: BoundClause, card: tuple[str, str]) -> Run:
    priced = _priced_thing(clause)
    if priced is not None:
        # the thing is found first (and is "it"), then paid for, then acted on
        role, thing = priced
        find = value_resolver(thing, remember=True, holding=_holding(clause, role))
        it = replace(thing, quantity=Quantity("none", None), reference="it")
        found_then = _compile_one(
            replace(clause, roles=tuple((r, it if r == role else v) for r, v in clause.roles)),
            card,
        )

        def find_then_pay(ctx: Context) -> Any:
            ctx.span = clause.span
            find(ctx)
            return found_then(ctx)

        return find_then_pay
    act = _compile_action(clause, card)
    cost = None
    payable = None
    if clause.cost is not None:
        # "may X to Y" is one question: the cost itself is not asked again
        cost = compile_clause(replace(clause.cost, optional=False), card)
        payable = _payable(clause.cost)
    span = clause.span
    if cost is not None and not clause.optional:
        if payable is not None:
            cost_text = clause.cost.text if clause.cost is not None else ""

            def pay_in_full_then_act(ctx: Context) -> Any:
                if not payable(ctx):
                    _raise_unpaid(cost_text, span)
                _pay(cost, ctx)
                return act(ctx)

            return pay_in_full_then_act

        def pay_then_act(ctx: Context) -> Any:
            _pay(cost, ctx)
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
            _pay(cost, ctx)
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


def _pay(cost: Run, ctx: Context) -> Any:
    """Run a cost with ``ctx.paying`` set: a primitive then takes all the text names or
    fails (``Context.paying``)."""
    was, ctx.paying = ctx.paying, True
    try:
        return cost(ctx)
    finally:
        ctx.paying = was


def _paying(cost: Run) -> Run:
    """``cost`` run as a payment (``_pay``): an ability's cost label ("Lose 2 lanterns: ...")."""

    def pay(ctx: Context) -> Any:
        return _pay(cost, ctx)

    return pay


def _raise_unpaid(cost_text: str, span: Span) -> None:
    """A cost is paid in full or not at all: "Spend 2 coins in this room to ..." with one
    there spends nothing and does nothing (a card used as an action is refused)."""
    raise NothingToActOn(f"cannot pay '{cost_text}': there is not enough to give", span)


def _failed(error: Exception, card: tuple[str, str], ctx: Context, span: Span) -> EffectError:
    kind, name = card
    where = ctx.span or span
    return EffectError(f'{kind} "{name}": {type(error).__name__}: {error}', where)


def _constant_roles(clause: BoundClause, params: dict[str, str]) -> dict[str, Selector]:
    """The roles passed to the primitive as written, by parameter: phrases not resolved to
    things in play (a kind, a new thing the primitive makes), never "it" or an amount read
    from the state. Both compile paths (closures and written-out code) use it."""
    return {
        params.get(role, role): v
        for role, v in clause.roles
        if isinstance(v, Selector)
        and (not v.resolvable or role in clause.creates)
        and v.reference != "it"
        and v.quantity.reading is None
    }


def _reads_its(value: Any) -> bool:
    """A phrase whose number is read from "it" ("progress equal to its difficulty")."""
    reading = getattr(getattr(value, "quantity", None), "reading", None)
    return reading is not None and reading.of.reference == "it"


def _found_first(clause: BoundClause) -> list[tuple[str, Any, bool]]:
    """The roles in the order they are resolved, each with whether what it finds is "it".

    "Place wounds equal to its strength on the monster with the fewest wounds": "its"
    is the thing another role of the clause finds, so that role is resolved first and
    remembered, and the role reading "its" after it (a place the verb takes its object from,
    "spend ... at any locations", is where, not the thing). Otherwise the roles go as
    written, the object remembered."""
    roles = list(clause.roles)
    readers = [role for role, value in roles if _reads_its(value)]
    thing = next(
        (
            role
            for role, value in roles
            if role not in readers and role not in clause.holds and _card_found(value)
        ),
        None,
    )
    if not readers or thing is None:
        return [(role, value, role == "object") for role, value in roles]
    first = [(role, value, role == thing) for role, value in roles if role not in readers]
    return first + [(role, value, False) for role, value in roles if role in readers]


def _compile_action(clause: BoundClause, card: tuple[str, str]) -> Run:
    """Resolve the roles and call the primitive (once, per subject, or per counted thing)."""
    function = clause.function
    params = dict(clause.params)
    constants = _constant_roles(clause, params)
    dynamic = tuple(
        (
            params.get(role, role),
            value_resolver(v, remember=remember, holding=_holding(clause, role)),
        )
        for role, v, remember in _found_first(clause)
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
                if _takes_subject(primitive):
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


def _takes_subject(fn: Callable[..., Any]) -> bool:
    """Does the primitive take ``subject`` (by name or through ``**roles``)?

    Known by the primitive's code (a bound method's is its function's), never by the function
    itself: a host may hand out a new wrapper each time it is asked, and keeping those would
    keep every host that made one. A wrapper (``dsl.runtime.finds``, a host's that notes a
    change) answers for the function it names as ``__wrapped__``, as ``functools.wraps`` does:
    its ``*args, **kwargs`` are not the primitive's."""
    while (inner := getattr(fn, "__wrapped__", None)) is not None:
        fn = inner
    code: Any = getattr(fn, "__code__", None)
    known = _BY_CODE.get(code)
    if known is None:
        known = code is not None and (
            "subject" in code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
            or bool(code.co_flags & inspect.CO_VARKEYWORDS)
        )
        _BY_CODE[code] = known
    return known


def compile_condition(condition: BoundCondition) -> Callable[[Context], bool]:
    selector = condition.selector
    if condition.kind == "compare":  # "If your light is at most 2"
        from dsl.expr import holds

        compare = condition.compare
        return lambda ctx: holds(compare, ctx)
    if condition.kind == "period":
        # "If it is winter": the host names the period of that category the game is in
        period = (condition.period or "").casefold()
        probe = (condition.category or "").replace(" ", "_")
        return lambda ctx: str(getattr(ctx.host, probe, "")).casefold() == period
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
    if condition.here:  # "If at ...", "If this is a Forest <place>": where the effect happens
        find_here = finder(selector)
        return lambda ctx: _among(ctx.location, find_here(ctx))
    if condition.kind == "this is":
        find_this = finder(selector)
        return lambda ctx: _among(ctx.card, find_this(ctx))
    if condition.kind == "you are":  # "If you are a Character model": the one acting
        find_you = finder(selector)
        return lambda ctx: _among(ctx.actor, find_you(ctx))
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
    if sentence.each is not None:
        return _for_each(sentence, card)
    if sentence.fallback:
        return _first_that_can_happen(sentence, card)
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


def _for_each(sentence: BoundSentence, card: tuple[str, str]) -> Run:
    """``For each monster at this stop, ...``: the sentence once per thing found (found before
    the first runs), that thing being "it" ("that monster") while it runs."""
    once = compile_sentence(replace(sentence, each=None), card)
    find = finder(sentence.each)
    span = sentence.span

    selector = sentence.each

    def run(ctx: Context) -> Any:
        ctx.span = span
        result = None
        each = getattr(ctx.host, "each", None)  # a host that goes through pieces by count
        for thing in list(each(ctx, selector) if each is not None else find(ctx)):
            ctx.bindings["it"] = thing
            ctx.bindings["each"] = thing  # "there": where it lies (``host.there``)
            result = once(ctx)
        ctx.bindings.pop("each", None)
        return result

    return run


def _first_that_can_happen(sentence: BoundSentence, card: tuple[str, str]) -> Run:
    """``A, else B, else C.``: A; if it cannot happen (nothing to act on, a cost that cannot
    be paid), B; and so on; the last one's refusal is the sentence's."""
    condition = compile_condition(sentence.condition) if sentence.condition else None
    runs = [compile_clause(c, card) for c in sentence.alternatives]
    span = sentence.span

    def run(ctx: Context) -> Any:
        ctx.span = span
        if condition is not None and not condition(ctx):
            return None
        for k, attempt in enumerate(runs):
            try:
                return attempt(ctx)
            except NothingToActOn:
                if k == len(runs) - 1:
                    raise
        return None

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


def last_call(steps: Sequence[Step]) -> str | None:
    """The primitive a text calls once as the very last thing it does, or ``None``.

    A text of one plain sentence of one clause ("Set any resource dice at this location to
    2."): no "may", no "Choose one" or ", or", no condition, no cost, no subject and no "for
    each", nothing withheld. Its closure (and the function written out) resolves the roles
    first, where every question it asks and every failure of a phrase happens, reading the
    game only (``select``), then calls the primitive once and returns what it returns. So the
    text changes nothing before that call, and asks nothing and fails at nothing after it but
    what the primitive itself does (a host's business: ``rules/six_winters/basics``)."""
    if len(steps) != 1:
        return None
    sentence, withheld = steps[0]
    if not isinstance(sentence, BoundSentence) or withheld:
        return None
    if sentence.mode != "do" or sentence.condition is not None or len(sentence.alternatives) != 1:
        return None
    clause = sentence.alternatives[0]
    if (
        clause.optional
        or clause.negated
        or clause.cost is not None
        or clause.subject is not None
        or clause.per is not None
    ):
        return None
    return clause.function


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
        for category in (getattr(vocabulary, "categories", {}) or {}).values():
            for name, alias_names in category.aliases.items():  # "action point" (alias AP)
                for alias in alias_names:
                    aliases.setdefault(alias.casefold(), name)
        self.aliases = {k: v for k, v in aliases.items() if len(k.split()) == 1}
        self.canonical: dict[str, str] = {}  # a field's text in declared words, by its text

    def field_words(self, text: str) -> str:
        """``canonical_words`` of a field's text: the same few texts recur on many cards."""
        words = self.canonical.get(text)
        if words is None:
            words = self.canonical[text] = canonical_words(text, self.aliases)
        return words

    def card(self, checked: CheckedCard) -> CompiledCard:
        abilities: list[CompiledAbility] = []
        restrictions: list[Restriction] = []
        permissions: list[Permission] = []
        printed: list[str] = []
        kept = list(checked.kept_text)  # standing sentences the world engine keeps apart
        for at, effect in enumerate(checked.effects):
            printed.extend(text for before, text in kept if before == at)
            text = effect_text(effect, self.vocabulary)
            printed.append(text)
            self.effect(checked, effect, text, abilities, restrictions, permissions)
        printed.extend(text for before, text in kept if before >= len(checked.effects))
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
            field_text=tuple((n, self.field_words(t)) for n, t in checked.field_text),
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
            permission = Permission(
                verb=clause.function,
                roles=dict(clause.roles),
                place=_place_of(clause),
                text=text,
                span=sentence.span,
            )
            _written_later(permission, "run", [(clause, [])], who, sentence.span)
            permissions.append(permission)
            return
        steps: list[Step] = []
        replaces = None
        replaced = None
        optional = False
        for p in parts:
            if isinstance(p, BoundChoice):
                steps.append((p, []))
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
                steps[-1][1].append(withheld)
                continue
            steps.append((p, []))
        if not steps:
            return
        ability = CompiledAbility(
            trigger=trigger,
            text=text,
            run=_no_run,
            span=effect.span,
            cost=_no_run if effect.cost is not None else None,
            cost_text=effect.cost.text if effect.cost is not None else None,
            replaces=replaces,
            replaced=replaced,
            optional=optional,
            verbs=_verbs_of(effect.cost, parts),
            meaning=effect,
            last_call=last_call(steps) if effect.cost is None else None,
        )
        _written_later(ability, "run", steps, who, effect.span)
        if effect.cost is not None:
            _written_later(ability, "cost", [(effect.cost, [])], who, effect.span, paying=True)
        abilities.append(ability)


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
                return Place("places", role, places=value)
    return None


def _step(step: tuple[Any, ...] | Either) -> Any:
    """A placement spec's step as plain data: its words, or ``{"either": [[words], ...]}``."""
    if isinstance(step, Either):
        return {"either": [[f.word for f in option] for option in step.options]}
    return [f.word for f in step]


_PLAIN = frozenset({str, int, bool, type(None)})


def plain(value: Any) -> Any:
    """A checked field value as plain Python data (lists, dicts, str, int, bool)."""
    if type(value) in _PLAIN:  # most field values are already (a number, a word, a flag)
        return value
    if isinstance(value, PlaceSpec):
        return [_step(alternative) for alternative in value.alternatives]
    if isinstance(value, Selector):
        tags = [f.word for f in (*value.filters, *value.any_of) if f.shape == "tags"]
        groups = [f.word for f in (*value.filters, *value.any_of) if f.shape == "groups"]
        if value.noun_category == "card kind" and value.text and not value.name:
            return {
                "tags": tags,
                "groups": groups,
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
        return {value.noun or value.category or value.noun_category: value.quantity.count}
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
    from dsl.dice.checker import with_tables

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
        m.name.text: GameMap(m.name.text, {p.card.text: (p.x, p.y) for p in m.places}, m.span)
        for m in checked.maps
    }

    def compile_step(name: str, bound: Any) -> Any:
        """A step's sentences, compiled as the text of a card of their own."""
        step = CheckedCard("procedure", name, {}, (), (bound,), (), bound.span, ())
        return compiler.card(step).abilities[0]

    _compile_number_texts(vocabulary, compile_step)

    return CompiledRuleset(
        name=vocabulary.name,
        version=vocabulary.version,
        primitives=vocabulary.primitives,
        all_cards=tuple(cards),
        values=dict(vocabulary.values),
        tables=tables,
        maps=maps,
        vocabulary=vocabulary,
        procedure=compile_procedures(
            getattr(checked, "procedures", []), compile_step, compile_condition
        ),
        checks=with_tables(getattr(checked, "checks", []), tables),
    )


def _compile_number_texts(vocabulary: Any, compile_step: Callable[[str, Any], Any]) -> None:
    """Each declared number's texts become its thresholds ("At 0: ..."), in the world the
    ruleset declares (``Vocabulary.world``), compiled once with the ruleset."""
    world = vocabulary.world
    if world is None or not world.texts:
        return
    from dsl.world.model import Threshold

    by_number: dict[str, list[Threshold]] = {}
    for text in world.texts:
        if text.bound is None:
            continue
        ability = compile_step(f"{text.number} at {text.at}", text.bound)
        threshold = Threshold(
            text.at, ability, ability.text, text.back_to, below=text.below, above=text.above
        )
        by_number.setdefault(text.number.casefold(), []).append(threshold)
    for key, thresholds in by_number.items():
        world.properties[key] = replace(world.properties[key], thresholds=tuple(thresholds))


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
        card.kept_text,
    )


# ---- one Python function per ability ------------------------------------------------------------
#
# The closures above are the reference: each piece of text is one small function. Run through
# them, an ability pays a call per piece, reads its settings from closure cells and builds its
# keyword arguments as dicts. An ability that keeps running (``WRITE_AFTER``) is written out
# instead as the source of one Python function (its phrases resolved in line, its primitive
# called with literal keywords), compiled, and kept. A piece the writer does not know is called
# as its closure, so every shape keeps the closures' meaning (``tests/dsl/test_19_fused.py``
# holds the one to the other for every ability of every ruleset). A failure still raises the
# ``EffectError`` naming the card's line; a traceback through the function names the card and
# where its text starts, and each line of the source shown says the card line it carries out.


_BY_CODE: dict[Any, bool] = {None: False}  # does a primitive take ``subject``, by its code


class _Unwritten(Exception):
    """A shape the writer leaves to its closure."""


class UnwrittenAbility(RuntimeWarning):
    """An ability the writer failed to write out: it keeps running through its closures (which
    mean the same, only slower), and the warning names the card and the error, a bug of the
    writer to fix (the test suite turns it into an error: ``pyproject.toml``)."""


class _Fused:
    """The source of one ability's run, written statement by statement."""

    def __init__(self, card: tuple[str, str], span: Span) -> None:
        self.card = card
        self.span = span
        self.lines: list[tuple[int, str, int]] = []  # (indent, text, card line)
        self.names: dict[str, Any] = {
            "_DecisionNeeded": DecisionNeeded,
            "_EffectError": EffectError,
            "_among": _among,
            "_actor_id": _actor_id,
            "_takes_subject": _takes_subject,
            "_by_code": _BY_CODE,
            "_select_best": select_best,
            "_select_holding": select_holding,
            "_raise_unpaid": _raise_unpaid,
            "_failed": _failed,
            "_CARD": card,
            "_SPAN": span,
            "_TARGET": DecisionKind.CHOOSE_TARGET,
            "_YES_NO": DecisionKind.PAY_OR_REFUSE,
            "_OPTION": DecisionKind.CHOOSE_OPTION,
        }
        self.constants: dict[int, str] = {}
        self.count = 0
        self.at_line = span.line  # the card line the statements written now carry out

    def const(self, value: Any) -> str:
        """A name for ``value`` in the function's globals."""
        key = id(value)
        name = self.constants.get(key)
        if name is None:
            name = self.constants[key] = f"_k{len(self.constants)}"
            self.names[name] = value
        return name

    def local(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def line(self, indent: int, text: str, span: Span | None = None) -> None:
        if span is not None:
            self.at_line = span.line
        self.lines.append((indent, text, self.at_line))

    # -- steps ----------------------------------------------------------------------------------

    def step(self, step: Step, at: int) -> None:
        """One step of the ability, leaving its value in ``result``: a sentence or a clause
        written out, anything else (or a sentence with a withholding after it) its closure."""
        part, withheld = step
        if not withheld and isinstance(part, (BoundSentence, BoundClause)):
            mark = len(self.lines)
            try:
                if isinstance(part, BoundSentence):
                    self.sentence(part, at)
                else:
                    self.clause(part, at)
                return
            except _Unwritten:
                del self.lines[mark:]
        closure = self.const(_step_closure(step, self.card))
        self.line(at, f"result = {closure}(ctx)", part.span)

    def sentence(self, sentence: BoundSentence, at: int) -> None:
        """``compile_sentence``: the condition, the "may", then its clause (or the one of its
        alternatives chosen)."""
        if sentence.each is not None or sentence.fallback:  # the closure goes through them
            run = self.const(compile_sentence(sentence, self.card))
            self.line(at, f"result = {run}(ctx)", sentence.span)
            return
        simple = sentence.condition is None and sentence.mode in ("do", "instead")
        if simple and len(sentence.alternatives) == 1:
            self.clause(sentence.alternatives[0], at)
            return
        span = sentence.span
        self.line(at, f"ctx.span = {self.const(span)}", span)
        tests: list[str] = []
        if sentence.condition is not None:
            tests.append(self.condition(sentence.condition, at))
        if sentence.mode == "may":
            prompt = self.const(f"May: {sentence.text}")
            tests.append(f"ctx.decide(_YES_NO, (True, False), {prompt})")
        if not tests:
            self.alternatives(sentence, at)
            return
        self.line(at, f"if {' and '.join(tests)}:", span)
        self.alternatives(sentence, at + 1)
        self.line(at, "else:", span)
        self.line(at + 1, "result = None", span)

    def alternatives(self, sentence: BoundSentence, at: int) -> None:
        """The sentence's one clause, or the one of its alternatives ("..., or ...") chosen."""
        clauses = sentence.alternatives
        if len(clauses) == 1:
            self.clause(clauses[0], at)
            return
        span = sentence.span
        labels = [c.text for c in clauses]
        names = self.const(labels)
        prompt = self.const("Choose one: " + " / ".join(labels))
        picked, index = self.local("picked"), self.local("index")
        self.line(at, f"{picked} = ctx.decide(_OPTION, {names}, {prompt})", span)
        self.line(
            at, f"{index} = {names}.index({picked}) if {picked} in {names} else int({picked})"
        )
        self.line(at, f"ctx.span = {self.const(span)}")
        for k, clause in enumerate(clauses):
            self.line(at, f"{'if' if k == 0 else 'elif'} {index} == {k}:", span)
            self.clause(clause, at + 1)
        # any other index: as the closures do, a list's (a negative one counts from the end)
        runs = self.const([compile_clause(c, self.card) for c in clauses])
        self.line(at, "else:", span)
        self.line(at + 1, f"result = {runs}[{index}](ctx)", span)

    def condition(self, condition: BoundCondition, at: int) -> str:
        """An expression true when the condition holds (``compile_condition``)."""
        selector = condition.selector
        if condition.here and selector is not None and selector.superlative is None:
            found, thing = self.local("found"), self.local("here")
            span = condition.span
            self.line(at, f"{thing} = ctx.location", span)
            self.line(at, f"{found} = host.select(ctx, {self.const(selector)})", span)
            return f"{thing} is not None and ({thing} in {found} or _among({thing}, {found}))"
        return f"{self.const(compile_condition(condition))}(ctx)"

    def clause(self, clause: BoundClause, at: int) -> None:
        """``compile_clause``: per subject, or the "may", the cost, then the action."""
        if clause.subject is not None and clause.per is None:
            self.each_subject(clause, at)
            return
        self.one(clause, at)

    def one(self, clause: BoundClause, at: int) -> None:
        """``_compile_one``."""
        if _priced_thing(clause) is not None:
            raise _Unwritten  # its closure finds the thing before the cost
        cost = replace(clause.cost, optional=False) if clause.cost is not None else None
        if not clause.optional:
            if cost is not None:
                payable = _payable(cost)
                if payable is not None:
                    self.line(at, f"if not {self.const(payable)}(ctx):", clause.span)
                    unpaid = f"{self.const(cost.text)}, {self.const(clause.span)}"
                    self.line(at + 1, f"_raise_unpaid({unpaid})", clause.span)
                self.pay(cost, at)
            self.action(clause, at)
            return
        span = clause.span
        self.line(at, f"ctx.span = {self.const(span)}", span)
        prompt = f"Pay to {clause.text}?" if cost is not None else f"May: {clause.text}"
        payable = _payable(clause.cost) if clause.cost is not None else None
        tests = [f"{self.const(payable)}(ctx)"] if payable is not None else []
        tests.append(f"ctx.decide(_YES_NO, (True, False), {self.const(prompt)})")
        self.line(at, f"if {' and '.join(tests)}:", span)
        if cost is not None:
            self.pay(cost, at + 1)
        self.action(clause, at + 1)
        self.line(at, "else:", span)
        self.line(at + 1, "result = None", span)

    def pay(self, cost: BoundClause, at: int) -> None:
        """``_pay``: the cost's statements with ``ctx.paying`` set."""
        saved = self.local("paying")
        self.line(at, f"{saved} = ctx.paying", cost.span)
        self.line(at, "ctx.paying = True", cost.span)
        self.line(at, "try:", cost.span)
        self.clause(cost, at + 1)
        self.line(at, "finally:", cost.span)
        self.line(at + 1, f"ctx.paying = {saved}", cost.span)

    def each_subject(self, clause: BoundClause, at: int) -> None:
        """``_each_subject``: all subjects at once when the primitive takes them, else one
        after another as ``ctx.actor``."""
        span = clause.span
        if any(_asks(value) for _, value in clause.roles):  # each one answers their own
            self.line(at, f"ctx.span = {self.const(span)}", span)
            self.alone(clause, at)
            return
        primitive, takes = self.local("primitive"), self.local("takes")
        self.line(at, f"ctx.span = {self.const(span)}", span)
        self.line(at, f"{primitive} = host.primitive({self.const(clause.function)})", span)
        self.line(at, "try:", span)  # free in Python 3.11 unless raised (the first time)
        self.line(at + 1, f"{takes} = _by_code[{primitive}.__code__]", span)
        self.line(at, "except (AttributeError, KeyError):", span)
        self.line(at + 1, f"{takes} = _takes_subject({primitive})", span)
        self.line(at, f"if {takes}:", span)
        if clause.cost is None and not clause.optional:
            self.action(clause, at + 1, primitive)
        else:
            together = _compile_one(clause, self.card)
            self.line(at + 1, f"result = {self.const(together)}(ctx)", span)
        self.line(at, "else:", span)
        self.alone(clause, at + 1)

    def alone(self, clause: BoundClause, at: int) -> None:
        """Each subject in turn as ``ctx.actor``, the clause run for each one alone."""
        span = clause.span
        who = self.subject(clause.subject, at)
        alone = self.const(_compile_one(replace(clause, subject=None), self.card))
        saved = self.local("saved")
        actor = self.local("actor")
        self.line(at, f"{saved} = ctx.actor", span)
        self.line(at, "result = None", span)
        self.line(at, "try:", span)
        self.line(at + 1, f"for {actor} in {who} if isinstance({who}, list) else [{who}]:", span)
        self.line(at + 2, f"ctx.actor = _actor_id({actor})", span)
        self.line(at + 2, f"result = {alone}(ctx)", span)
        self.line(at, "finally:", span)
        self.line(at + 1, f"ctx.actor = {saved}", span)

    def subject(self, selector: Selector | None, at: int) -> str:
        """The subjects of a clause, in a local: every one (``finder``) or the one chosen."""
        assert selector is not None
        if selector.quantity.mode == "all":
            who = self.local("who")
            self.line(at, f"{who} = {self.found(selector)}")
            return who
        return self.value(selector, True, at)

    def found(self, selector: Selector, holding: Selector | None = None) -> str:
        """What the host finds for a phrase (kept to the best for a superlative, and to the
        places holding ``holding``)."""
        if holding is not None:
            return f"_select_holding(ctx, {self.const(selector)}, {self.const(holding)})"
        if selector.superlative is None:
            return f"host.select(ctx, {self.const(selector)})"
        return f"_select_best(ctx, {self.const(selector)})"

    def action(self, clause: BoundClause, at: int, primitive: str | None = None) -> None:
        """``_compile_action`` without ``per``: resolve the roles, call the primitive once
        (with every subject when ``primitive``, already looked up, takes them)."""
        per = clause.per
        if per is not None and (clause.subject is not None or primitive is not None):
            raise _Unwritten
        params = dict(clause.params)
        constants = _constant_roles(clause, params)
        dynamic = [
            (params.get(role, role), v, remember, _holding(clause, role))
            for role, v, remember in _found_first(clause)
            if params.get(role, role) not in constants
        ]
        keywords = [*constants, *(param for param, _, _, _ in dynamic)]
        if len(set(keywords)) != len(keywords) or not all(
            k.isidentifier() and not keyword.iskeyword(k) and k != "subject" for k in keywords
        ):
            raise _Unwritten
        span = clause.span
        function = self.const(clause.function)
        if per is not None:
            self.per(clause, per, at, constants, dynamic)
            return
        if primitive is None:
            self.line(at, f"ctx.span = {self.const(span)}", span)
        # else ``each_subject`` has just set it, and looking the primitive up cannot change it
        if primitive is None and len(dynamic) == 1:
            # ``run_one`` looks the primitive up before it resolves its one role
            primitive = self.local("primitive")
            self.line(at, f"{primitive} = host.primitive({function})", span)
        values = [self.value(v, remember, at, holding) for _, v, remember, holding in dynamic]
        arguments = ["ctx"]
        if clause.subject is not None:
            arguments.append(f"subject={self.subject(clause.subject, at)}")
        arguments += [f"{k}={self.const(v)}" for k, v in constants.items()]
        arguments += [f"{param}={v}" for (param, *_), v in zip(dynamic, values, strict=True)]
        call = primitive or f"host.primitive({function})"
        self.line(at, f"result = {call}({', '.join(arguments)})", span)

    def per(
        self,
        clause: BoundClause,
        per: Selector,
        at: int,
        constants: dict[str, Any],
        dynamic: list[tuple[str, Any, bool, Selector | None]],
    ) -> None:
        """``_compile_action``'s ``run`` for "... for each <phrase>": the primitive looked up,
        the roles resolved once, then called once per thing the phrase finds."""
        span = clause.span
        self.line(at, f"ctx.span = {self.const(span)}", span)
        primitive = self.local("primitive")
        self.line(at, f"{primitive} = host.primitive({self.const(clause.function)})", span)
        values = [self.value(v, remember, at, holding) for _, v, remember, holding in dynamic]
        arguments = ["ctx"]
        arguments += [f"{param}={v}" for (param, *_), v in zip(dynamic, values, strict=True)]
        arguments += [f"{k}={self.const(v)}" for k, v in constants.items()]
        self.line(at, "result = None", span)
        self.line(at, f"for _ in range(len({self.found(per)})):", span)
        self.line(at + 1, f"result = {primitive}({', '.join(arguments)})", span)

    def value(self, value: Any, remember: bool, at: int, holding: Selector | None = None) -> str:
        """``value_resolver``: the expression of a role's argument (a local once resolved)."""
        if isinstance(value, Selector):
            return self.selector(value, remember, at, holding)
        if isinstance(value, Amount):
            if value.number is not None and value.per is None and value.value_name is None:
                return self.const(value.number)
            return self.const(value)
        if isinstance(value, (OneOf, tuple)):
            local = self.local("value")
            self.line(at, f"{local} = {self.const(value_resolver(value, remember))}(ctx)")
            return local
        return self.const(value)

    def selector(
        self, selector: Selector, remember: bool, at: int, holding: Selector | None = None
    ) -> str:
        """``selector_resolver`` written out for one or every thing a phrase finds."""
        local = self.local("chosen")
        q = selector.quantity
        if q.mode == "all":
            holding = None  # as ``selector_resolver``: every place found, nothing asked
        single = (
            not q.plural and q.mode in ("exact", "any", "another", "none") and (q.count or 1) == 1
        )
        generic = (
            q.reading is not None
            or selector.reference == "it"
            or (selector.resolvable and not single and q.mode != "all")
        )
        if generic:
            resolve = self.const(selector_resolver(selector, remember, holding))
            self.line(at, f"{local} = {resolve}(ctx)")
            return local
        if not selector.resolvable:
            return self.const(selector)
        if q.mode == "all" and not single:
            self.line(at, f"{local} = {self.found(selector)}")
            if remember:
                self.line(at, f'ctx.bindings["it"] = {local}')
            return local
        found = self.local("found")
        self.line(at, f"{found} = {self.found(selector, holding)}")
        self.line(at, f"if len({found}) == 1:")
        self.line(at + 1, f"{local} = {found}[0]")
        self.line(at, f"elif not {found}:")
        self.line(at + 1, f"{local} = None")
        self.line(at, "else:")
        prompt = self.const(_prompt(selector))
        self.line(at + 1, f"{local} = ctx.decide(_TARGET, list({found}), {prompt})")
        if remember:
            self.line(at, f'ctx.bindings["it"] = {local}')
            self.line(at, f"if type({local}) is dict:")
            face = self.local("face")
            self.line(at + 1, f'{face} = {local}.get("face", {local}.get("value"))')
            self.line(at + 1, f"if {face} is not None:")
            self.line(at + 2, f'ctx.bindings["value"] = {face}')
        return local

    # -- the function ---------------------------------------------------------------------------

    def function(self, steps: Sequence[Step]) -> Run:
        body = self.lines
        self.line(0, "def run(ctx):")
        self.line(1, "host = ctx.host")
        self.line(1, "try:")
        for step in steps:
            self.step(step, 2)
        self.line(2, "return result", self.span)
        self.line(1, "except (_DecisionNeeded, _EffectError):")
        self.line(2, "raise")
        self.line(1, "except Exception as error:")
        self.line(2, "raise _failed(error, _CARD, ctx, _SPAN) from error")
        # each line says which line of the card it carries out: a traceback shows it
        kind, name = self.card
        where = f"{Path(self.span.file).name}:"
        source = "\n".join(
            f"{'    ' * indent}{text}  # {where}{line}" for indent, text, line in body
        )
        filename = f'<{kind} "{name}" at {self.span.file}:{self.span.line}>'
        code = compile(source, filename, "exec")
        lines = source.splitlines(keepends=True)
        linecache.cache[filename] = (len(source), None, lines, filename)
        namespace = dict(self.names)
        exec(code, namespace)  # our own source, written above from checked text
        run = namespace["run"]
        title = f'{kind} "{name}"'  # what a traceback names the frame
        run.__code__ = run.__code__.replace(co_name=title, co_qualname=title)
        run.__qualname__ = run.__name__ = title
        return cast(Run, run)


def _step_closure(step: Step, card: tuple[str, str]) -> Run:
    """A step as its closures: the reference the written function is held to."""
    part, withheld = step
    if isinstance(part, BoundChoice):
        run = compile_choice(part, card)
    elif isinstance(part, BoundClause):
        run = compile_clause(part, card)
    else:
        run = compile_sentence(part, card)
    for function in withheld:
        run = _withheld(run, function)
    return run


def _closures(steps: Sequence[Step], card: tuple[str, str], span: Span) -> Run:
    """The steps as closures, run in turn, a failure naming the card's line."""
    return _guard(_sequence([_step_closure(s, card) for s in steps]), card[0], card[1], span)


def _no_run(ctx: Context) -> Any:
    raise AssertionError("replaced by _written_later")


# runs of an ability through its closures before it is written out; CHRONICLER_WRITE_AFTER=0
# writes every ability out at its first run (to run a test suite through the written code)
WRITE_AFTER = int(os.environ.get("CHRONICLER_WRITE_AFTER", "500"))


def _written_later(
    holder: Any,
    attribute: str,
    steps: Sequence[Step],
    card: tuple[str, str],
    span: Span,
    paying: bool = False,
) -> None:
    """Give ``holder`` (an ability, a permission) a run in ``attribute`` that builds the
    closures of ``steps`` when first called and runs through them; after ``WRITE_AFTER`` runs
    it writes the steps out as one function (``_Fused``) and puts that in ``attribute``.

    Nothing is built while the text compiles: most of a card set's abilities never run in one
    process. Writing one out costs what some hundreds of runs through its closures cost more
    than runs of the written function, so only an ability that keeps running is written: a
    game runs each a few times, a simulation of many games thousands. ``closures()`` and
    ``written()`` on the first run build either afresh (tests hold the one to the other).
    With ``paying`` (an ability's cost label) every run is a payment (``_pay``)."""
    closures: list[Run] = []
    runs = 0
    as_run = _paying if paying else (lambda run: run)

    def build_closures() -> Run:
        return as_run(_closures(steps, card, span))

    def write() -> Run:
        return as_run(_Fused(card, span).function(steps))

    def first_run(ctx: Context) -> Any:
        nonlocal runs
        runs += 1
        if runs <= WRITE_AFTER:
            if not closures:
                closures.append(build_closures())
            return closures[0](ctx)
        if runs == WRITE_AFTER + 1:
            try:
                written = write()
            except Exception as error:  # a shape the writer gets wrong: said, never hidden
                warnings.warn(
                    f'{span.file}:{span.line}:{span.column}: {card[0]} "{card[1]}": written '
                    f"out as one function, it failed ({type(error).__name__}: {error}); it "
                    "keeps running through its closures",
                    UnwrittenAbility,
                    stacklevel=2,
                )
                written = closures[0] if closures else build_closures()
            closures[:] = [written]
            object.__setattr__(holder, attribute, written)
        return closures[0](ctx)

    first_run.closures = build_closures  # type: ignore[attr-defined]
    first_run.written = write  # type: ignore[attr-defined]
    object.__setattr__(holder, attribute, first_run)
