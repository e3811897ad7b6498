"""What a held card forbids its holder, or keeps it to: the actions it takes, a phase it misses.

A card held for a while (``dsl.world.durations``) says in sentences of its own what its holder
may not do while it holds it::

    Its holder takes no actions.                        # nothing but "pass" is offered
    Its holder takes no ranged actions.                 # no action carrying the tag "Ranged"
    Its holder takes no manoeuvres.                     # no card carrying the tag "Manoeuvre"
    Its holder takes only melee attacks and movement manoeuvres.
    Its holder misses its next activation.              # the next "Activation" played for it

After ``takes no`` or ``takes only`` come one or more sorts of card, joined by ``and``, ``or``
or commas: each is words a card must carry, its last word plural (``ranged actions``: the tag
"Ranged" and the card kind "action"; ``manoeuvres``: the tag "Manoeuvre"). A word is a tag the
ruleset declares (any tag field of the card) or a card kind. ``takes no``: an action of a card of
any of those sorts is not offered to the holder; ``takes only``: only those are (passing stays
open: "only" says what it takes if it acts).

``misses its next <phase>``: when the procedure would next play that phase for the holder
(``for each model in order, play "Activation"``), it is passed over, and the card is spent by
it (lifted: the miss is what it does).

Each sentence is read as the card is checked (``read``: ``None`` when the words are not this
form, ``RestraintError`` with a position when they are and cannot be read; ``check_words``
then names an undeclared word) and kept by the card's name in the world
(``World.restraints``). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from dsl import ast
from dsl.diagnostics import did_you_mean
from dsl.runtime import Span
from dsl.vocabulary import singular_of

if TYPE_CHECKING:
    from dsl.vocabulary import Vocabulary

    from .game import WorldGame

How = Literal["no", "only", "misses"]
EXAMPLE = (
    "write 'Its holder takes no <tags> actions.', 'Its holder takes only <tags> actions.' or "
    "'Its holder misses its next <phase>.'"
)
JOINS = ("and", "or")


@dataclass(frozen=True, slots=True)
class Restraint:
    """One sentence: ``no`` (none of the ``sorts`` is offered), ``only`` (only they are) or
    ``misses`` (the next ``phase`` played for the holder is passed over). Each sort is the
    folded words a card must carry, singular."""

    how: How
    sorts: tuple[tuple[str, ...], ...] = ()
    phase: str = ""
    text: str = ""
    span: Span | None = None
    word_spans: tuple[tuple[str, Span], ...] = ()  # each word of the sorts, where written


class RestraintError(Exception):
    """A sentence of this form that cannot be read: its message names what to write."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def read(item: ast.Effect) -> Restraint | None:
    """The restraint a card's sentence says, when it is one (no label, one plain sentence whose
    words start "Its holder takes no|only" or "Its holder misses its next")."""
    if item.label is not None or len(item.sentences) != 1:
        return None
    sentence = item.sentences[0]
    if not isinstance(sentence, ast.Sentence) or len(sentence.alternatives) != 1:
        return None
    atoms = list(sentence.alternatives[0].atoms)
    words = [a.folded for a in atoms]
    if words[:2] != ["its", "holder"] or len(words) < 3 or words[2] not in ("takes", "misses"):
        return None
    if sentence.condition is not None or sentence.mode != "do" or sentence.then:
        raise RestraintError(
            "what a held card forbids holds while it is held: no 'if', 'then' or 'may'",
            sentence.span,
        )
    text = " ".join(a.text for a in atoms)
    if words[2] == "misses":
        if words[3:5] != ["its", "next"] or len(words) < 6:
            raise RestraintError(f"say which phase it misses: {EXAMPLE}", atoms[2].span)
        phase = " ".join(a.text for a in atoms[5:])
        return Restraint("misses", phase=phase, text=text, span=sentence.span)
    if len(words) < 5 or words[3] not in ("no", "only"):
        raise RestraintError(f"cannot read what its holder takes: {EXAMPLE}", atoms[2].span)
    how: How = "no" if words[3] == "no" else "only"
    sorts: list[tuple[str, ...]] = []
    spans: list[tuple[str, Span]] = []
    current: list[ast.Atom] = []
    for atom in [*atoms[4:], None]:
        if atom is None or atom.kind == "comma" or atom.folded in JOINS:
            if not current:
                where = atom.span if atom is not None else sentence.span
                raise RestraintError(f"say what sort of card after '{words[3]}': {EXAMPLE}", where)
            *tags, noun = [a.folded for a in current]
            sort = (*tags, singular_of(noun))
            sorts.append(sort)
            spans.extend(zip(sort, (a.span for a in current), strict=True))
            current = []
            continue
        if atom.kind != "word":
            raise RestraintError(
                f"a sort of card is words, not '{atom.text}': {EXAMPLE}", atom.span
            )
        current.append(atom)
    return Restraint(how, tuple(sorts), text=text, span=sentence.span, word_spans=tuple(spans))


def check_words(restraint: Restraint, vocab: Vocabulary) -> tuple[str, Span] | None:
    """The first word of a restraint's sorts that is no declared tag or card kind (with where
    it is written), else ``None``."""
    for word, span in restraint.word_spans:
        meanings = vocab.lexicon.get((word,), [])
        if not any(m.shape in ("tags", "kinds") for m in meanings):
            words = [
                " ".join(key)
                for key, found in vocab.lexicon.items()
                if any(m.shape in ("tags", "kinds") and not m.plural for m in found)
            ]
            return (
                f"'{word}' is no tag or card kind this ruleset declares{did_you_mean(word, words)}"
                ": a sort of card is its tags and its kind ('ranged actions')",
                span,
            )
    return None


def unknown_phases(
    restraints: Mapping[str, list[Restraint]], phases: list[str]
) -> list[tuple[str, Span]]:
    """Each ``misses its next <phase>`` naming no phase of the procedure, with where."""
    known = {p.casefold(): p for p in phases}
    found = []
    for kept in restraints.values():
        for r in kept:
            if r.how == "misses" and r.phase.casefold() not in known and r.span is not None:
                hint = did_you_mean(r.phase, list(known.values()))
                found.append((f"no phase '{r.phase}' is in the procedure to miss{hint}", r.span))
    return found


# ---- in play -----------------------------------------------------------------------------------


def _held(game: WorldGame, holder: str) -> Iterable[tuple[dict[str, Any], Restraint]]:
    found = game.world.restraints
    for effect in list(game.state.effects):
        if effect["holder"] == holder:
            for restraint in found.get(str(effect["card"]).casefold(), ()):
                yield effect, restraint


def carried(game: WorldGame, card: str) -> set[str]:
    """The words a card carries: its kind and every tag of its fields, folded."""
    info = game.state.cards[card]
    words = {str(info["kind"]).casefold()}
    for value in game.card_fields(card).values():
        if isinstance(value, str):
            words.add(value.casefold())
        elif isinstance(value, list):
            words.update(v.casefold() for v in value if isinstance(v, str))
    return words


def offered(game: WorldGame, holder: str) -> Callable[[str], bool] | None:
    """Whether an action of a card may be offered to ``holder`` by the cards it holds
    (``None``: nothing it holds forbids any)."""
    kept = [r for _, r in _held(game, holder) if r.how in ("no", "only")]
    if not kept:
        return None

    def may(card: str) -> bool:
        words = carried(game, card)
        for restraint in kept:
            fits = any(set(sort) <= words for sort in restraint.sorts)
            if fits == (restraint.how == "no"):
                return False
        return True

    return may


def misses(game: WorldGame, phase: str, subject: Any) -> bool:
    """Whether the phase is passed over for ``subject`` (it holds a card saying it misses its
    next one); the card is spent by the miss."""
    if not isinstance(subject, str):
        return False
    wanted = phase.casefold()
    for effect, restraint in _held(game, subject):
        if restraint.how == "misses" and restraint.phase.casefold() == wanted:
            from .durations import lift

            lift(game, subject, effect["card"], why=f"missed its {phase}")
            return True
    return False
