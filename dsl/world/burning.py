"""Burning: a card taken out of the campaign ("Burn a random relic from the relic deck.",
"Burn this tower.").

A burnt card goes to the zone ``burnt``, which nothing deals from, refills from or shuffles: no
text brings it back, and a deck that runs out never takes it back with its discard pile. It
stays burnt for the rest of the campaign, as the game's state between sessions keeps it
(``dsl.world.together``).

- The phrase names the cards as any other verb's object: "this tower", a card by name,
  "2 random relics from the relic deck", "each relic with age of 1 in the relic deck".
- A phrase naming no card ("Burn 2 gold.") is a check error where it is written.
- A place of the map is not burnt: the game stops with an error saying so (a place leaves the
  map when another card takes its place: ``dsl.world.replacing``).
- A phrase that finds no card (an empty deck) has nothing to act on: the text ends there, as
  with any verb.

Nothing here names a game.
"""

from __future__ import annotations

from typing import Any

from dsl.runtime import Context, EffectError, NothingToActOn, creates, takes
from dsl.selectors import Selector

from .state import BURNT

WHY = "burnt"  # the reason the card's move is told with


@takes(object=("card kind", "card"))  # "Burn 2 gold.": an error where it is written
@creates("object")  # a card named is found wherever it lies, in play or not
def burn(ctx: Context, object: Any, from_: Any = None) -> None:
    """Take cards out of the campaign: each into the zone nothing brings a card back from."""
    game: Any = ctx.host.game  # type: ignore[attr-defined]
    if isinstance(object, Selector) and object.name is not None and object.reference is None:
        object = [c for c, info in game.state.cards.items() if info["name"] == object.name][:1]
    elif isinstance(object, Selector):
        object = ctx.host.select(ctx, object)
    cards = [str(c) for c in (object if isinstance(object, list) else [object]) if c is not None]
    cards = [c for c in cards if c in game.state.cards and c not in burnt(game.state)]
    cards = [c for c in cards if c in game.state.cards]
    if not cards:
        raise NothingToActOn("there is no card to burn", ctx.span)
    for card in cards:
        if card in places(game):
            raise EffectError(
                f"{card} is a place of the map: a place leaves the map only when a card takes "
                "its place ('Put <a card> into play in place of <a place>, which is burnt.')"
            )
        game.ops.move_card(card, zone=BURNT, why=WHY)
        if (player := game.state.cards[card].get("player")) is not None:
            game.ops.pass_turn(str(player))  # a card a player plays, burnt: they act no more


def places(game: Any) -> tuple[str, ...]:
    from .replacing import places as places_now

    return places_now(game)


def burnt(state: Any) -> list[str]:
    """The cards burnt so far, in the order they were burnt."""
    return list(state.zones.get(BURNT, []))


BURNING_VERBS = {"burn": burn}
