"""The operations facade: the only code that changes a world game's state, and the only code that
tells its events. The core verbs, the procedure and the engine's own steps all come here.

Each operation refuses what the table cannot do (``TableError``: a card that is not there, more
pieces than a thing holds) before changing anything, so a refused verb leaves the state as it
was. A track's threshold text runs from here, with the track's owner acting, when a change
reaches it (``change``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dsl.kernel.table import TableError
from dsl.runtime import Context

from . import boxes, control, matching, pools
from .events import WorldEvent
from .model import GAME, PropertyDecl, World
from .state import WorldState, owned_key, split_key, zone_key

if TYPE_CHECKING:
    from .game import WorldGame


class Ops:
    """The named state changes of one game (``game.ops``)."""

    __slots__ = ("game", "overflowing", "world")

    def __init__(self, game: WorldGame) -> None:
        self.game = game
        self.world: World = game.world
        self.overflowing: set[tuple[str, str]] = set()  # "At above" texts running now

    @property
    def state(self) -> WorldState:
        state: WorldState = self.game.state  # a restore puts a new state in place: read it here
        return state

    def emit(self, kind: WorldEvent, **data: Any) -> None:
        self.game.emit(kind, **data)

    # ---- numbers -----------------------------------------------------------------------------

    def value(self, owner: str, name: str) -> int:
        decl = self.world.property(name)
        if decl is not None and decl.owner == GAME:
            owner = GAME  # one number for the table, whoever reads it
        owner = control.holder(self.world, self.state, owner, decl)  # a player's own card's
        held = self.state.values.get(owner, {})
        if decl is None and (pooled := pools.reading(self.world, name)) is not None:
            return pools.read(self.game, owner, *pooled)  # "your highest charm"
        if decl is None:
            return int(held.get(name.casefold(), 0))
        return int(held.get(decl.name, decl.start))

    def set(
        self, owner: str, name: str, value: int, why: str = "", ctx: Context | None = None
    ) -> int:
        """Set a number, kept within its bounds; returns the value it now has."""
        return self.change(owner, name, value - self.value(owner, name), why, ctx)

    def change(
        self, owner: str, name: str, delta: int, why: str = "", ctx: Context | None = None
    ) -> int:
        """Add ``delta`` to an owner's number, within its bounds (round them, when it wraps),
        running each threshold the change reaches on its way (a track that goes back to a start
        and keeps rising goes on from there with what is left of the change). Returns the value
        it ends at."""
        decl = self.world.property(name)
        if decl is not None and decl.owner == GAME:
            owner = GAME  # "Gain 1 momentum.": the table's one pool, whoever gains it
        owner = control.holder(self.world, self.state, owner, decl)  # "Lose 1 nerve.": the hero's
        if decl is not None and decl.shape == "pool":  # dice by face: ``dsl.world.pools``
            return pools.change(self.game, owner, decl, delta, why)
        key = decl.name if decl is not None else name.casefold()
        before = self.value(owner, key)
        if delta == 0:
            return before
        if (
            decl is not None
            and (fell := boxes.fall(self.game, owner, decl, before, delta, why)) is not None
        ):
            return fell  # to its floor over a track of boxes: back to its start, a box marked
        if decl is None or not decl.thresholds:
            after = decl.moved(before, delta) if decl is not None else before + delta
            return self.write(owner, key, before, after, why)
        return self._walk_track(owner, decl, before, delta, why, ctx)

    def write(self, owner: str, key: str, before: int, after: int, why: str = "") -> int:
        """Hold ``after`` as ``owner``'s number ``key`` (it was ``before``), told when it moved;
        for a change already worked out (``change``, a fall over boxes). Returns ``after``."""
        if after != before:
            self.state.values.setdefault(owner, {})[key] = after
            self.emit(
                WorldEvent.VALUE_CHANGED,
                owner=owner,
                property=key,
                before=before,
                after=after,
                why=why,
            )
        return after

    def _walk_track(
        self, owner: str, decl: PropertyDecl, before: int, delta: int, why: str, ctx: Context | None
    ) -> int:
        """A track moves one space at a time: each threshold it lands on fires."""
        step = 1 if delta > 0 else -1
        at = before
        left = abs(delta)
        held = self.state.values.setdefault(owner, {})
        while left > 0:
            nxt = decl.step(at, step)  # a wrapping number goes on round its range
            if nxt == at:
                if step < 0:  # at its floor: the deficit passes on, when a text says where
                    self._past_floor(owner, decl, at, left, ctx)
                else:  # at its top: the excess overflows, when a text says where
                    self._past_floor(owner, decl, at, left, ctx, above=True)
                break  # at its end: the rest of the change is lost
            at = nxt
            left -= 1
            held[decl.name] = at
            for threshold in decl.thresholds:
                if threshold.at != at or threshold.below or threshold.above:
                    continue
                self.emit(WorldEvent.THRESHOLD_REACHED, owner=owner, property=decl.name, at=at)
                if threshold.ability is not None:
                    self.game.run_text(threshold.ability, actor=owner, ctx=ctx)
                if threshold.back_to is not None:
                    at = threshold.back_to
                    held[decl.name] = at
        if at != before:
            self.emit(
                WorldEvent.VALUE_CHANGED,
                owner=owner,
                property=decl.name,
                before=before,
                after=at,
                why=why,
            )
        return at

    def _past_floor(
        self,
        owner: str,
        decl: PropertyDecl,
        at: int,
        deficit: int,
        ctx: Context | None,
        *,
        above: bool = False,
    ) -> None:
        """``At below 0: ...``: the text runs with "the deficit" bound (what the change would
        have taken past the floor); the number stays at its floor. ``At above 12: ...``
        (``above``): the same past the top, with "the excess" bound."""
        for threshold in decl.thresholds:
            if not (threshold.above if above else threshold.below) or threshold.at != at:
                continue
            if above:
                self.emit(
                    WorldEvent.THRESHOLD_REACHED,
                    owner=owner,
                    property=decl.name,
                    at=at,
                    excess=deficit,
                )
            else:
                self.emit(
                    WorldEvent.THRESHOLD_REACHED,
                    owner=owner,
                    property=decl.name,
                    at=at,
                    deficit=deficit,
                )
            if threshold.ability is None:
                continue
            bound = {"the excess" if above else "the deficit": deficit}
            if not above:
                self.game.run_text(threshold.ability, owner, ctx, bound)
            elif (owner, decl.name) not in self.overflowing:  # come back round: it is lost
                self.overflowing.add((owner, decl.name))
                try:
                    self.game.run_text(threshold.ability, owner, ctx, bound)
                finally:
                    self.overflowing.discard((owner, decl.name))

    # ---- cards -------------------------------------------------------------------------------

    def where(self, card: str) -> str | None:
        """The zone key or place a card lies in."""
        info = self.state.cards[card]
        return info.get("zone") or info.get("at")

    def move_card(
        self,
        card: str,
        *,
        zone: str | None = None,
        owner: str | None = None,
        at: str | None = None,
        top: bool = False,
        why: str = "",
    ) -> None:
        """Move a card into a zone (``zone``, a player's own with ``owner``) or onto a place
        (``at``): out of wherever it lies first."""
        st = self.state
        if card not in st.cards:
            raise TableError(f"there is no card {card!r}")
        info = st.cards[card]
        source = info.get("zone") or info.get("at")
        self._take_out(card)
        if at is not None:
            info["at"] = at
            info["zone"] = None
            to = at
        else:
            decl = self.world.zone(zone or "")
            key = zone_key(decl.name if decl else (zone or ""), owner)
            cards = st.zones.setdefault(key, [])
            if decl is not None and decl.limit is not None and len(cards) >= decl.limit:
                raise TableError(f"{key} holds at most {decl.limit} cards")
            if top:
                cards.insert(0, card)
            else:
                cards.append(card)
            info["zone"] = key
            info["at"] = None
            to = key
            matching.forget(self.game, card)  # out of play: no dice stay laid on it
        if owner is not None:
            info["owner"] = owner
        self.emit(
            WorldEvent.CARD_MOVED,
            card=card,
            name=info.get("called") or info["name"],  # a copy by its own name (copies.py)
            card_kind=info["kind"],
            source=source,
            to=to,
            owner=info.get("owner"),
            why=why,
        )

    def _take_out(self, card: str) -> None:
        info = self.state.cards[card]
        key = info.get("zone")
        if key:
            cards = self.state.zones.get(key, [])
            if card in cards:
                cards.remove(card)

    def copy_card(
        self, card: str, as_name: str | None = None, *, zone: str | None = None, why: str = ""
    ) -> str:
        """A copy of ``card`` made during play, its numbers at their start (``copies.py``)."""
        from .copies import copy_card

        return copy_card(self.game, card, as_name, zone=zone, why=why)

    def shuffle(self, zone: str) -> None:
        cards = self.state.zones.get(zone)
        if cards is None:
            raise TableError(f"there is no zone {zone!r}")
        self.state.rng.shuffle(cards)
        self.emit(WorldEvent.ZONE_SHUFFLED, zone=zone)

    # ---- pieces ------------------------------------------------------------------------------

    def count(self, holder: str, piece: str, owner: str | None = None) -> int:
        held = self.state.pieces.get(holder, {})
        if owner is None and self._owned(piece):
            return sum(n for k, n in held.items() if split_key(k)[0] == piece)
        return int(held.get(owned_key(piece, owner), 0))

    def _owned(self, piece: str) -> bool:
        decl = self.world.pieces.get(piece.casefold())
        return decl is not None and decl.owned

    def in_supply(self, piece: str, owner: str | None = None) -> int | None:
        """How many pieces are left to place (``None``: as many as needed)."""
        decl = self.world.pieces.get(piece.casefold())
        if decl is None or decl.supply is None:
            return None
        key = owned_key(decl.name, owner if decl.owned else None)
        out = sum(held.get(key, 0) for held in self.state.pieces.values())
        return decl.supply - out

    def place(self, holder: str, piece: str, count: int = 1, owner: str | None = None) -> int:
        """Put ``count`` pieces on a thing, as many as the supply and the thing's limit allow;
        returns how many were placed."""
        decl = self.world.pieces.get(piece.casefold())
        name = decl.name if decl is not None else piece
        left = self.in_supply(name, owner)
        if left is not None:
            count = min(count, left)
        if decl is not None and decl.limit_per_place is not None:
            here = sum(
                n for k, n in self.state.pieces.get(holder, {}).items() if split_key(k)[0] == name
            )
            count = min(count, decl.limit_per_place - here)
        if count <= 0:
            return 0
        held = self.state.pieces.setdefault(holder, {})
        key = owned_key(name, owner if (decl is None or decl.owned) else None)
        held[key] = held.get(key, 0) + count
        self.emit(
            WorldEvent.PIECES_PLACED,
            piece=name,
            owner=owner,
            on=holder,
            count=count,
            total=held[key],
        )
        return count

    def remove(self, holder: str, piece: str, count: int = 1, owner: str | None = None) -> int:
        """Take up to ``count`` pieces off a thing (an owner's own when given, else any owner's,
        in seat order); returns how many were taken."""
        held = self.state.pieces.get(holder, {})
        keys = (
            [owned_key(piece, owner)]
            if owner is not None or not self._owned(piece)
            else [k for k in held if split_key(k)[0] == piece]
        )
        taken = 0
        for key in keys:
            have = held.get(key, 0)
            take = min(have, count - taken)
            if take <= 0:
                continue
            held[key] = have - take
            if held[key] == 0:
                del held[key]
            taken += take
            self.emit(
                WorldEvent.PIECES_REMOVED,
                piece=split_key(key)[0],
                owner=split_key(key)[1],
                source=holder,
                count=take,
                total=held.get(key, 0),
            )
        return taken

    # ---- pawns: where a player stands ----------------------------------------------------------

    def pawn_at(self, player: str) -> str | None:
        pawn = self.world.pawn()
        if pawn is None:
            return None
        key = owned_key(pawn.name, player)
        for holder, held in self.state.pieces.items():
            if held.get(key):
                return holder
        return None

    def move_pawn(self, player: str, to: str) -> None:
        pawn = self.world.pawn()
        if pawn is None:
            raise TableError("the players have no pawns on the map")
        source = self.pawn_at(player)
        if source == to:
            return
        key = owned_key(pawn.name, player)
        if source is not None:
            del self.state.pieces[source][key]
        self.state.pieces.setdefault(to, {})[key] = 1
        control.follow(self.state, player, to)  # the card the player plays as stands with the pawn
        self.emit(WorldEvent.PAWN_MOVED, player=player, source=source, to=to)

    # ---- dice --------------------------------------------------------------------------------

    def roll(
        self, die: str, by: str | None = None, nth: tuple[int, int] | None = None
    ) -> tuple[int, Any]:
        """Roll a declared die through the kernel's chance points; returns its face and, when
        the die has a table, the row the face reads. ``nth``: this is die k of n rolled
        together (the table, asked for the faces, is told so)."""
        decl = self.world.dice.get(die.casefold())
        if decl is None:
            raise TableError(f"there is no die {die!r}")
        label = None
        if self.state.table_dice:  # the table is asked: which die, for whom, how many
            whose = f" for {self.state.names.get(by, by)}" if by else ""
            many = f", die {nth[0]} of {nth[1]}" if nth is not None and nth[1] > 1 else ""
            label = f"the {decl.name} (a d{decl.sides}){whose}{many}"
        face = self.game.roll_dice(decl.sides, 1, decl.name, label)[0]
        row = None
        if decl.table is not None:
            table = self.world.tables.get(decl.table.casefold())
            if table is not None:
                row = table.lookup(face)
        self.emit(
            WorldEvent.DIE_ROLLED,
            die=decl.name,
            face=face,
            result=getattr(row, "result", None),
            by=by,
        )
        return face, row

    # ---- turns -------------------------------------------------------------------------------

    def set_order(self, order: list[str], how: str) -> None:
        self.state.order = list(order)
        self.emit(WorldEvent.TURN_ORDER, order=list(order), how=how)

    def start_turn(self, player: str) -> None:
        st = self.state
        st.current = player
        st.used = []
        if player in st.passed:  # a turn of its own: not passed in it yet ("until it has passed")
            st.passed.remove(player)
        self.emit(WorldEvent.TURN_STARTED, player=player, round=st.round)

    def start_round(self) -> None:
        st = self.state
        st.round += 1
        st.passed = []
        self.emit(WorldEvent.ROUND_STARTED, round=st.round)

    def pass_turn(self, player: str) -> None:
        if player not in self.state.passed:
            self.state.passed.append(player)
        self.emit(WorldEvent.PASSED, player=player)

    def end_game(self, scores: dict[str, int], why: str) -> None:
        st = self.state
        ranking = sorted(st.players, key=lambda p: (-scores.get(p, 0), st.players.index(p)))
        best = scores.get(ranking[0], 0) if ranking else 0
        winners = [p for p in ranking if scores.get(p, 0) == best]
        winner = winners[0] if len(winners) == 1 else None
        st.result = {"scores": dict(scores), "winner": winner, "ranking": ranking, "tied": winners}
        self.emit(
            WorldEvent.GAME_ENDED, scores=dict(scores), winner=winner, ranking=ranking, why=why
        )
        st.over = True


def each_owner(world: World, state: WorldState, owner_kind: str) -> list[str]:
    """Every owner of a property of ``owner_kind``: the seats, the game, or the cards of a kind."""
    if owner_kind == GAME:
        return [GAME]
    if owner_kind == "player":
        return list(state.players)
    return [c for c, info in state.cards.items() if info["kind"] == owner_kind]


Operation = Callable[..., Any]
