"""An action that names the model it acts on or with, and a held card that keeps its holder
from taking actions of some sorts with the one it is held against.

An action names a model when a sentence of its text is ``Target <phrase>.`` (the first such,
with no condition) and the phrase finds cards (``Target another company model.``): the one
taking the action chooses among what the phrase finds (a ``choose_target`` decision, recorded
with the step; bots and the table answer it as any other), and the choice is "it" for the
action's other sentences (``dsl.world.matching.target_thing``). With nothing to choose, the
action is not offered (``WorldGame._may_act`` asks ``choices``).

A held card then says whom its holder may not take actions of some sorts with::

    Its holder takes no teamwork actions with its source.

The source is the thing the card was given against (``durations.give(..., source=...)``). The
actions of those sorts are still offered to the holder, but the phrase they name their model by
no longer finds the source; an action left with no model to name is not offered, and an answer
naming the source is refused (a choice recorded before the source was given: the action is
refused, nothing changed). A card held with no source bars no one. The sentence is a check
error at ``with`` when a card of those sorts has a text that names no model: the engine would
not know with whom it is taken (``unpartnered``).

Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from dsl.bound import BoundEffect, BoundSentence, CheckedCard
from dsl.runtime import Context, Span
from dsl.selectors import Selector

if TYPE_CHECKING:
    from .game import WorldGame
    from .restraints import Restraint

from .restraints import PARTNER  # noqa: F401  (the words after the sorts)

TARGET = "target"  # the verb whose phrase names the model


def named(effect: Any) -> Selector | None:
    """The phrase an action's text chooses its model by: the object of its first sentence
    that is a plain ``Target <cards>.`` (no condition, no alternative), if it has one."""
    if not isinstance(effect, BoundEffect) or effect.trigger_label is None:
        return None
    for part in effect.parts:
        if not isinstance(part, BoundSentence) or part.condition is not None:
            continue
        if len(part.alternatives) != 1 or part.mode != "do":
            continue
        clause = part.alternatives[0]
        if clause.verb.casefold() != TARGET:
            continue
        found = clause.role("object")
        if isinstance(found, Selector) and found.noun_category in ("card kind", "card"):
            return found
        return None
    return None


def _carries(card: CheckedCard, sort: tuple[str, ...]) -> bool:
    words = {card.kind.casefold()}
    for value in card.fields.values():
        if isinstance(value, str):
            words.add(value.casefold())
        elif isinstance(value, list | tuple):
            words.update(v.casefold() for v in value if isinstance(v, str))
    return set(sort) <= words


def unpartnered(
    restraints: Mapping[str, list[Restraint]], cards: Iterable[CheckedCard]
) -> list[tuple[str, Span]]:
    """Each ``takes no <sorts> with its source`` for which a card of those sorts has a text
    naming no model (with where ``with`` is written): the engine could not tell the partner."""
    cards = list(cards)
    found: list[tuple[str, Span]] = []
    for kept in restraints.values():
        for r in kept:
            if not r.partner or r.partner_span is None:
                continue
            for card in cards:
                texts = [e for e in card.effects if e.trigger_label is not None]
                if not texts or not any(_carries(card, s) for s in r.sorts):
                    continue
                if not any(named(e) is not None for e in texts):
                    found.append(
                        (
                            f"'with its source' cannot be kept: \"{card.name}\" names no model "
                            "it is taken with (begin its text 'Target <a model>.', the one "
                            "taking it choosing) or forbid the sort outright",
                            r.partner_span,
                        )
                    )
                    break
    return found


# ---- in play -----------------------------------------------------------------------------------


def naming(game: WorldGame, card: str) -> Selector | None:
    """The phrase the action ``card`` names its model by, if its text names one."""
    for ability in game.compiled_card(card).abilities:
        if ability.usage in ("activated", "played"):
            found = named(ability.meaning)
            if found is not None:
                return found
    return None


def barred(game: WorldGame, actor: str, card: str) -> set[str]:
    """The things ``actor`` may not take the action ``card`` with: the sources of the cards it
    holds that forbid actions of that card's sorts with their source."""
    from .restraints import carried, held_by

    found: set[str] = set()
    words: set[str] | None = None
    for effect, restraint in held_by(game, actor):
        source = effect.get("source")
        if not restraint.partner or source is None:
            continue
        words = carried(game, card) if words is None else words
        if any(set(sort) <= words for sort in restraint.sorts):
            found.add(str(source))
    return found


def keep(game: WorldGame, ctx: Context, selector: Selector, found: list[str]) -> list[str]:
    """What an action's naming phrase finds, less the models its taker may not take it with
    (any other phrase, or a taker barred from no one: all that was found)."""
    if ctx.card is None or ctx.actor is None or ctx.card not in game.state.cards:
        return found
    shut = barred(game, str(ctx.actor), str(ctx.card))
    if not shut or naming(game, str(ctx.card)) != selector:
        return found
    return [thing for thing in found if thing not in shut]


def choices(game: WorldGame, actor: str, card: str) -> list[str] | None:
    """The models ``actor`` may name taking the action ``card`` now, those barred left out
    (``None``: its text names no model): what it would be asked among (one: not asked)."""
    phrase = naming(game, card)
    if phrase is None:
        return None
    found: list[str] = game.host.select(Context(game.host, card, actor), phrase)
    return found


def barring(game: WorldGame, actor: str, card: str, partner: str) -> str | None:
    """The card ``actor`` holds that keeps it from taking the action ``card`` with
    ``partner``, if one does."""
    from .restraints import carried, held_by

    for effect, restraint in held_by(game, actor):
        mine = restraint.partner and effect.get("source") == partner
        if mine and any(set(sort) <= carried(game, card) for sort in restraint.sorts):
            return str(effect["card"])
    return None


def still_found(game: WorldGame, ctx: Context, chosen: str) -> str | None:
    """Why the model an action named may not be acted with (a choice recorded before the
    table changed: its taker holds a card against it since), else ``None``. Only the action's
    own naming phrase is barred, so only an action naming a model is refused here."""
    if ctx.card is None or ctx.actor is None or ctx.card not in game.state.cards:
        return None
    if chosen not in barred(game, str(ctx.actor), str(ctx.card)):
        return None
    if naming(game, str(ctx.card)) is None:
        return None
    name = game.state.names.get(chosen, chosen)
    return f"{ctx.actor} takes no {ctx.card} with {name}: it holds a card against it"
