"""The shapes of what a table companion records: a character's sheet, a track, and one payload
per kind of mechanic record. Each is a pydantic model that refuses what does not fit (unknown
fields, NUL characters, names past the journal's limits, negative counts, a number or a yes/no
written as text), and what the rules cannot leave on a table (a skill that builds on itself or
on no skill of the sheet, points above a stat's level, a clock fuller than its wedges, steps
out of order), so a record is validated before it is written, when a bundle is imported, and
again when it is read back for the site.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from dsl.errors import ChroniclerError
from dsl.kernel.table import StepTrack, TableError
from journal.bundle_schema import LIST_LIMIT, NAME_LIMIT, TEXT_LIMIT
from journal.limits import SEED_MAX


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("holds a NUL character")
    return value


Name = Annotated[str, Field(min_length=1, max_length=NAME_LIMIT), AfterValidator(_no_nul)]
Text = Annotated[str, Field(max_length=TEXT_LIMIT), AfterValidator(_no_nul)]
Count = Annotated[int, Field(strict=True, ge=0, le=10_000)]
Faces = Annotated[
    list[Annotated[int, Field(strict=True, ge=1, le=100)]], Field(max_length=LIST_LIMIT)
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- the character sheet -------------------------------------------------------------------


class SkillTag(_Strict):
    name: Name
    level: Count
    builds_on: Name | None = None  # the lower skill it specializes (None: the root skill)


class StatPool(_Strict):
    name: Name  # as the ruleset declares it ("strength")
    points: Count
    level: Count


class ConsequenceTag(_Strict):
    name: Name  # what it is, as the GM decided ("broken arm")
    stat: Name
    level: Annotated[int, Field(strict=True, ge=1, le=100)]  # written as negative: -level


class Reservoir(_Strict):
    """A reservoir beyond the stats ("rations 2/3"): held now, and the most it holds."""

    name: Name
    value: Count
    level: Count

    @model_validator(mode="after")
    def _holds_at_most_its_level(self) -> Reservoir:
        if self.value > self.level:
            raise ValueError(f"{self.name} holds {self.value} of at most {self.level}")
        return self


class Tag(_Strict):
    """A scheme or a thing carried: a name and a level (how much it weighs)."""

    name: Name
    level: Annotated[int, Field(ge=1, le=100)] = 1


class Sheet(_Strict):
    """A character's sheet at one moment: tags (skills, consequences, schemes, inventory),
    stats and other reservoirs, and XP. A sheet kept before reservoirs, schemes and inventory
    were kept reads with none."""

    name: Name
    background: Annotated[str, Field(max_length=NAME_LIMIT), AfterValidator(_no_nul)] = ""
    stats: list[StatPool] = Field(max_length=LIST_LIMIT)
    skills: list[SkillTag] = Field(max_length=LIST_LIMIT)
    xp: Count = 0
    consequences: list[ConsequenceTag] = Field(default_factory=list, max_length=LIST_LIMIT)
    reservoirs: list[Reservoir] = Field(default_factory=list, max_length=LIST_LIMIT)
    schemes: list[Tag] = Field(default_factory=list, max_length=LIST_LIMIT)
    inventory: list[Tag] = Field(default_factory=list, max_length=LIST_LIMIT)

    @model_validator(mode="after")
    def _as_the_rules_leave_it(self) -> Sheet:
        """A sheet the rules can make: a skill builds on another of the sheet, one level
        below it (the root skill on none); a stat holds at most its level in points."""
        skills = {s.name.casefold(): s for s in self.skills}
        if len(skills) != len(self.skills):
            raise ValueError("two skills with one name")
        for skill in self.skills:
            if skill.builds_on is None:
                continue
            lower = skills.get(skill.builds_on.casefold())
            if lower is skill:
                raise ValueError(f"skill {skill.name!r} builds on itself")
            if lower is None:
                raise ValueError(
                    f"skill {skill.name!r} builds on {skill.builds_on!r}, which the sheet lacks"
                )
            if skill.level != lower.level + 1:
                raise ValueError(
                    f"skill {skill.name!r} {skill.level} builds on {lower.name!r} "
                    f"{lower.level}: a skill is one level above the one it builds on"
                )
        for stat in self.stats:
            if stat.points > stat.level:
                raise ValueError(
                    f"{stat.name} holds {stat.points} points but its level is {stat.level}"
                )
        return self

    def skill(self, name: str) -> SkillTag | None:
        folded = name.strip().casefold()
        return next((s for s in self.skills if s.name.casefold() == folded), None)

    def stat(self, name: str) -> StatPool | None:
        return next((s for s in self.stats if s.name == name), None)

    @property
    def highest_skill(self) -> int:
        return max((s.level for s in self.skills), default=0)


# --- tracks ----------------------------------------------------------------------------------


class TrackKind(StrEnum):
    COUNTDOWN = "countdown"  # a number counting down; something happens at zero
    CLOCK = "clock"  # a circle of wedges filled in; something happens when it is full
    STEPS = "steps"  # Wildsea-style steps, ticked or burned, with breaks carrying text


class Break(_Strict):
    after: Annotated[int, Field(strict=True, ge=1, le=1_000)]  # the steps before the break
    text: Text = ""


class TrackState(_Strict):
    """A track as it stands: a countdown's ``value`` (from ``size``), a clock's ``value``
    wedges filled of ``size``, or a steps track's ``marks`` (○ ∅ ⦻) and its breaks."""

    kind: TrackKind
    size: Annotated[int, Field(strict=True, ge=1, le=1_000)]
    value: Annotated[int, Field(strict=True, ge=0, le=1_000)] = 0
    marks: Annotated[str, Field(max_length=1_000)] = ""
    breaks: list[Break] = Field(default_factory=list, max_length=1_000)
    hidden: bool = False  # kept from the players: the site leaves it out

    @model_validator(mode="after")
    def _as_it_can_stand(self) -> TrackState:
        """A countdown or a clock is a number (a clock's at most its wedges); a track of steps
        is its marks, done in order, with its breaks between them."""
        if self.kind is not TrackKind.STEPS:
            if self.marks or self.breaks:
                raise ValueError(f"a {self.kind} has no steps and no breaks")
            if self.kind is TrackKind.CLOCK and self.value > self.size:
                raise ValueError(
                    f"a clock of {self.size} wedges has 0 to {self.size} filled, not {self.value}"
                )
            return self
        after = sorted(b.after for b in self.breaks)
        if len(set(after)) != len(after) or any(not 1 <= a < len(self.marks) for a in after):
            raise ValueError("a break stands between two steps, one break a place")
        marks = "".join(("|" if at in after else "") + mark for at, mark in enumerate(self.marks))
        try:
            track = StepTrack.parse(marks)
        except TableError as error:
            raise ValueError(str(error)) from None
        if len(track.steps) != self.size:
            raise ValueError(f"its marks are {len(track.steps)} steps, not {self.size}")
        if track.progress != self.value:
            raise ValueError(f"its marks have {track.progress} steps done, not {self.value}")
        return self


# --- the records -----------------------------------------------------------------------------


class RecordKind(StrEnum):
    CHARACTER = "character"
    ROLL = "roll"
    TRACK = "track"
    CONSEQUENCE = "consequence"
    XP = "xp"
    STAT = "stat"
    INTRUSION = "intrusion"
    HIT = "hit"
    NARRATION = "narration"
    REST = "rest"
    RECOVER = "recover"


class CharacterJoined(_Strict):
    kind: Literal[RecordKind.CHARACTER] = RecordKind.CHARACTER
    sheet: Sheet


class GainedSkill(_Strict):
    name: Name
    level: Count
    builds_on: Name
    xp_spent: Count


class RollRecord(_Strict):
    """A roll: what was rolled with what, every line of it as it was told, and its result."""

    kind: Literal[RecordKind.ROLL] = RecordKind.ROLL
    skill: Name
    level: Count
    dice: Count  # skill level plus advantages
    cuts: Count
    stat: Name | None = None
    faces: Faces  # the dice left after every change and cut
    highest: Count
    band: Name
    hits: Count
    points_before: Count
    points_after: Count
    xp_before: Count
    xp_after: Count
    gained: GainedSkill | None = None
    seed: Annotated[int, Field(strict=True, ge=0, le=SEED_MAX)] | None = (
        None  # the generator's, if it rolled
    )
    lines: list[Text] = Field(max_length=LIST_LIMIT)


class TrackChange(StrEnum):
    ADD = "add"
    TICK = "tick"
    UNTICK = "untick"
    BURN = "burn"
    HIDE = "hide"  # kept from the players from now on
    REVEAL = "reveal"  # shown to the players again
    REMOVE = "remove"  # taken off the table (its changes stay in the story)


class TrackRecord(_Strict):
    kind: Literal[RecordKind.TRACK] = RecordKind.TRACK
    track: Name
    change: TrackChange
    by: Count
    before: TrackState | None = None
    after: TrackState
    reached: list[Text] = Field(default_factory=list, max_length=1_000)  # breaks reached
    finished: StrictBool = False  # a countdown at zero, a clock or a track full

    @model_validator(mode="after")
    def _one_kind_of_track(self) -> TrackRecord:
        if self.before is not None and self.before.kind is not self.after.kind:
            raise ValueError(f"a {self.before.kind} became a {self.after.kind}")
        return self


class ConsequenceRecord(_Strict):
    kind: Literal[RecordKind.CONSEQUENCE] = RecordKind.CONSEQUENCE
    name: Name
    stat: Name
    hits: Annotated[int, Field(strict=True, ge=1, le=100)]
    level: Annotated[int, Field(strict=True, ge=1, le=100)]  # after promotion
    fatal: StrictBool = False


class XpReason(StrEnum):
    AWARD = "award"  # given by the GM
    FLASHBACK = "flashback"


class XpRecord(_Strict):
    kind: Literal[RecordKind.XP] = RecordKind.XP
    amount: Annotated[int, Field(strict=True, ge=-10_000, le=10_000)]  # gained (+) or spent (-)
    why: XpReason
    text: Text = ""
    xp_after: Count


class StatRecord(_Strict):
    kind: Literal[RecordKind.STAT] = RecordKind.STAT
    stat: Name
    level: Count
    points: Count
    xp_spent: Count
    xp_after: Count


class IntrusionRecord(_Strict):
    kind: Literal[RecordKind.INTRUSION] = RecordKind.INTRUSION
    text: Text
    accepted: StrictBool
    xp_change: Annotated[int, Field(strict=True, ge=-10_000, le=10_000)]
    xp_after: Count


class HitRecord(_Strict):
    """Hits against a character: offset with the stat's points while they last, the rest a
    consequence or a concession."""

    kind: Literal[RecordKind.HIT] = RecordKind.HIT
    stat: Name
    hits: Annotated[int, Field(strict=True, ge=1, le=100)]
    offset: Count
    points_before: Count
    points_after: Count
    consequence: ConsequenceTag | None = None
    promoted: StrictBool = False
    fatal: StrictBool = False
    conceded: StrictBool = False


class RestRecord(_Strict):
    kind: Literal[RecordKind.REST] = RecordKind.REST
    stat: Name
    points_before: Count
    points_after: Count
    text: Text = ""


class RecoverRecord(_Strict):
    kind: Literal[RecordKind.RECOVER] = RecordKind.RECOVER
    consequence: ConsequenceTag
    text: Text = ""


class NarrationRecord(_Strict):
    """Story told between the rolls of a scene, in Markdown, as people wrote it."""

    kind: Literal[RecordKind.NARRATION] = RecordKind.NARRATION
    text: Text


Payload = Annotated[
    CharacterJoined
    | NarrationRecord
    | HitRecord
    | RestRecord
    | RecoverRecord
    | RollRecord
    | TrackRecord
    | ConsequenceRecord
    | XpRecord
    | StatRecord
    | IntrusionRecord,
    Field(discriminator="kind"),
]
_PAYLOAD: TypeAdapter[Any] = TypeAdapter(Payload)


def refused(error: ValidationError, what: str) -> ChroniclerError:
    """A one-line error for what a table typed that does not fit the journal's shapes."""
    first = error.errors()[0]
    at = ".".join(str(part) for part in first["loc"])
    return ChroniclerError(f"{what} is refused: {at}: {first['msg']}")


def payload(data: Any, where: str = "a record") -> Any:
    """The validated payload of a record's JSON; a damaged one is a ``ChroniclerError``."""
    try:
        return _PAYLOAD.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        at = ".".join(str(p) for p in first["loc"])
        raise ChroniclerError(f"the journal is damaged: {where}: {at}: {first['msg']}") from None


def sheet(data: Any, where: str = "a sheet") -> Sheet:
    try:
        return Sheet.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        at = ".".join(str(p) for p in first["loc"])
        raise ChroniclerError(f"the journal is damaged: {where}: {at}: {first['msg']}") from None


def track_state(data: Any, where: str = "a track") -> TrackState:
    try:
        return TrackState.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        at = ".".join(str(p) for p in first["loc"])
        raise ChroniclerError(f"the journal is damaged: {where}: {at}: {first['msg']}") from None
