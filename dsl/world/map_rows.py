"""Where a place lies on the map, as numbers: "the row of this stop" (its y as the map writes
it), "the column of this stop" (its x). Of a card, the place it lies at. A place on no map (or a
card at none) has nothing to read. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl.runtime import NothingToActOn

if TYPE_CHECKING:
    from dsl.runtime import Context

    from .game import WorldGame

READING = "map "  # a number's name: "map row", "map column"
AXES = {"column": 0, "row": 1}


def reading_words(words: list[str], fields: set[str]) -> str | None:
    """The number "the row of <a place>" names (when no field is named so), else ``None``."""
    if len(words) > 3 and words[0] == "the" and words[1] in AXES and words[2] == "of":
        return None if words[1] in fields else f"{READING}{words[1]}"
    return None


def is_reading(name: str) -> bool:
    return name.startswith(READING) and name[len(READING) :] in AXES


def read(game: WorldGame, ctx: Context, thing: Any, name: str) -> int:
    from .replacing import places, space_of

    place = thing
    if isinstance(thing, str) and thing in game.state.cards and thing not in places(game):
        place = game.state.cards[thing].get("at")
    space = space_of(game, str(place)) if place is not None else ""  # a card in its place
    for game_map in game.ruleset.maps.values():
        if space in game_map.positions:
            return int(game_map.positions[space][AXES[name[len(READING) :]]])
    raise NothingToActOn(f"{thing} lies on no map: no {name[len(READING) :]} to read", ctx.span)
