"""What a card prints is what it runs (issue 14): the printed wording is written from the bound
meaning, and reading the printed wording back binds to the same meaning.

For every card of every ruleset and of the toy game: print each ability and rule from what the
checker bound (``dsl.printer``), parse and bind that print again as card text, and compare the
meaning (every bound field but the words as typed and their positions).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dsl_testing import ROOT, TOY

from dsl.behaviour import parse_fixtures
from dsl.bound import CheckedCard
from dsl.checker import CheckedRuleset, bind_printed
from dsl.loader import Source, check_ruleset, check_sources, read_sources, ruleset_files
from dsl.printer import effect_text
from dsl.runtime import Span

RULESETS = [
    TOY,
    *sorted(p.parent for p in (ROOT / "rules").glob("*/ruleset.rules")),
    ROOT / "tests" / "dsl" / "fixtures" / "world" / "lantern",  # the world's forms, numbers
]
_NOWHERE = Span("", 0, 0, 0, 0)
FIXTURE_FILES = sorted((ROOT / "tests" / "rules" / "six_winters" / "fixtures").glob("*.fixture"))


def meaning(value: Any) -> Any:
    """A bound value without what differs by design: the words as typed and where they were."""
    if isinstance(value, tuple):
        return tuple(meaning(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            current = getattr(value, f.name)
            if f.name in ("text", "label_text") and isinstance(current, str):
                changes[f.name] = ""
            elif isinstance(current, Span):
                changes[f.name] = _NOWHERE
            else:
                changes[f.name] = meaning(current)
        return dataclasses.replace(value, **changes)
    return value


def _sides(card: CheckedCard) -> Iterator[CheckedCard]:
    yield card
    for _, side in card.blocks:
        yield from _sides(side)


def _differences(checked: CheckedRuleset, cards: list[CheckedCard]) -> tuple[int, list[str]]:
    differ = []
    count = 0
    for card in cards:
        for side in _sides(card):
            for effect in side.effects:
                count += 1
                printed = effect_text(effect, checked.vocabulary)
                again, diagnostics = bind_printed(checked, card.kind, [printed])
                if diagnostics.errors or len(again) != 1:
                    differ.append(
                        f"{card.name}: {printed!r} does not check: {diagnostics.render()}"
                    )
                elif meaning(again[0]) != meaning(effect):
                    differ.append(f"{card.name}: {printed!r} binds to another meaning")
    return count, differ


@pytest.mark.parametrize("folder", RULESETS, ids=lambda p: Path(p).name)
def test_every_printed_ability_binds_again_to_what_it_was_printed_from(folder: Path) -> None:
    checked = check_ruleset(folder)
    if not checked.cards:  # a ruleset of procedure and values only (tags-and-tracks)
        pytest.skip(f"{folder.name} writes no cards: no phrase to read back")
    if not any(side.effects for card in checked.cards for side in _sides(card)):
        pytest.skip(f"{folder.name}'s cards hold fields only (delve): no ability to print")
    count, differ = _differences(checked, checked.cards)
    assert count > 0  # a ruleset whose cards hold texts has abilities to print
    assert differ == []


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: Path(p).name)
def test_every_fixture_card_prints_what_it_binds_to(path: Path) -> None:
    """The cards behaviour fixtures bring (the language's newer forms among them)."""
    _, fixtures, problems = parse_fixtures(path.read_text(), str(path))
    assert problems == []
    count = 0
    for fixture in fixtures:
        if not fixture.cards:
            continue
        folder = ROOT / "rules" / (fixture.ruleset or "").replace("-", "_")
        sources, _ = read_sources(ruleset_files(folder))
        sources.append(Source(str(path), fixture.cards))
        checked = check_sources(sources, str(folder))
        assert not checked.diagnostics.errors, checked.diagnostics.render()
        own = [c for c in checked.cards if c.span.file == str(path)]
        found, differ = _differences(checked, own)
        count += found
        assert differ == [], fixture.name
    assert count > 0 or not any(f.cards for f in fixtures)
