"""Six Winters v19.7 as the registry finds it: the folder's text, read by the world engine's
plugin (``rules/text``) under the name ``six-winters-v19`` (the entry point of
``chronicler.rulesets`` in ``pyproject.toml``), with its own bots (``bots.py``: random and
heuristic, counted apart) and the text's playtest questions (``playtest.py``). What the text
cannot say is in ``STATUS.md``.

Its procedure is text (``procedure.rules``): the world engine plays a session of it
(``chronicler play six-winters-v19 --seed 1``, ``chronicler simulate six-winters-v19``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from dsl.contract import Bot, Facts, Ruleset
from dsl.errors import ChroniclerError
from rules.text.plugin import RULESET as TEXT
from rules.text.plugin import Playtest as TextPlaytest
from rules.text.plugin import new_world_game


@dataclass(frozen=True)
class Bots:
    default: str = "heuristic"

    def names(self) -> tuple[str, ...]:
        from .bots import BOTS

        return tuple(BOTS)

    def make(self, name: str, seed: int) -> Bot:
        from .bots import make

        made: Bot = make(name, seed)
        return made


@dataclass(frozen=True)
class Playtest(TextPlaytest):
    """A session a game, played by the edition's bots; its facts add the text's questions."""

    figures: tuple[str, ...] = ("questions", "counts")

    def play(self, bot: str, seed: int, last: int) -> list[Facts]:
        from rules.text.playtest import play_game

        from .playtest import questions

        if bot not in Bots().names():
            raise ChroniclerError(f"no bot {bot!r} plays Six Winters v19.7")
        game = new_world_game(self.folder, seed, None)
        facts = play_game(game, Bots().make(bot, seed))
        facts["counts"] = [*facts["counts"], *questions(game, facts["counts"])]
        return [facts]


@dataclass(frozen=True)
class Plugin:
    name: str = "six-winters-v19"
    folder: Path = Path(__file__).resolve().parent
    primitives: str | None = None

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        text = TEXT.bind(name, folder, shipped=shipped)
        return replace(text, bots=Bots(), playtest=Playtest(folder))


RULESET = Plugin()
"""Six Winters v19.7, the designer's earlier edition, as text the world engine reads."""
