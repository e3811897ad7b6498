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
import random
import re
from functools import cache
from typing import Any

import pytest
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
    "put into play", "search", "refresh", "hinder", "trade", "convert",
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


# What each noun of NOUNS is, in the words a primitive's ``takes`` uses.
NOUN_KIND = {
    "obstacle": "obstacle", "obstacles": "obstacle", "location": "location",
    "locations": "location", "asset": "asset", "character": "character",
    "characters": "character", "threat": "token", "progress": "token", "hindrance": "token",
    "stability": "resource", "sorcery": "resource", "die": "die", "dice": "die",
    "action point": "counter", "action points": "counter", "initiative die": "counter",
    "body": "stress", "psyche": "stress", "card": "card", "Fort": "location",
    "Wilderness": "location",
}  # fmt: skip


@cache
def verb_roles() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each verb of VERBS: the nouns its object takes (all when it does not say), the roles
    it takes besides its object: what a designer reads in the verb's reference."""
    vocabulary = check_sources(list(base_sources()), str(RULES_DIR)).vocabulary
    out = {}
    for verb in VERBS:
        info = vocabulary.verbs[tuple(verb.split())]
        takes = dict(info.takes).get("object")
        nouns = tuple(
            n for n in NOUNS if takes is None or NOUN_KIND[n] in takes or NOUN_KIND[n] == "card"
        )
        roles = tuple(r for r in (info.roles or {}) if r in ROLES)
        out[verb] = (nouns or tuple(NOUNS), roles)
    return out


def random_phrase(rng: random.Random, nouns: tuple[str, ...] | list[str] = NOUNS) -> str:
    words = [
        rng.choice(QUANTITIES),
        rng.choice(FILTERS),
        rng.choice(nouns),
        rng.choice(VALUES) if rng.random() < 0.5 else "",
        rng.choice(PLACES),
    ]
    return " ".join(w for w in words if w)


def random_sentence(rng: random.Random) -> str:
    """A sentence of a declared verb: its object a noun the verb acts on, maybe one more role
    the verb takes, maybe a condition first; quantity, filters, value and place at random."""
    verb = rng.choice(VERBS)
    nouns, roles = verb_roles()[verb]
    words = [verb, random_phrase(rng, nouns)]
    if roles and rng.random() < 0.5:
        words += [rng.choice(roles), random_phrase(rng)]
    if rng.randrange(5) == 0:
        words.insert(0, "If there is " + random_phrase(rng) + ",")
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


@st.composite
def sentences(draw: Any) -> str:
    return random_sentence(random.Random(draw(st.integers(0, 2**32 - 1))))


@cache
def base_sources() -> tuple[Source, ...]:
    sources, problems = read_sources(ruleset_files(RULES_DIR))
    assert not problems
    return tuple(sources)


def _table(ruleset: Any) -> Any:
    """A table where most sentences find something to act on: obstacles of every tag the
    phrases name here and elsewhere, tokens on them, threats, dice of several resources at
    several locations, cards in the staging area, the decks, the discards and the archive, and
    characters holding assets and conditions."""
    session = new_session(ruleset, new_campaign(ruleset), 3, ["Parin", "Kanun"])
    st_ = session.state
    st_.frames = [Frame("actions", {})]
    st_.scenes, st_.scene_deck = [], []
    st_.asset_staging = ["Loomwood Apples", "Pox Face", "Azadeh"]
    st_.asset_deck = ["Imperial Codebook", "Whisper Drip", "Wobbly Naz", *st_.asset_deck]
    st_.asset_discard = ["Wound Paste", "Brightdune Carpet"]
    st_.archive = ["Mole Hunt", "Amber Wine", *st_.archive]
    st_.obstacle_deck = ["Imperial Guard", "Restless Dead", *st_.obstacle_deck]
    st_.obstacle_discard = ["Guard Captain", "Pomegranate Heist"]
    for c in st_.characters:
        c.location, c.action_points, c.initiative = "Giant's Gate", 4, [3, 5]
    parin = session.character("Parin")
    parin.assets.append("Traveling Tent")
    parin.exhausted.append("Traveling Tent")
    parin.psyche = 1
    gate = session.location("Giant's Gate")
    gate.threats = 1
    gate.obstacles += [
        session.ops.new_obstacle("Horse Bandits", 1, 0),
        session.ops.new_obstacle("Background Checks", 1, 1),
        session.ops.new_obstacle("Discord in Brightdune", 0, 1),
    ]
    session.location("Eastkeep").obstacles += [
        session.ops.new_obstacle("Aldric the Deceitful", 0, 1)
    ]
    session.location("Boar's Rift").obstacles += [
        session.ops.new_obstacle("Amber Hand Raiders", 1, 0)
    ]
    session.location("Eastkeep").threats = 1
    for where, resource, face in (
        ("Giant's Gate", "stability", 4),
        ("Giant's Gate", "sorcery", 6),
        ("Giant's Gate", "diplomacy", 2),
        ("Giant's Gate", "stability", 3),
        ("Eastkeep", "stability", 5),
        ("Boar's Peak", "sorcery", 2),
    ):
        st_.supply[resource] -= 1
        session.location(where).dice.append(Die(resource, face))
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


def visible(session: Any) -> Any:
    """What a player sees of the table: locations (threats, dice, obstacles and their tokens),
    characters (points, dice, stress, cards), the piles. Not which cards are used this turn."""
    st_ = session.state
    places = tuple(
        (
            loc.name,
            loc.threats,
            loc.developed,
            tuple(sorted((d.resource, d.face) for d in loc.dice)),
            tuple((o.name, o.progress, o.hindrance) for o in loc.obstacles),
        )
        for loc in st_.locations
    )
    people = tuple(
        (
            c.name,
            c.location,
            c.action_points,
            tuple(sorted(c.initiative)),
            c.body,
            c.psyche,
            tuple(c.assets),
            tuple(a for a in c.abilities if a != "Probe"),
            tuple(a.name for a in c.in_progress),
            tuple(c.conditions),
            tuple(c.obstacles),
        )
        for c in st_.characters
    )
    piles = (
        tuple(st_.asset_staging),
        tuple(st_.asset_deck),
        tuple(st_.asset_discard),
        tuple(st_.archive),
        tuple(st_.obstacle_deck),
        tuple(st_.obstacle_discard),
        tuple(sorted(st_.supply.items())),
    )
    return places, people, piles


def run_sentence(sentence: str) -> bool | None:
    """Check the sentence on an ability and play it on the table, answering every question
    with its first option: ``None`` when it does not check, else whether the table changed.
    Fails on a Python error inside (the checker, not the engine, rejects what cannot run)."""
    card = f'ability "Probe" {{\n  Play: {sentence}\n}}\n'
    diagnostics = Diagnostics()
    sources = [*base_sources(), Source("probe.rules", card)]
    checked = check_sources(sources, str(RULES_DIR), diagnostics)
    if diagnostics.errors:
        assert all("Traceback" not in e.message for e in diagnostics.errors)
        return None  # rejected at check time, with a diagnostic
    session = _table(from_compiled(compile_checked(checked)))
    session.character("Parin").abilities.append("Probe")
    session._pending = None
    option = {"act": "ability", "character": "Parin", "card": "Probe", "effect": 0}
    if option not in list(session.pending().options):
        # the engine found the card could do nothing on this table (issue 30: a card that
        # cannot act is not offered); the probe ran the sentence, so no Python error hid there
        return False
    before = visible(session)
    session.apply(option)
    for _ in range(60):
        decision = session.pending()
        if decision is None or decision.kind == "choose_action":
            break
        session.apply(_first(decision))
    for event in session.events:
        reason = str(event.data.get("reason", ""))
        assert not PYTHON_ERROR.search(reason), f"{sentence!r}: {reason}"
    return visible(session) != before


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(sentence=sentences())
def test_a_sentence_that_checks_runs_without_a_python_error(sentence: str) -> None:
    run_sentence(sentence)


def visible_change_rate(seed: int, clean: int) -> tuple[int, int, list[str]]:
    """Of the first ``clean`` random sentences that check (from ``seed``): how many changed
    the table, how many were drawn, and those that did not change it."""
    rng = random.Random(seed)
    checked = changed = drawn = 0
    still: list[str] = []
    while checked < clean and drawn < 50 * clean:
        drawn += 1
        sentence = random_sentence(rng)
        ran = run_sentence(sentence)
        if ran is None:
            continue
        checked += 1
        changed += ran
        if not ran:
            still.append(sentence)
    assert checked == clean, f"only {checked} of {drawn} random sentences checked"
    return changed, drawn, still


@pytest.mark.slow
def test_most_random_sentences_that_check_change_the_table() -> None:
    """A sentence that checks should act on a table where there is something to act on: of the
    first 30 random sentences that check (seed 14), at least 12 visibly change it."""
    changed, drawn, still = visible_change_rate(14, 30)
    assert changed >= 12, f"{changed} of 30 changed the table ({drawn} drawn); still: {still}"
