"""Before a game starts: each number a ``for each <noun> in order of <number> then ...`` step
sorts by is one every card the noun names holds (a number the ruleset declares, a number field
of its card, or a rank of a ranks field: ``dsl.world.phrases.number_of``); else the step is
refused at the phrase's place, as ``chronicler check`` tells it (``dsl.world.game.refused_step``),
not in the middle of a round ("Pikeman has no number 'rank'").

Nothing here names a game: the noun, the kinds, the tags and the numbers are the ruleset's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .model import PLAYER

if TYPE_CHECKING:
    from .game import WorldGame


def check(game: WorldGame) -> None:
    """Each ordered step's numbers against the cards its noun names (a ``StepRefused`` at the
    phrase for the first card holding none of one)."""
    from .players import StepRefused

    for phase in game.procedure:
        for step in phase.steps:
            names = getattr(getattr(step.each, "order_by", None), "names", None)
            if not names or not step.each_noun:
                continue
            cards = named_cards(game, step.each_noun)
            for name in names:
                if game.world.property(name) is not None:
                    continue  # a number the ruleset declares: every thing holds it
                for card in cards:
                    if not _holds(card.fields, name):
                        span = getattr(step.each, "order_span", None) or step.span
                        raise StepRefused(
                            step,
                            f"{card.name} has no number '{name}' to be ordered by "
                            f"(a {card.kind} holds it as a number field or a rank)",
                            span,
                        )


def named_cards(game: WorldGame, noun: str) -> list[Any]:
    """The ruleset's cards a ``for each`` noun names, as ``phrases.things_in_play`` finds them
    in play (a kind, tags before it, or tags alone); none for the players and the places."""
    words = noun.casefold().split()
    if not words:
        return []
    cards = list(game.ruleset.all_cards)
    kinds = {c.kind.casefold() for c in cards} | {k.casefold() for k in game.world.card_kinds}
    last = words[-1].rstrip("s")
    if len(words) == 1 and last in (PLAYER, (game.world.place_kind or "").casefold()):
        return []
    kind = last if last in kinds else None
    tags = [t.rstrip("s") or t for t in (words[:-1] if kind is not None else words)]
    return [
        c
        for c in cards
        if (kind is None or c.kind.casefold() == kind)
        and all(_tagged(c.fields.values(), tag) for tag in tags)
    ]


def _tagged(values: Iterable[Any], tag: str) -> bool:
    for value in values:
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and v.casefold().rstrip("s") == tag:
                return True
    return False


def _holds(fields: Any, name: str) -> bool:
    folded = name.casefold()
    for field, value in fields.items():
        if str(field).casefold() == folded and isinstance(value, int):
            return True
        if isinstance(value, dict) and any(
            str(m).casefold() == folded and isinstance(r, int) for m, r in value.items()
        ):
            return True
    return False
