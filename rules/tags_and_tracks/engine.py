"""The Tags and Tracks engine's public API: the ruleset, the roll and where it ends (the ledger's
``Outcome``), and the XP, intrusions, flashbacks and offsetting outside a roll. How a person
chooses at the table (menus, the result if a roll stops now, ``--raise`` and ``--buy``) is any
check's, ``dsl.dice.choosing``; the character sheet is the text's (``dsl.sheets``). Everyone
outside the ruleset reaches it through the ruleset contract its ``plugin.py`` registers
(``story``, ``odds``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dsl.dice.check_game import CheckGame, new_check_game
from dsl.loader import load_ruleset as _load
from dsl.world.answers import OfferGame, new_offer

from . import account
from .contracts import EventKind, Outcome, outcome
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
    refuse_intrusion,
)

RULES_DIR = Path(__file__).parent
max_dice = MAX_DICE  # the contract's name for it (``dsl.contract.DicePoolOdds``)


@cache
def _cached(folder: str) -> Any:
    return _load(folder)


def load_ruleset(folder: str | Path = RULES_DIR) -> Any:
    """The ruleset compiled from a folder's text (the shipped one by default)."""
    return _cached(str(folder))


def new_roll(
    ruleset: Any,
    *,
    character: str = "",
    skill: str = "do anything",
    level: int = 1,
    advantages: int = 0,
    cuts: int = 0,
    stat: str | None = None,
    points: int = 0,
    xp: int = 0,
    seed: int = 0,
    dice: list[int] | None = None,
    table_dice: bool = False,
    skills: list[str] | tuple[str, ...] = (),
) -> CheckGame:
    """A roll of ``skill``: check "Roll" played by ``procedure "Roll"`` (its steps and answers
    the text's), holding ``points`` of the most relevant ``stat`` (``stats``) and ``xp``;
    ``dice`` scripts the faces (tests); a skill gained may not be named like one of ``skills``
    (the sheet's)."""
    game = new_check_game(
        ruleset,
        "Roll",
        check="Roll",
        inputs={"level": level, "advantages": advantages, "cuts": cuts},
        numbers={"stats": points, "xp": xp},
        who=character,
        label=f"{skill} {level}",
        about={"skill": skill, "level": level, "stat": stat},
        seed=seed,
        dice=dice,
        table_dice=table_dice,
        taken_names=skills,
    )
    game.emit(
        EventKind.ROLL_STARTED,
        character=character,
        skill=skill,
        level=level,
        dice=level + advantages,
        cuts=cuts,
        stat=stat,
        points=points,
    )
    return game


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
    "CheckGame",
    "NotAllowed",
    "OfferGame",
    "Outcome",
    "RollOdds",
    "accept_intrusion",
    "account",
    "best_chance",
    "consequence_level",
    "dice_and_cuts",
    "flashback",
    "load_ruleset",
    "max_dice",
    "new_hits_against",
    "new_intrusion",
    "new_roll",
    "offset_hits",
    "outcome",
    "raise_stat",
    "refuse_intrusion",
    "roll_odds",
]
