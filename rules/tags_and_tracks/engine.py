"""The Tags and Tracks engine's public API: the ruleset, the roll, and the
XP, intrusions, flashbacks and offsetting outside a roll; and for a person choosing at the table,
the result if a roll stops now, menus numbered once and for all, and the spending a GM gave on
the command line put to the roll's questions (``choosing.py``). Everyone outside the ruleset
reaches it through the ruleset contract its ``plugin.py`` registers (``story``, ``odds``); the
character sheet is the text's (``dsl.sheets``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dsl.loader import load_ruleset as _load

from . import account
from .choosing import (
    Choice,
    Outcome,
    Plan,
    answer_from_plan,
    menu,
    outcome,
    outcome_if_stopped,
)
from .hits import HitsAgainst, new_hits_against
from .odds import MAX_DICE, RollOdds, best_chance, roll_odds
from .progression import (
    NotAllowed,
    accept_intrusion,
    consequence_level,
    dice_and_cuts,
    flashback,
    new_intrusion,
    offset_hits,
    raise_stat,
    recovers,
    refuse_intrusion,
)
from .roll import Roll, new_roll

RULES_DIR = Path(__file__).parent


@cache
def _cached(folder: str) -> Any:
    return _load(folder)


def load_ruleset(folder: str | Path = RULES_DIR) -> Any:
    """The ruleset compiled from a folder's text (the shipped one by default)."""
    return _cached(str(folder))


__all__ = [
    "MAX_DICE",
    "RULES_DIR",
    "Choice",
    "HitsAgainst",
    "NotAllowed",
    "Outcome",
    "Plan",
    "Roll",
    "RollOdds",
    "accept_intrusion",
    "account",
    "answer_from_plan",
    "best_chance",
    "consequence_level",
    "dice_and_cuts",
    "flashback",
    "load_ruleset",
    "menu",
    "new_hits_against",
    "new_intrusion",
    "new_roll",
    "offset_hits",
    "outcome",
    "outcome_if_stopped",
    "raise_stat",
    "recovers",
    "refuse_intrusion",
    "roll_odds",
]
