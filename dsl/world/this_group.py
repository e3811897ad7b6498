"""Cards and players "in this <group>": "Each scout in this district loses 1 nerve." finds the
cards lying at any place of the group the card's own place belongs to (or the actor's, with no
card on the map), and the players whose pawn stands there; the group is named by a groups
category of the places ("districts are groups of stops").

A place card belongs to the group its field names (``district north``); a place that names none
of the category's members has only itself for a group. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl.runtime import Context
from dsl.selectors import Place

if TYPE_CHECKING:
    from .host import WorldHost


def _members(host: WorldHost, place: str, category: str | None) -> set[str]:
    """The members of the groups category ``category`` a place card names in its fields."""
    game = host.game
    if place not in game.state.cards or category is None:
        return set()
    vocab = game.ruleset.vocabulary
    found = next(
        (c for c in vocab.categories.values() if category.casefold() in (c.singular, c.name)),
        None,
    )
    if found is None:
        return set()
    members = {m.casefold() for m in found.members}
    named: set[str] = set()
    for value in game.card_fields(place).values():
        values = value if isinstance(value, list | tuple) else [value]
        named |= {str(v).casefold() for v in values if isinstance(v, str)} & members
    return named


def in_this_group(host: WorldHost, ctx: Context, place: Place, cards: list[str]) -> list[str]:
    """The cards (of those given) at a place of the group of the place "this" names."""
    here = host.here(ctx)
    if here is None:
        return []
    st = host.game.state
    groups = _members(host, here, place.category)
    if not groups:
        return [c for c in cards if st.cards[c].get("at") == here or c == here]
    same: dict[str, bool] = {}

    def in_group(at: Any) -> bool:
        if not at:
            return False
        if at not in same:
            same[at] = at == here or bool(_members(host, str(at), place.category) & groups)
        return same[at]

    from .replacing import places as places_now

    places = set(places_now(host.game))
    return [c for c in cards if in_group(st.cards[c].get("at")) or (c in places and in_group(c))]


def players_in_this_group(
    host: WorldHost, ctx: Context, place: Place, players: list[str]
) -> list[str]:
    """The players (of those given) whose pawn stands at a place of the group of "this"."""
    here = host.here(ctx)
    if here is None:
        return []
    groups = _members(host, here, place.category)
    return [
        p
        for p in players
        if (at := host.game.ops.pawn_at(p)) is not None
        and (at == here or bool(groups & _members(host, at, place.category)))
    ]


__all__ = ["in_this_group", "players_in_this_group"]
