"""Dice laid on a card to match the faces it prints: "seals is a pool 0..4 of doors, each a d6,
matching its lock".

A pool of a card kind declared ``matching its <list field>`` holds the dice laid on each card
of that kind; the card's list field (``lock 2, 2, 5``) is the pattern they must match, face for
face. The verbs and numbers that use it:

- ``Target a door at this gate.``: the thing chosen becomes "it" and nothing changes (refused
  when there is none: an action with nothing to target is not offered);
- ``Lay charms on it.``: from the actor's pool, every die whose face the card's pattern
  still lacks is laid on the card (each face as often as the pattern lacks it; the dice stay
  there across actions and players until the card leaves play); ``Lay charms of your choice on
  it.``: those the player chooses among them, any number, none included (one question:
  ``dsl.world.pools.choose_dice``);
- ``Reroll charms.``: every die of the actor's pool is rolled again;
- ``the unmatched lock of it`` / ``its unmatched lock``: how many faces of the pattern no laid
  die covers yet (0: matched);
- ``the faces of its lock missing from your charms``: how many of the pattern's different
  faces no die of the actor's pool shows (0 when the pattern is already matched: nothing is
  left to meet);
- ``your rank in its skill``: the rank of the actor's own card (the card they play as) in the
  member a field of the card names (``skill lore`` reads the actor's lore).

Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.bound import BoundClause
from dsl.runtime import Context, EffectError, NothingToActOn, creates, finds
from dsl.selectors import Selector

from . import partners
from .control import holder
from .events import WorldEvent
from .model import PropertyDecl, World, game_of
from .pools import choice_at, choose_dice, declared_pool, faces, tell_pool

if TYPE_CHECKING:
    from dsl.binder import SentenceBinder

    from .game import WorldGame

UNMATCHED = "unmatched "  # "unmatched lock": the read name "the unmatched lock of it" gives
MISSING = " missing from "  # "faces of lock missing from charms"
FACES = "faces of "
RANK = "rank in "  # "rank in skill": "your rank in its skill"
LEARNED = "learned "  # the state's number of ranks a card learned: "learned lore"


def laid_pool(world: World, kind: str) -> PropertyDecl | None:
    """The pool laid on cards of ``kind`` (``matching its <field>``), if one is declared."""
    folded = kind.casefold()
    for decl in world.properties.values():
        if decl.shape == "pool" and decl.matching and decl.owner.casefold() == folded:
            return decl
    return None


def pattern(game: WorldGame, card: str, field: str) -> list[int]:
    """The faces a card's list field prints (``lock 2, 2, 5``)."""
    found = game.card_fields(card).get(field)
    items = found if isinstance(found, list | tuple) else []
    return [int(x) for x in items if isinstance(x, int)]


def tally(dice: list[int]) -> dict[int, int]:
    """How many dice show each face."""
    found: dict[int, int] = {}
    for face in dice:
        found[face] = found.get(face, 0) + 1
    return found


def lacking(game: WorldGame, card: str) -> dict[int, int]:
    """The faces of the card's pattern that no laid die covers yet, with how many of each."""
    decl = laid_pool(game.world, game.state.cards[card]["kind"])
    if decl is None or decl.matching is None:
        return {}
    laid = tally(faces(game, card, decl))
    wanted = tally(pattern(game, card, decl.matching)).items()
    return {face: n - laid.get(face, 0) for face, n in wanted if n > laid.get(face, 0)}


def _pool_of(game: WorldGame, selector: Any) -> PropertyDecl:
    noun = (selector.noun or "").casefold() if isinstance(selector, Selector) else str(selector)
    decl = game.world.property(noun)
    if decl is None or decl.shape != "pool":
        raise EffectError(f"'{getattr(selector, 'text', selector)}' is not a pool of dice")
    return decl


def _move_face(game: WorldGame, owner: str, decl: PropertyDecl, face: int, delta: int) -> None:
    held = game.state.values.setdefault(owner, {})
    key = f"{decl.name}#{face}"
    held[key] = int(held.get(key, 0)) + delta
    held[decl.name] = len(faces(game, owner, decl))


def _one(ctx: Context, object: Any, what: str) -> str:
    things = object if isinstance(object, list) else [object]
    cards = [str(t) for t in things if t is not None]
    if not cards:
        raise NothingToActOn(f"there is nothing to {what}", ctx.span)
    return cards[0]


def _nothing_to_target(ctx: Context, object: Any) -> str | None:
    things = object if isinstance(object, list) else [object]
    return None if any(t is not None for t in things) else "nothing to target"


@finds(_nothing_to_target)
def target_thing(ctx: Context, object: Any) -> None:
    """Turn to a thing: it becomes "it" for the sentences after; nothing changes. An action
    naming its model this way (``dsl.world.partners``) refuses a choice recorded before the
    table changed: one its taker holds a card against since."""
    chosen = _one(ctx, object, "target")
    gone = partners.still_found(game_of(ctx), ctx, chosen)
    if gone is not None:
        raise NothingToActOn(gone, ctx.span)
    ctx.bindings["it"] = chosen


def bind_lay_from(sb: SentenceBinder, atoms: list[ast.Atom], span: Any) -> BoundClause:
    """``Lay the <pool> of <thing> on it.``: the dice of a thing's pool (a place's, a card's)
    rather than the actor's; bound as ``Lay the <pool> on it.`` with the thing added."""
    words = [a.folded for a in atoms]
    chosen = choice_at(words)
    if chosen is not None:  # "Lay charms of your choice on it.": the player chooses
        return _bind_lay_choice(sb, atoms, span, chosen)
    of = words.index("of")
    on = max((k for k in range(of + 1, len(words)) if words[k] == "on"), default=None)
    if on is None or on == of + 1:
        raise BindError("write 'Lay the <pool> of <thing> on <card>.'", atoms[of].span)
    thing = sb.b.single(sb.b.lex(atoms[of + 1 : on]))
    if not isinstance(thing, Selector):
        raise BindError(
            "the dice of what? write 'Lay the <pool> of <thing> on <card>.'", atoms[of + 1].span
        )
    clause = sb.clause(atoms[:of] + atoms[on:], span)
    return replace(
        clause,
        roles=(*clause.roles, ("of", thing)),
        params=(*clause.params, ("of", "of")),
        text=" ".join(a.text for a in atoms),
    )


def _bind_lay_choice(sb: SentenceBinder, atoms: list[ast.Atom], span: Any, at: int) -> BoundClause:
    """``Lay <pool> [of <thing>] of your choice on <card>.``: the clause without "of your
    choice", the player choosing; the pool is checked where it is written."""
    rest = atoms[:at] + atoms[at + 3 :]
    clause = sb.clause(rest, span)
    if clause.function != "lay":
        raise BindError("write 'Lay <pool> of your choice on <card>.'", atoms[at].span)
    pool = dict(clause.roles).get("object")
    noun = (pool.noun or "").casefold() if isinstance(pool, Selector) else ""
    if declared_pool(sb.v.world, noun) is None:
        said = getattr(pool, "text", noun) or "it"
        raise BindError(f"'{said}' is no pool of dice: only dice are chosen", atoms[1].span)
    return replace(
        clause,
        roles=(*clause.roles, ("how", ("choice",))),
        params=(*clause.params, ("how", "how")),
        text=" ".join(a.text for a in atoms),
    )


@creates("object")
def lay(ctx: Context, object: Any, on: Any, of: Any = None, how: Any = None) -> None:
    """Lay on a card, from the actor's pool (or the pool of the thing ``of`` names), every die
    whose face its pattern still lacks (``how`` "choice": those of them the player chooses)."""
    game = game_of(ctx)
    card = _one(ctx, on, "lay dice on")
    ctx.bindings["it"] = card
    laid = laid_pool(game.world, game.state.cards[card]["kind"])
    if laid is None:
        kind = game.state.cards[card]["kind"]
        raise EffectError(f"no pool is laid on a {kind}: declare one 'matching its <field>'")
    if ctx.actor is None:
        raise EffectError("nobody is acting: whose dice are matched?")
    pool = _pool_of(game, object)
    if of is not None:
        things = [t for t in (of if isinstance(of, list) else [of]) if t is not None]
        if not things:
            return
        owner = str(things[0])
    else:
        owner = holder(game.world, game.state, str(ctx.actor), pool)
    held = tally(faces(game, owner, pool))
    moved = [
        face
        for face, n in sorted(lacking(game, card).items())
        for _ in range(min(n, held.get(face, 0)))
    ]
    if how and moved:
        asked = f"Which {pool.name} to lay on {card}?"
        moved = sorted(choose_dice(ctx, moved, range(len(moved) + 1), asked))
    if not moved:
        return
    before_held, before_laid = len(faces(game, owner, pool)), len(faces(game, card, laid))
    for face in moved:
        _move_face(game, owner, pool, face, -1)
        _move_face(game, card, laid, face, +1)
    why = str(ctx.card or "")
    tell_pool(game, owner, pool, before_held, why)
    tell_pool(game, card, laid, before_laid, why)


@creates("object")
def reroll(ctx: Context, object: Any) -> None:
    """Roll again every die of the actor's pool: as many dice, new faces."""
    game = game_of(ctx)
    pool = _pool_of(game, object)
    if ctx.actor is None:
        raise EffectError("nobody is acting: whose dice are rerolled?")
    owner = holder(game.world, game.state, str(ctx.actor), pool)
    old = faces(game, owner, pool)
    if not old:
        return
    rolled = game.roll_dice(pool.sides, len(old), pool.name)
    held = game.state.values.setdefault(owner, {})
    for face in range(1, pool.sides + 1):
        held.pop(f"{pool.name}#{face}", None)
    for face in rolled:
        _move_face(game, owner, pool, face, +1)
    game.emit(
        WorldEvent.VALUE_CHANGED,
        owner=owner,
        property=pool.name,
        before=len(old),
        after=len(old),
        why=str(ctx.card or ""),
        rolled=rolled,
        faces=faces(game, owner, pool),
    )


def learn(ctx: Context, from_: Any) -> None:
    """The actor's own card gains one rank (to the ranks' most) in the member the card names
    ("Learn from it.": a door asking for picking teaches picking)."""
    game = game_of(ctx)
    card = _one(ctx, from_, "learn from")
    if ctx.actor is None:
        raise EffectError("nobody is acting: who learns?")
    for name, value in game.card_fields(card).items():
        if not isinstance(value, str):
            continue
        found = _ranked(game, str(ctx.actor), value)
        if found is None:
            continue
        mine, most = found
        key = f"{LEARNED}{value.casefold()}"
        held = game.state.values.setdefault(mine, {})
        before = rank(game, str(ctx.actor), value)
        if before >= most:
            return
        held[key] = int(held.get(key, 0)) + 1
        game.emit(
            WorldEvent.VALUE_CHANGED,
            owner=mine,
            property=value.casefold(),
            before=before,
            after=before + 1,
            why=str(ctx.card or name),
        )
        return
    raise NothingToActOn(f"{card} names nothing its learner has a rank in", ctx.span)


def played_rank(game: WorldGame, player: str, member: str) -> int | None:
    """The rank in ``member`` of the card ``player`` plays as ("your lore"), learned ranks
    included; ``None`` when no card they play as has a rank in it (not a rank: another
    number of theirs)."""
    if game.world.property(member) is not None or _ranked(game, player, member) is None:
        return None
    return rank(game, player, member)


def _ranked(game: WorldGame, player: str, member: str) -> tuple[str, int] | None:
    """The card ``player`` plays as that has a rank in ``member``, with the ranks' most."""
    from .control import played_by

    wanted = member.casefold()
    for kind in game.world.played:
        card = played_by(game.state, player, kind)
        if card is None:
            continue
        schema = game.ruleset.vocabulary.kinds.get(game.state.cards[card]["kind"])
        for name, ranks in game.card_fields(card).items():
            if isinstance(ranks, dict) and isinstance(ranks.get(wanted), int):
                field = schema.fields.get(name) if schema is not None else None
                high = field.high if field is not None and field.high is not None else None
                return card, high if high is not None else 1 << 30
    return None


def learned(game: WorldGame, card: str, member: str) -> int:
    """The ranks a card has learned in ``member`` beyond the rank it prints."""
    return int(game.state.values.get(card, {}).get(f"{LEARNED}{member.casefold()}", 0))


def forget(game: WorldGame, card: str) -> None:
    """A card that leaves play keeps no dice laid on it."""
    laid = laid_pool(game.world, game.state.cards[card]["kind"])
    held = game.state.values.get(card)
    if laid is None or not held:
        return
    for face in range(1, laid.sides + 1):
        held.pop(f"{laid.name}#{face}", None)
    held.pop(laid.name, None)


def check_pattern(decl: PropertyDecl, schema: Any) -> str | None:
    """What is wrong with a pool's ``matching its <field>``: the field must be a list of
    numbers of the kind (``lock 2, 2, 5``)."""
    from dsl.diagnostics import did_you_mean

    field = schema.fields.get(decl.matching)
    if field is not None and field.type == "int" and field.is_list:
        return None
    if field is not None:
        return f"{decl.name} matches its {decl.matching}, which is no list of numbers"
    hint = did_you_mean(str(decl.matching), list(schema.fields))
    return f"{decl.name} matches its {decl.matching}, which is no field of a {decl.owner}{hint}"


VERBS: dict[str, Any] = {"target": target_thing, "lay": lay, "reroll": reroll, "learn": learn}


# ---- numbers ------------------------------------------------------------------------------------


def is_reading(name: str) -> bool:
    return name.startswith((UNMATCHED, RANK)) or (name.startswith(FACES) and MISSING in name)


def read(game: WorldGame, ctx: Context, card: str, name: str) -> int:
    """A number this module reads of a card (``unmatched lock``, ``faces of lock missing from
    charms``, ``rank in skill``)."""
    if card not in game.state.cards:
        raise EffectError(f"cannot read '{name}' of {card!r}: it is no card")
    if name.startswith(UNMATCHED):
        from .grid_play import unmatched  # a dice grid: 0 once completed

        open_grid = unmatched(game, card, name.removeprefix(UNMATCHED))
        return sum(lacking(game, card).values()) if open_grid is None else open_grid
    if name.startswith(RANK):
        member = game.card_fields(card).get(name.removeprefix(RANK))
        if not isinstance(member, str):
            raise NothingToActOn(f"{card} names no {name.removeprefix(RANK)}", ctx.span)
        if ctx.actor is None:
            raise EffectError(f"whose {member}? nobody is acting")
        return rank(game, str(ctx.actor), member)
    field, _, pool_name = name.removeprefix(FACES).partition(MISSING)
    if not lacking(game, card):
        return 0  # a pattern already matched asks for nothing
    if ctx.actor is None:
        raise EffectError(f"whose {pool_name}? nobody is acting")
    pool = _pool_of(game, pool_name)
    shown = set(faces(game, holder(game.world, game.state, str(ctx.actor), pool), pool))
    return len(set(pattern(game, card, field)) - shown)


def rank(game: WorldGame, player: str, member: str) -> int:
    """The rank in ``member`` of the card ``player`` plays as, learned ranks included (0 when
    it has none)."""
    found = _ranked(game, player, member)
    if found is None:
        return 0
    card = found[0]
    for ranks in game.card_fields(card).values():
        if isinstance(ranks, dict) and isinstance(ranks.get(member.casefold()), int):
            return int(ranks[member.casefold()]) + learned(game, card, member)
    return 0


def reading_words(words: list[str], fields: set[str], pools: set[str]) -> tuple[str, int] | None:
    """The read name and where its thing starts (``len(words)``: "it"), for the phrases above
    (``words`` folded), else ``None``. ``fields``: the card kinds' fields; ``pools``: the
    declared pools."""
    lists = fields
    if words[:1] == ["its"] and len(words) == 3 and words[1] == "unmatched" and words[2] in lists:
        return f"{UNMATCHED}{words[2]}", len(words)
    if words[:2] == ["the", "unmatched"] and len(words) > 4 and words[2] in lists:
        return (f"{UNMATCHED}{words[2]}", 4) if words[3] == "of" else None
    if words[:2] == ["your", "rank"] and words[2:4] == ["in", "its"] and len(words) == 5:
        return f"{RANK}{words[4]}", len(words)
    if words[:4] == ["your", "rank", "in", "the"] and len(words) > 6 and words[5] == "of":
        # "your rank in the skill of this location": the card named, not "it"
        return (f"{RANK}{words[4]}", 6) if words[4] in lists else None
    if words[:3] == ["the", "faces", "of"] and "missing" in words:
        m = words.index("missing")
        pool = " ".join(words[m + 3 :])
        if words[m + 1 : m + 3] != ["from", "your"] or pool not in pools:
            return None
        if words[3] == "its" and m == 5 and words[4] in lists:
            return f"{FACES}{words[4]}{MISSING}{pool}", len(words)
    return None


__all__ = [
    "VERBS",
    "forget",
    "is_reading",
    "lay",
    "learn",
    "learned",
    "read",
    "reading_words",
    "reroll",
    "target_thing",
]
