"""What a held card changes in the checks of one kind, or in the checks against its holder.

A card held for a while (``dsl.world.durations``) says in sentences of its own which checks it
changes and how, each adding to one input of those checks (an input the check does not have
is left alone)::

    Checks of its holder have peril.                   # every check its holder makes
    Mental checks of its holder have peril.            # the checks the table tags "mental"
    Melee attacks against its holder have favour.      # a check made against the holder
    Opposed checks of its holder against its source are 1 harder.
    Social checks of its holder are 2 harder.

The words before ``checks`` (or ``attacks``, which adds the tag "attack") are tags the check
must carry, as the table makes it (``durations.check(..., tags=("mental",))``); none: every
check. ``of its holder``: the checks its holder makes; ``against its holder``: the checks
another makes against it. ``against its source`` keeps it to the checks against the thing the
card was given by or against (``durations.give(..., source=...)``). ``have [N] INPUT`` adds N
(1 when unwritten) to the input, ``are N INPUT`` N: once per stack of a card held in stacks.

Each sentence is read as the card is checked (``read``: ``None`` when the words are not this
form, ``ChangeError`` with a position when they are and cannot be read) and kept by the card's
name in the world (``World.check_changes``); ``added`` tells what the cards held change in
one check. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.runtime import Span
from dsl.vocabulary import singular_of

if TYPE_CHECKING:
    from .game import WorldGame

Whose = Literal["of", "against"]
NOUNS = ("checks", "attacks")
EXAMPLE = (
    "write '<tags> checks of its holder have <input>.', '<tags> attacks against its holder have "
    "<input>.' or '<tags> checks of its holder against its source are 1 <input>.'"
)


@dataclass(frozen=True, slots=True)
class CheckChange:
    """One sentence: the checks it changes (``whose``, ``tags``, against the ``source`` only)
    and what it adds (``amount`` to ``input``)."""

    whose: Whose
    tags: tuple[str, ...]
    source: bool
    input: str
    amount: int
    text: str = ""
    span: Span | None = None


class ChangeError(PlacedError):
    """A sentence of this form that cannot be read: its message names what to write."""


def read(item: ast.Effect) -> CheckChange | None:
    """The change a card's sentence says, when it is one (no label, one plain sentence whose
    words start "[TAGS] checks|attacks of|against its holder")."""
    if item.label is not None or len(item.sentences) != 1:
        return None
    sentence = item.sentences[0]
    if not isinstance(sentence, ast.Sentence) or len(sentence.alternatives) != 1:
        return None
    atoms = list(sentence.alternatives[0].atoms)
    words = [a.folded for a in atoms]
    at = next((i for i, w in enumerate(words) if w in NOUNS), None)
    if at is None or words[at + 1 : at + 4] not in (
        ["of", "its", "holder"],
        ["against", "its", "holder"],
    ):
        return None
    if sentence.condition is not None or sentence.mode != "do" or sentence.then:
        raise ChangeError(
            "a change of checks holds while its card is held: no 'if', 'then' or 'may'",
            sentence.span,
        )
    tags = words[:at]
    if tags[:1] in (["every"], ["all"]):  # "All checks of its holder": every check
        tags = tags[1:]
    if words[at] == "attacks":
        tags.append("attack")
    for atom in atoms[:at]:
        if atom.kind != "word":
            raise ChangeError(
                f"a tag of a check is a word, not '{atom.text}': {EXAMPLE}", atom.span
            )
    whose: Whose = "of" if words[at + 1] == "of" else "against"
    rest = at + 4
    source = False
    if words[rest : rest + 3] == ["against", "its", "source"]:
        if whose == "against":
            raise ChangeError(
                "'against its holder' is already against one: 'against its source' goes with "
                "'of its holder'",
                atoms[rest].span,
            )
        source, rest = True, rest + 3
    tail, spans = words[rest:], atoms[rest:]
    where = spans[0].span if spans else sentence.span
    amount = 1
    if tail[:1] == ["have"] and len(tail) in (2, 3):
        if len(tail) == 3:
            amount = _number(spans[1])
        name = tail[-1]
    elif tail[:1] == ["are"] and len(tail) == 3:
        amount, name = _number(spans[1]), tail[2]
    else:
        raise ChangeError(f"cannot read what it changes: {EXAMPLE}", where)
    return CheckChange(
        whose,
        tuple(tags),
        source,
        name,
        amount,
        " ".join(a.text for a in atoms),
        sentence.span,
    )


def _number(atom: ast.Atom) -> int:
    if not atom.text.isdigit() or int(atom.text) < 1:
        raise ChangeError(f"say how much as a number 1 or more, not '{atom.text}'", atom.span)
    return int(atom.text)


# ---- in play -----------------------------------------------------------------------------------


def added(
    game: WorldGame,
    actor: str,
    names: Iterable[str],
    against: str | None = None,
    tags: Iterable[str] = (),
) -> dict[str, int]:
    """What the cards held change in a check ``actor`` makes (``against`` a thing, carrying
    ``tags``): the sentences of the cards the actor holds ("of its holder") and of those the
    thing it is against holds ("against its holder"), each once per stack."""
    wanted = {str(n).casefold(): str(n) for n in names}
    carried = {singular_of(t.casefold()) for t in tags} | {t.casefold() for t in tags}
    changes: Mapping[str, Any] = game.world.check_changes
    out: dict[str, int] = {}

    def apply(effect: dict[str, Any], whose: Whose, other: str | None) -> None:
        for change in changes.get(str(effect["card"]).casefold(), ()):
            if change.whose != whose or not set(change.tags) <= carried:
                continue
            if change.source and (other is None or effect.get("source") != other):
                continue
            name = wanted.get(change.input)
            if name is not None:
                out[name] = out.get(name, 0) + change.amount * int(effect.get("stacks") or 1)

    for effect in list(game.state.effects):  # the held cards, in the order they were given
        if effect["holder"] == actor:
            apply(effect, "of", against)
        elif against is not None and effect["holder"] == against:
            apply(effect, "against", actor)
    return out


def tags_of(game: WorldGame, member: str) -> tuple[str, ...]:
    """The tags a check made with ``member`` carries: the members of the tag fields of the
    card of that name (``skill "Melee" { tags melee, attack }``), folded; none when no card
    has the name."""
    vocab = game.ruleset.vocabulary
    wanted = member.casefold()
    for card in game.ruleset.all_cards:
        if card.name.casefold() != wanted:
            continue
        schema = vocab.kinds.get(card.kind) or vocab.kinds.get(card.kind.casefold())
        found: list[str] = []
        for field_name, field_schema in schema.fields.items() if schema else ():
            category = vocab.category(field_schema.of or "") if field_schema.of else None
            if category is None or category.shape != "tags":
                continue
            value = card.fields.get(field_name)
            values = value if isinstance(value, list) else [value] if value else []
            found += [str(v).casefold() for v in values]
        return tuple(found)
    return ()


def immune(game: WorldGame, target: str, tags: Iterable[str]) -> str | None:
    """The card ``target`` holds that makes it immune to a check carrying ``tags`` ("Its
    holder is immune to social checks.": ``dsl.world.restraints``), else ``None``."""
    carried = {singular_of(t.casefold()) for t in tags} | {t.casefold() for t in tags}
    kept: Mapping[str, Any] = game.world.restraints
    for effect in list(game.state.effects):
        if effect["holder"] != target:
            continue
        for restraint in kept.get(str(effect["card"]).casefold(), ()):
            strong = int(effect.get("stacks") or 1) >= restraint.stacks  # "while it holds 2 ..."
            if (
                restraint.how == "immune"
                and strong
                and any(set(s) <= carried for s in restraint.sorts)
            ):
                return str(effect["card"])
    return None
