"""Stage 4: compiled effects run against a host: primitives, selection, decisions, errors."""

from __future__ import annotations

import sys
from dataclasses import fields
from typing import Any

import pytest
from dsl_testing import TOY
from toyhost import ToyHost, run_until_done

from dsl.compiler import CompiledRuleset
from dsl.loader import load_text
from dsl.runtime import Context, DecisionNeeded, EffectError
from dsl.selectors import Selector


def host_for(ruleset: CompiledRuleset, things: list[dict[str, Any]] | None = None) -> ToyHost:
    module = sys.modules[ruleset.vocabulary.primitive_functions["place"].__module__]
    return ToyHost(module, things=list(things or []))


BEASTS = [
    {"kind": "monster", "name": "Bog Wight", "tags": ["Beast", "Spirit"], "at": "Mossy Gate"},
    {"kind": "monster", "name": "Moth", "tags": ["Beast"], "at": "Mossy Gate"},
    {"kind": "monster", "name": "Far Moth", "tags": ["Beast"], "at": "Ember Town"},
]


def test_a_target_among_several_is_asked_for(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset, BEASTS)
    run = toy_ruleset.card("Watch Horn").abilities[0].run
    asked = run_until_done(run, host, [BEASTS[1]], actor="Wren")
    (decision,) = asked
    assert decision.kind == "choose_target"
    assert decision.options == (BEASTS[0], BEASTS[1])  # not the one at another location
    assert decision.source is not None and decision.source.line == 24
    ((verb, actor, roles),) = host.calls
    assert (verb, actor) == ("place", "Wren")
    assert roles["on"] == BEASTS[1]
    assert isinstance(roles["object"], Selector) and roles["object"].noun == "progress"


def test_a_single_candidate_is_taken_without_asking(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset, BEASTS[1:])
    asked = run_until_done(toy_ruleset.card("Watch Horn").abilities[0].run, host, [])
    assert asked == [] and host.calls[0][2]["on"] == BEASTS[1]


def test_cost_then_effect_pays_first(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset)
    run_until_done(toy_ruleset.card("Watch Horn").abilities[1].run, host, [])
    assert [c[0] for c in host.calls] == ["lose", "gain"]
    assert host.calls[0][2]["object"].noun == "nerve"


def test_choose_one_asks_for_an_option_and_runs_it(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset)
    asked = run_until_done(toy_ruleset.card("Lost Map").abilities[0].run, host, ["Burn"])
    assert asked[0].kind == "choose_option" and asked[0].options == ("Keep", "Burn")
    chosen, (verb, _, roles) = host.calls
    assert chosen == ("event:choice", None, {"choice": "Burn"})  # the host hears the choice
    assert verb == "put_into_play" and roles["object"].name == "Toll Keeper"


def test_an_epilogue_adding_several_cards_passes_them_all(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset)
    run_until_done(toy_ruleset.card("Lost Map").abilities[0].run, host, ["Keep"])
    chosen, (verb, _, roles) = host.calls
    assert chosen == ("event:choice", None, {"choice": "Keep"})
    assert verb == "add"
    assert [s.name for s in roles["object"]] == ["Frost Hollow", "Bog Wight", "Old Debt"]
    assert roles["to"].noun == "north"


def test_an_or_between_clauses_is_a_choice(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset)
    run = toy_ruleset.card("Old Debt").abilities_for("Every season end")[0].run
    asked = run_until_done(run, host, [1])
    assert asked[0].kind == "choose_option" and len(asked[0].options) == 2
    assert host.calls[0][0] == "place"


def test_a_condition_that_fails_does_nothing(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset)  # no Beast monsters in play
    run = toy_ruleset.card("Old Debt").abilities_for("When this enters play")[0].run
    run_until_done(run, host, [])
    assert host.calls == []
    host.things = list(BEASTS)
    run_until_done(run, host, [])
    assert host.calls and host.calls[0][0] == "place"


def test_for_each_repeats_the_action(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset, BEASTS)  # one Spirit monster
    run_until_done(toy_ruleset.card("Old Debt").abilities_for("Dusk end")[0].run, host, [])
    assert [c[0] for c in host.calls] == ["place"]
    host.things = [*BEASTS, {"kind": "monster", "name": "Wisp", "tags": ["Spirit"]}]
    run_until_done(toy_ruleset.card("Old Debt").abilities_for("Dusk end")[0].run, host, [])
    assert [c[0] for c in host.calls] == ["place", "place"]


def test_a_subject_acts_once_per_matching_thing(toy_ruleset: CompiledRuleset) -> None:
    heroes = [
        {"kind": "hero", "name": "Wren", "at": "Mossy Gate"},
        {"kind": "hero", "name": "Ash", "at": "Mossy Gate"},
        {"kind": "hero", "name": "Far", "at": "Ember Town"},
    ]
    host = host_for(toy_ruleset, heroes)
    run_until_done(toy_ruleset.card("Pilgrim Cloak").abilities[0].run, host, [], actor="Wren")
    assert [(verb, actor) for verb, actor, _ in host.calls] == [("gain", "Wren"), ("gain", "Ash")]


def test_a_may_in_an_ability_asks_pay_or_refuse(toy_ruleset: CompiledRuleset) -> None:
    run = toy_ruleset.card("Wren").abilities[0].run
    host = host_for(toy_ruleset)
    asked = run_until_done(run, host, [False])
    assert asked[0].kind == "pay_or_refuse" and asked[0].options == (True, False)
    assert host.calls == []
    run_until_done(run, host, [True])
    assert [c[0] for c in host.calls] == ["lose", "gain"]


def test_a_permission_runs_the_permitted_action(toy_ruleset: CompiledRuleset) -> None:
    (permission,) = toy_ruleset.card("Mossy Gate").permissions
    host = host_for(toy_ruleset)
    assert run_until_done(permission.run, host, []) == []
    ((verb, _, roles),) = host.calls
    assert verb == "muster" and roles["object"].noun == "frost"


def test_an_unanswered_decision_stops_the_effect(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset, BEASTS)
    with pytest.raises(DecisionNeeded):
        toy_ruleset.card("Watch Horn").abilities[0].run(Context(host=host))


def test_randomness_comes_only_from_the_host_rng(toy_ruleset: CompiledRuleset) -> None:
    faces = []
    for _ in range(2):
        host = host_for(toy_ruleset)
        run_until_done(toy_ruleset.card("Glow Jar").abilities[0].run, host, [])
        faces.append(host.calls[0][2]["face"])
    assert faces[0] == faces[1]


def test_a_failing_primitive_is_an_effect_error_naming_the_card_line(
    toy_ruleset: CompiledRuleset,
) -> None:
    host = host_for(toy_ruleset)

    def explode(ctx: Context, **roles: Any) -> None:
        raise RuntimeError("the dice fell off the table")

    host.primitive = lambda name: explode  # type: ignore[method-assign]
    with pytest.raises(EffectError) as raised:
        run_until_done(toy_ruleset.card("Glow Jar").abilities[0].run, host, [])
    error = raised.value
    assert error.span is not None and error.span.file.endswith("cards.rules")
    assert error.span.line == 8
    assert 'relic "Glow Jar": RuntimeError: the dice fell off the table' in str(error)


def _toy_relic(name: str, ability: str) -> Any:
    """One more relic with ``ability``, compiled with the toy ruleset and its cards."""
    text = (
        (TOY / "ruleset.rules").read_text()
        + (TOY / "cards.rules").read_text()
        + f'relic "{name}" {{\n  number 9\n  tags Beast\n  points 0\n  recipe any\n'
        + f"  {ability}\n}}\n"
    )
    return load_text(text, "extra.rules", str(TOY)).card(name)


def test_it_names_what_the_object_chose_not_where(toy_ruleset: CompiledRuleset) -> None:
    host = host_for(toy_ruleset, BEASTS)
    ctx = Context(host=host, answers=[BEASTS[1]])
    toy_ruleset.card("Watch Horn").abilities[0].run(ctx)  # "on" a Beast: not the object
    assert "it" not in ctx.bindings
    sieve = _toy_relic("Sieve", "Play: Discard a moss at this location.")
    dice = [{"kind": "die", "resource": "moss", "face": 4, "at": "Mossy Gate"}]
    ctx = Context(host=host_for(toy_ruleset, dice))
    sieve.abilities[0].run(ctx)  # discard takes no "at": the die is chosen, and remembered
    assert ctx.bindings == {"it": dice[0], "value": 4}  # "of the same value" reads this


def test_this_does_not_modifies_the_sentence_before_it(toy_ruleset: CompiledRuleset) -> None:
    bell = _toy_relic(
        "Hush Bell", "Play: Ring 1 lantern. This does not wake the dead. Ring 2 lantern."
    )
    host = host_for(toy_ruleset)
    run_until_done(bell.abilities[0].run, host, [])
    # the first ring runs with waking withheld, the second does not; the negated sentence is
    # folded into the one before it, not run as a step of its own
    assert [(verb, roles["wakes"]) for verb, _, roles in host.calls] == [
        ("ring", False),
        ("ring", True),
    ]


def test_a_primitive_declares_what_it_must_find_and_says_it_before_acting() -> None:
    # ``finds``: the check reads the primitive's arguments; what is missing is a NothingToActOn
    # raised before the body runs, and a host can ask the same check first (its marks' finds).
    from dsl.runtime import NothingToActOn, finds, marks_of, takes

    done: list[Any] = []

    def no_target(ctx: Context, object: Any) -> str | None:
        return None if object else "nothing to polish"

    @takes(object="relic")
    @finds(no_target)
    def polish(ctx: Context, object: Any) -> None:
        done.append(object)

    ctx = Context(host=ToyHost(module=sys.modules[__name__]))
    polish(ctx, ["lamp"])
    with pytest.raises(NothingToActOn, match="there is nothing to polish"):
        polish(ctx, [])
    assert done == [["lamp"]]
    marks = marks_of(polish)  # one record, the wrapper keeping what was declared inside it
    assert marks.finds is no_target and marks.takes_kinds == {"object": ("relic",)}


def test_a_context_has_answers_and_bindings_of_its_own_and_the_defaults_of_its_fields():
    host = object()
    made = Context(host)
    assert (made.card, made.actor, made.location, made.span) == (None, None, None, None)
    assert (made.answers, made.cursor, made.bindings) == ([], 0, {})
    assert (made.withheld, made.paying) == (frozenset(), False)
    one, two = Context(host), Context(host)
    assert one.answers is not two.answers and one.bindings is not two.bindings
    given = Context(host, "Card", "Parin", "Yearly Field", [1, 2], 1, {"it": 3})
    assert given == Context(
        host=host,
        card="Card",
        actor="Parin",
        location="Yearly Field",
        answers=[1, 2],
        cursor=1,
        bindings={"it": 3},
    )
    # every field is set by the written ``__init__`` (a field added must be added there too)
    assert all(hasattr(made, f.name) for f in fields(Context))


def test_the_marks_of_a_primitive_are_one_typed_record_and_no_attributes() -> None:
    # what the ten decorators declare is kept in one ``PrimitiveMarks`` record, by the function
    from dsl.runtime import (
        NO_MARKS,
        PrimitiveMarks,
        creates,
        faces,
        forbiddable,
        holds,
        marks_of,
        only_forbidden,
        prices,
        replaceable,
        settles,
    )

    def never_asks(ctx: Context, roles: dict[str, Any]) -> bool:
        return True

    @creates("object")
    @holds("source", whole=True)
    @faces("to")
    @settles(never_asks)
    @prices({"trade": "coin"}, on="room")
    @replaceable("threat")
    @forbiddable("this room", None, on="room")
    def stow(ctx: Context, object: Any, source: Any = None, to: Any = None) -> None: ...

    @only_forbidden
    def fight(ctx: Context, object: Any) -> None: ...

    assert marks_of(stow) == PrimitiveMarks(
        creates=frozenset({"object"}),
        holds=frozenset({"source"}),
        holds_whole=True,
        faces=frozenset({"to"}),
        settles=never_asks,
        prices=(("trade", ("coin",)),),
        prices_on=("room",),
        replaceable=frozenset({"threat"}),
        forbiddable=(("this room", None), ("room",)),
    )
    assert marks_of(fight) == PrimitiveMarks(only_forbidden=True)
    assert marks_of(len) is NO_MARKS  # never marked: nothing declared
    assert not set(vars(stow)) & {"creates", "holds", "faces", "settles", "prices", "takes"}
