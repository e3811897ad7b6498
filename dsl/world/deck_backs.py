"""A deck for each member of a card's field, each copy's back showing a field of its own:
"relics are in one deck per realm, their backs showing their moon".

The cards of the kind lie in the kind's one deck (its order is every deck's order); the deck of
a member is that deck's cards whose field holds the member, its top the first of them. Each
printed copy shows one entry of the back field: a list field gives copy N its Nth entry (the last
when the list is shorter), a single value every copy the same. Read as numbers:

- "the number of <member> showing on the <kind> decks": how many decks show it on their top;
- "the number of <member> showing on the <kind> deck of <a card>": 1 when the deck of the card's
  own field member shows it, else 0 (an empty deck shows nothing).

Nothing here names a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dsl.runtime import EffectError, Span

from .model import GAME

if TYPE_CHECKING:
    from dsl.runtime import Context

    from .game import WorldGame

SHAPE = "'<kinds> are in one deck per <field>, their backs showing their <field>'"
READING = "showing "  # a number's name: "showing <member> on <kind> decks" / "... deck of"
_COPY = re.compile(r"#(\d+)(?: \(.*\))?$")


class DeckError(Exception):
    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


@dataclass(frozen=True, slots=True)
class DeckSplit:
    """``relics are in one deck per realm, their backs showing their moon``."""

    kind: str  # folded, singular
    by: str  # the field whose member names a card's deck
    back: str  # the field each copy's back shows
    span: Span


def read_split(kind: str, words: list[str], span: Span) -> DeckSplit | None:
    """The words after "are" (commas left out); ``None`` when they are not this form."""
    if words[:4] != ["in", "one", "deck", "per"]:
        return None
    rest = words[4:]
    if len(rest) == 6 and rest[1:5] == ["their", "backs", "showing", "their"]:
        return DeckSplit(kind, rest[0], rest[5], span)
    raise DeckError(f"write {SHAPE}", span)


def check_split(split: DeckSplit, schema: Any) -> str | None:
    """What is wrong with a split against its kind's fields (both must be fields of it)."""
    from dsl.diagnostics import did_you_mean

    if schema is None:
        return f"'{split.kind}' is no card kind: {SHAPE}"
    for name in (split.by, split.back):
        if name not in schema.fields:
            hint = did_you_mean(name, list(schema.fields))
            return f"{name} is no field of a {split.kind}{hint}"
    return None


# ---- the numbers --------------------------------------------------------------------------------


def reading_words(words: list[str], splits: Any) -> tuple[str, int | None] | None:
    """A number of this form in ``words``: its name and, for "the deck of <a card>", where the
    card's phrase starts; ``None`` when the words are not this form (the caller checks the
    member against ``members``)."""
    if words[:3] != ["the", "number", "of"] or words[4:7] != ["showing", "on", "the"]:
        return None
    member = words[3]
    for split in splits:
        if words[7:9] == [split.kind, "decks"] and len(words) == 9:
            return f"{READING}{member} on {split.kind} decks", None
        if words[7:10] == [split.kind, "deck", "of"] and len(words) > 10:
            return f"{READING}{member} on {split.kind} deck of", 10
    return None


def is_reading(name: str) -> bool:
    return name.startswith(READING)


def members(split: DeckSplit, schema: Any, vocabulary: Any) -> list[str]:
    """What a back may show: the members of the back field's category (folded)."""
    field = schema.fields.get(split.back) if schema is not None else None
    if field is None or field.of is None:
        return []
    category = vocabulary.category(field.of)
    return [m.casefold() for m in category.members] if category is not None else []


def _split_of(game: WorldGame, name: str) -> tuple[DeckSplit, str]:
    _, member, _, kind, *_ = name.split(" ")
    for split in game.world.decks.values():
        if split.kind == kind:
            return split, member
    raise EffectError(f"no {kind} decks are declared ('{kind}s are in one deck per ...')")


def deck(game: WorldGame, split: DeckSplit, member: str) -> list[str]:
    """The cards of one member's deck, top first."""
    home = game.world.home.get(split.kind, f"{split.kind} deck")
    cards = game.state.zones.get(home, [])
    return [c for c in cards if _folded(game.card_fields(c).get(split.by)) == member]


def back(game: WorldGame, split: DeckSplit, card: str) -> str | None:
    """The value the copy ``card`` shows on its back."""
    shown = game.card_fields(card).get(split.back)
    if isinstance(shown, list | tuple):
        if not shown:
            return None
        found = _COPY.search(card)
        index = int(found.group(1)) - 1 if found else 0
        return _folded(shown[min(index, len(shown) - 1)])
    return _folded(shown)


def top_backs(game: WorldGame, split: DeckSplit) -> dict[str, str | None]:
    """Each deck's member and the back its top card shows (``None``: an empty deck), in the
    order the kind's cards first name them."""
    out: dict[str, str | None] = {}
    for card in game.ruleset.cards(split.kind):
        key = _folded(card.fields.get(split.by))
        if key is not None and key not in out:
            cards = deck(game, split, key)
            out[key] = back(game, split, cards[0]) if cards else None
    return out


def read(game: WorldGame, ctx: Context, thing: Any, name: str) -> int:
    """A number this module reads: on all the decks (``thing`` the game) or on one card's."""
    split, member = _split_of(game, name)
    tops = top_backs(game, split)
    if name.endswith(" decks"):
        return sum(1 for shown in tops.values() if shown == member)
    if not isinstance(thing, str) or thing == GAME or thing not in game.state.cards:
        raise EffectError(f"no card to find the deck of: {thing!r}")
    key = _folded(game.card_fields(thing).get(split.by))
    return 1 if key is not None and tops.get(key) == member else 0


def _folded(value: Any) -> str | None:
    return str(value).casefold() if value is not None else None
