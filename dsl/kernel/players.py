"""Players as things: what each player may see, choices made face down and shown later, and
each player's result (OpenSpiel's observation per player, simultaneous moves and returns).

- **Seen by whom.** ``seen(who, thing)`` is what player ``who`` may see of a part of the
  table: a ``Sealed`` value shows its value to its owner (and to everyone once shown), else
  ``FACE_DOWN``; a ``Zone`` shows its cards or only how many (``Zone.seen_by``); dicts, lists
  and tuples are walked. A game's ``observation(player)`` builds its view through it, so a
  hidden part cannot leak by being forgotten.
- **Sealed choices.** ``choose_sealed`` asks several players the same question one after the
  other, each answer kept face down (a ``Sealed`` in the game's state, a ``choice_sealed``
  event told to its owner only, a public ``choice_made`` that says only who has chosen): no
  player's decision, observation or events show another's answer. ``reveal`` turns them
  face up, and only then does the public log hold them (``choice_revealed``). A choice kept
  face down for later (a bid, a card played face down) is ``seal``-ed the same way.
- **Results.** ``ranked(scores)`` gives a game's ``Standing``: each player's return, the
  winners and the ranking (ties share a place).

Every value here is plain data (a ``Sealed`` is a dict), so a state holding them snapshots,
copies and round-trips through JSON like any other (``dsl.kernel.flat``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypedDict

from dsl.kernel.table import Zone
from dsl.runtime import Context, Decision

if TYPE_CHECKING:
    from dsl.kernel.machine import Machine

FACE_DOWN = "face down"  # what a player sees of another's sealed choice


class PlayerEvent(StrEnum):
    """The events the kernel tells of sealed choices."""

    CHOICE_SEALED = "choice_sealed"  # told to its owner only: what they chose
    CHOICE_MADE = "choice_made"  # public: who has chosen (not what)
    CHOICE_REVEALED = "choice_revealed"  # public: every sealed choice of the question, face up


class Sealed(TypedDict):
    """A value one player knows and the others do not (yet): a bid, a card played face down."""

    owner: str
    value: Any
    shown: bool


def seal(owner: str, value: Any) -> Sealed:
    return {"owner": owner, "value": value, "shown": False}


def _is_sealed(thing: Any) -> bool:
    return type(thing) is dict and thing.keys() == {"owner", "value", "shown"}


def seen(who: str | None, thing: Any) -> Any:
    """What ``who`` (``None``: someone who is no player, such as a spectator) may see of
    ``thing``, as plain data: sealed values face down unless theirs or shown, zones as
    ``Zone.seen_by`` shows them, everything else as it is."""
    if _is_sealed(thing):
        if thing["shown"] or (who is not None and who == thing["owner"]):
            return seen(who, thing["value"])
        return FACE_DOWN
    if isinstance(thing, Zone):
        return thing.seen_by(who)
    if isinstance(thing, dict):
        return {k: seen(who, v) for k, v in thing.items()}
    if isinstance(thing, list | tuple):
        return [seen(who, v) for v in thing]
    return thing


@dataclass(frozen=True, slots=True)
class SealedDecision(Decision):
    """A question several players answer without seeing each other's answers (``players``,
    in the order they are asked); this one asks ``who``. A bot or a person answering it knows
    that its answer stays face down until the game shows it."""

    players: tuple[str, ...] = ()


def choose_sealed(
    machine: Machine,
    ctx: Context,
    kind: str,
    players: Sequence[str],
    options: Sequence[Any] | Callable[[str], Sequence[Any]],
    prompt: str,
    kept: dict[str, Any],
) -> Generator[Decision, Any, dict[str, Any]]:
    """Ask each of ``players`` the same question, each answer sealed as it is given (kept in
    ``kept``, a part of the game's state, by player); for a piece written as a generator:
    ``bids = yield from choose_sealed(self, ctx, ...)``. ``options`` may depend on the player.
    Returns ``kept``."""
    asked = tuple(players)
    for player in asked:
        offered = options(player) if callable(options) else options
        answer = yield SealedDecision(
            kind=kind,
            who=player,
            prompt=prompt,
            options=tuple(offered),
            source=ctx.span,
            players=asked,
        )
        kept[player] = seal(player, answer)
        machine.tell((player,), PlayerEvent.CHOICE_SEALED, player=player, value=answer)
        machine.emit(PlayerEvent.CHOICE_MADE, player=player)
    return kept


def reveal(machine: Machine, kept: Mapping[str, Any], what: str = "") -> dict[str, Any]:
    """Turn every sealed value of ``kept`` face up and tell them all (``choice_revealed``);
    returns the values by player."""
    shown: dict[str, Any] = {}
    for player, thing in kept.items():
        if _is_sealed(thing):
            thing["shown"] = True
            shown[player] = thing["value"]
    machine.emit(PlayerEvent.CHOICE_REVEALED, what=what, choices=dict(shown))
    return shown


@dataclass(frozen=True, slots=True)
class Standing:
    """Each player's result once a game is over: ``returns`` (OpenSpiel's: a score or a
    payoff per player), the ``winners`` and the ``ranking`` (groups of tied players, best
    first)."""

    returns: dict[str, float]
    winners: tuple[str, ...]
    ranking: tuple[tuple[str, ...], ...]

    def place(self, player: str) -> int:
        """A player's place, from 1 (tied players share it)."""
        at = 1
        for group in self.ranking:
            if player in group:
                return at
            at += len(group)
        raise KeyError(player)


def ranked(scores: Mapping[str, float], *, highest_wins: bool = True) -> Standing:
    """The standing of players by score (the highest first, or the lowest with
    ``highest_wins=False``); equal scores tie."""
    values = sorted(set(scores.values()), reverse=highest_wins)
    ranking = tuple(tuple(p for p in scores if scores[p] == v) for v in values)
    return Standing(dict(scores), ranking[0] if ranking else (), ranking)
