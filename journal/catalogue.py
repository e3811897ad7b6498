"""The card names and facts the journal checks input against, read from the compiled ruleset.

The journal never reads card text itself: it asks the engine's ruleset
(found through ``rules.registry``), whose records come from the compiled ``.rules``
files. While that cannot be loaded (the ruleset is still being written, or its text does not
compile) the journal records what people tell it without checking names; ``available()`` says
which.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from dsl.errors import ChroniclerError
from rules import registry


@dataclass(frozen=True)
class CardFacts:
    """What the journal needs to know about one card."""

    name: str
    kind: str
    skill: str | None = None
    points: int | None = None
    region: str | None = None
    text: tuple[str, ...] = ()  # printed wording of its abilities, one line each
    fields: dict[str, Any] = field(default_factory=dict)
    source: Any = None  # the ruleset's own record, for the printer


@dataclass
class Catalogue:
    """Every card of a ruleset by name, plus the facts the journal shows (map, sheets)."""

    name: str = "Six Winters"
    version: str = "25.1"
    cards: dict[str, CardFacts] = field(default_factory=dict)
    starting_map: tuple[tuple[str, int, int], ...] = ()
    character_skills: dict[str, dict[str, int]] = field(default_factory=dict)
    skills: tuple[str, ...] = ()
    region_names: dict[str, str] = field(default_factory=dict)  # "empire" -> "the Empire"
    ruleset: Any = None
    # every card by (kind, casefolded name): an asset may share its name with an obstacle or
    # a character, and ``cards`` keeps one card a name
    of_kind: dict[tuple[str, str], CardFacts] = field(default_factory=dict)

    def by_count(self, counted: str, count: int) -> str | None:
        """The row of the ruleset's table looked up by ``counted`` ("score") for ``count``;
        ``None`` when there is no ruleset or it declares no such table."""
        lookup = getattr(self.ruleset, "by_count", None)
        return lookup(counted, count) if lookup else None

    def names(self, *kinds: str) -> list[str]:
        return [c.name for c in self.cards.values() if not kinds or c.kind in kinds]

    def get(self, name: str, *kinds: str) -> CardFacts | None:
        found = self.cards.get(name) or self._casefolded().get(name.casefold())
        if found is not None and (not kinds or found.kind in kinds):
            return found
        for kind in kinds:  # a card that shares its name with one of another kind
            shared = self.of_kind.get((kind, name.casefold()))
            if shared is not None:
                return shared
        return None

    def kinds_of(self, name: str, *kinds: str) -> list[str]:
        """The kinds (of ``kinds``) of the cards called ``name``: more than one when cards
        share the name."""
        return [k for k in kinds if (k, name.casefold()) in self.of_kind]

    def _casefolded(self) -> dict[str, CardFacts]:
        return {n.casefold(): c for n, c in self.cards.items()}

    def title_of(self, character: str) -> str | None:
        card = self.get(character, "character")
        return str(card.fields["title"]) if card and card.fields.get("title") else None

    def require(self, name: str, *kinds: str) -> CardFacts:
        """The card called ``name`` of one of ``kinds``, or an error naming the near names."""
        found = self.get(name, *kinds)
        if found is not None:
            return found
        what = " or ".join(kinds) if kinds else "card"
        raise ChroniclerError(f"unknown {what} {name!r}{near_names(name, self.names(*kinds))}")


def near_names(name: str, candidates: Iterable[str]) -> str:
    """'; did you mean "A" or "B"?' for the candidates close to ``name``, else ''."""
    pool = list(candidates)
    folded = {c.casefold(): c for c in pool}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)
    if not close:
        return ""
    return "; did you mean " + " or ".join(f'"{folded[c]}"' for c in close) + "?"


def unknown_campaign(name: str, names: list[str]) -> ChroniclerError:
    """The error for a campaign the journal does not hold, naming the near ones (or all)."""
    hint = near_names(name, names) or (
        f"; campaigns here: {', '.join(names)}" if names else "; the journal has none yet"
    )
    return ChroniclerError(f"no campaign called {name!r}{hint}")


_cache: dict[str, Catalogue | None] = {}


def load_catalogue(ruleset: str | None = None) -> Catalogue | None:
    """The catalogue of a ruleset the registry knows (the default one unless named), from its
    compiled text (cached)."""
    game = registry.find(ruleset) if ruleset else registry.default()
    if game.name not in _cache:
        _cache[game.name] = _from_engine(game)
    return _cache[game.name]


NOT_HELD: Any = object()


def held_catalogue(ruleset: str | None = None) -> Any:
    """The catalogue this process already holds for a ruleset (loaded, or set by
    ``set_catalogue``; ``None`` when set so), else ``NOT_HELD``: nothing compiled to find out."""
    return _cache.get(ruleset or registry.DEFAULT, NOT_HELD)


def set_catalogue(catalogue: Catalogue | None, ruleset: str | None = None) -> None:
    """Use this catalogue from now on (tests; a ruleset loaded some other way)."""
    _cache[ruleset or registry.DEFAULT] = catalogue


def _from_engine(game: registry.Game) -> Catalogue:
    # Card text that does not compile is the user's error (file:line:col), not a reason to
    # record names unchecked.
    return from_ruleset(game.load())


def _printed_effect(effect: Any) -> str:
    """An effect's printed line: its trigger, then its text (unless the text already says it)."""
    words = str(getattr(effect, "text", "") or "")
    trigger = str(getattr(effect, "trigger", "") or "")
    if not words or not trigger or words.lower().startswith(trigger.lower() + ":"):
        return words
    return f"{trigger}: {words}"


def epilogue_choices(card: CardFacts) -> list[str]:
    """The options of a scene's "Choose one:" epilogue, as printed ("Stay", "Abandon")."""
    choices: list[str] = []
    for line in card.text:
        if "choose one" in line.lower():
            choices += re.findall(r'(?:^|\n)\s*"([^"]+)":', line)
    return choices


_KIND_TABLES = (
    ("asset", "assets"),
    ("obstacle", "obstacles"),
    ("event", "events"),
    ("location", "locations"),
    ("scene", "scenes"),
    ("scheme", "schemes"),
    ("character", "characters"),
    ("ability", "abilities"),
    ("condition", "conditions"),
)


def from_ruleset(ruleset: Any) -> Catalogue:
    """Read the engine's ``Ruleset`` records (``rules/six_winters/cards.py``)."""
    catalogue = Catalogue(
        name=str(getattr(ruleset, "name", "Six Winters")),
        version=str(getattr(ruleset, "version", "")),
        starting_map=tuple(getattr(ruleset, "starting_map", ()) or ()),
        skills=tuple(getattr(ruleset, "skills", ()) or ()),
        region_names=dict(getattr(ruleset, "region_names", {}) or {}),
        ruleset=ruleset,
    )
    for kind, table_name in _KIND_TABLES:
        table = getattr(ruleset, table_name, {}) or {}
        for name, card in table.items():
            skill = getattr(card, "skill", None) or None
            points = getattr(card, "points", None)
            text = tuple(_printed_effect(e) for e in getattr(card, "effects", ()) or ())
            text = tuple(line for line in text if line)
            catalogue.cards[name] = catalogue.of_kind[(kind, name.casefold())] = CardFacts(
                name=name,
                kind=kind,
                skill=str(skill) if skill else None,
                points=int(points) if isinstance(points, int) else None,
                region=getattr(card, "region", None),
                text=text,
                fields={"title": str(card.title)} if getattr(card, "title", "") else {},
                source=card,
            )
            if kind == "character":
                catalogue.character_skills[name] = {
                    str(s): int(r) for s, r in getattr(card, "skills", ()) or ()
                }
    return catalogue
