"""The world a compiled ruleset declares (``world_of``): read once per ruleset and kept.

Players, numbers, pieces, zones, dice and the map come from the ruleset's declarations; a card
kind's cards start in its deck unless a zone of that kind says otherwise.
"""

from __future__ import annotations

from typing import Any

from dsl.compiler import CompiledRuleset

from .model import GAME, PLAYER, DieDecl, PieceDecl, PropertyDecl, World, ZoneDecl

# by the compiled ruleset's identity, the ruleset kept beside its world (rulesets are compiled
# once a process and kept: ``dsl.loader``)
_WORLDS: dict[int, tuple[Any, World]] = {}


def world_of(ruleset: CompiledRuleset) -> World:
    found = _WORLDS.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        found = _WORLDS[id(ruleset)] = (ruleset, _read(ruleset))
    return found[1]


def _read(ruleset: CompiledRuleset) -> World:
    v = ruleset.vocabulary
    values = ruleset.values
    declared = getattr(v, "world", None)
    if declared is not None:  # the ruleset's own world declarations, when the text has them
        return declared
    low = int(values.get("fewest players", values.get("players", 1)))
    high = int(values.get("most players", values.get("players", low)))
    properties = {}
    for category in v.of_shape("meters", "reservoirs"):  # a number each player holds
        for name in category.members:
            start = int(values.get(f"starting {name}", 0))
            properties[name.casefold()] = PropertyDecl(name, "number", PLAYER, 0, None, start)
    pieces = {t.casefold(): PieceDecl(t) for c in v.of_shape("pieces") for t in c.members}
    zones = {
        z.casefold(): ZoneDecl(z, visibility="hidden" if z.casefold() == "deck" else "public")
        for c in v.of_shape("zones")
        for z in c.members
    }
    if "hand" in zones:
        zones["hand"] = ZoneDecl("hand", owner=PLAYER, visibility="owner")
    dice = {
        name.casefold(): DieDecl(name, int(t.roll[1:]) if t.roll else 6, name)
        for name, t in ruleset.tables.items()
        if t.roll
    }
    kinds = tuple(getattr(v, "card_kinds", ()))
    place_kind = v.place_kind  # "<kinds> are places": the card kind the map is made of
    places: tuple[str, ...] = ()
    neighbours: dict[str, tuple[str, ...]] = {}
    for game_map in ruleset.maps.values():
        places = tuple(game_map.positions)
        neighbours = {
            a: tuple(b for b in places if b != a and game_map.adjacent(a, b)) for a in places
        }
        break
    if not places and place_kind is not None:
        places = tuple(c.name for c in ruleset.cards(place_kind))
    return World(
        players=(low, high),
        properties=properties,
        dice=dice,
        zones=zones,
        pieces=pieces,
        place_kind=place_kind,
        places=places,
        neighbours=neighbours,
        card_kinds=kinds,
        score=next((p for p in properties if p in ("points", "score")), None),
        tables={name.casefold(): t for name, t in ruleset.tables.items()},
    )


__all__ = ["GAME", "world_of"]
