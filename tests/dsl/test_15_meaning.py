"""What a phrase bound to, written back in words, binds to the same thing (issue 14, point 2).

For every noun phrase of every card of every ruleset and of the toy game: write the bound
selector in canonical words (``dsl.meaning``), bind those words again, get the same selector.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from dsl_testing import ROOT, TOY

from dsl import ast
from dsl.binder import Binder
from dsl.bound import BoundChoice, BoundClause, CheckedCard
from dsl.diagnostics import Diagnostics
from dsl.loader import check_ruleset
from dsl.meaning import selector_words
from dsl.runtime import Span
from dsl.selectors import Place, Selector

_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\d+|,|[^\s,"]+')
RULESETS = [TOY, *sorted(p.parent for p in (ROOT / "rules").glob("*/ruleset.rules"))]


def _atoms(text: str) -> list[ast.Atom]:
    out = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        span = Span("meaning", 1, match.start() + 1, 1, match.end() + 1)
        if token == ",":
            out.append(ast.Atom("comma", token, span))
        elif token.startswith('"'):
            out.append(ast.Atom("string", token[1:-1], span))
        elif token.isdigit():
            out.append(ast.Atom("number", token, span))
        else:
            out.append(ast.Atom("word", token, span))
    return out


def _plain(value: Any) -> Any:
    """A selector without the words it was written in (those differ by design)."""
    if isinstance(value, Selector):
        reading = value.quantity.reading
        if reading is not None:  # "equal to light": the number's phrase, written either way
            reading = replace(reading, of=_plain(reading.of))
        return replace(
            value,
            text="",
            place=_plain(value.place),
            with_=tuple(_plain(w) for w in value.with_),
            quantity=replace(value.quantity, reading=reading),
        )
    if isinstance(value, Place) and value.places is not None:
        return replace(value, places=_plain(value.places))
    return value


def _sides(card: CheckedCard) -> Iterator[CheckedCard]:
    yield card
    for _, side in card.blocks:
        yield from _sides(side)


def _phrases(card: CheckedCard) -> Iterator[tuple[BoundClause, Selector]]:
    for effect in card.effects:
        for part in effect.parts:
            sentences = (
                [s for _, option in part.options for s in option]
                if isinstance(part, BoundChoice)
                else [part]
            )
            for sentence in sentences:
                for clause in sentence.alternatives:
                    for each in (clause, clause.cost) if clause.cost else (clause,):
                        for role, value in each.roles:
                            if role == "where":  # a restriction's place, not a phrase
                                continue
                            for item in value if isinstance(value, tuple) else (value,):
                                if isinstance(item, Selector):
                                    yield each, item
    for _, side in card.blocks:
        yield from _phrases(side)


@pytest.mark.parametrize("folder", RULESETS, ids=lambda p: Path(p).name)
def test_every_phrase_reads_back_as_what_it_bound_to(folder: Path) -> None:
    checked = check_ruleset(folder)
    if not checked.cards:  # a ruleset of procedure and values only (tags-and-tracks)
        pytest.skip(f"{folder.name} writes no cards: no phrase to read back")
    if not any(side.effects for card in checked.cards for side in _sides(card)):
        pytest.skip(f"{folder.name}'s cards hold fields only (delve): no phrase to read back")
    cards: dict[str, list[tuple[str, str]]] = {}
    for card in checked.cards:
        cards.setdefault(card.name.casefold(), []).append((card.kind, card.name))
    binder = Binder(checked.vocabulary, cards, Diagnostics())
    differ = []
    count = 0
    for card in checked.cards:
        for _, selector in _phrases(card):
            count += 1
            words = selector_words(selector, checked.vocabulary)
            again = binder.single(binder.lex(_atoms(words)))
            if _plain(again) != _plain(selector):
                differ.append(f"{card.name}: {selector.text!r} reads {words!r}")
    assert count > 0  # a ruleset whose cards hold texts has phrases to read back
    assert differ == []


def test_a_comma_list_of_tags_reads_as_one_obstacle_with_any_of_them() -> None:
    checked = check_ruleset(ROOT / "rules" / "six_winters")
    binder = Binder(checked.vocabulary, {}, Diagnostics())
    bound = binder.noun_phrase(binder.lex(_atoms("a Guard, Spy or Foe obstacle at this location")))
    assert isinstance(bound, Selector)
    words = selector_words(bound, checked.vocabulary)
    assert words == "a Guard or Spy or Foe obstacle at this location"
