"""Superlatives that pick a place by what lies or stands there.

Two readings extend "the room with the most Beast monsters" (``dsl.binder``'s
``superlative``, scored by ``host.measure``):

- ``the north post of the scout with the lowest stealth``: the best is taken among the things
  standing at the places the head names (the scouts at north posts, not all scouts), and the
  places found are where the best stand. A tie leaves several places (the acting player
  chooses, as for any superlative); none standing there finds nothing to act on.
- ``the post with the most gems``: a pool of dice the places hold (``gems is a pool of
  posts``), or a family of them declared for each member (``ruby gems``, ...), is counted at
  each place, the family's pools added up.

The binder asks ``standing`` and ``counted_pools``; the compiled text asks ``where_best_stand``.
A superlative of a number the compared things do not hold ("the post with the lowest stealth",
"the post with the most charms" of players) is told at check (``check_holder``). Nothing here
names a game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dsl.bind_error import BindError
from dsl.runtime import Context, EffectError, NothingToActOn
from dsl.selectors import Quantity, Selector, Superlative
from dsl.vocabulary import singular_of

if TYPE_CHECKING:
    from dsl.binder import Binder, Lexeme

# words that end what is counted: where the candidates are comes next
_PLACE_WORDS = ("at", "in", "on", "from", "into", "onto", "to", "of", "and", "or")


def stands_of(b: Binder, lx: list[Lexeme], i: int, sel: Selector) -> bool:
    """Whether ``lx[i]`` ("of") starts "the <place> of <a thing with a superlative>"."""
    return (
        bool(b.place_kind)
        and sel.noun_category == "card kind"
        and sel.noun == b.place_kind
        and sel.reference is None
        and sel.superlative is None
        and i + 1 < len(lx)
        and lx[i].text.casefold() == "of"
        and lx[i + 1].text.casefold() in ("the", "a", "an")
    )


def standing(b: Binder, lx: list[Lexeme], i: int, sel: Selector) -> tuple[Superlative, int]:
    """``of the scout with the lowest stealth`` (``lx[i]`` after "of"): the superlative of
    the things standing there, kept as the place's own (``Superlative.of``)."""
    inner, k = b.selector(lx, i)
    place = b.place_kind or "place"
    if inner.superlative is None:
        raise BindError(
            f"'the {place} of ...' picks where the best one stands: write 'the {place} of the "
            "<thing> with the lowest <number>' (or most, fewest, highest)",
            lx[i].span,
        )
    if inner.noun_category not in ("card kind", "card") or inner.noun == b.place_kind:
        raise BindError(
            f"'the {place} of ...' names things that stand on a {place}, not {inner.text}",
            lx[i].span,
        )
    best = inner.superlative
    of = replace(inner, superlative=None, quantity=Quantity("all", None, plural=True))
    return replace(best, of=of), k


def counted_pools(
    b: Binder, lx: list[Lexeme], i: int, sel: Selector
) -> tuple[Selector, int] | None:
    """``gems``, ``gem dice``, ``ruby gems`` after "with the most": the pool (or the
    family of pools) counted at each candidate, else ``None`` (not a pool's name). A pool the
    candidates do not hold is a check error."""
    world = getattr(b.v, "world", None)
    if world is None:
        return None
    k = i
    while k < len(lx) and lx[k].text.casefold() not in _PLACE_WORDS and lx[k].kind != "comma":
        k += 1
    words = [x.text.casefold() for x in lx[i:k]]
    if not words:
        return None
    found = _pools(world, words)
    if found is None:
        return None
    name, decls = found
    span = lx[i].span
    owners = {singular_of(str(d.owner).casefold()) or "the game" for d in decls}
    if sel.noun_category == "card kind" and sel.noun and owners != {sel.noun.casefold()}:
        held = " and ".join(sorted(o if o == "the game" else _plural(o) for o in owners))
        raise BindError(
            f"'{' '.join(words)}' are held by {held}, not by {_plural(sel.noun)}: there is "
            f"nothing to count at each {sel.noun}",
            span,
        )
    counted = Selector(
        quantity=Quantity(plural=True),
        noun_category="die",
        noun=name,
        category="pool",
        text=" ".join(x.text for x in lx[i:k]),
    )
    return counted, k


def _plural(word: str) -> str:
    return word if word.endswith("s") else f"{word}s"


def _pools(world: Any, words: list[str]) -> tuple[str, list[Any]] | None:
    """The pool a name says ("red dice", "red die"), or the family whose names end in it
    ("gems", "gem dice": ``ruby gems``, ``jade gems`` ...)."""
    pools = [d for d in world.properties.values() if d.shape == "pool"]
    said = " ".join(words)
    for decl in pools:
        name = str(decl.name).casefold()
        singular = name[: -len("dice")] + "die" if name.endswith("dice") else name.rstrip("s")
        if said in (name, singular, f"{singular} dice", f"{name} dice"):
            return str(decl.name), [decl]
    if words[-1] in ("die", "dice"):
        words = words[:-1]
    family = " ".join(words)
    if not family:
        return None
    for ending in (family, f"{family}s"):
        members = [d for d in pools if str(d.name).casefold().endswith(f" {ending}")]
        if len(members) > 1:
            return ending, members
    return None


def pool_count(game: Any, thing: str, name: str) -> int:
    """How many dice of the pool ``name`` (or its family) ``thing`` holds."""
    held = game.state.values.get(thing, {})
    said = name.casefold()
    return sum(
        int(held.get(str(d.name), 0))
        for d in game.world.properties.values()
        if d.shape == "pool"
        and (str(d.name).casefold() == said or str(d.name).casefold().endswith(f" {said}"))
    )


def check_holder(b: Binder, sel: Selector, measured: Any, span: Any) -> None:
    """A rank or meter compared among cards of a kind that does not hold it ("the post with
    the lowest stealth"): a check error, where it would compare nothing."""
    if sel.noun_category != "card kind" or not sel.noun:
        return
    category = b.v.category(measured.category)
    owner = (category.owner or "").casefold() if category is not None else ""
    holder = b.kinds.get(owner) or b.kinds.get(singular_of(owner))
    if holder is None or holder.casefold() == sel.noun.casefold():
        return
    raise BindError(
        f"{_plural(sel.noun)} hold no {measured.word} ({_plural(holder)} do): write "
        f"'the {sel.noun} of the {holder} with the {{lowest|highest}} {measured.word}'"
        if sel.noun == b.place_kind
        else f"{_plural(sel.noun)} hold no {measured.word} ({_plural(holder)} do)",
        span,
    )


def where_best_stand(
    ctx: Context, selector: Selector, places: list[Any], best: Superlative
) -> list[Any]:
    """The places (of those found) where the best of ``best.of`` stand: each thing found is
    scored where it stands now (``host.place_of``) and only those at ``places`` count; a tie
    keeps every place of the best. None standing there: nothing to act on."""
    host = ctx.host
    place_of = getattr(host, "place_of", None)
    measure = getattr(host, "measure", None)
    if place_of is None or measure is None or best.of is None:
        raise EffectError(f"this game cannot find where things stand for '{selector.text}'")
    found = set(places)
    standing = [(t, place_of(t)) for t in host.select(ctx, best.of)]
    standing = [(t, p) for t, p in standing if p in found]
    if not standing:
        raise NothingToActOn(f"no {best.of.text} stands at {selector.text}", ctx.span)
    scores = [measure(ctx, t, replace(best, of=None)) for t, _ in standing]
    top = max(scores) if best.kind in ("most", "highest") else min(scores)
    kept = {p for (_, p), s in zip(standing, scores, strict=True) if s == top}
    return [p for p in places if p in kept]
