"""The Tags and Tracks engine's public API: the ruleset, the roll, the character sheet, and the
XP, intrusions, flashbacks and offsetting outside a roll; and for a person choosing at the table,
the result if a roll stops now, menus numbered once and for all, and the spending a GM gave on
the command line put to the roll's questions (``choosing.py``). Everyone outside the ruleset
reaches it through the ruleset contract its ``plugin.py`` registers (``story``, ``odds``,
``sheets``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dsl.loader import load_ruleset as _load
from dsl.world.answers import OfferGame, new_offer

from . import account
from .character import Character, load_character
from .choosing import (
    Choice,
    Outcome,
    Plan,
    answer_from_plan,
    menu,
    outcome,
    outcome_if_stopped,
)
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


def new_hits_against(
    ruleset: Any,
    *,
    hits: int,
    character: str = "",
    stat: str | None = None,
    points: int = 0,
    held: list[int] | tuple[int, ...] = (),
) -> OfferGame:
    """Hits rolled against a character holding ``points`` of the most relevant ``stat``, whose
    consequences hold the levels ``held``: ``procedure "Hits Against You"``, its step and
    answers the text's (the payment ``pay the hits`` reads the points as ``stats``)."""
    if hits < 0 or points < 0:
        raise NotAllowed("hits and points are 0 or more")
    numbers = {"hits": hits, "stats": points}
    marks = {"consequences": list(held)}
    return new_offer(
        ruleset, "Hits Against You", who=character, numbers=numbers, about=stat or "", marks=marks
    )


__all__ = [
    "MAX_DICE",
    "RULES_DIR",
    "Character",
    "Choice",
    "NotAllowed",
    "OfferGame",
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
    "load_character",
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
