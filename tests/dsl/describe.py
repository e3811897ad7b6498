"""A short text form of bound sentences, for the checker fixtures (fixtures/bound/)."""

from __future__ import annotations

from typing import Any

from dsl.bound import BoundClause, BoundSentence, OneOf
from dsl.selectors import Amount, Selector, ValueSpec


def selector(s: Selector) -> str:
    parts = []
    q = s.quantity
    if s.reference:
        parts.append(s.reference)
    elif q.mode == "exact":
        parts.append(str(q.count))
    elif q.mode == "total_value":
        parts.append(f"total {q.total}")
    else:
        parts.append(q.mode)
    noun = f"{s.noun_category}({s.category})" if s.category else s.noun_category
    parts.append(f"{noun}:{s.noun}" if s.noun else noun)
    if s.name:
        parts.append(f'"{s.name}"')
    parts += [f"{f.category}={f.word}" for f in s.filters]
    if s.any_of:
        parts.append("any of " + "|".join(f"{f.category}={f.word}" for f in s.any_of))
    if s.value:
        parts.append(f"value {s.value.kind}" + (f" {s.value.value}" if s.value.value else ""))
    if s.place:
        p = s.place
        where = p.zone or p.category or (selector(p.places) if p.places else "")
        parts.append(f"[{p.preposition} {p.kind}{' ' + where if where else ''}]")
    parts += [f"with ({selector(w)})" for w in s.with_]
    return " ".join(parts)


def value(v: Any) -> str:
    if isinstance(v, Selector):
        return selector(v)
    if isinstance(v, Amount):
        return str(v.number)
    if isinstance(v, ValueSpec):
        return f"value {v.kind}"
    if isinstance(v, OneOf):
        return " | ".join(value(c) for c in v.choices)
    if isinstance(v, tuple):
        return "; ".join(value(c) for c in v)
    return repr(v)


def clause(c: BoundClause) -> str:
    roles = ", ".join(f"{r}={value(v)}" for r, v in c.roles)
    text = f"{c.function}({roles})"
    if c.subject is not None:
        text = f"each of ({selector(c.subject)}): {text}"
    if c.per is not None:
        text += f" for each ({selector(c.per)})"
    if c.optional:
        text = "may " + text
    if c.cost is not None:
        text = f"{clause(c.cost)} then {text}"
    return text


def sentence(s: BoundSentence) -> str:
    head = ""
    if s.condition is not None:
        head = f"if {s.condition.kind} ({value(s.condition.selector)}): "
    if s.mode == "instead" and s.replaced is not None:
        head += f"instead of {s.replaced.function}: "
    if s.mode == "may":
        head += "may: "
    if s.mode == "may not":
        head += "forbid: "
    return head + " or ".join(clause(c) for c in s.alternatives)
