"""What a card lying in play changes in other cards' numbers, for as long as it lies there.

A card's standing sentence (no trigger) says which cards' field reads differently, and how::

    The climb cost of this room is 1 more.          # a number field: N more, N less
    The climb cost of this room is 1.               # or N outright
    Goblin traps in this wing have 1 more bite among their harms.   # a list field: N more members

The phrase (``this room``, ``goblin traps in this wing``, ``imps and goblins``) is read from the
changing card, as its own text would read it ("this room": where it lies). While that card lies
at a place (in play), every read of the field of a card the phrase finds gives the changed
number, wherever the field is read: a cost an action pays ("Lose nerve equal to the climb cost of
this room to ..."), a count ("the number of bite among the harms of it"), a comparison. Several
such cards add up (each outright number first, in the order the cards lie, then each more and
less); a card no longer in play changes nothing; a field the card does not print stays
unprinted (nothing to read).

Each sentence is read as its card is checked (``read``: ``None`` when the words are not this
form, ``NumberChangeError`` with a position when they are and cannot be read); the checker binds
the phrase and checks the field (``check_field``) and keeps it by the card's name in the world
(``World.number_changes``). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.runtime import Context, EffectError, NothingToActOn, Span

if TYPE_CHECKING:
    from dsl.vocabulary import Vocabulary

    from .game import WorldGame

How = Literal["more", "less", "set", "members"]
EXAMPLE = (
    "write 'The <field> of <cards> is N more.' (or 'N less', or 'N') or '<cards> have N more "
    "<member> among their <field>.'"
)


@dataclass(frozen=True, slots=True)
class NumberChange:
    """One sentence: the ``field`` of the cards ``phrase`` finds is ``amount`` more, less or
    (``set``) that number; ``members``: ``amount`` more ``member`` in a list field."""

    field: str
    how: How
    amount: int
    phrase: tuple[ast.Atom, ...]
    member: str = ""
    found: Any = None  # the phrase bound (a selector, or a tuple of them): set by the checker
    text: str = ""
    span: Span | None = None


class NumberChangeError(PlacedError):
    """A sentence of this form that cannot be read: its message names what to write."""


def read(item: ast.Effect) -> NumberChange | None:
    """The change a card's standing sentence says, when it is one: "The <field> of <phrase> is
    ..." ending in a number, "more" or "less"; "<phrase> have N more <member> among their
    <field>"."""
    if item.label is not None or len(item.sentences) != 1:
        return None
    sentence = item.sentences[0]
    if not isinstance(sentence, ast.Sentence) or len(sentence.alternatives) != 1:
        return None
    atoms = list(sentence.alternatives[0].atoms)
    words = [a.folded for a in atoms]
    text = " ".join(a.text for a in atoms).replace(" ,", ",")
    found = _of_a_number(atoms, words, text, sentence.span)
    if found is None:
        found = _among_a_list(atoms, words, text, sentence.span)
    if found is not None and (
        sentence.condition is not None or sentence.mode != "do" or sentence.then
    ):
        raise NumberChangeError(
            "a change of other cards' numbers holds while its card is in play: no 'if', 'then' "
            "or 'may'",
            sentence.span,
        )
    return found


def _of_a_number(
    atoms: list[ast.Atom], words: list[str], text: str, span: Span
) -> NumberChange | None:
    """``The <field> of <phrase> is N [more|less].``"""
    if words[:1] != ["the"] or "of" not in words or len(words) < 5:
        return None
    verb = next((i for i in range(len(words) - 1, 0, -1) if words[i] in ("is", "are")), None)
    if verb is None or (words[-1] not in ("more", "less") and verb != len(words) - 2):
        return None
    of = words.index("of")
    if of < 2 or of > verb - 2:
        return None
    tail, spans = words[verb + 1 :], atoms[verb + 1 :]
    if len(tail) not in (1, 2) or (len(tail) == 2 and tail[1] not in ("more", "less")):
        raise NumberChangeError(f"cannot read how the number changes: {EXAMPLE}", spans[0].span)
    amount = _number(spans[0])
    how: How = "set" if len(tail) == 1 else "more" if tail[1] == "more" else "less"
    return NumberChange(
        " ".join(words[1:of]), how, amount, tuple(atoms[of + 1 : verb]), text=text, span=span
    )


def _among_a_list(
    atoms: list[ast.Atom], words: list[str], text: str, span: Span
) -> NumberChange | None:
    """``<phrase> have N more <member> among their <field>.``"""
    verb = next((i for i, w in enumerate(words) if w in ("have", "has")), None)
    if verb is None or "among" not in words[verb:] or verb == 0:
        return None
    among = words.index("among", verb)
    if words[verb + 2 : verb + 3] != ["more"] or among != verb + 4:
        raise NumberChangeError(
            f"cannot read what it adds: {EXAMPLE}", atoms[min(verb + 1, len(atoms) - 1)].span
        )
    if words[among + 1 : among + 2] not in (["their"], ["its"]) or len(words) <= among + 2:
        raise NumberChangeError(
            f"say whose list it adds to ('among their <field>'): {EXAMPLE}", atoms[among].span
        )
    amount = _number(atoms[verb + 1])
    return NumberChange(
        " ".join(words[among + 2 :]),
        "members",
        amount,
        tuple(atoms[:verb]),
        member=words[verb + 3],
        text=text,
        span=span,
    )


def _number(atom: ast.Atom) -> int:
    if not atom.text.isdigit():
        raise NumberChangeError(f"say how much as a number, not '{atom.text}'", atom.span)
    return int(atom.text)


def check_field(change: NumberChange, vocab: Vocabulary) -> str | None:
    """Why the field (and member) a change names cannot be changed, else ``None``."""
    fields = [f for k in vocab.kinds.values() for n, f in k.fields.items() if n == change.field]
    if not fields:
        return f"no card kind has a field '{change.field}' to change"
    if change.how != "members":
        if not any(f.type == "int" and not f.is_list for f in fields):
            return f"'{change.field}' is no number: a list field takes 'have N more <member>'"
        return None
    lists = [f for f in fields if f.is_list]
    if not lists:
        return f"'{change.field}' is no list: a number field takes 'is N more'"
    categories = [vocab.category(f.of) for f in lists if f.of]
    known = [c for c in categories if c is not None]
    if known and not any(c.member(change.member) for c in known):
        members = ", ".join(m for c in known for m in c.members)
        return f"'{change.member}' is no member of the {change.field} ({members})"
    return None


# ---- in play -----------------------------------------------------------------------------------


def changed(game: WorldGame, card: str, field: str, value: Any) -> Any:
    """The field ``field`` of ``card`` (printed ``value``: a number or a list) as the cards in
    play that change it make it read."""
    kept: Mapping[str, tuple[NumberChange, ...]] = game.world.number_changes
    if field not in game.world.changed_fields:
        return value
    sets: list[int] = []
    added = 0
    members: list[str] = []
    for changer, info in list(game.state.cards.items()):
        changes = kept.get(str(info["name"]).casefold())
        if not changes or info.get("at") is None:  # not in play: it changes nothing
            continue
        for change in changes:
            if change.field != field or card not in _found(game, changer, change):
                continue
            if change.how == "set":
                sets.append(change.amount)
            elif change.how == "members":
                members += [change.member] * change.amount
            else:
                added += change.amount if change.how == "more" else -change.amount
    if isinstance(value, list):
        return [*value, *members]
    number = sets[-1] if sets else int(value)
    return number + added


def _found(game: WorldGame, changer: str, change: NumberChange) -> set[str]:
    """The cards the change's phrase finds, read from the changing card."""
    from dsl.selectors import Selector

    ctx = Context(game.host, card=changer)
    phrases = change.found if isinstance(change.found, tuple) else (change.found,)
    found: set[str] = set()
    for phrase in phrases:
        if not isinstance(phrase, Selector):
            continue
        try:
            found.update(str(t) for t in game.host.select(ctx, phrase))
        except (NothingToActOn, EffectError):
            continue
    return found
