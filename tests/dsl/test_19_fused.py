"""The function an ability is written out as the first time it runs does what its closures do.

Every ability of every ruleset (and the toy's) runs twice against a host that writes down all
it is asked: once through the closures it compiled to, once through the one function
``dsl.codegen`` writes the first time it runs. The two records must be the same: every
selection, every primitive call with its arguments, ``ctx.span`` and ``ctx.actor`` at each,
every decision asked (answered in turn until the effect ends), what "it" and "the same value"
were left as, and any error with the card line it names.
"""

from __future__ import annotations

import random
import traceback
from pathlib import Path
from typing import Any

import pytest
from dsl_testing import ROOT, TOY

from dsl import loader
from dsl.codegen import compile_checked
from dsl.compiler import CompiledAbility, CompiledRuleset
from dsl.runtime import Context, DecisionKind, DecisionNeeded, EffectError

RULESETS = [TOY, *sorted(p.parent for p in (ROOT / "rules").glob("*/ruleset.rules"))]


class Everyone:
    """A primitive that takes whatever roles it is given, but no ``subject`` by name: the
    compiled code cannot see its signature, so it runs once per subject."""

    def __init__(self, host: Recorder, name: str) -> None:
        self.host = host
        self.name = name

    def __call__(self, ctx: Context, **roles: Any) -> None:
        self.host.log.append(("call", self.name, roles, ctx.span, ctx.actor))


class Recorder:
    """Finds one thing (or two, ``crowded``) for every phrase; records everything asked."""

    def __init__(self, crowded: bool, per_subject: bool) -> None:
        self.rng = random.Random(5)
        self.crowded = crowded
        self.per_subject = per_subject
        self.season = "spring"
        self.log: list[Any] = []

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        self.log.append(("select", selector, ctx.span, ctx.actor))
        kind = selector.noun or selector.noun_category
        return [
            {"kind": kind, "name": f"{kind} {n}", "face": 2 + n}
            for n in range(2 if self.crowded else 1)
        ]

    def primitive(self, name: str) -> Any:
        if self.per_subject:
            return Everyone(self, name)

        def call(ctx: Context, **roles: Any) -> None:
            self.log.append(("call", name, roles, ctx.span, ctx.actor))

        return call

    def emit(self, kind: str, **data: Any) -> None:
        self.log.append(("emit", kind, data))

    def measure(self, ctx: Context, thing: Any, superlative: Any) -> int:
        return len(str(thing))

    def read(self, ctx: Context, thing: Any, field: str | None) -> int:
        self.log.append(("read", thing, field))
        return 2


def _answer(decision: Any) -> Any:
    if decision.kind == DecisionKind.PAY_OR_REFUSE:
        return True
    if decision.kind == DecisionKind.CHOOSE_MANY or decision.max_choices > 1:
        return list(decision.options[: max(decision.min_choices, 1)])
    return decision.options[-1] if decision.options else None


def record(run: Any, card: Any, crowded: bool, per_subject: bool) -> list[Any]:
    """Run an effect to its end, answering each question in turn; all it did, in order."""
    out: list[Any] = []
    answers: list[Any] = []
    for _ in range(12):
        host = Recorder(crowded, per_subject)
        ctx = Context(
            host=host,
            card={"kind": card.kind, "name": card.name},
            actor="Someone",
            location={"kind": "location", "name": "location 0"},
            answers=list(answers),
        )
        try:
            result = run(ctx)
        except DecisionNeeded as needed:
            out.append((host.log, needed.decision))
            answers.append(_answer(needed.decision))
            continue
        except EffectError as error:
            out.append((host.log, type(error).__name__, str(error), error.span))
            return out
        out.append((host.log, result, ctx.bindings, ctx.span, ctx.actor))
        return out
    return out


class Step:
    kind = "procedure"

    def __init__(self, name: str) -> None:
        self.name = name


def _abilities(ruleset: CompiledRuleset) -> list[tuple[Any, CompiledAbility]]:
    """Every card's abilities (its sides' too), then the procedure's steps written as text."""
    found: list[tuple[Any, CompiledAbility]] = []
    for card in ruleset.cards():
        for each in (card, *card.blocks.values()):
            found += [(card, ability) for ability in each.abilities]
    for phase in ruleset.procedure.phases.values():
        for step in phase.steps:
            if step.ability is not None:
                found.append((Step(f"{phase.name}: {step.title}"), step.ability))
    return found


@pytest.mark.parametrize("folder", RULESETS, ids=lambda p: Path(p).name)
def test_the_written_function_does_what_the_closures_do(folder: Path) -> None:
    ruleset = compile_checked(loader.check_ruleset(folder))
    abilities = _abilities(ruleset)
    if not abilities:
        pytest.skip("no card or step of this ruleset is written as sentences")
    for card, ability in abilities:
        closures = ability.run.closures  # type: ignore[attr-defined]
        first = ability.run
        for crowded in (False, True):
            for per_subject in (False, True):
                expected = record(closures, card, crowded, per_subject)
                got = record(first, card, crowded, per_subject)
                assert got == expected, f"{card.kind} {card.name!r}: {ability.text}"
        assert ability.run is not first  # the ability keeps the written function


def test_a_traceback_through_the_written_function_names_the_card_line() -> None:
    ruleset = compile_checked(loader.check_ruleset(TOY))
    ability = ruleset.card("Glow Jar").abilities[0]

    class Failing(Recorder):
        def primitive(self, name: str) -> Any:
            def explode(ctx: Context, **roles: Any) -> None:
                raise RuntimeError("the dice fell off the table")

            return explode

    ctx = Context(host=Failing(False, False), card=None, actor="Someone")
    with pytest.raises(EffectError) as raised:
        ability.run(ctx)
    assert raised.value.span is not None and raised.value.span.line == 8
    cause = raised.value.__cause__
    assert cause is not None
    frames = traceback.extract_tb(cause.__traceback__)
    card_frames = [f for f in frames if f.filename.endswith("cards.rules")]
    assert card_frames and card_frames[0].lineno == 8
    assert card_frames[0].name == 'relic "Glow Jar"'
