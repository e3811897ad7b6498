"""A choice made once, at a campaign's setup, and the numbers it governs.

One declaration (the category form), its members after the colon, as a category's::

    hardship is a choice of the campaign, gentle for bots: gentle "Gentle", harsh "Harsh"

- The choice is a number of the game, the chosen member's place among the members (1 for the
  first), from 1 to their count: carried from one session of the campaign to the next as every
  number of the game is (``dsl.world.together``), so it is made once, when the campaign starts.
  ``<member> for bots`` is the member taken when no one chooses (bots play, no terminal asks).
- ``the <value> of the <choice>`` is a number: the declared value named by the chosen member and
  the words (``the starting light of the hardship`` reads ``value gentle starting light`` when
  gentle is chosen, ``value harsh starting light`` when harsh is). Every member must have its
  value, checked where the words are written; the values are taken when the text is checked,
  as a table's rows are (``dsl.table_rows``).
- ``choose(game, name, said)`` makes the choice for a new game (``--choose hardship=harsh``),
  a member named by its word or its title, refused in one line naming the members.

Checked where written: the members (at least two, none twice), the member for bots among them.
Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.diagnostics import did_you_mean
from dsl.expr import Read, Row
from dsl.runtime import Span
from dsl.vocabulary import Category

from .model import GAME, PropertyDecl

if TYPE_CHECKING:
    from .game import WorldGame

CHOICE = "choice"
FORM = "write '{name} is a choice of the campaign, <member> for bots: <member>, <member>'"


class ChoiceError(Exception):
    """A choice that cannot be made (its message names the members), or a declaration that
    cannot be read (``span``: where)."""

    def __init__(self, message: str, span: Span | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


@dataclass(frozen=True, slots=True)
class ChoiceDecl:
    """``hardship is a choice of the campaign, gentle for bots: gentle, harsh``."""

    name: str
    members: tuple[str, ...]  # the words, as written
    titles: tuple[str, ...]  # each member's title ("Very Harsh"), else its word
    default: str  # the member for bots
    span: Span

    def place(self, member: str) -> int:
        """The member's number (1 for the first)."""
        folded = [m.casefold() for m in self.members]
        return folded.index(member.casefold()) + 1

    def listed(self) -> str:
        """The members as a sentence lists them: "gentle, fair or harsh"."""
        *rest, last = self.members
        return f"{', '.join(rest)} or {last}" if rest else last


def read_choice(
    name: str, plain: list[ast.Atom], form: ast.CategoryDecl
) -> tuple[ChoiceDecl, PropertyDecl, Category]:
    """The declaration's part of the world: the choice, the number of the game it is and its
    category (the number's word). ``plain``: the shape's atoms without commas. Raises
    ``ChoiceError`` with where."""

    words = [a.folded for a in plain]
    at = plain[0].span if plain else form.span
    if (
        len(words) != 8
        or words[:5] != ["a", "choice", "of", "the", "campaign"]
        or words[6:] != ["for", "bots"]
    ):
        raise ChoiceError(FORM.format(name=name), at)
    members = tuple(m.name.text for m in form.members)
    titles = tuple(m.title or m.name.text for m in form.members)
    if len(members) < 2:
        raise ChoiceError(
            f"{name} is a choice among members: give at least two after the colon", form.span
        )
    folded = [m.casefold() for m in members]
    for k, member in enumerate(folded):
        if member in folded[:k]:
            raise ChoiceError(f"{name}: the member '{members[k]}' is named twice", form.span)
    default = plain[5].text
    if default.casefold() not in folded:
        hint = did_you_mean(default, list(members))
        raise ChoiceError(
            f"{name}: the member for bots '{default}' is none of {', '.join(members)}{hint}",
            plain[5].span,
        )
    decl = ChoiceDecl(name, members, titles, default, form.span)
    number = PropertyDecl(
        name, "number", GAME, 1, len(members), decl.place(default), span=form.name.span
    )
    category = Category(
        name, name, name, "meters", form.span, mass=True, options={"of": "the game"}
    )  # "hardship" is a number the text reads, as any number of the game
    category.add(name)
    return decl, number, category


def choice_read(
    words: Sequence[str],
    choices: Mapping[str, ChoiceDecl],
    values: Mapping[str, int],
    refuse: Callable[[str], Exception],
) -> Row | None:
    """``the <value> of the <choice>``: the declared value the chosen member names, else
    ``None`` (not these words). ``refuse`` makes the error for a member without its value."""
    if not choices or len(words) < 5 or words[0] != "the":
        return None
    for k in range(len(words) - 2, 1, -1):
        if words[k : k + 2] != ["of", "the"]:
            continue
        decl = choices.get(" ".join(words[k + 2 :]))
        if decl is None:
            continue
        value = " ".join(words[1:k])
        found = {v.casefold(): n for v, n in values.items()}
        rows = []
        for place, member in enumerate(decl.members, start=1):
            named = f"{member} {value}".casefold()
            if named not in found:
                raise refuse(
                    f"the {value} of the {decl.name}: {member} has no value '{named}' "
                    f"(declare 'value {named} = ...' for each of {', '.join(decl.members)})"
                )
            rows.append((place, place, int(found[named])))
        by = Read(decl.name, None, said=f"the {decl.name}")
        return Row(value, tuple(rows), by)
    return None


def choices_of(declared: Any) -> Mapping[str, ChoiceDecl]:
    """The choices a ruleset's world declares (``Declared.choices``), by their folded names."""
    return getattr(declared, "choices", None) or {}


def member_of(decl: ChoiceDecl, said: str) -> int:
    """The number of the member ``said`` names (its word or its title); ``ChoiceError`` naming
    the members when it names none."""
    wanted = " ".join(said.casefold().split())
    for place, (member, title) in enumerate(zip(decl.members, decl.titles, strict=True), 1):
        if wanted in (member.casefold(), title.casefold()):
            return place
    raise ChoiceError(f"no {decl.name} {said!r}: choose {decl.listed()}")


def chosen(game: WorldGame, name: str) -> str:
    """The member the game's choice holds now."""
    decl = choices_of(game.ruleset.vocabulary.world)[name.casefold()]
    return decl.members[game.ops.value(GAME, decl.name) - 1]


def choose(game: WorldGame, name: str, said: str) -> None:
    """Make the choice ``name`` for a new game: ``ChoiceError`` when the text declares no such
    choice (naming its choices) or ``said`` names no member (naming the members)."""
    choices = choices_of(game.ruleset.vocabulary.world)
    decl = choices.get(" ".join(name.casefold().split()))
    if decl is None:
        known = ", ".join(d.name for d in choices.values()) or "none"
        raise ChoiceError(f"no choice {name!r} in this text (its choices: {known})")
    game.state.values.setdefault(GAME, {})[decl.name] = member_of(decl, said)


__all__ = [
    "ChoiceDecl",
    "ChoiceError",
    "choice_read",
    "choices_of",
    "choose",
    "chosen",
    "member_of",
    "read_choice",
]
