"""A rank of its holder's sheet that a held card makes count more than once.

A card held for a while (``dsl.world.durations``) may say::

    Its holder's attacks count twice.
    Its holder's punches count 3 times.

While it is held, each time a text reads that rank of the holder's card as a number (``Gain
interrupts equal to your attacks.``, ``the punches of each fighter``), it reads the rank times
that many (two cards saying twice: four times). The rank is a member of a ranks field the
ruleset declares (``secondary characteristics are ranks 0.. of models: ..., attacks``); a
check's inputs read from the sheet (``reference from the actor's skills``) are read as printed
(a check's changes are its own forms: ``dsl.world.check_changes``).

Read as the card is checked (``read``: ``None`` when the words are not this form, a
``limits.FormError`` with its place when they are and cannot be read; ``check_member`` then names
a rank no ranks field declares) and kept with the card's other restraints. Nothing here names a
game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dsl import ast
from dsl.diagnostics import did_you_mean
from dsl.runtime import Span

from .limits import FormError

if TYPE_CHECKING:
    from dsl.vocabulary import Vocabulary

    from .game import WorldGame
    from .restraints import Restraint

EXAMPLE = "write 'Its holder's <rank> count twice.' or '... count <N> times.'"


def read(atoms: list[ast.Atom]) -> tuple[str, int, tuple[tuple[str, Span], ...]]:
    """``Its holder's attacks count twice.`` (``atoms`` from "Its"): the rank, how many times,
    and each of the rank's words with where it is."""
    words = [a.folded for a in atoms]
    if "count" not in words[2:]:
        raise FormError(f"say how many times it counts: {EXAMPLE}", atoms[-1].span)
    at = words.index("count", 2)
    member = " ".join(words[2:at])
    if not member:
        raise FormError(f"say which rank of its holder counts: {EXAMPLE}", atoms[at].span)
    tail = words[at + 1 :]
    if tail == ["twice"]:
        times = 2
    elif len(tail) == 2 and tail[1] == "times" and atoms[at + 1].kind == "number":
        times = int(atoms[at + 1].text)
        if times < 2:
            raise FormError(f"say 2 times or more, not {times}: {EXAMPLE}", atoms[at + 1].span)
    else:
        where = atoms[at + 1].span if len(atoms) > at + 1 else atoms[at].span
        raise FormError(f"say how many times it counts: {EXAMPLE}", where)
    spans = tuple((w, a.span) for w, a in zip(words[2:at], atoms[2:at], strict=True))
    return member, times, spans


def check_member(restraint: Restraint, vocab: Vocabulary) -> tuple[str, Span] | None:
    """An error when the rank is no member of a ranks field the ruleset declares."""
    member = restraint.members[0]
    found = vocab.lexicon.get(tuple(member.split()), [])
    if any(m.shape == "ranks" for m in found):
        return None
    ranks = [" ".join(k) for k, ms in vocab.lexicon.items() if any(m.shape == "ranks" for m in ms)]
    where = restraint.word_spans[0][1] if restraint.word_spans else restraint.span
    assert where is not None
    return (f"'{member}' is no rank this ruleset declares{did_you_mean(member, ranks)}", where)


def times(game: WorldGame, holder: str, member: str) -> int:
    """How many times ``holder``'s rank ``member`` counts now, by the cards it holds (a
    restraint held from some stacks on counts only with them)."""
    wanted = member.casefold()
    found = 1
    for effect in game.state.effects:
        if effect["holder"] != holder:
            continue
        for restraint in game.world.restraints.get(str(effect["card"]).casefold(), ()):
            if (
                restraint.how == "times"
                and restraint.members[0] == wanted
                and int(effect.get("stacks") or 1) >= restraint.stacks
            ):
                found *= restraint.times
    return found
