"""The words a ruleset declares, gathered from every file, and the lexicon the binder reads.

A ``Lexicon`` maps runs of folded words (singular or simple plural) to their meanings: one run
may mean several things ("Ember" a card tag and a resource); the binder picks by context.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dsl.runtime import Span

# Categories a word may belong to (what the binder and ``Filter.category`` use).
CATEGORIES = (
    "resource",
    "stat",
    "skill",
    "region",
    "location tag",
    "card tag",
    "stress",
    "token",
    "counter",
    "zone",
    "card kind",
    "season",
    "flag",
)


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
    """One thing a run of words may mean: its category and canonical declared spelling."""

    category: str
    word: str
    plural: bool = False


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
    """One field of a card kind: its name words, type, list-ness, range, and optionality."""

    name: str
    words: tuple[str, ...]
    type: str
    is_list: bool
    low: int | None
    high: int | None
    optional: bool
    span: Span
    unique: bool = False  # no two cards of the kind share a value (each of a list's values)


@dataclass(slots=True)
class KindSchema:
    kind: str
    fields: dict[str, FieldSchema]
    span: Span


@dataclass(slots=True)
class Vocabulary:
    """Everything a ruleset declared; built by the checker from all files."""

    name: str = ""
    version: str = ""
    primitives: str = ""
    resources: list[str] = field(default_factory=list)
    # reserves a character draws on, "points/level" (``stats strength, dexterity``)
    stats: list[str] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)
    trade: dict[str, tuple[str, ...]] = field(default_factory=dict)
    skills: list[str] = field(default_factory=list)
    regions: dict[str, str | None] = field(default_factory=dict)
    location_tags: list[str] = field(default_factory=list)
    card_tags: list[str] = field(default_factory=list)
    stress: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    counters: dict[str, tuple[str, ...]] = field(default_factory=dict)
    seasons: dict[str, int] = field(default_factory=dict)
    card_kinds: list[str] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
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

    def add_word(self, words: str, meaning: Meaning) -> None:
        """Enter a declared name (and its plural) into the lexicon."""
        parts = tuple(words.casefold().split())
        if not parts:
            return
        for key, plural in [(parts, False)] + [
            ((*parts[:-1], p), True) for p in plural_forms(parts[-1])
        ]:
            meanings = self.lexicon.setdefault(key, [])
            entry = Meaning(meaning.category, meaning.word, plural)
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
        return sorted({m.word for ms in self.lexicon.values() for m in ms})

    def resource(self, word: str) -> str | None:
        folded = word.casefold()
        folded = self.aliases.get(folded, folded)
        for r in self.resources:
            if r.casefold() == folded:
                return r
        return None

    def stat(self, word: str) -> str | None:
        """The declared stat a word names (its name or an alias: ``STR``), else ``None``."""
        folded = word.casefold()
        folded = self.aliases.get(folded, folded)
        for s in self.stats:
            if s.casefold() == folded:
                return s
        return None

    def summary(self) -> dict[str, Any]:
        """The vocabulary as plain data (for ``chronicler cards --format json``)."""
        return {
            "resources": self.resources,
            **({"stats": self.stats} if self.stats else {}),
            "trade": {k: list(v) for k, v in self.trade.items()},
            "skills": self.skills,
            "regions": self.regions,
            "location tags": self.location_tags,
            "card tags": self.card_tags,
            "stress": self.stress,
            "tokens": self.tokens,
            "counters": {k: list(v) for k, v in self.counters.items()},
            "seasons": self.seasons,
            "card kinds": self.card_kinds,
            "zones": self.zones,
            "verbs": {" ".join(k): v.function for k, v in self.verbs.items()},
            "triggers": {v.label: v.usage for v in self.triggers.values()},
        }
