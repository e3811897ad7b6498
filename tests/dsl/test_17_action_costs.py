"""A standing change of what an action costs is a form of the language, not of one game: any
ruleset whose verb's primitive is marked ``dsl.runtime.prices`` gets it, for the actions and
things that mark names and on the card kinds it names (docs/language.md, "Standing changes")."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.bound import ActionCost, BoundSentence
from dsl.checker import CheckedRuleset, bind_printed
from dsl.loader import check_ruleset
from dsl.printer import effect_text

RULES = """ruleset "Kettles" version "1"
primitives "kettle_rules"
stress is a meter of characters: nerve
counters are meters of characters: "action point" (alias AP), "lantern die" (alias lantern)
card kinds are kinds of cards: omen, charm
trigger "Play" played for charm
verb reprice -> reprice
verb brew -> brew
"""

PRIMITIVES = """from dsl.runtime import prices

@prices({"brew": ("lantern die", "nerve"), "long walk": "action point"}, on="omen")
def reprice(ctx, object):
    ctx.host.costs[object.action] = (object.amount, object.thing)

def brew(ctx, object=None):
    pass
"""


@pytest.fixture
def kettles(tmp_path: Path) -> CheckedRuleset:
    (tmp_path / "kettles.rules").write_text(RULES)
    (tmp_path / "kettle_rules.py").write_text(PRIMITIVES)
    checked = check_ruleset(tmp_path)
    assert checked.diagnostics.errors == []
    return checked


def _bound(checked: CheckedRuleset, text: str, kind: str = "omen") -> tuple[ActionCost, str]:
    effects, diagnostics = bind_printed(checked, kind, [text])
    assert diagnostics.errors == [], diagnostics.render()
    (effect,) = effects
    (sentence,) = effect.parts
    assert isinstance(sentence, BoundSentence)
    priced = sentence.alternatives[0].role("object")
    assert isinstance(priced, ActionCost)
    return priced, effect_text(effect, checked.vocabulary)


def test_the_action_words_come_from_the_rulesets_pricing_primitive(
    kettles: CheckedRuleset,
) -> None:
    assert _bound(kettles, "Brewing reprices 2 nerve.") == (
        ActionCost("brew", 2, "nerve"),
        "Each brew reprices 2 nerve.",
    )
    assert _bound(kettles, "Long walks reprice 1 AP.") == (
        ActionCost("long walk", 1, "action point"),
        "Each long walk reprices 1 action point.",
    )
    assert _bound(kettles, "Each brew reprices 3.")[0] == ActionCost("brew", 3, "lantern die")


def test_the_printed_action_cost_binds_again_to_the_same_cost(kettles: CheckedRuleset) -> None:
    priced, printed = _bound(kettles, "Brews reprice 2 lanterns.")
    assert printed == "Each brew reprices 2 lantern dice."
    assert _bound(kettles, printed)[0] == priced


@pytest.mark.parametrize(
    ("text", "kind", "told"),
    [
        ("Each brew reprices 2 action points.", "omen", "brew is paid in lantern dice or nerve:"),
        ("Each walk reprices 1.", "omen", "'Each walk' is not an action whose cost a card may"),
        ("Each brew reprices 2 nerve.", "charm", "the engine honours on omen cards only"),
        ("Play: Each brew reprices 2 nerve.", "charm", "as standing text"),
    ],
)
def test_an_action_cost_the_primitive_does_not_price_is_a_check_error(
    kettles: CheckedRuleset, text: str, kind: str, told: str
) -> None:
    _, diagnostics = bind_printed(kettles, kind, [text])
    assert told in diagnostics.render()


def test_without_a_pricing_verb_an_action_cost_says_no_verb_prices_actions(
    tmp_path: Path,
) -> None:
    (tmp_path / "kettles.rules").write_text(RULES.replace("verb reprice -> reprice\n", ""))
    (tmp_path / "kettle_rules.py").write_text(PRIMITIVES)
    checked = check_ruleset(tmp_path)
    _, diagnostics = bind_printed(checked, "omen", ["Brewing costs 2 nerve."])
    assert "changes what an action costs, and no verb of this ruleset prices actions" in (
        diagnostics.render()
    )


def test_a_pricing_primitive_naming_undeclared_things_is_an_error_on_its_verb(
    tmp_path: Path,
) -> None:
    (tmp_path / "kettles.rules").write_text(RULES)
    (tmp_path / "kettle_rules.py").write_text(
        PRIMITIVES.replace('"nerve"), "long walk"', '"coin"), "long walk"').replace(
            'on="omen"', 'on=("omen", "spell")'
        )
    )
    told = check_ruleset(tmp_path).diagnostics.render()
    assert "kettles.rules:7:17: error: primitive 'reprice' prices actions in 'coin'" in told
    assert "primitive 'reprice' prices actions on 'spell' cards, which is not a declared" in told
