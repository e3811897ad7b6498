"""The entries a campaign of a game played by seats keeps (any ruleset the world engine plays):
a game begun (its seats, seed and bots), each round (what was revealed, what happened, each
player's tracks as the round left them) and the result (scores by category, winners, ranking).
Every payload is a pydantic model; a bundle's entries are checked against them."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from journal.bundle_schema import NAME_LIMIT, TEXT_LIMIT

Name = str  # a seat, a track, a category: at most NAME_LIMIT characters (checked by Field)


class RecordKind(StrEnum):
    GAME = "game"
    ROUND = "round"
    RESULT = "result"
    MOVE = "move"  # a game played at the table, recorded as it is played (journal/world/live.py)
    NOTE = "note"
    STOPPED = "stopped"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameRecord(_Strict):
    """A game begun: who sits at it (in seat order), the seed and the bot of each seat, and
    where its dice come from (``table``: typed at the table, each roll a move of its own)."""

    seats: list[str] = Field(min_length=1, max_length=64)
    seed: int = Field(ge=0)
    bots: list[str] = Field(default_factory=list, max_length=64)
    dice: Literal["generator", "table"] = "generator"
    # the choices of the campaign's setup made for this game (``dsl.world.choices``), by name:
    # a game replayed (--resume, entry amend) is set up with them again
    chosen: dict[str, str] = Field(default_factory=dict, max_length=64)


class Revealed(_Strict):
    player: str = Field(max_length=NAME_LIMIT)
    what: str = Field(default="", max_length=NAME_LIMIT)
    answer: str = Field(max_length=NAME_LIMIT)


class RoundRecord(_Strict):
    """One round (0: what came before the first round, or the whole game when it tells no
    rounds): its title, the choices revealed, what happened
    (one line each, as the ruleset's account tells it), and each player's tracks after it."""

    round: int = Field(ge=0)
    title: str = Field(default="", max_length=NAME_LIMIT)  # "Setup", "Round 2", "The game"
    revealed: list[Revealed] = Field(default_factory=list, max_length=10_000)
    happened: list[str] = Field(default_factory=list, max_length=100_000)
    tracks: dict[str, dict[str, int]] = Field(default_factory=dict)


class Carried(_Strict):
    """What a session of a campaign leaves for the next (``dsl.world.together.carried``): the
    numbers of the game and of the cards, by owner (the game's under ""), the cards burnt, in
    the order they were burnt, and the map's places other cards took (``dsl.world.replacing``:
    a place -> the card in it). The next session starts from it."""

    numbers: dict[str, dict[str, int]] = Field(default_factory=dict, max_length=10_000)
    burnt: list[str] = Field(default_factory=list, max_length=10_000)
    spaces: dict[str, str] = Field(default_factory=dict, max_length=10_000)


class ResultRecord(_Strict):
    """How the game ended: each seat's score and its categories, the winners (several: a
    tie), the ranking and why it ended. A game played together: ``result``, the text's words
    for it ("Major Victory"), and the table's one ``score``. A session of a campaign that goes
    on: no result, and what it leaves for the next (``carried``)."""

    scores: dict[str, int]
    categories: dict[str, dict[str, int]] = Field(default_factory=dict)
    winners: list[str] = Field(default_factory=list)
    ranking: list[str] = Field(default_factory=list)
    why: str = Field(default="", max_length=TEXT_LIMIT)
    result: str = Field(default="", max_length=NAME_LIMIT)
    score: int | None = None
    carried: Carried | None = None


Answer = str | bool | int | list[str | bool | int] | None  # a decision's answer, as JSON


class MoveRecord(_Strict):
    """One question answered at the table: the round, who answered (a seat), what they were
    asked, and what followed, one line an event as the ruleset's account tells it (a choice
    kept face down is told as committed; its card comes with its reveal). ``answer`` is kept
    to play a stopped game on (``--resume``): no page and no ``entry list`` shows it (an
    export carries it)."""

    round: int = Field(ge=0)
    player: str = Field(default="", max_length=NAME_LIMIT)
    asked: str = Field(default="", max_length=TEXT_LIMIT)
    happened: list[str] = Field(default_factory=list, max_length=100_000)
    answer: Answer = None


class NoteRecord(_Strict):
    """A line of narration a person added at the table (``note TEXT``, ``--note``)."""

    round: int = Field(default=0, ge=0)
    text: str = Field(min_length=1, max_length=TEXT_LIMIT)


class StoppedRecord(_Strict):
    """A game played at the table stopped before its end (Ctrl-C, the input closed): what
    was played is kept up to here; the game has no result."""

    round: int = Field(default=0, ge=0)
    why: str = Field(default="", max_length=TEXT_LIMIT)


ENTRY_MODELS: dict[str, type[BaseModel]] = {
    RecordKind.GAME: GameRecord,
    RecordKind.ROUND: RoundRecord,
    RecordKind.RESULT: ResultRecord,
    RecordKind.MOVE: MoveRecord,
    RecordKind.NOTE: NoteRecord,
    RecordKind.STOPPED: StoppedRecord,
}
