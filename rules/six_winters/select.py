"""``Host.select`` for Six Winters: what a card's noun phrase finds in the game.

A reference is a small JSON dict naming the thing in the game's words:

- an obstacle in play: ``{"kind": "obstacle", "uid": 7, "name": "Mole Hunt", "location": ...}``
- a card elsewhere: ``{"kind": "asset", "name": "Azadeh", "zone": "staging area"}``
- a location: ``{"kind": "location", "name": "Eastkeep"}``
- a resource die: ``{"kind": "die", "location": "Eastkeep", "index": 0, "face": 4, ...}``
- an initiative die: ``{"kind": "initiative", "character": "Parin", "index": 0, "face": 3}``
- a character: ``{"kind": "character", "name": "Parin"}``
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from dsl.runtime import Context, EffectError

if TYPE_CHECKING:
    from .session import Session
    from .state import LocationState, SessionState


class Ref(dict):
    """A reference to a thing in the game: a plain JSON dict that also equals its name, so a
    compiled condition such as "if at a Wilderness location" can test ``ctx.location in refs``
    (the context holds the location's name)."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.get("name") == other
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None


def _word(filter_: Any) -> tuple[str, str]:
    return str(getattr(filter_, "category", "")), str(getattr(filter_, "word", ""))


def category_of(thing: Any) -> tuple[str | None, str | None]:
    """What a phrase names, in Six Winters' own categories (rules/library/winters/): dice as
    ``("resource", type)``, or ``("die", None)`` for a die of any type; a piece or a meter as
    its declared category (``token``, ``stress``, ``counter``) and word; anything else as its
    noun category (``card kind``, ``card``, ``zone``) and noun."""
    shape = getattr(thing, "noun_category", None)
    noun = getattr(thing, "noun", None)
    if shape == "die":
        return ("resource" if noun is not None else "die"), noun
    if shape in ("piece", "meter"):
        return getattr(thing, "category", None), noun
    return shape, noun


def card_matches(session: Session, name: str, selector: Any) -> bool:
    """Whether a card (by name) answers to a selector's noun and filters."""
    rs = session.ruleset
    card: Any = None
    for table in (rs.obstacles, rs.assets, rs.scenes, rs.abilities, rs.events, rs.locations):
        if name in table:
            card = table[name]
            break
    if card is None:
        return False
    if getattr(selector, "name", None) and selector.name != name:
        return False

    def holds(f: Any) -> bool:
        category, word = _word(f)
        w = word.casefold()
        if category == "skill":
            return str(getattr(card, "skill", "") or "").casefold() == w
        if category in ("card tag", "location tag"):
            tags = getattr(card, "tags", ()) or ()
            return any(t.casefold() == w for t in tags)
        if category == "card kind":
            return rs.kind_of(name) == word
        return True

    if not all(holds(f) for f in getattr(selector, "filters", ()) or ()):
        return False
    any_of = getattr(selector, "any_of", ()) or ()
    return not any_of or any(holds(f) for f in any_of)


def location_matches(session: Session, loc: LocationState, selector: Any) -> bool:
    if getattr(selector, "name", None) and selector.name != loc.name:
        return False
    # loops, not a nested function: compiled, a closure that names itself is a reference
    # cycle, and a played session would wait for the cyclic collector to be freed
    for f in getattr(selector, "filters", ()) or ():
        if not _location_holds(session, loc, f):
            return False
    any_of = getattr(selector, "any_of", ()) or ()
    if any_of and not any([_location_holds(session, loc, f) for f in any_of]):
        return False
    return all(_has(session, loc, with_) for with_ in getattr(selector, "with_", ()) or ())


def _location_holds(session: Session, loc: LocationState, f: Any) -> bool:
    """Whether a location answers to a filter of a phrase (its region, tag or name)."""
    category, word = _word(f)
    if category in ("region", "location tag", "name"):
        return session.matches(loc, word)
    return True


def _has(session: Session, loc: LocationState, with_: Any) -> bool:
    """Whether a location has what "with ..." names: a character, a threat, an obstacle (of
    the tags written), a die (of the resource written); "with no ..." (a count of 0): none."""
    quantity = getattr(with_, "quantity", None)
    if quantity is not None and quantity.mode == "exact" and quantity.count == 0:
        return not _has_some(session, loc, with_)
    return _has_some(session, loc, with_)


def _has_some(session: Session, loc: LocationState, with_: Any) -> bool:
    category, noun = category_of(with_)
    if noun == "character":
        return bool(session.characters_at(loc.name))
    if noun == "threat":
        return loc.threats > 0
    if noun == "obstacle" or (category == "card" and noun is None):
        return any(card_matches(session, o.name, with_) for o in loc.obstacles)
    if category == "resource":
        return any(d.resource == noun for d in loc.dice)
    if category == "die":
        return bool(loc.dice)
    raise EffectError(f"cannot tell whether a location has {getattr(with_, 'text', noun)}")


def places(session: Session, ctx: Context, place: Any) -> list[LocationState]:
    """The locations a ``Place`` names (all of them when it names none)."""
    st = session.state
    if place is None:
        return list(st.locations)
    kind = getattr(place, "kind", None)
    if kind == "this place":
        return [loc for loc in st.locations if loc.name == ctx.location]
    if kind == "this group":  # the region of the card's (or character's) location
        here = next((loc for loc in st.locations if loc.name == ctx.location), None)
        if here is None:
            return []
        region = session.ruleset.locations[here.name].region
        return [loc for loc in st.locations if session.ruleset.locations[loc.name].region == region]
    if kind == "places" and place.places is not None:
        found = [loc for loc in st.locations if location_matches(session, loc, place.places)]
        return best_places(session, ctx, found, place.places)
    return list(st.locations)


def _quoted_tag(session: Session, selector: Any) -> str | None:
    """A quoted name that is also a tag (``Develop "Lily Manor"``) binds as a tag filter: it
    names the card of that name when the phrase is just the quoted words."""
    filters = tuple(getattr(selector, "filters", None) or ())
    if len(filters) != 1 or getattr(selector, "any_of", None):
        return None
    category, word = _word(filters[0])
    if category != "card tag" or not str(getattr(selector, "text", "")).endswith(f'"{word}"'):
        return None
    try:
        kind = session.ruleset.kind_of(word)
    except KeyError:
        return None
    noun = getattr(selector, "noun", None)
    return word if noun in (None, "card", kind) else None


def _named_in_play(session: Session, name: str) -> bool:
    """Whether a named card is in play: an obstacle or location on the map, an event out, an
    asset or ability a character holds, the scheme or an available scene."""
    st = session.state
    if any(loc.name == name or any(o.name == name for o in loc.obstacles) for loc in st.locations):
        return True
    if name in st.events_out or name == st.scheme or name in st.scenes:
        return True
    return any(name in c.assets or name in c.abilities for c in st.characters)


def _held(session: Session, ctx: Context, selector: Any) -> list[Any]:
    """The cards the acting character has: conditions, completed assets, abilities in hand,
    overcome obstacles (one reference per card, to be counted or chosen)."""
    if not ctx.actor:
        raise EffectError("only a character has cards: 'you have' needs one acting", ctx.span)
    c = session.character(ctx.actor)
    piles = {
        "condition": c.conditions,
        "asset": c.assets,
        "ability": c.abilities,
        "obstacle": c.obstacles,
    }
    noun = getattr(selector, "noun", None)
    kinds = [noun] if noun in piles else list(piles) if noun in (None, "card") else []
    if not kinds:
        raise EffectError(f"a character does not have {noun} cards", ctx.span)
    return [
        Ref({"kind": kind, "name": n, "character": c.name})
        for kind in kinds
        for n in piles[kind]
        if kind in ("condition", "obstacle") or card_matches(session, n, selector)
    ]


def _tokens(session: Session, ctx: Context, selector: Any) -> list[Any]:
    """The tokens of a kind at the places a phrase names: threats on the locations, progress
    and hindrance on the obstacles there (one reference per token, to be counted)."""
    noun = str(getattr(selector, "noun", "") or "")
    place = getattr(selector, "place", None)
    if getattr(place, "kind", None) not in (
        "this place",
        "any place",
        "places",
        "this group",
        "in play",
    ):
        raise EffectError(f"cannot count {noun} tokens without a place where they are", ctx.span)
    out: list[Any] = []
    for loc in places(session, ctx, place):
        if noun == "threat":
            out += [Ref({"kind": "token", "token": noun, "location": loc.name})] * loc.threats
        for o in loc.obstacles:
            held = getattr(o, noun, 0) if noun in ("progress", "hindrance") else 0
            out += [Ref({"kind": "token", "token": noun, "obstacle": o.uid})] * int(held)
    return out


def _participants(session: Session, ctx: Context) -> list[str]:
    """The characters narrating the scene ``ctx.card`` (from the narrate action's record)."""
    for event in reversed(session.state.events):
        details = event.data.get("details") or {} if event.kind == "action" else {}
        if details.get("act") == "narrate" and details.get("scene") == ctx.card:
            return list(details.get("participants") or [])
    return []


def select(session: Session, ctx: Context, selector: Any) -> list[Any]:
    found = _select(session, ctx, selector)
    filters = getattr(selector, "filters", None)
    if filters and any(f.category == "other" for f in filters):
        found = _others(session, ctx, found)
    return found


def _others(session: Session, ctx: Context, found: list[Any]) -> list[Any]:
    """ "each other obstacle at this location": not this card (this copy), "each other
    character": not the one acting, "each other location": not this location."""
    this_uid = None
    for loc in session.state.locations:
        if ctx.location is not None and loc.name != ctx.location:
            continue
        for o in reversed(loc.obstacles):
            if o.name == ctx.card:
                this_uid = o.uid
                break
    out = []
    for ref in found:
        if not isinstance(ref, dict):
            out.append(ref)
            continue
        kind, name = ref.get("kind"), ref.get("name")
        if kind == "character" and name == ctx.actor:
            continue
        if kind == "location" and name == ctx.location:
            continue
        if kind == "obstacle" and this_uid is not None and ref.get("uid") == this_uid:
            continue
        if kind not in ("character", "location", "obstacle") and name == ctx.card:
            continue
        out.append(ref)
    return out


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a selector asks for, read once (it never changes): its reference, category, noun,
    place and pile, and the finders whose questions it can answer (``_FINDERS``, each kept
    only where its guard says the phrase may be its own: the others would answer ``None``)."""

    reference: Any
    category: Any
    noun: Any
    place: Any
    zone: Any
    finders: tuple[_Finder, ...]


# a finder (``_FINDERS``): asked with the session, the text's context, the selector and its plan
_Finder = Callable[["Session", Context, Any, _Plan], "list[Any] | None"]


# the plans of the selectors met so far, by the selector's identity (a selector is made once,
# with the compiled text it belongs to; the entry keeps it, so its identity is not reused);
# a few are made as a game goes (``measure``): the memo is emptied when it grows past its size
_PLANS: dict[int, tuple[Any, _Plan]] = {}
_PLANS_KEPT = 4096


def _plan_of(session: Session, selector: Any) -> _Plan:
    kept = _PLANS.get(id(selector))
    if kept is not None and kept[0] is selector:
        return kept[1]
    place = getattr(selector, "place", None)
    zone = getattr(place, "zone", None) if place is not None else None
    of_kind = getattr(place, "of_kind", None) if place is not None else None
    if zone is not None and of_kind and not zone.startswith(of_kind):
        zone = f"{of_kind} {zone}"  # "the asset deck": zone "deck" of kind "asset"
    category, noun = category_of(selector)
    reference = getattr(selector, "reference", None)
    plan = _Plan(reference, category, noun, place, zone, ())
    named = bool(getattr(selector, "name", None) or _quoted_tag(session, selector))
    finders = tuple(
        find for find, may in _FINDERS if may(plan, selector) or (find is _named and named)
    )
    plan = replace(plan, finders=finders)
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    _PLANS[id(selector)] = (selector, plan)
    return plan


# Each finder answers the phrases it knows (a list, maybe empty) and leaves the others to the
# next (``None``); ``_FINDERS`` tries them in order: references first, then what is on the map,
# then the piles of cards.


def _bound(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "it", "them" (what a sentence before found) and "you"."""
    if q.reference in ("it", "them") and "it" in ctx.bindings:
        found = ctx.bindings["it"]
        return list(found) if isinstance(found, list) else [found]
    if q.reference == "it" and q.noun is None:
        return []  # "it" when nothing before it found a thing: nothing, never any card
    if q.reference == "self" and ctx.actor:
        return [Ref({"kind": "character", "name": ctx.actor})]
    return None


def _this(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "this location", "this obstacle" (the copy that just entered is the last), "this
    card"."""
    if q.reference != "this":
        return None
    ctx, noun = ctx, q.noun
    if noun == "location":
        return [Ref({"kind": "location", "name": ctx.location})]
    if noun in ("obstacle", "card"):
        for loc in session.state.locations:
            if ctx.location is not None and loc.name != ctx.location:
                continue
            for o in reversed(loc.obstacles):
                if o.name == ctx.card:
                    return [_obstacle_ref(o, loc)]
    return [Ref({"kind": noun or "card", "name": ctx.card})]


def _obstacle_ref(o: Any, loc: LocationState) -> Ref:
    return Ref({"kind": "obstacle", "uid": o.uid, "name": o.name, "location": loc.name})


def _named(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """A quoted card: that card, wherever it is (and the copy in play, if any)."""
    noun = q.noun
    named = getattr(selector, "name", None) or _quoted_tag(session, selector)
    if not named:
        return None
    kind = noun if noun not in (None, "card") else session.ruleset.kind_of(named)
    for loc in session.state.locations:
        for o in loc.obstacles:
            if o.name == named:
                return [
                    Ref({"kind": "obstacle", "uid": o.uid, "name": named, "location": loc.name})
                ]
    if getattr(q.place, "kind", None) == "in play" and not _named_in_play(session, named):
        return []  # 'If obstacle "X" is in play': only when it is
    return [Ref({"kind": kind, "name": named})]


def _dice(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """Dice a text names without a place are those where it acts: a card works on the dice at
    its character's (or its own) location unless it says otherwise (Character Ability
    Reference, Asset Reference); a text with no location looks everywhere."""
    category, ctx = q.category, ctx
    if category not in ("resource", "die"):
        return None
    if q.place is None and ctx.location is not None:
        where = [loc for loc in session.state.locations if loc.name == ctx.location]
    else:
        where = places(session, ctx, q.place)
    value = getattr(selector, "value", None)
    out: list[Any] = []
    for loc in where:
        for i, d in enumerate(loc.dice):
            if category == "resource" and d.resource != q.noun:
                continue
            if value is not None and value.kind == "exact" and d.face != value.value:
                continue
            out.append(
                {
                    "kind": "die",
                    "location": loc.name,
                    "index": i,
                    "resource": d.resource,
                    "face": d.face,
                }
            )
    return out


def _held_things(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "each condition you have"."""
    if getattr(q.place, "kind", None) != "held":
        return None
    return _held(session, ctx, selector)


def _tokens_there(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "for each threat at this location": the tokens there."""
    return _tokens(session, ctx, selector) if q.category == "token" else None


def _initiative(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "an initiative die of value 6": the acting character's."""
    noun, ctx = q.noun, ctx
    if not (q.category == "counter" and noun and "initiative" in noun and ctx.actor):
        return None
    pool = [session.character(ctx.actor)]
    if session.state.solo and ctx.card in session.ruleset.abilities:
        # the solo variant lets either character's abilities use the acting player's
        # initiative dice: the party's dice, the actor's first
        pool += [c for c in session.state.characters if c.name != ctx.actor]
    value = getattr(selector, "value", None)
    return [
        Ref({"kind": "initiative", "character": c.name, "index": i, "face": f})
        for c in pool
        for i, f in enumerate(c.initiative)
        if value is None or value.kind != "exact" or f == value.value
    ]


def _locations_found(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    if q.noun != "location" or q.zone is not None:
        return None
    return [
        Ref({"kind": "location", "name": loc.name})
        for loc in places(session, ctx, q.place)
        if location_matches(session, loc, selector)
    ]


def _characters(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    if q.noun != "character":
        return None
    if getattr(q.place, "kind", None) == "this card":  # "each character in this scene"
        found = [Ref({"kind": "character", "name": n}) for n in _participants(session, ctx)]
    else:
        found = [
            Ref({"kind": "character", "name": c.name})
            for loc in places(session, ctx, q.place)
            for c in session.characters_at(loc.name)
        ]
    if selector.quantity.mode == "another":  # "another character": not the one acting
        found = [ref for ref in found if ref["name"] != ctx.actor]
    return found


def _drawn_obstacles(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "draw another obstacle": the top cards of the obstacle deck ("discard an obstacle" is
    one in play)."""
    bare = not getattr(selector, "filters", ()) and not getattr(selector, "any_of", ())
    drawn = selector.quantity.mode == "another"
    if not (q.noun == "obstacle" and q.place is None and bare and q.reference is None and drawn):
        return None
    count = selector.quantity.count or 1
    deck = session.state.obstacle_deck or session.state.obstacle_discard
    return [
        Ref({"kind": "obstacle", "name": n, "zone": "obstacle deck"}) for n in deck[:count]
    ] or [Ref({"kind": "obstacle", "name": None, "zone": "obstacle deck"})] * count


def _obstacles_in_play(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """Obstacles on the map (a phrase with no noun and no pile finds those too)."""
    if q.noun not in ("obstacle", None) or q.zone is not None:
        return None
    return [
        _obstacle_ref(o, loc)
        for loc in places(session, ctx, q.place)
        for o in loc.obstacles
        if card_matches(session, o.name, selector)
    ]


def _crafting_area(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "an asset in your crafting area": the acting character's."""
    if q.zone != "crafting area":
        return None
    if not ctx.actor:
        raise EffectError("only a character has a crafting area: none is acting", ctx.span)
    crafting = [a.name for a in session.character(ctx.actor).in_progress]
    return [
        Ref({"kind": "asset", "name": n, "zone": q.zone})
        for n in dict.fromkeys(crafting)
        if q.noun in (None, "card", "asset") and card_matches(session, n, selector)
    ]


def _piles(st: SessionState) -> dict[str, list[str]]:
    return {
        "staging area": st.asset_staging,
        "asset deck": st.asset_deck,
        "obstacle deck": st.obstacle_deck,
        "obstacle discard": st.obstacle_discard,
        "scene deck": st.scene_deck,
        "asset discard": st.asset_discard,
        "archive": st.archive,
        "reserve": st.reserve,
    }


def _in_a_pile(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """The cards of a pile the text names; a pile the game does not keep is an error, not
    "nothing there"."""
    zone, noun = q.zone, q.noun
    if zone is None:
        return None
    pile = _piles(session.state).get(zone)
    if pile is not None:
        kind_of = session.ruleset.kind_of
        return [
            Ref({"kind": kind_of(n), "name": n, "zone": zone})
            for n in dict.fromkeys(pile)
            if (noun in (None, "card") or kind_of(n) == noun) and card_matches(session, n, selector)
        ]
    if q.category in ("card kind", "card") and noun != "ability":
        raise EffectError(f"Six Winters keeps no {zone} to look in", ctx.span)
    return None


def _searched_assets(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    """ "search ... for a Food asset": the cards a search looks through (asset deck,
    staging)."""
    if q.noun != "asset" or q.place is not None:
        return None
    st = session.state
    return [
        Ref({"kind": "asset", "name": n, "zone": z})
        for z, pile in (("asset deck", st.asset_deck), ("staging area", st.asset_staging))
        for n in dict.fromkeys(pile)
        if card_matches(session, n, selector)
    ]


def _abilities(session: Session, ctx: Context, selector: Any, q: _Plan) -> list[Any] | None:
    if q.noun != "ability":
        return None
    st = session.state
    if not ctx.actor:
        if q.place is not None:
            return None
        # "each character draws two abilities": resolved before the characters are known
        count = selector.quantity.count or 1
        return [Ref({"kind": "ability", "name": None, "zone": "ability deck"})] * count
    c = session.character(ctx.actor)
    if q.place is None and selector.quantity.mode in ("exact", "another"):
        # "draw an ability": the next card of the actor's ability deck
        deck = st.solo_ability_deck if st.solo else c.ability_deck
        return [
            Ref(
                {
                    "kind": "ability",
                    "name": deck[0] if deck else None,
                    "zone": "ability deck",
                    "character": c.name,
                }
            )
        ]
    return [
        Ref({"kind": "ability", "name": n, "character": c.name})
        for n in c.abilities
        if card_matches(session, n, selector)
    ]


def _drawn(plan: _Plan, selector: Any) -> bool:
    bare = not getattr(selector, "filters", ()) and not getattr(selector, "any_of", ())
    return (
        plan.noun == "obstacle"
        and plan.place is None
        and bare
        and plan.reference is None
        and selector.quantity.mode == "another"
    )


# The finders in the order they are tried, each with its guard: whether a phrase may be its
# own, read from the selector alone (a finder whose guard says no would answer ``None``).
# ``_named``'s guard is the phrase's quoted name, worked out in ``_plan_of``.
_Guard = Callable[[_Plan, Any], bool]
_FINDERS: tuple[tuple[_Finder, _Guard], ...] = (
    (_bound, lambda p, s: p.reference in ("it", "them", "self")),
    (_this, lambda p, s: p.reference == "this"),
    (_named, lambda p, s: False),
    (_dice, lambda p, s: p.category in ("resource", "die")),
    (_held_things, lambda p, s: getattr(p.place, "kind", None) == "held"),
    (_tokens_there, lambda p, s: p.category == "token"),
    (
        _initiative,
        lambda p, s: p.category == "counter" and bool(p.noun) and "initiative" in p.noun,
    ),
    (_locations_found, lambda p, s: p.noun == "location" and p.zone is None),
    (_characters, lambda p, s: p.noun == "character"),
    (_drawn_obstacles, _drawn),
    (_obstacles_in_play, lambda p, s: p.noun in ("obstacle", None) and p.zone is None),
    (_crafting_area, lambda p, s: p.zone == "crafting area"),
    (_in_a_pile, lambda p, s: p.zone is not None),
    (_searched_assets, lambda p, s: p.noun == "asset" and p.place is None),
    (_abilities, lambda p, s: p.noun == "ability"),
)


def _select(session: Session, ctx: Context, selector: Any) -> list[Any]:
    p = _plan_of(session, selector)
    for find in p.finders:
        found = find(session, ctx, selector, p)
        if found is not None:
            return found
    return []


# ---- superlatives: "the location with the most dice", "the character with the lowest command" --


def measure(session: Session, ctx: Context, ref: Any, best: Any) -> int:
    """``Host.measure``: a found thing's score for a superlative (``dsl.selectors.Superlative``):
    a skill rank or counter of a character, or how many of the counted things are at a
    location, held by a character, or on an obstacle."""
    from dsl.selectors import Place, Quantity

    kind = ref.get("kind") if isinstance(ref, dict) else None
    if best.measure is not None:
        word = best.measure.word
        if kind == "character":
            c = session.character(ref["name"])
            if best.measure.category == "skill":
                return c.skills.get(word, 0)
            if best.measure.category == "stress":  # "the character with the lowest body"
                return int(getattr(c, word, 0))
            counted = _counter(c, word)
            if counted is not None:
                return counted
        raise EffectError(f"a {kind or 'thing'} has no {word} to compare", ctx.span)
    counted_sel = best.counted
    category, noun = category_of(counted_sel)
    every = Quantity("all", None, None, True)
    if kind == "location":
        here = Context(ctx.host, ctx.card, ctx.actor, ref["name"], span=ctx.span)
        return len(
            select(session, here, replace(counted_sel, place=Place("this place"), quantity=every))
        )
    if kind == "character":
        c = session.character(ref["name"])
        if category == "stress":
            return int(getattr(c, str(noun), 0))
        if category == "counter":
            held = _counter(c, str(noun))
            if held is not None:
                return held
        if category in ("card kind", "card"):
            theirs = Context(ctx.host, ctx.card, c.name, c.location, span=ctx.span)
            return len(_held(session, theirs, replace(counted_sel, place=Place("held", "with"))))
    if kind == "obstacle" and category == "token" and noun in ("progress", "hindrance"):
        for loc in session.state.locations:
            for o in loc.obstacles:
                if o.uid == ref.get("uid"):
                    return int(getattr(o, str(noun)))
    raise EffectError(f"cannot count {counted_sel.text or noun} on a {kind or 'thing'}", ctx.span)


def _counter(c: Any, noun: str) -> int | None:
    if noun == "action point":
        return int(c.action_points)
    if "initiative" in noun:
        return len(c.initiative)
    return None


def best_places(session: Session, ctx: Context, found: list[LocationState], sel: Any) -> list[Any]:
    """The locations a place names, kept to the best when it has a superlative ("at the
    location with the most dice")."""
    best = getattr(sel, "superlative", None)
    if best is None or not found:
        return found
    scores = [measure(session, ctx, {"kind": "location", "name": loc.name}, best) for loc in found]
    top = max(scores) if best.kind in ("most", "highest") else min(scores)
    return [loc for loc, score in zip(found, scores, strict=True) if score == top]


# ---- numbers read from the table: "its difficulty", "the value of a sorcery here" ------------

_CARD_PILES = {
    "obstacle": "obstacles",
    "asset": "assets",
    "scene": "scenes",
    "ability": "abilities",
    "condition": "conditions",
    "location": "locations",
}


def read(session: Session, ctx: Context, thing: Any, field: str | None) -> int:
    """``Host.read``: a die's face (``field`` None), or a number field of a card."""
    if not isinstance(thing, dict):
        raise EffectError("nothing to read a number from", ctx.span)
    if field is None:
        face = thing.get("face")
        if face is None:
            raise EffectError(f"a {thing.get('kind', 'thing')} has no value", ctx.span)
        return int(face)
    pile = getattr(session.ruleset, _CARD_PILES.get(str(thing.get("kind")), ""), None)
    card = pile.get(thing.get("name")) if isinstance(pile, dict) else None
    number = getattr(card, field.replace(" ", "_"), None) if card is not None else None
    if not isinstance(number, int) or isinstance(number, bool):
        raise EffectError(f"{thing.get('name') or 'it'} has no {field}", ctx.span)
    return number
