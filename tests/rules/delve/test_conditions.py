"""Seed 004, "Conditions & Effects": every common condition with its duration type (fleeting,
persistent, ongoing). Their effects are text the table reads; the forms that would run them are
listed in rules/delve/STATUS.md."""

from __future__ import annotations

SEED = {
    "Staggered": "Fleeting",
    "Hidden": "Ongoing",
    "Stunned": "Fleeting",
    "Surprised": "Fleeting",
    "Bleeding": "Persistent",
    "Prone": "Ongoing",
    "Engaged": "Ongoing",
    "Entangled": "Ongoing",
    "Ablaze": "Ongoing",
    "Broken": "Ongoing",
    "Blinded": "Ongoing",
    "Frenzied": "Ongoing",
    "Hatred": "Ongoing",
    "Distressed": "Ongoing",
    "Drained": "Ongoing",
    "Strained": "Ongoing",
    "Animosity": "Ongoing",
    "Deafened": "Ongoing",
    "Weakened": "Persistent",
    "Inspired": "Persistent",
    "Demoralized": "Persistent",
    "Cowed": "Persistent",
}


def test_the_three_duration_types(delve):
    assert delve.vocabulary.members("durations") == ["Fleeting", "Persistent", "Ongoing"]


def test_every_common_condition_has_its_duration_type(delve):
    found = {card.name: card.fields["tags"] for card in delve.cards("condition")}
    assert found == {name: [duration] for name, duration in SEED.items()}


def test_every_condition_says_its_effect(delve):
    assert all(card.fields["effect"].strip() for card in delve.cards("condition"))


def test_the_ongoing_conditions_the_seed_lifts_say_what_lifts_them(delve):
    lifted = {c.name for c in delve.cards("condition") if c.fields.get("lifted")}
    assert lifted == {"Hidden", "Prone", "Engaged", "Entangled"}


def test_conditions_against_a_target_or_source_say_so(delve):
    against = {c.name for c in delve.cards("condition") if c.fields.get("against")}
    assert against == {"Hatred", "Animosity", "Cowed"}
