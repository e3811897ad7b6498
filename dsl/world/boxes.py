"""A number over a track of boxes: a meter that falls to its floor goes back to its start and
marks the next unmarked box; past the last box its owner is knocked out.

One declaration (the category form), after the number it watches::

    nerve is a number 0..6 of heroes, starting at its nerve
    scars are 3 boxes of heroes, marked when nerve falls to 0

- When a change would take ``nerve`` to its floor (0) or below, it goes back to its start (the
  card's own field, for a number "starting at its ..."), and the first box not yet marked is
  marked; the rest of the change is lost (one box a fall, however far it falls). A marked box
  is skipped: the next one is marked. The boxes are numbers of their owner, ``scar 1`` ..
  ``scar 3`` (0 or 1), kept from one session of a campaign to the next as any card's number is
  (``dsl.world.together``), while the meter starts again at its start.
- With every box marked, a fall knocks the owner out: the card leaves the map for the rest of
  the game (the zone ``knocked out``) and the player playing it (``dsl.world.control``) passes
  every action phase from then on. Its numbers stay as they are.
- A number reads how many of a card's boxes are marked: ``your scars`` (the card the acting
  player plays), ``its scars``, ``the scars of <a card>``, ``the number of marked scars of <a
  card>`` (summed over the cards found; 0 when none is): "If your scars are at least 2, ...".
  One box, 1 when marked: ``your scar 2``, ``its scar 2``, ``the scar 2 of <a card>``.
- ``Erase a scar.``, ``Each hero erases a scar.``: the first marked box (the one nearest the
  meter) is unmarked; a card with none marked erases nothing, and the text goes on (a sentence
  erasing for every card is not stopped by the first with none).

Checked where written: the count (at least 1), whose boxes they are (the owner of the number they
watch), the floor they are marked at (the number's own), and any other shape. Nothing here names
a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.runtime import Context, EffectError, Span, creates

from .model import PropertyDecl

if TYPE_CHECKING:
    from .game import WorldGame

KNOCKED_OUT = "knocked out"  # the zone of a card knocked out for the rest of the game
FORM = "write '{name} are 3 boxes of <owners>, marked when <number> falls to <its floor>'"


class BoxError(PlacedError):
    """A declaration that cannot be read, or does not fit the number it watches."""


@dataclass(frozen=True, slots=True)
class BoxesDecl:
    """``scars are 3 boxes of heroes, marked when nerve falls to 0``."""

    name: str  # "scars"
    box: str  # one box's word: "scar"
    count: int
    owner: str  # the owning kind, singular ("hero")
    number: str  # the number watched ("nerve")
    floor: int
    span: Span

    def numbers(self) -> tuple[PropertyDecl, ...]:
        """The boxes as numbers of their owner, ``scar 1`` .. ``scar N``, each 0 or 1."""
        return tuple(
            PropertyDecl(f"{self.box} {k}", "number", self.owner, 0, 1, 0, span=self.span)
            for k in range(1, self.count + 1)
        )

    def names(self) -> list[str]:
        return [f"{self.box} {k}" for k in range(1, self.count + 1)]


def read_boxes(
    name: str, plain: list[ast.Atom], span: Span, owner_of: Callable[[list[str]], str]
) -> BoxesDecl | None:
    """``<name> are N boxes of <owners>, marked when <number> falls to <F>`` (``plain``: the
    words after "are", commas left out), else ``None`` (not this declaration). Raises
    ``BoxError`` when it starts as one and goes on otherwise."""
    from dsl.vocabulary import singular_of

    words = [a.folded for a in plain]
    if len(words) < 2 or words[1] != "boxes":
        return None
    at = plain[0].span
    if plain[0].kind != "number" or int(plain[0].text) < 1:
        raise BoxError(f"{name}: how many boxes, at least 1: {FORM.format(name=name)}", at)
    try:
        marked = words.index("marked")
    except ValueError:
        raise BoxError(FORM.format(name=name), at) from None
    owner = words[3:marked]
    tail = words[marked:]
    if (
        words[2:3] != ["of"]
        or not owner
        or tail[:2] != ["marked", "when"]
        or tail[-3:-1] != ["falls", "to"]
        or len(tail) < 6
        or plain[-1].kind != "number"
    ):
        raise BoxError(FORM.format(name=name), at)
    return BoxesDecl(
        name,
        singular_of(" ".join(name.split())),
        int(plain[0].text),
        owner_of(owner),  # as a number's: "of heroes" is "hero"
        " ".join(a.text for a in plain[marked + 2 : -3]),
        int(plain[-1].text),
        span,
    )


def check_boxes(decl: BoxesDecl, properties: dict[str, PropertyDecl]) -> str | None:
    """What is wrong with the declaration against the number it watches, else ``None``."""
    watched = properties.get(decl.number.casefold())
    if watched is None or watched.shape not in ("number", "track"):
        return f"{decl.name} are marked when '{decl.number}' falls, and it is no number declared"
    if watched.owner != decl.owner:
        return (
            f"{decl.name} are boxes of {decl.owner}s, but {watched.name} is a number of "
            f"{watched.owner}s: the boxes are the number's owner's"
        )
    if watched.low != decl.floor:
        return (
            f"{decl.name}: {watched.name} stops at {watched.low}, so it falls to {watched.low}, "
            f"not {decl.floor}"
        )
    return None


def boxes_of(game: WorldGame, number: str) -> BoxesDecl | None:
    """The boxes a fall of ``number`` marks, if any."""
    declared = getattr(game.ruleset.vocabulary.world, "boxes", None) or {}
    for decl in declared.values():
        if isinstance(decl, BoxesDecl) and decl.number.casefold() == number.casefold():
            return decl
    return None


def fall(
    game: WorldGame, owner: str, decl: PropertyDecl, before: int, delta: int, why: str
) -> int | None:
    """A change of ``owner``'s number ``decl`` that takes it to its floor or below, when boxes
    watch it: back to its start and the next box marked (or the owner knocked out); the value
    it ends at. ``None``: no boxes watch it, or it does not fall that far."""
    if delta >= 0 or decl.low is None or before + delta > decl.low:
        return None
    boxes = boxes_of(game, decl.name)
    if boxes is None or owner not in game.state.cards:
        return None
    ops = game.ops
    free = [name for name in boxes.names() if ops.value(owner, name) == 0]
    if not free:
        _knock_out(game, owner, why)
        after = decl.low
    else:
        ops.change(owner, free[0], 1, why)  # the box marked: told as its number's change
        after = _start(game, owner, decl)
    return ops.write(owner, decl.name, before, after, why)


def _start(game: WorldGame, owner: str, decl: PropertyDecl) -> int:
    """Where the number starts: the card's own field ("starting at its nerve"), else its start."""
    if decl.start_field is not None:
        own = game.card_fields(owner).get(decl.start_field)
        if isinstance(own, int):
            return decl.clamp(own)
    return decl.start


def _knock_out(game: WorldGame, card: str, why: str) -> None:
    """The card off the map for the rest of the game; its player passes from now on."""
    player = game.state.cards[card].get("player")
    game.ops.move_card(card, zone=KNOCKED_OUT, why=f"knocked out ({why})" if why else "knocked out")
    if player is not None:
        game.ops.pass_turn(str(player))


def knocked_out(game: WorldGame) -> list[str]:
    """The players whose card is knocked out, or burnt (``dsl.world.burning``: out of the
    campaign): they pass every action phase."""
    out = [*game.state.zones.get(KNOCKED_OUT, []), *game.state.zones.get("burnt", [])]
    return [
        str(game.state.cards[card]["player"])
        for card in out
        if game.state.cards[card].get("player") is not None
    ]


@creates("object")
def erase(ctx: Context, object: Any, subject: Any = None) -> None:
    """``Erase a scar.``: the first marked box of the card acting (or of each card the subject
    finds) is unmarked."""
    game: Any = ctx.host.game  # type: ignore[attr-defined]
    words = " ".join(str(getattr(object, "noun", None) or getattr(object, "text", "")).split())
    declared = getattr(game.ruleset.vocabulary.world, "boxes", None) or {}
    boxes = next(
        (
            d
            for d in declared.values()
            if words.casefold() in (d.box, d.name.casefold(), f"a {d.box}")
        ),
        None,
    )
    if boxes is None:
        raise EffectError(f"'{words}' are no boxes to erase")
    from dsl.selectors import Selector

    if isinstance(subject, Selector):
        owners = [str(c) for c in ctx.host.select(ctx, subject)]
    elif isinstance(subject, list):  # "Each hero erases a scar.": the cards found
        owners = [str(c) for c in subject]
    elif subject is not None:
        owners = [str(subject)]
    else:
        from .control import holder

        actor = str(ctx.actor) if ctx.actor is not None else ""
        decl = game.world.property(boxes.names()[0])
        owners = [holder(game.world, game.state, actor, decl)]
    for owner in owners:  # one with none marked has none to erase: the text goes on
        marked = [n for n in boxes.names() if game.ops.value(owner, n) == 1]
        if marked:
            game.ops.change(owner, marked[0], -1, "erased")


READING = "marked boxes: "  # the name a number of marked boxes is read by (the host)
ONE = " #"  # then one box's place: "marked boxes: scars #2"


def reading_words(words: list[str], declared: dict[str, Any]) -> tuple[str, str | int] | None:
    """The boxes a number reads ("your scars", "its scars", "the scars of <...>", "the number
    of marked scars of <...>"; one box: "your scar 2", "the scar 2 of <...>") and whose: "your",
    "its" or where the words naming the cards start; else ``None``."""
    for decl in declared.values():
        if not isinstance(decl, BoxesDecl):
            continue
        said = decl.name.casefold().split()
        box = decl.box.casefold().split()
        b = len(box)
        places = {str(k) for k in range(1, decl.count + 1)}  # "scar 4" of 3 is no number
        whose = words[0] if words[:1] in (["your"], ["its"]) else None
        if whose and len(words) == b + 2 and words[1 : 1 + b] == box and words[-1] in places:
            return f"{READING}{decl.name}{ONE}{words[-1]}", whose  # one box: "your scar 2"
        if whose and words[1:] in (said, ["marked", *said]):
            return f"{READING}{decl.name}", whose
        at = b + 1  # "the scar 2 of <...>": one box of the cards found
        if words[:at] == ["the", *box] and words[at + 1 : at + 2] == ["of"] and len(words) > at + 2:
            return (
                (f"{READING}{decl.name}{ONE}{words[at]}", at + 2) if words[at] in places else None
            )
        for lead in (["the", *said, "of"], ["the", "number", "of", "marked", *said, "of"]):
            if words[: len(lead)] == lead and len(words) > len(lead):
                return f"{READING}{decl.name}", len(lead)
    return None


def is_reading(name: str) -> bool:
    return name.startswith(READING)


def read(game: WorldGame, ctx: Context, thing: Any, name: str) -> int:
    """How many of the card's (or, for a player, their card's) boxes are marked; one box: 1
    when it is marked, else 0."""
    declared = getattr(game.ruleset.vocabulary.world, "boxes", None) or {}
    named, _, k = name[len(READING) :].partition(ONE)
    boxes = declared.get(named.casefold())
    if not isinstance(boxes, BoxesDecl):
        raise EffectError(f"'{named}' are no boxes declared")
    which = boxes.names()
    if k:
        if not 1 <= int(k) <= boxes.count:
            raise EffectError(f"{boxes.name} are {boxes.count} boxes: there is no {boxes.box} {k}")
        which = [which[int(k) - 1]]
    owners = thing if isinstance(thing, list) else [thing]
    return sum(game.ops.value(str(owner), box) for owner in owners for box in which)


BOX_VERBS = {"erase": erase}

__all__ = [
    "BOX_VERBS",
    "KNOCKED_OUT",
    "BoxError",
    "BoxesDecl",
    "boxes_of",
    "check_boxes",
    "erase",
    "fall",
    "is_reading",
    "knocked_out",
    "read",
    "read_boxes",
    "reading_words",
]
