"""What a campaign bundle may hold: every field typed, ranged and bounded (pydantic).

``chronicler import`` validates the whole bundle against ``BundleFile`` before it writes a row,
so a wrong type, an out-of-range number, an over-long text, a NUL byte, an unknown field or a
duplicate year is refused in one line and nothing is imported. Numbers and booleans are strict:
``"5"`` is not a number and ``"no"`` is not a boolean. The limits are generous for any real
campaign and small enough that every value fits a 64-bit column and a page.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    ValidationError,
    model_validator,
)

import dsl.limits
from journal.limits import SEED_MAX

# A scene's narration, a chronicle entry or a note: about a hundred printed pages. The ledger
# refuses the same on the way in (``journal.ledger.checked_text``), so every journal exports a
# bundle that imports again.
TEXT_LIMIT = 200_000
NAME_LIMIT = dsl.limits.NAME_LIMIT  # a card, character, location, scheme or campaign name
LIST_LIMIT = 10_000  # cards in a scene, events in a session, locations on a map...
JSON_DEPTH_LIMIT = 32  # the engine's state and event data nest a few levels at most


def _no_nul(value: str) -> str:
    # PostgreSQL cannot store a NUL character in text; no one types one.
    if "\x00" in value:
        raise ValueError("holds a NUL character")
    return value


def _json_value(value: Any, depth: int = 0) -> Any:
    """Plain JSON of bounded depth whose strings hold no control characters."""
    if depth > JSON_DEPTH_LIMIT:
        raise ValueError(f"nests deeper than {JSON_DEPTH_LIMIT} levels")
    if isinstance(value, str):
        return _no_nul(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float):
        if not math.isfinite(value):  # JSON has no NaN or Infinity (PostgreSQL refuses them)
            raise ValueError("holds a number that is not finite")
        return value
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise ValueError("holds a number too large for the journal")
        return value
    if isinstance(value, list):
        if len(value) > LIST_LIMIT * 10:
            raise ValueError("holds too many values")
        return [_json_value(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {_no_nul(str(k)): _json_value(v, depth + 1) for k, v in value.items()}
    raise ValueError(f"holds a {type(value).__name__}, which is not JSON")


Name = Annotated[
    str, StringConstraints(max_length=NAME_LIMIT, strict=True), AfterValidator(_no_nul)
]
Called = Annotated[  # a campaign's or a character's name: never empty
    str,
    StringConstraints(min_length=1, max_length=NAME_LIMIT, strict=True),
    AfterValidator(_no_nul),
]
Text = Annotated[
    str,
    StringConstraints(max_length=TEXT_LIMIT, strict=True),
    AfterValidator(_no_nul),
]
Stamp = Annotated[
    str,
    StringConstraints(min_length=1, max_length=40, strict=True),
    AfterValidator(_no_nul),
]
Year = Annotated[StrictInt, Field(ge=1, le=6)]
Count = Annotated[StrictInt, Field(ge=0, le=LIST_LIMIT)]
Points = Annotated[StrictInt, Field(ge=0, le=1000)]  # what cards and scenes score, never less
Seed = Annotated[StrictInt, Field(ge=0, le=SEED_MAX)]
JsonObject = Annotated[dict[str, Any], AfterValidator(_json_value)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _unique(kind: str, keys: list[Any]) -> None:
    seen: set[Any] = set()
    for key in keys:
        if key in seen:
            raise ValueError(f"two {kind} {key!r}")
        seen.add(key)


class CampaignFields(_Strict):
    name: Called
    ruleset: Name = "six_winters"
    ruleset_version: Name = "25.1"
    created_at: Stamp
    seed: Seed | None = None
    fate: Name | None = None
    finale_scenes_completed: Count | None = None
    score: Annotated[StrictInt, Field(ge=-100_000, le=100_000)] | None = None
    score_title: Name | None = None
    notes: Text | None = None


class SheetFields(_Strict):
    year: Annotated[StrictInt, Field(ge=0, le=6)]  # 0: the sheet at campaign start
    skills: dict[Name, Annotated[StrictInt, Field(ge=0, le=100)]] = {}
    advances: dict[Name, Annotated[StrictInt, Field(ge=0, le=100)]] = {}
    conditions: Annotated[list[Name], Field(max_length=LIST_LIMIT)] = []


class ChronicleFields(_Strict):
    year: Year
    downtime: StrictBool = False
    scheme: Name | None = None
    result: Literal["won", "lost"] | None = None
    conditions: Annotated[list[Name], Field(max_length=LIST_LIMIT)] = []
    advances: Annotated[list[Name], Field(max_length=LIST_LIMIT)] = []
    recovered: Annotated[list[Name], Field(max_length=LIST_LIMIT)] = []
    text: Text | None = None


class CharacterFields(_Strict):
    name: Called
    title: Name | None = None
    unlocked_year: Year = 1
    sheets: Annotated[list[SheetFields], Field(max_length=7)]
    chronicle: Annotated[list[ChronicleFields], Field(max_length=6)]

    @model_validator(mode="after")
    def _one_row_a_year(self) -> CharacterFields:
        _unique("sheets for year", [x.year for x in self.sheets])
        _unique("chronicle lines for year", [x.year for x in self.chronicle])
        return self


class PlayFields(_Strict):
    number: Annotated[StrictInt, Field(ge=1, le=LIST_LIMIT)]
    card: Name
    kind: Name | None = None
    points: Points = 0
    character: Name | None = None


class AdvanceFields(_Strict):
    character: Name
    skill: Name
    new_rank: Annotated[StrictInt, Field(ge=0, le=100)] | None = None


class SceneFields(_Strict):
    number: Annotated[StrictInt, Field(ge=1, le=LIST_LIMIT)]
    scene: Name
    location: Name
    skill: Name | None = None
    points_needed: Points | None = None
    participants: Annotated[list[Name], Field(max_length=100)] = []
    skill_match_points: Points = 0
    epilogue_choice: Name | None = None
    challenge_answers: Annotated[list[Text], Field(max_length=100)] = []
    advances: Annotated[list[AdvanceFields], Field(max_length=100)] = []
    narration: Text = ""
    tier: Literal["I can't think of anything", "Apprentice storyteller", "Master chronicler"]
    narrator: Name | None = None
    recorded_at: Stamp
    plays: Annotated[list[PlayFields], Field(max_length=1000)] = []

    @model_validator(mode="after")
    def _plays_numbered_once(self) -> SceneFields:
        _unique("cards played numbered", [p.number for p in self.plays])
        return self


class EventFields(_Strict):
    number: Annotated[StrictInt, Field(ge=0, le=LIST_LIMIT * 10)]
    kind: Name
    data: JsonObject = {}


class SessionFields(_Strict):
    year: Year
    scheme: Name
    characters: Annotated[list[Called], Field(min_length=1, max_length=100)]
    seed: Seed | None = None
    solo: StrictBool = False
    source: Literal["table", "engine"] = "table"
    result: Literal["won", "lost"] | None = None
    reason: Text | None = None
    threat_left: Count | None = None
    scenes_completed: Count = 0
    started_at: Stamp
    ended_at: Stamp | None = None
    notes: Text | None = None
    scenes: Annotated[list[SceneFields], Field(max_length=LIST_LIMIT)]
    events: Annotated[list[EventFields], Field(max_length=LIST_LIMIT * 10)]

    @model_validator(mode="after")
    def _scenes_numbered_once(self) -> SessionFields:
        _unique("scenes numbered", [x.number for x in self.scenes])
        _unique("characters named", self.characters)
        return self


class LocationFields(_Strict):
    name: Name
    x: Annotated[StrictInt, Field(ge=-1000, le=1000)]
    y: Annotated[StrictInt, Field(ge=-1000, le=1000)]
    region: Name | None = None
    developed: StrictBool = False
    threats: Count = 0
    obstacles: Annotated[list[Name], Field(max_length=1000)] = []


class MapFields(_Strict):
    year: Annotated[StrictInt, Field(ge=0, le=6)]  # 0: the starting map
    locations: Annotated[list[LocationFields], Field(max_length=1000)]

    @model_validator(mode="after")
    def _places_once(self) -> MapFields:
        _unique("locations called", [x.name for x in self.locations])
        return self


class StateFields(_Strict):
    year: Annotated[StrictInt, Field(ge=1, le=7)]  # 7: the state after the sixth winter
    state: JsonObject


class BundleFile(_Strict):
    format: Literal["chronicler-campaign"]
    format_version: Annotated[StrictInt, Field(ge=1)]
    schema_: Annotated[str, StringConstraints(max_length=40, strict=True)] = Field(alias="schema")
    campaign: CampaignFields
    characters: Annotated[list[CharacterFields], Field(max_length=1000)]
    sessions: Annotated[list[SessionFields], Field(max_length=6)]
    maps: Annotated[list[MapFields], Field(max_length=7)]
    states: Annotated[list[StateFields], Field(max_length=7)]
    # the ledger's history (journal/history.py): each change with the campaign before it
    history: Annotated[list[ChangeFields], Field(max_length=LIST_LIMIT)] = []
    # a game a GM runs: its story rows, checked by journal/tables/bundle.py (StoryPart)
    story: JsonObject | None = None

    @model_validator(mode="after")
    def _one_of_each(self) -> BundleFile:
        _unique("characters called", [c.name for c in self.characters])
        _unique("sessions for year", [x.year for x in self.sessions])
        _unique("maps for year", [x.year for x in self.maps])
        _unique("campaign states for year", [x.year for x in self.states])
        _unique("history changes numbered", [x.number for x in self.history])
        return self


class ChangeFields(_Strict):
    """One change of the ledger's history, with the campaign as it stood before it (a bundle
    of its own, which holds no history)."""

    number: Annotated[StrictInt, Field(ge=1, le=LIST_LIMIT * 10)]
    at: Stamp
    verb: Annotated[str, StringConstraints(min_length=1, max_length=40, strict=True)]
    year: Year | None = None
    summary: Annotated[
        str, StringConstraints(max_length=1000, strict=True), AfterValidator(_no_nul)
    ] = ""
    before: BundleFile

    @model_validator(mode="after")
    def _before_has_no_history(self) -> ChangeFields:
        if self.before.history:
            raise ValueError("a change's campaign before it holds no history of its own")
        return self


BundleFile.model_rebuild()


def _where(location: tuple[int | str, ...]) -> str:
    out = ""
    for part in location:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def first_problem(error: ValidationError) -> str:
    """One line for the first thing wrong (and how many more there are)."""
    problems = error.errors(include_url=False, include_input=False)
    first = problems[0]
    where = _where(
        tuple(p for p in first["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    )
    message = str(first["msg"]).removeprefix("Value error, ")
    more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})"
    return (f"{where}: " if where else "") + message + (more if len(problems) > 1 else "")
