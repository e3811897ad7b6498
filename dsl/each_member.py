"""A number for each member of a category: one declaration, one number per member.

    mana is a number 0..5 of players for each element, starting at 1 {
      full 4..5
      At 5 for fire: Gain 1 points.
    }

declares ``fire mana``, ``water mana``, ... (the member's name, then the number's),
each with the range, owner, start and bands written once. A text labelled ``for <member>``
("At 5 for fire:", "At above 5 for fire:") belongs to that member's number only (the label
without its ``for`` part); a text with no ``for`` belongs to every member's number. The checker
asks ``expand`` before it reads a declaration: what it returns is read as if written one by one.
Nothing here names a game.
"""

from __future__ import annotations

import re
from dataclasses import replace

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.diagnostics import did_you_mean
from dsl.vocabulary import Vocabulary

_FOR = re.compile(r"(?P<head>.*\S)\s+for\s+(?P<member>\S.*)", re.IGNORECASE | re.DOTALL)


class EachError(PlacedError):
    """A ``for each`` declaration that cannot be read: its message names what to write."""


def expand(form: ast.CategoryDecl, vocab: Vocabulary) -> list[ast.CategoryDecl] | None:
    """The declarations ``form`` stands for, one per member of the category after ``for each``;
    ``None`` when it has no ``for each``. Raises ``EachError``."""
    atoms = list(form.shape)
    words = [a.folded if a.kind != "comma" else "," for a in atoms]
    start = next(
        (k for k in range(len(words) - 1) if words[k] == "for" and words[k + 1] == "each"), None
    )
    if start is None:
        return None
    end = next((k for k in range(start + 2, len(words)) if words[k] == ","), len(words))
    name = " ".join(a.text for a in atoms[start + 2 : end])
    if not name:
        raise EachError(
            "say which category: 'mana is a number 0..5 of players for each element'",
            atoms[start].span,
        )
    category = vocab.category(name)
    if category is None or not category.members:
        known = [c.singular for c in vocab.categories.values() if c.members]
        raise EachError(
            f"'{name}' after 'for each' is no category with members{did_you_mean(name, known)}",
            atoms[start + 2].span,
        )
    members = [str(m) for m in category.members]
    folded = {m.casefold(): m for m in members}
    for item in form.texts:
        member = _member_of(item)
        if member is not None and member.casefold() not in folded:
            label = item.label if isinstance(item, ast.Effect) else None
            raise EachError(
                f"'{member}' is no {category.singular}{did_you_mean(member, members)}: a text "
                f"of one member's number is 'At 5 for {members[0]}: ...'",
                label.span if label is not None else item.span,
            )
    shape = tuple(atoms[:start] + atoms[end:])
    out = []
    for member in members:
        texts = tuple(_for(item, member) for item in form.texts if _belongs(item, member))
        named = ast.Name(f"{member} {form.name.text}", False, form.name.span)
        out.append(replace(form, name=named, shape=shape, texts=texts))
    return out


def _member_of(item: ast.Field | ast.Block | ast.Effect) -> str | None:
    """The member a text's label names after ``for`` ("At 12 for ember" → ember)."""
    if not isinstance(item, ast.Effect) or item.label is None:
        return None
    found = _FOR.fullmatch(item.label.text)
    return " ".join(found["member"].split()) if found is not None else None


def _belongs(item: ast.Field | ast.Block | ast.Effect, member: str) -> bool:
    named = _member_of(item)
    return named is None or named.casefold() == member.casefold()


Item = ast.Field | ast.Block | ast.Effect


def _for(item: Item, member: str) -> Item:
    """The text as the member's own number holds it: its label without ``for <member>``."""
    if not isinstance(item, ast.Effect) or item.label is None or _member_of(item) is None:
        return item
    found = _FOR.fullmatch(item.label.text)
    assert found is not None
    return replace(item, label=replace(item.label, text=found["head"]))
