"""What a campaign bundle may hold: every field typed, ranged and bounded (pydantic).

``chronicler import`` validates the whole bundle before it writes a row, so a wrong type, an
out-of-range number, an over-long text, a NUL byte, an unknown field or a duplicate number is
refused in one line and nothing is imported. Numbers and booleans are strict: ``"5"`` is not a
number and ``"no"`` is not a boolean. The limits are generous for any real campaign and small
enough that every value fits a 64-bit column and a page.

``BundleFile`` is the one ledger: the campaign, its characters, sessions and scenes, the log of
entries and the history. What a ruleset adds is checked by the schema built from every
ruleset's models (``ruleset_schema``): each entry's payload against its kind's model, and the
tables a ruleset keeps of its own (``own``) against that ruleset's model.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StringConstraints,
    ValidationError,
    create_model,
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


def unique(kind: str, keys: list[Any]) -> None:
    seen: set[Any] = set()
    for key in keys:
        if key in seen:
            raise ValueError(f"two {kind} {key!r}")
        seen.add(key)


class CampaignFields(_Strict):
    name: Called
    ruleset: Name
    ruleset_version: Name = ""
    created_at: Stamp
    notes: Text | None = None


class CharacterFields(_Strict):
    name: Called
    title: Name | None = None
    unlocked_year: Annotated[StrictInt, Field(ge=1, le=LIST_LIMIT)] = 1


Number = Annotated[StrictInt, Field(ge=1, le=LIST_LIMIT * 10)]


class SceneFields(_Strict):
    number: Number
    title: Called
    narration: Text = ""
    started_at: Stamp


class SessionFields(_Strict):
    number: Number
    title: Called
    narration: Text = ""
    started_at: Stamp
    scenes: Annotated[list[SceneFields], Field(max_length=LIST_LIMIT)] = []

    @model_validator(mode="after")
    def _scenes_numbered_once(self) -> SessionFields:
        unique("scenes numbered", [x.number for x in self.scenes])
        return self


class EntryFields(_Strict):
    number: Number
    session: Number | None = None  # the session (and scene) it was recorded in
    scene: Number | None = None
    kind: Annotated[str, StringConstraints(min_length=1, max_length=40, strict=True)]
    who: Name | None = None
    text: Text = ""
    summary: Text = ""
    payload: JsonObject
    at: Stamp

    @model_validator(mode="after")
    def _scene_of_a_session(self) -> EntryFields:
        if self.scene is not None and self.session is None:
            raise ValueError("an entry that names its scene names its session too")
        return self


class KeptSession(_Strict):
    number: Number
    title: Called
    narration: Text = ""
    started_at: Stamp


class KeptScene(SceneFields):
    session: Number


class Made(_Strict):
    """The rows a change added (what undoing it takes away), by number."""

    entries: Annotated[list[Number], Field(max_length=LIST_LIMIT)] = []
    sessions: Annotated[list[Number], Field(max_length=LIST_LIMIT)] = []
    scenes: Annotated[list[tuple[Number, Number]], Field(max_length=LIST_LIMIT)] = []


class Kept(_Strict):
    """What a change kept of what stood before it: the rows it touched, or a whole campaign."""

    campaign: BundleFile | None = None
    entries: Annotated[list[EntryFields], Field(max_length=LIST_LIMIT * 10)] = []
    sessions: Annotated[list[KeptSession], Field(max_length=LIST_LIMIT)] = []
    scenes: Annotated[list[KeptScene], Field(max_length=LIST_LIMIT)] = []
    made: Made = Made()

    @model_validator(mode="after")
    def _one_or_the_other(self) -> Kept:
        if self.campaign is not None and self.campaign.history:
            raise ValueError("a change's campaign before it holds no history of its own")
        rows = self.entries or self.sessions or self.scenes or self.made != Made()
        if self.campaign is not None and rows:
            raise ValueError("a change keeps the rows it touched or a whole campaign, not both")
        return self


class ChangeFields(_Strict):
    """One change of the ledger's history, with what stood before it."""

    number: Annotated[StrictInt, Field(ge=1, le=LIST_LIMIT * 10)]
    at: Stamp
    verb: Annotated[str, StringConstraints(min_length=1, max_length=40, strict=True)]
    session: Number | None = None
    summary: Annotated[
        str, StringConstraints(max_length=1000, strict=True), AfterValidator(_no_nul)
    ] = ""
    undoes: Number | None = None
    before: Kept


class BundleFile(_Strict):
    format: Literal["chronicler-campaign"]
    format_version: Literal[2]
    schema_: Annotated[str, StringConstraints(max_length=40, strict=True)] = Field(alias="schema")
    campaign: CampaignFields
    characters: Annotated[list[CharacterFields], Field(max_length=1000)] = []
    sessions: Annotated[list[SessionFields], Field(max_length=LIST_LIMIT)] = []
    entries: Annotated[list[EntryFields], Field(max_length=LIST_LIMIT * 10)] = []
    # the tables the campaign's ruleset keeps of its own, checked by its model (``ruleset_schema``)
    own: dict[str, Any] | None = None
    # the ledger's history (journal/history.py): each change with what stood before it
    history: Annotated[list[ChangeFields], Field(max_length=LIST_LIMIT)] = []

    @model_validator(mode="after")
    def _one_of_each(self) -> BundleFile:
        unique("characters called", [c.name for c in self.characters])
        unique("sessions numbered", [x.number for x in self.sessions])
        unique("entries numbered", [x.number for x in self.entries])
        unique("history changes numbered", [x.number for x in self.history])
        scenes = {(x.number, y.number) for x in self.sessions for y in x.scenes}
        sessions = {x.number for x in self.sessions}
        characters = {c.name for c in self.characters}
        for entry in self.entries:
            if entry.who is not None and entry.who not in characters:
                raise ValueError(
                    f"entry {entry.number} is about {entry.who!r}, who is not among its characters"
                )
            if entry.scene is not None and (entry.session, entry.scene) not in scenes:
                raise ValueError(f"entry {entry.number} names a scene the bundle lacks")
            if entry.session is not None and entry.session not in sessions:
                raise ValueError(f"entry {entry.number} names a session the bundle lacks")
        return self


Kept.model_rebuild()
BundleFile.model_rebuild()


# --- what each ruleset adds -------------------------------------------------------------------


@dataclass(frozen=True)
class RulesetSchema:
    """The part of the schema one ruleset adds: the model of each kind of entry its campaigns
    keep (checked as the entry's ``payload``), and of the tables it keeps of its own."""

    entries: Mapping[str, type[BaseModel]]
    own: type[BaseModel] | None


def ruleset_schema(entries: Mapping[str, type[BaseModel]], own: type[BaseModel] | None) -> Any:
    """The pydantic schema of a bundle's ruleset part: its entries as a union on ``kind``
    (each kind's payload its model) and its own tables."""
    kinds = [
        create_model(
            f"Entry_{kind.replace(' ', '_')}",
            __base__=EntryFields,
            kind=(Literal[kind], ...),  # type: ignore[arg-type]
            payload=(model, ...),
        )
        for kind, model in entries.items()
    ]
    entry: Any = (
        Annotated[Union[tuple(kinds)], Field(discriminator="kind")]  # noqa: UP007
        if len(kinds) > 1
        else (kinds[0] if kinds else EntryFields)
    )
    return create_model(
        "RulesetPart",
        __base__=_Strict,
        entries=(Annotated[list[entry], Field(max_length=LIST_LIMIT * 10)], []),
        own=(own | None if own is not None else None, None),  # type: ignore[arg-type]
    )


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
