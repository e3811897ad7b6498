"""GM intrusions (accept: gain 2 XP; refuse: pay 1 XP) and flashbacks (2 XP)."""

from __future__ import annotations

import pytest

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
