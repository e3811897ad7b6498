"""Procedure words the world engine reads as text: a ``play ... until`` condition, the things of
a ``for each`` (a kind, or a kind with tags), the number ``in order of``, and steps over held
cards and checks. Each is read once, as the ruleset is checked (a form the words do not take is
``None``: the checker then says the words are unknown, with the forms); what the words name
(a kind, a tag, a number, a check) is looked up when the step runs, in the game's world::

    Rounds: play "Round" until no theirs unit is in play
    Rounds: play "Round" until resolve is at least 10
    Pace: for each unit in order, do roll pace into pace
    Turns: for each unit in order of pace, play "Turn"
    Start: do fire start of held cards

Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dsl.expr import COMPARE
from dsl.numbers import CONDITION_COMPARISONS
from dsl.runtime import EffectError

from .model import GAME

if TYPE_CHECKING:
    from .game import WorldGame


def things_in_play(game: WorldGame, noun: str) -> list[str]:
    """The cards in play a noun names: ``model`` (a kind), ``adversary`` (a tag of a kind's
    cards), ``company model`` (tags, then the kind)."""
    words = noun.casefold().split()
    kinds = {k.casefold() for k in game.world.card_kinds} | {
        c["kind"].casefold() for c in game.state.cards.values()
    }
    last = words[-1].rstrip("s") if words else ""
    kind = last if last in kinds else None
    tags = words[:-1] if kind is not None else words
    tags = [t.rstrip("s") if t.rstrip("s") and t not in ("its",) else t for t in tags]
    found = []
    for card, info in game.state.cards.items():
        if not info.get("at") or (kind is not None and info["kind"].casefold() != kind):
            continue
        if all(_tagged(game, card, tag) for tag in tags):
            found.append(card)
    if kind is None and not tags:
        raise EffectError(f"'{noun}' names no kind nor tag of a card in play")
    return found


def _tagged(game: WorldGame, card: str, tag: str) -> bool:
    for value in game.card_fields(card).values():
        values = value if isinstance(value, list) else [value]
        if any(isinstance(v, str) and v.casefold().rstrip("s") == tag for v in values):
            return True
    return False


def number_of(game: WorldGame, thing: str, name: str) -> int:
    """A number of a thing: a declared number it holds, else a number field of its card."""
    if game.world.property(name) is not None:
        return game.ops.value(thing, name)
    if thing in game.state.cards:
        fields = game.card_fields(thing)
        value = fields.get(name)
        if isinstance(value, int):
            return value
        for field in fields.values():  # a rank of a ranks field ("speed 4")
            if isinstance(field, dict):
                for member, rank in field.items():
                    if str(member).casefold() == name.casefold() and isinstance(rank, int):
                        return rank
    raise EffectError(f"{game.host.name_of(thing)} has no number '{name}'")


# ---- play ... until ----------------------------------------------------------------------------


def until(words: str) -> Callable[[Any], bool] | None:
    """``no <noun> is in play``, ``<number> is [at least|at most|below|above|not] N``."""
    w = words.split()
    if w == ["it", "has", "passed"]:  # the thing the phase is played for said it is done

        def passed(game: Any) -> bool:
            return game.subject() in game.state.passed

        passed.__name__ = "until it has passed"
        return passed
    if len(w) >= 5 and w[0] == "no" and w[-3:] == ["is", "in", "play"]:
        noun = " ".join(w[1:-3])

        def none_in_play(game: Any) -> bool:
            return not things_in_play(game, noun)

        none_in_play.__name__ = f"until no {noun} is in play"
        return none_in_play
    for k in range(1, len(w)):
        for phrase, cmp in CONDITION_COMPARISONS:
            if tuple(w[k : k + len(phrase)]) != phrase or len(w) != k + len(phrase) + 1:
                continue
            if w[-1].isdigit():
                return _compared(words, " ".join(w[:k]), cmp, int(w[-1]))
    return None


def _compared(words: str, name: str, cmp: Any, figure: int) -> Callable[[Any], bool]:
    test = COMPARE[cmp]

    def compared(game: Any) -> bool:
        if game.world.property(name) is None:
            raise EffectError(f"'{name}' is no number the ruleset declares")
        return test(game.ops.value(GAME, name), figure)

    compared.__name__ = f"until {words}"
    return compared


UNTIL_FORMS = [
    "no <kind or tag> is in play",
    "<number of the game> is at least N",
    "it has passed",
]


# ---- for each, in order of ---------------------------------------------------------------------


def each(noun: str) -> Callable[[Any], list[str]]:
    """The things of ``for each <noun>``: the players, the places, or the cards in play of a
    kind (with tags before it: ``for each company model``)."""

    def each_thing(game: Any) -> list[str]:
        from .game import each_of

        if len(noun.split()) == 1:
            return each_of(game, noun)
        return things_in_play(game, noun)

    each_thing.__name__ = f"each {noun}"
    return each_thing


def order(words: str) -> Callable[[Any, Any], Any]:
    """The number ``in order of <words>`` sorts by (highest first): one each thing holds; with
    ``then`` (``speed score then pace``), the numbers after it break the ties of
    those before, in turn (the numbers of each thing, a tuple)."""
    names = [
        n.strip().removeprefix("of ").removeprefix("its ").strip() for n in words.split(" then ")
    ]
    if len(names) > 1:

        def numbers(game: Any, thing: Any) -> tuple[int, ...]:
            return tuple(number_of(game, str(thing), name) for name in names)

        numbers.__name__ = f"order of {' then '.join(names)}"
        numbers.names = names  # type: ignore[attr-defined]  # checked as a game starts
        return numbers
    name = names[0]

    def number(game: Any, thing: Any) -> int:
        return number_of(game, str(thing), name)

    number.__name__ = f"order of {name}"
    number.names = names  # type: ignore[attr-defined]  # checked as a game starts
    return number


# ---- steps over held cards and checks ----------------------------------------------------------


def step(words: str) -> Callable[..., None] | None:
    """``fire <trigger> of held cards``: each card the phase's subject holds with a text of
    that trigger runs it, the holder acting; ``roll <check> into <number>``: the thing (or the
    phase's subject) makes the check, and its score is that number of it now."""
    w = words.split()
    if len(w) >= 5 and w[0] == "fire" and w[-3:] == ["of", "held", "cards"]:
        label = " ".join(w[1:-3])

        def fire_held(game: Any, item: Any = None) -> None:
            from .durations import held

            holder = item if item is not None else game.subject()
            if holder is None:
                raise EffectError(f"'fire {label} of held cards': no phase is played for anyone")
            for effect in list(held(game, holder)):
                card = effect["card"]
                if game.compiled_card(card).abilities_for(label):
                    game.run_card_text(card, label, game.context(actor=holder, card=card))

        fire_held.__name__ = f"fire {label} of held cards"
        return fire_held
    if len(w) >= 4 and w[0] == "roll" and "into" in w[2:]:
        cut = w.index("into", 2)
        check_name, name = " ".join(w[1:cut]), " ".join(w[cut + 1 :]).removeprefix("its ")

        def roll_into(game: Any, item: Any = None) -> None:
            from .durations import check

            thing = item if item is not None else game.subject()
            result = check(game, thing, check_name)
            game.ops.set(thing, name, int(result.score), why=f"the {check_name} check")

        roll_into.__name__ = f"roll {check_name} into {name}"
        return roll_into
    return None


STEP_FORMS = ["fire <trigger> of held cards", "roll <check> into <number>"]
