"""The entries a campaign of a game played by seats keeps (any ruleset the world engine plays):
a game begun (its seats, seed and bots), each round (what was revealed, what happened, each
player's tracks as the round left them) and the result (scores by category, winners, ranking).
Every payload is a pydantic model; a bundle's entries are checked against them."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from journal.bundle_schema import NAME_LIMIT, TEXT_LIMIT

Name = str  # a seat, a track, a category: at most NAME_LIMIT characters (checked by Field)


class RecordKind(StrEnum):
    GAME = "game"
    ROUND = "round"
    RESULT = "result"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameRecord(_Strict):
    """A game begun: who sits at it (in seat order), the seed and the bot of each seat."""

    seats: list[str] = Field(min_length=1, max_length=64)
    seed: int = Field(ge=0)
    bots: list[str] = Field(default_factory=list, max_length=64)


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


class ResultRecord(_Strict):
    """How the game ended: each seat's score and its categories, the winners (several: a
    tie), the ranking and why it ended."""

    scores: dict[str, int]
    categories: dict[str, dict[str, int]] = Field(default_factory=dict)
    winners: list[str] = Field(default_factory=list)
    ranking: list[str] = Field(default_factory=list)
    why: str = Field(default="", max_length=TEXT_LIMIT)


ENTRY_MODELS: dict[str, type[BaseModel]] = {
    RecordKind.GAME: GameRecord,
    RecordKind.ROUND: RoundRecord,
    RecordKind.RESULT: ResultRecord,
}
