"""What every rules section of the Six Winters engine shares: the effect context, the result,
the verbs that make a card defend, and small facts of cards and frames."""

from __future__ import annotations

import pickle
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from dsl.runtime import Context

from .cards import Asset, Obstacle, Ruleset, Scene
from .state import (
    CharacterState,
    Frame,
    Frozen,
    LocationState,
    ObstacleInPlay,
    SessionState,
    thaw,
)

if TYPE_CHECKING:
    from .operations import Operations
    from .session import Session


class _EffectContext(Context):
    """A ``Context`` that remembers which kind of decision each answer it read was for."""

    __slots__ = ("kinds", "refusing")
    kinds: list[tuple[int, str]]
    refusing: bool  # a card used as an action: a text that finds nothing refuses it

    def decide(
        self,
        kind: str,
        options: Sequence[Any],
        prompt: str,
        who: str | None = None,
        *,
        min_choices: int = 1,
        max_choices: int = 1,
    ) -> Any:
        at = self.cursor
        answer = Context.decide(
            self, kind, options, prompt, who, min_choices=min_choices, max_choices=max_choices
        )
        self.kinds.append((at, kind))
        return answer


@dataclass(frozen=True, slots=True)
class SessionResult:
    won: bool
    reason: str
    scenes_completed: int
    threat_left: int
    year: int
    scheme: str


ANY = "any"


# The verbs that make a card's ability one to use inside an overcome action: before defense is
# allocated (Mirror of Melting) and once the stress dice are seen (Mask of the Frenzied Beast).
BEFORE_DEFENSE_VERBS = ("roll_stress_first",)


DEFENDING_VERBS = ("ignore",)  # "cancel" in v25.1 is of sorcery stress, not an overcome's


# Their cards are used inside an overcome action only, never as an action of their own.
OVERCOME_ONLY_VERBS = BEFORE_DEFENSE_VERBS + DEFENDING_VERBS


def _ref(obstacle: ObstacleInPlay, loc: LocationState) -> Any:
    from .select import Ref

    return Ref(
        {"kind": "obstacle", "uid": obstacle.uid, "name": obstacle.name, "location": loc.name}
    )


_ASSET_PROMPT = "{} may take an asset from the staging area"


def _runs_a_text(data: dict[str, Any]) -> bool:
    """Whether a run frame's piece is an action that runs a card's text and changes nothing
    before it (``use_card``, ``use_permission``; ``op_action`` only emits an event first); or
    a piece that asks before it changes anything and says itself when it starts changing the
    state (``touch``): an obstacle's activation (which token goes first), reducing a
    location's danger (what is removed), an overcome (who joins, which dice defend), a
    narrated scene (the cards spent). Such a piece takes its snapshot at that first change, so
    a question asked before it costs no copy and no restore."""
    if data["op"] in ("activate_obstacle", "reduce_danger"):
        return True
    option = data["args"].get("option") if data["op"] == "action" else None
    return isinstance(option, dict) and option.get("act") in (
        "ability",
        "asset",
        "permission",
        "overcome",  # asks who joins and which dice defend first (``action_overcome``)
        "narrate",  # asks every card to spend first (``action_narrate``)
    )


_MEMOS: dict[int, dict[str, dict[Any, Any]]] = {}


def ruleset_memo(ruleset: Any, name: str) -> dict[Any, Any]:
    """A memo of facts that follow from a compiled ruleset alone (what a card offers as an
    action, its printed facts): shared by every session of that ruleset, dropped with it."""
    memos = _MEMOS.get(id(ruleset))
    if memos is None:
        memos = _MEMOS[id(ruleset)] = {}
        weakref.finalize(ruleset, _MEMOS.pop, id(ruleset), None)
    return memos.setdefault(name, {})


def _copy_option(option: dict[str, Any]) -> dict[str, Any]:
    """An action's option for its event: its own lists, so later changes cannot reach it."""
    return {k: v[:] if v.__class__ is list else v for k, v in option.items()}


# a location as the map facts know it: ``(name, x, y, developed)``, read in C
_MAP_KEY = attrgetter("name", "x", "y", "developed")


class MapFacts(NamedTuple):
    """What follows from the map alone (``Session.map_facts``), for one map (``key``)."""

    key: tuple[tuple[str, int, int, bool], ...]
    sides: tuple[Any, ...]  # each location's side showing, by its place in the locations
    first: dict[str, int]  # a name's first location among them (as ``Session.location``)
    adjacency: dict[str, list[str]]  # the neighbours of each location, by name
    steps: dict[str, tuple[tuple[str, int], ...]]  # each neighbour with its entry cost
    scene_places: dict[str, list[str]]  # where each scene asked so far may be narrated
    # the narrate actions (scene, location, team) by the scenes within reach and where the
    # characters stand with which cards (``narrate_options``)
    narrations: dict[tuple[Any, ...], tuple[tuple[str, str, tuple[str, ...]], ...]]
    facts: dict[str, Any]  # other facts of the map, each worked out when first asked


def _teams(present: list[CharacterState]) -> list[list[CharacterState]]:
    """Every non-empty group of the characters present, all of them first."""
    return [
        list(group) for size in range(len(present), 0, -1) for group in combinations(present, size)
    ]


def _leaves_a_side_open(cells: set[tuple[int, int]]) -> bool:
    return all(
        sum((x + dx, y + dy) in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))) < 4
        for x, y in cells
    )


class _CardActions(NamedTuple):
    """What a card offers as actions (see ``Session.card_actions``)."""

    plays: tuple[int, ...]  # its activated or played effects used as actions, by index
    defends: tuple[int, ...]  # those used only inside an overcome action (they defend)
    musters: tuple[str, ...]  # the resources its "May muster ..." texts name
    permissions: tuple[tuple[int, Any], ...]  # its other "May ..." texts, with their index


def _usable_permissions(permissions: Sequence[Any]) -> tuple[tuple[int, Any], ...]:
    """The "May ..." texts used as actions of their own (mustering and holding dice are not:
    they widen other actions), each with its index."""
    return tuple((k, p) for k, p in enumerate(permissions) if p.verb not in ("muster", "hold"))


def _asset_facts(card: Asset) -> dict[str, Any]:
    return {
        "skill": card.skill,
        "points": card.points,
        "tags": list(card.tags),
        "recipe": [[s.resource, s.face] for s in card.recipe],
    }


def _obstacle_facts(card: Obstacle) -> dict[str, Any]:
    return {
        "skill": card.skill,
        "difficulty": card.difficulty,
        "points": card.points,
        "stress": list(card.stress),
        "tags": list(card.tags),
        "printed_tokens": card.progress + card.hindrance,  # what it enters play with
    }


def _scene_facts(card: Scene) -> dict[str, Any]:
    return {
        "skill": card.skill,
        "points": card.points,
        "finale": card.finale,
        "at": [list(option) for step in card.at for option in step],  # every place it may be
    }


def _portable_frame(frame: Frame, state: Any) -> Frame:
    """A frame whose snapshot, if it has one, is the pickled state (see ``Session.to_json``),
    with the sheets of ``state`` if the snapshot left them out (they have not changed)."""
    snap = frame.data.get("snap")
    if not isinstance(snap, Frozen):
        return frame
    copied = thaw(snap, state.sheets)
    return Frame(frame.kind, {**frame.data, "snap": pickle.dumps(copied, protocol=5)})


class Section:
    """A rules section of a session (``session.Session``'s parts: ``session.turn``,
    ``session.refresh``...): an object with one job, made the first time the session reads it.
    Every section shares the session's table (``state``: given again by the session when a
    piece taken back replaces it) and its operations facade (``ops``), the only code that changes
    the table and tells it; another section is reached through the session (``game``)."""

    def __init__(self, game: Session) -> None:
        # the session through a weak proxy: the session holds its sections, and a section
        # holding it back would be a reference cycle, the whole session then freed by the
        # cyclic collector only (``test_sessions_free_themselves``)
        self.game: Session = weakref.proxy(game)
        self.ruleset: Ruleset = game.ruleset
        self.ops: Operations = game.ops
        # the table at hand (read thousands of times a game): the session gives the copy it
        # goes back to when a piece is taken back (``Session.state_replaced``)
        self.state: SessionState = game.state
