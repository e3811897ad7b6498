"""A card copied during play: another card of the same sheet, with its own numbers and its own
name at the table ("Tunnel Rat 2" beside "Tunnel Rat").

``copies N`` on a card deals N at the start (``game._deal``: ids ``Card#2`` ...). A copy made
while the game runs is the same: a new card id holding the card's name and kind (so the text
read for it, ``card_fields``/``compiled_card``, is the card's), its numbers started as the
deal starts them (``starting at its FIELD`` read from the card's fields), lying where its kind
starts or in the zone asked. It is announced by ``card_copied`` (card, of, card_kind); the
account tells the copy by its own id, the name it was given. Nothing here names a game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dsl.kernel.table import TableError

from .events import WorldEvent
from .model import IN_PLAY

if TYPE_CHECKING:
    from .game import WorldGame


def copy_card(game: WorldGame, card: str, as_name: str | None = None, *, zone: str | None = None,
              why: str = "", at: str | None = None) -> str:  # fmt: skip
    """Make a copy of ``card`` (a card id) named ``as_name`` (else the next free ``Card#N``),
    its numbers at their start; in ``zone``, at ``at`` (a place, or the table), else where its
    kind starts. The copy's id."""
    st = game.state
    info = st.cards.get(card)
    if info is None:
        raise TableError(f"there is no card {card!r} to copy")
    name, kind = str(info["name"]), str(info["kind"])
    cid = as_name
    if cid is None:
        n = 2
        while f"{name}#{n}" in st.cards:
            n += 1
        cid = f"{name}#{n}"
    if cid in st.cards or cid in st.players or cid in st.names:
        raise TableError(f"{cid!r} names a card or a player already: give the copy another name")
    # "called": the name the account tells it by (the card's own name finds its text)
    copy: dict[str, Any] = {"name": name, "kind": kind, "zone": None, "at": None, "called": cid}
    st.cards[cid] = copy
    game.emit(WorldEvent.CARD_COPIED, card=cid, of=name, card_kind=kind, why=why)
    world = game.world
    fields = game.card_fields(cid)
    for decl in world.properties.values():
        if decl.owner == kind:  # a number each card of its kind holds (ops.each_owner)
            start_number(game, cid, decl, fields)
    low = kind.casefold()
    if at is not None:  # brought in as it is made ("Bring 2 copies of ... into play")
        game.ops.move_card(cid, at=at, why=why)
    elif zone is not None:
        game.ops.move_card(cid, zone=zone, why=why)
    elif low == (world.place_kind or "").casefold():
        pass  # a place is the map, not in a zone
    elif low in world.in_play:
        game.ops.move_card(cid, at=IN_PLAY, why=why)
    else:
        game.ops.move_card(cid, zone=world.home.get(low, f"{low} deck"), why=why)  # as dealt
    return cid


def next_name(game: WorldGame, card: str) -> str:
    """The name a copy of ``card`` is given at the table: its card's name and the first free
    number from 2 (``Tunnel Rat 2``; a copy of a copy is one more of the card's)."""
    st = game.state
    name = str(st.cards[card]["name"])
    n = 2
    while any(f"{name} {n}" in taken for taken in (st.cards, st.players, st.names)):
        n += 1
    return f"{name} {n}"


def start_number(game: WorldGame, owner: str, decl: Any, fields: Mapping[str, Any]) -> None:
    """``owner``'s number ``decl`` at its start (``fields``: the owner card's own, read by
    "starting at its nerve"); a pool of dice rolled in. The deal's, and a copy's
    (``dsl.world.copies``)."""
    st = game.state
    start = decl.start
    if decl.start_field is not None:  # "starting at its nerve": the card's own
        own = fields.get(decl.start_field)
        start = decl.clamp(int(own)) if isinstance(own, int) else start
    st.values.setdefault(owner, {})[decl.name] = start
    if decl.shape == "pool":  # dice held by face: rolled in when the game starts
        from .pools import change

        st.values[owner][decl.name] = 0
        change(game, owner, decl, start, "start", tell=False)
