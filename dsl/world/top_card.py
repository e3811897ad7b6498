"""A number printed on the top card of a zone: "the stars of the top mission of the mission
deck", "the age of the top relic of the market" (the zone's first card of that kind: a deck's
top, a row's first laid). A number of the table, whoever reads it. A zone with no card of the
kind, or a top card lacking the field, has nothing to read: a condition on it does not hold.

The zone is written as ``dsl.world.arranging`` writes it (``the <kind> deck``, ``the <kind>
discard``, ``the <zone>``); the field must be a number field of the kind. Each is checked where
the sentence is written. Nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError
from dsl.runtime import NothingToActOn

from .arranging import kind_named, zone_named

if TYPE_CHECKING:
    from dsl.runtime import Context, Span

    from .game import WorldGame

READING = "top card "  # a number's name: "top card <field> of <kind> in <zone key>"
FORM = "write 'the <number field> of the top <kind> of <zone>'"


def reading_words(binder: Any, words: list[str], span: Span) -> str | None:
    """The number's name "the <field> of the top <kind> of <zone>" reads, ``None`` when the
    words are not this form; a kind, zone or field not declared is an error where written."""
    if len(words) < 7 or words[0] != "the":
        return None
    at = next(
        (k for k in range(2, len(words) - 2) if words[k : k + 3] == ["of", "the", "top"]), None
    )
    if at is None or at + 5 > len(words) or words[at + 4] != "of":
        return None
    field = " ".join(words[1:at])

    def atom(word: str) -> ast.Atom:
        return ast.Atom("word", word, span)

    kind = kind_named(binder, atom(words[at + 3]))
    zone = zone_named(binder, [atom(w) for w in words[at + 5 :]])
    schema = binder.v.kinds.get(kind)
    spec = schema.fields.get(field) if schema is not None else None
    if spec is None or spec.type != "int" or spec.is_list:
        numbers = sorted(
            n
            for n, f in (schema.fields.items() if schema else ())
            if f.type == "int" and not f.is_list
        )
        raise BindError(
            f"'{field}' is no number field of {kind} ({', '.join(numbers)}): {FORM}", span
        )
    return f"{READING}{field}\t{kind}\t{zone[0]}\t{zone[1]}"


def is_reading(name: str) -> bool:
    return name.startswith(READING)


def read(game: WorldGame, ctx: Context, name: str) -> int:
    from .arranging import zone_of

    field, kind, how, zone = name[len(READING) :].split("\t")
    key = zone_of(ctx, (how, zone))
    cards = [
        c
        for c in game.state.zones.get(key, [])
        if game.state.cards[c]["kind"].casefold() == kind.casefold()
    ]
    if not cards:
        raise NothingToActOn(f"no {kind} in {key}: no {field} to read", ctx.span)
    found = game.card_fields(cards[0]).get(field)
    if not isinstance(found, int):
        raise NothingToActOn(f"{cards[0]} has no {field}", ctx.span)
    return found


__all__ = ["is_reading", "read", "reading_words"]
