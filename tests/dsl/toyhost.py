"""A tiny host for running toy-ruleset effects in tests: a few things in play, calls recorded."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dsl.runtime import Context, DecisionNeeded
from dsl.selectors import Selector


@dataclass
class ToyHost:
    """Things in play are dicts; ``select`` matches a selector's noun, filters and place."""

    module: Any
    things: list[dict[str, Any]] = field(default_factory=list)
    calls: list[tuple[str, str | None, dict[str, Any]]] = field(default_factory=list)
    here: str = "Mossy Gate"
    season: str = "dusk"
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    def primitive(self, name: str) -> Callable[..., Any]:
        return getattr(self.module, name)

    def select(self, ctx: Context, selector: Selector) -> list[Any]:
        if selector.reference == "this":
            return [ctx.card]
        found = []
        for thing in self.things:
            die = selector.noun_category == "die" and thing.get("resource") == selector.noun
            if selector.noun and thing["kind"] != selector.noun and not die:
                continue
            words = set(thing.get("tags", ())) | {thing.get("region"), thing.get("resource")}
            if not all(f.word in words for f in selector.filters):
                continue
            if selector.any_of and not any(f.word in words for f in selector.any_of):
                continue
            place = selector.place
            if place is not None and place.kind == "this place" and thing.get("at") != self.here:
                continue
            found.append(thing)
        return found

    def emit(self, kind: str, **data: Any) -> None:
        self.calls.append(("event:" + kind, None, data))


def run_until_done(
    run: Callable[[Context], Any], host: ToyHost, answers: list[Any], **ctx: Any
) -> Any:
    """Run an effect, replaying with each answer in turn; returns the decisions asked."""
    asked = []
    given: list[Any] = []
    while True:
        host.calls.clear()
        context = Context(host=host, answers=list(given), **ctx)
        try:
            run(context)
            return asked
        except DecisionNeeded as needed:
            asked.append(needed.decision)
            if not answers:
                raise
            given.append(answers.pop(0))
