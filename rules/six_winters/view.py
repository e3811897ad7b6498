"""What a player sees (the engine API's ``observation``): the table, every character, no deck
order, no face-down card.

A view is a read-only mapping whose parts are worked out when a bot first reads them: a bot
answering a roll reads no location, and the locations are most of a view's cost. Each part is
read from the state as it was when the view was made; reading a part after the game has moved
on is a mistake of the caller, refused with ``StaleView``. ``dict(view)`` is plain JSON data.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import TYPE_CHECKING, Any

from .basics import _asset_facts, _obstacle_facts, _scene_facts
from .contracts import told_by

if TYPE_CHECKING:
    from .session import Session


class StaleView(RuntimeError):
    """A part of a view was read after the state it shows had changed."""


class View(dict[str, Any]):
    """One player's view of a session at one decision (see the module's text).

    A ``dict`` whose parts not yet worked out are missing (``__missing__`` works one out when
    it is read): a bot reads a view's parts thousands of times a session, and a part already
    worked out is then read at a dict's own speed. Everything else a mapping does sees every
    part, worked out or not; nothing may be written into it."""

    __slots__ = ("__weakref__", "_session", "_state", "_told")

    def __init__(self, session: Session, who: str | None, like: View | None = None) -> None:
        """``like``: a view of the same table for another player, whose parts worked out so
        far this one shows too."""
        st = session.state
        rs = session.ruleset
        season_name, season_turns = rs.seasons[min(st.season, len(rs.seasons) - 1)]
        self._session = session
        self._state = st
        self._told = len(st.events)
        dict.__init__(
            self,
            who=who,
            year=st.year,
            scheme=st.scheme,
            season=season_name,
            turn=st.turn,
            turns_in_season=season_turns,
            threat_pool=st.threat_pool,
            solo=st.solo,
            initiative_supply=st.initiative_supply,
        )
        if like is not None:
            for key in _PARTS:
                if dict.__contains__(like, key):
                    dict.__setitem__(self, key, dict.__getitem__(like, key))

    def __missing__(self, key: str) -> Any:
        work = _PARTS.get(key)
        if work is None:
            raise KeyError(key)
        session = self._session
        if session.state is not self._state or len(session.state.events) != self._told:
            raise StaleView(f"the view's {key!r} is read after the game moved on")
        value = work(session)
        dict.__setitem__(self, key, value)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in _PARTS

    def __iter__(self) -> Iterator[str]:
        yield from dict.keys(self)
        yield from (k for k in _PARTS if not dict.__contains__(self, k))

    def __len__(self) -> int:
        return dict.__len__(self) + sum(1 for k in _PARTS if not dict.__contains__(self, k))

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        return KeysView(self)

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        return ItemsView(self)

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        return ValuesView(self)

    def copy(self) -> dict[str, Any]:
        return dict(self.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    def __or__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return dict(self.items()) | other

    def __ror__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return other | dict(self.items())

    __hash__ = None

    def __repr__(self) -> str:
        return f"View({dict.__repr__(self)} and {len(self) - dict.__len__(self)} parts unread)"

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a view is read-only: it shows the table, it does not change it")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only


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


def _card(session: Session, kind: str, name: str) -> dict[str, Any]:
    """A card a view shows by name, ``{"name": name, **facts}``: one dict for every view of the
    ruleset's sessions (a view is read-only, the dicts in it too; a card held is shown at every
    decision, and making it anew was a third of the characters' cost)."""
    memo = session._facts_memo
    found = memo.get((f"{kind} shown", name))
    if found is None:
        found = memo[(f"{kind} shown", name)] = {"name": name, **_facts(session, kind, name)}
    return found


def _locations(session: Session) -> list[dict[str, Any]]:
    """The locations as a view shows them. A bot reads them at nearly every decision: while
    no event that may change them was told since a view worked them out, that view's
    (read-only) list is shown again (``_kept``)."""
    return _kept(session, "locations", _work_out_locations)


def _characters(session: Session) -> list[dict[str, Any]]:
    """The characters as a view shows them; kept like the locations (``_kept``): inside an
    overcome, a scene or a card's questions no event about a character is told between two
    decisions."""
    return _kept(session, "characters", _work_out_characters)


def _kept(session: Session, part: str, work: Callable[[Session], Any]) -> Any:
    """A part as an earlier view worked it out (read-only), while no event that may change it
    (``_CHANGES``: ``TOLD_BY``, the contract ``test_every_change_is_told`` holds the engine to)
    was told since; else worked out anew. The events then are still there (held by reference:
    a piece taken back drops the ones it told, and one told anew is another object), so the
    state is the same or one restored to the same public table."""
    if session.changes_untold():  # a question inside a piece that has changed the table
        return work(session)
    events = session.state.events
    told = len(events)
    kept = session._shown.get(part)
    if kept is not None and told >= kept[0] and events[kept[0] - 1] is kept[1]:
        if told == kept[0]:
            return kept[2]
        changes = _CHANGES[part]
        for i in range(kept[0], told):  # (no slice of the events made)
            if events[i].kind in changes:
                break
        else:
            # still the part now: the next view looks only at the events told after these
            session._shown[part] = (told, events[-1], kept[2])
            return kept[2]
    shown = work(session)
    if events:
        session._shown[part] = (told, events[-1], shown)
    return shown


# the events that may change what a view shows of a kept part
_CHANGES = {part: told_by(part) for part in ("locations", "characters", "scenes")}


def _work_out_locations(session: Session) -> list[dict[str, Any]]:
    """Written for speed: what the map shows of each location (its name, region, tags, side,
    neighbours and production) is worked out once per map (``Session.map_facts``); only the
    threats, obstacles and dice are read each time."""
    board = session.map_facts()
    shown = board.facts.get("view")
    if shown is None:
        shown = board.facts["view"] = _map_shown(session)
    memo = session._facts_memo
    out = []
    for loc, (name, region, tags, developed, adjacent, produces) in zip(
        session.state.locations, shown, strict=True
    ):
        out.append(
            {  # the map's lists are shared by every view of the map (they are read-only)
                "name": name,
                "region": region,
                "tags": tags,
                "developed": developed,
                "threats": loc.threats,
                "adjacent": adjacent,
                "produces": produces,
                "obstacles": [
                    {
                        "name": o.name,
                        "progress": o.progress,
                        "hindrance": o.hindrance,
                        **(memo.get(("obstacle", o.name)) or _facts(session, "obstacle", o.name)),
                    }
                    for o in loc.obstacles
                ],
                "dice": [[d.resource, d.face] for d in loc.dice],
            }
        )
    return out


def _map_shown(session: Session) -> list[tuple[Any, ...]]:
    """What a view shows of each location that only the map decides: (name, region, tags,
    developed, neighbours, production), the lists shared by every view of the map."""
    rs = session.ruleset
    adjacency = session._adjacency_map()
    sides = session._view_sides  # a side's region, tags, production: the ruleset's facts
    shown = []
    for loc in session.state.locations:
        key = (loc.name, loc.developed)
        side = sides.get(key)
        if side is None:
            card = rs.locations[loc.name]
            side = sides[key] = (
                card.region,
                tuple(session.tags_of(loc)),
                tuple(card.side(loc.developed).produces),
            )
        region, tags, produces = side
        shown.append(
            (loc.name, region, list(tags), loc.developed, list(adjacency[loc.name]), list(produces))
        )
    return shown


def _work_out_characters(session: Session) -> list[dict[str, Any]]:
    """Written for speed, like ``_work_out_locations``: a card's facts are read from the memo
    in line (they are never empty)."""
    memo = session._facts_memo
    out = []
    for c in session.state.characters:
        out.append(
            {
                "name": c.name,
                "location": c.location,
                "action_points": c.action_points,
                "body": c.body,
                "psyche": c.psyche,
                "initiative": c.initiative[:],
                "skills": c.skills.copy(),
                "advances": c.advances.copy(),
                "conditions": c.conditions[:],
                "in_progress": [
                    {
                        "name": a.name,
                        "slots": [None if d is None else [d.resource, d.face] for d in a.slots],
                        **(memo.get(("asset", a.name)) or _facts(session, "asset", a.name)),
                    }
                    for a in c.in_progress
                ],
                "assets": [
                    memo.get(("asset shown", n)) or _card(session, "asset", n) for n in c.assets
                ],
                "obstacles": [
                    memo.get(("obstacle shown", n)) or _card(session, "obstacle", n)
                    for n in c.obstacles
                ],
                "abilities": c.abilities[:],
                "exhausted": c.exhausted[:],
                "ability_deck_size": len(c.ability_deck),
            }
        )
    return out


def _work_out_scenes(session: Session) -> list[dict[str, Any]]:
    return [_card(session, "scene", n) for n in session.scenes.available_scenes()]


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
    "asset_staging": lambda s: [_card(s, "asset", n) for n in s.state.asset_staging],
    "scenes": lambda s: _kept(s, "scenes", _work_out_scenes),
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

# each part worked out from the state as it is now, nothing kept from an earlier view
_WORK_OUT: dict[str, Callable[[Session], Any]] = {
    **_PARTS,
    "locations": _work_out_locations,
    "characters": _work_out_characters,
    "scenes": _work_out_scenes,
}


def worked_out(session: Session, who: str | None = None) -> dict[str, Any]:
    """What ``session.observation(who)`` shows, as plain data worked out from the state as it
    is now, nothing kept from an earlier view: what the views kept are checked against."""
    shown = dict(dict.items(View(session, who)))
    for key, work in _WORK_OUT.items():
        shown[key] = work(session)
    return shown
