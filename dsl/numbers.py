"""Numbers as expressions, read from a sentence's words into ``dsl.expr`` nodes.

Wherever a sentence names a number it may write more than a figure::

    2 · the limit (a declared value) · your light · light (the actor's)
    its strength · the reward of a monster at this stop · the light of each player (summed)
    the number of monsters at this stop · the higher of A and B · the lower of A and B
    A plus B · A minus B · A times B

and compare two of them in a condition ("If your light is at most 2, ...") or a filter ("a
monster with strength below 4"). The binder asks here (``NumberReader``) in functions of its
own, so the card forms it already reads are unchanged; ``dsl.expr.evaluate`` computes the
result when the text runs. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dsl import ast
from dsl.bind_error import BindError, PlacedError
from dsl.expr import (
    Both,
    Bound,
    Compare,
    Comparison,
    Count,
    Expr,
    Num,
    Op,
    Operator,
    Read,
    Value,
    Within,
)
from dsl.runtime import Span
from dsl.selectors import Quantity, Selector
from dsl.table_rows import row_read, tables_of
from dsl.vocabulary import singular_of

if TYPE_CHECKING:
    from dsl.binder import Binder, Lexeme

# the words of a comparison after "is"/"are" in a condition, longest first
CONDITION_COMPARISONS: tuple[tuple[tuple[str, ...], Comparison], ...] = (
    (("is", "at", "most"), "le"),
    (("is", "at", "least"), "ge"),
    (("is", "less", "than"), "lt"),
    (("is", "more", "than"), "gt"),
    (("is", "below"), "lt"),
    (("is", "above"), "gt"),
    (("is", "not"), "ne"),
    (("is",), "eq"),
    (("are", "at", "most"), "le"),
    (("are", "at", "least"), "ge"),
    (("are", "below"), "lt"),
    (("are", "above"), "gt"),
)
# the words of a comparison in a filter: "with strength below 4", "with light of at least 2"
FILTER_COMPARISONS: tuple[tuple[tuple[str, ...], Comparison], ...] = (
    (("not", "of"), "ne"),
    (("of", "at", "most"), "le"),
    (("of", "at", "least"), "ge"),
    (("at", "most"), "le"),
    (("at", "least"), "ge"),
    (("less", "than"), "lt"),
    (("more", "than"), "gt"),
    (("below",), "lt"),
    (("above",), "gt"),
    (("equal", "to"), "eq"),
    (("of",), "eq"),
)
MEASURE_OPS: dict[str, Operator] = {
    "higher": "max",
    "highest": "max",
    "greater": "max",
    "lower": "min",
    "lowest": "min",
}


class NumberError(PlacedError):
    """Words that do not read as a number: the message says what would."""


@dataclass(frozen=True, slots=True)
class Having:
    """A filter comparing a number of each candidate: ``with strength below 4`` (``field``
    read from the candidate, compared with ``right``)."""

    field: str
    cmp: Comparison
    right: Expr
    text: str


def _span(lx: Sequence[Lexeme]) -> Span:
    a, b = lx[0].span, lx[-1].span
    return Span(a.file, a.line, a.column, b.end_line, b.end_column)


def _words(lx: Sequence[Lexeme]) -> list[str]:
    return [x.text.casefold() for x in lx]


class NumberReader:
    """Reads number expressions and comparisons with the binder's words and selectors."""

    def __init__(self, binder: Binder) -> None:
        self.b = binder

    # -- what a number may read --

    def properties(self) -> set[str]:
        """The numbers a ruleset declares ("light is a number ..."), folded."""
        world = self.b.v.world
        return set(world.properties) if world is not None else set()

    def pool_read(self, words: list[str]) -> str | None:
        """A pool read by value ("your highest charm", "your charms of value 6"): the name the
        world engine reads it by (``dsl.world.pools.reading``), else ``None``."""
        world = self.b.v.world
        if world is None or len(words) < 3 or words[0] != "your":
            return None
        pools = {
            n: d.name
            for d in world.properties.values()
            if d.shape == "pool"
            for n in (d.name.casefold(), singular_of(d.name.casefold()))
        }
        if len(words) == 3 and words[1] in ("highest", "lowest") and words[2] in pools:
            return f"{pools[words[2]]} {words[1]}"
        if len(words) == 5 and words[1] in pools and words[2:4] == ["of", "value"]:
            return f"{pools[words[1]]} of value {words[4]}" if words[4].isdigit() else None
        return None

    def matching_read(self, lx: Sequence[Lexeme]) -> Read | None:
        """A number of dice laid on a card ("its unmatched lock", "the faces of its lock
        missing from your charms", "your rank in its skill": ``dsl.world.matching``)."""
        from dsl.world.matching import reading_words

        world = self.b.v.world
        words = " ".join(_words(lx)).split()
        if world is None or len(words) < 3 or words[0] not in ("its", "the", "your"):
            return None
        named = {n.casefold() for k in self.b.v.kinds.values() for n in k.fields}
        pools = {d.name.casefold() for d in world.properties.values() if d.shape == "pool"}
        found = reading_words(words, named, pools)
        if found is None:
            return None
        name, at = found
        said = " ".join(x.text for x in lx)
        if at == len(words):
            it = Selector(quantity=Quantity("none", None), reference="it", text="it")
            return Read(name, it, said=said)
        return Read(name, self.selector(list(lx)[len(lx) - (len(words) - at) :]), said=said)

    def box_read(self, lx: Sequence[Lexeme]) -> Read | None:
        """How many of a card's boxes are marked ("your scars", "the number of marked scars of
        each hero": ``dsl.world.boxes``), else ``None``."""
        from dsl.world.boxes import reading_words as box_words

        world = self.b.v.world
        declared = getattr(world, "boxes", None)
        if not declared:
            return None
        words = " ".join(_words(lx)).split()
        found = box_words(words, declared)
        if found is None:
            return None
        name, whose = found
        said = " ".join(x.text for x in lx)
        if whose == "your":
            return Read(name, None, said=said)
        if whose == "its":
            it = Selector(quantity=Quantity("none", None), reference="it", text="it")
            return Read(name, it, said=said)
        assert isinstance(whose, int)
        cards = self.selector(list(lx)[len(lx) - (len(words) - whose) :])
        return Read(name, cards, True, said=said)

    def map_read(self, words: list[str]) -> str | None:
        """Where a place lies on the map ("the row of this stop": ``dsl.world.map_rows``)."""
        from dsl.world.map_rows import reading_words

        return reading_words(words, self.fields()) if self.b.v.world is not None else None

    def top_read(self, lx: Sequence[Lexeme]) -> str | None:
        """A number on a zone's top card ("the stars of the top mission of the mission deck":
        ``dsl.world.top_card``)."""
        from dsl.world.top_card import reading_words

        words = " ".join(_words(lx)).split()
        if self.b.v.world is None:
            return None
        try:
            return reading_words(self.b, words, _span(lx))
        except BindError as error:
            raise NumberError(str(error.args[0]), _span(lx)) from None

    def showing_read(self, lx: Sequence[Lexeme]) -> Read | None:
        """How many decks show a back on their top ("the number of full showing on the relic
        decks", "... on the relic deck of it": ``dsl.world.deck_backs``)."""
        from dsl.diagnostics import did_you_mean
        from dsl.world.deck_backs import members, reading_words

        world = self.b.v.world
        words = " ".join(_words(lx)).split()
        if world is None or not world.decks:
            return None
        found = reading_words(words, world.decks.values())
        if found is None:
            return None
        name, at = found
        split = world.decks[name.split(" ")[3]]
        shown = members(split, self.b.v.kinds.get(split.kind), self.b.v)
        if shown and words[3] not in shown:
            hint = did_you_mean(words[3], shown)
            raise NumberError(f"no {split.kind}'s back shows '{words[3]}'{hint}", _span(lx))
        said = " ".join(x.text for x in lx)
        if at is None:
            return Read(name, None, said=said)
        return Read(name, self.selector(list(lx)[len(lx) - (len(words) - at) :]), said=said)

    def fields(self) -> set[str]:
        """Every number a word may read (kept on the binder: its vocabulary does not change)."""
        found: set[str] | None = getattr(self.b, "_number_words", None)
        if found is None:
            found = self.b.number_fields() | self.properties() | self.ranks()
            setattr(self.b, "_number_words", found)  # noqa: B010 - the binder's own cache
        return found

    def spaced_fields(self) -> set[str]:
        """The number fields of two or more words ("road cost"), folded: read only as
        "the <field> of ...", where "of" ends the name."""
        return {
            name.casefold()
            for kind in self.b.v.kinds.values()
            for name, fs in kind.fields.items()
            if fs.type == "int" and not fs.is_list and " " in name
        }

    def _spaced_field_of(self, words: list[str]) -> tuple[str, int] | None:
        """The field and where "of" stands after "the <a field of several words>" (the words
        are the lexemes' own: "the north" may be one), else ``None``."""
        if len(words) < 3:
            return None
        spaced = self.spaced_fields()
        for k in range(1, len(words) - 1):
            said = " ".join(words[:k]).split(" ", 1)
            if words[k] == "of" and said[0] == "the" and said[1:] and said[1] in spaced:
                return said[1], k
        return None

    def ranks(self) -> set[str]:
        """The members of the ranks the card kinds hold ("your attacks": a rank of a sheet)."""
        return {m.casefold() for c in self.b.v.of_shape("ranks") for m in c.members if " " not in m}

    def _known(self) -> str:
        return ", ".join(sorted(self.fields())) or "none declared"

    # -- conditions --

    def condition(self, atoms: Sequence[ast.Atom]) -> Compare | Within | Both | None:
        """``your light is at most 2``, ``the number of monsters here is more than 1``: a
        comparison, when the words before "is" read as a number; two joined by "and" must
        both hold; else ``None``."""
        words = [a.folded for a in atoms]
        if not atoms or not any(w in ("is", "are") for w in words[1:]):
            return None
        # "A is 0 and B is at least 2": both (not the "and" of "the higher of A and B")
        for k, w in enumerate(words):
            if w == "and" and 0 < k < len(words) - 1 and not _inside_pair(words, k):
                before, after = self.condition(atoms[:k]), self.condition(atoms[k + 1 :])
                if before is not None and after is not None:
                    return Both(before, after)
        first = words[0]
        numeric = atoms[0].kind == "number" or first in ("your", "its", "the")
        numeric = numeric or self._named_number(words)  # "completed tracks is 1"
        if not numeric and first not in self.fields():
            return None  # "If there is ...", "If it is winter": the sentence forms
        lx = self.b.lex(list(atoms))
        words = _words(lx)
        for k in range(1, len(words)):
            for phrase, cmp in CONDITION_COMPARISONS:
                if tuple(words[k : k + len(phrase)]) != phrase:
                    continue
                left, right = lx[:k], lx[k + len(phrase) :]
                if not right or not self.looks_numeric(left):
                    continue
                number = self.expression(left)
                band = self.band(number, right) if cmp in ("eq", "ne") else None
                if band is not None:  # "your happiness is dire"
                    return Within(number, band.name, band.low, band.high, cmp == "ne")
                return Compare(number, cmp, self.expression(right))
        return None

    def _named_number(self, words: Sequence[str]) -> bool:
        """Whether the words start with a declared number of several words ("completed
        tracks", "harvest left")."""
        fields = self.fields()
        return any(" ".join(words[:n]) in fields for n in range(2, min(len(words), 4) + 1))

    def looks_numeric(self, lx: Sequence[Lexeme]) -> bool:
        """Whether words start like a number: a figure, a declared number, "its <field>",
        "the <field> of", "the number of", "the higher of"."""
        words = _words(lx)
        if not words:
            return False
        fields = self.fields()
        if lx[0].kind == "number" or self.pool_read(words) is not None:
            return True
        if self.matching_read(lx) is not None:
            return True
        cut = next((k for k, w in enumerate(words) if w in ("plus", "minus", "times")), None)
        if self.box_read(lx[:cut]) is not None:  # "your scars" (dsl.world.boxes), "... plus 1"
            return True
        if words[0] in fields or (words[0] == "your" and words[1:2] and words[1] in fields):
            return True
        if self._named_number(words):  # a number of several words: "harvest left"
            return True
        if words[0] == "its" and words[1:2] and words[1] in fields:
            return True
        if self._spaced_field_of(words) is not None:
            return True
        if words[:2] in (["the", "deficit"], ["the", "excess"]):
            return True
        if self.map_read(words) is not None:  # "the row of this stop"
            return True
        if self.top_read(lx) is not None:  # "the stars of the top mission of the mission deck"
            return True
        if words[0] == "the" and len(words) > 4:  # "the factor of the hardship" (its module)
            from dsl.world.choices import choices_of

            choices = choices_of(self.b.v.world)
            if any(" ".join(words[k + 2 :]) in choices for k in range(2, len(words) - 2)):
                return True
        if words[0] == "the" and "by" in words[2:] and tables_of(self.b.v):
            cut = words.index("by", 2)  # "the Harvest size by your acres": a table's row
            if " ".join(words[1:cut]) in tables_of(self.b.v):
                return True
        if words[0] == "the" and " ".join(x.text for x in lx[1:]) in self.b.v.values:
            return True  # a declared value: "the outnumbering"
        if words[0] == "the" and len(words) > 2:
            return (
                words[1] in fields
                or words[1] in MEASURE_OPS
                or words[1:3] in (["number", "of"], ["sum", "of"])
            )
        return False

    # -- expressions --

    def expression(self, lx: Sequence[Lexeme]) -> Expr:
        """The number the words say; ``NumberError`` names the forms when they say none."""
        lx = list(lx)
        if not lx:
            raise NumberError("a number is missing here", Span("<text>", 1, 1, 1, 1))
        words = _words(lx)
        # lowest binding first: "A plus B", "A minus B", outside "the higher of A and B"
        for k in range(len(words) - 1, 0, -1):
            if words[k] in ("plus", "minus") and not _inside_pair(words, k):
                op: Operator = "plus" if words[k] == "plus" else "minus"
                return Op(op, self.expression(lx[:k]), self.expression(lx[k + 1 :]))
        for k in range(len(words) - 2, 0, -1):  # "A times B": binds closer than plus, minus
            if words[k] == "times" and not _inside_pair(words, k):
                return Op("times", self.expression(lx[:k]), self.expression(lx[k + 1 :]))
        fields = self.fields()
        if len(lx) == 1 and lx[0].kind == "number":
            return Num(lx[0].value)
        if len(words) > 3 and words[0] == "the" and words[1] in MEASURE_OPS and words[2] == "of":
            rest = lx[3:]
            cut = _and(_words(rest))
            if cut is None:
                raise NumberError(f"write 'the {words[1]} of A and B'", _span(lx))
            return Op(
                MEASURE_OPS[words[1]], self.expression(rest[:cut]), self.expression(rest[cut + 1 :])
            )
        if (shown := self.showing_read(lx)) is not None:  # "the number of full showing on ..."
            return shown
        from dsl.world.choices import choice_read, choices_of

        chosen = choice_read(  # "the factor of the hardship": a choice's value (its module)
            words,
            choices_of(self.b.v.world),
            self.b.v.values,
            lambda message: NumberError(message, _span(lx)),
        )
        if chosen is not None:
            return chosen
        row = row_read(  # "the Harvest size by your acres": a table's row (dsl.table_rows)
            words,
            tables_of(self.b.v),
            lambda k: self.expression(lx[k:]),
            lambda message: NumberError(message, _span(lx)),
        )
        if row is not None:
            return row
        if (axis := self.map_read(words)) is not None:  # "the row of this stop"
            return Read(axis, self.selector(lx[3:]), said=" ".join(x.text for x in lx))
        if (marked := self.box_read(lx)) is not None:  # "your scars" (dsl.world.boxes)
            return marked
        if (top := self.top_read(lx)) is not None:  # "the stars of the top mission of ..."
            return Read(top, None, said=" ".join(x.text for x in lx))
        among = words.index("among") if "among" in words[3:] else -1
        if among == 4 and words[:3] == ["the", "number", "of"] and words[5:6] == ["the"]:
            # "the number of fire among the runes of each tile": a list field's members counted
            listed = {n.casefold() for k in self.b.v.kinds.values() for n in k.fields}
            if len(words) > 8 and words[6] in listed and words[7] == "of":
                return Read(words[6], self.selector(lx[8:]), True, member=words[3])
            form = "'the number of <word> among the <list> of <things>'"
            raise NumberError(f"write {form}", _span(lx))
        if len(words) > 3 and words[0] == "the" and words[1:3] == ["number", "of"]:
            return Count(self.selector(lx[3:]))
        if len(words) > 5 and words[:3] == ["the", "sum", "of"]:  # 0 when nothing is found
            summed = self.expression(lx[3:])
            if isinstance(summed, Read) and summed.of is not None:
                return Read(summed.field, summed.of, total=True)
            raise NumberError("write 'the sum of the <field> of each <thing>'", _span(lx))
        if words == ["the", "deficit"]:  # what a change took past a number's floor
            return Bound("the deficit")
        if words == ["the", "excess"]:  # what a change took past a number's top
            return Bound("the excess")
        if (pooled := self.pool_read(words)) is not None:  # "your highest charm"
            return Read(pooled, None)
        if (laid := self.matching_read(lx)) is not None:  # "its unmatched lock"
            return laid
        if len(words) == 1 and words[0] in fields:
            return Read(self._field(words[0]), None)
        if len(words) == 2 and words[0] == "your" and words[1] in fields:
            return Read(self._field(words[1]), None)
        if len(words) == 2 and words[0] == "its" and words[1] in fields:
            it = Selector(quantity=Quantity("none", None), reference="it", text="it")
            return Read(self._field(words[1]), it)
        if len(words) > 3 and words[0] == "the" and words[1] in fields and words[2] == "of":
            return Read(self._field(words[1]), self.selector(lx[3:]))
        spaced = self._spaced_field_of(words)
        if spaced is not None:  # "the road cost of this stop"
            return Read(spaced[0], self.selector(lx[spaced[1] + 1 :]))
        value = " ".join(x.text for x in lx[1:]) if words[0] == "the" else ""
        if value and value in self.b.v.values:
            return Value(value)
        said = " ".join(x.text for x in lx)
        raise NumberError(
            f"'{said}' is not a number the language reads: write a figure, 'your <number>', "
            f"'its <field>', 'the <field> of ...', 'the number of ...' or 'the higher of A and "
            f"B' (numbers: {self._known()})",
            _span(lx),
        )

    def band(self, number: Expr, right: Sequence[Lexeme]) -> Any:
        """The band of a declared number one word names ("dire"), else ``None``."""
        world = self.b.v.world
        if len(right) != 1 or not isinstance(number, Read) or world is None:
            return None
        decl = world.properties.get(number.field.casefold())
        wanted = right[0].text.casefold()
        return next((b for b in decl.bands if b.name.casefold() == wanted), None) if decl else None

    def _field(self, folded: str) -> str:
        """A declared number's own spelling ("light"), or a field's folded name."""
        world = self.b.v.world
        if world is not None and folded in world.properties:
            return str(world.properties[folded].name)
        return folded

    def selector(self, lx: list[Lexeme]) -> Selector:
        try:
            value = self.b.single(lx)
        except BindError as error:
            raise NumberError(error.message, error.span) from None
        if not isinstance(value, Selector):
            said = " ".join(x.text for x in lx)
            raise NumberError(f"'{said}' names no things to count or read", _span(lx))
        return value

    # -- filters --

    def having(self, lx: list[Lexeme], i: int) -> tuple[Having, int] | None:
        """``with strength below 4`` at ``lx[i]`` ("with"): a comparison of a number of each
        candidate, to the end of the phrase; ``None`` when the words are not one."""
        n = len(lx)
        words = _words(lx)
        if i + 2 >= n:
            return None
        field = self._field(words[i + 1]) if words[i + 1] in self.fields() else None
        if field is None:  # "with row of 2": where it lies on the map (dsl.world.map_rows)
            field = self.map_read(["the", words[i + 1], "of", "it"])
        if field is None:
            return None
        for phrase, cmp in FILTER_COMPARISONS:
            k = i + 2
            start = k + len(phrase)
            if tuple(words[k:start]) != phrase or start >= n:
                continue
            # a figure ends it ("with strength below 3 at this stop"); any other number runs
            # to the next filter ("with rank above your level with rank of at most ...") or to
            # the end of the phrase
            end = start + 1 if lx[start].kind == "number" else self._next_having(words, start)
            right = self.expression(lx[start:end])
            text = " ".join(x.text for x in lx[i:end])
            return Having(field, cmp, right, text), end
        return None

    def _next_having(self, words: list[str], start: int) -> int:
        """Where a number begun at ``start`` ends: at a "with <field> <comparison>" opening
        another filter, else at the end of the phrase."""
        fields = self.fields()
        for k in range(start + 1, len(words) - 2):
            if words[k] != "with" or words[k + 1] not in fields:
                continue
            if any(tuple(words[k + 2 : k + 2 + len(p)]) == p for p, _ in FILTER_COMPARISONS):
                return k
        return len(words)


def _inside_pair(words: list[str], k: int) -> bool:
    """Whether word ``k`` lies inside "the higher of A and B" (then it is A's or B's)."""
    for j in range(k - 1, 0, -1):
        if words[j] == "of" and words[j - 1] in MEASURE_OPS:
            return "and" in words[k:]
    return False


def _and(words: list[str]) -> int | None:
    """Where the "and" of "the higher of A and B" is, past any pair inside A."""
    depth = 0
    for k, w in enumerate(words):
        if w in MEASURE_OPS:
            depth += 1
        elif w == "and":
            if depth == 0:
                return k
            depth -= 1
    return None


FILTER_WORDS: dict[Comparison, str] = {
    "eq": "of",
    "ne": "not of",
    "lt": "below",
    "le": "of at most",
    "gt": "above",
    "ge": "of at least",
}


def having_words(having: Having) -> str:
    """``with strength below 4``, as the printed card says it."""
    from dsl.expr import words
    from dsl.world.map_rows import READING, is_reading

    field = having.field[len(READING) :] if is_reading(having.field) else having.field
    return f"with {field} {FILTER_WORDS[having.cmp]} {words(having.right)}"
