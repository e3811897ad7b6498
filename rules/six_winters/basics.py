"""What every rules section of the Six Winters engine shares: the effect context, the result,
the verbs that make a card defend, and small facts of cards and frames."""

from __future__ import annotations

import pickle
import weakref
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from dsl.runtime import Context, Decision

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
    """What follows from the map alone (``Session._map``), for one map (``key``)."""

    key: tuple[tuple[str, int, int, bool], ...]
    sides: tuple[Any, ...]  # each location's side showing, by its place in the locations
    first: dict[str, int]  # a name's first location among them (as ``Session.location``)
    adjacency: dict[str, list[str]]  # the neighbours of each location, by name
    steps: dict[str, tuple[tuple[str, int], ...]]  # each neighbour with its entry cost
    scene_places: dict[str, list[str]]  # where each scene asked so far may be narrated
    # the narrate actions (scene, location, team) by the scenes within reach and where the
    # characters stand with which cards (``_narrate_options``)
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
        "at": [list(option) for step in card.at for option in step],  # every place it may be
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


if TYPE_CHECKING:
    from dsl.kernel.machine import Machine as _Machine
    from dsl.procedure import ProcedureWalker as _Walker

    from .cards import Effect
    from .state import AssetInProgress, Die, Sheet

    class _SessionBase(_Walker, _Machine):
        """What a rules section stands on as the type checker sees it: the kernel's machine
        walking the procedure (at run time ``Session`` brings these itself)."""

else:
    _SessionBase = object


class SessionPart(_SessionBase):
    """A rules section of the session (a mixin of ``session.Session``: ``self`` is the session).
    What every section reads of the session is typed here: the kernel's machine and walker it
    stands on, the state, and (for the type checker only) the methods of other sections it
    calls."""

    state: SessionState
    ruleset: Ruleset
    _least_scene_points: int | None
    _options_kept_for: list[Any]
    _options_told: int
    _options_kept: tuple[int, list[Any]] | None

    if TYPE_CHECKING:
        # What the sections read of one another (the session is all of them): declared here so
        # the type checker holds each section to the others' signatures. A test holds every
        # declaration to its definition (``test_contracts.py``).
        def _adjacency_map(self) -> dict[str, list[str]]: ...
        def _map(self) -> MapFacts: ...
        def _card_actions(self, kind: str, name: str) -> _CardActions: ...

        _card_memo: dict[tuple[str, str], _CardActions]
        _card_points_memo: dict[tuple[str, bool], tuple[int, str | None]]
        _effects_memo: dict[int, tuple[Any, bool]]
        _refresh_memo: dict[tuple[Any, ...], bool]

        def _defend_window(
            self, ctx: Context, m: CharacterState, verbs: tuple[str, ...], prompt: str
        ) -> Generator[Decision, Any, None]: ...
        def _entry_places(self, card: Obstacle, at: str | None = None) -> list[str]: ...
        def _holding_possible(self, c: CharacterState, card: str, permission: Any) -> bool: ...
        def _narrate_options(self) -> list[Any]: ...
        def _may_act(self, c: CharacterState, kind: str, name: str, k: int) -> bool: ...
        def changes_untold(self) -> bool: ...

        _probe_memo: dict[tuple[str, str, int], Any]
        _probed: dict[tuple[Any, ...], dict[Any, bool]]
        _probe_read: tuple[Any, int, dict[Any, bool], dict[Any, bool]]
        _options_round: int

        _trade_memo: dict[str, list[str]]
        _hands_memo: dict[tuple[Any, ...], Any]
        _musters_memo: dict[tuple[Any, ...], tuple[str, ...]]
        _action_costs: tuple[int, int, int, int]

        def action_cost(self, action: str) -> int: ...
        def changed_cost(self, action: str) -> int | None: ...
        def action_narrate(
            self, ctx: Context, scene_name: str, location: str, participants: list[str]
        ) -> Generator[Decision, Any, None]: ...
        def action_overcome(
            self, ctx: Context, c: CharacterState, index: int
        ) -> Generator[Decision, Any, None]: ...
        def ask(
            self,
            ctx: Context,
            kind: str,
            options: Sequence[Any],
            prompt: str,
            who: str | None = None,
            *,
            min_choices: int = 1,
            max_choices: int = 1,
        ) -> Decision: ...
        def adjacent(self, name: str) -> list[str]: ...
        def apply_standing_texts(self, ctx: Context) -> None: ...
        def available_scenes(self) -> list[str]: ...
        def can_take_ability(self, c: CharacterState) -> bool: ...
        def character(self, name: str) -> CharacterState: ...
        def characters_at(self, name: str | None) -> list[CharacterState]: ...
        def complete_asset(self, owner: CharacterState, asset: AssetInProgress) -> None: ...
        def decide(
            self,
            ctx: Context,
            kind: str,
            options: Sequence[Any],
            prompt: str,
            who: str | None = None,
            *,
            min_choices: int = 1,
            max_choices: int = 1,
        ) -> Any: ...
        def distances(self, targets: Sequence[str]) -> dict[str, int]: ...
        def draw_obstacle(self, ctx: Context) -> None: ...
        def exhaust(self, c: CharacterState, card: str) -> None: ...
        def explosion_stress(self, ctx: Context, loc: LocationState) -> None: ...
        def find_obstacle(self, uid: int) -> tuple[LocationState, ObstacleInPlay] | None: ...
        def first_places(self, spec: Sequence[Sequence[Sequence[str]]]) -> list[LocationState]: ...
        def forbidding(self, verb: str) -> list[tuple[Context, Any]]: ...
        def forbids(self, verb: str, uid: int) -> bool: ...
        def gain_action_points(self, c: CharacterState, amount: int) -> None: ...
        def gain_initiative(
            self, c: CharacterState, count: int = 1, *, roll: bool = True
        ) -> int: ...
        def held_cards(self, c: CharacterState) -> list[tuple[str, tuple[Effect, ...]]]: ...
        def held_refs(self, card: str, resource: str | None = None) -> list[dict[str, Any]]: ...
        def hold_capacity(self, card: str) -> int | None: ...
        def location(self, name: str) -> LocationState: ...
        def lose_action_points(self, c: CharacterState, amount: int) -> None: ...
        def mark_advance(self, c: CharacterState | Sheet, skill: str) -> int: ...
        def matches(self, loc: LocationState, term: str) -> bool: ...
        def new_resource_die(
            self,
            ctx: Context | None,
            resource: str,
            loc: LocationState,
            *,
            face: int | None = None,
            explode: bool = True,
            stress: bool = True,
        ) -> int: ...
        def place_threat(self, ctx: Context, loc: LocationState, *, surge: bool = True) -> None: ...
        def release_cards_left(self) -> None: ...
        def reroll_initiative(self, c: CharacterState) -> None: ...
        def restricted(self, loc: LocationState, verb: str, side: Any = None) -> bool: ...
        def return_die(self, die: Die) -> None: ...
        def roll(self, what: str, count: int = 1) -> list[int]: ...
        def run_effect(
            self,
            ctx: Context,
            effect: Effect,
            *,
            actor: str | None,
            location: str | None,
            card: str | None,
            bindings: dict[str, Any] | None = None,
            refuse: bool = False,
        ) -> bool: ...
        def run_effects(
            self,
            ctx: Context,
            effects: Sequence[Effect],
            event: str,
            *,
            qualifier: str | None = None,
            actor: str | None = None,
            location: str | None = None,
            card: str | None = None,
            bindings: dict[str, Any] | None = None,
        ) -> int: ...
        def select(self, ctx: Context, selector: Any) -> list[Any]: ...
        def set_action_points(self, c: CharacterState, value: int) -> None: ...
        def side(self, loc: LocationState) -> Any: ...
        @property
        def sorcery(self) -> str: ...
        def spend_initiative(self, c: CharacterState, face: int) -> None: ...
        def standing_flags(self, ctx: Context, c: CharacterState) -> dict[str, int]: ...
        def take_ability(self, c: CharacterState) -> bool: ...
        def take_asset_from_staging(self, c: CharacterState, name: str) -> None: ...
        def take_stress(self, ctx: Context, c: CharacterState, kind: str, amount: int) -> None: ...
        def token_supply(self, kind: str) -> int: ...
        def use_card(
            self,
            ctx: Context,
            c: CharacterState,
            kind: str,
            name: str,
            k: int,
            *,
            as_action: bool = False,
        ) -> None: ...
        def use_permission(
            self, ctx: Context, c: CharacterState, option: dict[str, Any]
        ) -> None: ...

    @property
    def host(self) -> Any:
        """The session as the ``Host`` a ``Context`` runs effects against."""
        return self
