"""What every rules section of the Six Winters engine shares: the effect context, the result,
the verbs that make a card defend, and small facts of cards and frames."""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from dsl.runtime import Context

from .cards import Asset, Obstacle, Ruleset, Scene
from .state import (
    CharacterState,
    Frame,
    LocationState,
    ObstacleInPlay,
    SessionState,
    thaw,
)


class _EffectContext(Context):
    """A ``Context`` that remembers which kind of decision each answer it read was for."""

    __slots__ = ("kinds",)
    kinds: list[tuple[int, str]]

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
    an obstacle's activation, which asks which token goes first before it changes anything and
    says itself when it starts changing the state (it sets ``_untouched`` to False)."""
    if data["op"] == "activate_obstacle":
        return True
    option = data["args"].get("option") if data["op"] == "action" else None
    return isinstance(option, dict) and option.get("act") in ("ability", "asset", "permission")


def _copy_option(option: dict[str, Any]) -> dict[str, Any]:
    """An action's option for its event: its own lists, so later changes cannot reach it."""
    return {k: list(v) if isinstance(v, list) else v for k, v in option.items()}


def _name_and_side(loc: LocationState) -> tuple[str, bool]:
    return (loc.name, loc.developed)


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
    """What a card offers as actions (see ``Session._card_actions``)."""

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
        "at": [list(a) for a in card.at],
    }


def _portable_frame(frame: Frame, state: Any) -> Frame:
    """A frame whose snapshot, if it has one, is the pickled state (see ``Session.to_json``),
    with the sheets of ``state`` if the snapshot left them out (they have not changed)."""
    snap = frame.data.get("snap")
    if not isinstance(snap, list):
        return frame
    copied = thaw(snap)
    if snap[28] is None:
        copied.sheets = state.sheets
    return Frame(frame.kind, {**frame.data, "snap": pickle.dumps(copied, protocol=5)})


class SessionPart:
    """A rules section of the session (a mixin of ``session.Session``: ``self`` is the session).
    What every section reads is typed here; the rest is the other sections' (mypy leaves their
    attributes unchecked in these modules: see pyproject.toml)."""

    state: SessionState
    ruleset: Ruleset
    _scene_key: tuple[Any, ...]
    _scene_places: dict[str, list[str]]
    _least_scene_points: int | None

    @property
    def host(self) -> Any:
        """The session as the ``Host`` a ``Context`` runs effects against."""
        return self
