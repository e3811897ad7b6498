"""A word describing a card by what one of its fields holds: "a frost monster" is a monster whose
element is frost, when its kind declares a field of that category (``element element``, or a list
such as ``runes runes``: any of them will do). Read after tags, ranks, groups, kinds and flags, so
it only gives a meaning to a word that had none before it."""

from __future__ import annotations

from collections.abc import Sequence

from dsl.vocabulary import Meaning, Vocabulary

FIELD_TYPES = ("member", "members")  # a field holding one member of a category, or several


def field_word(vocab: Vocabulary, meanings: Sequence[Meaning], kind: str | None) -> Meaning | None:
    """The meaning of a word (a declared member, not a category's own name) that some field of
    the card kind ``kind`` holds; ``None`` when no field of the kind is of its category."""
    schema = vocab.kinds.get((kind or "").casefold())
    if schema is None:
        return None
    held = {(fs.of or "").casefold() for fs in schema.fields.values() if fs.type in FIELD_TYPES}
    for meaning in meanings:
        if not meaning.generic and meaning.category.casefold() in held:
            return meaning
    return None
