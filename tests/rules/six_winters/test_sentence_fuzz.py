"""Every sentence that checks runs on the table: the checker, not the engine, rejects the rest.

Hypothesis writes card sentences from the language's phrase grammar over Six Winters' own
words (a declared verb, noun phrases of quantity, filters, noun, place, the roles' prepositions).
Each is put on an ability and checked; one that checks is played on a table with obstacles,
dice, threats and assets about, every question answered with its first option. What must never
happen: an exception out of the engine, or the text failing with a Python error inside (a
primitive handed something it cannot read). A refusal the table explains ("nothing to move")
is the game's, and allowed. CHRONICLER_FUZZ_EXAMPLES sets the number of sentences.
"""

from __future__ import annotations

import os
import re
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl.codegen import compile_checked
from dsl.diagnostics import Diagnostics
from dsl.loader import Source, check_sources, read_sources, ruleset_files
from rules.six_winters.cards import from_compiled
from rules.six_winters.session import RULES_DIR, new_campaign, new_session
from rules.six_winters.state import Die, Frame

EXAMPLES = int(os.environ.get("CHRONICLER_FUZZ_EXAMPLES", "60"))
PYTHON_ERROR = re.compile(r"\b\w*(Error|Exception):")

VERBS = [
    "place", "roll and place", "gain", "lose", "give", "spend", "move", "discard", "remove",
    "draw", "flip", "set", "add", "subtract", "recover", "archive", "burn", "develop", "clear",
    "put into play", "search", "refresh", "hinder",
]  # fmt: skip
QUANTITIES = ["a", "an", "1", "2", "any", "all", "each", "another", "this", "up to 2", ""]
FILTERS = ["", "Foe", "Guard", "Spy or Foe", "Guard, Spy or Foe", "shadow", "Brightdune", "Issue"]
NOUNS = [
    "obstacle", "obstacles", "location", "locations", "asset", "character", "characters",
    "threat", "progress", "hindrance", "stability", "sorcery", "die", "dice", "action point",
    "action points", "initiative die", "body", "psyche", "card", "Fort", "Wilderness",
]  # fmt: skip
PLACES = [
    "", "at this location", "at any location", "in play", "in this region", "in the Empire",
    "from the staging area", "from the asset discard", "from the archive", "in your pool",
    "at a Wilderness location", "with a threat",
]  # fmt: skip
ROLES = ["on", "at", "to", "from", "for", "in", "into"]
VALUES = ["", "of value 3", "each with value 6", "of the same value", "of any value"]


@st.composite
def phrases(draw: Any) -> str:
    words = [
        draw(st.sampled_from(QUANTITIES)),
        draw(st.sampled_from(FILTERS)),
        draw(st.sampled_from(NOUNS)),
        draw(st.sampled_from(VALUES)) if draw(st.booleans()) else "",
        draw(st.sampled_from(PLACES)),
    ]
    return " ".join(w for w in words if w)


@st.composite
def sentences(draw: Any) -> str:
    verb = draw(st.sampled_from(VERBS))
    words = [verb, draw(phrases())]
    if draw(st.booleans()):
        words += [draw(st.sampled_from(ROLES)), draw(phrases())]
    if draw(st.integers(0, 4)) == 0:
        words.insert(0, "If there is " + draw(phrases()) + ",")
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


@cache
def base_sources() -> tuple[Source, ...]:
    sources, problems = read_sources(ruleset_files(RULES_DIR))
    assert not problems
    return tuple(sources)


def _table(ruleset: Any) -> Any:
    session = new_session(ruleset, new_campaign(ruleset), 3, ["Parin", "Kanun"])
    st_ = session.state
    st_.frames = [Frame("actions", {})]
    st_.scenes, st_.scene_deck = [], []
    st_.asset_discard = ["Wound Paste"]
    for c in st_.characters:
        c.location, c.action_points, c.initiative = "Giant's Gate", 4, [3, 5]
    gate = session.location("Giant's Gate")
    gate.threats = 1
    gate.obstacles += [session.new_obstacle("Horse Bandits", 1, 0)]
    session.location("Eastkeep").obstacles += [session.new_obstacle("Background Checks", 0, 1)]
    for resource, face in (("stability", 4), ("sorcery", 6), ("diplomacy", 2)):
        st_.supply[resource] -= 1
        gate.dice.append(Die(resource, face))
    st_.dice_script = [4, 2, 5, 1, 6, 3] * 4
    return session


def _first(decision: Any) -> Any:
    options = list(decision.options)
    if decision.kind == "pay_or_refuse":
        return True
    low = getattr(decision, "min_choices", 1) or 0
    if decision.kind == "choose_many" or (getattr(decision, "max_choices", 1) or 1) > 1:
        return options[: max(low, 1)] if options else []
    return "finish" if "finish" in options else options[0]


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(sentence=sentences())
def test_a_sentence_that_checks_runs_without_a_python_error(sentence: str) -> None:
    card = f'ability "Probe" {{\n  Play: {sentence}\n}}\n'
    diagnostics = Diagnostics()
    sources = [*base_sources(), Source("probe.rules", card)]
    checked = check_sources(sources, str(RULES_DIR), diagnostics)
    if diagnostics.errors:
        assert all("Traceback" not in e.message for e in diagnostics.errors)
        return  # rejected at check time, with a diagnostic
    session = _table(from_compiled(compile_checked(checked)))
    session.character("Parin").abilities.append("Probe")
    session._pending = None
    option = {"act": "ability", "character": "Parin", "card": "Probe", "effect": 0}
    assert option in list(session.pending().options), sentence
    session.apply(option)
    for _ in range(60):
        decision = session.pending()
        if decision is None or decision.kind == "choose_action":
            break
        session.apply(_first(decision))
    for event in session.events:
        reason = str(event.data.get("reason", ""))
        assert not PYTHON_ERROR.search(reason), f"{sentence!r}: {reason}"
