"""What a player sees (the engine API's ``observation``): the table, every character, no deck
order, no face-down card.

A view is a read-only mapping whose parts are worked out when a bot first reads them: a bot
answering a roll reads no location, and the locations are most of a view's cost. Each part is
read from the state as it was when the view was made; reading a part after the game has moved
on is a mistake of the caller, refused with ``StaleView``. ``dict(view)`` is plain JSON data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .basics import _asset_facts, _obstacle_facts, _scene_facts

if TYPE_CHECKING:
    from .session import Session


class StaleView(RuntimeError):
    """A part of a view was read after the state it shows had changed."""


class View(Mapping[str, Any]):
    """One player's view of a session at one decision (see the module's text)."""

    __slots__ = ("_parts", "_session", "_state", "_told")

    def __init__(self, session: Session, who: str | None) -> None:
        st = session.state
        rs = session.ruleset
        season_name, season_turns = rs.seasons[min(st.season, len(rs.seasons) - 1)]
        self._session = session
        self._state = st
        self._told = len(st.events)
        self._parts: dict[str, Any] = {
            "who": who,
            "year": st.year,
            "scheme": st.scheme,
            "season": season_name,
            "turn": st.turn,
            "turns_in_season": season_turns,
            "threat_pool": st.threat_pool,
            "solo": st.solo,
            "initiative_supply": st.initiative_supply,
        }

    def __getitem__(self, key: str) -> Any:
        parts = self._parts
        if key in parts:
            return parts[key]
        work = _PARTS.get(key)
        if work is None:
            raise KeyError(key)
        session = self._session
        if session.state is not self._state or len(session.state.events) != self._told:
            raise StaleView(f"the view's {key!r} is read after the game moved on")
        value = parts[key] = work(session)
        return value

    def __iter__(self) -> Iterator[str]:
        yield from self._parts
        yield from (k for k in _PARTS if k not in self._parts)

    def __len__(self) -> int:
        return len(self._parts) + sum(1 for k in _PARTS if k not in self._parts)


def _facts(session: Session, kind: str, name: str) -> dict[str, Any]:
    """A card's printed facts as a view shows them (worked out once a session)."""
    memo = session._facts_memo
    found = memo.get((kind, name))
    if found is None:
        rs = session.ruleset
        if kind == "obstacle":
            found = _obstacle_facts(rs.obstacles[name])
        elif kind == "asset":
            found = _asset_facts(rs.assets[name])
        else:
            found = _scene_facts(rs.scenes[name])
        memo[(kind, name)] = found
    return found


def _locations(session: Session) -> list[dict[str, Any]]:
    rs = session.ruleset
    adjacency = session._adjacency_map()
    return [
        {
            "name": loc.name,
            "region": rs.locations[loc.name].region,
            "tags": list(session.tags_of(loc)),
            "developed": loc.developed,
            "threats": loc.threats,
            "adjacent": list(adjacency[loc.name]),
            "produces": list(session.side(loc).produces),
            "obstacles": [
                {
                    "name": o.name,
                    "progress": o.progress,
                    "hindrance": o.hindrance,
                    **_facts(session, "obstacle", o.name),
                }
                for o in loc.obstacles
            ],
            "dice": [[d.resource, d.face] for d in loc.dice],
        }
        for loc in session.state.locations
    ]


def _characters(session: Session) -> list[dict[str, Any]]:
    return [
        {
            "name": c.name,
            "location": c.location,
            "action_points": c.action_points,
            "body": c.body,
            "psyche": c.psyche,
            "initiative": list(c.initiative),
            "skills": dict(c.skills),
            "advances": dict(c.advances),
            "conditions": list(c.conditions),
            "in_progress": [
                {
                    "name": a.name,
                    "slots": [None if d is None else [d.resource, d.face] for d in a.slots],
                    **_facts(session, "asset", a.name),
                }
                for a in c.in_progress
            ],
            "assets": [{"name": n, **_facts(session, "asset", n)} for n in c.assets],
            "obstacles": [{"name": n, **_facts(session, "obstacle", n)} for n in c.obstacles],
            "abilities": list(c.abilities),
            "exhausted": list(c.exhausted),
            "ability_deck_size": len(c.ability_deck),
        }
        for c in session.state.characters
    ]


def _resting(session: Session) -> dict[str, Any]:
    """The sheets of the unlocked characters not playing this year (downtime asks of them)."""
    st = session.state
    playing = {c.name for c in st.characters}
    return {
        name: {
            "skills": dict(sheet.skills),
            "advances": dict(sheet.advances),
            "conditions": list(sheet.conditions),
        }
        for name, sheet in st.sheets.items()
        if name in st.campaign_characters and name not in playing
    }


_PARTS: dict[str, Callable[[Session], Any]] = {
    "locations": _locations,
    "characters": _characters,
    "asset_staging": lambda s: [
        {"name": n, **_facts(s, "asset", n)} for n in s.state.asset_staging
    ],
    "scenes": lambda s: [{"name": n, **_facts(s, "scene", n)} for n in s.available_scenes()],
    "scenes_completed": lambda s: [r["scene"] for r in s.state.scenes_completed],
    "decks": lambda s: {
        "asset": len(s.state.asset_deck),
        "scene": len(s.state.scene_deck),
        "obstacle": len(s.state.obstacle_deck),
    },
    "obstacle_discard": lambda s: list(s.state.obstacle_discard),
    "supply": lambda s: dict(s.state.supply),
    "resting": _resting,
}
