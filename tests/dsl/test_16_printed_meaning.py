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

from dsl.bound import CheckedCard
from dsl.checker import bind_printed
from dsl.loader import check_ruleset
from dsl.printer import effect_text
from dsl.runtime import Span

RULESETS = [TOY, *sorted(p.parent for p in (ROOT / "rules").glob("*/ruleset.rules"))]
_NOWHERE = Span("", 0, 0, 0, 0)


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


@pytest.mark.parametrize("folder", RULESETS, ids=lambda p: Path(p).name)
def test_every_printed_ability_binds_again_to_what_it_was_printed_from(folder: Path) -> None:
    checked = check_ruleset(folder)
    differ = []
    count = 0
    for card in checked.cards:
        for side in _sides(card):
            for effect in side.effects:
                count += 1
                printed = effect_text(effect, checked.vocabulary)
                again, diagnostics = bind_printed(checked, card.kind, [printed])
                if diagnostics.errors or len(again) != 1:
                    differ.append(f"{card.name}: {printed!r} does not check: {diagnostics.render()}")
                elif meaning(again[0]) != meaning(effect):
                    differ.append(f"{card.name}: {printed!r} binds to another meaning")
    assert count > 10
    assert differ == []
