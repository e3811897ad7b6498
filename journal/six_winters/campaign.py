"""Reading the engine's campaign state into ledger rows, and the campaign's end.

The engine (``rules.six_winters.engine``) owns the rules: session end, epilogues, the finale.
Its ``CampaignState`` reaches the journal as JSON; this module reads the parts the journal shows
(the map, the character sheets, the fate and score) without interpreting any rule. Field names
follow docs/design/engine-api.md; a state missing a part simply records nothing for it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from journal.catalogue import Catalogue, load_catalogue, region_of
from journal.models import Campaign
from journal.six_winters import ledger
from journal.six_winters.ledger import MapPlace
from journal.six_winters.models import CampaignEnd


def fate_for(finale_scenes: int) -> str | None:
    """Brightdune's fate from the ruleset's table by completed finale scenes."""
    catalogue = load_catalogue()
    return catalogue.by_count("completed finale scenes", finale_scenes) if catalogue else None


def score_title(score: int) -> str | None:
    """The campaign score's title from the ruleset's score table."""
    catalogue = load_catalogue()
    return catalogue.by_count("score", score) if catalogue else None


def state_json(state: Any) -> dict[str, Any]:
    """The engine's campaign state as a JSON object, whatever form it was handed in."""
    if state is None:
        return {}
    if isinstance(state, Mapping):
        return json.loads(json.dumps(state))
    if isinstance(state, str):
        loaded = json.loads(state)
        return loaded if isinstance(loaded, dict) else {}
    to_json = getattr(state, "to_json", None)
    if callable(to_json):
        return state_json(to_json())
    if dataclasses.is_dataclass(state) and not isinstance(state, type):
        # Until CampaignState has its own JSON round-trip: its fields, as JSON keeps them.
        return state_json(json.loads(json.dumps(dataclasses.asdict(state), default=str)))
    raise TypeError(f"cannot read a campaign state from {type(state).__name__}")


def _position(raw: Mapping[str, Any]) -> tuple[int, int]:
    position = raw.get("position")
    if isinstance(position, Sequence) and len(position) >= 2:
        return int(position[0]), int(position[1])
    if isinstance(position, Mapping):
        return int(position.get("x", 0)), int(position.get("y", 0))
    return int(raw.get("x", 0)), int(raw.get("y", 0))


def _developed(raw: Mapping[str, Any]) -> bool:
    value = raw.get("developed", raw.get("side"))
    if isinstance(value, str):
        return value.lower() == "developed"
    return bool(value)


def map_places(state: Mapping[str, Any], catalogue: Catalogue | None = None) -> list[MapPlace]:
    """The locations of the state's map, as the journal records them."""
    raw_map = state.get("map") or []
    if isinstance(raw_map, Mapping):
        raw_map = raw_map.get("locations", raw_map)
    items: list[tuple[str, Mapping[str, Any]]] = []
    if isinstance(raw_map, Mapping):
        items = [(str(k), v) for k, v in raw_map.items() if isinstance(v, Mapping)]
    else:
        items = [(str(v.get("name", "")), v) for v in raw_map if isinstance(v, Mapping)]
    places = []
    for name, raw in items:
        region = raw.get("region")
        if region is None and catalogue is not None:
            card = catalogue.get(name, "location")
            region = region_of(card) if card else None
        obstacles = raw.get("obstacles") or []
        x, y = _position(raw)
        places.append(
            MapPlace(
                name=name,
                x=x,
                y=y,
                region=str(region) if region else None,
                developed=_developed(raw),
                threats=int(raw.get("threats", raw.get("threat", 0)) or 0),
                obstacles=tuple(
                    str(o.get("name", o)) if isinstance(o, Mapping) else str(o) for o in obstacles
                ),
            )
        )
    return places


def starting_places(catalogue: Catalogue | None) -> list[MapPlace]:
    """The ruleset's starting map, when the engine has no campaign state to give."""
    if catalogue is None:
        return []
    places = []
    for name, x, y in catalogue.starting_map:
        card = catalogue.get(name, "location")
        region = region_of(card) if card else None
        places.append(MapPlace(name=name, x=int(x), y=int(y), region=region))
    return places


def sheets(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Per character: skills, advances, conditions (as the state's ``sheets`` holds them)."""
    raw = state.get("sheets") or {}
    out: dict[str, dict[str, Any]] = {}
    items = raw.items() if isinstance(raw, Mapping) else [(r.get("name"), r) for r in raw]
    for name, sheet in items:
        if not isinstance(sheet, Mapping) or not name:
            continue
        skills = sheet.get("skills") or {}
        advances = sheet.get("advances") or {}
        out[str(name)] = {
            "skills": {str(k): int(v) for k, v in dict(skills).items()},
            "advances": {str(k): int(v) for k, v in dict(advances).items()},
            "conditions": [str(c) for c in sheet.get("conditions") or []],
        }
    return out


def record_state_year(
    s: Session,
    campaign: Campaign,
    year: int,
    state: Mapping[str, Any],
    catalogue: Catalogue | None,
) -> None:
    """After session end of ``year``: keep the state, the map as it stood, the sheets."""
    ledger.write_state(s, campaign, year + 1, state)
    places = map_places(state, catalogue)
    if places:
        ledger.write_map(s, campaign, year, places)
    unlocked = state.get("unlocked_characters")
    known = {c.name for c in ledger.characters(s, campaign)}
    for name, sheet in sheets(state).items():
        if unlocked is not None and name not in unlocked and name not in known:
            continue  # a character the campaign has not unlocked has no sheet on the table yet
        title = catalogue.title_of(name) if catalogue else None
        character = ledger.ensure_character(s, campaign, name, year=year, title=title)
        ledger.write_sheet(
            s,
            character,
            year,
            skills=sheet["skills"],
            advances=sheet["advances"],
            conditions=sheet["conditions"],
        )


def campaign_score(s: Session, campaign: Campaign, finale_scenes: int) -> int:
    """Scene points of the campaign, +10 per won year 1-5, +3 per finale scene."""
    total = 0
    for session in ledger.sessions(s, campaign):
        for scene in ledger.scenes_of(s, session):
            total += scene.points_needed or sum(p.points for p in ledger.plays_of(s, scene))
        if session.year <= 5 and session.result == "won":
            total += 10
    return total + 3 * finale_scenes


def end_campaign(
    s: Session,
    campaign: Campaign,
    *,
    finale_scenes: int,
    fate: str | None = None,
    score: int | None = None,
) -> CampaignEnd:
    """Set Brightdune's fate and the score (the engine's when it gave them, else the tables')."""
    end = ledger.campaign_end(s, campaign)  # added below if new
    end.finale_scenes_completed = finale_scenes
    end.fate = fate or fate_for(finale_scenes)
    end.score = score if score is not None else campaign_score(s, campaign, finale_scenes)
    end.score_title = score_title(end.score)
    s.add(end)
    s.flush()
    return end
