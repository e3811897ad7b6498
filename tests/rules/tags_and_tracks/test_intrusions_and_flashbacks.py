"""GM intrusions (accept: gain 2 XP; refuse: pay 1 XP) and flashbacks (2 XP)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.tags_and_tracks.engine import new_intrusion
from rules.tags_and_tracks.progression import (
    NotAllowed,
    accept_intrusion,
    flashback,
    refuse_intrusion,
)


def test_the_gm_offers_2_xp_to_introduce_a_complication(ruleset):
    assert accept_intrusion(ruleset, 0) == 2


def test_you_may_reject_that_complication_by_paying_1_xp(ruleset):
    assert refuse_intrusion(ruleset, 3) == 2
    with pytest.raises(NotAllowed, match="refusing an intrusion costs 1 XP and you hold 0"):
        refuse_intrusion(ruleset, 0)


def test_you_may_spend_2_xp_to_have_a_flashback(ruleset):
    assert flashback(ruleset, 5) == 3
    with pytest.raises(NotAllowed, match="a flashback costs 2 XP and you hold 1"):
        flashback(ruleset, 1)


# ---- the text's procedure "GM Intrusion", walked


def test_an_intrusion_is_accepted_or_refused_never_passed(ruleset):
    game = new_intrusion(ruleset, character="Brick", xp=1, complication="the soup boils over")
    asked = game.pending()
    assert asked.kind == "offer" and asked.who == "Brick" and "the soup boils over" in asked.prompt
    assert asked.options == ("accept the complication", "refuse the complication")


def test_accepting_the_complication_gains_2_xp(ruleset):
    game = new_intrusion(ruleset, xp=0)
    game.apply("accept the complication")
    assert game.pending() is None
    assert game.state.numbers == {"xp": 2} and game.state.taken == "accept the complication"
    assert game.events[-1].kind == "number_changed"
    assert game.events[-1].data == {
        "who": "",
        "number": "xp",
        "change": 2,
        "now": 2,
        "answer": "accept the complication",
    }


def test_refusing_the_complication_pays_1_xp(ruleset):
    game = new_intrusion(ruleset, xp=3)
    game.apply("refuse the complication")
    assert game.pending() is None
    assert game.state.numbers == {"xp": 2} and game.state.taken == "refuse the complication"


def test_without_1_xp_the_complication_cannot_be_refused(ruleset):
    game = new_intrusion(ruleset, xp=0)
    assert game.pending().options == ("accept the complication",)


def test_the_docs_show_the_intrusion_procedure_as_the_text_writes_it():
    root = Path(__file__).parents[3]
    doc = (root / "docs" / "rulesets" / "tags-and-tracks.md").read_text(encoding="utf-8")
    section = doc.split("## GM intrusions", 1)[1].split("\n## ", 1)[0]
    shown = re.search(r"```text\n(.*?)```", section, re.S)
    text = (root / "rules" / "tags_and_tracks" / "procedure.rules").read_text(encoding="utf-8")
    assert shown is not None and shown.group(1).rstrip("}\n") in text
    # its answers, each line as ruleset.rules writes it
    rules = (root / "rules" / "tags_and_tracks" / "ruleset.rules").read_text(encoding="utf-8")
    declared = re.findall(r"```text\n(.*?)```", section, re.S)[1]
    assert all(line in rules.splitlines() for line in declared.splitlines())
