"""Bringing cards that lie somewhere onto the table: "Bring any number of adversary models in
the camp into play.", "Bring up to 2 allies in the reserve into play.".

The verb ``bring into play`` acts on cards that exist already (set aside in a zone, out of
play), unlike ``put into play``, which makes a card by drawing it from its kind's deck. How many
come is the phrase's:

- ``any number of <cards>`` (or ``any <cards>``, plural): the one acting chooses among all
  that match, none to all (the language's ``choose_many``, resolved before the verb runs);
- ``up to N <cards>``: the one acting chooses 1 to N of them (asked here: ``dsl.runtime.up_to``);
- a number or ``each``: as everywhere else.

A card brought in lies where the text runs ("this <place>"), or, in a world with no map, on
the table (``IN_PLAY``), as a card in play from the start does. Nothing here names a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl.runtime import Context, DecisionKind, NothingToActOn, up_to
from dsl.selectors import Selector

from .model import IN_PLAY

if TYPE_CHECKING:
    from .game import WorldGame


def _chosen(ctx: Context, object: Any) -> list[str]:
    """The cards the phrase names: "up to N" asked here, anything else already resolved."""
    if isinstance(object, Selector) and object.quantity.mode == "up_to":
        found = [str(c) for c in ctx.host.select(ctx, object)]
        if not found:
            return []
        most = min(object.quantity.count or 1, len(found))
        answer = ctx.decide(
            DecisionKind.CHOOSE_MANY,
            found,
            f"{object.text}: choose up to {most}",
            min_choices=1,
            max_choices=most,
        )
        return [str(c) for c in answer]
    if object is None:
        return []
    if isinstance(object, list):
        return [str(c) for c in object if c is not None]
    return [str(object)]


@up_to("object")
def bring_into_play(ctx: Context, object: Any) -> None:
    """Bring cards that lie out of play (in a zone) into play: where the text runs, or on the
    table in a world with no map. Choosing none brings none."""
    host: Any = ctx.host
    game: WorldGame = host.game
    cards = _chosen(ctx, object)
    if not cards:
        return  # none chosen ("any number of" allows none), or none to choose: nothing comes
    where = host.here(ctx) or (IN_PLAY if not game.world.places else None)
    if where is None:
        raise NothingToActOn("there is no place to bring it", ctx.span)
    for card in cards:
        game.ops.move_card(card, at=where, why=str(ctx.card or "brought into play"))
        ctx.bindings["it"] = card
