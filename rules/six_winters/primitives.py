"""The Python function behind every verb ``rules/six_winters/ruleset.rules`` declares.

Each primitive is ``fn(ctx, <roles>)`` (docs/design/verbs.md lists the roles). A role arrives
either resolved (a reference dict or a list of them, as ``select.select`` returns them) or as
the bound phrase itself (a ``Selector`` for tokens, stress, counters and dice to be made; an
``Amount``; a ``ValueSpec``; a number). Primitives change the game only through the session's
named operations (``ctx.host``), and ask every choice through ``ctx.decide``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dsl.bound import ActionCost
from dsl.runtime import (
    Context,
    EffectError,
    NothingToActOn,
    creates,
    faces,
    finds,
    forbiddable,
    holds,
    only_forbidden,
    prices,
    replaceable,
    settles,
    takes,
    up_to,
)
from dsl.runtime import DecisionKind as LanguageDecision

from . import select as selecting
from .contracts import DecisionKind
from .words import WORDS

if TYPE_CHECKING:
    from .session import Session
    from .state import CharacterState, LocationState


# ---------------------------------------------------------------------- reading the roles


def _host(ctx: Context) -> Session:
    return ctx.host  # type: ignore[return-value]


def _refs(ctx: Context, value: Any) -> list[Any]:
    """A role as a list of references (resolving a phrase the compiler passed unresolved)."""
    if value is None:
        return []
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        return [value]
    if hasattr(value, "quantity"):  # a Selector
        found = _host(ctx).select(ctx, value)
        mode = value.quantity.mode
        if mode == "all" or value.quantity.plural:
            return found
        return found[: value.quantity.count or 1]
    return [value]


def _number(ctx: Context, value: Any, default: int = 1) -> int:
    """How many: a written number, a declared value, "for each", or a selector's count."""
    if value is None:
        return default
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if hasattr(value, "per"):  # an Amount
        base = value.number if value.number is not None else 1
        if value.value_name is not None:
            base = _host(ctx).ruleset.value(value.value_name)
        if value.per is not None:
            base *= len(_host(ctx).select(ctx, value.per))
        return int(base)
    quantity = getattr(value, "quantity", None)
    if quantity is not None:
        if quantity.mode == "total_value":
            return int(quantity.total or 0)
        return int(quantity.count or default)
    return default


def _count(ctx: Context, value: Any, most: int | None = None) -> int:
    """How many tokens, points, stress or dice: "up to 2" is the player's pick of 1 or 2 (of
    no more than ``most``, what there is to act on, when the verb knows it)."""
    amount = _number(ctx, value)
    quantity = getattr(value, "quantity", None)
    if quantity is not None and quantity.mode == "up_to":
        amount = amount if most is None else max(0, min(amount, most))
    if quantity is not None and quantity.mode == "up_to" and amount > 1:
        options = list(range(1, amount + 1))
        return int(
            ctx.decide(LanguageDecision.CHOOSE_OPTION, options, f"How many (up to {amount})?")
        )
    return amount


def _up_to(ctx: Context, value: Any, found: list[Any], prompt: str) -> list[Any]:
    """Of the things found, those "up to N" keeps: the player's pick of 1 to N of them (all of
    them, N or fewer, for any other quantity)."""
    quantity = getattr(value, "quantity", None)
    if quantity is None or quantity.mode != "up_to" or len(found) <= 1:
        return found
    most = min(int(quantity.count or 1), len(found))
    return list(
        ctx.decide(LanguageDecision.CHOOSE_MANY, found, prompt, min_choices=1, max_choices=most)
    )


def _noun(value: Any) -> tuple[str | None, str | None]:
    return selecting.category_of(value)


def _actors(ctx: Context, subject: Any) -> list[CharacterState]:
    host = _host(ctx)
    if subject is None:
        return [host.character(ctx.actor)] if ctx.actor else []
    out = []
    for ref in _refs(ctx, subject):
        name = ref.get("name") if isinstance(ref, dict) else ref
        if any(c.name == name for c in host.state.characters):
            out.append(host.character(str(name)))
    return out


def _here(ctx: Context) -> LocationState:
    host = _host(ctx)
    if ctx.location is None:
        raise EffectError("this effect needs a location", ctx.span)
    return host.location(str(ctx.location))


def _locations(ctx: Context, where: Any) -> list[LocationState]:
    """The locations a role names: refs, a selector, a ``Place``, or this location."""
    host = _host(ctx)
    if where is None:
        return [_here(ctx)] if ctx.location else []
    if hasattr(where, "kind") and hasattr(where, "zone"):  # a Place
        return selecting.places(host, ctx, where)
    out = []
    for ref in _refs(ctx, where):
        name = ref.get("location") or ref.get("name") if isinstance(ref, dict) else ref
        if any(loc.name == name for loc in host.state.locations):
            out.append(host.location(str(name)))
    return out


def _choose_value(ctx: Context, spec: Any, prompt: str) -> int:
    """A die face from a ``ValueSpec`` (asking for "any value"), a number, or "the same"."""
    if isinstance(spec, int):
        return spec
    kind = getattr(spec, "kind", None)
    if kind in ("exact", "each") and spec.value is not None:
        return int(spec.value)
    if kind == "same":
        return int(ctx.bindings.get("value", 1))
    return int(ctx.decide(LanguageDecision.CHOOSE_VALUE, [1, 2, 3, 4, 5, 6], prompt))


def _obstacle(ctx: Context, ref: Any) -> Any:
    host = _host(ctx)
    if isinstance(ref, dict) and "uid" in ref:
        found = host.find_obstacle(ref["uid"])
        return found[1] if found else None
    return None


def _this_obstacle(ctx: Context) -> Any:
    host = _host(ctx)
    for loc in host.state.locations:
        for o in loc.obstacles:
            if o.name == ctx.card and (ctx.location is None or loc.name == ctx.location):
                return o
    return None


def _card_name(ref: Any) -> str | None:
    if isinstance(ref, dict):
        return ref.get("name")
    if isinstance(ref, str):
        return ref
    return getattr(ref, "name", None)


def _card_kind(ctx: Context, ref: Any, fallback: str | None = None) -> str:
    if isinstance(ref, dict) and ref.get("kind") not in (None, "card"):
        return str(ref["kind"])
    noun = getattr(ref, "noun", None)
    if noun and noun != "card":
        return str(noun)
    name = _card_name(ref)
    if name is not None:
        try:
            return _host(ctx).ruleset.kind_of(name)
        except KeyError:
            pass
    return fallback or "card"


def _die_targets(ctx: Context, value: Any) -> list[Any]:
    """Resource dice, initiative dice and a die being rolled that a role names, as references."""
    return [
        r
        for r in _refs(ctx, value)
        if isinstance(r, dict) and r.get("kind") in ("die", "initiative", "rolled")
    ]


def _set_face(ctx: Context, ref: dict[str, Any], face: int) -> None:
    _host(ctx).ops.set_die_face(ref, face)


def _face(ctx: Context, ref: dict[str, Any]) -> int:
    return int(_host(ctx).ops.die_face(ref))


def _opposite(to: Any) -> int:
    """What a face and its opposite add up to: the sides plus one ("to its opposite face" is
    bound with the sides of the die it names: 6)."""
    sides = getattr(to, "value", None) if getattr(to, "kind", None) == "opposite" else None
    return int(sides or 6) + 1


def _remove_dice(ctx: Context, refs: list[Any]) -> int:
    """Take dice out of play (back to the supply); returns the total of their faces."""
    host = _host(ctx)
    total = 0
    # remove from the highest index down so earlier references stay valid
    for ref in sorted(refs, key=lambda r: -int(r["index"])):
        if ref["kind"] == "die":
            die = host.ops.take_die(ref["location"], ref["index"])
            host.ops.return_die(die)
            total += die.face
        elif ref["kind"] == "held":
            total += host.ops.die_face(ref)
            host.ops.unhold_dice([ref], None)
        else:
            c = host.character(ref["character"])
            face = c.initiative[ref["index"]]
            host.ops.spend_initiative(c, face)
            total += face
    return total


def _nothing_to_do(ctx: Context, what: str) -> EffectError:
    """A text whose target is not there does nothing: it fails, so a card used as an action
    for it is taken back (not spent or turned). Nothing was found at all, so no question is
    asked again (an alternative of "Choose one" still is)."""
    return NothingToActOn(f"there is {what}", ctx.span)


def _found_nothing(ctx: Context, what: str) -> None:
    """A sentence whose card phrase found nothing ("archive an obstacle from the obstacle
    discard" with none there): a card used as an action is refused (not spent for nothing);
    a text the rules make follow ("Failure: Archive a Diplomat asset from the asset deck. Add
    event ...") does nothing for this sentence and goes on with the next."""
    if getattr(ctx, "refusing", False):
        raise _nothing_to_do(ctx, what)


# A role the text does not write (the primitive's default) differs from one it writes that
# found nothing (``None``): "place 3 progress on a Unit obstacle here" with none here fails.
_UNWRITTEN: Any = object()


def _no_die(what: str) -> Callable[..., str | None]:
    """A ``finds`` check: the dice the ``object`` role found (once it is resolved)."""

    def check(ctx: Context, object: Any, *args: Any, **kwargs: Any) -> str | None:
        if hasattr(object, "quantity"):  # not resolved yet: the primitive resolves it
            at = kwargs.get("at")
            if what != "trade" or hasattr(at, "quantity"):  # a place not resolved yet either
                return None
            # a trade takes the dice where the text says (found already) or here: none there
            return None if _dice_at(ctx, object, at) else f"no such die to {what}"
        return None if _die_targets(ctx, object) else f"no such die to {what}"

    return check


def _no_obstacle_for_tokens(
    ctx: Context, object: Any, on: Any = _UNWRITTEN, **_: Any
) -> str | None:
    """A ``finds`` check: tokens written onto an obstacle ("place 3 progress on a Unit obstacle
    here") with none there."""
    category, noun = _noun(object)
    return "no such obstacle" if on is None and category == "token" and noun != "threat" else None


# ---------------------------------------------------------------------- the verbs


@takes(object=("token", "resource", "die", "asset"))
@creates("object")
@up_to("object")
@finds(_no_obstacle_for_tokens)
@replaceable("threat")  # "Threat: Instead of placing a threat, ...": the obstacle's threat
def place(ctx: Context, object: Any, on: Any = _UNWRITTEN, at: Any = None, in_: Any = None) -> None:
    """Tokens on obstacles, threat at locations, dice at locations, a card in a crafting area."""
    host = _host(ctx)
    category, noun = _noun(object)
    if on is _UNWRITTEN:
        on = None
    if category == "token":
        count = _count(ctx, object)
        if noun == "threat":
            for loc in _locations(ctx, at or on):
                for _ in range(count):
                    # "This does not cause a surge." after the sentence: no surge
                    host.ops.place_threat(ctx, loc, surge=not ctx.withholds("cause_surge"))
            return
        targets = _refs(ctx, on) if on is not None else [None]
        for ref in targets:
            obstacle = _obstacle(ctx, ref) if ref is not None else _this_obstacle(ctx)
            if obstacle is not None:
                host.ops.add_tokens(obstacle.uid, str(noun), count)
                if noun == "progress":
                    host.overcome.progress_placed(ctx, obstacle.uid)
        return
    if category in ("resource", "die"):
        count = _count(ctx, object)
        resource = noun
        for loc in _locations(ctx, at or on or _where_made(ctx, object)):
            for _ in range(count):
                chosen = resource or ctx.decide(
                    LanguageDecision.CHOOSE_OPTION, list(host.ruleset.resources), "Which resource?"
                )
                face = _choose_value(ctx, getattr(object, "value", None), f"Value of the {chosen}?")
                host.ops.new_resource_die(ctx, str(chosen), loc, face=face, explode=False)
        return
    for ref in _refs(ctx, object):
        name = _card_name(ref)
        if name and name in host.ruleset.assets and ctx.actor:
            _to_crafting_area(ctx, name)


def _where_made(ctx: Context, made: Any) -> Any:
    """ "Roll and place a sorcery in this region": one location of those the dice's place
    names, the player's pick (``None``: this location)."""
    place: Any = getattr(made, "place", None)
    if place is None or place.kind in ("this place", "zone"):
        return None
    names = [loc.name for loc in selecting.places(_host(ctx), ctx, place)]
    if not names:
        raise EffectError(f"no location {place.preposition} {getattr(made, 'text', '')}", ctx.span)
    where = (
        names[0]
        if len(names) == 1
        else ctx.decide(DecisionKind.CHOOSE_LOCATION, names, "Place the dice where?")
    )
    return [{"kind": "location", "name": where}]


def _to_crafting_area(ctx: Context, name: str) -> None:
    _host(ctx).ops.take_to_crafting_area(str(ctx.actor), name)


def _roll_and_place_settles(ctx: Context, kw: dict[str, Any]) -> bool:
    made = kw.get("object")
    makes = made if isinstance(made, list) else [made]
    if not makes or makes[0] is None:
        return False
    place = getattr(makes[0], "place", None)
    if not (kw.get("at") or kw.get("on")) and not (
        place is None or place.kind in ("this place", "zone")
    ):
        return False  # ``_where_made`` asks which location
    host: Any = ctx.host
    for item in makes:
        noun = _noun(item)[1]
        if noun is None or noun == host.sorcery:  # asked which; an exploding sorcery asks
            return False
    return True


@settles(_roll_and_place_settles)
@takes(object=("resource", "die"))
@creates("object")
def roll_and_place(ctx: Context, object: Any, at: Any = None, on: Any = None) -> None:
    host = _host(ctx)
    makes = object if isinstance(object, list) else [object]
    for loc in _locations(ctx, at or on or _where_made(ctx, makes[0])):
        for item in makes:
            _, resource = _noun(item)
            for _ in range(_number(ctx, item)):
                chosen = resource or ctx.decide(
                    LanguageDecision.CHOOSE_OPTION, list(host.ruleset.resources), "Which resource?"
                )
                host.ops.new_resource_die(ctx, str(chosen), loc)


def roll_stress_first(ctx: Context, for_: Any = None) -> None:
    _host(ctx).ops.set_flag("roll stress first")


def _fixed_face(spec: Any) -> bool:
    """Whether ``primitives._choose_value`` gives a face without asking."""
    if isinstance(spec, int):
        return True
    kind = getattr(spec, "kind", None)
    return (kind in ("exact", "each") and spec.value is not None) or kind == "same"


def _trade_settles(ctx: Context, kw: dict[str, Any]) -> bool:
    for_ = kw.get("for_")
    if for_ is None or ctx.location is None:  # the standard trade asks; ``_here`` fails
        return False
    object = kw.get("object")
    if hasattr(object, "quantity"):  # dice found where the text says: the player may be asked
        return False
    given = _die_targets(ctx, object)
    if not all(r["kind"] in ("die", "held", "initiative") for r in given):
        return False  # a die being rolled is no die ``_remove_dice`` takes
    category, noun = _noun(for_)
    if category == "counter" and noun and "initiative" in noun:
        return True
    spec = getattr(for_, "value", None)
    host: Any = ctx.host
    # a sorcery gained may explode, and its stress is asked
    return (spec is None or _fixed_face(spec)) and noun is not None and noun != host.sorcery


@settles(_trade_settles)
@finds(_no_die("trade"))
@forbiddable("this place", on=("obstacle", "location"))  # Session.restricted reads these
@holds("at", whole=True)  # "Trade 2 military at any location for ...": the places with two
def trade(ctx: Context, object: Any, for_: Any = None, at: Any = None) -> None:
    """An ability's trade: the dice given go back; the dice gained are rolled (or valued).
    The dice given are those at the place the text names, else here."""
    host = _host(ctx)
    if not hasattr(object, "quantity"):  # resolved already: these are the dice
        given = _die_targets(ctx, object)
    else:
        given = _dice_at(ctx, object, at)
        if given and for_ is not None:
            _, noun = _noun(object)
            given = _pick_dice(ctx, given, object, f"Trade which {noun or 'die'}?")
    if not given:
        raise _nothing_to_do(ctx, "no such die to trade")
    if for_ is None and given[0]["kind"] == "die":
        _standard_trade(ctx, given)
        return
    value = _face(ctx, given[0])
    ctx.bindings["value"] = value
    _remove_dice(ctx, given)
    loc = _locations(ctx, at)[0] if _locations(ctx, at) else _here(ctx)
    category, noun = _noun(for_)
    if category == "counter" and noun and "initiative" in noun:
        for c in _actors(ctx, None):
            host.ops.gain_initiative(c, _number(ctx, for_))
        return
    spec = getattr(for_, "value", None)
    for _ in range(_number(ctx, for_)):
        face = None if spec is None else _choose_value(ctx, spec, "Value?")
        host.ops.new_resource_die(ctx, str(noun), loc, face=face)


def _standard_trade(ctx: Context, given: list[dict[str, Any]]) -> None:
    """A trade with nothing named to get ("trade resources"): the trade action's exchange,
    two dice of one resource at a location for one die of a resource it trades into. The
    player picks the first die among those given that have a pair where they lie."""
    host = _host(ctx)

    def paired(ref: dict[str, Any]) -> bool:
        there = host.location(ref["location"]).dice
        return sum(d.resource == ref["resource"] for d in there) >= 2

    firsts = [r for r in given if r["kind"] == "die" and paired(r)] or given[:1]
    first = (
        firsts[0]
        if len(firsts) == 1
        else ctx.decide(LanguageDecision.CHOOSE_TARGET, firsts, "Trade which die?")
    )
    loc = host.location(first["location"])
    resource = loc.dice[first["index"]].resource
    pairs = [
        {"kind": "die", "location": loc.name, "index": i, "resource": d.resource, "face": d.face}
        for i, d in enumerate(loc.dice)
        if i != first["index"] and d.resource == resource
    ]
    targets = [r for r in host.actions.trade_targets(resource) if host.state.supply.get(r, 0) > 0]
    if not pairs or not targets:
        raise EffectError(f"a trade needs two {resource} at {loc.name}", ctx.span)
    second = (
        pairs[0]
        if len(pairs) == 1
        else ctx.decide(LanguageDecision.CHOOSE_TARGET, pairs, "Trade with?")
    )
    into = (
        targets[0]
        if len(targets) == 1
        else ctx.decide(LanguageDecision.CHOOSE_OPTION, targets, "Trade for?")
    )
    _remove_dice(ctx, [first, second])
    host.ops.traded_by(ctx.actor, [resource, resource], str(into))
    host.ops.new_resource_die(ctx, str(into), loc, explode=False)


def _asks_how_many(value: Any) -> bool:
    """Whether a role says "up to N" (the player is asked how many, or which)."""
    return getattr(getattr(value, "quantity", None), "mode", None) == "up_to"


def _set_value_settles(ctx: Context, kw: dict[str, Any]) -> bool:
    return _fixed_face(kw.get("to")) and not _asks_how_many(kw.get("object"))


@settles(_set_value_settles)
@takes(object=("resource", "die", "counter"))
@up_to("object")  # "Set up to 2 dice here to 6": which of them, 1 or 2
@faces("to")
@finds(_no_die("set"))
def set_value(ctx: Context, object: Any, to: Any = None) -> None:
    targets = _die_targets(ctx, object)
    if not targets:
        raise _nothing_to_do(ctx, "no such die to set")
    for ref in _up_to(ctx, object, targets, "Set which dice?"):
        _set_face(ctx, ref, _choose_value(ctx, to, "Set the die to which value?"))


def _flip_settles(ctx: Context, kw: dict[str, Any]) -> bool:
    return True  # reads the faces it turns; a location is turned back with an event


@settles(_flip_settles)
@takes(object=("resource", "die", "counter", "location"))
def flip(ctx: Context, object: Any, to: Any = None) -> None:
    host = _host(ctx)
    if not _refs(ctx, object):
        raise _nothing_to_do(ctx, "nothing to flip")
    for ref in _refs(ctx, object):
        if isinstance(ref, dict) and ref.get("kind") in ("die", "initiative"):
            _set_face(ctx, ref, _opposite(to) - _face(ctx, ref))
        elif isinstance(ref, dict) and ref.get("kind") == "location":
            loc = host.location(ref["name"])
            if loc.developed:
                host.ops.undevelop(loc)
                ctx.bindings.setdefault("flipped", []).append(loc.name)


@takes(object=("number", "named"))
def add(ctx: Context, object: Any, to: Any = None) -> None:
    """A number to a die; or a card to the top of its deck; or a location to a region."""
    host = _host(ctx)
    if isinstance(object, int) or hasattr(object, "per"):
        amount = _number(ctx, object)
        _turn_dice(ctx, _die_targets(ctx, to), amount)
        return
    cards = list(object) if isinstance(object, list) else [object]
    if isinstance(to, list):  # "Add location X to the Settled Lands, scene Y and obstacle Z"
        cards += [v for v in to[1:] if getattr(v, "name", None)]
    for ref in cards:
        name = _card_name(ref)
        if name is None:
            continue
        kind = _card_kind(ctx, ref)
        if kind == "location":
            host.ops.add_location(ctx, name)
        else:
            host.ops.add_card(kind, name)


@takes(object="number", from_=("resource", "die", "counter"))
def subtract(ctx: Context, object: Any, from_: Any = None) -> None:
    _turn_dice(ctx, _die_targets(ctx, from_), -_number(ctx, object))


def _turn_dice(ctx: Context, targets: list[Any], amount: int) -> None:
    """Add ``amount`` to each die (faces stay 1-6); a die already at the end it would pass
    (subtracting from a 1, adding to a 6) cannot change: the text does nothing."""
    if not targets:
        raise _nothing_to_do(ctx, "no die to turn")
    if all(not 1 <= _face(ctx, ref) + amount <= 6 for ref in targets):
        # the dice chosen cannot turn that way: another choice may
        raise EffectError("there is no die that can turn that way", ctx.span)
    for ref in targets:
        _set_face(ctx, ref, _face(ctx, ref) + amount)


@takes(object="counter")
@up_to("object")
def gain(ctx: Context, object: Any, subject: Any = None) -> None:
    host = _host(ctx)
    _, noun = _noun(object)
    amount = _count(ctx, object)
    for c in _actors(ctx, subject):
        if noun and "initiative" in noun:
            host.ops.gain_initiative(c, amount)
        elif noun and "action" in noun:
            host.ops.gain_action_points(c, amount)


@takes(object="counter")
def give(ctx: Context, object: Any, to: Any = None) -> None:
    gain(ctx, object, subject=to)


@takes(object=("counter", "stress"))
@up_to("object")
def lose(ctx: Context, object: Any) -> None:
    """No ``subject``: "All characters here lose 1 body or 1 psyche" runs once per character,
    each answering its own "or" (the language then makes each one the actor in turn)."""
    host = _host(ctx)
    category, noun = _noun(object)
    amount = _count(ctx, object)
    for c in _actors(ctx, None):
        if category == "stress" and noun:
            host.ops.take_stress(ctx, c, noun, amount)  # a pool at none refills: always paid
        elif noun and "action" in noun:
            if ctx.paying and c.action_points < amount:  # a cost: all of it or nothing
                raise EffectError(f"not enough action points to lose {amount}", ctx.span)
            host.ops.lose_action_points(c, amount)
        elif noun and "initiative" in noun:
            if ctx.paying and len(c.initiative) < amount:
                raise EffectError(f"not enough initiative dice to lose {amount}", ctx.span)
            for _ in range(min(amount, len(c.initiative))):
                host.ops.spend_initiative(c, max(c.initiative))


@takes(object="stress")
@up_to("object")
def recover(ctx: Context, object: Any, subject: Any = None) -> None:
    host = _host(ctx)
    _, noun = _noun(object)
    for c in _actors(ctx, subject):
        host.ops.recover_stress(c, str(noun), _count(ctx, object))


@takes(object=("resource", "die", "counter"))
@holds("at", whole=True)  # "Spend 2 military at any location": the places with two offered
def spend(ctx: Context, object: Any, at: Any = None, on: Any = None, for_: Any = None) -> None:
    """Pay: dice (a total value, or chosen dice), action points."""
    host = _host(ctx)
    if object is None:  # "spend a diplomacy at this location" with none there
        raise _nothing_to_do(ctx, "no such die to spend")
    category, noun = _noun(object)
    quantity = getattr(object, "quantity", None)
    if quantity is not None and quantity.mode == "total_value":
        # the dice where the text says ("at any locations", "at this location"), else here
        place = getattr(object, "place", None)
        if place is not None or at is not None or ctx.location is not None:
            where = _locations(ctx, place if place is not None else at)
        else:  # a text with no location names none: any
            where = list(host.state.locations)
        total = int(quantity.total or 0)
        have = sum(d.face for loc in where for d in loc.dice if noun is None or d.resource == noun)
        if have < total:
            raise EffectError(f"not enough {noun} to spend a total value of {total}", ctx.span)
        host.ops.spend_total(ctx, str(noun), total, [loc.name for loc in where])
        return
    if category == "counter" and noun and "action" in noun:
        for c in _actors(ctx, None):
            amount = _number(ctx, object)
            if c.action_points < amount:
                raise EffectError("not enough action points", ctx.span)
            host.ops.lose_action_points(c, amount)
        return
    if category == "counter" and noun and "initiative" in noun and hasattr(object, "quantity"):
        # "Spend 2 initiative dice": two of your pool, your pick; never the whole pool
        pool = [r for r in _die_targets(ctx, object) if r["kind"] == "initiative"]
        count = _number(ctx, object)
        if len(pool) < count:
            raise EffectError(f"not enough initiative dice to spend {count}", ctx.span)
        picked = (
            pool
            if len(pool) == count
            else list(
                ctx.decide(
                    LanguageDecision.CHOOSE_MANY,
                    pool,
                    f"Spend {count} initiative dice",
                    min_choices=count,
                    max_choices=count,
                )
            )
        )
        _remove_dice(ctx, picked)
        return
    card = _this_card(ctx, on)
    if card is not None:  # "spend a technology on this card for an initiative die"
        held = host.ops.held_refs(card, noun if category == "resource" else None)
        host.ops.unhold_dice(_pick_dice(ctx, held, object, f"Spend which die on {card}?"), None)
        _, got = _noun(for_)
        if got and "initiative" in got:
            for c in _actors(ctx, None):
                host.ops.gain_initiative(c, _number(ctx, for_))
        return
    _remove_dice(ctx, _dice_to_spend(ctx, object, at))


def _this_card(ctx: Context, role: Any) -> str | None:
    """The card whose text this is, when a role says "this card" (dice held on it)."""
    if isinstance(role, list) and len(role) == 1:
        role = role[0]
    if isinstance(role, dict):
        is_this = role.get("kind") == "card" and role.get("name") == ctx.card
        return ctx.card if is_this and ctx.card else None
    if getattr(role, "reference", None) == "this" and getattr(role, "noun_category", None) in (
        "card",
    ):
        return ctx.card
    return None


def _pick_dice(
    ctx: Context, refs: list[Any], object: Any, prompt: str, most: int | None = None
) -> list[Any]:
    """The dice a text names among ``refs``: "a resource" is one, asked when several fit;
    "any resources" is one or more, the player's pick (at most ``most``)."""
    if not refs or (most is not None and most <= 0):
        raise EffectError("no such die", ctx.span)
    quantity = getattr(object, "quantity", None)
    if quantity is None:  # the compiler resolved the phrase already: these are the chosen dice
        return refs[:most] if most is not None else refs
    mode = quantity.mode
    if mode == "all":
        return refs[:most] if most is not None else refs
    if mode == "any":
        top = min(len(refs), most if most is not None else len(refs))
        if len(refs) == 1:
            return refs
        return list(
            ctx.decide(LanguageDecision.CHOOSE_MANY, refs, prompt, min_choices=1, max_choices=top)
        )
    count = min(int(getattr(quantity, "count", None) or 1), len(refs))
    if most is not None:
        count = min(count, most)
    if len(refs) == count:
        return refs
    if count == 1:
        return [ctx.decide(LanguageDecision.CHOOSE_TARGET, refs, prompt)]
    return list(
        ctx.decide(LanguageDecision.CHOOSE_MANY, refs, prompt, min_choices=count, max_choices=count)
    )


def _dice_at(ctx: Context, object: Any, at: Any) -> list[Any]:
    """The dice of the object's resource (and value) at the places ``at`` names, else at this
    location: an ability works on the dice where its character is (Character Ability
    Reference), never on the first such die anywhere."""
    _, noun = _noun(object)
    value = getattr(object, "value", None)
    face = value.value if value is not None and value.kind == "exact" else None
    return [
        {"kind": "die", "location": loc.name, "index": i, "resource": d.resource, "face": d.face}
        for loc in _locations(ctx, at)
        for i, d in enumerate(loc.dice)
        if (noun is None or d.resource == noun) and (face is None or d.face == face)
    ]


def _dice_to_spend(ctx: Context, object: Any, at: Any) -> list[Any]:
    """The dice "spend" gives up: those the compiler found ("2 diplomacy at this location"),
    else the object's dice where ``at`` says, and for "2 dice" the acting character's
    initiative dice too (the printed die-cube cost); the player picks when more fit. Fewer
    than the text names is no payment: the text fails and nothing is spent."""
    if not hasattr(object, "quantity"):  # resolved already: these are the dice
        return _die_targets(ctx, object)
    host = _host(ctx)
    category, noun = _noun(object)
    options = _dice_at(ctx, object, at)
    if ctx.actor and category == "die":
        c = host.character(ctx.actor)
        options += [
            {"kind": "initiative", "character": c.name, "index": i, "face": f}
            for i, f in enumerate(c.initiative)
        ]
    count = _number(ctx, object)
    if not options:
        raise _nothing_to_do(ctx, f"no {noun or 'die'} to spend")
    if len(options) < count:
        raise EffectError(f"not enough dice to spend {count}", ctx.span)
    prompt = f"Spend {count} dice" if category == "die" else f"Spend which {noun}?"
    return _pick_dice(ctx, options, object, prompt)


def _move_settles(ctx: Context, kw: dict[str, Any]) -> bool:
    # the actor moves ("Move to any location"): asked only when more than one place is left
    if "object" in kw or "from_" in kw or "onto" in kw:
        return False
    to = kw.get("to")
    return to is None or len(_locations(ctx, to)) <= 1


@settles(_move_settles)
@holds("from")  # "Move a military from any location ...": only places with one are offered
def move(
    ctx: Context, object: Any = _UNWRITTEN, from_: Any = None, to: Any = None, onto: Any = None
) -> None:
    host = _host(ctx)
    st = host.state
    if object is None:  # "move an asset from the staging area ..." with none there
        raise _nothing_to_do(ctx, "nothing to move")
    if object is _UNWRITTEN or getattr(object, "reference", None) == "self":
        targets = _locations(ctx, to) if to is not None else []
        if not targets:
            return
        names = [loc.name for loc in targets]
        dest = (
            names[0]
            if len(names) == 1
            else ctx.decide(DecisionKind.CHOOSE_LOCATION, names, "Move where?")
        )
        for c in _actors(ctx, None):
            movers = st.characters if st.solo else [c]
            for m in movers:
                host.ops.move_character(m, dest, "effect")
        return
    card = _this_card(ctx, onto) or _this_card(ctx, to)
    if card is not None:  # "move a resource at this location onto this card"
        found = host.select(ctx, object) if hasattr(object, "quantity") else _refs(ctx, object)
        here = [r for r in found if isinstance(r, dict) and r.get("kind") == "die"]
        room = host.ops.hold_capacity(card)
        if room is not None:
            room -= len(st.card_dice.get(card, []))
        host.ops.hold_dice(card, _pick_dice(ctx, here, object, f"Which dice onto {card}?", room))
        return
    card = _this_card(ctx, from_)
    if card is not None:  # "move any resources from this card to this location"
        _, noun = _noun(object)
        held = host.ops.held_refs(card, noun if _noun(object)[0] == "resource" else None)
        dest = _locations(ctx, to)
        picked = _pick_dice(ctx, held, object, f"Which dice off {card}?")
        host.ops.unhold_dice(picked, dest[0] if dest else _here(ctx))
        return
    zone = getattr(getattr(to, "place", to), "zone", None) or getattr(
        getattr(onto, "place", onto), "zone", None
    )
    dice = [r for r in _die_targets(ctx, object) if r["kind"] == "die"]
    if dice and zone == "pool":  # "move any sorcery at this location to your pool"
        for c in _actors(ctx, None)[:1]:
            for ref in sorted(dice, key=lambda r: -int(r["index"])):
                die = host.ops.take_die(ref["location"], ref["index"])
                host.ops.return_die(die)
                if st.initiative_supply > 0:
                    host.ops.initiative_from_die(c, die.face)
        return
    category, resource = _noun(object)
    if category == "resource" and from_ is not None and zone is None:
        _move_dice(ctx, object, resource, from_, to)
        return
    for ref in _refs(ctx, object):
        if isinstance(ref, dict) and "uid" in ref and zone is None:
            _move_obstacle(ctx, ref, to if to is not None else onto)
            continue
        name = _card_name(ref)
        if not name:
            continue
        ctx.bindings["it"] = {"kind": host.ruleset.kind_of(name), "name": name}  # "It does not..."
        if name in host.ruleset.assets and (zone is None or "crafting" in str(zone)):
            _to_crafting_area(ctx, name)
        elif name in host.ruleset.assets and "staging" in str(zone):
            host.ops.stage_asset(name)
        elif name in host.ruleset.obstacles and "deck" in str(zone or ""):
            host.ops.obstacle_on_deck(name)
        else:  # nothing here knows how: the card is not spent for nothing
            raise EffectError(f"cannot move {name} there", ctx.span)


def _move_dice(ctx: Context, object: Any, resource: str | None, from_: Any, to: Any) -> None:
    """ "Move a military from any location to this location": the dice of that resource at
    the place the text names (asked which when several fit) go to the place it names."""
    host = _host(ctx)
    sources = _locations(ctx, from_)
    dice = [
        {"kind": "die", "location": loc.name, "index": i, "resource": d.resource, "face": d.face}
        for loc in sources
        for i, d in enumerate(loc.dice)
        if resource is None or d.resource == resource
    ]
    dest = _locations(ctx, to) if to is not None else []
    if not dest:
        raise EffectError("a die moves to a location: write where ('to this location')", ctx.span)
    names = [loc.name for loc in dest]
    where = (
        names[0]
        if len(names) == 1
        else ctx.decide(DecisionKind.CHOOSE_LOCATION, names, "Move the dice where?")
    )
    dice = [d for d in dice if d["location"] != where]  # a die already there does not move
    if not dice:
        raise _nothing_to_do(ctx, f"no {resource or 'die'} to move to {where}")
    picked = _pick_dice(ctx, dice, object, f"Which {resource or 'die'} moves to {where}?")
    for ref in sorted(picked, key=lambda r: -int(r["index"])):  # later indexes first
        host.ops.move_die(ref["location"], ref["index"], str(where))


def _move_obstacle(ctx: Context, ref: dict[str, Any], to: Any) -> None:
    """ "Move an obstacle at this location to any location": as an obstacle moves, so the
    location it moves onto is told ("When an obstacle moves in")."""
    host = _host(ctx)
    found = host.find_obstacle(int(ref["uid"]))
    dest = _locations(ctx, to) if to is not None else []
    if found is None or not dest:
        raise EffectError(f"cannot move {ref.get('name')}: no location to move it to", ctx.span)
    loc, obstacle = found
    names = [d.name for d in dest]
    where = (
        names[0]
        if len(names) == 1
        else ctx.decide(DecisionKind.CHOOSE_LOCATION, names, f"Move {obstacle.name} where?")
    )
    arrival = host.ops.move_obstacle(obstacle, loc, host.location(str(where)))
    if obstacle.name == ctx.card and loc.name == ctx.location:
        ctx.location = arrival.name  # this obstacle's text: "this location" is where it now is
    moved = {
        "kind": "obstacle",
        "uid": obstacle.uid,
        "name": obstacle.name,
        "location": arrival.name,
    }
    host.run_effects(
        ctx,
        host.side(arrival).effects,
        "obstacle arrives",
        location=arrival.name,
        card=arrival.name,
        bindings={"it": moved},
    )


@takes(object=("obstacle", "asset", "event"))
@replaceable("threat")  # "Threat: Instead of discarding this obstacle, ...": after its threat
def discard(ctx: Context, object: Any, from_: Any = None) -> None:
    host = _host(ctx)
    if object is None:  # "discard an asset in your crafting area" with none there
        return _found_nothing(ctx, "nothing to discard")
    for ref in _refs(ctx, object):
        obstacle = _obstacle(ctx, ref)
        if obstacle is not None:
            found = host.find_obstacle(obstacle.uid)
            assert found is not None
            host.ops.discard_obstacle(found[0], obstacle)
            continue
        name = _card_name(ref)
        if name is not None and name in host.ruleset.assets:
            host.ops.discard_asset(name)


def _take_card_out(ctx: Context, name: str) -> bool:
    """Remove a card from wherever it is (decks, staging, a character); True if found."""
    return _host(ctx).ops.take_card_out(name)


@takes(object=("obstacle", "asset", "event", "scene"))
def archive(ctx: Context, object: Any, from_: Any = None) -> None:
    host = _host(ctx)
    if object is None:  # "archive an obstacle from the obstacle discard" with none there
        return _found_nothing(ctx, "nothing to archive")
    for ref in _refs(ctx, object):
        name = _card_name(ref)
        if name and _take_card_out(ctx, name):
            host.ops.archive_card(name)


@takes(object=("asset", "event", "obstacle", "ability", "scene", "condition"))
def burn(ctx: Context, object: Any) -> None:
    host = _host(ctx)
    for ref in _refs(ctx, object):
        name = _card_name(ref) or ctx.card
        if name is None:
            continue
        _take_card_out(ctx, name)
        host.ops.burn_card(name)


@takes(object=("obstacle", "ability", "asset", "scene"))
@creates("object")
def draw(ctx: Context, object: Any) -> None:
    host = _host(ctx)
    _, noun = _noun(object)
    refs = [r for r in _refs(ctx, object) if isinstance(r, dict)] if noun is None else []
    if refs and all(r.get("kind") == "ability" for r in refs):
        noun = "ability"  # "draw an ability": the compiler resolved the phrase to the deck top
    elif refs and all(r.get("zone") == "obstacle deck" for r in refs):
        noun = "obstacle"
    count = _number(ctx, object) if hasattr(object, "quantity") or not refs else len(refs)
    before = _obstacles_in_play(host)
    for _ in range(count):
        if noun == "ability":
            for c in _actors(ctx, None):
                host.ops.take_ability(c)
        else:
            host.ops.draw_obstacle(ctx)
    if noun != "ability":
        _it_entered(ctx, before)


def _obstacles_in_play(host: Session) -> set[int]:
    return {o.uid for loc in host.state.locations for o in loc.obstacles}


def _it_entered(ctx: Context, before: set[int]) -> None:
    """ "Draw an obstacle. Then place 2 hindrance on it.": "it" is what entered play."""
    host = _host(ctx)
    entered = [
        {"kind": "obstacle", "uid": o.uid, "name": o.name, "location": loc.name}
        for loc in host.state.locations
        for o in loc.obstacles
        if o.uid not in before
    ]
    if entered:
        ctx.bindings["it"] = entered[0] if len(entered) == 1 else entered


@takes(object="obstacle")
def put_into_play(ctx: Context, object: Any, at: Any = None) -> None:
    host = _host(ctx)
    where = _locations(ctx, at) if at is not None else []
    before = _obstacles_in_play(host)
    for ref in _refs(ctx, object) if not getattr(object, "name", None) else [object]:
        name = _card_name(ref)
        if name and name in host.ruleset.obstacles:
            host.ops.put_into_play(ctx, name, at=where[0].name if where else None)
    _it_entered(ctx, before)


@takes(object="location")
def develop(ctx: Context, object: Any) -> None:
    for ref in _refs(ctx, object) if not getattr(object, "name", None) else [object]:
        name = _card_name(ref)
        if name:
            _host(ctx).ops.develop(name)


@takes(object="ability")
def unlock(ctx: Context, object: Any) -> None:
    for ref in _refs(ctx, object) if not getattr(object, "name", None) else [object]:
        name = _card_name(ref)
        if name:
            _host(ctx).ops.unlock_ability(name)


@takes(object=("ability", "asset", "zone", "die", "resource"))
def refresh(ctx: Context, object: Any) -> None:
    """Turn upright a card the actor used this turn, of the kind the text names ("an ability":
    an ability card, never an asset); or refresh dice as the refresh step does: roll them
    again. ("Dice at this location do not refresh." keeps the refresh step off them.)"""
    host = _host(ctx)
    dice = [r for r in _refs(ctx, object) if isinstance(r, dict) and r.get("kind") == "die"]
    if dice or getattr(object, "noun_category", None) == "die":
        if not dice:
            raise _nothing_to_do(ctx, "no such die to refresh")
        for ref in dice:
            _set_face(ctx, ref, host.ops.roll(f"refresh {ref.get('resource')}", 1)[0])
        return
    kind = _card_kind(ctx, object[0] if isinstance(object, list) and object else object)
    for c in _actors(ctx, None):
        used = [
            n
            for n in c.exhausted
            if n != ctx.card and (kind == "card" or host.ruleset.kind_of(n.split("#")[0]) == kind)
        ]
        if not used:
            raise _nothing_to_do(ctx, f"no used {kind} to refresh")
        pick = (
            used[0]
            if len(used) == 1
            else ctx.decide(LanguageDecision.CHOOSE_TARGET, used, "Refresh which?")
        )
        host.ops.refresh_card(c, pick)


def refill(ctx: Context, object: Any = None) -> None:
    _host(ctx).ops.fill_staging()


@takes(object="token", on="obstacle")
@up_to("object")
@holds("on")  # "Convert 2 hindrance on any obstacle ...": only the obstacles with some offered
def convert(ctx: Context, object: Any, on: Any = None, to: Any = None) -> None:
    """Tokens of one kind on an obstacle become the other kind: as many as the text names
    (what the obstacle holds when fewer), every one for "all"."""
    host = _host(ctx)
    _, noun = _noun(object)
    _, into = _noun(to)
    if not noun or not into:
        return
    every = getattr(getattr(object, "quantity", None), "mode", None) == "all"
    obstacles = [o for o in (_obstacle(ctx, ref) for ref in _refs(ctx, on)) if o is not None]
    if not every and not any(getattr(o, noun) for o in obstacles):
        raise _nothing_to_do(ctx, f"no {noun} to convert")
    for obstacle in obstacles:
        held = getattr(obstacle, noun)
        amount = held if every else min(_count(ctx, object, most=held), held)
        host.ops.convert_tokens(obstacle, noun, into, amount)
        if into == "progress":
            host.overcome.progress_placed(ctx, obstacle.uid)


def _searched(ctx: Context, object: Any, for_: Any) -> tuple[str | None, list[str]]:
    """The pile a search looks through (its name as written, ``None``: the asset deck and the
    staging area) and the cards in it that it finds, each once."""
    host = _host(ctx)
    st = host.state
    place = getattr(object, "place", None)
    zone = getattr(place, "zone", None)
    of_kind = getattr(place, "of_kind", None)
    if zone in ("deck", "discard") and of_kind:
        zone = f"{of_kind} {zone}"
    piles = {
        "asset deck": st.asset_deck,
        "staging area": st.asset_staging,
        "asset discard": st.asset_discard,
        "archive": st.archive,
        "reserve": st.reserve,
        "obstacle deck": st.obstacle_deck,
        "obstacle discard": st.obstacle_discard,
        "scene deck": st.scene_deck,
    }
    if zone is not None and zone not in piles:  # never some other pile than the one written
        raise EffectError(f"Six Winters keeps no {zone} to search", ctx.span)
    pool = list(piles[zone]) if zone is not None else [*st.asset_deck, *st.asset_staging]
    if isinstance(for_, dict | list) or for_ is None:
        # the compiler resolved "a Food asset" to the matching cards (None: there are none)
        wanted = {_card_name(r) for r in _refs(ctx, for_)}
        return zone, [n for n in dict.fromkeys(pool) if n in wanted]
    return zone, [n for n in dict.fromkeys(pool) if selecting.card_matches(host, n, for_)]


def _nothing_to_search(ctx: Context, object: Any, for_: Any = None) -> str | None:
    """A ``finds`` check: a card used as an action whose search would find nothing ("Search
    the asset deck for a charm asset" with none left there) is refused (``_found_nothing``);
    any other text's search that finds nothing does nothing and goes on."""
    if not getattr(ctx, "refusing", False):
        return None
    try:
        zone, found = _searched(ctx, object, for_)
    except EffectError:
        return None  # a pile Six Winters does not keep: the search itself says so
    return None if found else f"nothing to find in the {zone or 'asset deck'}"


@takes(object="zone")
@creates("for")  # "for a Food asset": matched against the pile searched, not found beforehand
@finds(_nothing_to_search)
def search(ctx: Context, object: Any, for_: Any = None) -> None:
    """Find a card in a deck or area; what is found is bound to "it"."""
    host = _host(ctx)
    st = host.state
    zone, found = _searched(ctx, object, for_)
    if not found:
        ctx.bindings["it"] = None
        return _found_nothing(ctx, f"nothing to find in the {zone or 'asset deck'}")
    pick = (
        found[0]
        if len(found) == 1
        else ctx.decide(LanguageDecision.CHOOSE_TARGET, found, "Take which card?")
    )
    if pick in st.asset_deck:
        host.ops.shuffle(st.asset_deck)  # a searched deck is shuffled
    ctx.bindings["it"] = {"kind": host.ruleset.kind_of(pick), "name": pick}


@takes(object=("resource", "die"))
@holds("at", "from")  # "from any location": only the places holding such dice are offered
def clear(ctx: Context, object: Any, at: Any = None, from_: Any = None) -> None:
    """Dice back to the supply: as many as the text names ("a military": one, the player's
    pick when several fit; "all resources": every one) from the places named, else here."""
    host = _host(ctx)
    where = at or from_
    if not hasattr(object, "quantity"):  # the compiler found them: "a diplomacy at this location"
        chosen = _die_targets(ctx, object)
        places = [host.location(name) for name in dict.fromkeys(r["location"] for r in chosen)]
    else:
        _, noun = _noun(object)
        found = _dice_at(ctx, object, where)
        places = _locations(ctx, where)
        if object.quantity.mode == "all":
            chosen = found
        elif not found:
            raise _nothing_to_do(ctx, f"no {noun or 'die'} to clear")
        else:
            chosen = _pick_dice(ctx, found, object, f"Clear which {noun or 'die'}?")
    taken = {(r["location"], r["index"]) for r in chosen}
    for loc in places:
        host.ops.clear_dice(loc, {i for name, i in taken if name == loc.name})


def cancel(ctx: Context, object: Any, from_: Any = None) -> None:
    host = _host(ctx)
    cancelled = host.state.flags.get("cancel stress", 0) + _number(ctx, object)
    host.ops.set_flag("cancel stress", cancelled)


def ignore(ctx: Context, object: Any, for_: Any = None) -> None:
    """A card's holder ignores a kind of stress this turn: the holder only, not the team."""
    _, noun = _noun(object)
    whose = f" for {ctx.actor}" if ctx.actor else ""
    _host(ctx).ops.set_flag(f"ignore {noun or 'limit'}{whose}")


def _remove_settles(ctx: Context, kw: dict[str, Any]) -> bool:
    # threat: taken from the locations named, ``NothingToActOn`` before any when there is none
    # (progress and hindrance ask which obstacle)
    return _noun(kw.get("object"))[1] == "threat" and not _asks_how_many(kw.get("object"))


def _no_threat_to_remove(
    ctx: Context, object: Any, at: Any = None, from_: Any = None, on: Any = None
) -> str | None:
    """A ``finds`` check: a threat taken from a place written (or here) that holds none; a
    phrase not resolved yet, or "all threats", is the primitive's to judge."""
    every = getattr(getattr(object, "quantity", None), "mode", None) == "all"
    if _noun(object)[1] != "threat" or every:
        return None
    where = at or from_ or on
    if hasattr(where, "quantity") and not hasattr(where, "zone"):
        return None  # a phrase the primitive resolves (it may ask)
    if any(loc.threats for loc in _locations(ctx, where)):
        return None
    return "no threat to remove"


@settles(_remove_settles)
@finds(_no_threat_to_remove)
@takes(object="token")
@up_to("object")
@holds("from", "at", "on")  # "from any location": only the places holding one are offered
def remove(ctx: Context, object: Any, at: Any = None, from_: Any = None, on: Any = None) -> None:
    host = _host(ctx)
    _, noun = _noun(object)
    every = getattr(getattr(object, "quantity", None), "mode", None) == "all"
    if noun == "threat":
        places = _locations(ctx, at or from_ or on)
        if not every and not any(loc.threats for loc in places):
            raise _nothing_to_do(ctx, "no threat to remove")
        for loc in places:
            most = min(_count(ctx, object, most=loc.threats), loc.threats)
            taken = loc.threats if every else most  # "remove all threats"
            host.ops.remove_threats(loc, taken)
        return
    if on is None and from_ is None and noun in ("progress", "hindrance"):
        # "Remove a progress at this location": from an obstacle there that has one
        place = getattr(object, "place", None) or getattr(at, "place", None)
        carrying = [
            {"kind": "obstacle", "uid": o.uid, "name": o.name, "location": loc.name}
            for loc in (_locations(ctx, place) if place is not None else _locations(ctx, at))
            for o in loc.obstacles
            if getattr(o, noun) > 0
        ]
        if not carrying:
            raise _nothing_to_do(ctx, f"no {noun} to remove")
        if not every and len(carrying) > 1:
            carrying = [
                ctx.decide(LanguageDecision.CHOOSE_TARGET, carrying, f"Remove {noun} from?")
            ]
        elif not every:
            carrying = carrying[:1]
        on = carrying
    removed = 0
    for ref in _refs(ctx, on or from_):
        obstacle = _obstacle(ctx, ref)
        if obstacle is not None and noun in ("progress", "hindrance"):
            held = getattr(obstacle, noun)
            taken = held if every else min(_count(ctx, object, most=held), held)
            host.ops.remove_tokens(obstacle, noun, taken)
            removed += taken
    if not removed and not every:
        raise _nothing_to_do(ctx, f"no {noun} to remove")


@forbiddable("this place", on=("obstacle", "location"))
def muster(ctx: Context, object: Any, at: Any = None) -> None:
    host = _host(ctx)
    _, noun = _noun(object)
    for loc in _locations(ctx, at):
        host.ops.new_resource_die(ctx, str(noun), loc)


def shuffle(ctx: Context, object: Any, onto: Any = None) -> None:
    _host(ctx).ops.shuffle_finale_scenes()


@takes(object="obstacle")
def hinder(ctx: Context, object: Any) -> None:
    host = _host(ctx)
    for ref in _refs(ctx, object):
        obstacle = _obstacle(ctx, ref)
        if obstacle is None:
            continue
        card = host.ruleset.obstacles[obstacle.name]
        if obstacle.progress + obstacle.hindrance >= card.difficulty:
            discard(ctx, ref)


def hold(ctx: Context, object: Any, on: Any = None) -> None:
    _host(ctx).ops.set_flag(f"holds:{ctx.card}", _number(ctx, object))


# The actions whose cost standing text may change, each with what the engine takes for it: the
# four named by a declared "<action> cost" value (what the cost returns to), and the moves whose
# cost a location prints (``PRINTED_COSTS``: without a card, the printed cost again). Crafting
# spends initiative dice, never stress.
PRICED_ACTIONS = {
    "move": "action point",
    "trade": "action point",
    "muster": "action point",
    "craft": "initiative die",
    "port move": "action point",
    "portal move": "action point",
}
PRINTED_COSTS = frozenset({"port move", "portal move"})


@prices(PRICED_ACTIONS, on="event")  # the standing text of events out (apply_standing_texts)
def cost(ctx: Context, object: ActionCost) -> None:
    """A standing change of an action's cost ("Each trade costs 2 action points."): while the
    card is out, ``Session.action_cost`` reads it instead of the declared value."""
    _host(ctx).ops.set_flag(f"{object.action} cost", object.amount)


@only_forbidden
@takes(object="obstacle")
def overcome(ctx: Context, object: Any) -> None:
    """Only ever written as a standing restriction ("May not overcome Stability obstacles."):
    overcoming is an action of the turn, never a card's effect."""
    raise EffectError(
        "a card does not overcome obstacles: write 'May not overcome ...' to forbid it", ctx.span
    )


def stay_in_play(ctx: Context, subject: Any = None) -> None:
    obstacle = _this_obstacle(ctx)
    if obstacle is not None:
        _host(ctx).ops.keep_in_play(obstacle)


def cause_surge(ctx: Context, subject: Any = None) -> None:
    """Only ever written negated, after the sentence it modifies ("Place a threat on every Fort.
    This does not cause a surge."): the compiler folds it into that sentence, whose threats then
    skip the surge (``ctx.withholds("cause_surge")``). Reached on its own, it modifies nothing."""
    raise EffectError(
        '"This does not cause a surge." must follow the sentence placing threats', ctx.span
    )


def count_toward(ctx: Context, subject: Any = None, object: Any = None) -> None:
    """Written negated ("It does not count toward the staging area.")."""
    for ref in _refs(ctx, subject):
        name = _card_name(ref)
        if name:
            _host(ctx).ops.set_flag(f"uncounted:{name}")


# ---------------------------------------------------------------------- the values read

# Every declared value the engine's Python reads (``ruleset.value``), with the range the engine
# honours: ``chronicler check`` warns of a value the text declares that is not among them (it
# would say one thing while the game does another) and refuses one outside its range, whatever
# range a copy of the text writes. tests/rules/six_winters/test_declared_values.py holds this
# list to the code.
values_read: dict[str, str] = {
    "action points max": "1..",
    "action points per turn": "0..",
    "advances over rank": "0..",
    "characters per player": "1..",
    "condition repeats": "0..1",
    "craft cost": "1..",
    "danger removed per location": "0..",
    "downtime advances": "0..",
    "downtime conditions removed": "0..",
    "finale scene points": "0..",
    "finale year": "1..",
    "hindrance tokens": "1..",
    "initiative dice": "1..",
    "map obstacles keep tokens": "0..1",
    "move cost": "0..",
    "muster cost": "0..",
    "obstacle activations": "0..",
    "obstacles drawn per turn": "0..",
    "players": "1..",
    "progress tokens": "1..",
    "refresh takes": "0..",
    "resource dice per resource": "1..",
    "result threats from box": "0..1",
    "scene advances": "0..",
    "scenes drawn per turn": "0..",
    "scenes to win": "1..",
    "session success points": "0..",
    "skill match bonus": "0..",
    "skill max": "0..5",
    "skill min": "0..5",
    "solo threat pool": "1..",
    "sorcery explodes on": "1..6",
    "staging area": "1..",
    "starting abilities": "0..",
    "starting action points": "0..",
    "starting assets": "0..",
    "starting initiative dice": "0..",
    "stress per explosion": "0..",
    "surge returns": "0..1",
    "threat pool": "1..",
    "threat tokens": "1..",
    "top scene activates": "0..1",
    "trade cost": "0..",
    "trade dice in": "1..",
    "trade dice out": "1..",
    "years": "1..",
}


# the procedure's words (``procedure.rules``: ``do advance time``...), registered in ``words``
procedure_words = WORDS
