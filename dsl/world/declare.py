"""The world a compiled ruleset declares (``world_of``): read once per ruleset and kept.

Everything comes from the ruleset's declarations (``dsl.declarations``): the players ("players
are 2 to 4 seats"), the numbers each owner holds ("light is a number 0..6 of players, starting
at 3"), the zones ("hand is a zone of players, seen by its owner"), the pieces (a category of
the pieces shape; "one each": a pawn), the dice (a category of the dice shape with no members,
"curse die is a d6", or a table rolled on), the map (a ``map``, else the cards of the place
kind) and the score ("the score is points"). A card kind's cards start in its deck unless a zone
holds that kind ("actions is a zone, holding actions").
"""

from __future__ import annotations

from typing import Any

from dsl.compiler import CompiledRuleset
from dsl.declarations import Declared

from .model import GAME, PLAYER, DieDecl, PieceDecl, World

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
    declared: Declared = v.world if v.world is not None else Declared()
    pieces = {
        t.casefold(): PieceDecl(
            t, owned=t.casefold() in declared.owned_pieces, pawn=t.casefold() in declared.pawns
        )
        for c in v.of_shape("pieces")
        for t in c.members
    }
    dice = {
        c.name.casefold(): DieDecl(c.name, c.sides or 6)
        for c in v.of_shape("dice")
        if not c.members
    }
    for name, t in ruleset.tables.items():
        if t.roll:
            dice[name.casefold()] = DieDecl(name, int(t.roll[1:]), name)
    kinds = tuple(getattr(v, "card_kinds", ()))
    home = {
        kind.casefold(): zone.name
        for zone in declared.zones.values()
        for kind in zone.kinds
        if zone.owner == GAME
    }
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
        players=declared.players or (1, 1),
        properties=dict(declared.properties),
        dice=dice,
        zones=dict(declared.zones),
        pieces=pieces,
        place_kind=place_kind,
        places=places,
        neighbours=neighbours,
        card_kinds=kinds,
        home=home,
        score=declared.score.casefold() if declared.score else None,
        tables={name.casefold(): t for name, t in ruleset.tables.items()},
        in_play=tuple(declared.in_play),
        played=tuple(declared.played),
        durations=dict(declared.durations),
        check_changes={k: tuple(v) for k, v in declared.check_changes.items()},
        decks=dict(declared.decks),
        restraints={k: tuple(v) for k, v in declared.restraints.items()},
        number_changes={k: tuple(v) for k, v in declared.number_changes.items()},
        changed_fields=frozenset(
            c.field for changes in declared.number_changes.values() for c in changes
        ),
        together=dict(declared.together),
        belongs=dict(declared.belongs),
    )


__all__ = ["GAME", "PLAYER", "world_of"]
