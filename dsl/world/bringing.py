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
the table (``IN_PLAY``), as a card in play from the start does.

Copies named in the phrase (``Bring 3 copies of "Tunnel Rat" into play.``, ``Bring up to 2
copies of each soldier in play into play.``: ``dsl.copies_of``) are new cards made of those the
phrase names, each named after its card and the next free number (``Tunnel Rat 2``), its
numbers started as the deal starts them (``dsl.world.copies``), and brought in as it is made.
``up to N copies`` asks how many of each card, 0 to N, all asked before any copy is made. The
cards a phrase with ``each`` names are those it finds as the sentence runs (a copy among them
is copied as its card is). Nothing here names a game."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dsl.runtime import Context, DecisionKind, NothingToActOn, up_to
from dsl.selectors import Quantity, Selector

from .copies import copy_card, next_name
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
    if isinstance(object, Selector) and object.copies:
        counts = _copies(ctx, game, object)
        if not any(n for _, n in counts):
            return  # none asked for (0 of each), or no card found to copy
        where = _where(ctx, game)
        why = str(ctx.card or "brought into play")
        made = [copy_card(game, card, next_name(game, card), at=where, why=why)
                for card, n in counts for _ in range(n)]  # fmt: skip
        ctx.bindings["it"] = made[-1]
        return
    cards = _chosen(ctx, object)
    if not cards:
        return  # none chosen ("any number of" allows none), or none to choose: nothing comes
    where = _where(ctx, game)
    for card in cards:
        game.ops.move_card(card, at=where, why=str(ctx.card or "brought into play"))
        ctx.bindings["it"] = card


ASKED = "how many copies of {name} come in? 0 to {most}"  # the question, for each card


def copies_asked(decision: Any) -> str | None:
    """The card (its name at the table) a question of ``up to N copies`` asks about, else
    ``None``: for a program answering it (a table companion)."""
    if getattr(decision, "kind", None) != DecisionKind.CHOOSE_VALUE:
        return None
    found = re.fullmatch(r"how many copies of (.+) come in\? 0 to \d+", str(decision.prompt))
    return found[1] if found else None


def _where(ctx: Context, game: WorldGame) -> str:
    host: Any = ctx.host
    where = host.here(ctx) or (IN_PLAY if not game.world.places else None)
    if where is None:
        raise NothingToActOn("there is no place to bring it", ctx.span)
    return str(where)


def _copies(ctx: Context, game: WorldGame, phrase: Selector) -> list[tuple[str, int]]:
    """Each card the phrase copies and how many copies of it: the phrase's count, or asked
    (``up to N``: 0 to N), every answer taken before a copy is made."""
    if phrase.name is not None:
        cards = game.state.cards
        card = phrase.name if phrase.name in cards else None
        card = card or next((c for c, i in cards.items() if i["name"] == phrase.name), None)
        if card is None:
            raise NothingToActOn(f'there is no card "{phrase.name}" to copy', ctx.span)
        found = [card]
    else:
        every = replace(phrase, copies=False, quantity=Quantity("all", None, None, True))
        found = [str(c) for c in ctx.host.select(ctx, every)]
    most = phrase.quantity.count or 1
    if phrase.quantity.mode != "up_to":
        return [(card, most) for card in found]
    counts = []
    for card in found:
        name = game.state.cards[card].get("called") or card
        asked = ASKED.format(name=name, most=most)
        counts.append(
            (card, int(ctx.decide(DecisionKind.CHOOSE_VALUE, list(range(most + 1)), asked)))
        )
    return counts
