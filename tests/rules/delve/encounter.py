"""An encounter of Delve at the table, played by the text's procedure: four of the example
models (models.rules) on the table (the caster's sheet stays at camp), the GM answering "pass"
for each model's action and declaring none for each (modifier 0), the dice scripted (each round
the die of who declares first, then one initiative d6 per model, in the order the cards lie)."""

from __future__ import annotations

from typing import Any

from dsl.world import durations
from dsl.world.game import WorldGame, new_game
from dsl.world.model import GAME

COMPANY = ("Wenna Ashgrove", "Odo Vantry")
ADVERSARIES = ("Tunnel Rat", "Rat Chief")
INITIATIVE = [5, 2, 3, 1]  # Wenna 5+4, Odo 2+2, Tunnel Rat 3+3, Rat Chief 1+2
DECLARING = 4  # the company declares first (even)
AWAY = ("Osric Vell",)  # a sheet of models.rules that this encounter leaves at camp


def encounter(
    delve: Any,
    *,
    fortune: int = 0,
    surprise: int = 0,
    initiative: list[int] | None = None,
    hold: tuple[tuple[str, str, int], ...] = (),
) -> WorldGame:
    """An encounter set up by the GM (fortune, who is surprised, conditions given) and begun: at
    the first model's action."""
    first = [DECLARING, *(initiative or INITIATIVE)]
    game = new_game(delve, seed=4, players=1, dice=[*first, *[DECLARING, *INITIATIVE] * 6])
    game.ops.set(GAME, "fortune", fortune, why="the company's fortune")
    game.ops.set(GAME, "surprise", surprise, why="the GM")
    for model in AWAY:  # the GM chooses who is in the encounter
        game.ops.move_card(model, zone="camp", why="the GM: not in this encounter")
    for holder, condition, counters in hold:
        durations.give(game, holder, condition, counters, why="the GM")
    game.start_phase("Encounter")
    no_copies(game)
    declare_none(game)
    return game


def no_copies(game: WorldGame) -> None:
    """The setup's step of copies (``Bring up to 9 copies of each adversary model in play into
    play.``) answered with none for each adversary."""
    while (decision := game.pending()) is not None and decision.kind == "choose_value":
        game.apply(0)


def declare_none(game: WorldGame) -> None:
    """Each model asked its declaration declares none (its modifier 0)."""
    while (decision := game.pending()) is not None and decision.kind == "declare":
        game.apply("pass")


def names(game: WorldGame) -> list[str]:
    return [*COMPANY, *ADVERSARIES]


def turns(game: WorldGame, count: int) -> list[str]:
    """Whose activations come next, ``count`` of them, each passed."""
    seen = []
    for _ in range(count):
        decision = game.pending()
        assert decision is not None
        seen.append(str(decision.who))
        game.apply("pass")
        declare_none(game)
    return seen


def run_round(game: WorldGame) -> list[str]:
    """The rest of this round: every model on the table acts (passes), then bookkeeping."""
    on_table = sum(1 for m in names(game) if game.state.cards[m]["at"])
    return turns(game, on_table)
