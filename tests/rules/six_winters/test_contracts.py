"""The engine's typed contracts: every event a session records is of a declared kind with the
declared fields, every decision is of a declared kind, the documented table of events is the
code's, and no state change a player can see goes untold."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rules.six_winters import contracts, engine
from rules.six_winters.bots import HeuristicBot, RandomBot

ROOT = Path(__file__).resolve().parents[3]
PAIRS = (["Parin", "Kanun"], ["Fuscus", "Parin"], ["Kanun", "Fuscus"])


def _played(ruleset, seed, bot_class):
    session = engine.new_session(ruleset, engine.new_campaign(ruleset), seed, PAIRS[seed % 3])
    bot = bot_class(seed)
    asked = []
    while (decision := session.pending()) is not None:
        asked.append(decision.kind)
        session.apply(bot.choose(session.observation(decision.who), decision))
    return session, asked


@pytest.mark.parametrize("seed", range(12))
def test_every_event_and_decision_is_of_a_declared_kind_with_its_fields(ruleset, seed):
    session, asked = _played(ruleset, seed, RandomBot if seed % 2 else HeuristicBot)
    for event in session.events:
        spec = contracts.EVENTS.get(event.kind)
        assert spec is not None, f"undeclared event kind {event.kind!r}"
        assert sorted(event.data) == sorted(spec.fields), event.kind
    assert set(asked) <= set(contracts.DECISIONS)


def test_the_documented_table_of_events_is_generated_from_the_code():
    text = (ROOT / "docs" / "design" / "engine-api.md").read_text()
    found = re.search(re.escape(contracts.BEGIN) + "(.*?)" + re.escape(contracts.END), text, re.S)
    assert found is not None
    assert found.group(1) == contracts.events_table()


def _kind_literals(tree: ast.AST) -> list[int]:
    """Lines where an event or a decision is given its kind as a string literal."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        args = list(node.args)
        if name == "decide" and args and not isinstance(args[0], ast.Constant):
            args = args[1:]  # the session's decide takes the context first
        kinds = [k.value for k in node.keywords if k.arg == "kind"]
        if name in ("emit", "decide", "Decision") and args[:1]:
            kinds.append(args[0])
        if any(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in kinds):
            found.append(node.lineno)
    return found


def test_events_and_decisions_are_named_by_their_enums_not_by_strings():
    """A kind typed as a string literal is a kind nothing checks."""
    found = []
    for folder in ("rules", "dsl"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "formatter.py":  # its emit writes lines of text
                continue
            for number in _kind_literals(ast.parse(path.read_text())):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []


def test_a_kind_given_as_a_string_is_found():
    tree = ast.parse(
        's.emit("x", a=1)\ns.decide(\n    ctx,\n    "choose_y", [])\nDecision(kind="z")'
    )
    assert _kind_literals(tree) == [1, 2, 5]


def test_the_rules_sections_are_parts_of_the_session_not_its_bases():
    """The session is the kernel's machine walking the procedure; each rules section is an
    object of its own (a ``Part``) whose pieces and step walks are registered on it, each name
    once."""
    from dsl.kernel.dispatch import Part, dispatch
    from dsl.kernel.machine import Machine
    from dsl.procedure import ProcedureWalker
    from rules.six_winters.session import Session

    assert Session.__bases__ == (ProcedureWalker, Machine)
    parts = {name: part.cls for name, part in vars(Session).items() if isinstance(part, Part)}
    sections = ["making", "setup", "turn", "actions", "abilities", "overcome", "scenes"]
    assert sorted(parts) == sorted([*sections, "refresh", "obstacles", "end", "ops"])
    table = dispatch(Session)
    for name in ("activate_obstacle", "action", "downtime", "scheme_result", "season_end"):
        fn, part = table.pieces[name]
        assert part is not None and fn.__qualname__.split(".")[0] in {
            cls.__name__ for cls in parts.values()
        }
    walks = ["actions", "craft", "take", "character_setup", "place_character"]
    assert sorted(table.steps) == sorted([*walks, "procedure", "offer"])
