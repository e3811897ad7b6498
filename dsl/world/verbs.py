"""The core verbs: what a ruleset written wholly in text can do without a line of Python.

Each verb is a primitive in the language's contract (``dsl.runtime``): its first argument is the
running context, the others the roles a sentence fills (``object``, ``to``, ``from_``...). It
changes the game only through the operations facade (``game.ops``), which tells every change as
an event. Who acts is ``ctx.actor`` (a player's seat, or the owner a threshold or a "for each"
gives); "this <place>" is where the card lies or where the actor stands.

A verb acts on the thing its object names: a number some owner holds ("gain 2 gold", "lose 1
happiness"), cards ("draw 2 relics", "discard a relic"), pieces ("place a fire on that tile"),
a player's pawn ("move to an adjacent place"), a die ("roll the curse die").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dsl.kernel.table import TableError
from dsl.runtime import Context, EffectError, NothingToActOn, creates, finds
from dsl.selectors import Amount, Selector

from . import moving_in
from .matching import VERBS as MATCHING_VERBS
from .matching import lay as lay  # re-exported: a primitive by its name
from .matching import learn as learn
from .matching import reroll as reroll
from .matching import target_thing as target_thing
from .model import GAME, game_of
from .resolving import VERBS as RESOLVING_VERBS
from .resolving import resolve_text as resolve_text
from .state import zone_key
from .take import take

if TYPE_CHECKING:
    from .game import WorldGame


def amount(ctx: Context, value: Any, default: int = 1) -> int:
    """The number a role names: written, a declared value, read or counted."""
    if isinstance(value, int):
        return value
    if isinstance(value, Amount) and value.expr is not None:  # "the factor of the hardship"
        from dsl.expr import evaluate

        return evaluate(value.expr, ctx)
    if isinstance(value, Amount):
        game = game_of(ctx)
        base = value.number if value.number is not None else 1
        if value.value_name is not None:
            base = int(game.ruleset.values[value.value_name])
        if value.per is not None:
            base *= len(ctx.host.select(ctx, value.per))
        return base
    if isinstance(value, Selector):
        q = value.quantity
        if q.mode in ("exact", "up_to", "another"):
            return q.count if q.count is not None else default
        return default
    return default


def _things(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value if v is not None]
    return [str(value)]


def _owners(ctx: Context, subject: Any, number: str | None = None) -> list[str]:
    if number is not None and subject is None:
        decl = game_of(ctx).world.property(number)
        if decl is not None and decl.owner == GAME:
            return [GAME]  # one number for the table: nobody need be acting
    if subject is not None and not isinstance(subject, Selector):
        return _things(subject)
    if ctx.actor is None:
        raise EffectError("nobody is acting: write who ('each player gains 1 gold')")
    return [str(ctx.actor)]


def _is_number(game: WorldGame, selector: Any) -> str | None:
    """The declared property a phrase names ("gold", "happiness"), else ``None``."""
    if not isinstance(selector, Selector):
        return None
    noun = (selector.noun or "").casefold()
    decl = game.world.property(noun)
    return decl.name if decl is not None else None


def _is_piece(game: WorldGame, selector: Any) -> str | None:
    if not isinstance(selector, Selector):
        return None
    noun = (selector.noun or "").casefold()
    decl = game.world.pieces.get(noun)
    return decl.name if decl is not None else None


# ---- numbers ----------------------------------------------------------------------------------


@creates("object")
def gain(ctx: Context, object: Any, subject: Any = None) -> None:
    """Gain N of a number the actor (or each subject) holds: "Gain 2 gold."."""
    game = game_of(ctx)
    name = _number_or_fail(game, object)
    n = amount(ctx, object)
    for owner in _owners(ctx, subject, name):
        game.ops.change(owner, name, n, why=_why(ctx), ctx=ctx)


@creates("object")
def lose(ctx: Context, object: Any, subject: Any = None) -> None:
    """Lose N of a number: as much as is held (a cost, ``ctx.paying``, must be paid in full)."""
    game = game_of(ctx)
    name = _number_or_fail(game, object)
    n = amount(ctx, object)
    low = _floor(game, name)
    for owner in _owners(ctx, subject, name):
        held = game.ops.value(owner, name)
        if ctx.paying and low is not None and held - n < low:
            raise NothingToActOn(f"cannot pay {n} {name}: {held} held", ctx.span)
        game.ops.change(owner, name, -n, why=_why(ctx), ctx=ctx)


def _floor(game: WorldGame, name: str) -> int | None:
    """The least a number may hold (``None``: no floor)."""
    decl = game.world.property(name)
    return decl.low if decl is not None else None


def _short_to_pay(ctx: Context, object: Any, subject: Any = None) -> str | None:
    """What a payment lacks, read only: a holder who would go below the number's floor. The
    engine asks it before it offers a text that only pays (``WorldGame.action_options``)."""
    game = game_of(ctx)
    name = _is_number(game, object)
    if name is None:
        return None  # not a number: the verb itself says so when it runs
    low = _floor(game, name)
    if low is None:
        return None
    n = amount(ctx, object)
    for owner in _owners(ctx, subject, name):
        held = game.ops.value(owner, name)
        if held - n < low:
            return f"not {n} {name} to pay: {held} held"
    return None


@finds(_short_to_pay)
@creates("object")
def pay(ctx: Context, object: Any, subject: Any = None) -> None:
    """Pay N of a number: in full, or not at all."""
    was, ctx.paying = ctx.paying, True
    try:
        lose(ctx, object, subject)
    finally:
        ctx.paying = was


@creates("object")
def set_value(ctx: Context, object: Any, to: Any = None, subject: Any = None) -> None:
    """Set a number to a value: "Set your happiness to 5."."""
    game = game_of(ctx)
    name = _number_or_fail(game, object)
    value = amount(ctx, to, 0)
    for owner in _owners(ctx, subject, name):
        game.ops.set(owner, name, value, why=_why(ctx), ctx=ctx)


def _number_or_fail(game: WorldGame, selector: Any) -> str:
    name = _is_number(game, selector)
    if name is None:
        text = getattr(selector, "text", selector)
        raise EffectError(f"'{text}' is not a number anyone holds")
    return name


# ---- cards ------------------------------------------------------------------------------------


@creates("object")
def draw(ctx: Context, object: Any, from_: Any = None, subject: Any = None) -> None:
    """Draw N cards of a kind from its deck (or the zone written) into the actor's hand; a hand
    declared ``at most N`` draws no more once it holds N (the cards stay where they are)."""
    game = game_of(ctx)
    n = amount(ctx, object)
    kind = object.noun if isinstance(object, Selector) else None
    hand = game.world.zone(game.hand_zone())
    limit = hand.limit if hand is not None else None
    for owner in _owners(ctx, subject):
        source = game.deck_key(kind, from_, ctx)
        for _ in range(n):
            held = game.state.zones.get(zone_key(game.hand_zone(), owner), [])
            if limit is not None and len(held) >= limit:
                break
            cards = game.state.zones.get(source, [])
            if not cards:
                game.refill(source)
                cards = game.state.zones.get(source, [])
            if not cards:
                break
            game.ops.move_card(cards[0], zone=game.hand_zone(), owner=owner, why="draw")


def discard(ctx: Context, object: Any, subject: Any = None) -> None:
    """Put cards (chosen by the phrase) on their kind's discard pile."""
    game = game_of(ctx)
    things = _things(object)
    if not things:
        raise NothingToActOn("there is nothing to discard", ctx.span)
    for card in things:
        game.ops.move_card(card, zone=game.discard_key(card), why="discard")


def destroy(ctx: Context, object: Any) -> None:
    """Take cards out of play onto their discard pile (a building burnt down, a monster slain)."""
    discard(ctx, object)


def play(ctx: Context, object: Any) -> None:
    """Play cards from a hand: each goes to its discard pile and its "Play" text runs."""
    game = game_of(ctx)
    for card in _things(object):
        game.ops.move_card(card, zone=game.discard_key(card), why="played")
        game.run_card_text(card, "play", ctx)


def shuffle(ctx: Context, object: Any) -> None:
    """Shuffle a deck: "Shuffle the relic deck."."""
    game = game_of(ctx)
    if isinstance(object, Selector) and object.place is not None:
        game.ops.shuffle(game.zone_key_for(object.place, ctx))
        return
    kind = object.noun if isinstance(object, Selector) else None
    game.ops.shuffle(game.deck_key(kind, None, ctx))


@creates("object")
def put_into_play(ctx: Context, object: Any, at: Any = None, on: Any = None) -> None:
    """Put a card into play at a place: a named card from wherever it lies, or the top card of
    its kind's deck."""
    game = game_of(ctx)
    destination = _destination(object) if at is None and on is None else None
    if destination is not None:  # "Put each monster into play at a random stop"
        object = replace(object, place=None)
    place = _things(at or on)
    for card in game.cards_named_or_drawn(object, ctx):
        if destination is not None:  # chosen for each card: "a random stop" for each
            place = _things(ctx.host.select(ctx, destination))
        where = place[0] if place else ctx.host.here(ctx)  # type: ignore[attr-defined]
        if where is None:
            raise NothingToActOn("there is no place to put it", ctx.span)
        game.ops.move_card(card, at=where, why="put into play")
        ctx.bindings["it"] = card


def _destination(object: Any) -> Selector | None:
    """The places a phrase of cards to make names after them ("each monster at a random
    stop"): where they go, not where they are."""
    if not isinstance(object, Selector) or object.place is None:
        return None
    return object.place.places if object.place.kind == "places" else None


# ---- pieces and pawns ---------------------------------------------------------------------------


@creates("object")
def place(ctx: Context, object: Any, on: Any = None, at: Any = None, in_: Any = None) -> None:
    """Place N pieces on a thing ("Place a fire on that tile."), the actor's own when players
    own that kind of piece."""
    game = game_of(ctx)
    piece = _is_piece(game, object)
    if piece is None:
        raise EffectError(f"'{getattr(object, 'text', object)}' is not a piece to place")
    targets = _things(on or at or in_) or _things(ctx.host.here(ctx))  # type: ignore[attr-defined]
    if not targets:
        raise NothingToActOn(f"there is nowhere to place {piece}", ctx.span)
    owner = ctx.actor if game.world.pieces[piece.casefold()].owned else None
    n = amount(ctx, object)
    for target in targets:
        game.ops.place(target, piece, n, owner)


@creates("object")
def remove(ctx: Context, object: Any, from_: Any = None, on: Any = None, at: Any = None) -> None:
    """Remove N pieces from a thing: "Remove a fire from that tile."."""
    game = game_of(ctx)
    piece = _is_piece(game, object)
    if piece is None:
        discard(ctx, object)
        return
    targets = _things(from_ or on or at) or _things(ctx.host.here(ctx))  # type: ignore[attr-defined]
    n = amount(ctx, object)
    taken = 0
    for target in targets:
        taken += game.ops.remove(target, piece, n)
    if taken == 0 and ctx.paying:
        raise NothingToActOn(f"there is no {piece} to remove", ctx.span)


def move(ctx: Context, object: Any = None, to: Any = None, from_: Any = None) -> None:
    """Move the actor's pawn ("Move to an adjacent place.") or cards onto a place."""
    game = game_of(ctx)
    if isinstance(to, Selector) and to.name:  # a place named: 'to room "Vault"'
        to = [c for c, i in game.state.cards.items() if i["name"] == to.name]
    places = _things(to)
    if not places:
        raise NothingToActOn("there is nowhere to move to", ctx.span)
    target = places[0]
    things = _things(object) if not isinstance(object, Selector) else []
    if object is not None and not isinstance(object, Selector) and not things:
        raise NothingToActOn(f"there is nothing to move: {getattr(object, 'text', '')}", ctx.span)
    # a card acting ("for each monster in order, ... Move this monster ...") moves as a card
    walks = not things  # "Move to an adjacent place.": the one acting moves their pawn
    if not things or (things == [ctx.actor] and ctx.actor in game.state.players):
        if ctx.actor is None:
            raise EffectError("nobody is acting: who moves?")
        things = [str(ctx.actor)]
    for thing in things:  # each told as it arrives: ``dsl.world.moving_in``
        pawn = thing in game.state.players or (walks and thing == str(ctx.actor))
        source = game.ops.pawn_at(thing) if pawn else game.ops.where(thing)
        if pawn:
            game.ops.move_pawn(thing, target)
        else:
            game.ops.move_card(thing, at=target, why="move")
        player = moving_in.mover(game, thing)
        if player is not None:
            moving_in.arrived(game, ctx, player, target, source)


# ---- dice -------------------------------------------------------------------------------------


def roll(ctx: Context, object: Any) -> int:
    """Roll a declared die: its face is "it" (and "the roll") for the sentences after, and its
    table's row, when it has one, is run as text."""
    game = game_of(ctx)
    name = object.noun if isinstance(object, Selector) else str(object)
    if name is None or name.casefold() not in game.world.dice:
        raise EffectError(f"'{getattr(object, 'text', object)}' is not a die")
    face, _row = game.ops.roll(name, by=ctx.actor)
    ctx.bindings["it"] = face
    ctx.bindings["value"] = face
    return face


def hold(ctx: Context, object: Any, subject: Any = None) -> None:
    """Hold a card for as long as its tag says ("Hold "Eased"."): the actor, or each subject;
    a card held in stacks gets one more (``dsl.world.durations.give``)."""
    from .durations import give

    game = game_of(ctx)
    if isinstance(object, Selector):  # a card named: wherever it lies (it is held, not moved)
        found = [object.name] if object.name else ctx.host.select(ctx, object)
        object = [r.get("name") if isinstance(r, dict) else r for r in found]
    cards = _things(object)
    if not cards:
        raise NothingToActOn("there is no card to hold", ctx.span)
    for owner in _owners(ctx, subject):
        for card in cards:
            give(game, owner, card, 1, why=_why(ctx))


def _why(ctx: Context) -> str:
    return str(ctx.card or "")


CORE_VERBS: dict[str, Callable[..., Any]] = {
    "gain": gain,
    "lose": lose,
    "pay": pay,
    "set": set_value,
    "draw": draw,
    "discard": discard,
    "destroy": destroy,
    "play": play,
    "shuffle": shuffle,
    "put into play": put_into_play,
    "place": place,
    "remove": remove,
    "move": move,
    "roll": roll,
    "hold": hold,
    "take": take,  # dsl/world/take.py: a card into the actor's own zone holding its kind
    **MATCHING_VERBS,  # dice laid on a card to match its pattern: ``dsl.world.matching``
    **RESOLVING_VERBS,  # one card's text of a trigger: ``dsl.world.resolving``
}

from .dice_moves import VERBS as DICE_MOVE_VERBS  # noqa: E402  (a die moved for a die spent)

CORE_VERBS.update(DICE_MOVE_VERBS)

from .die_changes import VERBS as DIE_CHANGE_VERBS  # noqa: E402  (a die turned, split, exploded)

CORE_VERBS.update(DIE_CHANGE_VERBS)

from .bringing import bring_into_play  # noqa: E402  (cards set aside, brought in: its module)

CORE_VERBS["bring into play"] = bring_into_play

from .burning import BURNING_VERBS  # noqa: E402  (a card out of the campaign: its module)

CORE_VERBS.update(BURNING_VERBS)

from .arranging import VERBS as ARRANGING_VERBS  # noqa: E402  (cards arranged, selected: its module)

CORE_VERBS.update(ARRANGING_VERBS)

from .grid_play import VERBS as GRID_VERBS  # noqa: E402  (dice laid on a card's grid: its module)

CORE_VERBS.update(GRID_VERBS)

from .boxes import BOX_VERBS  # noqa: E402  (a box of a track erased: its module)

CORE_VERBS.update(BOX_VERBS)

from .pools import VERBS as POOL_VERBS  # noqa: E402  (dice a player chooses to keep: its module)

CORE_VERBS.update(POOL_VERBS)

__all__ = ["CORE_VERBS", "TableError", *(f.__name__ for f in CORE_VERBS.values())]
