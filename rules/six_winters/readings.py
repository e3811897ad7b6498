"""What a player reads on a card, for the bots: read from the card's compiled text (the bound
sentences each ability was compiled from, ``CompiledAbility.meaning``), never from its name.

A bot asks "what does using this cost, what does it give, where does it help", and a condition
"how much does it hurt, and where": the answers come from the verbs, objects, places and
triggers of the card's sentences, so a designer who rewrites a card changes what the bots do
with it, and a new card is understood without Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dsl.bound import BoundClause, BoundEffect, BoundSentence, sentences_of
from dsl.selectors import Selector

_READINGS: dict[int, tuple[Any, dict[str, CardReading]]] = {}


@dataclass(frozen=True)
class CardReading:
    """What the text of one card says, as far as a bot weighs it.

    ``costs``: stress lost to use it (the part before "to ..."); ``reusable``: an activated
    ability (exhausted and refreshed) rather than one played once; ``gains``: counters gained
    (an initiative die); ``recovers``: stress recovered, ``recovers_here`` when by everyone at
    the location; ``moves_anywhere``: it moves its character to any location; ``ignores``: the
    stress kinds it ignores (it defends inside an overcome); ``progress_on``: the skills (or
    tags) of the obstacle here it places progress on; ``discards``: the tags of the obstacle in
    play it discards. For a condition: ``bites`` is how often and how hard it takes something
    (``harm``), and ``bites_at`` the location tags where it bites (empty: everywhere)."""

    name: str
    kind: str
    costs: dict[str, int] = field(default_factory=dict)
    reusable: bool = False
    gains: dict[str, int] = field(default_factory=dict)
    recovers: dict[str, int] = field(default_factory=dict)
    recovers_here: bool = False
    moves_anywhere: bool = False
    ignores: frozenset[str] = frozenset()
    progress_on: frozenset[str] | None = None
    discards: frozenset[str] | None = None
    harm: float = 0.0
    bites_at: frozenset[str] = frozenset()


def readings(ruleset: Any) -> dict[str, CardReading]:
    """The reading of every asset, ability and condition of a ruleset, by card name (kept per
    compiled ruleset)."""
    compiled = ruleset.compiled
    kept = _READINGS.get(id(compiled))
    if kept is not None and kept[0] is compiled:
        return kept[1]
    per_turn = _refreshes_a_year(ruleset)
    found: dict[str, CardReading] = {}
    for card in compiled.all_cards:
        if card.kind in ("asset", "ability", "condition"):
            found.setdefault(card.name, _read(card, per_turn))
    _READINGS[id(compiled)] = (compiled, found)
    return found


def _refreshes_a_year(ruleset: Any) -> int:
    """How many refreshes a year has: one a turn (the seasons' lengths, declared)."""
    return sum(turns for _season, turns in ruleset.seasons) or 1


def _amount(selector: Any) -> int:
    if isinstance(selector, Selector):
        q = selector.quantity
        if q.mode == "exact" and q.count is not None:
            return int(q.count)
    return 1


def _noun(value: Any) -> str | None:
    return value.noun if isinstance(value, Selector) else None


def _words(selector: Any) -> frozenset[str]:
    if not isinstance(selector, Selector):
        return frozenset()
    return frozenset(f.word for f in (*selector.filters, *selector.any_of))


def _clauses(effect: BoundEffect) -> list[tuple[BoundSentence, BoundClause]]:
    return list(sentences_of(effect.parts))


# What a condition takes, weighed against a stress point (a body point is a stress nearer the
# conditions that hurt most; an action point or an initiative die is a turn's work).
_TAKES = {"stress": 1.0, "counter": 1.0}
_BODY = 2.0


def _read(card: Any, per_turn: int) -> CardReading:
    costs: dict[str, int] = {}
    gains: dict[str, int] = {}
    recovers: dict[str, int] = {}
    recovers_here = moves = reusable = False
    ignores: set[str] = set()
    progress_on: frozenset[str] | None = None
    discards: frozenset[str] | None = None
    harm = 0.0
    bites_at: frozenset[str] = frozenset()
    for ability in card.abilities:
        effect = ability.meaning
        if not isinstance(effect, BoundEffect):
            continue
        trigger = ability.trigger
        reusable = reusable or (trigger is not None and trigger.usage == "activated")
        if effect.cost is not None and effect.cost.verb == "lose":
            noun = _noun(effect.cost.role("object"))
            if noun:
                costs[noun] = costs.get(noun, 0) + _amount(effect.cost.role("object"))
        for sentence, clause in _clauses(effect):
            if clause.cost is not None and clause.cost.verb == "lose":
                obj = clause.cost.role("object")
                if (noun := _noun(obj)) is not None:
                    costs[noun] = costs.get(noun, 0) + _amount(obj)
            obj = clause.role("object")
            noun = _noun(obj)
            if clause.verb == "gain" and noun:
                gains[noun] = gains.get(noun, 0) + _amount(obj)
            elif clause.verb == "recover" and noun:
                recovers[noun] = recovers.get(noun, 0) + _amount(obj)
                place = clause.subject.place if clause.subject is not None else None
                recovers_here = recovers_here or (place is not None and place.kind == "this place")
            elif clause.verb == "move" and _noun(clause.role("to")) == "location":
                to = clause.role("to")
                moves = moves or (
                    isinstance(to, Selector) and to.quantity.mode == "any" and not _words(to)
                )
            elif clause.verb == "ignore" and noun:
                ignores.add(noun)
            elif clause.verb == "place" and _noun(clause.role("on")) == "obstacle":
                progress_on = _words(clause.role("on"))
            elif clause.verb == "discard" and noun == "obstacle":
                discards = _words(obj)
            elif card.kind == "condition" and clause.verb == "lose" and isinstance(obj, Selector):
                # how often: at every refresh of the year, or once (at setup)
                often = per_turn if trigger is not None and trigger.event == "refresh" else 1
                weight = _TAKES.get(obj.category or "", 1.0) * (_BODY if noun == "body" else 1.0)
                bite = min(often, 4) + weight * _amount(obj)
                condition = sentence.condition
                if condition is not None and condition.kind == "at":
                    bites_at = _words(condition.selector)
                    bite /= 5  # only where the character ends up: it can be kept away
                harm += bite
    return CardReading(
        name=card.name,
        kind=card.kind,
        costs=costs,
        reusable=reusable,
        gains=gains,
        recovers=recovers,
        recovers_here=recovers_here,
        moves_anywhere=moves,
        ignores=frozenset(ignores),
        progress_on=progress_on,
        discards=discards,
        harm=harm,
        bites_at=bites_at,
    )
