"""What a held card forbids its holder, keeps it to or makes it do: the actions it is offered,
a phase it misses, the checks made against it, a check it makes at a step of its own.

A card held for a while (``dsl.world.durations``) says in sentences of its own what its holder
may not do while it holds it::

    Its holder takes no actions.                        # nothing but "pass" is offered
    Its holder takes no ranged actions.                 # no action carrying the tag "Ranged"
    Its holder takes no manoeuvres.                     # no card carrying the tag "Manoeuvre"
    Its holder takes only melee attacks and movement manoeuvres.
    Its holder takes no teamwork actions with its source.   # not with the one it is held against
    Its holder misses its next activation.              # the next "Activation" played for it
    Its holder is immune to fearful checks.             # none is made against it
    Its holder makes a Steady check with calm or pluck and target equal to the nerve target at
      its begin, holding "Dazed" on a failure.

After ``takes no`` or ``takes only`` come one or more sorts of card, joined by ``and``, ``or``
or commas: each is words a card must carry, its last word plural (``ranged actions``: the tag
"Ranged" and the card kind "action"; ``manoeuvres``: the tag "Manoeuvre"). A word is a tag the
ruleset declares (any tag field of the card) or a card kind. ``takes no``: an action of a card of
any of those sorts is not offered to the holder; ``takes only``: only those are (passing stays
open: "only" says what it takes if it acts). ``takes no <sorts> with its source``: those actions
stay offered, but the model their text names is never the card's source (``dsl.world.partners``).

``misses its next <phase>``: when the procedure would next play that phase for the holder
(``for each model in order, play "Activation"``), it is passed over, and the card is spent by
it (lifted: the miss is what it does).

``is immune to <tags> checks`` (or ``attacks``): a check carrying those tags made against the
holder is refused (``check_changes.immune``). ``is immune to <sorts>`` of cards (``psychology
conditions``): a card of those sorts is not given to the holder while it holds this one
(``unheld``, read by ``durations.give``).

``makes a <check> check with <member> [or <member>] [and <input> equal to the <value>|<N>]
at its <step>, holding "<card>" on a <outcome> [or a <outcome>]``: each time a step of that
title begins in a phase played for the holder, it makes the check with the first member its
sheet holds (``durations.check(..., using=...)``: the inputs read from its sheet, the tags of
the member's card), the inputs given; on one of the outcomes named it holds the card.

Each sentence is read as the card is checked (``read``: ``None`` when the words are not this
form, ``RestraintError`` with a position when they are and cannot be read; ``check_words``
then names an undeclared word) and kept by the card's name in the world
(``World.restraints``). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from dsl import ast
from dsl.bind_error import PlacedError
from dsl.diagnostics import did_you_mean
from dsl.runtime import EffectError, Span
from dsl.vocabulary import singular_of

from . import limits, multiples

if TYPE_CHECKING:
    from dsl.vocabulary import Vocabulary

    from .game import WorldGame

How = Literal["no", "only", "misses", "makes", "immune", "unheld", "most", "times"]
EXAMPLE = (
    "write 'Its holder takes no <tags> actions.', 'Its holder takes only <tags> actions.' or "
    "'Its holder misses its next <phase>.'"
)
JOINS = ("and", "or")
PARTNER = ("with", "its", "source")  # the words after the sorts: "... with its source"
PARTNERS = ("with", "against", "alongside")  # whom an action is taken with (``partners``)


def after_sorts(atoms: list[ast.Atom], stop: ast.Atom) -> str:
    """The sorts written before ``stop`` (the words of a partner), for a suggestion."""
    return " ".join(a.text for a in atoms[: atoms.index(stop)]) or "actions"


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
    # ``makes``: the check, the members it is made with (the first the sheet holds), the inputs
    # given (a number, or a declared value's name), the card held on one of the outcomes
    check: str = ""
    members: tuple[str, ...] = ()
    given: tuple[tuple[str, int | str], ...] = ()
    holds: str = ""
    outcomes: tuple[str, ...] = ()
    most: int = 0  # ``most``: how many actions of the sorts a ``phase`` (``dsl.world.limits``)
    stacks: int = 0  # held only from that many stacks on ("while it holds 2 stacks or more")
    times: int = 0  # ``times``: the rank (``members``) counts that many times (``multiples``)
    # ``no ... with its source``: the partner it may not take those actions with (``partners``)
    partner: str = ""
    partner_span: Span | None = None


class RestraintError(PlacedError):
    """A sentence of this form that cannot be read: its message names what to write."""


def read(item: ast.Effect) -> Restraint | None:
    """The restraint a card's sentence says, when it is one (no label, one plain sentence whose
    words start "Its holder takes", "misses", "makes" or "is immune to")."""
    if item.label is not None or len(item.sentences) != 1:
        return None
    sentence = item.sentences[0]
    if not isinstance(sentence, ast.Sentence) or len(sentence.alternatives) != 1:
        return None
    atoms = list(sentence.alternatives[0].atoms)
    words = [a.folded for a in atoms]
    counted = words[:2] == ["its", "holder's"] and "count" in words  # "... attacks count twice."
    if not counted and not _restraining(words):
        return None
    if sentence.condition is not None or sentence.mode != "do" or sentence.then:
        raise RestraintError(
            "what a held card forbids holds while it is held: no 'if', 'then' or 'may'",
            sentence.span,
        )
    text = " ".join(a.text for a in atoms).replace(" ,", ",")
    try:
        atoms, stacks = limits.split_while(atoms)  # "... while it holds 2 stacks or more"
        found = _read(atoms, [a.folded for a in atoms], sentence, text)
    except limits.FormError as error:
        raise RestraintError(error.message, error.span) from None
    return replace(found, stacks=stacks) if stacks else found


def _restraining(words: list[str]) -> bool:
    """Whether the words start "Its holder takes", "misses", "makes" or "is immune to"."""
    if words[:2] != ["its", "holder"] or len(words) < 3:
        return False
    return words[2] in ("takes", "misses", "makes") or words[2:5] == ["is", "immune", "to"]


def _read(atoms: list[ast.Atom], words: list[str], sentence: ast.Sentence, text: str) -> Restraint:
    if words[1] == "holder's":  # "Its holder's attacks count twice." (dsl.world.multiples)
        member, times, counted = multiples.read(atoms)
        return Restraint(
            "times", members=(member,), text=text, span=sentence.span, word_spans=counted,
            times=times,
        )  # fmt: skip
    if words[2] == "makes":
        return _read_makes(atoms, text, sentence.span)
    if words[2] == "is":  # "Its holder is immune to social checks."
        *tags, noun = words[5:] or [""]
        if not noun or any(a.kind != "word" for a in atoms[5:]):
            raise RestraintError(
                "say what it is immune to: 'Its holder is immune to <tags> checks.' or "
                "'... to <tags> <cards>.'",
                atoms[2].span,
            )
        if noun not in ("checks", "attacks"):  # "... immune to psychology conditions."
            sorts, spans = read_sorts(atoms[5:], sentence.span, "immune to")
            return Restraint("unheld", sorts, text=text, span=sentence.span, word_spans=spans)
        sort = (*tags, "attack") if noun == "attacks" else tuple(tags)
        return Restraint("immune", (sort,), text=text, span=sentence.span)
    if words[2] == "misses":
        if words[3:5] != ["its", "next"] or len(words) < 6:
            raise RestraintError(f"say which phase it misses: {EXAMPLE}", atoms[2].span)
        phase = " ".join(a.text for a in atoms[5:])
        return Restraint("misses", phase=phase, text=text, span=sentence.span)
    if words[3:5] == ["at", "most"]:  # "Its holder takes at most 1 action a turn."
        most, cut, phase = limits.read_most(atoms)
        sorts, spans = read_sorts(atoms[6:cut], atoms[cut].span, "at most")
        return Restraint(
            "most", sorts, phase=phase, text=text, span=sentence.span, word_spans=spans,
            most=most,
        )  # fmt: skip
    if len(words) < 5 or words[3] not in ("no", "only"):
        raise RestraintError(f"cannot read what its holder takes: {EXAMPLE}", atoms[2].span)
    how: How = "no" if words[3] == "no" else "only"
    cut = len(atoms) - len(PARTNER)
    if how == "no" and tuple(words[cut:]) == PARTNER and cut > 4:
        # "Its holder takes no teamwork actions with its source.": the source is not offered
        # as the partner those actions name (``dsl.world.partners``)
        sorts, spans = read_sorts(atoms[4:cut], atoms[cut].span, words[3])
        return Restraint(
            how, sorts, text=text, span=sentence.span, word_spans=spans, partner="source",
            partner_span=atoms[cut].span,
        )  # fmt: skip
    sorts, spans = read_sorts(atoms[4:], sentence.span, words[3])
    return Restraint(how, sorts, text=text, span=sentence.span, word_spans=spans)


def read_sorts(
    atoms: list[ast.Atom], end: Span, after: str
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, Span], ...]]:
    """Sorts of card joined by ``and``, ``or`` or commas (``ranged actions or manoeuvres``):
    each the folded words a card must carry, singular; and each word with where it is."""
    sorts: list[tuple[str, ...]] = []
    spans: list[tuple[str, Span]] = []
    current: list[ast.Atom] = []
    for atom in [*atoms, None]:
        if atom is not None and atom.folded in PARTNERS:  # "... with its source"
            partner = " ".join(a.text for a in atoms[atoms.index(atom) :])
            raise RestraintError(
                f"'{partner}' cannot be kept: only 'takes no <sorts> with its source' names a "
                "partner the engine knows (the model an action targets); forbid the sort "
                f"outright ('Its holder takes no {after_sorts(atoms, atom)}.') or leave it to "
                "the table in the card's text",
                atom.span,
            )
        if atom is None or atom.kind == "comma" or atom.folded in JOINS:
            if not current:
                where = atom.span if atom is not None else end
                raise RestraintError(f"say what sort of card after '{after}': {EXAMPLE}", where)
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
    return tuple(sorts), tuple(spans)


MAKES = (
    'write \'Its holder makes a <check> check with <member> at its <step>, holding "<card>" on '
    "a <outcome>.' (after the member: 'and <input> equal to the <value>' or 'and <input> N')"
)


def _read_makes(atoms: list[ast.Atom], text: str, span: Span) -> Restraint:
    """``Its holder makes a Complex check with cool at its start phase, holding "Broken" on a
    failure.``"""
    words = [a.folded for a in atoms]

    def fail(at: int, what: str) -> RestraintError:
        where = atoms[min(at, len(atoms) - 1)].span
        return RestraintError(f"{what}: {MAKES}", where)

    if words[3:4] not in (["a"], ["an"]) or "check" not in words[4:]:
        raise fail(2, "say which check it makes")
    at = words.index("check", 4)
    check = " ".join(a.text for a in atoms[4:at])
    if not check or words[at + 1 : at + 2] != ["with"]:
        raise fail(at, "say the check and what it is made with")
    i = at + 2
    members: list[str] = []
    current: list[str] = []
    while i < len(words) and words[i] not in ("and", "at"):
        if words[i] == "or":
            members.append(" ".join(current))
            current = []
        else:
            current.append(words[i])
        i += 1
    members.append(" ".join(current))
    if not all(members):
        raise fail(i, "say the member it is made with")
    given: list[tuple[str, int | str]] = []
    while words[i : i + 1] == ["and"]:
        end = words.index("at", i) if "at" in words[i:] else len(words)
        part, spans = words[i + 1 : end], atoms[i + 1 : end]
        if "equal" in part and part[part.index("equal") : part.index("equal") + 3] == [
            "equal",
            "to",
            "the",
        ]:
            cut = part.index("equal")
            name, value = " ".join(part[:cut]), " ".join(part[cut + 3 :])
            if not name or not value:
                raise fail(i, "say the input and the value it is given")
            given.append((name, value))
        elif len(part) >= 2 and spans[-1].kind == "number":
            given.append((" ".join(part[:-1]), int(spans[-1].text)))
        else:
            raise fail(i, "say the input and what it is given")
        i = end
    if words[i : i + 2] != ["at", "its"] or "," not in [a.text for a in atoms[i:]]:
        raise fail(i, "say at which step of its own it makes the check")
    comma = next(j for j in range(i, len(atoms)) if atoms[j].kind == "comma")
    step = " ".join(a.text for a in atoms[i + 2 : comma])
    rest, spans = words[comma + 1 :], atoms[comma + 1 :]
    if (
        not step
        or rest[:1] != ["holding"]
        or len(spans) < 5
        or spans[1].kind != "string"
        or rest[2:3] != ["on"]
    ):
        raise fail(comma, "say the card it holds and on which outcomes")
    outcomes: list[str] = []
    for word in rest[3:]:
        if word in ("a", "an", "or"):
            continue
        outcomes.append(word)
    if not outcomes:
        raise fail(comma, "say on which outcomes it holds the card")
    return Restraint(
        "makes",
        phase=step,
        text=text,
        span=span,
        check=check,
        members=tuple(members),
        given=tuple(given),
        holds=spans[1].text,
        outcomes=tuple(outcomes),
    )


def check_words(restraint: Restraint, vocab: Vocabulary) -> tuple[str, Span] | None:
    """The first word of a restraint's sorts that is no declared tag or card kind (with where
    it is written), else ``None``."""
    if restraint.how == "times":  # "Its holder's attacks count twice.": a rank
        return multiples.check_member(restraint, vocab)
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
    restraints: Mapping[str, list[Restraint]], phases: list[str], steps: Iterable[str] = ()
) -> list[tuple[str, Span]]:
    """Each ``misses its next <phase>`` naming no phase of the procedure, and each ``makes ...
    at its <step>`` naming no step of it, with where."""
    known = {p.casefold(): p for p in phases}
    titles = {t.casefold(): t for t in steps}
    found = []
    for kept in restraints.values():
        for r in kept:
            if r.how == "makes" and r.phase.casefold() not in titles and r.span is not None:
                hint = did_you_mean(r.phase, list(titles.values()))
                found.append(
                    (f"no step '{r.phase}' is in the procedure to make it at{hint}", r.span)
                )
            if r.how == "most" and r.phase.casefold() not in known and r.span is not None:
                hint = did_you_mean(r.phase, list(known.values()))
                found.append(
                    (f"no phase '{r.phase}' is in the procedure to count it in{hint}", r.span)
                )
            if r.how == "misses" and r.phase.casefold() not in known and r.span is not None:
                hint = did_you_mean(r.phase, list(known.values()))
                found.append((f"no phase '{r.phase}' is in the procedure to miss{hint}", r.span))
    return found


def unknown_checks(
    restraints: Mapping[str, list[Restraint]],
    checks: list[Any],
    values: Mapping[str, int],
    cards: Iterable[str],
) -> list[tuple[str, Span]]:
    """Each ``makes a <check> check`` naming no check, outcome, value or card, with where."""
    by_name = {c.name.casefold(): c for c in checks}
    folded_values = {v.casefold() for v in values}
    names = {c.casefold() for c in cards}
    found: list[tuple[str, Span]] = []
    for kept in restraints.values():
        for r in kept:
            if r.how != "makes" or r.span is None:
                continue
            made = by_name.get(r.check.casefold())
            if made is None:
                hint = did_you_mean(r.check, [c.name for c in checks])
                found.append((f"there is no check '{r.check}' to make{hint}", r.span))
                continue
            bands = [str(b).casefold() for b in made.band_names]
            for outcome in r.outcomes:
                if outcome not in bands:
                    hint = did_you_mean(outcome, bands)
                    found.append((f"{made.name} has no outcome '{outcome}'{hint}", r.span))
            for _, value in r.given:
                if isinstance(value, str) and value.casefold() not in folded_values:
                    hint = did_you_mean(value, list(values))
                    found.append((f"no value '{value}' is declared{hint}", r.span))
            if r.holds.casefold() not in names:
                found.append((f'there is no card "{r.holds}" to hold', r.span))
    return found


# ---- in play -----------------------------------------------------------------------------------


def held_by(game: WorldGame, holder: str) -> Iterable[tuple[dict[str, Any], Restraint]]:
    """Each restraint of a card ``holder`` holds now, with the card held."""
    return _held(game, holder)


def _held(game: WorldGame, holder: str) -> Iterable[tuple[dict[str, Any], Restraint]]:
    found = game.world.restraints
    for effect in list(game.state.effects):
        if effect["holder"] == holder:
            for restraint in found.get(str(effect["card"]).casefold(), ()):
                if int(effect.get("stacks") or 1) >= restraint.stacks:  # "while it holds 2 ..."
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
    kept = [
        r for _, r in _held(game, holder) if r.how in ("no", "only", "most") and not r.partner
    ]  # one naming a partner keeps the action offered, with others to name (``partners``)
    if not kept:
        return None
    full = [r for r in kept if r.how == "most" and not _room(game, holder, r)]

    def may(card: str) -> bool:
        words = carried(game, card)
        for restraint in kept:
            fits = any(set(sort) <= words for sort in restraint.sorts)
            if restraint.how == "most":
                if fits and restraint in full:
                    return False  # "takes at most 1 action a turn": it has taken it
            elif fits == (restraint.how == "no"):
                return False
        return True

    return may


def _room(game: WorldGame, holder: str, restraint: Restraint) -> bool:
    """Whether ``holder`` may take one more action of the sorts of a ``takes at most`` in the
    phase it names (not limited outside one played for it: ``dsl.world.limits``)."""
    done = limits.taken(game, holder, restraint.phase)
    if done is None:
        return True
    fitting = [
        c
        for c in done
        if c in game.state.cards and any(set(s) <= carried(game, c) for s in restraint.sorts)
    ]
    return len(fitting) < restraint.most


def unheld(game: WorldGame, holder: str, card: str) -> str | None:
    """The card ``holder`` holds that keeps it from being given ``card`` ("Its holder is
    immune to psychology conditions.": a card of those sorts is not given), else ``None``."""
    if card not in game.state.cards:
        return None
    words: set[str] | None = None
    for effect, restraint in _held(game, holder):
        if restraint.how != "unheld":
            continue
        words = carried(game, card) if words is None else words
        if any(set(sort) <= words for sort in restraint.sorts):
            return str(effect["card"])
    return None


def missed_by(game: WorldGame, phase: str, subject: Any) -> str | None:
    """The card ``subject`` holds saying it misses its next ``phase`` (the caller spends it:
    ``dsl.world.durations.lift``), else ``None``."""
    if not isinstance(subject, str):
        return None
    wanted = phase.casefold()
    for effect, restraint in _held(game, subject):
        if restraint.how == "misses" and restraint.phase.casefold() == wanted:
            return str(effect["card"])
    return None


def also(
    first: Callable[[Any, Any], None] | None, then: Callable[[Any, Any], None]
) -> Callable[[Any, Any], None]:
    """What the procedure calls as each step begins: the checks a held card makes (``then``)
    before the durations end or tick there (``first``, ``durations.reaching``)."""
    if first is None:
        return then

    def reach(step: Any, subject: Any) -> None:
        then(step, subject)
        first(step, subject)

    return reach


def duties(game: WorldGame) -> Callable[[Any, Any], None] | None:
    """What the procedure calls as each step begins (with ``durations.reaching``): a card its
    subject holds that says it makes a check at that step of its own makes it (``None``: no
    held card says so)."""
    steps = {
        r.phase.casefold()
        for kept in game.world.restraints.values()
        for r in kept
        if r.how == "makes"
    }
    if not steps:
        return None

    def reach(step: Any, subject: Any) -> None:
        if step.title.casefold() not in steps or not isinstance(subject, str):
            return
        for effect, restraint in list(_held(game, subject)):
            if restraint.how == "makes" and restraint.phase.casefold() == step.title.casefold():
                make(game, subject, effect["card"], restraint)

    return reach


def make(game: WorldGame, holder: str, card: str, restraint: Restraint) -> Any:
    """``holder`` makes the check its held ``card`` says, with the first member its sheet
    holds; on one of the outcomes named it holds the card named."""
    from . import durations
    from .check_changes import tags_of

    sheet = game.card_fields(holder)
    member = next((m for m in restraint.members if _ranked(sheet, m)), None)
    if member is None:
        raise EffectError(
            f"{holder} has none of {' or '.join(restraint.members)} to make the "
            f"{restraint.check} check {card} asks"
        )
    given: dict[str, Any] = {  # the inputs: a number, or a declared value's
        name: value if isinstance(value, int) else game.ruleset.values[_value(game, value)]
        for name, value in restraint.given
    }
    tags = () if member == restraint.members[0] else tags_of(game, restraint.members[0])
    result = durations.check(game, holder, restraint.check, using=member, tags=tags, **given)
    if str(result.outcome).casefold() in restraint.outcomes:
        durations.give(
            game,
            holder,
            _card_named(game, restraint.holds),
            why=f"{card}: the {restraint.check} check",
        )
    return result


def _ranked(sheet: Mapping[str, Any], member: str) -> bool:
    wanted = member.casefold()
    return any(
        isinstance(ranks, Mapping) and any(str(k).casefold() == wanted for k in ranks)
        for ranks in sheet.values()
    )


def _value(game: WorldGame, name: str) -> str:
    return next(v for v in game.ruleset.values if v.casefold() == name.casefold())


def _card_named(game: WorldGame, name: str) -> str:
    return next(
        str(c) for c, info in game.state.cards.items() if info["name"].casefold() == name.casefold()
    )
