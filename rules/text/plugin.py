"""The world engine's part of the ruleset contract: what a folder of text with no engine of its
own plays, prints and journals with (``rules/registry.py`` binds ``RULESET`` to such a folder).

- the engine is ``dsl.world.game.new_game``, the bots ``dsl.world.bots.BOTS``;
- the account tells one line per world event (``account.py``);
- cards print through the folder's own ``faces/`` when it has one (a ``faces.toml`` or any
  ``<kind>.svg.j2``), the kinds it does not draw through one layout for every kind
  (``faces/card.svg.j2`` here), and through that layout alone when it has none;
- ``simulate`` plays whole games and stores each seat's result and score (``playtest.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dsl.contract import (
    Bot,
    Facts,
    Game,
    GameSetup,
    JournalPart,
    Outcome,
    Printing,
    Ruleset,
    SitePages,
)
from dsl.errors import ChroniclerError, UsageError

if TYPE_CHECKING:
    from dsl.compiler import CompiledRuleset
    from dsl.kernel.machine import Event
    from dsl.world.game import WorldGame

FACES = Path(__file__).resolve().parent / "faces"  # one layout for every kind of card


def _compiled(folder: Path) -> CompiledRuleset:
    from dsl.loader import load_ruleset

    return load_ruleset(folder)


@dataclass(frozen=True)
class Reader:
    def load(self, folder: Path) -> object:
        return _compiled(folder)

    def compiled(self, folder: Path) -> CompiledRuleset:
        return _compiled(folder)


def _world_game(game: Game) -> WorldGame:
    from dsl.world.game import WorldGame

    if not isinstance(game, WorldGame):
        raise TypeError(f"not a world game: {type(game).__name__}")
    return game


def new_world_game(
    folder: Path, seed: int, seats: int | Sequence[str] | None, *, table_dice: bool = False
) -> WorldGame:
    """A game of the folder's text: ``seats`` players (the fewest it allows when ``None``);
    ``table_dice``: every die is asked of the table (a ``roll`` decision), not the generator's."""
    from dsl.world.declare import world_of
    from dsl.world.game import new_game

    compiled = _compiled(folder)
    low, high = world_of(compiled).players
    players: int | list[str] = (
        low if seats is None else (seats if isinstance(seats, int) else list(seats))
    )
    count = players if isinstance(players, int) else len(players)
    if not low <= count <= high:
        raise UsageError(f"--players: {compiled.name} is for {low} to {high} players, not {count}")
    return new_game(compiled, seed=seed, players=players, table_dice=table_dice)


DICE, TABLE_DICE = "dice", "table"  # ``GameSetup.options``: where the dice come from
DICE_FROM = ("generator", TABLE_DICE)


def _choose(game: WorldGame, setup: GameSetup, choices: dict[str, Any]) -> None:
    """The choices ``setup.options`` makes (``--choose difficulty=tragedy``): a new campaign's
    only, the next session keeping what the campaign chose when it started."""
    from dsl.world.choices import ChoiceError, choose, chosen

    for option, value in setup.options.items():
        if option.casefold() not in choices:
            continue
        name = choices[option.casefold()].name
        if setup.carried:
            raise UsageError(
                f"--choose {name}: the campaign chose its {name} when it started "
                f"({chosen(game, name)}), and keeps it"
            )
        try:
            choose(game, name, str(value))
        except ChoiceError as error:
            raise UsageError(f"--choose {name}={value}: {error}") from None


@dataclass(frozen=True)
class Engine:
    folder: Path

    def choices(self) -> dict[str, Any]:
        """The choices made at the campaign's setup (``dsl.world.choices``), by folded name."""
        from dsl.world.choices import choices_of

        return dict(choices_of(_compiled(self.folder).vocabulary.world))

    def new_game(self, setup: GameSetup, bot: Bot) -> WorldGame:
        choices = self.choices()
        for option, value in setup.options.items():
            if option.casefold() in choices:  # --choose difficulty=standard: made below
                continue
            if option != DICE or value not in DICE_FROM:  # --dice table: typed at the table
                raise UsageError(f"--{option} is not an option of a game written in text")
        if setup.characters:
            raise UsageError("--characters: a game written in text is played by seats (--players)")
        table = setup.options.get(DICE) == TABLE_DICE
        game = new_world_game(self.folder, setup.seed, setup.seats, table_dice=table)
        if setup.carried:  # the next session of a campaign: from what the last one left
            from dsl.world.together import CarryError, carry_into

            try:
                carry_into(game, setup.carried)
            except CarryError as error:
                raise ChroniclerError(f"the campaign cannot go on: {error}") from None
        _choose(game, setup, choices)
        return game

    def outcome(self, game: Game) -> Outcome:
        from dsl.world.events import WorldEvent

        from .account import _esc

        world = _world_game(game)
        result = world.state.result
        scores = {str(p): int(n) for p, n in dict(result.get("scores", {})).items()}
        winners = tuple(str(p) for p in result.get("tied", ()))
        why = next(
            (
                str(e.data.get("why", ""))
                for e in reversed(world.events)
                if e.kind == WorldEvent.GAME_ENDED
            ),
            "",
        )
        if not world.state.over:
            return Outcome(tuple(world.state.players), (), scores, "not over", ("Not over.",))
        together = _together(result, why)  # played together, a campaign's session
        if together is not None:
            from dsl.world.together import carried

            return Outcome(
                tuple(world.state.players),
                winners,
                scores,
                why,
                (together,),
                result=str(result.get("result") or ""),
                score=None if result.get("score") is None else int(result["score"]),
                carried=carried(world),  # the last session's too: the tracks it ended on
            )
        ranking = ", ".join(f"{_esc(p)} {scores.get(p, 0)}" for p in result.get("ranking", ()))
        head = (
            f"[bold]{_esc(winners[0])} wins[/]"
            if len(winners) == 1
            else f"[bold]A tie[/] between {', '.join(_esc(w) for w in winners)}"
        )
        by = dict(result.get("categories", {}))  # a score by categories, when it has them
        categories = tuple(
            f"  {_esc(p)}: " + ", ".join(f"{_esc(c)} {n}" for c, n in by[p].items())
            for p in result.get("ranking", ())
            if p in by
        )
        return Outcome(
            seats=tuple(world.state.players),
            winners=winners,
            scores=scores,
            reason=why,
            lines=(f"{head} ({_esc(why)}): {ranking}.", *categories),
            categories={str(p): {str(c): int(n) for c, n in dict(by[p]).items()} for p in by},
        )


def _together(result: dict[str, Any], why: str) -> str | None:
    """The closing line of a game played together or of a campaign's session
    (``dsl.world.together``); ``None`` for a game whose seats are ranked."""
    from .account import _esc

    if result.get("session"):
        at = result["session"]
        return (
            f"[bold]The session ends[/]: {_esc(at['number'])} {_esc(at['at'])}, "
            f"the campaign goes on ({_esc(why)})."
        )
    if result.get("result") is None:
        return None
    won = "every seat wins" if result.get("tied") else "no seat wins"
    return (
        f"[bold]{_esc(result['result'])}[/] for the table, score {int(result.get('score', 0))}: "
        f"{won} ({_esc(why)})."
    )


@dataclass(frozen=True)
class Bots:
    default: str = "random"

    def names(self) -> tuple[str, ...]:
        from dsl.world.bots import BOTS

        return tuple(BOTS)

    def make(self, name: str, seed: int) -> Bot:
        from dsl.world.bots import BOTS

        made: Bot = BOTS[name](seed)
        return made


@dataclass(frozen=True)
class Account:
    def narrate(self, events: Sequence[Event]) -> list[str]:
        from .account import narrate

        return narrate(events)


@dataclass(frozen=True)
class Playtest:
    """A simulation plays whole games, one session each, and keeps each seat's result."""

    folder: Path
    sessions: int = 1
    supply_value: str | None = None
    figures: tuple[str, ...] = ("seats", "places", "bots", "categories", "length", "uses")

    @property
    def ablate_kinds(self) -> tuple[str, ...]:
        return tuple(_compiled(self.folder).vocabulary.card_kinds)

    def play(self, bot: str, seed: int, last: int) -> list[Facts]:
        from .playtest import play_game

        if bot not in Bots().names():
            raise ChroniclerError(f"no bot {bot!r} plays a game written in text")
        game = new_world_game(self.folder, seed, None)
        return [play_game(game, Bots().make(bot, seed), [bot] * len(game.state.players))]

    def replay(self, sessions: Sequence[Facts]) -> WorldGame:
        if not sessions:
            raise ChroniclerError("no game to replay")
        stored = sessions[-1]
        game = new_world_game(self.folder, int(stored["seed"]), list(stored["characters"]))
        for answer in stored["answers"]:
            game.apply(answer)
        game.pending()
        return game


def _faces(folder: Path) -> tuple[Path, tuple[Path, ...]]:
    """The folder's own ``faces/`` when it has a ``faces.toml`` or any layout, falling back on
    the one layout for the kinds it does not draw; else the one layout alone."""
    own = folder / "faces"
    if own != FACES and ((own / "faces.toml").is_file() or any(own.glob("*.svg.j2"))):
        return own, (FACES,)
    return FACES, ()


@dataclass(frozen=True)
class Plugin:
    """Bound to any folder of text with no engine of its own; never registered by name."""

    name: str = "world"
    folder: Path = FACES.parent
    primitives: str | None = None

    def bind(self, name: str, folder: Path, *, shipped: bool) -> Ruleset:
        faces, under = _faces(folder)
        return Ruleset(
            name=name,
            folder=folder,
            package=__name__.rpartition(".")[0],
            shipped=shipped,
            reader=Reader(),
            journal=JournalPart(
                account=Account(),
                table="",
                entries=("game", "round", "result", "move", "note", "stopped"),  # payloads.py
                site=SitePages.GAMES,
                keeper="journal.world",
            ),
            printing=Printing(faces, under),
            engine=Engine(folder),
            bots=Bots(),
            playtest=Playtest(folder),
        )


RULESET = Plugin()
