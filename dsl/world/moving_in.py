"""A card's text that runs when a player's pawn, or a card a player plays as, moves into the
place the card lies at: ``trigger "Moving in" on moving in for trap``.

A trigger declared ``on moving in`` is told by the engine, not fired by the procedure: each time
the verb "move" takes a player's pawn (``Move to an adjacent room.``, ``Move each player to the
Hall.``) or a card a player plays as (``Move that hero to the Hall.``) into a place, every card
lying at that place with a text of the trigger runs it, and so does the place's own card (a map
made of place cards: "a character moving into this location" printed on the location):

- the player whose pawn or card moved acts ("Lose 3 body." is theirs, "your rank in lore" their
  character's), the card is "this <kind>" and its place "this <place>";
- the cards are those lying there when the mover arrives, in the order they lie: a card moved
  away before is not told, two such cards there both run;
- the mover's own cards, come with it, are not told of their own arrival;
- a move that ends where it began is no move into; a pawn put on the map for the first time is
  not moving in (setup places, it does not move);
- several moved by one sentence arrive one after another, each told as it arrives;
- a sentence of the text with nothing to act on ends that text, not the move.

Told at check (``check``): a world with nothing that moves (no pawn, no kind played by players),
and an event that reads like this one but is not ("moving into", "moving out").

Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from dsl.runtime import Context, NothingToActOn, Span

if TYPE_CHECKING:
    from .game import WorldGame

EVENT = "moving in"


def labels(game: WorldGame) -> list[str]:
    """The triggers the engine tells of a move into a place."""
    return [t.label for t in game.ruleset.vocabulary.triggers.values() if t.event == EVENT]


def arrived(game: WorldGame, ctx: Context, player: str, place: str, source: Any) -> None:
    """``player`` (their pawn, or a card they play as) came into ``place`` from ``source``:
    the texts of the cards lying there run, the player acting."""
    told = labels(game)
    if not told or source is None or source == place:
        return
    cards = game.state.cards
    there = [
        c
        for c, info in cards.items()
        if (c == place or info.get("at") == place) and info.get("player") != player
    ]
    for card in there:
        compiled = game.compiled_card(card)
        for label in told:
            for ability in compiled.abilities_for(label):
                inner = Context(game.host, card=card, actor=player)
                inner.answers, inner.cursor = ctx.answers, ctx.cursor
                try:
                    ability.run(inner)
                except NothingToActOn:
                    pass  # the text does what it finds to do
                finally:
                    ctx.cursor = inner.cursor


def mover(game: WorldGame, thing: str) -> str | None:
    """The player a moved thing belongs to: a player (their pawn), a card a player plays as."""
    if thing in game.state.players:
        return thing
    info = game.state.cards.get(thing)
    player = info.get("player") if info is not None else None
    return str(player) if player is not None else None


def check(
    triggers: Mapping[str, Any], pawns: Iterable[str], played: Iterable[str]
) -> list[tuple[str, Span]]:
    """Each trigger told of a move into a place in a world where nothing moves, and each event
    that reads like that one but is not, with where it is declared."""
    found: list[tuple[str, Span]] = []
    moves = bool(list(pawns)) or bool(list(played))
    for trigger in triggers.values():
        event = trigger.event or ""
        if event == EVENT and not moves:
            found.append(
                (
                    f"'{trigger.label}' runs when a player's pawn or card moves into a place, and "
                    "nothing moves here: declare pieces each player has one of (a pawn) or cards "
                    "played by players",
                    trigger.span,
                )
            )
        elif event != EVENT and event.split()[:1] == ["moving"]:
            found.append(
                (
                    f"the engine tells 'moving in' (a move into the card's place), not '{event}': "
                    f"write 'trigger \"{trigger.label}\" on moving in'",
                    trigger.span,
                )
            )
    return found
