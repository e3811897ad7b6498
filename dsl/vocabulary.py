"""The words a ruleset declares, gathered from every file, and the lexicon the binder reads.

A ``Lexicon`` maps runs of folded words (singular or simple plural) to their meanings: one run
may mean several things ("Ember" a card tag and a resource); the binder picks by context.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from dsl.runtime import Span

Shape = Literal[
    "dice",  # types of dice: "resources are d6 dice kept at places"
    "pieces",  # identical pieces put on things: "tokens are pieces placed on cards"
    "meters",  # an amount each owner holds: "stress is a meter of characters"
    "reservoirs",  # points out of a level, per owner: "stats are reservoirs of characters"
    "ranks",  # a number per word per owner: "skills are ranks 0..5 of characters"
    "tags",  # adjectives of a kind of thing: "card tags are tags of cards"
    "groups",  # named groups of places: "regions are groups of locations"
    "zones",  # where cards lie: "zones are zones"
    "periods",  # named spans of the procedure, with turns: "seasons are periods of turns"
    "kinds",  # kinds of cards, things with fields: "card kinds are kinds of cards"
    "places",  # which card kind is the map: "locations are places"
]

# The words a declaration may name its shape with, singular or plural.
SHAPES: dict[str, Shape] = {
    "dice": "dice",
    "die": "dice",
    "pieces": "pieces",
    "piece": "pieces",
    "meters": "meters",
    "meter": "meters",
    "reservoirs": "reservoirs",
    "reservoir": "reservoirs",
    "ranks": "ranks",
    "tags": "tags",
    "groups": "groups",
    "zones": "zones",
    "zone": "zones",
    "periods": "periods",
    "kinds": "kinds",
    "places": "places",
    "place": "places",
}

# What may follow each shape: the words of an option, then what it names ("of characters",
# "kept at places"); an option the shape must have is listed in ``REQUIRED_OPTIONS``.
SHAPE_OPTIONS: dict[Shape, tuple[str, ...]] = {
    "dice": ("kept at", "of"),
    "pieces": ("placed on", "of"),
    "meters": ("of",),
    "reservoirs": ("of",),
    "ranks": ("of",),
    "tags": ("of",),
    "groups": ("of",),
    "zones": ("of",),
    "periods": ("of",),
    "kinds": ("of",),
    "places": (),
}
REQUIRED_OPTIONS: dict[Shape, str] = {
    "tags": "of",  # the kind of thing they describe: "of cards", "of locations"
    "groups": "of",  # the places they group: "of locations"
    "periods": "of",  # "of turns"
    "kinds": "of",  # "of cards"
}

# The shapes whose words a sentence may name as things (its nouns): "an ember", "2 threat".
NOUN_SHAPES: tuple[Shape, ...] = (
    "kinds",
    "groups",
    "zones",
    "meters",
    "reservoirs",
    "pieces",
    "dice",
)


@dataclass(slots=True)
class Category:
    """A declared category of words and the shape the language reads them as.

    ``name`` is as declared ("location tags"); ``singular`` and ``plural`` are its forms (a
    category declared with "is", a mass noun such as ``stress``, has one form: ``mass``).
    ``sides``: a dice category's faces run 1 to ``sides``; ``low``/``high``: the bounds of
    ranks; ``options``: what follows the shape, as written ("kept at" → "places", "of" →
    "characters"). ``titles`` are members' printed titles, ``turns`` a period's number of turns.
    """

    name: str
    singular: str
    plural: str
    shape: Shape
    span: Span
    mass: bool = False
    sides: int = 0
    low: int | None = None
    high: int | None = None
    options: dict[str, str] = field(default_factory=dict)
    members: list[str] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # each member and alias, folded → the member's declared spelling (``add``, ``member``)
    index: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def owner(self) -> str | None:
        """Whose its members are, or what they are of ("characters", "places", "cards")."""
        return next(iter(self.options.values()), None)

    def add(self, word: str) -> None:
        """A member."""
        self.members.append(word)
        self.index.setdefault(word.casefold(), word)

    def also(self, word: str, aliases: tuple[str, ...]) -> None:
        """The other words a member is written as (``"action point" (alias AP)``)."""
        self.aliases[word] = aliases
        for alias in aliases:
            self.index.setdefault(alias.casefold(), word)

    def member(self, word: str) -> str | None:
        """The member a word names (its declared spelling), else ``None``."""
        return self.index.get(word.casefold())


def singular_of(words: str) -> str:
    """``location tags`` → ``location tag``, ``dice`` → ``die``, ``categories`` → ``category``."""
    *head, last = words.split(" ")
    folded = last.casefold()
    if folded == "dice":
        last = last[:-3] + "ie"
    elif folded.endswith("ies") and len(folded) > 3:
        last = last[:-3] + "y"
    elif folded.endswith(("sses", "ches", "shes", "xes")):
        last = last[:-2]
    elif folded.endswith("s") and not folded.endswith("ss"):
        last = last[:-1]
    return " ".join([*head, last])


def plural_forms(word: str) -> set[str]:
    """Simple plurals of a folded word: -s, -es, -ies, die→dice."""
    forms = {word + "s", word + "es"}
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        forms.add(word[:-1] + "ies")
    if word == "die":
        forms.add("dice")
    return forms


def verb_forms(word: str) -> dict[str, str]:
    """Inflections of a verb's first word → which form: base, s (3rd person), ing, ed."""
    forms = {word: "base", word + "s": "s", word + "es": "s", word + "ing": "ing"}
    if word.endswith("e"):
        forms[word[:-1] + "ing"] = "ing"
        forms[word + "d"] = "ed"
    else:
        forms[word + "ed"] = "ed"
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        forms[word[:-1] + "ies"] = "s"
        forms[word[:-1] + "ied"] = "ed"
    if (
        len(word) >= 3
        and word[-1] not in "aeiouwxy"
        and word[-2] in "aeiou"
        and word[-3] not in "aeiou"
    ):
        forms[word + word[-1] + "ing"] = "ing"
        forms[word + word[-1] + "ed"] = "ed"
    return forms


@dataclass(frozen=True, slots=True)
class Meaning:
    """One thing a run of words may mean: the category it belongs to (its declared singular
    name: ``card tag``, or the language's own ``flag``), the category's shape, and the
    word's canonical declared spelling. ``generic``: the category's own name ("a resource":
    a die of any of its types), whose ``word`` is that name."""

    category: str
    word: str
    plural: bool = False
    shape: str = ""
    generic: bool = False


@dataclass(frozen=True, slots=True)
class VerbInfo:
    """A declared verb: its words, the primitive it calls, and that primitive's roles.

    ``roles`` maps a role word (``object``, ``at``, ``for``...) to ``True`` when the primitive
    gives it a default; ``None`` when the primitive could not be inspected (then any role is
    accepted and the missing module is reported on the declaration). ``creates``: the roles
    whose phrase names new things the primitive makes (``dsl.runtime.creates``); ``faces``:
    the roles where a number is a die face (``dsl.runtime.faces``); ``holds``: the roles
    naming where the object is taken from (``dsl.runtime.holds``), ``holds_whole`` when such a
    place must hold all the text names.
    """

    words: tuple[str, ...]
    function: str
    roles: dict[str, bool] | None
    params: dict[str, str]
    span: Span
    creates: frozenset[str] = frozenset()
    faces: frozenset[str] = frozenset()
    takes: tuple[tuple[str, tuple[str, ...]], ...] = ()  # role → the card kinds it acts on
    only_forbidden: bool = False  # ``dsl.runtime.only_forbidden``: "May not <verb> ..." only
    # ``dsl.runtime.prices``: the actions whose cost the verb changes, each with the things
    # the engine can take for it, and the card kinds whose standing text the engine applies
    prices: tuple[tuple[str, tuple[str, ...]], ...] = ()
    prices_on: tuple[str, ...] = ()
    holds: frozenset[str] = frozenset()
    holds_whole: bool = False  # ``dsl.runtime.holds(whole=True)``: a place holds all of it
    up_to: frozenset[str] = frozenset()  # ``dsl.runtime.up_to``: roles that ask how many


@dataclass(frozen=True, slots=True)
class TriggerInfo:
    label: str
    usage: str
    event: str | None
    qualifier: str | None
    once_per_turn: bool
    span: Span
    kinds: tuple[str, ...] = ()  # the card kinds the engine tells of it; empty: not declared


@dataclass(frozen=True, slots=True)
class FieldSchema:
    """One field of a card kind: its name words, type, list-ness, range, and optionality.

    ``type`` is how its value is read: a type of the language (``int``, ``flag``, ``dice
    list``, ``place spec``...), ``card`` (a card of the kind ``of``), or ``member``,
    ``members`` or ``ranks`` of the category ``of`` (its singular name); ``at_most``: the
    most slots of a dice list.
    """

    name: str
    words: tuple[str, ...]
    type: str
    is_list: bool
    low: int | None
    high: int | None
    optional: bool
    span: Span
    unique: bool = False  # no two cards of the kind share a value (each of a list's values)
    of: str | None = None
    at_most: int | None = None
    grid: tuple[int, int] | None = None  # a dice grid's columns and rows (dsl/grid.py)


@dataclass(slots=True)
class KindSchema:
    kind: str
    fields: dict[str, FieldSchema]
    span: Span


@dataclass(slots=True)
class Vocabulary:
    """Everything a ruleset declared; built by the checker from all files.

    The language asks it by shape (``of_shape("dice")``, ``place_kind``), a ruleset by the
    names it declared (``members("skills")``, ``category("stats").member("STR")``).
    """

    name: str = ""
    version: str = ""
    primitives: str = ""
    categories: dict[str, Category] = field(default_factory=dict)  # by folded declared name
    forms: dict[str, Category] = field(default_factory=dict)  # by folded singular and plural
    aliases: dict[str, str] = field(default_factory=dict)
    # "relation trade: ember -> frost": each relation's member → the members it leads to
    relations: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)  # a member → its declared title
    card_kinds: list[str] = field(default_factory=list)  # the members of the kinds categories
    place_kind: str | None = None  # the card kind the map is made of ("locations are places")
    verbs: dict[tuple[str, ...], VerbInfo] = field(default_factory=dict)
    triggers: dict[str, TriggerInfo] = field(default_factory=dict)
    values: dict[str, int] = field(default_factory=dict)
    kinds: dict[str, KindSchema] = field(default_factory=dict)
    lexicon: dict[tuple[str, ...], list[Meaning]] = field(default_factory=dict)
    longest: int = 1
    verb_lexicon: dict[tuple[str, ...], list[tuple[VerbInfo, str]]] = field(default_factory=dict)
    # first word → multi-word verbs, for verbs written around their object ("put X into play")
    split_verbs: dict[str, list[tuple[VerbInfo, str]]] = field(default_factory=dict)
    primitive_functions: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # the world the ruleset declares ("players are 2 to 4 seats"): ``dsl.declarations.Declared``
    world: Any = None
    sheets: dict[str, Any] = field(default_factory=dict)  # by file ending: ``dsl.sheets``
    # the tables by folded name (``ast.TableDecl``), for "the <table> by <number>"
    tables: dict[str, Any] = field(default_factory=dict)

    def add_word(self, words: str, meaning: Meaning) -> None:
        """Enter a declared name (and its plural) into the lexicon."""
        parts = tuple(words.casefold().split())
        if not parts:
            return
        for key, plural in [(parts, False)] + [
            ((*parts[:-1], p), True) for p in plural_forms(parts[-1])
        ]:
            meanings = self.lexicon.setdefault(key, [])
            entry = Meaning(meaning.category, meaning.word, plural, meaning.shape, meaning.generic)
            if all(m.category != entry.category or m.word != entry.word for m in meanings):
                meanings.append(entry)
            self.longest = max(self.longest, len(key))

    def add_verb(self, info: VerbInfo) -> None:
        first, *rest = info.words
        for form, how in verb_forms(first).items():
            self.verb_lexicon.setdefault((form, *rest), []).append((info, how))
            if rest:
                self.split_verbs.setdefault(form, []).append((info, how))

    def all_words(self) -> list[str]:
        """Every declared word, for "did you mean" suggestions."""
        return sorted({m.word for ms in self.lexicon.values() for m in ms if not m.generic})

    def category(self, name: str) -> Category | None:
        """The category declared as ``name`` (its singular or plural, any case)."""
        found = self.forms.get(name.casefold())
        if found is None and " " in name:
            found = self.forms.get(" ".join(name.casefold().split()))
        return found

    def of_shape(self, *shapes: str) -> list[Category]:
        """The categories of these shapes, in the order declared."""
        return [c for c in self.categories.values() if c.shape in shapes]

    def members(self, name: str) -> list[str]:
        """The members of the category declared as ``name`` (none when it is not declared)."""
        found = self.category(name)
        return list(found.members) if found is not None else []

    def member(self, name: str, word: str) -> str | None:
        """The member of category ``name`` a word names (an alias too), else ``None``."""
        found = self.category(name)
        if found is None:
            return None
        folded = word.casefold()
        return found.member(self.aliases.get(folded, folded))

    def sides(self, word: str | None = None) -> int:
        """The faces of the dice a word names (a member or a dice category's name), else the
        most any declared dice have; a d6 when none are declared."""
        dice = self.of_shape("dice")
        if word is not None:
            folded = word.casefold()
            for each in dice:
                if folded == each.singular.casefold() or each.member(folded) is not None:
                    return each.sides
        return max((each.sides for each in dice), default=6)

    def mass_noun(self, word: str) -> bool:
        """Is ``word`` counted without a plural ("2 ember", "3 progress", "1 body"): a type of
        dice or pieces, or a member of a meter declared with "is" ("stress is a meter")?"""
        for m in self.lexicon.get(tuple(word.casefold().split()), ()):
            category = self.category(m.category)
            if category is None:
                continue
            if category.shape in ("dice", "pieces") or category.mass:
                return True
        return False

    def summary(self) -> dict[str, Any]:
        """The vocabulary as plain data: each category's shape and members, the relations,
        verbs and triggers."""
        return {
            "categories": {
                c.name: {
                    "shape": c.shape,
                    **c.options,
                    "members": list(c.members),
                    **({"titles": dict(c.titles)} if c.titles else {}),
                    **({"turns": dict(c.turns)} if c.turns else {}),
                }
                for c in self.categories.values()
            },
            "relations": {
                name: {k: list(v) for k, v in r.items()} for name, r in self.relations.items()
            },
            "verbs": {" ".join(k): v.function for k, v in self.verbs.items()},
            "triggers": {v.label: v.usage for v in self.triggers.values()},
        }
