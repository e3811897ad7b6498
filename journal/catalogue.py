"""The cards the journal checks input against and shows: the compiled cards of a ruleset.

The journal never reads card text itself and keeps no record of its own of a card: a card here
is the ``dsl.compiler.CompiledCard`` the ruleset compiled, the very object the engine's own
view of it reads (found through ``rules.registry``; the ruleset is compiled once a process).
The few facts the journal reads of a card (its skill, points, region, title, placement, whether
it is a finale) are read from its fields by the functions below, each once, in one place.
While no ruleset can be loaded (the ruleset is still being written, or its text does not
compile) the journal records what people tell it without checking names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from dsl.compiler import CompiledCard, CompiledRuleset
from dsl.contract import Ruleset
from dsl.errors import ChroniclerError
from rules import registry


@dataclass
class Catalogue:
    """Every card of a ruleset by name, plus the facts the journal shows (map, sheets)."""

    name: str = "Six Winters"
    version: str = "25.1"
    cards: dict[str, CompiledCard] = field(default_factory=dict)
    starting_map: tuple[tuple[str, int, int], ...] = ()
    character_skills: dict[str, dict[str, int]] = field(default_factory=dict)
    skills: tuple[str, ...] = ()
    card_kinds: tuple[str, ...] = ()  # as the ruleset declares them, in its order
    region_names: dict[str, str] = field(default_factory=dict)  # "empire" -> "the Empire"
    ruleset: object = None  # the engine's reading of the text (declared values, tables), if any
    compiled: CompiledRuleset | None = None  # the card text the cards were compiled from
    game: Ruleset | None = None  # the registry's ruleset the cards come from
    # every card by (kind, casefolded name): an asset may share its name with an obstacle or
    # a character, and ``cards`` keeps one card a name
    of_kind: dict[tuple[str, str], CompiledCard] = field(default_factory=dict)

    def by_count(self, counted: str, count: int) -> str | None:
        """The row of the ruleset's table looked up by ``counted`` ("score") for ``count``;
        ``None`` when there is no ruleset or it declares no such table."""
        lookup = getattr(self.ruleset, "by_count", None)
        return lookup(counted, count) if lookup else None

    def names(self, *kinds: str) -> list[str]:
        return [c.name for c in self.cards.values() if not kinds or c.kind in kinds]

    def get(self, name: str, *kinds: str) -> CompiledCard | None:
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

    def _casefolded(self) -> dict[str, CompiledCard]:
        return {n.casefold(): c for n, c in self.cards.items()}

    def title_of(self, character: str) -> str | None:
        card = self.get(character, "character")
        return str(card.fields["title"]) if card and card.fields.get("title") else None

    def require(self, name: str, *kinds: str) -> CompiledCard:
        """The card called ``name`` of one of ``kinds``, or an error naming the near names."""
        found = self.get(name, *kinds)
        if found is not None:
            return found
        what = " or ".join(kinds) if kinds else "card"
        raise ChroniclerError(f"unknown {what} {name!r}{near_names(name, self.names(*kinds))}")


def skill_of(card: CompiledCard) -> str | None:
    """The skill the card names ("lore"), if any."""
    skill = card.fields.get("skill")
    return str(skill) if skill else None


def points_of(card: CompiledCard) -> int | None:
    """The points the card prints (a scene's needed points, an asset's points), if any."""
    points = card.fields.get("points")
    return points if isinstance(points, int) and not isinstance(points, bool) else None


def region_of(card: CompiledCard) -> str | None:
    """The region a location lies in ("empire"), if it names one."""
    region = card.fields.get("region")
    return str(region) if region else None


def is_finale(card: CompiledCard) -> bool:
    """Whether the card is a finale scene."""
    return bool(card.fields.get("finale", False))


def location_words(card: CompiledCard) -> set[str]:
    """What a location answers to, case-folded: its name, its region and the tags of either
    side."""
    words = {card.name, region_of(card) or ""}
    for side in (card, *card.blocks.values()):
        tags = side.fields.get("tags") or ()
        words.update(str(tag) for tag in ([tags] if isinstance(tags, str) else tags))
    return {w.casefold() for w in words if w}


def placement_words(card: CompiledCard, name: str = "at") -> list[str]:
    """Every word of a placement field ("at", "enters"): each step is its words, or
    ``{"either": [[words], ...]}`` (``dsl.codegen``)."""
    value = card.fields.get(name) or ()
    steps = [value] if isinstance(value, str) else list(value)
    words: list[str] = []
    for step in steps:
        options = step["either"] if isinstance(step, dict) else [step]
        for option in options:
            words += [option] if isinstance(option, str) else [str(w) for w in option]
    return words


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
    compiled text (cached; the engine's own compiled ruleset, not a second compilation)."""
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


def _from_engine(game: Ruleset) -> Catalogue:
    # Card text that does not compile is the user's error (file:line:col), not a reason to
    # record names unchecked.
    catalogue = from_compiled(game.compiled(), game.load())
    catalogue.game = game
    return catalogue


def epilogue_choices(card: CompiledCard) -> list[str]:
    """The options of a scene's "Choose one:" epilogue, as printed ("Stay", "Abandon")."""
    choices: list[str] = []
    for line in card.printed:
        if "choose one" in line.lower():
            choices += re.findall(r'(?:^|\n)\s*"([^"]+)":', line)
    return choices


def from_compiled(compiled: CompiledRuleset, ruleset: Any = None) -> Catalogue:
    """The catalogue of a compiled ruleset: its cards themselves, by name and by kind.
    ``ruleset``: the engine's ruleset over that text (its declared values and tables)."""
    catalogue = Catalogue(
        name=str(compiled.name),
        version=str(compiled.version),
        starting_map=tuple(next(iter(compiled.maps.values()), ())),
        skills=tuple(compiled.vocabulary.members("skills")),
        card_kinds=tuple(compiled.vocabulary.card_kinds),
        region_names=dict(compiled.vocabulary.titles),
        ruleset=ruleset,
        compiled=compiled,
    )
    for kind in catalogue.card_kinds:  # the declared order: a later kind keeps a name
        for card in compiled.cards(kind):
            catalogue.cards[card.name] = catalogue.of_kind[(kind, card.name.casefold())] = card
            skills = card.fields.get("skills")
            if kind == "character" and isinstance(skills, dict):
                catalogue.character_skills[card.name] = {str(s): int(r) for s, r in skills.items()}
    return catalogue
