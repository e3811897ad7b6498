"""Six Winters' part of a campaign bundle: the tables it keeps of its own
(``journal/six_winters/models.py``), every field typed, ranged and bounded as the rest of the
bundle is (``journal/bundle_schema.py``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from journal.bundle_schema import (
    LIST_LIMIT,
    Called,
    Count,
    JsonObject,
    Name,
    Points,
    Seed,
    Stamp,
    Text,
    Year,
    unique,
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CampaignEndFields(_Strict):
    seed: Seed | None = None
    fate: Name | None = None
    finale_scenes_completed: Count | None = None
    score: Annotated[StrictInt, Field(ge=-100_000, le=100_000)] | None = None
    score_title: Name | None = None


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
    sheets: Annotated[list[SheetFields], Field(max_length=7)]
    chronicle: Annotated[list[ChronicleFields], Field(max_length=6)]

    @model_validator(mode="after")
    def _one_row_a_year(self) -> CharacterFields:
        unique("sheets for year", [x.year for x in self.sheets])
        unique("chronicle lines for year", [x.year for x in self.chronicle])
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
        unique("cards played numbered", [p.number for p in self.plays])
        return self


class EventFields(_Strict):
    number: Annotated[StrictInt, Field(ge=0, le=LIST_LIMIT * 10)]
    kind: Name
    data: JsonObject = {}


class YearFields(_Strict):
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
    def _scenes_numbered_once(self) -> YearFields:
        unique("scenes numbered", [x.number for x in self.scenes])
        unique("characters named", self.characters)
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
        unique("locations called", [x.name for x in self.locations])
        return self


class StateFields(_Strict):
    year: Annotated[StrictInt, Field(ge=1, le=7)]  # 7: the state after the sixth winter
    state: JsonObject


class SixWintersPart(_Strict):
    campaign: CampaignEndFields = CampaignEndFields()
    characters: Annotated[list[CharacterFields], Field(max_length=1000)] = []
    years: Annotated[list[YearFields], Field(max_length=6)] = []
    maps: Annotated[list[MapFields], Field(max_length=7)] = []
    states: Annotated[list[StateFields], Field(max_length=7)] = []

    @model_validator(mode="after")
    def _one_of_each(self) -> SixWintersPart:
        unique("characters called", [c.name for c in self.characters])
        unique("years", [x.year for x in self.years])
        unique("maps for year", [x.year for x in self.maps])
        unique("campaign states for year", [x.year for x in self.states])
        return self
