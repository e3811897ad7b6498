"""The binder: runs of words in a sentence → bound selectors, clauses and sentences.

It reads the words of a phrase against the ruleset's lexicon (longest match first, simple
plurals), then shapes them: a quantity, filters and a noun, a value, a place (``Binder``); a verb
bound to its primitive, its roles split at the prepositions the primitive takes, a cost, a
subject, a condition (``SentenceBinder``). What it cannot read is a ``BindError`` the checker
turns into a diagnostic.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dsl import ast, copies_of, superlatives
from dsl.bind_error import BindError as BindError  # re-exported: callers catch it here
from dsl.bound import (
    ActionCost,
    BoundClause,
    BoundCondition,
    BoundSentence,
    OneOf,
    RoleValue,
)
from dsl.diagnostics import Diagnostics, did_you_mean
from dsl.field_words import field_word
from dsl.runtime import Span
from dsl.selectors import (
    Amount,
    Filter,
    NounCategory,
    Place,
    Quantity,
    Reading,
    Selector,
    Superlative,
    SuperlativeKind,
    ValueSpec,
)
from dsl.vocabulary import Meaning, VerbInfo, Vocabulary, plural_forms, singular_of, verb_forms

ROLE_WORDS = ("at", "on", "in", "to", "from", "for", "into", "onto", "with")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
FUNCTION_WORDS = frozenset(
    [
        "other",  # "each other monster at this location": not this card (not you)
        "a",
        "an",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "any",
        "all",
        "every",
        "each",
        "another",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "them",
        "its",
        "their",
        "your",
        "you",
        "of",
        "at",
        "on",
        "in",
        "to",
        "from",
        "for",
        "into",
        "onto",
        "with",
        "by",
        "toward",
        "towards",
        "play",
        "value",
        "values",
        "total",
        "same",
        "opposite",
        "face",
        "or",
        "and",
        "up",
        "there",
        "is",
        "are",
        "not",
        "no",
        "card",
        "cards",
        "die",
        "dice",
        "itself",
        "themselves",
        "does",
        "do",
        "equal",
        "most",
        "fewest",
        "least",
        "highest",
        "lowest",
        "adjacent",  # "an adjacent stop": a place next to where the card is used
        "random",  # "a random stop": the engine picks, not the player
    ]
)
# The language's own adjectives of a thing: (the word, which things it may describe).
LANGUAGE_ADJECTIVES = {"adjacent": "place", "random": "any"}
# a comparative written where a superlative picks ("with more threats"): the form to write
COMPARATIVES = {
    "more": "most",
    "fewer": "fewest",
    "less": "fewest",
    "higher": "highest",
    "lower": "lowest",
}

SUPERLATIVES: dict[str, SuperlativeKind] = {
    "most": "most",
    "fewest": "fewest",
    "least": "fewest",
    "highest": "highest",
    "lowest": "lowest",
}
# The language's own nouns: any card, any die. A category's own name is a noun too ("a
# resource": a die of any of its types), read from the lexicon (``Meaning.generic``).
GENERIC_NOUNS = {
    "card": ("card", False),
    "cards": ("card", True),
    "die": ("die", False),
    "dice": ("die", True),
}
# What a thing of each shape is called in a selector (``Selector.noun_category``).
NOUN_OF_SHAPE: dict[str, NounCategory] = {
    "kinds": "card kind",
    "dice": "die",
    "pieces": "piece",
    "meters": "meter",
    "reservoirs": "reservoir",
    "zones": "zone",
    "groups": "group",
}
# Which meaning a word is read as when it is the thing selected, by shape, first first.
NOUN_ORDER = ("kinds", "groups", "zones", "meters", "reservoirs", "pieces", "dice", "tags")
# The things a value describes ("of value 5", "the value of ..."): dice, and amounts held.
VALUED = ("die", "meter")
# What "with the highest ..." reads from each candidate: a rank or an amount it holds.
MEASURED = ("ranks", "meters", "reservoirs")


@dataclass(frozen=True, slots=True)
class Lexeme:
    """A run of atoms read as one unit: a vocabulary name, a function word, number or string."""

    kind: str  # vocab, fn, number, string, comma, unknown
    text: str
    span: Span
    meanings: tuple[Meaning, ...] = ()
    value: int = 0


def _counted(current: list[ast.Atom]) -> bool:
    """Whether the words end in a count after "equal to" ("... equal to the number of fires")."""
    words = [a.folded for a in current]
    return any(
        words[k : k + 5] == ["equal", "to", "the", "number", "of"] for k in range(len(words) - 4)
    )


def _pair_open(lx: list[Lexeme]) -> bool:
    """Whether the words end inside "the higher of A" / "the lower of A" (its "and" follows)."""
    from dsl.numbers import MEASURE_OPS

    words = [x.text.casefold() for x in lx]
    return any(
        words[k] == "the" and words[k + 1] in MEASURE_OPS and words[k + 2] == "of"
        for k in range(len(words) - 2)
    )


def join_spans(a: Span, b: Span) -> Span:
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def atoms_text(atoms: Sequence[ast.Atom]) -> str:
    return ast.phrase_text(list(atoms))


def _plural_word(word: str) -> str:
    """``action point`` → ``action points``, ``lantern die`` → ``lantern dice``."""
    *head, last = word.split(" ")
    last = "dice" if last == "die" else last + ("es" if last.endswith("s") else "s")
    return " ".join([*head, last])


# ---- the phrase binder ------------------------------------------------------------------------


class Binder:
    """Reads runs of words against the vocabulary (longest match first, simple plurals)."""

    def __init__(
        self, vocab: Vocabulary, cards: dict[str, list[tuple[str, str]]], diags: Diagnostics
    ) -> None:
        self.v = vocab
        self.cards = cards  # folded name → [(kind, name)]
        self.d = diags
        self.kinds = {k.casefold(): k for k in vocab.card_kinds}
        self.all_words = vocab.all_words()
        # the words a declared word of several words starts with: any other word is looked
        # up alone (``lex``)
        self.multi_heads = {key[0] for key in vocab.lexicon if len(key) > 1}
        # ... and the words that may continue one: any other word starts a lexeme of its own
        self.multi_tails = {word for key in vocab.lexicon if len(key) > 1 for word in key[1:]}
        self.place_kind = vocab.place_kind  # the card kind the map is made of, if any
        dice = vocab.of_shape("dice")
        self.only_dice = dice[0].singular if len(dice) == 1 else None
        self.most_sides = vocab.sides()  # a face of "a die" (any dice) is 1 to this
        # each tag category → the card kind its tags describe (None: any card)
        self.tag_kinds: dict[str, str | None] = {}
        for category in vocab.of_shape("tags"):
            of = (category.owner or "").casefold()
            self.tag_kinds[category.singular] = self.kinds.get(of) or self.kinds.get(
                singular_of(of)
            )
        self.tags_of: dict[str | None, frozenset[str]] = {}  # a card kind → its tag categories
        # the categories a place is described by (its groups, its own tags), for messages
        self.place_described_by = [c.singular for c in vocab.of_shape("groups")] + [
            name for name, kind in self.tag_kinds.items() if kind and kind == self.place_kind
        ]
        # words designers reach for that the language spells out: the hint names the
        # spelling rather than the nearest declared word ("here" is not a misspelt "Horse")
        self.spelled_out = {"here": f"at this {self.place_kind}"} if self.place_kind else {}

    # -- lexemes --

    def lex_backwards(self, atoms: Sequence[ast.Atom]) -> Iterator[Lexeme]:
        """The lexemes of ``atoms`` as ``lex`` reads them, last first, read only as far back as
        they are asked for: a word that continues no declared word of several words starts a
        lexeme of its own, so the words before it are read apart (a phrase is not read again
        whole each time a word is added to it)."""
        end = len(atoms)
        while end > 0:
            start = end - 1
            while (
                start > 0
                and atoms[start].kind == "word"
                and atoms[start].folded in self.multi_tails
            ):
                start -= 1
            yield from reversed(self.lex(atoms[start:end]))
            end = start

    def lex(self, atoms: Sequence[ast.Atom]) -> list[Lexeme]:
        out: list[Lexeme] = []
        i = 0
        n = len(atoms)
        words: list[str] | None = None  # folded, "" for what is not a word
        lexicon, longest, multi_heads = self.v.lexicon, self.v.longest, self.multi_heads
        while i < n:
            atom = atoms[i]
            if atom.kind == "comma":
                out.append(Lexeme("comma", ",", atom.span))
                i += 1
                continue
            if atom.kind == "number":
                out.append(Lexeme("number", atom.text, atom.span, value=int(atom.text)))
                i += 1
                continue
            if atom.kind == "string":
                meanings = self.v.lexicon.get(tuple(atom.folded.split()), [])
                out.append(Lexeme("string", atom.text, atom.span, tuple(meanings)))
                i += 1
                continue
            if atom.kind != "word":
                out.append(Lexeme("unknown", atom.text, atom.span))
                i += 1
                continue
            matched = False
            # the run of words from here (the longest a declared word may be), folded once
            if words is None:
                words = [a.folded if a.kind == "word" else "" for a in atoms]
            if words[i : i + 3] == ["any", "number", "of"]:  # "any number of": plural "any"
                out.append(Lexeme("fn", "any", join_spans(atom.span, atoms[i + 2].span)))
                i += 3
                continue
            end = i + 1
            if words[i] in multi_heads:
                while end < n and end - i < longest and words[end]:
                    end += 1
            for size in range(end - i, 0, -1):
                key = tuple(words[i : i + size])
                found = lexicon.get(key)
                if found:
                    run = atoms[i : i + size]
                    meanings = found
                    if size == 1 and key[0] in FUNCTION_WORDS and key[0] not in GENERIC_NOUNS:
                        break  # a declared word spelled like grammar: grammar wins alone
                    text = " ".join(a.text for a in run)
                    out.append(
                        Lexeme(
                            "vocab", text, join_spans(run[0].span, run[-1].span), tuple(meanings)
                        )
                    )
                    i += size
                    matched = True
                    break
            if matched:
                continue
            word = words[i]
            if word in NUMBER_WORDS:
                out.append(Lexeme("number", atom.text, atom.span, value=NUMBER_WORDS[word]))
            elif word in FUNCTION_WORDS:
                out.append(Lexeme("fn", word, atom.span))
            else:
                out.append(Lexeme("unknown", atom.text, atom.span))
            i += 1
        return out

    def unknown(self, lx: Lexeme) -> BindError:
        spelled = self.spelled_out.get(lx.text.casefold())
        compared = COMPARATIVES.get(lx.text.casefold())
        if spelled:
            hint = f"; write '{spelled}'"
        elif compared:  # "the room with more coins": a superlative picks among them
            hint = f"; to pick the one with {lx.text}, write 'with the {compared} ...'"
        else:
            hint = did_you_mean(lx.text, self.all_words)
        return BindError(f"unknown word '{lx.text}'{hint}", lx.span)

    # -- noun phrases --

    def noun_phrase(self, lexemes: list[Lexeme]) -> RoleValue:
        """Bind a whole role phrase: a list, alternatives, a value, a number, or a selector."""
        if not lexemes:
            raise BindError("a word is missing here", Span("", 1, 1, 1, 1))
        opening = [x.text.casefold() for x in lexemes[:3]]
        if opening == ["the", "value", "of"] or opening[:2] == ["its", "value"]:
            # "Set a moss to the value of a frost here": a number read follows 'equal to'
            raise BindError(
                "a number read from the table follows 'equal to' ('gain action points "
                "equal to the value of ...'); it cannot stand here as a value",
                lexemes[0].span,
            )
        items = self.split_list(self.serial_or(lexemes))
        if len(items) > 1:
            values = []
            errors = []
            for item in items:
                try:
                    values.append(self.alternatives(item))
                except BindError as error:
                    errors.append(error)
            if errors:
                raise BindError(errors[0].message, errors[0].span, errors[1:])
            return tuple(values)
        return self.alternatives(items[0])

    def serial_or(self, lexemes: list[Lexeme]) -> list[Lexeme]:
        """``a Beast, Spirit or Ghost monster``: commas between words of one noun phrase that end
        in ``or`` join alternatives of one selector, not a list of separate things."""
        out = list(lexemes)
        for k, lx in enumerate(lexemes):
            if lx.kind != "comma" or k == 0 or lexemes[k - 1].kind != "vocab":
                continue
            j = k + 1
            while j < len(lexemes) and (lexemes[j].kind == "vocab" or lexemes[j].kind == "comma"):
                j += 1
            if (
                j > k + 1
                and j + 1 < len(lexemes)
                and lexemes[j].kind == "fn"
                and lexemes[j].text == "or"
                and lexemes[j + 1].kind == "vocab"
                and lexemes[j - 1].kind == "vocab"
            ):
                out[k] = Lexeme("fn", "or", lx.span)
        return out

    def split_list(self, lexemes: list[Lexeme]) -> list[list[Lexeme]]:
        """Split ``A, B and C`` (commas always; ``and`` when a new noun phrase follows)."""
        items: list[list[Lexeme]] = [[]]
        with_open = False  # the item so far holds a "with" (kept, not searched for: linear)
        for k, lx in enumerate(lexemes):
            nxt = lexemes[k + 1] if k + 1 < len(lexemes) else None
            if lx.kind == "comma" or (
                lx.kind == "fn"
                and lx.text == "and"
                and nxt is not None
                and self.starts_np(nxt)
                # "each location with a monster and a hero": both describe the location
                and not (with_open and nxt.kind != "string")
                and not _pair_open(items[-1])  # "the higher of your light and 2"
            ):
                items.append([])
                with_open = False
            else:
                items[-1].append(lx)
                with_open = with_open or (lx.kind == "fn" and lx.text == "with")
        return [i for i in items if i]

    def starts_np(self, lx: Lexeme) -> bool:
        if lx.kind in ("number", "string"):
            return True
        if lx.kind == "fn" and lx.text in ("a", "an", "any", "all", "every", "each", "another"):
            return True
        return lx.kind == "vocab" and any(m.shape == "kinds" for m in lx.meanings)

    def alternatives(self, lexemes: list[Lexeme]) -> RoleValue:
        parts: list[list[Lexeme]] = [[]]
        for k, lx in enumerate(lexemes):
            nxt = lexemes[k + 1] if k + 1 < len(lexemes) else None
            if (
                lx.kind == "fn"
                and lx.text == "or"
                and nxt is not None
                and (nxt.kind == "number" or (nxt.kind == "fn" and nxt.text in ("a", "an")))
                and parts[-1]
            ):
                parts.append([])
            else:
                parts[-1].append(lx)
        if len(parts) > 1:
            return OneOf(tuple(self.single(p) for p in parts))
        return self.single(parts[0])

    def single(self, lx: list[Lexeme]) -> RoleValue:
        words = [x.text if x.kind != "vocab" else x.text.casefold() for x in lx]
        first = lx[0]
        # A value written where a number or face goes.
        if words == ["any", "value"]:
            return ValueSpec("any")
        if words in (["its", "opposite", "face"], ["the", "opposite", "face"]):
            return ValueSpec("opposite")
        if len(lx) == 1 and first.kind == "number":
            return Amount(number=first.value)
        if (chosen := self.chosen_number(lx)) is not None:  # "the factor of the hardship"
            return Amount(expr=chosen)
        group = None
        if len(lx) == 2 and words[0] in ("this", "the") and lx[1].kind == "vocab":
            group = self.generic_word(lx[1].meanings, "groups")
        if group is not None:
            place = self.place_kind or "place"
            raise BindError(
                f"'this {group.word}' is a place, not a thing: write 'at {_a(place)} in this "
                f"{group.word}' or 'on each {place} in this {group.word}'",
                join_spans(lx[0].span, lx[-1].span),
            )
        if (k := copies_of.copies_at(lx)) is not None:  # "3 copies of "Rat"": made, not found
            return copies_of.bind(self, lx, k)
        selector, rest = self.selector(lx, 0)
        if rest < len(lx):
            raise self.cannot(lx[rest], lx)
        return selector

    def chosen_number(self, lx: list[Lexeme]) -> Any:
        """``the <value> of the <choice>`` (``dsl.world.choices``): its number, else ``None``."""
        from dsl.world.choices import choice_read, choices_of

        return choice_read(
            [x.text.casefold() for x in lx],
            choices_of(self.v.world),
            self.v.values,
            lambda message: BindError(message, join_spans(lx[0].span, lx[-1].span)),
        )

    def cannot(self, lx: Lexeme, phrase: list[Lexeme]) -> BindError:
        if lx.kind == "unknown":
            return self.unknown(lx)
        text = " ".join(x.text for x in phrase)
        return BindError(f"cannot read '{lx.text}' in '{text}'", lx.span)

    def selector(self, lx: list[Lexeme], i: int) -> tuple[Selector, int]:
        """Read ``[quantity] [filters] noun [value] [place] [with ...]`` from ``lx[i:]``."""
        n = len(lx)
        if i >= n:  # "... with" and nothing after it
            raise BindError(f"say what comes after '{lx[-1].text}'", lx[-1].span)
        start = i
        quantity = Quantity()
        reference = None
        owner = None
        explicit_quantity = False

        def word(k: int) -> str:
            return lx[k].text.casefold() if k < n and lx[k].kind in ("fn", "number") else ""

        # quantity or reference
        w = word(i)
        if w in ("a", "an") and word(i + 1) == "total" and word(i + 2) == "value":
            if word(i + 3) == "of" and i + 4 < n and lx[i + 4].kind == "number":
                quantity = Quantity("total_value", None, lx[i + 4].value, True)
                i += 5
                explicit_quantity = True
            else:
                raise BindError("write 'a total value of N'", lx[i].span)
        elif w in ("a", "an") or (lx[i].kind == "number" and w == "one"):
            quantity = Quantity("exact", 1)
            i += 1
            explicit_quantity = True
        elif lx[i].kind == "number":
            quantity = Quantity("exact", lx[i].value, None, lx[i].value != 1)
            i += 1
            explicit_quantity = True
        elif w == "up" and word(i + 1) == "to" and i + 2 < n and lx[i + 2].kind == "number":
            quantity = Quantity("up_to", lx[i + 2].value, None, True)
            i += 3
            explicit_quantity = True
        elif w == "any":
            quantity = Quantity("any", None)
            i += 1
            explicit_quantity = True
        elif w in ("all", "every", "each"):
            quantity = Quantity("all", None)
            i += 1
            explicit_quantity = True
            if word(i) == "the":
                i += 1
        elif w == "another":
            quantity = Quantity("another", 1)
            i += 1
            explicit_quantity = True
        elif w in ("this", "that", "these", "those"):
            reference = "this" if w in ("this", "these") else "it"
            quantity = Quantity("none", None)
            i += 1
        elif w in ("it", "them", "itself", "themselves"):
            sel = Selector(quantity=Quantity("none", None, None, w == "them"), reference="it")
            return self.qualifiers(lx, i + 1, sel, start)
        elif w == "there" and self.place_kind:  # "at there": the place of each thing found
            sel = Selector(
                quantity=Quantity("none", None),
                noun_category="card kind",
                noun=self.place_kind,
                reference="there",
            )
            return self.qualifiers(lx, i + 1, sel, start)
        elif w == "you":
            sel = Selector(
                quantity=Quantity("none", None),
                noun_category="card kind",
                noun=None,
                reference="self",
            )
            return self.qualifiers(lx, i + 1, sel, start)
        elif w in ("your", "their", "its"):
            owner = "your"
            i += 1
        elif w == "the":
            i += 1
        other = word(i) == "other" and quantity.mode in ("all", "any", "exact")
        if other:
            i += 1
        adjectives: list[Lexeme] = []
        if i < n and lx[i].kind == "fn" and lx[i].text in LANGUAGE_ADJECTIVES:
            adjectives, i = self.language_adjectives(lx, i)
        # filters and noun
        body: list[Lexeme] = []
        while i < n:
            x = lx[i]
            if (
                x.kind in ("vocab", "string")
                or (x.kind == "fn" and x.text in GENERIC_NOUNS)
                or (x.kind == "fn" and x.text == "or" and body and i + 1 < n)
            ):
                body.append(x)
                i += 1
            elif x.kind == "unknown":
                raise self.unknown(x)
            else:
                break
        while body and body[-1].kind == "fn" and body[-1].text == "or":
            body.pop()  # "or" not followed by another word of the noun phrase
            i -= 1
        if not body:
            if reference == "this":
                sel = Selector(
                    quantity=Quantity("none", None), noun_category="card", reference="this"
                )
                return self.qualifiers(lx, i, sel, start)
            at = lx[i] if i < n else lx[-1]
            raise BindError(f"expected a thing here ({self.things()}), not '{at.text}'", at.span)
        sel = self.noun_and_filters(body, quantity, reference, owner, explicit_quantity)
        if other:
            if sel.noun_category not in ("card kind", "card") or sel.name is not None:
                what = sel.noun or sel.noun_category
                raise BindError(
                    f"'other' sets this card (or you) apart from other cards, not from {what}",
                    lx[start].span,
                )
            sel = replace(sel, filters=(Filter("other", "other"), *sel.filters))
        if adjectives:
            sel = self.with_language_adjectives(sel, adjectives)
        return self.qualifiers(lx, i, sel, start)

    def language_adjectives(self, lx: list[Lexeme], i: int) -> tuple[list[Lexeme], int]:
        """``adjacent``, ``random`` before a noun: the language's own adjectives."""
        found: list[Lexeme] = []
        while i < len(lx) and lx[i].kind == "fn" and lx[i].text.casefold() in LANGUAGE_ADJECTIVES:
            found.append(lx[i])
            i += 1
        return found, i

    def with_language_adjectives(self, sel: Selector, adjectives: list[Lexeme]) -> Selector:
        """ "an adjacent stop" (a place next to this one), "a random monster" (the engine picks
        among what matches): filters of the language's own, told when they cannot hold."""
        filters = list(sel.filters)
        for x in adjectives:
            word = x.text.casefold()
            if LANGUAGE_ADJECTIVES[word] == "place" and (
                sel.noun_category != "card kind" or sel.noun != self.place_kind
            ):
                place = self.place_kind or "place"
                raise BindError(
                    f"'{x.text}' describes a {place}, not {sel.noun or sel.noun_category}: "
                    f"write 'an {x.text} {place}'",
                    x.span,
                )
            filters.insert(0, Filter(word, word))
        return replace(sel, filters=tuple(filters))

    def things(self) -> str:
        """``a card kind, resource, token, tag ...``: what a thing may be, for messages."""
        shapes = ("kinds", "dice", "pieces", "tags")
        names = [c.singular for shape in shapes for c in self.v.of_shape(shape)]
        return "a " + ", ".join(names[:4] or ["card"]) + " ..."

    def noun_and_filters(
        self,
        body: list[Lexeme],
        quantity: Quantity,
        reference: str | None,
        owner: str | None,
        explicit: bool,
    ) -> Selector:
        # A quoted card name, maybe after its kind: monster "Bog Wight".
        strings = [b for b in body if b.kind == "string" and not b.meanings]
        if strings:
            return self.card_reference(body, quantity)
        if len(body) == 2 and body[0].kind == "vocab" and body[1].kind == "string":
            # location "Lily Manor": the card of that kind and name, though the name is also
            # a declared word (a tag)
            kind = self.pick(body[0].meanings, ("kinds",))
            cards = self.cards.get(body[1].text.casefold(), [])
            if kind is not None and any(c[0].casefold() == kind.word.casefold() for c in cards):
                return self.card_reference([body[0], replace(body[1], meanings=())], quantity)
        head = body[-1]
        body = [b for b in body[:-1] if b.kind != "fn" or b.text == "or"] + [head]
        plural = False
        category: NounCategory
        declared: str | None = None
        if head.kind == "fn":
            category, plural = GENERIC_NOUNS[head.text]  # type: ignore[assignment]
            noun: str | None = None
            if category == "die":  # "a die": of the one category of dice, when there is one
                declared = self.only_dice
        else:
            meaning = self.pick_noun(head.meanings)
            if meaning is None:
                cats = ", ".join(sorted({m.category for m in head.meanings}))
                raise BindError(f"'{head.text}' ({cats}) cannot be the thing selected", head.span)
            plural = meaning.plural
            if meaning.shape == "tags":
                # "a Beast" is a card with that tag; "a Forest", a place with it
                described = self.tag_kinds.get(meaning.category)
                tag = Lexeme("vocab", head.text, head.span, (meaning,))
                body = [*body[:-1], tag]
                if described is None:
                    return self.filtered(body, "card", None, quantity, reference, owner, plural)
                return self.filtered(
                    body, "card kind", described, quantity, reference, owner, plural
                )
            if meaning.shape == "zones":
                kinds = [m.word for b in body[:-1] for m in b.meanings if m.shape == "kinds"]
                place = Place("zone", "in", meaning.word, owner, None, kinds[0] if kinds else None)
                return Selector(
                    quantity=quantity if explicit else Quantity("none", None),
                    noun_category="zone",
                    noun=meaning.word,
                    place=place,
                    reference=reference,
                    text=" ".join(b.text for b in body),
                    category=meaning.category,
                )
            category = NOUN_OF_SHAPE[meaning.shape]
            noun = None if meaning.generic else meaning.word
            declared = None if meaning.shape == "kinds" else meaning.category
        body = body[:-1]
        return self.filtered(
            body, category, noun, quantity, reference, owner, plural, declared=declared
        )

    def filtered(
        self,
        body: list[Lexeme],
        category: NounCategory,
        noun: str | None,
        quantity: Quantity,
        reference: str | None,
        owner: str | None,
        plural: bool,
        declared: str | None = None,
    ) -> Selector:
        filters: list[Filter] = []
        any_of: list[Filter] = []
        groups: list[list[Lexeme]] = [[]]
        for b in body:
            if b.kind == "fn" and b.text == "or":
                groups.append([])
            else:
                groups[-1].append(b)
        alternatives = len(groups) > 1
        for group in groups:
            for b in group:
                if b.kind == "fn":
                    raise BindError(f"cannot read '{b.text}' here", b.span)
                meaning = self.describes(b.meanings, category, noun)
                if meaning is None:
                    cats = ", ".join(sorted({m.category for m in b.meanings})) or "a name"
                    what = noun or category
                    raise BindError(f"'{b.text}' ({cats}) cannot describe {what}", b.span)
                if meaning.shape == "kinds" and category == "card":
                    category, noun = "card kind", meaning.word
                    continue
                if meaning.shape == "dice" and category == "die":
                    declared = meaning.category
                    if meaning.generic:
                        continue  # "any resource dice": dice of that category
                    noun = meaning.word
                    if alternatives:
                        any_of.append(self.filter_of(meaning))
                    continue
                target = any_of if alternatives else filters
                target.append(self.filter_of(meaning))
        if category == "die" and len(any_of) > 1:
            noun = None
        if category == "die" and noun is not None and quantity.mode == "any":
            plural = True  # a type of dice is a mass noun: "any ember at X" is any number of dice
        quantity = Quantity(
            quantity.mode, quantity.count, quantity.total, plural or quantity.plural
        )
        if reference == "this":
            quantity = Quantity("none", None)
        place = Place("zone", "in", None, owner) if owner and category == "zone" else None
        if reference == "this" and noun is not None and noun == self.place_kind:
            place = Place("this place")  # the place where the effect happens
        return Selector(
            quantity=quantity,
            noun_category=category,
            noun=noun,
            filters=tuple(filters),
            any_of=tuple(any_of),
            place=place,
            reference=reference,
            category=declared,
        )

    def describes(
        self, meanings: Sequence[Meaning], category: NounCategory, noun: str | None
    ) -> Meaning | None:
        """What a word before the noun means: a tag, group, rank... of a card; a type of die."""
        if category in ("card kind", "card"):
            return self.pick_filter(meanings, noun)
        if category == "die":
            return self.pick(meanings, ("dice",), generic=True)
        return None

    def pick(
        self, meanings: Sequence[Meaning], shapes: Sequence[str], generic: bool = False
    ) -> Meaning | None:
        """The first meaning of the first of ``shapes`` (a category's own name only when
        ``generic``; a declared word before it)."""
        for shape in shapes:
            own = None
            for m in meanings:
                if m.shape == shape:
                    if not m.generic:
                        return m
                    if generic and own is None:
                        own = m
            if own is not None:
                return own
        return None

    def pick_noun(self, meanings: Sequence[Meaning]) -> Meaning | None:
        """What a word means when it is the thing selected (``NOUN_ORDER``); of tags, those
        of the place before those of other cards."""
        if len(meanings) == 1:  # most words mean one thing
            m = meanings[0]
            return m if m.shape in NOUN_ORDER else None
        for shape in NOUN_ORDER:
            found = [m for m in meanings if m.shape == shape]
            if shape == "tags":
                found.sort(key=lambda m: self.tag_kinds.get(m.category) != self.place_kind)
            if found:
                return min(found, key=lambda m: m.generic)
        return None

    def pick_filter(self, meanings: Sequence[Meaning], noun: str | None) -> Meaning | None:
        """What a word describing a card of kind ``noun`` (``None``: any card) means: a tag of
        that kind (or of any card, when the kind has none of its own), a rank, a group, a
        kind, a flag."""
        if noun is not None and noun == self.place_kind:
            return self.place_filter(meanings)
        tags = self.tags_of.get(noun)
        if tags is None:
            own = [n for n, k in self.tag_kinds.items() if k is not None and k == noun]
            tags = self.tags_of[noun] = frozenset(
                own or [n for n, k in self.tag_kinds.items() if k is None]
            )
        for m in meanings:
            if m.shape == "tags" and m.category in tags and not m.generic:
                return m
        return self.pick(meanings, ("ranks", "groups", "kinds", "flag")) or field_word(
            self.v, meanings, noun
        )

    def place_filter(self, meanings: Sequence[Meaning]) -> Meaning | None:
        """A word describing a place: a group it is in, or a tag of the place kind."""
        group = self.pick(meanings, ("groups",))
        if group is not None:
            return group
        place = (self.place_kind or "").casefold()
        for m in meanings:
            kind = self.tag_kinds.get(m.category) if m.shape == "tags" else None
            if kind is not None and kind.casefold() == place and not m.generic:
                return m
        return None

    def place_filter_words(self) -> str:
        """``a region or a location tag``: what describes a place, for messages."""
        names = [_a(name) for name in self.place_described_by] or ["a word describing a place"]
        return " or ".join(names)

    def filter_of(self, meaning: Meaning) -> Filter:
        return Filter(meaning.category, meaning.word, meaning.shape)

    def generic_word(self, meanings: Sequence[Meaning], shape: str) -> Meaning | None:
        """The category's own name, of ``shape``, among a word's meanings ("region")."""
        for m in meanings:
            if m.generic and m.shape == shape:
                return m
        return None

    def faces_of(self, thing: Any) -> int:
        """The most faces of the dice a role's value names (``faces``)."""
        if isinstance(thing, OneOf):
            return max(self.faces_of(choice) for choice in thing.choices)
        if isinstance(thing, tuple) and thing:
            return max(self.faces_of(each) for each in thing)
        return self.faces(thing if isinstance(thing, Selector) else None)

    def faces(self, sel: Selector | None = None) -> int:
        """How many faces the dice a phrase names have (its type's, else the most any
        declared dice have: ``Vocabulary.sides``)."""
        if sel is not None and sel.noun_category == "die" and (sel.noun or sel.category):
            return self.v.sides(sel.noun or sel.category)
        return self.most_sides

    def card_reference(self, body: list[Lexeme], quantity: Quantity) -> Selector:
        kind = None
        name_lx = None
        for b in body:
            if b.kind == "string" and not b.meanings:
                if name_lx is not None:
                    raise BindError("two names in one phrase: separate them with a comma", b.span)
                name_lx = b
            elif b.kind == "vocab" and self.pick(b.meanings, ("kinds",)):
                meaning = self.pick(b.meanings, ("kinds",))
                assert meaning is not None
                kind = meaning.word
            else:
                raise BindError(f"cannot read '{b.text}' next to a card name", b.span)
        assert name_lx is not None
        name = name_lx.text
        found = self.cards.get(name.casefold(), [])
        if kind is not None:
            matches = [c for c in found if c[0].casefold() == kind.casefold()]
            if not matches:
                if found:  # the name is a card, of another kind
                    other = " and ".join(sorted({f"a {c[0]}" for c in found}))
                    raise BindError(
                        f'"{found[0][1]}" is {other}, not a {kind}: write '
                        f'{found[0][0]} "{found[0][1]}" or name a {kind}',
                        name_lx.span,
                    )
                names = [c[1] for cs in self.cards.values() for c in cs if c[0] == kind]
                hint = did_you_mean(name, names, quoted=True)
                raise BindError(f'unknown {kind} "{name}"{hint}', name_lx.span)
        else:
            if not found:
                names = [c[1] for cs in self.cards.values() for c in cs]
                hint = did_you_mean(name, names, quoted=True)
                raise BindError(f'unknown card "{name}"{hint}', name_lx.span)
            kind = found[0][0]
            name = found[0][1]
        return Selector(
            quantity=Quantity("exact", 1) if quantity.mode == "none" else quantity,
            noun_category="card kind",
            noun=kind,
            name=name,
            text=f'{kind} "{name}"',
        )

    def qualifiers(
        self, lx: list[Lexeme], i: int, sel: Selector, start: int
    ) -> tuple[Selector, int]:
        n = len(lx)

        def word(k: int) -> str:
            return lx[k].text.casefold() if k < n and lx[k].kind in ("fn", "number") else ""

        value = sel.value
        place = sel.place
        with_: list[Selector] = list(sel.with_)
        where: list[Any] = list(sel.where)
        superlative = sel.superlative
        quantity = sel.quantity
        while i < n:
            w = word(i)
            if w == "of" and word(i + 1) == "value" and i + 2 < n and lx[i + 2].kind == "number":
                value = ValueSpec("exact", lx[i + 2].value)
                self.face(lx[i + 2], sel)
                i += 3
            elif w in ("with", "each") and self.value_ahead(lx, i):
                k = i + (2 if w == "each" else 1)
                value = ValueSpec("each" if w == "each" else "exact", lx[k + 1].value)
                self.face(lx[k + 1], sel)
                i = k + 2
            elif w == "of" and superlatives.stands_of(self, lx, i, sel):
                # "the north post of the scout with the lowest stealth"
                superlative, i = superlatives.standing(self, lx, i + 1, sel)
            elif w == "of" and word(i + 1) in ("the", "same"):
                k = i + 1 + (word(i + 1) == "the")
                if word(k) == "same" and word(k + 1) == "value":
                    value = ValueSpec("same")
                    i = k + 2
                else:
                    break
            elif w == "of" and word(i + 1) == "any" and word(i + 2) == "value":
                value = ValueSpec("any")
                i += 3
            elif (
                w == "you"
                and i + 1 < n
                and lx[i + 1].text.casefold() in ("have", "hold")
                and sel.noun_category in ("card kind", "card")
            ):
                place = Place("held", "with")  # "each condition you have": the actor's own
                i += 2
            elif w in ("at", "in", "from", "on", "into", "onto") and i + 1 < n:
                if sel.reference == "this" and not (w == "in" and word(i + 1) == "play"):
                    # "this card from the supply": this card is where it is
                    raise BindError(
                        f"'this' names this very card, wherever it is: '{lx[i].text} ...' "
                        "after it would be ignored",
                        lx[i].span,
                    )
                place, i = self.place(lx, i)
            elif (
                w == "with"
                and word(i + 1) in ("a", "an")
                and word(i + 2) == "total"
                and word(i + 3) == "value"
                and word(i + 4) in ("equal", "of")
                and sel.noun_category == "die"
            ):
                # "frost with a total value equal to its difficulty" / "... of 6"
                if word(i + 4) == "of" and i + 5 < n and lx[i + 5].kind == "number":
                    quantity = Quantity("total_value", None, lx[i + 5].value, True)
                    i += 6
                elif word(i + 4) == "equal" and word(i + 5) == "to":
                    reading, i = self.reading(lx, i + 6)
                    quantity = Quantity("total_value", None, None, True, reading)
                else:
                    raise BindError(
                        "write 'with a total value of N' or 'with a total value equal to ...'",
                        lx[i].span,
                    )
            elif w == "equal" and word(i + 1) == "to" and sel.reference is None:
                # "action points equal to the value of a moss at this location"
                if quantity != Quantity(plural=True) and quantity != Quantity():
                    raise BindError(
                        "'equal to' gives the number: write the noun without one "
                        "('action points equal to ...')",
                        lx[i].span,
                    )
                reading, i = self.reading(lx, i + 2)
                quantity = Quantity("exact", None, None, True, reading)
            elif w == "with" and word(i + 1) == "the" and word(i + 2) in SUPERLATIVES:
                superlative, i = self.superlative(lx, i + 2, sel)
                counted = superlative.counted
                if counted is not None and counted.place is not None:
                    # "the monster with the fewest wounds at this location": the things
                    # are counted on each candidate, so the place is where the candidates are
                    if place is not None:
                        raise BindError(
                            f"two places for '{sel.noun}': say where it is once",
                            lx[i - 1].span,
                        )
                    place = counted.place
                    superlative = replace(
                        superlative, counted=replace(counted, place=None, text=counted.text)
                    )
            elif w == "and" and with_ and i + 1 < n and word(i + 1) in ("a", "an", "no", "any"):
                # "with a monster and a hero": each must hold
                negated = word(i + 1) == "no"
                inner, i = self.selector(lx, i + 2 if negated else i + 1)
                if negated:
                    inner = replace(inner, quantity=Quantity("exact", 0, None, True))
                with_.append(inner)
            elif w == "with" and word(i + 1) == "no" and i + 2 < n:
                # "any location with no monsters": one that has none (a count of 0)
                inner, i = self.selector(lx, i + 2)
                if inner.quantity.mode not in ("exact", "none") or inner.reference is not None:
                    raise BindError("write 'with no <things>'", lx[i - 1].span)
                with_.append(replace(inner, quantity=Quantity("exact", 0, None, True)))
            elif w == "with" and (found := self.having(lx, i)) is not None:
                having, i = found  # "with strength below 4"
                where.append(having)
            elif w == "with" and i + 1 < n:
                inner, i = self.selector(lx, i + 1)
                with_.append(inner)
            else:
                break
        text = " ".join(x.text if x.kind != "string" else f'"{x.text}"' for x in lx[start:i])
        zone_kind = place.of_kind if place is not None and place.kind == "zone" else None
        if (
            zone_kind
            and sel.noun_category == "card kind"
            and sel.noun
            and sel.name is None
            and sel.noun.casefold() != zone_kind.casefold()
        ):
            raise BindError(
                f"the {zone_kind} {place.zone if place else ''} holds {zone_kind} cards, not "
                f"{sel.noun} cards: '{text}' would find nothing",
                lx[start].span,
            )
        if (
            value is not None
            and value != sel.value
            and sel.reference is None
            and sel.noun_category not in VALUED
        ):
            what = sel.noun or sel.noun_category
            raise BindError(
                f"a value describes dice, not {what}: '{text}' would match nothing",
                lx[start].span,
            )
        return (
            Selector(
                quantity=quantity,
                noun_category=sel.noun_category,
                noun=sel.noun,
                filters=sel.filters,
                any_of=sel.any_of,
                place=place,
                value=value,
                name=sel.name,
                reference=sel.reference,
                with_=tuple(with_),
                text=text,
                superlative=superlative,
                category=sel.category,
                where=tuple(where),
            ),
            i,
        )

    def number_fields(self) -> set[str]:
        """The number fields of the card kinds (``difficulty``, ``points``): what "its ..."
        and "the ... of" may read."""
        return {
            name.casefold()
            for kind in self.v.kinds.values()
            for name, fs in kind.fields.items()
            if fs.type == "int" and not fs.is_list and " " not in name
        }

    def reading(self, lx: list[Lexeme], i: int) -> tuple[Reading, int]:
        """``its difficulty``, ``the value of a moss at this location``, ``the points of a
        monster at this location``: a number the effect reads when it runs."""
        n = len(lx)

        def text(k: int) -> str:
            return lx[k].text.casefold() if k < n else ""

        fields = self.number_fields()
        span = lx[i].span if i < n else lx[-1].span
        if text(i) == "its" and text(i + 1) in fields:
            it = Selector(quantity=Quantity("none", None), reference="it")
            return Reading(it, text(i + 1)), i + 2
        if text(i) == "the" and (text(i + 1) == "value" or text(i + 1) in fields):
            if text(i + 2) != "of" or i + 3 >= n:
                raise BindError(f"say whose {text(i + 1)}: 'the {text(i + 1)} of ...'", span)
            of, k = self.selector(lx, i + 3)
            if text(i + 1) == "value":
                if of.noun_category not in VALUED:
                    what = of.noun or of.noun_category
                    raise BindError(f"a value is a die's, not {_a(what)}'s", lx[i + 3].span)
                return Reading(of, None), k
            if of.noun_category not in ("card kind", "card"):
                raise BindError(f"'{text(i + 1)}' is a card's, not {of.text}'s", lx[i + 3].span)
            return Reading(of, text(i + 1)), k
        expressed = self.expressed(lx, i)
        if expressed is not None:
            return expressed
        known = ", ".join(sorted(fields)) or "none declared"
        raise BindError(
            "read a number here: 'its <field>', 'the <field> of ...' (number fields: "
            f"{known}) or 'the value of <a die>'",
            span,
        )

    def expressed(self, lx: list[Lexeme], i: int) -> tuple[Reading, int] | None:
        """``equal to the number of monsters here``, ``equal to your light``, ``equal to the
        higher of A and B``: any number expression to the end of the phrase (``dsl.numbers``),
        when the words start like one."""
        from dsl.numbers import NumberError, NumberReader

        reader = NumberReader(self)
        rest = lx[i:]
        if not rest or not reader.looks_numeric(rest):
            return None
        try:
            expr = reader.expression(rest)
        except NumberError as error:
            raise BindError(error.message, error.span) from None
        text = " ".join(x.text for x in rest)
        return Reading(Selector(quantity=Quantity("none", None), text=text), None, expr), len(lx)

    def having(self, lx: list[Lexeme], i: int) -> tuple[Any, int] | None:
        """``with strength below 4``: a number of each candidate compared (``dsl.numbers``)."""
        from dsl.numbers import NumberError, NumberReader

        try:
            return NumberReader(self).having(lx, i)
        except NumberError as error:
            raise BindError(error.message, error.span) from None

    def superlative(self, lx: list[Lexeme], i: int, sel: Selector) -> tuple[Superlative, int]:
        """``with the most dice``, ``with the lowest command``: ``lx[i]`` is the superlative."""
        kind = SUPERLATIVES[lx[i].text.casefold()]
        span = lx[i].span
        if sel.noun_category not in ("card kind", "card") or sel.reference is not None:
            what = sel.noun or sel.noun_category
            raise BindError(
                f"'with the {lx[i].text}' picks among cards ({self.compared()} ...), not {what}",
                span,
            )
        if kind in ("most", "fewest"):
            if i + 1 >= len(lx):
                raise BindError(f"say what is counted: 'with the {kind} dice'", span)
            pooled = superlatives.counted_pools(self, lx, i + 1, sel)  # "the most gems"
            if pooled is not None:
                return Superlative(kind, counted=pooled[0]), pooled[1]
            counted, k = self.selector(lx, i + 1)
            if counted.quantity.mode not in ("exact", "none") or counted.reference is not None:
                pieces = [m for c in self.v.of_shape("pieces") for m in c.members][:1]
                example = _plural_word(pieces[0]) if pieces else "dice"
                raise BindError(
                    f"'with the {kind}' counts things: write a plain noun ('with the {kind} "
                    f"{example}')",
                    lx[i + 1].span,
                )
            # what is counted has no quantity of its own: "most threat" is "most threats"
            return Superlative(kind, counted=replace(counted, quantity=Quantity(plural=True))), k
        nxt = lx[i + 1] if i + 1 < len(lx) else None
        meaning = self.pick(nxt.meanings, MEASURED) if nxt is not None else None
        if nxt is None or meaning is None:
            measures = [c for s in MEASURED for c in self.v.of_shape(s)]
            measured = [c.singular for c in measures] or ["rank"]
            said = _or([_a(m) for m in measured])
            owner = singular_of(measures[0].owner or "card") if measures else "card"
            found = next(iter(nxt.meanings), None) if nxt is not None else None
            not_this = f", not {found.category} '{nxt.text}'" if found and nxt else ""
            raise BindError(
                f"'with the {kind}' compares {said}{not_this}: write 'the {owner} with the {kind} "
                f"<{measured[0]}>'",
                nxt.span if nxt is not None else span,
            )
        superlatives.check_holder(self, sel, meaning, nxt.span)
        return Superlative(kind, measure=self.filter_of(meaning)), i + 2

    def compared(self) -> str:
        """``a location, a character``: the cards a superlative picks among, for messages (the
        places, and whoever holds what is measured)."""
        kinds = [self.place_kind] if self.place_kind else []
        for category in self.v.of_shape(*MEASURED):
            owner = (category.owner or "").casefold()
            kind = self.kinds.get(owner) or self.kinds.get(singular_of(owner))
            if kind is not None and kind not in kinds:
                kinds.append(kind)
        return ", ".join(_a(k) for k in kinds or ["card"])

    def value_ahead(self, lx: list[Lexeme], i: int) -> bool:
        n = len(lx)
        k = i + (2 if lx[i].text == "each" else 1)
        if lx[i].text == "each" and not (i + 1 < n and lx[i + 1].text == "with"):
            return False
        return k + 1 < n and lx[k].text == "value" and lx[k + 1].kind == "number"

    def face(self, lx: Lexeme, sel: Selector | None = None) -> None:
        """A number a die shows: 1 to its sides (``faces``)."""
        high = self.faces(sel)
        if not 1 <= lx.value <= high:
            raise BindError(f"a die face is 1 to {high}, not {lx.value}", lx.span)

    def place(self, lx: list[Lexeme], i: int) -> tuple[Place, int]:
        """``at this <place>``, ``in play``, ``from the supply``, ``in the North`` ..."""
        n = len(lx)
        prep = lx[i].text.casefold()
        i += 1

        def word(k: int) -> str:
            return lx[k].text.casefold() if k < n and lx[k].kind in ("fn", "vocab") else ""

        def is_place(k: int) -> bool:
            m = self.pick(lx[k].meanings, ("kinds",)) if k < n else None
            return m is not None and m.word == self.place_kind

        if word(i) in ("your", "their", "its") and is_place(i + 1):
            # "for each Beast at their location": a place that follows each hero in
            # turn is not a form; read as any place, it would count them all
            place = self.place_kind or ""
            raise BindError(
                f"'{lx[i].text} {place}' is not a place the language knows: write 'at "
                f"this {place}' (where the card is used) or name the {_plural_word(place)}",
                lx[i].span,
            )
        if word(i) == "play":
            return Place("in play", prep), i + 1
        if word(i) == "this" and i + 1 < n:
            group = self.generic_word(lx[i + 1].meanings, "groups")
            if group is not None:
                return Place("this group", prep, category=group.category), i + 2
        if word(i) == "this":
            m = self.pick(lx[i + 1].meanings, ("kinds",)) if i + 1 < n else None
            if is_place(i + 1):
                return Place("this place", prep), i + 2
            if i + 1 < n and (m is not None or word(i + 1) == "card"):
                # "in this tale": this card, and the kind it was written as (for its print)
                return Place("this card", prep, of_kind=m.word if m else None), i + 2
        if word(i) == "any" and is_place(i + 1):
            return Place("any place", prep), i + 2
        sel, k = self.selector(lx, i)
        if sel.noun_category == "zone":
            assert sel.place is not None
            zone = sel.place
            return Place("zone", prep, zone.zone, zone.owner, None, zone.of_kind), k
        if sel.noun_category == "group" and sel.noun is not None:
            within = Selector(
                quantity=Quantity("all", None),
                noun_category="card kind",
                noun=self.place_kind,
                filters=(Filter(sel.category or "", sel.noun, "groups"),),
                text=sel.text,
            )
            return Place("places", prep, places=within), k
        if sel.noun_category == "card kind" and sel.noun == self.place_kind:
            return Place("places", prep, places=sel), k
        if sel.name is not None:
            return Place("places", prep, places=sel), k
        if sel.noun_category == "card" and any(f.shape == "groups" for f in sel.filters):
            return Place("places", prep, places=sel), k
        group_word = next(
            (m for x in lx[i:k] for m in x.meanings if m.shape == "groups" and not m.generic),
            None,
        )
        if group_word is not None:
            within = Selector(
                quantity=Quantity("all", None),
                noun_category="card kind",
                noun=self.place_kind,
                filters=(self.filter_of(group_word),),
                text=sel.text,
            )
            return Place("places", prep, places=within), k
        if sel.reference in ("this", "it") or sel.noun_category == "card kind":
            return Place("places", prep, places=sel), k
        raise BindError(f"'{sel.text}' is not a place", lx[i].span)


# ---- clauses and sentences ----------------------------------------------------------------------


class SentenceBinder:
    """Binds clauses (verb + roles), conditions and sentences of one card."""

    def __init__(self, binder: Binder, diags: Diagnostics) -> None:
        self.b = binder
        self.v = binder.v
        self.d = diags
        # the one-word forms ("cost", "costs") of verbs whose primitive prices actions
        self.priced = {
            key[0]: info
            for key, entries in self.v.verb_lexicon.items()
            if len(key) == 1
            for info, how in entries
            if info.prices and how in ("s", "base")
        }
        # the words a verb may start with: most words of a sentence start none (``find_verb``)
        self.verb_heads = {key[0] for key in self.v.verb_lexicon} | set(self.v.split_verbs)

    def paid_in(self, thing: str) -> str:
        """``action points``, ``lantern dice``; a mass noun (stress, a token) as it is."""
        return thing if self.v.mass_noun(thing) else _plural_word(thing)

    def action_cost(
        self, atoms: list[ast.Atom], span: Span, strict: bool = True
    ) -> BoundClause | None:
        """``Each trade costs 2 action points.`` / ``Trades cost 2 action points.`` /
        ``Brewing costs 2 lanterns.``: a standing change of what an action costs, when
        a verb of the sentence prices actions (``dsl.runtime.prices``). ``None`` when none
        does; an action, amount or thing the primitive does not price is an error (when
        not ``strict``, words before the verb that name no action give ``None``)."""
        verbs = self.priced
        at = next(
            (
                k
                for k in range(1, len(atoms))
                if atoms[k].kind == "word" and atoms[k].text.casefold() in verbs
            ),
            None,
        )
        if at is None:
            return None
        info = self.priced[atoms[at].folded]
        head = atoms[:at]
        words = [a.folded for a in head]
        if words and words[0] in ("each", "every"):
            words = words[1:]
        action = None
        for name, _ in info.prices:
            *first, last = name.split()
            forms = {last} | plural_forms(last)
            forms |= {f for f, how in verb_forms(last).items() if how == "ing"}
            if words[:-1] == first and words[-1:] and words[-1] in forms:
                action = name
        priced = ", ".join(sorted(name for name, _ in info.prices))
        if action is None and not strict:
            return None
        if words[:1] == ["until"]:
            # "Until the end of the turn, each trade costs 0": a duration the language lacks
            raise BindError(
                f"'{atoms_text(head)}' gives a duration, and a change of what an action costs "
                "has none: it holds exactly while its card is in play (standing text, no "
                "'until')",
                head[0].span,
            )
        if action is None or any(a.kind != "word" for a in head):
            raise BindError(
                f"'{atoms_text(head)}' is not an action whose cost a card may change: "
                f"'{' '.join(info.words)}' prices {priced} only",
                head[0].span,
            )
        things = dict(info.prices)[action]
        rest = atoms[at + 1 :]
        if not rest or rest[0].kind != "number":
            raise BindError(
                f"'{atoms_text(atoms)}' needs what {action} costs: "
                f"'{atoms_text(head)} {atoms[at].text} 2 {self.paid_in(things[0])}'",
                (rest[0] if rest else atoms[at]).span,
            )
        amount = int(rest[0].text)
        thing = things[0]
        if len(rest) > 1:
            key = tuple(a.folded for a in rest[1:])
            meanings = self.v.lexicon.get(key, [])
            chosen = [
                m.word for m in meanings if m.word.casefold() in {t.casefold() for t in things}
            ]
            if not chosen:
                written = atoms_text(rest[1:])
                if rest[1].folded in ("more", "less", "fewer"):
                    # "Each trade costs 1 more action point": a cost is written whole
                    raise BindError(
                        f"a change of what {action} costs gives the whole cost, not "
                        f"'{rest[0].text} {rest[1].text}': write '{atoms_text(head)} "
                        f"{atoms[at].text} 2 {self.paid_in(things[0])}'",
                        rest[1].span,
                    )
                if not meanings:
                    hint = did_you_mean(written, self.v.all_words())
                    raise BindError(f"unknown word '{written}'{hint}", rest[1].span)
                paid = " or ".join(self.paid_in(t) for t in things)
                raise BindError(
                    f"{action} is paid in {paid}: the engine cannot make it cost {written}",
                    rest[1].span,
                )
            thing = chosen[0]
        return BoundClause(
            verb=" ".join(info.words),
            function=info.function,
            roles=(("object", ActionCost(action, amount, thing)),),
            params=(("object", info.params.get("object", "object")),),
            subject=None,
            per=None,
            cost=None,
            optional=False,
            negated=False,
            text=atoms_text(atoms),
            span=join_spans(atoms[0].span, atoms[-1].span),
        )

    def find_verb(
        self, atoms: Sequence[ast.Atom], at: int, forms: tuple[str, ...]
    ) -> tuple[VerbInfo, int, int] | None:
        """The longest declared verb starting at ``at``: (info, end, tail) where ``tail`` < 0
        gives the index of the rest of a split verb ("put ... into play")."""
        n = len(atoms)
        if at >= n or atoms[at].kind != "word":
            return None
        head = atoms[at].folded
        if head not in self.verb_heads:
            return None
        words = [head]  # the run of words from here, as long as a verb may be (five)
        for atom in atoms[at + 1 : at + 5]:
            if atom.kind != "word":
                break
            words.append(atom.folded)
        lexicon = self.v.verb_lexicon
        for size in range(len(words), 0, -1):
            for info, how in lexicon.get(tuple(words[:size]), ()):
                if how in forms:
                    return info, at + size, 0
        for info, how in self.v.split_verbs.get(head, []):
            if how not in forms:
                continue
            tail = info.words[1:]
            for k in range(at + 2, n - len(tail) + 1):
                if tuple(a.folded for a in atoms[k : k + len(tail)]) == tail:
                    return info, at + 1, -k
        return None

    def _own_form(
        self, found: tuple[VerbInfo, int, int] | None, atoms: list[ast.Atom], span: Span
    ) -> BoundClause | None:
        """A sentence a module of the world engine binds itself, else ``None``: "Resolve its
        Overcome text." (dsl/world/resolving.py), "Put <card> into play in place of <place>,
        which is burnt." (dsl/world/replacing.py)."""
        function = found[0].function if found is not None else None
        if function == "resolve_text":
            from dsl.world.resolving import bind

            return bind(self, atoms, span)
        if function == "put_into_play":
            from dsl.world import replacing

            return replacing.bind(self, atoms, span) if replacing.is_form(atoms) else None
        return None

    def _dice_form(
        self, found: tuple[VerbInfo, int, int] | None, atoms: list[ast.Atom], span: Span
    ) -> BoundClause | None:
        """A sentence of dice read by its own module of the world engine: a die moved, kept,
        turned or exploded, dice laid on a card's grid; ``None`` for any other."""
        function = found[0].function if found is not None else None
        if function in ("spend_die", "keep_dice"):
            from dsl.world.dice_moves import bind as bind_move  # "Spend a die to move a die ..."
            from dsl.world.pools import bind_keep  # "Keep 3 charms of your choice."

            return (bind_keep if function == "keep_dice" else bind_move)(self, atoms, span)
        if function in ("turn_die", "explode_dice"):
            from dsl.world.die_changes import bind as bind_change  # "Turn a die into a 4."

            return bind_change(self, atoms, span)
        if function == "fill_grid":  # dsl/world/grid_play.py
            from dsl.world.grid_play import bind as bind_fill  # "Fill the path of a relic ..."

            return bind_fill(self, atoms, span)
        return None

    def clause(
        self,
        atoms: Sequence[ast.Atom],
        span: Span,
        forms: tuple[str, ...] = ("base",),
        optional: bool = False,
    ) -> BoundClause:
        atoms = list(atoms)
        if not atoms:
            raise BindError("an empty sentence", span)
        found = self.find_verb(atoms, 0, forms)
        if (dice := self._dice_form(found, atoms, span)) is not None:
            return dice
        if (own := self._own_form(found, atoms, span)) is not None:
            return own
        if found is not None and found[0].function in ("arrange_cards", "select_card", "move"):
            from dsl.world.arranging import bind as bind_arranging  # "Select a relic from ..."
            from dsl.world.pool_moves import bind as bind_pool_move  # "Move the gems of a well ..."

            arranged = bind_pool_move(self, atoms, span, found[0].function) or bind_arranging(
                self, atoms, span, found[0].function
            )
            if arranged is not None:
                return arranged
        if found is not None and found[0].function == "lay" and "of" in [a.folded for a in atoms]:
            from dsl.world.matching import bind_lay_from  # "Lay the <pool> of <thing> on it."

            return bind_lay_from(self, atoms, span)
        if "base" in forms and self.priced:  # "Trade costs 2 AP": "trade" is a verb too
            priced = self.action_cost(atoms, span, found is None)
            if priced is not None:
                return priced
        subject = None
        negated = False
        subject_error: BindError | None = None  # why a subject before a verb did not bind
        if found is None:
            # "All heroes at this location gain 1 lantern": subject, then the verb.
            folded = [a.folded for a in atoms]
            for k in range(1, len(atoms)):
                if folded[k] in ("does", "do") and k + 1 < len(atoms) and folded[k + 1] == "not":
                    hit = self.find_verb(atoms, k + 2, ("base",))
                    if hit and hit[1] == len(atoms) and _needs_object(hit[0]):
                        # "Dice at this location do not refresh": the subject is what the
                        # verb acts on, so this is "May not refresh dice at this location"
                        verb = list(atoms[k + 2 : hit[1]])
                        return self.restriction(ast.Phrase(tuple(verb + atoms[:k]), span))
                    if hit:
                        negated = True
                        subject_atoms = atoms[:k]
                        found = hit
                        break
                if folded[k] == "may" and k + 1 < len(atoms):
                    hit = self.find_verb(atoms, k + 1, ("base",))
                    if hit:
                        optional = True
                        subject_atoms = atoms[:k]
                        found = hit
                        break
                hit = self.find_verb(atoms, k, ("s", "base"))
                if hit:
                    subject_atoms = atoms[:k]
                    try:
                        subject_value = self.b.single(self.b.lex(subject_atoms))
                    except BindError as error:
                        subject_error = subject_error or error
                        continue
                    found = hit
                    break
            if found is None and subject_error is not None:
                # a verb was there, after a subject that does not bind: say what is wrong in it
                raise subject_error
            if found is None:
                first = atoms[0]
                if first.folded in FUNCTION_WORDS:
                    raise BindError(
                        f"no declared verb in '{atoms_text(atoms)}' "
                        "(declare it: verb WORDS -> function)",
                        first.span,
                    )
                if any(a.folded in ("cost", "costs") for a in atoms[1:]):
                    raise BindError(
                        f"'{atoms_text(atoms)}' changes what an action costs, and no verb of "
                        "this ruleset prices actions: nothing would honour it (docs/language.md, "
                        "Standing changes)",
                        first.span,
                    )
                verbs = [" ".join(k) for k in self.v.verbs]
                hint = did_you_mean(first.text, verbs)
                raise BindError(f"unknown verb '{first.text}'{hint}", first.span)
            subject_value = self.b.single(self.b.lex(subject_atoms))
            if not isinstance(subject_value, Selector):
                raise BindError("the subject must be who acts", subject_atoms[0].span)
            subject = subject_value
        info, end, tail = found
        if info.only_forbidden:
            words = " ".join(info.words)
            raise BindError(
                f"a card may only forbid '{words}' (its primitive {info.function} is never an "
                f"effect): write 'May not {words} ...'",
                atoms[0].span,
            )
        if tail < 0:  # a split verb: "Put monster X into play at this location"
            k = -tail
            rest = atoms[end:k] + atoms[k + len(info.words) - 1 :]
        else:
            rest = atoms[end:]
        # Cost then effect: "Lose 1 nerve to gain 1 lantern."
        for k, atom in enumerate(rest):
            if atom.folded == "to" and k + 1 < len(rest) and self.find_verb(rest, k + 1, ("base",)):
                head = atoms[: len(atoms) - len(rest) + k]
                cost = self._clause_from(info, rest[:k], subject, optional, negated, head, span)
                effect = self.clause(rest[k + 1 :], span)
                return _with_cost(effect, cost, subject, atoms)
            if atom.folded == "by" and k + 1 < len(rest) and self.find_verb(rest, k + 1, ("ing",)):
                head = atoms[: len(atoms) - len(rest) + k]
                effect = self._clause_from(info, rest[:k], subject, optional, negated, head, span)
                cost = self.clause(rest[k + 1 :], span, ("ing",))
                return _with_cost(effect, cost, None, atoms)
        return self._clause_from(info, rest, subject, optional, negated, atoms, span)

    def _clause_from(
        self,
        info: VerbInfo,
        rest: list[ast.Atom],
        subject: Selector | None,
        optional: bool,
        negated: bool,
        atoms: list[ast.Atom],
        span: Span,
    ) -> BoundClause:
        per = None
        for k in range(len(rest) - 1):
            if rest[k].folded == "for" and rest[k + 1].folded in ("each", "every"):
                per_value = self.b.single(self.b.lex(rest[k + 1 :]))
                if isinstance(per_value, Selector):
                    per = per_value
                    rest = rest[:k]
                break
        roles = self.split_roles(info, rest)
        bound: list[tuple[str, RoleValue]] = []
        for role, role_atoms in roles:
            lexemes = self.b.lex(role_atoms)
            try:
                value = self.b.noun_phrase(lexemes)
            except BindError:
                # "give all heroes at this location 1 lantern": recipient, then thing.
                split = self.two_objects(lexemes) if role == "object" else None
                if split is None:
                    raise
                bound.append(("to", split[0]))
                value = split[1]
            if role in info.faces:
                self.faces_in(value, lexemes, dict(bound).get("object"))
            if role not in info.up_to:
                self.no_up_to(info, value, role_atoms)
            copies_of.refuse_the_verb(info.words, value, join_spans(atoms[0].span, atoms[-1].span))
            for taken, kinds in info.takes:
                if taken == role:
                    self.kinds_in(info, value, kinds, role_atoms)
            bound.append((role, value))
        bound = _move_card_lists(bound)
        for k, (role, value) in enumerate(bound):
            if type(value) is ValueSpec and value.kind == "opposite" and value.value is None:
                # "to its opposite face": what a die of that many sides shows on its far side
                sides = self.b.faces_of(dict(bound).get("object"))
                bound[k] = (role, ValueSpec("opposite", sides))
        self.check_roles(info, bound, subject, atoms[0].span if atoms else span)
        text = atoms_text(atoms)
        clause_span = join_spans(atoms[0].span, atoms[-1].span) if atoms else span
        params = tuple((role, info.params.get(role, role)) for role, _ in bound)
        return BoundClause(
            verb=" ".join(info.words),
            function=info.function,
            roles=tuple(bound),
            params=params,
            subject=subject,
            per=per,
            cost=None,
            optional=optional,
            negated=negated,
            text=text,
            span=clause_span,
            creates=tuple(sorted(info.creates)),
            holds=tuple(sorted(info.holds)),
            holds_whole=info.holds_whole,
        )

    def no_up_to(self, info: VerbInfo, value: RoleValue, atoms: list[ast.Atom]) -> None:
        """ "Up to N" where the primitive does not ask how many (``dsl.runtime.up_to``) would
        act on N without asking: an error naming the verb."""
        values = value.choices if isinstance(value, OneOf) else (value,)
        for each in values:
            quantity = getattr(each, "quantity", None)
            if quantity is not None and quantity.mode == "up_to":
                verb = " ".join(info.words)
                raise BindError(
                    f"verb '{verb}' cannot ask how many here: 'up to {quantity.count}' would "
                    f"act on {quantity.count} without asking (write a number)",
                    join_spans(atoms[0].span, atoms[-1].span),
                )

    def faces_in(self, value: RoleValue, lexemes: list[Lexeme], thing: RoleValue | None) -> None:
        """A number in a role the primitive reads as a die face must be one a die shows (the
        die the clause acts on, when it names its type)."""
        values = value.choices if isinstance(value, OneOf) else (value,)
        for each in values:
            if isinstance(each, Amount) and each.number is not None and each.per is None:
                number = next((x for x in lexemes if x.kind == "number"), lexemes[0])
                high = self.b.faces_of(thing)
                if not 1 <= number.value <= high:
                    raise BindError(f"a die face is 1 to {high}, not {number.value}", number.span)

    def kinds_in(
        self, info: VerbInfo, value: RoleValue, kinds: tuple[str, ...], atoms: list[ast.Atom]
    ) -> None:
        """A thing the primitive does not act on ("Unlock character X" when unlock takes
        abilities, "Recover a monster" when recover takes stress) is an error naming what
        was found. ``kinds`` holds card kinds and noun categories (``stress``, ``counter``)."""
        folded = {k.casefold() for k in kinds}
        values = value.choices if isinstance(value, OneOf) else value
        for each in values if isinstance(values, tuple) else (values,):
            if not isinstance(each, Selector) or each.reference in ("it", "self"):
                continue  # what "it" is, is known only when the card runs
            if "named" in folded and each.name is not None:
                continue  # a card named in quotes: 'Add relic "Old Jar"'
            if "named" in folded and each.noun_category in ("card kind", "card"):
                verb = " ".join(info.words)
                raise BindError(
                    f"verb '{verb}' acts on cards named in quotes ('{verb} <kind> \"<name>\"'), "
                    f"not '{each.text or each.noun}': the text would do nothing",
                    join_spans(atoms[0].span, atoms[-1].span),
                )
            if each.noun_category == "card kind" and each.noun is not None:
                found_word = each.noun
            elif each.noun_category == "die" and each.noun is None:
                found_word = "die"  # "a die", "a resource": dice of any type
            else:
                found_word = each.category or each.noun_category
            names = {found_word, each.noun_category, each.category or ""}
            if any(name.casefold() in folded for name in names if name):
                continue
            if each.noun_category == "card" and any(k in self.b.kinds for k in folded):
                continue  # "a card", "a Foe": the kind is left open
            verb = " ".join(info.words)
            wanted = " or ".join(kinds)
            if each.name:
                found = f'and "{each.name}" is a {each.noun}'
            else:
                found = f"not {_a(found_word)}" if found_word != "die" else "not dice"
            what = f"{wanted} cards" if all(k in self.b.kinds for k in folded) else wanted
            raise BindError(
                f"verb '{verb}' acts on {what}, {found}: the text would do nothing",
                join_spans(atoms[0].span, atoms[-1].span),
            )

    def two_objects(self, lexemes: list[Lexeme]) -> tuple[Selector, RoleValue] | None:
        try:
            first, end = self.b.selector(lexemes, 0)
            if end >= len(lexemes) or end == 0:
                return None
            return first, self.b.noun_phrase(lexemes[end:])
        except BindError:
            return None

    def split_roles(self, info: VerbInfo, rest: list[ast.Atom]) -> list[tuple[str, list[ast.Atom]]]:
        """Split the words after the verb at the prepositions the primitive takes as roles."""
        accepts = info.roles
        roles: list[tuple[str, list[ast.Atom]]] = [("object", [])]
        used = {"object"}
        for k, atom in enumerate(rest):
            word = atom.folded if atom.kind == "word" else ""
            current = roles[-1][1]
            opens = False
            if word == "to" and current and current[-1].folded in ("equal", "up"):
                current.append(atom)  # "equal to ...", "up to 2": a number, not a role
                continue
            if word in ROLE_WORDS and word not in used:
                qualifier = self.is_qualifier(word, current, rest[k + 1 :])
                if (
                    qualifier
                    and current
                    and current[-1].kind == "string"
                    and accepts is not None
                    and word in accepts
                    and word in ("at", "in")
                ):
                    # 'Put monster "Wight" into play at this location': one card named is
                    # where it is; the place is where the verb acts (its role)
                    qualifier = False
                if qualifier and roles[-1][0] in info.creates and self.is_dice(current):
                    # "Place 2 ember at this location": dice to make, then where they go.
                    qualifier = accepts is not None and word not in accepts
                elif (
                    word in ("at", "in")
                    and [a.folded for a in current[:3]] == ["a", "total", "value"]
                    and self.is_dice(current)
                ):
                    # "Spend a total value of 6 ember at any locations": where the dice that
                    # count toward the total are, not a question about locations
                    qualifier = True
                if not qualifier and accepts is not None and word not in accepts:
                    dice = word in ("at", "in", "from") and self.is_dice(current)
                    if not dice and not self.zone_follows(rest[k + 1 :]):
                        takes = ", ".join(sorted(accepts)) or "no roles"
                        raise BindError(
                            f"verb '{' '.join(info.words)}' ({info.function}) takes no "
                            f"'{word}' (it takes: {takes})",
                            atom.span,
                        )
                opens = not qualifier and (accepts is None or word in accepts)
            if opens:
                roles.append((word, []))
                used.add(word)
            else:
                current.append(atom)
        return [(r, a) for r, a in roles if a or r != "object"]

    def zone_follows(self, after: list[ast.Atom]) -> bool:
        """``in your pool``, ``from the supply``: a declared zone comes next."""
        lexemes = self.b.lex(after[:4])
        k = (
            1
            if lexemes and lexemes[0].kind == "fn" and lexemes[0].text in ("the", "your", "their")
            else 0
        )
        return k < len(lexemes) and any(m.shape == "zones" for m in lexemes[k].meanings)

    def is_dice(self, current: list[ast.Atom]) -> bool:
        """Is the phrase so far about dice (a resource or the generic die)?"""
        for lx in self.b.lex_backwards(current):
            if lx.kind == "vocab":
                return any(m.shape == "dice" for m in lx.meanings)
            if lx.kind == "fn" and lx.text in GENERIC_NOUNS:
                return GENERIC_NOUNS[lx.text][0] == "die"
        return False

    def is_qualifier(self, word: str, current: list[ast.Atom], after: list[ast.Atom]) -> bool:
        """Does ``word`` start a place qualifier of the phrase so far (not a new role)?"""
        if not current:
            return False
        if word == "in" and after and after[0].folded == "play":
            return True
        if word == "with":
            return True
        if word in ("at", "in", "from", "on") and len(current) > 4 and _counted(current):
            return True  # "equal to the number of fires on this tile": where they are counted
        if word not in ("at", "in", "from"):
            return False
        folded = [a.folded for a in current if a.kind == "word"]
        counts = any(
            folded[k : k + 2] == ["with", "the"] and folded[k + 2] in ("most", "fewest", "least")
            for k in range(len(folded) - 2)
        )
        if counts:  # "the location with the most threats in this region": where it is
            return True
        for lx in self.b.lex_backwards(current):
            if lx.kind == "vocab":
                described = None  # a category's own name ("resource") says nothing of a card
                for m in lx.meanings:
                    if not m.generic:
                        described = described or m.shape in ("kinds", "tags")
                if described is None:
                    continue
                return described
            if lx.kind == "fn" and lx.text in ("card", "cards"):
                return True
            if lx.kind == "string":
                return True
        return False

    def check_roles(
        self, info: VerbInfo, bound: list[tuple[str, RoleValue]], subject: Selector | None, at: Span
    ) -> None:
        if info.roles is None:
            return
        have = {r for r, _ in bound}
        for role in have:
            if role not in info.roles:
                takes = ", ".join(sorted(info.roles)) or "no roles"
                raise BindError(
                    f"verb '{' '.join(info.words)}' ({info.function}) takes no '{role}' "
                    f"(it takes: {takes})",
                    at,
                )
        for role, has_default in info.roles.items():
            if not has_default and role not in have and role != "subject":
                raise BindError(
                    f"verb '{' '.join(info.words)}' needs '{role}' (primitive "
                    f"{info.function} has no default for it)",
                    at,
                )

    def restriction(self, phrase: ast.Phrase) -> BoundClause:
        """``trade or muster at this location``: the verbs forbidden, then where."""
        atoms = list(phrase.atoms)
        infos: list[VerbInfo] = []
        k = 0
        while k < len(atoms):
            if atoms[k].folded in ("or", ",") or atoms[k].kind == "comma":
                k += 1
                continue
            hit = self.find_verb(atoms, k, ("base",))
            if hit is None or hit[2] != 0:
                break
            infos.append(hit[0])
            k = hit[1]
        if not infos:
            verbs = [" ".join(v) for v in self.v.verbs]
            first = atoms[0]
            raise BindError(
                f"unknown verb '{first.text}'{did_you_mean(first.text, verbs)}", first.span
            )
        rest = atoms[k:]
        place = None
        thing: Selector | None = None
        if rest:
            lexemes = self.b.lex(rest)
            if lexemes[0].kind == "fn" and lexemes[0].text in ("at", "in", "on", "from"):
                place, end = self.b.place(lexemes, 0)
                if end < len(lexemes):
                    raise self.b.cannot(lexemes[end], lexemes)
            else:
                # "May not fight Beast monsters": what may not be acted on
                thing, end = self.b.selector(lexemes, 0)
                if end < len(lexemes):
                    raise self.b.cannot(lexemes[end], lexemes)
                for info in infos:
                    if info.roles is not None and "object" not in info.roles:
                        raise BindError(
                            f"verb '{' '.join(info.words)}' takes no object: write where "
                            f"instead (at this {self.b.place_kind or 'place'} ...)",
                            rest[0].span,
                        )
                    for taken, kinds in info.takes:
                        if taken == "object":
                            self.kinds_in(info, thing, kinds, rest)
        roles: tuple[tuple[str, RoleValue], ...] = ()
        if place is not None:
            roles = (("where", Selector(quantity=Quantity("none", None), place=place)),)
        if thing is not None:
            roles = (("object", thing),)
        return BoundClause(
            verb=" or ".join(" ".join(i.words) for i in infos),
            function=",".join(i.function for i in infos),
            roles=roles,
            params=(),
            subject=None,
            per=None,
            cost=None,
            optional=False,
            negated=True,
            text=phrase.text,
            span=phrase.span,
        )

    def compared(self, phrase: ast.Phrase) -> BoundCondition | None:
        """``If your light is at most 2``: two numbers compared (``dsl.numbers``)."""
        from dsl.numbers import NumberError, NumberReader

        try:
            compare = NumberReader(self.b).condition(phrase.atoms)
        except NumberError as error:
            raise BindError(error.message, error.span) from None
        if compare is None:
            return None
        return BoundCondition("compare", None, None, phrase.text, phrase.span, compare=compare)

    def condition(self, phrase: ast.Phrase) -> BoundCondition:
        atoms = list(phrase.atoms)
        words = [a.folded for a in atoms]
        text = phrase.text
        compared = self.compared(phrase)
        if compared is not None:
            return compared

        def sel(part: list[ast.Atom]) -> Selector:
            value = self.b.single(self.b.lex(part))
            if not isinstance(value, Selector):
                raise BindError("a condition needs a thing to look for", phrase.span)
            return value

        if words[:1] == ["at"]:
            return BoundCondition("at", sel(atoms[1:]), None, text, phrase.span, here=True)
        if words[:2] in (["you", "have"], ["you", "hold"]) and len(atoms) > 2:
            # "If you have a condition": one the acting character has ("a condition you have");
            # "If you have no conditions": none
            owned = [*atoms[2:], atoms[0], atoms[1]]
            if words[2] == "no":
                if len(atoms) == 3:
                    raise BindError("say what you have none of: 'If you have no ...'", phrase.span)
                none_of = sel([replace(atoms[2], text="any"), *owned[1:]])
                return BoundCondition("none", none_of, None, text, phrase.span)
            return BoundCondition("exists", sel(owned), None, text, phrase.span)
        if words[:2] in (["this", "is"], ["it", "is"]):
            kind = "this is" if words[0] == "this" else "it is"
            for category in self.v.of_shape("periods"):  # "If it is winter"
                period = category.member(words[2]) if len(words) == 3 else None
                if period is not None:
                    return BoundCondition(
                        "period", None, period, text, phrase.span, category.singular
                    )
            this = sel(atoms[2:])
            # "If this is a Forest location": "this" is the place where the effect happens
            here = kind == "this is" and this.noun_category == "card kind"
            here = here and this.noun is not None and this.noun == self.b.place_kind
            return BoundCondition(kind, this, None, text, phrase.span, here=here)  # type: ignore[arg-type]
        if words[:2] == ["you", "are"] and len(atoms) > 2:  # "If you are a Character model"
            return BoundCondition("you are", sel(atoms[2:]), None, text, phrase.span)
        if words[:3] in (["there", "is", "no"], ["there", "are", "no"]):
            # "If there are no monsters at this location": nothing matches
            found = sel([replace(atoms[2], text="any"), *atoms[3:]]) if len(atoms) > 3 else None
            if found is None:
                raise BindError("say what there is none of: 'If there are no ...'", phrase.span)
            return BoundCondition("none", found, None, text, phrase.span)
        if words[:1] == ["no"] and len(atoms) > 1:  # "If no Beast monsters are in play"
            kept = [a for a in atoms[1:] if a.folded not in ("is", "are")]
            found = sel([replace(atoms[0], text="any"), *kept])
            return BoundCondition("none", found, None, text, phrase.span)
        if words[:2] in (["there", "is"], ["there", "are"]):
            return BoundCondition("exists", sel(atoms[2:]), None, text, phrase.span)
        kept = [a for a in atoms if a.folded not in ("is", "are")]
        if len(kept) < len(atoms):
            return BoundCondition("exists", sel(kept), None, text, phrase.span)
        raise BindError(
            "cannot read this condition: write 'If at ...', 'If there is ...', "
            "'If any ... are in play', 'If you have ...' or 'If this is ...'",
            phrase.span,
        )

    def for_each(self, s: ast.Sentence) -> tuple[Selector | None, ast.Sentence]:
        """``For each monster at this stop, lose 1 light.``: what the sentence goes through,
        and the sentence without it (``None``: it goes through nothing)."""
        if len(s.alternatives) != 1:
            return None, s
        atoms = list(s.alternatives[0].atoms)
        if [a.folded for a in atoms[:2]] != ["for", "each"]:
            return None, s
        comma = next((k for k, a in enumerate(atoms) if a.kind == "comma"), None)
        kinds = [*self.b.v.card_kinds, "card"]
        example = f"'For each {kinds[0]} at this {self.b.place_kind or 'place'}, ...'"
        if comma is None or comma == 2 or comma == len(atoms) - 1:
            raise BindError(
                f"write what the sentence goes through, a comma, then what it does: {example}",
                s.alternatives[0].span,
            )
        found = self.b.single(self.b.lex(atoms[1:comma]))
        if not isinstance(found, Selector) or found.quantity.mode != "all":
            raise BindError(f"'for each' goes through things: {example}", atoms[0].span)
        rest = atoms[comma + 1 :]
        span = Span(
            s.span.file, rest[0].span.line, rest[0].span.column, s.span.end_line, s.span.end_column
        )
        return found, replace(s, alternatives=(ast.Phrase(tuple(rest), span),))

    def sentence(self, s: ast.Sentence) -> BoundSentence:
        each, s = self.for_each(s)
        s = self.there(s, each)
        s, fallback = self.fallbacks(s)
        bound = self.sentence_once(s)
        if fallback:
            bound = replace(bound, fallback=True)
        return bound if each is None else replace(bound, each=each)

    def there(self, s: ast.Sentence, each: Selector | None) -> ast.Sentence:
        """``For each fire, destroy a building there.``: "there" is the place each thing found
        lies on (read as "at there"); anywhere else, or when the things lie on no place, it is
        told at its place."""
        found = [
            (p, k)
            for p, phrase in enumerate(s.alternatives)
            for k, a in enumerate(phrase.atoms)
            if a.folded == "there"
            and not (k + 1 < len(phrase.atoms) and phrase.atoms[k + 1].folded in ("is", "are"))
        ]
        if not found:
            return s
        first = s.alternatives[found[0][0]].atoms[found[0][1]]
        place = self.b.place_kind
        if place is None:
            raise BindError(
                "'there' is the place of a thing: this game declares no places", first.span
            )
        if each is None:
            raise BindError(
                f"'there' is the {place} each thing lies on in 'For each <things>, ... there.': "
                f"no 'For each' comes before it (write 'at this {place}' for where it is used)",
                first.span,
            )
        if each.place is not None and each.place.kind in ("zone", "held"):
            raise BindError(
                f"'there' is the {place} each thing lies on, but the things of "
                f"'{each.text}' {'lie in a zone' if each.place.kind == 'zone' else 'are held'}, "
                f"on no {place}",
                first.span,
            )
        phrases = []
        for p, phrase in enumerate(s.alternatives):
            atoms: list[ast.Atom] = []
            for k, a in enumerate(phrase.atoms):
                if (p, k) in found:
                    atoms.append(ast.Atom("word", "at", a.span))
                atoms.append(a)
            phrases.append(replace(phrase, atoms=tuple(atoms)))
        return replace(s, alternatives=tuple(phrases))

    def fallbacks(self, s: ast.Sentence) -> tuple[ast.Sentence, bool]:
        """``Destroy a building on this tile, else kill a worker, else lose 1 gold.``: the
        clauses tried in order (the sentence with them as its alternatives, and ``True``)."""
        if len(s.alternatives) != 1 or s.mode != "do":
            return s, False
        atoms = list(s.alternatives[0].atoms)
        cuts = [
            k
            for k in range(len(atoms) - 1)
            if atoms[k].kind == "comma" and atoms[k + 1].folded == "else"
        ]
        if not cuts:
            return s, False
        phrases = []
        start = 0
        for cut in [*cuts, len(atoms)]:
            part = atoms[start:cut]
            if not part:
                raise BindError("say what to try before 'else'", atoms[cut].span)
            first, last = part[0].span, part[-1].span
            span = Span(first.file, first.line, first.column, last.end_line, last.end_column)
            phrases.append(ast.Phrase(tuple(part), span))
            start = cut + 2
            if cut < len(atoms) and start >= len(atoms):
                raise BindError("say what to do after 'else'", atoms[cut + 1].span)
        return replace(s, alternatives=tuple(phrases)), True

    def sentence_once(self, s: ast.Sentence) -> BoundSentence:
        condition = self.condition(s.condition) if s.condition else None
        replaced = None
        if s.replaced is not None:
            replaced = self.clause(s.replaced.atoms, s.replaced.span, ("ing",))
        mode = s.mode
        if s.mode == "may not":
            alternatives = tuple(self.restriction(p) for p in s.alternatives)
        else:
            alternatives = tuple(
                self.clause(p.atoms, p.span, optional=s.may) for p in s.alternatives
            )
            if mode == "do" and all(_is_restriction(c) for c in alternatives):
                mode = "may not"  # "Dice at this location do not refresh."
        if replaced is not None:
            # "Instead of discarding this monster, archive it.": "it" is what the replaced
            # action would have acted on, never a card found earlier in the text
            thing = replaced.role("object")
            if isinstance(thing, Selector) and thing.reference is not None:
                alternatives = tuple(_it_is(c, thing) for c in alternatives)
        return BoundSentence(
            s.then, condition, mode, replaced, alternatives, _sentence_text(s), s.span
        )


def _it_is(clause: BoundClause, thing: Selector) -> BoundClause:
    """``clause`` with each "it" standing for ``thing`` (its cost's too)."""

    def swap(value: Any) -> Any:
        if isinstance(value, Selector) and value.reference == "it" and value.noun is None:
            return thing
        return value

    roles = tuple((role, swap(value)) for role, value in clause.roles)
    cost = _it_is(clause.cost, thing) if clause.cost is not None else None
    return replace(clause, roles=roles, cost=cost)


def _needs_object(info: VerbInfo) -> bool:
    """Does the verb's primitive need an object (no default for it)?"""
    return info.roles is not None and info.roles.get("object") is False


def _is_restriction(clause: BoundClause) -> bool:
    """A clause ``restriction`` made: verbs forbidden, no subject, no parameters."""
    return clause.negated and clause.subject is None and clause.params == ()


def _a(word: str) -> str:
    return ("an " if word[:1].casefold() in "aeiou" else "a ") + word


def _or(words: list[str]) -> str:
    """``a skill, a stress or a counter``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _with_cost(
    effect: BoundClause, cost: BoundClause, subject: Selector | None, atoms: list[ast.Atom]
) -> BoundClause:
    return BoundClause(
        effect.verb,
        effect.function,
        effect.roles,
        effect.params,
        effect.subject or subject,
        effect.per,
        cost,
        effect.optional or cost.optional,
        effect.negated,
        atoms_text(atoms),
        join_spans(atoms[0].span, atoms[-1].span),
        effect.creates,
        effect.holds,
        effect.holds_whole,
    )


def _move_card_lists(bound: list[tuple[str, RoleValue]]) -> list[tuple[str, RoleValue]]:
    """``Add location "X" to the North, monster "Y" and tale "Z"``: named cards listed after
    another role continue the object's list."""
    roles = dict(bound)
    obj = roles.get("object")
    if obj is None or not _is_named(obj):
        return bound
    moved: list[Any] = []
    out: list[tuple[str, RoleValue]] = []
    for role, value in bound:
        if role != "object" and isinstance(value, tuple) and not _is_named(value[0]):
            keep = [v for v in value if not _is_named(v)]
            moved.extend(v for v in value if _is_named(v))
            value = keep[0] if len(keep) == 1 else tuple(keep)
        out.append((role, value))
    if not moved:
        return bound
    items = list(obj) if isinstance(obj, tuple) else [obj]
    return [("object", tuple(items + moved)) if r == "object" else (r, v) for r, v in out]


def _is_named(value: Any) -> bool:
    if isinstance(value, tuple):
        return bool(value) and all(_is_named(v) for v in value)
    return isinstance(value, Selector) and value.name is not None


def _sentence_text(s: ast.Sentence) -> str:
    parts = []
    if s.then:
        parts.append("Then")
    if s.condition:
        parts.append(("if " if s.then else "If ") + s.condition.text + ",")
    if s.mode == "instead" and s.replaced:
        parts.append("Instead of " + s.replaced.text + ",")
    if s.mode == "may":
        parts.append("May")
    if s.mode == "may not":
        parts.append("May not")
    parts.append(", or ".join(p.text for p in s.alternatives))
    return " ".join(parts) + "."
