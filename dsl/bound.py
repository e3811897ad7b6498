"""The checked card text: every word bound to the ruleset's vocabulary and verbs.

The checker produces these from the AST; the compiler turns them into closures and the printer
into printed wording.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from dsl.runtime import Span
from dsl.selectors import Amount, Selector, ValueSpec


@dataclass(frozen=True, slots=True)
class OneOf:
    """``1 nerve or 1 grit``: the player picks one of these when the effect runs."""

    choices: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class ActionCost:
    """``Each trade costs 2 action points.``: while the card is in play, the action ``action``
    (as the primitive's ``dsl.runtime.prices`` names it) costs ``amount`` of ``thing`` (a
    declared word, e.g. a counter) instead of what the ruleset declares."""

    action: str
    amount: int
    thing: str


RoleValue = Selector | Amount | ValueSpec | OneOf | ActionCost | tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class BoundClause:
    """One action: a verb bound to its primitive, with its roles.

    ``roles`` pairs each role word (``object``, ``at``, ``on``, ``to``...) with its bound
    value; ``params`` maps each role word to the primitive's keyword parameter (``for`` →
    ``for_``). ``subject`` is who acts ("All heroes at this location gain ..."). ``per``
    multiplies the action ("for each Spirit monster in play"). ``cost`` is the clause paid
    first ("Lose 1 nerve to gain 1 lantern": this clause is "gain", its cost "lose").
    ``negated`` for "This does not cause a surge" (a standing note for the engine).
    ``creates``: the roles whose phrase names new things the primitive makes or brings in
    (``dsl.runtime.creates``): the compiler passes them unresolved. ``holds``: the roles
    naming where the object is taken from (``dsl.runtime.holds``): the compiler offers only
    the places holding it (all of it, with ``holds_whole``).
    """

    verb: str
    function: str
    roles: tuple[tuple[str, RoleValue], ...]
    params: tuple[tuple[str, str], ...]
    subject: Selector | None
    per: Selector | None
    cost: BoundClause | None
    optional: bool
    negated: bool
    text: str
    span: Span
    creates: tuple[str, ...] = ()
    holds: tuple[str, ...] = ()
    holds_whole: bool = False

    def role(self, name: str) -> RoleValue | None:
        for role, value in self.roles:
            if role == name:
                return value
        return None


def core_clause(
    verb: str,
    function: str,
    roles: tuple[tuple[str, RoleValue], ...],
    params: tuple[tuple[str, str], ...],
    text: str,
    span: Span,
) -> BoundClause:
    """A clause a core verb's own binder makes: no subject, multiplier or cost, not optional,
    not negated (``Spend a die to move ...``, ``Resolve its Overcome text.``)."""
    return BoundClause(
        verb=verb,
        function=function,
        roles=roles,
        params=params,
        subject=None,
        per=None,
        cost=None,
        optional=False,
        negated=False,
        text=text,
        span=span,
    )


ConditionKind = Literal["exists", "none", "at", "this is", "it is", "period", "compare", "you are"]


@dataclass(frozen=True, slots=True)
class BoundCondition:
    """``If ...``: ``exists`` (something matches), ``none`` (nothing does: "If there are no
    monsters at this location"), ``at`` (the actor is at a matching place), ``this is`` /
    ``it is`` (this card / what "it" names matches), ``period`` ("If it is winter": ``period``
    is the member of the periods category ``category`` the game is in). ``here``: what is
    matched is the place where the effect happens ("If at ...", "If this is a Forest
    location")."""

    kind: ConditionKind
    selector: Selector | None
    period: str | None
    text: str
    span: Span
    category: str | None = None
    here: bool = False
    # "compare": the comparison of two numbers ("If your light is at most 2"): a dsl.expr.Compare
    compare: Any = None


@dataclass(frozen=True, slots=True)
class BoundSentence:
    """A checked sentence: mode as in ``ast.Sentence``; ``alternatives`` joined by ", or"."""

    then: bool
    condition: BoundCondition | None
    mode: Literal["do", "instead", "may", "may not"]
    replaced: BoundClause | None
    alternatives: tuple[BoundClause, ...]
    text: str
    span: Span
    # "For each monster at this stop, ...": the sentence runs once for each thing this finds,
    # that thing being "it" and "that monster" (a Selector)
    each: Any = None
    # "Destroy a building on this tile, else lose 1 gold.": the first alternative that can
    # happen runs (not a choice)
    fallback: bool = False


@dataclass(frozen=True, slots=True)
class BoundChoice:
    then: bool
    condition: BoundCondition | None
    options: tuple[tuple[str, tuple[BoundSentence, ...]], ...]
    text: str
    span: Span


def sentences_of(
    parts: Iterable[BoundSentence | BoundChoice],
) -> Iterator[tuple[BoundSentence, BoundClause]]:
    """Every clause of some parts of an effect with its sentence, in the order written: a
    "Choose one" gives the sentences of each of its options in turn."""
    for part in parts:
        sentences = (
            [s for _, option in part.options for s in option]
            if isinstance(part, BoundChoice)
            else [part]
        )
        for sentence in sentences:
            for clause in sentence.alternatives:
                yield sentence, clause


@dataclass(frozen=True, slots=True)
class BoundEffect:
    """A checked ability or standing rule.

    ``trigger_label`` is the declared trigger's label (``None`` for a standing rule or a cost
    label); ``cost`` the clause of a cost label ("Spend 2 dice:").
    """

    trigger_label: str | None
    cost: BoundClause | None
    label_text: str | None
    label_comma: bool
    parts: tuple[BoundSentence | BoundChoice, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CheckedCard:
    """A card with its fields as plain values and its effects bound."""

    kind: str
    name: str
    fields: dict[str, Any]
    field_order: tuple[str, ...]
    effects: tuple[BoundEffect, ...]
    blocks: tuple[tuple[str, CheckedCard], ...]
    span: Span
    field_text: tuple[tuple[str, str], ...] = ()
    # standing sentences the world engine keeps apart (``dsl.world.number_changes``), printed
    # still: each with how many effects come before it
    kept_text: tuple[tuple[int, str], ...] = ()
