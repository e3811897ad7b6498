"""The game kernel: what every ruleset's engine stands on, naming no game.

- ``machine``: the session machine (frames, snapshot-and-replay of decisions, chance points,
  the event log, ``pending / apply / clone / to_json / from_json / replay``);
- ``random``: the one seeded generator;
- ``table``: generic pieces of a table (zones and decks, meters, supplies, dice, a board,
  step tracks with breaks);
- ``flat``: the machine's state hooks generated for a flat dataclass state;
- ``text``: questions answered with free text, checked for length and characters;
- ``players``: what each player may see, choices sealed and revealed later, results per player.
"""

from dsl.kernel.machine import (
    AnswerRefused,
    Event,
    Frame,
    IllegalMove,
    KernelDecision,
    Machine,
    PieceRefused,
    PrivateEvent,
    check_answer,
    iter_decisions,
    play,
    replay,
)
from dsl.kernel.players import (
    FACE_DOWN,
    PlayerEvent,
    Sealed,
    SealedDecision,
    Standing,
    choose_sealed,
    ranked,
    reveal,
    seal,
    seen,
)
from dsl.kernel.random import GameRandom
from dsl.kernel.table import (
    Board,
    Die,
    Meter,
    StepMark,
    StepTrack,
    Supply,
    TableError,
    Visibility,
    Zone,
)
from dsl.runtime import new_decision

__all__ = [
    "FACE_DOWN",
    "AnswerRefused",
    "Board",
    "Die",
    "Event",
    "Frame",
    "GameRandom",
    "IllegalMove",
    "KernelDecision",
    "Machine",
    "Meter",
    "PieceRefused",
    "PlayerEvent",
    "PrivateEvent",
    "Sealed",
    "SealedDecision",
    "Standing",
    "StepMark",
    "StepTrack",
    "Supply",
    "TableError",
    "Visibility",
    "Zone",
    "check_answer",
    "choose_sealed",
    "iter_decisions",
    "new_decision",
    "play",
    "ranked",
    "replay",
    "reveal",
    "seal",
    "seen",
]
