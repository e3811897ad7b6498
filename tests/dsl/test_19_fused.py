"""The function an ability is written out as the first time it runs does what its closures do.

Every ability of every ruleset (and the toy's) runs twice against a host that writes down all
it is asked: once through the closures it compiled to, once through the one function
``dsl.codegen`` writes the first time it runs. The two records must be the same: every
selection, every primitive call with its arguments, ``ctx.span`` and ``ctx.actor`` at each,
every decision asked (answered in turn until the effect ends), what "it" and "the same value"
were left as, and any error with the card line it names.
"""

from __future__ import annotations

import itertools
import random
import traceback
from pathlib import Path
from typing import Any

import pytest
from dsl_testing import ROOT, TOY

from dsl import loader
from dsl.codegen import WRITE_AFTER, compile_checked
from dsl.compiler import CompiledRuleset
from dsl.runtime import Context, Decision, DecisionKind, DecisionNeeded, EffectError

RULESETS = [TOY, *sorted(p.parent for p in (ROOT / "rules").glob("*/ruleset.rules"))]

# forms the toy's own cards do not write, each an ability of one more relic
FORMS = [
    "Spend 2 ember: Gain 1 lantern.",
    "Exhaust: All heroes at this location may gain 1 action point.",
    "Exhaust: All heroes at this location may lose 1 nerve to gain 1 lantern.",
    "Exhaust: Each hero at this location may lose 1 nerve to gain 1 lantern.",
    "Exhaust: If there is a Beast monster at this location, discard it.",
    "Exhaust: If there are no monsters at this location, gain 1 lantern.",
    "Exhaust: Gain action points equal to the value of a moss at this location.",
    "Exhaust: Move any moss at this location to any location.",
    "Exhaust: Discard 2 monsters at this location.",
    "Exhaust: Discard a monster at this location, or gain 1 lantern.",
    "Exhaust: Gain 1 lantern or 1 AP.",
    "Exhaust: Place a threat on the location with the most threat.",
    "Exhaust: Gain 1 lantern for each Beast monster in play.",
    "Exhaust: May discard a moss at this location to place a progress on a monster at this "
    "location.",
    "Exhaust: Discard any Beast monster in play. Place a threat on it.",
    "Exhaust: If this is a Forest location, gain 1 lantern.",
    "Exhaust: Spend a total value of 6 ember at any location.",
    "Exhaust: Set a moss at this location to 5.",
    "Play: Ring 1 lantern. This does not wake the dead. Ring 2 lantern.",
    "Exhaust: If at a Forest location, discard a monster at this location, or gain 1 lantern.",
    "Exhaust: May discard a monster at this location, or gain 1 lantern.",
    "Exhaust: Place a progress on a monster at this location for each Beast monster in play.",
    "Exhaust: Remove a threat from any location.",
    "Exhaust: Remove a progress from the monster with the most progress.",
    "Exhaust: Remove 2 progress from 2 monsters.",
    "Exhaust: Remove a threat from every location.",
    "Exhaust: All heroes at this location gain 1 lantern or 1 AP.",
]


def _compiled(folder: Path | None) -> CompiledRuleset:
    """A ruleset compiled afresh (no ability of it run yet); ``None``: the toy and FORMS."""
    if folder is not None:
        return compile_checked(loader.check_ruleset(folder))
    text = (TOY / "ruleset.rules").read_text() + (TOY / "cards.rules").read_text()
    for n, form in enumerate(FORMS):
        text += f'relic "Form {n}" {{\n  number {20 + n}\n  tags Beast\n  points 0\n'
        text += f"  recipe any\n  {form}\n}}\n"
    checked = loader.check_sources([loader.Source("forms.rules", text)], str(TOY))
    assert not checked.diagnostics.errors, checked.diagnostics.render()
    return compile_checked(checked)


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
        self.log.append(("measure", thing, superlative))
        # the second of two things holds none: "Remove a threat from any location" offers one
        return 0 if str(thing.get("name", "")).endswith(" 1") else len(str(thing))

    def read(self, ctx: Context, thing: Any, field: str | None) -> int:
        self.log.append(("read", thing, field))
        return 2


def _answer(decision: Any, first: bool) -> Any:
    """Yes to every "may"; the first or the last of the options."""
    if decision.kind == DecisionKind.PAY_OR_REFUSE:
        return True
    if decision.kind == DecisionKind.CHOOSE_MANY or decision.max_choices > 1:
        return list(decision.options[: max(decision.min_choices, 1)])
    if not decision.options:
        return None
    return decision.options[0] if first else decision.options[-1]


def record(run: Any, card: Any, crowded: bool, per_subject: bool, first: bool = False) -> list[Any]:
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
            answers.append(_answer(needed.decision, first))
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


def _runs(ruleset: CompiledRuleset) -> list[tuple[Any, Any, str]]:
    """Every card's abilities, their costs and its permissions (its sides' too), then the
    procedure's steps written as text: (card, holder, the holder's attribute that runs)."""
    found: list[tuple[Any, Any, str]] = []
    for card in ruleset.cards():
        for each in (card, *card.blocks.values()):
            for ability in each.abilities:
                found.append((card, ability, "run"))
                if ability.cost is not None:
                    found.append((card, ability, "cost"))
            found += [(card, permission, "run") for permission in each.permissions]
    for phase in ruleset.procedure.phases.values():
        for step in phase.steps:
            if step.ability is not None:
                found.append((Step(f"{phase.name}: {step.title}"), step.ability, "run"))
    return found


@pytest.mark.parametrize("folder", [*RULESETS, None], ids=lambda p: Path(p).name if p else "forms")
def test_the_written_function_does_what_the_closures_do(folder: Path | None) -> None:
    ruleset = _compiled(folder)
    runs = _runs(ruleset)
    if not runs:
        pytest.skip("no card or step of this ruleset is written as sentences")
    for card, holder, attribute in runs:
        first = getattr(holder, attribute)
        closures, written = first.closures(), first.written()
        for crowded, per_subject, first in itertools.product((False, True), repeat=3):
            expected = record(closures, card, crowded, per_subject, first)
            got = record(written, card, crowded, per_subject, first)
            assert got == expected, f"{card.kind} {card.name!r}: {holder.text} ({attribute})"


def test_an_ability_that_keeps_running_is_written_out() -> None:
    ability = _compiled(TOY).card("Glow Jar").abilities[0]
    first = ability.run
    host = Recorder(False, False)
    for _ in range(WRITE_AFTER):
        first(Context(host=host, actor="Someone"))
    assert ability.run is first  # still its closures
    first(Context(host=host, actor="Someone"))
    written = ability.run
    assert written is not first and written.__name__ == 'relic "Glow Jar"'
    ctx = Context(host=host, actor="Someone")
    first(ctx)  # who kept the first run gets the written function too
    assert host.log[-2:] == host.log[-4:-2] and ctx.span is not None  # select, call


def test_an_ability_the_writer_fails_on_says_so_and_runs_as_its_closures(monkeypatch) -> None:
    """The written function is the only way a busy ability runs; should the writer fail on a
    shape, the closures (which mean the same) go on, and a warning names the card's line and
    the error (the suite makes it an error: pyproject.toml's filterwarnings)."""
    import dsl.codegen as codegen

    def broken(self: Any, steps: Any) -> Any:
        raise KeyError("a shape the writer does not know")

    monkeypatch.setattr(codegen._Fused, "function", broken)
    ability = _compiled(TOY).card("Glow Jar").abilities[0]
    first = ability.run
    host = Recorder(False, False)
    for _ in range(WRITE_AFTER):
        first(Context(host=host, actor="Someone"))
    with pytest.warns(codegen.UnwrittenAbility) as warned:
        first(Context(host=host, actor="Someone"))
    [warning] = warned
    message = str(warning.message)
    assert "cards.rules:8:" in message and 'relic "Glow Jar"' in message
    assert "KeyError" in message and "through its closures" in message
    assert host.log[-2:] == host.log[-4:-2]  # it ran, as its closures: select, call


def test_a_traceback_through_the_written_function_names_the_card_line() -> None:
    ruleset = _compiled(TOY)
    written = ruleset.card("Glow Jar").abilities[0].run.written()  # type: ignore[attr-defined]

    class Failing(Recorder):
        def primitive(self, name: str) -> Any:
            def explode(ctx: Context, **roles: Any) -> None:
                raise RuntimeError("the dice fell off the table")

            return explode

    ctx = Context(host=Failing(False, False), card=None, actor="Someone")
    with pytest.raises(EffectError) as raised:
        written(ctx)
    assert raised.value.span is not None and raised.value.span.line == 8
    assert 'relic "Glow Jar": RuntimeError: the dice fell off the table' in str(raised.value)
    cause = raised.value.__cause__
    assert cause is not None
    [frame] = [f for f in traceback.extract_tb(cause.__traceback__) if "Glow Jar" in f.name]
    assert frame.name == 'relic "Glow Jar"' and frame.filename.endswith("cards.rules:8>")
    assert frame.line is not None and frame.line.endswith("# cards.rules:8")


@pytest.mark.parametrize("folder", [*RULESETS, None], ids=lambda p: Path(p).name if p else "forms")
def test_a_text_marked_last_call_asks_nothing_once_it_calls(folder: Path | None) -> None:
    # ``CompiledAbility.last_call``: a host takes no copy of the game for a text so marked when
    # its primitive asks nothing, so the text itself must ask, read and do nothing once it has
    # called it, and call it once. Run every way the recorder can (one thing found or two,
    # every answer first or last), closures and written function alike; and every text that
    # asks or chooses between two things after it may have acted is left unmarked.
    ruleset = _compiled(folder)
    marked = 0
    for card, holder, attribute in _runs(ruleset):
        name = getattr(holder, "last_call", None)
        if attribute != "run" or name is None:
            continue
        marked += 1
        assert holder.cost is None and not holder.optional, holder.text
        first = holder.run
        for run in (first.closures(), first.written()):
            for crowded, per_subject, pick in itertools.product((False, True), repeat=3):
                for outcome in record(run, card, crowded, per_subject, pick):
                    log = outcome[0]
                    calls = [i for i, entry in enumerate(log) if entry[0] == "call"]
                    assert len(calls) <= 1, holder.text
                    if calls:
                        assert calls[0] == len(log) - 1 and log[-1][1] == name, holder.text
                        assert not isinstance(outcome[1], Decision), holder.text  # asked after
                        assert len(outcome) != 4, holder.text  # it failed after the call
    if folder is not None and folder.name == "six_winters":
        assert marked > 40  # most printed abilities are one sentence of one verb
