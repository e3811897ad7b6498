"""What each kind of Delve entry holds (validated on the way in and when read back): a model
joining the expedition from its sheet, a check made by a model (against one, or an obstacle the
table gave), and a re-roll of a recorded check with what was paid for it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from journal.bundle_schema import NAME_LIMIT

Name = Field(min_length=1, max_length=NAME_LIMIT)


class Kind(StrEnum):
    JOINED = "delve joined"
    CHECK = "delve check"
    REROLL = "delve re-roll"


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


class Rerolled(BaseModel):
    """A re-roll of the check recorded as entry ``of``: by which way, what it cost (any one of
    the costs the check declares), and the new result, which stands."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    of: int = Field(ge=1)
    way: str = Name
    paid: str = Name
    amount: int = Field(ge=1, le=1000)
    result: dict[str, Any]


ENTRY_MODELS: dict[str, type[BaseModel]] = {
    Kind.JOINED: Joined,
    Kind.CHECK: CheckMade,
    Kind.REROLL: Rerolled,
}
