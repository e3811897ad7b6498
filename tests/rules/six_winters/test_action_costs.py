"""Standing changes of what an action costs (issue 14; docs/language.md, "Standing changes").

"Each trade costs 2 action points." on the event "Alone Against the Empire" bound to the card
tag Trade and printed as "Each Trade card costs 2 action points."; the engine charged 2 only
because the primitive looked for the word "trade" in whatever it was given. It now binds to the
trade action's cost, prints as such, and what the engine cannot honour does not check. What the
engine does with it at the table is in fixtures/action_costs.fixture.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from six_winters_table import run_fixture_text

from dsl.bound import ActionCost, BoundSentence
from dsl.checker import CheckedRuleset, bind_printed
from dsl.codegen import compile_checked
from dsl.loader import check_ruleset
from rules.registry import find

FOLDER = find("six-winters").folder


@pytest.fixture(scope="module")
def checked() -> CheckedRuleset:
    return check_ruleset(FOLDER)


def _priced(checked: CheckedRuleset, text: str, kind: str = "event") -> ActionCost:
    effects, diagnostics = bind_printed(checked, kind, [text])
    assert diagnostics.errors == [], diagnostics.render()
    (effect,) = effects
    (sentence,) = effect.parts
    assert isinstance(sentence, BoundSentence)
    (clause,) = sentence.alternatives
    priced = clause.role("object")
    assert isinstance(priced, ActionCost)
    return priced


def test_each_trade_costs_2_action_points_binds_to_the_trade_actions_cost(
    checked: CheckedRuleset,
) -> None:
    (event,) = [
        c for c in checked.cards if (c.kind, c.name) == ("event", "Alone Against the Empire")
    ]
    costs = [
        clause.role("object")
        for effect in event.effects
        for part in effect.parts
        if isinstance(part, BoundSentence)
        for clause in part.alternatives
    ]
    assert ActionCost("trade", 2, "action point") in costs


def test_each_trade_costs_2_action_points_prints_as_the_trade_action(
    checked: CheckedRuleset,
) -> None:
    compiled = compile_checked(checked)
    (event,) = [c for c in compiled.cards("event") if c.name == "Alone Against the Empire"]
    assert "Each trade costs 2 action points." in event.printed
    assert not any("Trade card" in line for line in event.printed)


@pytest.mark.parametrize(
    "text",
    [
        "Each trade costs 2 action points.",
        "Every trade costs 2 action points.",
        "Trades cost 2 action points.",
        "Trading costs 2 action points.",
        "Trade costs 2 AP.",
        "Each trade costs 2.",
    ],
)
def test_every_written_form_of_an_action_cost_binds_to_the_same_cost(
    checked: CheckedRuleset, text: str
) -> None:
    assert _priced(checked, text) == ActionCost("trade", 2, "action point")


def test_an_action_cost_in_another_thing_the_action_takes(checked: CheckedRuleset) -> None:
    assert _priced(checked, "Crafting costs 2 initiative dice.") == ActionCost(
        "craft", 2, "initiative die"
    )
    assert _priced(checked, "Each move costs 1 action point.") == ActionCost(
        "move", 1, "action point"
    )


def test_every_action_a_card_may_reprice_has_a_declared_cost_to_return_to(
    checked: CheckedRuleset,
) -> None:
    from rules.six_winters.primitives import PRICED_ACTIONS, PRINTED_COSTS

    values = checked.vocabulary.values
    assert [a for a in PRICED_ACTIONS if f"{a} cost" not in values] == sorted(PRINTED_COSTS)
    assert values["trade cost"] == 1


def test_a_port_move_cost_binds_to_the_port_moves_cost(checked: CheckedRuleset) -> None:
    """Port and portal moves cost what their location prints; a card may change that."""
    assert _priced(checked, "Port moves cost 1.") == ActionCost("port move", 1, "action point")
    assert _priced(checked, "Each portal move costs 2 action points.") == ActionCost(
        "portal move", 2, "action point"
    )


BAD = """ruleset "six-winters"

fixture "Action costs the engine cannot honour"
  cards:
    event "Dear Crafts" {
      tags Event
      Crafting costs 3 psyche.
      Narrating costs 1.
      Each trade costs 2 coins.
      Each trade costs action points.
    }
    obstacle "Toll Road" {
      number 906 · skill lore · difficulty 3 · points 1
      stress body
      enters Urban
      tags Foe
      Each move costs 2 action points.
    }
    ability "Market Day" {
      Play: Each trade costs 0 action points.
    }
    event "Maybe Dear" {
      tags Event
      If there are no obstacles at any location, each muster costs 1 action point.
    }
  table:
    character Parin at "Giant's Gate"
  run: nothing
"""


def test_an_action_cost_the_engine_cannot_honour_is_a_check_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, code, told = run_fixture_text(tmp_path, capsys, BAD, "costs.fixture")
    told = " ".join(told.split())
    assert code == 1
    assert (
        f"{path}:7:24: error: craft is paid in initiative dice: the engine cannot make it "
        "cost psyche" in told
    )
    assert (
        f"{path}:8:7: error: 'Narrating' is not an action whose cost a card may change: "
        "'cost' prices craft, move, muster, port move, portal move, trade only" in told
    )
    assert "unknown word 'coins'" in told
    assert "'Each trade costs action points' needs what trade costs" in told
    assert (
        "'Each move costs 2 action points' changes what move costs, which the engine honours "
        "on event cards only, not on an obstacle" in told
    )
    assert (
        "'Each trade costs 0 action points' changes what trade costs, which holds while its "
        "card is in play, as standing text" in told
    )
    assert "changes what muster costs, which holds unconditionally" in told
    assert "Traceback" not in told
