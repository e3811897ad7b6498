"""The Six Winters engine's public API: sessions (``session``), the campaign (``campaign``).

A ``Session`` is the kernel's machine (``dsl.kernel.machine``) running this ruleset: one module
per rules section makes it (see ``session``)."""

from dsl.kernel.machine import IllegalMove, iter_decisions, play

from .basics import SessionResult
from .campaign import choose_characters, end_session, play_campaign
from .session import (
    RULES_DIR,
    Session,
    load_ruleset,
    near_names,
    new_campaign,
    new_session,
    replay,
)
from .state import CampaignState

__all__ = [
    "RULES_DIR",
    "CampaignState",
    "IllegalMove",
    "Session",
    "SessionResult",
    "choose_characters",
    "end_session",
    "iter_decisions",
    "load_ruleset",
    "near_names",
    "new_campaign",
    "new_session",
    "play",
    "play_campaign",
    "replay",
]
