"""What each kind of Delve entry holds (validated on the way in and when read back): a model
joining the expedition from its sheet, a check made by a model (against one, or an obstacle the
table gave), and a re-roll of a recorded check with what was paid for it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from journal.bundle_schema import NAME_LIMIT, TEXT_LIMIT

Name = Field(min_length=1, max_length=NAME_LIMIT)
GAME_LIMIT = 1_000_000  # the kernel's JSON of an encounter (some ten thousand characters)


class Kind(StrEnum):
    JOINED = "delve joined"
    CHECK = "delve check"
    REROLL = "delve re-roll"
    ENCOUNTER = "delve encounter"
    EXPEDITION = "delve expedition"


class Side(StrEnum):
    PARTY = "party"
    ADVERSARY = "adversary"


class Joined(BaseModel):
    """A model in the expedition: its name at the table, its sheet (a model card), its side,
    and the luck and fate points it starts with."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Name
    card: str = Name
    side: Side
    luck: int = Field(ge=0, le=1000)
    fate: int = Field(ge=0, le=1000)


class CheckMade(BaseModel):
    """A check: which, by whom, against whom (or none), with which skill or characteristic,
    and its result as the dice gave it (``dsl.dice.roll.CheckResult.to_json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    check: str = Name
    who: str = Name
    member: str | None = Field(default=None, max_length=NAME_LIMIT)
    against: str | None = Field(default=None, max_length=NAME_LIMIT)
    against_member: str | None = Field(default=None, max_length=NAME_LIMIT)
    result: dict[str, Any]
    # made in a running encounter: what the conditions its model held added to the inputs,
    # and the encounter's game once the check spent those held until the next check
    held: dict[str, int] = Field(default_factory=dict)
    game: str | None = Field(default=None, max_length=GAME_LIMIT)


class Rerolled(BaseModel):
    """A re-roll of the check recorded as entry ``of``: by which way, what it cost (any one of
    the costs the check declares), and the new result, which stands."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    of: int = Field(ge=1)
    way: str = Name
    paid: str = Name
    amount: int = Field(ge=1, le=1000)
    result: dict[str, Any]


class Step(StrEnum):
    """What a step of an encounter did."""

    START = "start"
    ACT = "act"
    CONDITION = "condition"
    POOL = "pool"
    ROUT = "rout"
    END = "end"
    PRECEDENCE = "precedence"  # the GM's order among models equal on initiative


class EncounterStep(BaseModel):
    """A step of an encounter: what the table gave (the GM's setup, the action answered, the
    condition given or lifted, the pool spent or gained, the model routed), the faces of the
    dice the text rolled while it ran, what happened (the account's lines), where it left the
    encounter (round, whose activation, pools, conditions, routed models) and the game itself
    as the kernel's JSON, which the next step reads back."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    encounter: int = Field(ge=1)
    step: Step
    said: str = Field(min_length=1, max_length=TEXT_LIMIT)
    who: str | None = Field(default=None, max_length=NAME_LIMIT)
    what: str | None = Field(default=None, max_length=NAME_LIMIT)
    amount: int = Field(default=0, ge=0, le=1000)
    gain: bool = False
    lift: bool = False
    why: str = Field(default="", max_length=TEXT_LIMIT)
    # a condition given against a model (its source: animosity's target), and the model an
    # action names (the one it is taken with: the model an Assist aids)
    against: str | None = Field(default=None, max_length=NAME_LIMIT)
    partner: str | None = Field(default=None, max_length=NAME_LIMIT)
    fortune: int = Field(default=0, ge=0, le=1000)
    surprise: str = Field(default="none", pattern="^(none|company|adversaries)$")
    # the adversaries the GM brought in at the setup (None: recorded before the text asked)
    adversaries: list[str] | None = Field(default=None, max_length=1000)
    dice: list[int] = Field(default_factory=list, max_length=10_000)
    # each model's declaration at a round's start while the step ran (the action, or "none");
    # the GM's by --declare, none for a model not named
    declared: dict[str, str] = Field(default_factory=dict, max_length=1000)
    first: str | None = Field(default=None, max_length=NAME_LIMIT)  # the side declaring first
    # at the setup: how many copies of each sheet brought in the GM asked the text for, and
    # the copies it made (each a model of the expedition from then on, named by the text)
    copies: dict[str, int] = Field(default_factory=dict, max_length=1000)
    copied: list[Joined] = Field(default_factory=list, max_length=1000)
    # the precedence the GM gave models at the setup, by name (their order among equals)
    precedence: dict[str, int] = Field(default_factory=dict, max_length=1000)
    told: list[str] = Field(default_factory=list, max_length=10_000)
    round: int = Field(ge=0)
    turn: str | None = Field(default=None, max_length=NAME_LIMIT)
    momentum: int
    threat: int = Field(ge=0)
    pool: int = Field(ge=0)
    conditions: dict[str, list[str]] = Field(default_factory=dict)
    routed: list[str] = Field(default_factory=list)
    over: bool = False
    game: str = Field(min_length=2, max_length=GAME_LIMIT)


class ExpeditionBegun(BaseModel):
    """A new expedition of the campaign begins (its number and name): the company goes down
    again, with what its models hold. Entries before the first are the campaign's first
    expedition, under the campaign's name."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    number: int = Field(ge=2)
    name: str = Name


ENTRY_MODELS: dict[str, type[BaseModel]] = {
    Kind.JOINED: Joined,
    Kind.CHECK: CheckMade,
    Kind.REROLL: Rerolled,
    Kind.ENCOUNTER: EncounterStep,
    Kind.EXPEDITION: ExpeditionBegun,
}
