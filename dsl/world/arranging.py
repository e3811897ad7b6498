"""Cards laid out in order, chosen from a row, passed between zones: a deck built by a field, a
row of cards face up that the players choose from.

Three sentences, each bound here (one hook in ``dsl/binder.py``):

- ``Arrange the relic deck by age.``: the zone's cards in order of a number field, the lowest
  first (on top); cards with the same value keep the order they had, so a deck shuffled first
  and then arranged is each value's cards shuffled, stacked lowest on top. A card lacking the
  field is an error naming it.
- ``Select a relic from the market.``: the one acting chooses one card of the kind from the
  zone (a ``choose_option`` question, the cards as options, asked only when there is more than
  one) and takes it into their own zone holding the kind (``dsl.world.take``). A zone with no
  such card is nothing to act on: the text does nothing and an action of it is not offered.
- ``Move each relic in your hand to the market.`` / ``Move 2 relics from the relic deck to the
  market.``: cards from one zone to another, every card of the kind there or the top ones, each
  put at the end of the zone it goes to (the cards laid out earliest stay first: "the lowest").
  A ``Move`` sentence whose destination is no zone is the core verb's (a pawn or a card to a
  place).

A zone is written ``the <kind> deck``, ``the <zone>`` (a zone of the game) or ``your <zone>``
(the acting player's own). Each is checked where the sentence is written: a zone, kind or field
not declared is an error naming what may be written.

Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause, core_clause
from dsl.runtime import Context, DecisionKind, EffectError, NothingToActOn, Span, finds

from .events import WorldEvent
from .model import GAME, PLAYER, game_of
from .state import zone_key
from .take import own_zone

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

ARRANGE = "arrange_cards"
SELECT = "select_card"
MOVE = "move_cards"
FUNCTIONS = (ARRANGE, SELECT, "move")  # the verbs whose sentences are bound here
DECK = "deck"
DISCARD = "discard"
UNTIL = ["until", "it", "holds"]  # "Move relics from the relic deck to the market until it holds 4"
FORMS = {
    ARRANGE: "write 'Arrange <zone> by <number field>.'",
    SELECT: "write 'Select a <kind> from <zone>.'",
    MOVE: (
        "write 'Move each <kind> in <zone> to <zone>.', 'Move N <kinds> from <zone> to <zone>.' "
        "or 'Move <kinds> from <zone> to <zone> until it holds N.'"
    ),
}
ZONES = "a zone is 'the <kind> deck', 'the <kind> discard', 'the <zone>' or 'your <zone>'"


def _join(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def _text(atoms: list[ast.Atom]) -> str:
    return " ".join(a.text for a in atoms)


def kind_named(sb: SentenceBinder, atom: ast.Atom) -> str:
    """The card kind a word names, singular or plural."""
    said = atom.folded
    for kind in sb.v.card_kinds:
        folded = kind.casefold()
        if said in (folded, f"{folded}s", f"{folded}es") or (
            folded.endswith("y") and said == f"{folded[:-1]}ies"
        ):
            return str(kind)
    known = ", ".join(sorted(sb.v.card_kinds)) or "none declared"
    raise BindError(f"'{atom.text}' is no kind of card ({known})", atom.span)


def zone_named(sb: SentenceBinder, atoms: list[ast.Atom]) -> tuple[str, str]:
    """A zone phrase: ("deck", kind), ("game", zone) or ("yours", zone)."""
    if not atoms:
        raise BindError(f"which zone? {ZONES}", Span("<text>", 1, 1, 1, 1))
    here = _join(atoms[0].span, atoms[-1].span)
    words = [a.folded for a in atoms]
    if words[0] not in ("the", "your") or len(words) < 2:
        raise BindError(f"'{_text(atoms)}': {ZONES}", here)
    if words[0] == "the" and words[-1] in (DECK, DISCARD) and len(words) == 3:
        return (words[-1], kind_named(sb, atoms[1]))
    said = " ".join(words[1:])
    world = sb.v.world
    zones = dict(world.zones) if world is not None else {}
    owner = PLAYER if words[0] == "your" else GAME
    for name, decl in zones.items():
        if str(name).casefold() == said and decl.owner == owner:
            return ("yours" if owner == PLAYER else "game", str(decl.name))
    mine = sorted(str(d.name) for d in zones.values() if d.owner == owner)
    whose = "of players" if owner == PLAYER else "of the game"
    raise BindError(
        f"'{_text(atoms)}' names no zone {whose} ({', '.join(mine) or 'none declared'}): {ZONES}",
        here,
    )


def _clause(function: str, roles: list[tuple[str, Any]], atoms: list[ast.Atom]) -> BoundClause:
    return core_clause(
        function.split("_")[0],
        function,
        tuple(roles),
        tuple((role, "from_" if role == "from" else role) for role, _ in roles),
        _text(atoms),
        _join(atoms[0].span, atoms[-1].span),
    )


def _cut(words: list[str], word: str, start: int = 1) -> int | None:
    return next((k for k in range(start, len(words)) if words[k] == word), None)


def bind(sb: SentenceBinder, atoms: list[ast.Atom], span: Any, function: str) -> BoundClause | None:
    """The clause of one of the three sentences, a positioned error, or ``None`` for a ``Move``
    sentence this module does not bind (its destination is no zone)."""
    words = [a.folded for a in atoms]
    here = _join(atoms[0].span, atoms[-1].span)
    if function == "move":
        upto = None
        whole = list(atoms)  # the sentence as written, "until it holds N" too
        if len(words) > 5 and words[-4:-1] == UNTIL and words[-1].isdigit():
            upto, atoms, words = words[-1], atoms[:-4], words[:-4]
        to = max((k for k, w in enumerate(words) if w == "to"), default=None)
        if to is None or to + 1 >= len(words) or words[to + 1] not in ("the", "your"):
            return None
        try:
            into = zone_named(sb, atoms[to + 1 :])
        except BindError:
            return None  # a place: the core verb's sentence
        bound = _move(sb, atoms, words, to, into, here, upto)
        return replace(bound, text=_text(whole), span=_join(whole[0].span, whole[-1].span))
    if function == ARRANGE:
        by = _cut(words, "by")
        if by is None or by + 1 >= len(words):
            raise BindError(f"'{_text(atoms)}': {FORMS[ARRANGE]}", here)
        where = zone_named(sb, atoms[1:by])
        field = " ".join(words[by + 1 :])
        if where[0] == DECK:
            schema = sb.v.kinds.get(where[1]) or sb.v.kinds.get(where[1].casefold())
            if schema is not None and field not in schema.fields:
                known = ", ".join(sorted(schema.fields))
                raise BindError(
                    f"'{field}' is no field of {where[1]} ({known})",
                    _join(atoms[by + 1].span, atoms[-1].span),
                )
        return _clause(ARRANGE, [("object", where), ("by", (field,))], atoms)
    frm = _cut(words, "from")
    if frm is None or frm != 3 or words[1] not in ("a", "an"):
        raise BindError(f"'{_text(atoms)}': {FORMS[SELECT]}", here)
    kind = kind_named(sb, atoms[2])
    return _clause(SELECT, [("object", (kind,)), ("from", zone_named(sb, atoms[frm + 1 :]))], atoms)


def _move(
    sb: SentenceBinder,
    atoms: list[ast.Atom],
    words: list[str],
    to: int,
    into: tuple[str, str],
    here: Span,
    upto: str | None = None,
) -> BoundClause:
    if upto is not None and len(words) > 3 and words[2] == "from":
        count, kind, source = f"upto {upto}", kind_named(sb, atoms[1]), zone_named(sb, atoms[3:to])
    elif upto is not None:
        raise BindError(f"'{_text(atoms)}': {FORMS[MOVE]}", here)
    elif len(words) > 3 and words[1] == "each" and words[3] == "in":
        count, kind, source = "each", kind_named(sb, atoms[2]), zone_named(sb, atoms[4:to])
    elif len(words) > 3 and words[1].isdigit() and words[3] == "from":
        count, kind, source = words[1], kind_named(sb, atoms[2]), zone_named(sb, atoms[4:to])
    else:
        raise BindError(f"'{_text(atoms)}': {FORMS[MOVE]}", here)
    roles = [("object", (count, kind)), ("from", source), ("to", into)]
    return _clause(MOVE, roles, atoms)


# ---- in play -----------------------------------------------------------------------------------


def zone_of(ctx: Context, spec: Any) -> str:
    """The state's key of a zone phrase, the acting player's own for "your"."""
    how, name = str(spec[0]), str(spec[1])
    if how in (DECK, DISCARD):
        return f"{name.casefold()} {how}"
    if how == "yours":
        if ctx.actor is None:
            raise EffectError(f"whose {name}? nobody is acting")
        return zone_key(name, str(ctx.actor))
    return name


def _of_kind(game: WorldGame, key: str, kind: str) -> list[str]:
    folded = kind.casefold()
    cards = game.state.zones.get(key, [])
    return [c for c in cards if str(game.state.cards[c]["kind"]).casefold() == folded]


def _arrange_missing(ctx: Context, object: Any, by: Any) -> str | None:
    return None if game_of(ctx).state.zones.get(zone_of(ctx, object)) else "no card to arrange"


@finds(_arrange_missing)
def arrange_cards(ctx: Context, object: Any, by: Any) -> None:
    """The zone's cards by a number field, lowest first; equal ones keep their order."""
    game = game_of(ctx)
    key, field = zone_of(ctx, object), str(by[0])
    cards = game.state.zones[key]

    def value(card: str) -> int:
        found = game.card_fields(card).get(field)
        if not isinstance(found, int):
            raise EffectError(f"{card} has no number '{field}' to be arranged by")
        return found

    cards.sort(key=value)
    game.ops.emit(WorldEvent.ZONE_ARRANGED, zone=key, by=field)


def _select_missing(ctx: Context, object: Any, from_: Any) -> str | None:
    kind = str(object[0])
    found = _of_kind(game_of(ctx), zone_of(ctx, from_), kind)
    return None if found else f"no {kind} to select"


@finds(_select_missing)
def select_card(ctx: Context, object: Any, from_: Any) -> str:
    """The acting player chooses a card of the kind in the zone and takes it as their own."""
    game = game_of(ctx)
    kind = str(object[0])
    cards = _of_kind(game, zone_of(ctx, from_), kind)
    card = cards[0]
    if len(cards) > 1:
        card = str(ctx.decide(DecisionKind.CHOOSE_OPTION, cards, f"Which {kind} to take?"))
        if card not in cards:
            raise EffectError(f"{card} is not a {kind} there to select")
    if ctx.actor is None:
        raise EffectError("nobody is acting: who selects?")
    game.ops.move_card(card, zone=own_zone(game, kind), owner=str(ctx.actor), why="selected")
    return card


def move_cards(ctx: Context, object: Any, from_: Any, to: Any) -> None:
    """Every card of the kind in a zone (``each``), the top N, or as many as bring the other
    zone's cards of the kind up to N (``upto N``: none when it holds that many), to the end of
    the other zone."""
    game = game_of(ctx)
    count, kind = str(object[0]), str(object[1])
    source, target = zone_of(ctx, from_), zone_of(ctx, to)
    if count.startswith("upto "):
        count = str(max(0, int(count.split()[1]) - len(_of_kind(game, target, kind))))
        if count == "0":
            return
    if count != "each" and not game.state.zones.get(source):
        game.refill(source)
    cards = _of_kind(game, source, kind)
    if count != "each":
        cards = cards[: int(count)]
    if not cards:
        raise NothingToActOn(f"there is no {kind} to move", ctx.span)
    how, name = str(to[0]), str(to[1])
    owner = str(ctx.actor) if how == "yours" and ctx.actor is not None else None
    for card in cards:
        game.ops.move_card(card, zone=name if owner else target, owner=owner, why="moved")


VERBS: dict[str, Any] = {"arrange": arrange_cards, "select": select_card}
PRIMITIVES: dict[str, Any] = {MOVE: move_cards}

__all__ = ["FUNCTIONS", "PRIMITIVES", "VERBS", "arrange_cards", "bind", "move_cards", "select_card"]
