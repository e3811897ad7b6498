"""The procedure words the world engine knows: its own steps (``do take an action``), the things
a ``for each`` goes through, and the conditions a ``play ... until`` waits for.

Registered in tables, never found by names built from the words. A ruleset with primitives of
its own adds its words in front (``world_words(steps={...})``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from dsl.procedure import NO_WORDS, ProcedureWords

from . import phrases
from .players import FORMS as ORDER_FORMS
from .players import order_step
from .rolled import FORMS as ROLLED_FORMS
from .rolled import rolled_step
from .step_pieces import as_piece


def _until_the_game_ends(game: Any) -> bool:
    return bool(game.state.over)


def _until_every_player_passed(game: Any) -> bool:
    st = game.state
    return all(p in st.passed for p in st.players)


UNTIL: dict[str, Callable[[Any], bool]] = {
    "the game ends": _until_the_game_ends,
    "every player has passed": _until_every_player_passed,
    "all players pass": _until_every_player_passed,
}


class WorldWords:
    """``ProcedureWords`` of the world engine, with a ruleset's own in front."""

    def __init__(
        self,
        steps: Mapping[str, Callable[..., Any]] | None = None,
        until: Mapping[str, Callable[[Any], bool]] | None = None,
        conditions: Mapping[str, Callable[[Any], bool]] | None = None,
    ) -> None:
        from .game import ENGINE_STEPS

        self.tables: dict[str, dict[str, Callable[..., Any]]] = {
            "step": {
                **ENGINE_STEPS,
                # a ruleset's own steps run as pieces, so their dice can be the table's
                **{k.casefold(): as_piece(v) for k, v in (steps or {}).items()},
            },
            "until": {**UNTIL, **{k.casefold(): v for k, v in (until or {}).items()}},
            "if": {k.casefold(): v for k, v in (conditions or {}).items()},
        }

    def find(self, use: str, words: str) -> Callable[..., Any] | None:
        folded = " ".join(words.casefold().split())
        if use == "each":
            return _each(folded) if " " not in folded else phrases.each(folded)
        if use == "order":
            return phrases.order(folded)
        if use == "step" and (ordered := order_step(folded)) is not None:
            return ordered  # orders placed and resolved, a final score (dsl.world.players)
        if use == "step" and (rolled := rolled_step(folded)) is not None:
            return rolled  # a table rolled, a check with a member, a declaration (rolled.py)
        found = self.tables.get(use, {}).get(folded)
        if found is None and use == "until":
            return phrases.until(folded)
        if found is None and use == "step":
            found = phrases.step(folded)
        if found is None and use == "step" and folded.startswith(FIRE):
            return _fire(folded.removeprefix(FIRE))
        return found

    def known(self, use: str) -> list[str]:
        if use == "each":
            return ["player", "place"]
        if use == "step":
            forms = [*ORDER_FORMS, *phrases.STEP_FORMS, *ROLLED_FORMS]
            return sorted([*self.tables["step"], FIRE + "<trigger>", *forms])
        if use == "until":
            return sorted([*self.tables["until"], *phrases.UNTIL_FORMS])
        return sorted(self.tables.get(use, {}))


# "do fire lurk": each card in play with a "Lurk" text runs it, in the order they came into play
FIRE = "fire "


def _fire(label: str) -> Callable[[Any], None]:
    def fire(game: Any) -> None:
        game.fire(label)

    fire.__name__ = f"fire {label}"
    return fire


def _each(noun: str) -> Callable[[Any], list[str]]:
    def each(game: Any) -> list[str]:
        from .game import each_of

        return each_of(game, noun)

    each.__name__ = f"each {noun}"
    return each


WORLD_WORDS: ProcedureWords = WorldWords()


def world_words(**extra: Any) -> ProcedureWords:
    """The world engine's words with a ruleset's own (``steps``, ``until``, ``conditions``)."""
    return WorldWords(**extra)


def procedure_words(module: Any) -> ProcedureWords:
    """The procedure words of a ruleset's primitives module (``procedure_words``; none if it
    registers none); with no module of its own a ruleset plays on the world engine, whose words
    these are."""
    if module is None:
        return WORLD_WORDS
    found = getattr(module, "procedure_words", None)
    return found if found is not None else NO_WORDS
