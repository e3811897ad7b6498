"""Seasons as the registry finds it: the folder's text, played by the world engine's plugin
(``rules/text``) under the name ``seasons`` (the entry point of ``chronicler.rulesets`` in
``pyproject.toml``), with its own bots (``bots.py``: random, heuristic, lookahead, or one a
seat)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from dsl.contract import Bot, Facts, GameSetup, Ruleset
from dsl.errors import ChroniclerError
from rules.text.plugin import RULESET as TEXT
from rules.text.plugin import Engine as TextEngine
from rules.text.plugin import Playtest as TextPlaytest

if TYPE_CHECKING:
    from dsl.world.game import WorldGame


@dataclass(frozen=True)
class Bots:
    default: str = "heuristic"

    def names(self) -> tuple[str, ...]:
        from .bots import BOTS, Names

        return Names(BOTS)

    def make(self, name: str, seed: int) -> Bot:
        from .bots import make

        made: Bot = make(name, seed)
        return made


@dataclass(frozen=True)
class Engine(TextEngine):
    """The world engine's, binding a bot that looks ahead to the game it plays."""

    def new_game(self, setup: GameSetup, bot: Bot) -> WorldGame:
        game = super().new_game(setup, bot)
        bind = getattr(bot, "bind", None)
        if callable(bind):
            bind(game)
        return game


@dataclass(frozen=True)
class Playtest(TextPlaytest):
    """Seasons' games for ``chronicler simulate``; ``--bot heuristic,random`` seats a bot a
    seat (as many seats as names), each bot in each seat in turn over the seeds."""

    def play(self, bot: str, seed: int, last: int) -> list[Facts]:
        from rules.text.playtest import play_game, seated

        if bot not in Bots().names():
            raise ChroniclerError(f"no bot {bot!r} plays Seasons")
        seats = seated(bot, seed)  # a comma list: a bot a seat, turned by the seed
        player = Bots().make(",".join(seats), seed)
        setup = GameSetup(seed=seed, seats=len(seats) if len(seats) > 1 else None)
        game = Engine(self.folder).new_game(setup, player)
        return [
            play_game(game, player, seats * len(game.state.players) if len(seats) == 1 else seats)
        ]


@dataclass(frozen=True)
class Plugin:
    name: str = "seasons"
    folder: Path = Path(__file__).resolve().parent
    primitives: str | None = "rules.seasons.primitives"

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        text = TEXT.bind(name, folder, shipped=shipped)
        return replace(text, engine=Engine(folder), bots=Bots(), playtest=Playtest(folder))


RULESET = Plugin()
