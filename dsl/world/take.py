"""The core verb ``take``: a card given to the player acting by a text ("Buy: Pay 3 gold to take
this artifact.", "Lose 2 effort to take a charm."). Each card the phrase names
goes into the actor's own zone that holds its kind: the zone of players declared ``holding`` it
(``treasure is a zone of players, holding artifacts``), its owner the actor. The phrase names
``this`` card, a card by name, or else the top cards of the kind's deck (or of the zone written),
as ``draw`` takes them. A card kind no zone of players holds is refused naming the declaration
to write; a phrase that names no card (an empty deck) finds nothing to act on."""

from __future__ import annotations

from typing import Any

from dsl.runtime import Context, EffectError, NothingToActOn, creates
from dsl.selectors import Selector

from .model import PLAYER


@creates("object")  # the verb finds its cards itself: "this", a name, or the top of a deck
def take(ctx: Context, object: Any) -> None:
    """Take cards into the acting player's own zone holding their kind."""
    game: Any = ctx.host.game  # type: ignore[attr-defined]
    if isinstance(object, Selector) and object.reference is not None:
        cards = [str(c) for c in ctx.host.select(ctx, object)]
    elif isinstance(object, Selector):
        cards = [str(c) for c in game.cards_named_or_drawn(object, ctx)]
    elif isinstance(object, list):
        cards = [str(c) for c in object if c is not None]
    else:
        cards = [] if object is None else [str(object)]
    if not cards:
        raise NothingToActOn("there is no card to take", ctx.span)
    if ctx.actor is None:
        raise EffectError("nobody is acting: 'take' gives the card to the one acting")
    for card in cards:
        kind = str(game.state.cards[card]["kind"])
        game.ops.move_card(card, zone=own_zone(game, kind), owner=str(ctx.actor), why="taken")


def own_zone(game: Any, kind: str) -> str:
    """The zone of players that holds cards of ``kind``."""
    folded = kind.casefold()
    for zone in game.world.zones.values():
        if zone.owner == PLAYER and any(k.casefold() == folded for k in zone.kinds):
            return str(zone.name)
    raise EffectError(
        f"no zone of players holds {kind} cards to take: declare one "
        f"('<zone> is a zone of players, holding <{kind} kind>')"
    )
