"""A card each player plays as: "heroes are played by players, one each".

Each player is dealt one card of the kind when the game starts (the top card of the kind's
shuffled deck: a choice among them is not a form yet). That card is the player's own: it stands
where the player's pawn stands (and moves with it), so "each hero at this stop" finds it; and a
number of that kind ("nerve is a number 0..5 of heroes") is the played card's when a player holds
it: with a player acting, "Lose 1 nerve." and "your nerve" are that hero's. Nothing here names a
game.
"""

from __future__ import annotations

from typing import Any

from .model import PLAYER, PropertyDecl, World
from .state import WorldState

PLAYED = ["played", "by", "players", "one", "each"]


def read_played(words: list[str]) -> bool:
    """``<kinds> are played by players, one each`` (the words after "are", commas left out)."""
    return words == PLAYED


def played_by(state: WorldState, player: str, kind: str) -> str | None:
    """The card of ``kind`` that ``player`` plays, if dealt."""
    for card, info in state.cards.items():
        if info.get("player") == player and info["kind"].casefold() == kind:
            return card
    return None


def holder(world: World, state: WorldState, owner: str, decl: PropertyDecl | None) -> str:
    """Who holds a number for ``owner``: a player's own card when the number is of a kind the
    players play as, else the owner itself."""
    if decl is None or decl.owner == PLAYER or decl.owner not in world.played:
        return owner
    if owner not in state.players:
        return owner
    return played_by(state, owner, decl.owner) or owner


def deal(world: World, state: WorldState, zones: dict[str, list[str]], at: Any) -> None:
    """Each player takes the top card of each played kind's deck; it stands where ``at(player)``
    says (the player's pawn), or on the table."""
    for kind in world.played:
        home = world.home.get(kind, f"{kind} deck")
        deck = zones.get(home, [])
        for player in state.players:
            if not deck:
                break
            card = deck.pop(0)
            info = state.cards[card]
            info.update(zone=None, at=at(player), player=player)


def redeal(world: World, state: WorldState, card: str) -> None:
    """``card``, dealt to a player and then found out of the game (burnt in an earlier session
    of the campaign), is replaced by the next card of its kind's deck, standing where it stood;
    with the deck empty the player plays none."""
    info = state.cards[card]
    player, at = info.get("player"), info.get("at")
    if player is None:
        return
    info.update(player=None, at=None)
    kind = str(info["kind"]).casefold()
    deck = state.zones.get(world.home.get(kind, f"{kind} deck"), [])
    if deck:
        state.cards[deck.pop(0)].update(zone=None, at=at, player=player)


def follow(state: WorldState, player: str, to: str) -> None:
    """The cards a player plays as move with their pawn."""
    for info in state.cards.values():
        if info.get("player") == player and info.get("at") is not None:
            info["at"] = to
