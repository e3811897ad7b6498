"""The Six Winters engine: a session as data, a stack of procedures, and named operations.

A ``Session`` holds a ``SessionState`` (plain data) and the ruleset. The procedure of the game is
a stack of ``Frame``s. Two sorts of frame exist:

- *step frames* (``turn``, ``actions``, ``activate``) walk an explicit list of steps and ask their
  own decisions;
- *run frames* run one piece of the game as straight-line Python that asks through
  ``ctx.decide`` (an action, the refresh step, one obstacle's activation, a card effect). A run
  frame keeps a snapshot of the state taken when it started and the answers given so far; when
  it needs a new answer the state goes back to the snapshot and the piece is run again with one
  more answer (the contract of ``dsl.runtime``). So every decision point is plain data: the state
  round-trips through JSON and copies with ``clone`` at any of them.
"""

from __future__ import annotations

import base64
import copy
import difflib
import importlib
import json
import pickle
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, NamedTuple

from dsl.errors import ChroniclerError
from dsl.runtime import Context, Decision, DecisionNeeded, EffectError

from .cards import Asset, Effect, Obstacle, Ruleset, Scene
from .state import (
    AssetInProgress,
    CampaignState,
    CharacterState,
    Die,
    Event,
    Frame,
    LocationState,
    MapLocation,
    ObstacleInPlay,
    Sheet,
    decode_session,
    encode,
    freeze,
    thaw,
)


class _ActionRefused(Exception):
    """A card used as an action could not do what it says: the action is taken back."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Refused(Exception):
    """An effect failed because of the answer at ``index``: that answer is refused."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.reason = reason


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


class IllegalMove(ValueError):
    """An answer that is not among the pending decision's options."""


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


class Session:
    """One game of Six Winters (one year of the campaign), OpenSpiel-shaped."""

    def __init__(self, ruleset: Ruleset, state: Any) -> None:
        self.ruleset = ruleset
        self.state = state
        self._pending: Decision | None = None
        self._ctx: Context | None = None
        self._adjacency: dict[str, list[str]] | None = None
        self._adjacency_key: tuple[Any, ...] = ()
        self._primitives: Any = None
        self._giving_up = False
        # True while the run frame's piece cannot have changed the state yet: it only runs a
        # card's text, and the text has called no primitive so far (compiled texts change the
        # game only through primitives; ``select`` only reads). A decision asked then needs
        # no restore. See ``_run_frame``.
        self._untouched = False
        self._scene_key: tuple[Any, ...] = ()
        self._scene_places: dict[str, list[str]] = {}
        # facts of the cards that never change within a session, worked out when first needed
        self._card_memo: dict[tuple[str, str], _CardActions] = {}
        self._card_points_memo: dict[str, tuple[int, str | None]] = {}
        self._trade_memo: dict[str, list[str]] = {}
        self._least_scene_points: int | None = None

    # ------------------------------------------------------------------ public API

    def pending(self) -> Decision | None:
        """The decision the game waits for; ``None`` once the session is over."""
        if self._pending is None and not self.state.over:
            self._pending = self._advance()
        return self._pending

    def apply(self, answer: Any) -> None:
        """Give the answer to the pending decision; ``IllegalMove`` if it is not an option."""
        decision = self.pending()
        if decision is None:
            raise IllegalMove("the session is over; no decision is pending")
        answer = _check_answer(decision, answer)
        self.state.answers.append(answer)
        self._pending = None
        frame = self.state.frames[-1]
        if frame.kind == "run":
            frame.data["answers"].append(answer)
        else:
            getattr(self, f"_answer_{frame.kind}")(frame, answer)

    def is_over(self) -> bool:
        if not self.state.over and self._pending is None:
            self.pending()
        return bool(self.state.over)

    def result(self) -> SessionResult:
        if not self.is_over() or self.state.result is None:
            raise ChroniclerError("the session is not over yet")
        r = self.state.result
        return SessionResult(
            won=r["result"] == "won",
            reason=r["reason"],
            scenes_completed=r["scenes_completed"],
            threat_left=r["threat_left"],
            year=self.state.year,
            scheme=self.state.scheme,
        )

    @property
    def events(self) -> list[Event]:
        return self.state.events

    def to_json(self) -> str:
        """The state as JSON. A run frame's snapshot is written as the pickled state it copies
        (as it always was: saves stay readable both ways); the frames are swapped for such
        copies only while the state is encoded."""
        st = self.state
        frames = st.frames
        st.frames = [_portable_frame(f, st) for f in frames]
        try:
            data = encode(st)
        finally:
            st.frames = frames
        return json.dumps(data, sort_keys=True, default=_json_default)

    @classmethod
    def from_json(cls, ruleset: Ruleset, text: str) -> Session:
        data = json.loads(text, object_hook=_json_hook)
        return cls(ruleset, decode_session(data))

    def clone(self) -> Session:
        """An independent copy: the same future for the same answers. Events are frozen, so
        the copy shares them (its own list); so are run frames' snapshots."""
        st = self.state
        state = thaw(freeze(st))
        state.events = list(st.events)
        state.answers = list(st.answers)  # answers are never changed once given
        return Session(self.ruleset, state)

    def observation(self, who: str | None = None) -> dict[str, Any]:
        """What a player sees: the table, every character, no deck order, no face-down card."""
        st = self.state
        rs = self.ruleset
        season_name, season_turns = rs.seasons[min(st.season, len(rs.seasons) - 1)]
        return {
            "who": who,
            "year": st.year,
            "scheme": st.scheme,
            "season": season_name,
            "turn": st.turn,
            "turns_in_season": season_turns,
            "threat_pool": st.threat_pool,
            "solo": st.solo,
            "locations": [
                {
                    "name": loc.name,
                    "region": rs.locations[loc.name].region,
                    "tags": list(self.tags_of(loc)),
                    "developed": loc.developed,
                    "threats": loc.threats,
                    "adjacent": list(self.adjacent(loc.name)),
                    "produces": list(self.side(loc).produces),
                    "obstacles": [
                        {
                            "name": o.name,
                            "progress": o.progress,
                            "hindrance": o.hindrance,
                            **_obstacle_facts(rs.obstacles[o.name]),
                        }
                        for o in loc.obstacles
                    ],
                    "dice": [[d.resource, d.face] for d in loc.dice],
                }
                for loc in st.locations
            ],
            "characters": [
                {
                    "name": c.name,
                    "location": c.location,
                    "action_points": c.action_points,
                    "body": c.body,
                    "psyche": c.psyche,
                    "initiative": list(c.initiative),
                    "skills": dict(c.skills),
                    "advances": dict(c.advances),
                    "conditions": list(c.conditions),
                    "in_progress": [
                        {
                            "name": a.name,
                            "slots": [None if d is None else [d.resource, d.face] for d in a.slots],
                            **_asset_facts(rs.assets[a.name]),
                        }
                        for a in c.in_progress
                    ],
                    "assets": [{"name": n, **_asset_facts(rs.assets[n])} for n in c.assets],
                    "obstacles": [
                        {"name": n, **_obstacle_facts(rs.obstacles[n])} for n in c.obstacles
                    ],
                    "abilities": list(c.abilities),
                    "exhausted": list(c.exhausted),
                    "ability_deck_size": len(c.ability_deck),
                }
                for c in st.characters
            ],
            "asset_staging": [{"name": n, **_asset_facts(rs.assets[n])} for n in st.asset_staging],
            "scenes": [{"name": n, **_scene_facts(rs.scenes[n])} for n in self.available_scenes()],
            "scenes_completed": [s["scene"] for s in st.scenes_completed],
            "decks": {
                "asset": len(st.asset_deck),
                "scene": len(st.scene_deck),
                "obstacle": len(st.obstacle_deck),
            },
            "obstacle_discard": list(st.obstacle_discard),
            "supply": dict(st.supply),
            "initiative_supply": st.initiative_supply,
            # the sheets of the unlocked characters not playing this year (downtime asks of them)
            "resting": {
                name: {
                    "skills": dict(sheet.skills),
                    "advances": dict(sheet.advances),
                    "conditions": list(sheet.conditions),
                }
                for name, sheet in st.sheets.items()
                if name in st.campaign_characters and all(c.name != name for c in st.characters)
            },
        }

    # ------------------------------------------------------------------ dsl.runtime Host

    @property
    def rng(self) -> Any:
        return self.state.rng

    @property
    def season(self) -> str:
        return self.ruleset.seasons[self.state.season][0]

    def action_cost(self, action: str) -> int:
        """An action's cost: the declared value, unless a card in play changed it."""
        return self.state.flags.get(f"{action} cost", self.ruleset.value(f"{action} cost", 1))

    def primitive(self, name: str) -> Callable[..., Any]:
        if self._primitives is None:
            self._primitives = importlib.import_module(self.ruleset.primitives_module)
        fn = getattr(self._primitives, name, None)
        if fn is None:
            raise ChroniclerError(f"the ruleset's primitives have no function {name!r}")
        if self._untouched:
            return self._touching(fn)
        return fn

    def _touching(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn``, noting when it is called that the state may change (see ``_untouched``)."""

        def touching(*args: Any, **kwargs: Any) -> Any:
            self._untouched = False
            return fn(*args, **kwargs)

        return touching

    def select(self, ctx: Context, selector: Any) -> list[Any]:
        from . import select as selecting

        return selecting.select(self, ctx, selector)

    def emit(self, kind: str, **data: Any) -> None:
        self.state.events.append(Event(kind, data))

    # ------------------------------------------------------------------ queries

    def location(self, name: str) -> LocationState:
        for loc in self.state.locations:
            if loc.name == name:
                return loc
        raise KeyError(name)

    def character(self, name: str) -> CharacterState:
        for c in self.state.characters:
            if c.name == name:
                return c
        raise KeyError(name)

    def side(self, loc: LocationState) -> Any:
        return self.ruleset.locations[loc.name].side(loc.developed)

    def tags_of(self, loc: LocationState) -> tuple[str, ...]:
        tags = self.side(loc).tags
        return (*tags, "Developed") if loc.developed else tags

    def matches(self, loc: LocationState, term: str) -> bool:
        """Whether a location answers to a word of a location spec: name, region or tag."""
        return term.casefold() in self._words(loc)

    def _words(self, loc: LocationState) -> frozenset[str]:
        key = (loc.name, loc.developed)
        words = _WORDS.get(id(self.ruleset), {}).get(key)
        if words is None:
            card = self.ruleset.locations[loc.name]
            words = frozenset(
                w.casefold() for w in (card.name, card.region or "", *self.tags_of(loc)) if w
            )
            _WORDS.setdefault(id(self.ruleset), {})[key] = words
        return words

    def adjacent(self, name: str) -> list[str]:
        return self._adjacency_map()[name]

    def _adjacency_map(self) -> dict[str, list[str]]:
        """The neighbours of every location, kept while the map stays the same."""
        key = tuple([(loc.name, loc.x, loc.y) for loc in self.state.locations])
        if self._adjacency is None or key != self._adjacency_key:
            by_pos = {(x, y): n for n, x, y in key}
            self._adjacency = {
                n: [
                    by_pos[p]
                    for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                    if p in by_pos
                ]
                for n, x, y in key
            }
            self._adjacency_key = key
        return self._adjacency

    def distances(self, targets: Sequence[str]) -> dict[str, int]:
        """Steps from every location to the nearest of ``targets`` (breadth first)."""
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for name in frontier:
                for other in self.adjacent(name):
                    if other not in dist:
                        dist[other] = dist[name] + 1
                        nxt.append(other)
            frontier = nxt
        return dist

    def characters_at(self, name: str | None) -> list[CharacterState]:
        return [c for c in self.state.characters if c.location == name and name is not None]

    def available_scenes(self) -> list[str]:
        """Scenes in the line, then the visible top card of the scene deck."""
        st = self.state
        return [*st.scenes, st.scene_deck[0]] if st.scene_deck else list(st.scenes)

    def scene_locations(self, scene: Scene) -> list[LocationState]:
        """Where a scene may be narrated: the first alternative of its spec found in play."""
        return [self.location(n) for n in self._scene_place_names(self._scene_places_now(), scene)]

    def _scene_places_now(self) -> dict[str, list[str]]:
        """The names of ``scene_locations`` found so far, by scene: kept while no location
        is added or developed."""
        key = tuple(map(_name_and_side, self.state.locations))
        if key != self._scene_key:
            self._scene_key = key
            self._scene_places = {}
        return self._scene_places

    def _scene_place_names(self, places: dict[str, list[str]], scene: Scene) -> list[str]:
        names = places.get(scene.name)
        if names is None:
            names = places[scene.name] = [loc.name for loc in self._scene_locations(scene)]
        return names

    def _scene_locations(self, scene: Scene) -> list[LocationState]:
        for alternative in scene.at:
            found = [
                loc
                for loc in self.state.locations
                if any(self.matches(loc, term) for term in alternative)
            ]
            if found:
                return found
        return []

    def card_skill(self, name: str) -> str | None:
        if name in self.ruleset.assets:
            return self.ruleset.assets[name].skill
        if name in self.ruleset.obstacles:
            return self.ruleset.obstacles[name].skill
        return None

    def card_points(self, name: str) -> int:
        if name in self.ruleset.assets:
            return self.ruleset.assets[name].points
        return self.ruleset.obstacles[name].points

    def tokens_in_play(self, kind: str) -> int:
        return sum(getattr(o, kind) for loc in self.state.locations for o in loc.obstacles)

    def token_supply(self, kind: str) -> int:
        return self.ruleset.value(f"{kind} tokens", 12) - self.tokens_in_play(kind)

    def find_obstacle(self, uid: int) -> tuple[LocationState, ObstacleInPlay] | None:
        for loc in self.state.locations:
            for o in loc.obstacles:
                if o.uid == uid:
                    return loc, o
        return None

    def new_obstacle(self, name: str, progress: int = 0, hindrance: int = 0) -> ObstacleInPlay:
        self.state.next_uid += 1
        return ObstacleInPlay(name, progress, hindrance, uid=self.state.next_uid)

    def restricted(self, loc: LocationState, verb: str, side: Any = None) -> bool:
        """A location or an obstacle on it forbids ``verb`` (trade, muster) there. ``side``:
        the location's side (``side(loc)``), when the caller has it already."""
        if side is None:
            side = self.side(loc)
        if (verb == "trade" and side.no_trade) or (verb == "muster" and side.no_muster):
            return True
        return bool(loc.obstacles) and any(
            verb in self._obstacle_restrictions(o.name) for o in loc.obstacles
        )

    def _obstacle_restrictions(self, name: str) -> tuple[str, ...]:
        return self.ruleset.restrictions.get(name, ())

    # ------------------------------------------------------------------ named operations

    def roll_die(self) -> int:
        """One d6: from the dice script when a test scripted it, else the state's generator."""
        if self.state.dice_script:
            return int(self.state.dice_script.pop(0))
        return int(self.state.rng.random() * 6) + 1

    def roll(self, what: str, count: int = 1) -> list[int]:
        faces = [self.roll_die() for _ in range(count)]
        self.emit("dice_rolled", what=what, faces=list(faces))  # the event keeps its own list
        return faces

    def new_resource_die(
        self,
        ctx: Context | None,
        resource: str,
        loc: LocationState,
        *,
        face: int | None = None,
        explode: bool = True,
        stress: bool = True,
    ) -> int:
        """Roll a die from the supply and place it; sorcery 6s explode. Returns dice placed."""
        placed = 0
        while self.state.supply.get(resource, 0) > 0:
            value = face if face is not None else self.roll(f"{resource} at {loc.name}")[0]
            face = None
            self.state.supply[resource] -= 1
            loc.dice.append(Die(resource, value))
            placed += 1
            explodes_on = self.ruleset.value("sorcery explodes on", 6)
            if not (explode and resource == self.sorcery and value >= explodes_on):
                break
            self.emit("sorcery_exploded", location=loc.name)
            if stress and ctx is not None:
                self.explosion_stress(ctx, loc)
        return placed

    @property
    def sorcery(self) -> str:
        return self.ruleset.resources[-1] if "sorcery" not in self.ruleset.resources else "sorcery"

    def held_cards(self, c: CharacterState) -> list[tuple[str, tuple[Effect, ...]]]:
        """The cards a character holds whose texts can trigger or stand: conditions, completed
        assets and the abilities in hand (face up below the sheet), each with its effects."""
        rs = self.ruleset
        held = [(n, rs.conditions[n].effects) for n in c.conditions if n in rs.conditions]
        held += [(n, rs.assets[n].effects) for n in c.assets if n in rs.assets]
        held += [(n, rs.abilities[n].effects) for n in c.abilities if n in rs.abilities]
        return held

    def standing_flags(self, ctx: Context, c: CharacterState) -> dict[str, int]:
        """What the standing texts of the cards a character holds say for that character
        (Wild Channeling in hand: "Cancel all stress from sorcery"): each is run against empty
        flags, as the turn's flags are by an exhausted card's text, and holds only while the
        card is held (asked where it matters, never kept)."""
        texts = [
            (name, effect)
            for name, effects in self.held_cards(c)
            for effect in effects
            if effect.usage == "static" and effect.run is not None
        ]
        if not texts:
            return {}
        turn = self.state.flags
        self.state.flags = {}
        try:
            for name, effect in texts:
                self.run_effect(ctx, effect, actor=c.name, location=c.location, card=name)
            return self.state.flags
        finally:
            self.state.flags = turn

    def explosion_stress(self, ctx: Context, loc: LocationState) -> None:
        """Each character at the location takes one stress of the player's choice."""
        for c in self.characters_at(loc.name):
            if self.standing_flags(ctx, c).get("cancel stress", 0) > 0:
                continue  # a card the character holds cancels all of it
            if self.state.flags.get("cancel stress", 0) > 0:  # a card cancelled it this turn
                self.state.flags["cancel stress"] -= 1
                continue
            kind = self.decide(
                ctx,
                "choose_stress",
                list(self.ruleset.stress),
                "Exploding sorcery: which stress?",
                who=c.name,
            )
            self.take_stress(ctx, c, kind, 1)

    def die_face(self, ref: dict[str, Any]) -> int:
        """The face of the die a reference names (see ``select``): a resource die at a
        location or held on a card, an initiative die, or a die being rolled (a condition
        roll)."""
        if ref["kind"] == "die":
            return self.location(ref["location"]).dice[ref["index"]].face
        if ref["kind"] == "held":
            return self.state.card_dice[ref["card"]][ref["index"]].face
        if ref["kind"] == "initiative":
            return self.character(ref["character"]).initiative[ref["index"]]
        return int(ref["face"])

    def set_die_face(self, ref: dict[str, Any], face: int) -> None:
        """Turn the die a reference names to ``face`` (1-6)."""
        face = max(1, min(6, face))
        if ref["kind"] == "die":
            self.location(ref["location"]).dice[ref["index"]].face = face
        elif ref["kind"] == "held":
            self.state.card_dice[ref["card"]][ref["index"]].face = face
        elif ref["kind"] == "initiative":
            self.character(ref["character"]).initiative[ref["index"]] = face
        else:  # a die being rolled: whoever rolled it reads the face back
            ref["face"] = face
        self.emit("die_set", die=ref.get("resource", ref.get("roll", "initiative")), face=face)

    # --- dice held on a card: a place dice can be, like a location

    def card_holder(self, card: str) -> CharacterState | None:
        """The character holding a card (a completed asset, an ability in hand)."""
        for c in self.state.characters:
            if card in c.assets or card in c.abilities:
                return c
        return None

    def hold_capacity(self, card: str) -> int | None:
        """How many dice a card may hold ("May hold 2 resources on this card"); ``None``: no
        limit is printed (The Ultimate Gadget)."""
        rs = self.ruleset
        found = rs.assets.get(card) or rs.abilities.get(card)
        holds = [p for p in getattr(found, "permissions", ()) if p.verb == "hold"]
        if not holds:
            return None
        return sum(int(p.roles["object"].quantity.count or 1) for p in holds)

    def held_refs(self, card: str, resource: str | None = None) -> list[dict[str, Any]]:
        """References to the dice held on a card (of one resource, if named)."""
        return [
            {"kind": "held", "card": card, "index": i, "resource": d.resource, "face": d.face}
            for i, d in enumerate(self.state.card_dice.get(card, []))
            if resource is None or d.resource == resource
        ]

    def hold_dice(self, card: str, refs: Sequence[dict[str, Any]]) -> int:
        """Move resource dice from locations onto a card, up to what it may hold."""
        held = self.state.card_dice.setdefault(card, [])
        room = self.hold_capacity(card)
        moved = 0
        for ref in sorted(refs, key=lambda r: -int(r["index"])):  # later indices first
            if room is not None and len(held) >= room:
                break
            die = self.location(ref["location"]).dice.pop(ref["index"])
            held.append(die)
            moved += 1
            self.emit("die_held", card=card, resource=die.resource, face=die.face)
        if not held:
            del self.state.card_dice[card]
        return moved

    def unhold_dice(self, refs: Sequence[dict[str, Any]], to: LocationState | None) -> None:
        """Take held dice off their card: onto a location, or (``None``) back to the supply."""
        for ref in sorted(refs, key=lambda r: -int(r["index"])):
            held = self.state.card_dice[ref["card"]]
            die = held.pop(ref["index"])
            if not held:
                del self.state.card_dice[ref["card"]]
            if to is None:
                self.return_die(die)
            else:
                to.dice.append(die)
            where = to.name if to is not None else None
            self.emit("die_unheld", card=ref["card"], resource=die.resource, location=where)

    def release_cards_left(self) -> None:
        """Dice on a card nobody holds any more (played, discarded, stored) go to the supply."""
        for card in [n for n in self.state.card_dice if self.card_holder(n) is None]:
            self.unhold_dice(self.held_refs(card), None)

    def return_die(self, die: Die) -> None:
        self.state.supply[die.resource] = self.state.supply.get(die.resource, 0) + 1

    def take_stress(self, ctx: Context, c: CharacterState, kind: str, amount: int) -> None:
        """Remove stress tokens; a pool at zero refills and the character takes a condition."""
        if amount <= 0:
            return
        left = getattr(c, kind) - amount
        self.emit("stress_taken", character=c.name, stress=kind, amount=amount, left=max(left, 0))
        if left <= 0:
            setattr(c, kind, self._starting_stress(c.name, kind))
            self.take_condition(ctx, c, kind)
        else:
            setattr(c, kind, left)

    def recover_stress(self, c: CharacterState, kind: str, amount: int) -> None:
        setattr(c, kind, min(getattr(c, kind) + amount, self._starting_stress(c.name, kind)))

    def _starting_stress(self, name: str, kind: str) -> int:
        return int(getattr(self.ruleset.characters[name], kind))

    def take_condition(self, ctx: Context, c: CharacterState, kind: str) -> None:
        """Roll on the stress kind's condition table. The roll is a die the character's cards
        may change ("When you roll for a condition, may set that die to any value": a text on
        ``condition roll`` finds the die as ``it``, a ``rolled`` reference)."""
        table = self.ruleset.condition_tables.get(kind, ())
        die: dict[str, Any] = {"kind": "rolled", "roll": f"{kind} condition", "character": c.name}
        die["face"] = self.roll(str(die["roll"]))[0]
        for name, effects in self.held_cards(c):
            self.run_effects(
                ctx,
                effects,
                "condition roll",
                actor=c.name,
                location=c.location,
                card=name,
                bindings={"it": die},
            )
        roll = int(die["face"])
        for low, high, name in table:
            if low <= roll <= high:
                if name in c.conditions and not self.ruleset.value("condition repeats", 0):
                    self.emit("condition_already_held", character=c.name, condition=name, roll=roll)
                    return
                c.conditions.append(name)
                self.emit("condition_taken", character=c.name, condition=name, roll=roll)
                return
        self.emit("condition_taken", character=c.name, condition=None, roll=roll)

    def mark_advance(self, c: CharacterState | Sheet, skill: str) -> int:
        """One skill advance; a track above the skill resets and raises the skill by one."""
        top = self.ruleset.value("skill max", 5)
        if c.skills.get(skill, 0) >= top:  # skills go no higher than the declared maximum
            return c.skills.get(skill, 0)
        c.advances[skill] = c.advances.get(skill, 0) + 1
        if c.advances[skill] > c.skills.get(skill, 0):
            c.advances[skill] = 0
            c.skills[skill] = c.skills.get(skill, 0) + 1
        return c.skills.get(skill, 0)

    def place_threat(self, ctx: Context, loc: LocationState, *, surge: bool = True) -> None:
        """Move a threat from the pool onto a location; a threat where one was surges on.
        Once play is over (the scheme's result) the threats come from the box instead."""
        if self._threats_left() <= 0:
            return
        had = loc.threats > 0
        self._move_threat(loc, surge=False)
        current = loc
        chain = {loc.name}
        returns = bool(self.ruleset.value("surge returns", 0))
        while surge and had and self._threats_left() > 0:
            neighbours = [n for n in self.adjacent(current.name) if returns or n not in chain]
            if not neighbours:
                break
            target = self.decide(
                ctx, "choose_location", neighbours, f"Threat surges from {current.name}: where?"
            )
            nxt = self.location(target)
            had = nxt.threats > 0
            self._move_threat(nxt, surge=True)
            chain.add(nxt.name)
            current = nxt

    def _threats_left(self) -> int:
        """The threats there are to place: the pool's, or after play the box's."""
        st = self.state
        return st.threat_box if st.flags.get("threats from box") else st.threat_pool

    def _move_threat(self, loc: LocationState, *, surge: bool) -> None:
        st = self.state
        if st.flags.get("threats from box"):
            st.threat_box -= 1
            loc.threats += 1
            self.emit("threat_placed", location=loc.name, surge=surge, pool_left=st.threat_pool)
            return
        st.threat_pool -= 1
        loc.threats += 1
        self.emit("threat_placed", location=loc.name, surge=surge, pool_left=st.threat_pool)
        if st.threat_pool == 0 and st.lost is None:
            st.lost = "the threat pool is empty"
            self.emit("threat_pool_empty")

    def place_obstacle(self, ctx: Context, name: str, at: str | None = None) -> None:
        """Attach an obstacle to a matching location with the fewest obstacles."""
        card = self.ruleset.obstacles[name]
        names = self._entry_places(card, at)
        if not names:
            self.state.obstacle_discard.append(name)
            self.emit("obstacle_discarded", obstacle=name, location=None)
            return
        where = self.location(
            self.decide(ctx, "choose_location", names, f"Where does {name} enter play?")
            if len(names) > 1
            else names[0]
        )
        obstacle = self.new_obstacle(
            name,
            progress=min(card.progress, self.token_supply("progress")),
            hindrance=min(card.hindrance, self.token_supply("hindrance")),
        )
        where.obstacles.append(obstacle)
        self.emit("obstacle_placed", obstacle=name, location=where.name)
        self.run_effects(ctx, card.effects, "enter", actor=None, location=where.name, card=name)

    def _entry_places(self, card: Obstacle, at: str | None = None) -> list[str]:
        """Where an obstacle may enter play (``at``, or the first alternative of its spec found
        in play): those of the matching locations with the fewest obstacles."""
        if at is not None:
            candidates = [self.location(at)]
        else:
            candidates = []
            for alternative in card.enters:
                candidates = [
                    loc
                    for loc in self.state.locations
                    if any(self.matches(loc, term) for term in alternative)
                ]
                if candidates:
                    break
        if not candidates:
            return []
        fewest = min(len(loc.obstacles) for loc in candidates)
        return [loc.name for loc in candidates if len(loc.obstacles) == fewest]

    def draw_obstacle(self, ctx: Context) -> None:
        st = self.state
        if not st.obstacle_deck and st.obstacle_discard:
            st.obstacle_deck = list(st.obstacle_discard)
            st.obstacle_discard = []
            st.rng.shuffle(st.obstacle_deck)
            self.emit("obstacle_deck_reshuffled", size=len(st.obstacle_deck))
        if not st.obstacle_deck:
            return
        name = st.obstacle_deck.pop(0)
        if name in self.ruleset.events:
            self.emit("event_drawn", event=name)
            event = self.ruleset.events[name]
            self.run_effects(ctx, event.effects, "enter", card=name)
            if name in st.archive:  # a burned event is out of the campaign
                return
            if event.stays_out:
                st.events_out.append(name)
                self.apply_standing_texts(ctx)
            else:
                st.obstacle_discard.append(name)
        else:
            self.place_obstacle(ctx, name)

    def apply_standing_texts(self, ctx: Context) -> None:
        """The standing text of events out ("Each trade costs 2 action points") holds; costs
        fall back to the declared values once no event sets them."""
        st = self.state
        for flag in [f for f in st.flags if f.endswith(" cost")]:
            del st.flags[flag]
        for name in st.events_out:
            for effect in self.ruleset.events[name].effects:
                if effect.usage == "static" and effect.run is not None:
                    self.run_effect(ctx, effect, actor=None, location=None, card=name)

    def add_card(self, kind: str, name: str) -> None:
        """An epilogue or scheme adds a card: from the archive to the top of its draw deck.

        A card has as many copies as were printed: when all of them are already in the game,
        the one in the draw deck moves to the top instead (or nothing happens)."""
        st = self.state
        deck = {"scene": st.scene_deck, "asset": st.asset_deck}.get(kind, st.obstacle_deck)
        copies = self.ruleset.obstacles[name].copies if name in self.ruleset.obstacles else 1
        if self.copies_in_game(name) >= copies:
            if name in deck:
                deck.remove(name)
                deck.insert(0, name)
                self.emit("card_added", card_kind=kind, card=name)
            return
        if name in st.archive:
            st.archive.remove(name)
        deck.insert(0, name)
        self.emit("card_added", card_kind=kind, card=name)

    def copies_in_game(self, name: str) -> int:
        """How many copies of a card are in the game (anywhere but the archive)."""
        st = self.state
        piles = (
            st.events_out,
            st.scene_deck,
            st.scenes,
            st.asset_deck,
            st.asset_staging,
            st.asset_discard,
            st.reserve,
            st.obstacle_deck,
            st.obstacle_discard,
        )
        count = sum(pile.count(name) for pile in piles)
        for c in st.characters:
            count += c.assets.count(name) + c.obstacles.count(name)
            count += sum(1 for a in c.in_progress if a.name == name)
        count += sum(1 for loc in st.locations for o in loc.obstacles if o.name == name)
        return count

    def put_into_play(self, ctx: Context, name: str, at: str | None = None) -> None:
        """Take a copy of an obstacle from wherever it waits and place it (at ``at``, if
        given); with every printed copy in play or overcome already, none enters."""
        if self.take_obstacle_copy(name):
            self.place_obstacle(ctx, name, at=at)

    def take_obstacle_copy(self, name: str) -> bool:
        """Take a copy of an obstacle out of the obstacle deck, its discard or the archive
        (a card never brought into the campaign is in the archive); False if every printed
        copy is elsewhere in the game."""
        st = self.state
        for pile in (st.obstacle_deck, st.obstacle_discard, st.archive):
            if name in pile:
                pile.remove(name)
                return True
        copies = self.ruleset.obstacles[name].copies if name in self.ruleset.obstacles else 1
        if self.copies_in_game(name) < copies:
            return True
        self.emit("no_copy_left", card=name)
        return False

    def add_tokens(self, uid: int, kind: str, amount: int) -> int:
        found = self.find_obstacle(uid)
        if found is None:
            return 0
        obstacle = found[1]
        amount = max(0, min(amount, self.token_supply(kind)))
        setattr(obstacle, kind, getattr(obstacle, kind) + amount)
        self.emit("tokens_added", obstacle=obstacle.name, token=kind, amount=amount, character=None)
        return amount

    def develop(self, name: str) -> None:
        loc = self.location(name) if any(x.name == name for x in self.state.locations) else None
        if loc is not None and not loc.developed:
            loc.developed = True
            self.emit("location_developed", location=name)

    def add_location(self, ctx: Context, name: str) -> None:
        """A new location goes next to one of its region; no location may be surrounded."""
        st = self.state
        if any(x.name == name for x in st.locations):
            return
        region = self.ruleset.locations[name].region
        taken = {(x.x, x.y) for x in st.locations}
        cells: list[str] = []
        for x in st.locations:
            if region is not None and self.ruleset.locations[x.name].region != region:
                continue
            for cell in ((x.x + 1, x.y), (x.x - 1, x.y), (x.x, x.y + 1), (x.x, x.y - 1)):
                if cell in taken or f"{cell[0]},{cell[1]}" in cells:
                    continue
                if _leaves_a_side_open(taken | {cell}):
                    cells.append(f"{cell[0]},{cell[1]}")
        if not cells:
            return
        where = self.decide(ctx, "choose_position", cells, f"Where does {name} join the map?")
        x, y = (int(v) for v in where.split(","))
        st.locations.append(LocationState(name, x, y))
        if name in st.archive:
            st.archive.remove(name)
        self.emit("location_added", location=name, x=x, y=y)

    def spend_total(self, ctx: Context, resource: str, total: int) -> None:
        """Spend dice of a resource from any locations until their values reach ``total``."""
        spent = 0
        while spent < total:
            options = [
                {"location": loc.name, "die": i, "face": d.face}
                for loc in self.state.locations
                for i, d in enumerate(loc.dice)
                if d.resource == resource
            ]
            if not options:
                return
            pick = self.decide(ctx, "choose_die", options, f"Spend {resource}: {spent}/{total}")
            loc = self.location(pick["location"])
            die = loc.dice.pop(pick["die"])
            self.return_die(die)
            spent += die.face
            self.emit("die_spent", location=loc.name, die=[die.resource, die.face])

    def unlock_ability(self, name: str) -> None:
        st = self.state
        if name not in st.unlocked_abilities:
            st.unlocked_abilities.append(name)
            self.emit("ability_unlocked", ability=name)

    def shuffle_finale_scenes(self) -> None:
        st = self.state
        finale = [s.name for s in self.ruleset.scenes.values() if s.finale]
        st.rng.shuffle(finale)
        st.scene_deck[:0] = finale
        self.emit("finale_scenes_shuffled", count=len(finale))

    def complete_asset(self, owner: CharacterState, asset: AssetInProgress) -> None:
        for die in asset.slots:
            if die is not None:
                self.return_die(die)
        owner.in_progress.remove(asset)
        owner.assets.append(asset.name)
        self.emit("asset_completed", character=owner.name, asset=asset.name)

    def take_asset_from_staging(self, c: CharacterState, name: str) -> None:
        st = self.state
        st.asset_staging.remove(name)
        card = self.ruleset.assets[name]
        c.in_progress.append(AssetInProgress(name, [None] * len(card.recipe)))
        self.emit("asset_taken", character=c.name, asset=name)
        self.fill_staging()

    def fill_staging(self) -> None:
        """Refill the staging area; a card that does not count toward it is not counted."""
        st = self.state
        size = self.ruleset.value("staging area", 4)
        while st.asset_deck:
            counted = [n for n in st.asset_staging if f"uncounted:{n}" not in st.flags]
            if len(counted) >= size:
                break
            st.asset_staging.append(st.asset_deck.pop(0))

    def take_ability(self, c: CharacterState) -> bool:
        """Draw the next ability card; an empty deck cycles the lowest played card."""
        st = self.state
        deck = st.solo_ability_deck if st.solo else c.ability_deck
        if deck:
            name = deck.pop(0)
        else:
            owners = st.characters if st.solo else [c]
            discards = [
                (self.ruleset.abilities[n].number, n, o) for o in owners for n in o.ability_discard
            ]
            if not discards:
                return False
            _, name, owner = min(discards, key=lambda t: (t[0], t[1]))
            owner.ability_discard.remove(name)
        c.abilities.append(name)
        self.emit("ability_taken", character=c.name, ability=name)
        return True

    def can_take_ability(self, c: CharacterState) -> bool:
        st = self.state
        if st.solo:
            return bool(st.solo_ability_deck) or any(o.ability_discard for o in st.characters)
        return bool(c.ability_deck or c.ability_discard)

    def reroll_initiative(self, c: CharacterState) -> None:
        if c.initiative:
            c.initiative = self.roll(f"{c.name}'s initiative", len(c.initiative))

    def spend_initiative(self, c: CharacterState, face: int) -> None:
        c.initiative.remove(face)
        self.state.initiative_supply += 1

    def gain_initiative(self, c: CharacterState, count: int = 1, *, roll: bool = True) -> int:
        gained = 0
        for _ in range(count):
            if self.state.initiative_supply <= 0:
                break
            self.state.initiative_supply -= 1
            c.initiative.append(self.roll(f"{c.name}'s initiative")[0] if roll else 1)
            gained += 1
        return gained

    def gain_action_points(self, c: CharacterState, amount: int) -> None:
        c.action_points = min(c.action_points + amount, self.ruleset.value("action points max", 8))

    def lose_action_points(self, c: CharacterState, amount: int) -> None:
        c.action_points = max(c.action_points - amount, 0)

    # ------------------------------------------------------------------ effects and decisions

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
    ) -> Any:
        """Ask for a decision inside a run frame (``ctx.decide`` with ``who`` kept as given)."""
        saved = ctx.actor
        ctx.actor = who
        try:
            return ctx.decide(
                kind, list(options), prompt, who, min_choices=min_choices, max_choices=max_choices
            )
        finally:
            ctx.actor = saved

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
    ) -> int:
        """Run every effect of a card that happens at ``event``, in printed order."""
        ran = 0
        for effect in effects:
            if effect.run is None or not effect.on(event, qualifier):
                continue
            self.run_effect(
                ctx, effect, actor=actor, location=location, card=card, bindings=bindings
            )
            ran += 1
        return ran

    def run_effect(
        self,
        ctx: Context,
        effect: Effect,
        *,
        actor: str | None,
        location: str | None,
        card: str | None,
        bindings: dict[str, Any] | None = None,
    ) -> bool:
        """Run one compiled effect inside the current run frame, sharing its answers.

        Returns whether the player declined it (a "may" answered no)."""
        if effect.run is None:
            return False
        inner = _EffectContext(
            host=self,
            card=card,
            actor=actor,
            location=location,
            answers=ctx.answers,
            cursor=ctx.cursor,
            bindings=dict(bindings or {}),
        )
        inner.kinds = []
        try:
            if effect.cost is not None:
                effect.cost(inner)
            effect.run(inner)
        except EffectError as error:
            # the alternative (or target) chosen last cannot be carried out: ask again without it
            chosen = [
                i
                for i, kind in inner.kinds
                if kind in ("choose_option", "choose_target", "pay_or_refuse")
            ]
            if chosen and not self._giving_up:
                raise _Refused(chosen[-1], error.message) from None
            self._untouched = False
            self.emit("effect_failed", card=card, text=effect.text, reason=error.message)
            return False
        finally:
            ctx.cursor = inner.cursor
        self._untouched = False  # what follows the text may change the state
        self.emit("effect", card=card, trigger=effect.trigger, text=effect.text)
        if self.state.card_dice:
            self.release_cards_left()  # a text may have discarded a card with dice on it
        return any(kind == "pay_or_refuse" and inner.answers[i] is False for i, kind in inner.kinds)

    def push_run(self, op: str, **args: Any) -> None:
        """Start a piece of the procedure; one that cannot ask anything runs at once."""
        if self._asks_nothing_op(op, args):
            self._run_at_once(op, args)
            return
        self.state.frames.append(
            Frame("run", {"op": op, "args": args, "snap": None, "events": 0, "answers": []})
        )

    def _run_at_once(self, op: str, args: dict[str, Any]) -> None:
        """Run a piece predicted to ask nothing (``_asks_nothing_op``): with no snapshot."""
        try:
            getattr(self, f"op_{op}")(Context(host=self), **args)
        except DecisionNeeded as asked:  # pragma: no cover - a wrong prediction is a bug
            raise RuntimeError(f"{op} was predicted to ask nothing but asked: {asked}") from None

    def _asks_nothing_op(self, op: str, args: dict[str, Any]) -> bool:
        """A safe prediction that a piece will ask no decision (then it needs no snapshot)."""
        st = self.state
        if op == "refresh":
            occupied = {c.location for c in st.characters}
            for loc in st.locations:
                side = self.side(loc)
                if side.effects or (
                    loc.name in occupied
                    and (
                        self.sorcery in side.produces
                        or any(d.resource == self.sorcery for d in loc.dice)
                    )
                ):
                    return False
            return True  # the cards' "Refresh:" texts are a piece of their own
        if op == "activate_obstacle":
            found = self.find_obstacle(args["uid"])
            if found is None:
                return True
            loc, obstacle = found
            card = self.ruleset.obstacles[obstacle.name]
            if obstacle.progress and obstacle.hindrance:
                return False  # which token goes first is asked
            if obstacle.progress + obstacle.hindrance >= self._activations(card):
                return True  # the tokens take every activation: no movement, no threat
            return not (
                card.moves_toward
                or any(e.run is not None and e.on("threat") for e in card.effects)
                or (loc.threats and st.threat_pool >= 2)  # the threat placed may surge
            )
        if op == "refresh_texts":
            return not any(
                e.on("refresh")
                for effects in (
                    *(effects for c in st.characters for _, effects in self.held_cards(c)),
                    *(self.side(loc).effects for loc in st.locations),
                )
                for e in effects
            )
        if op == "starting_resources":
            return True
        if op == "character_ready":
            conditions = self.ruleset.conditions
            return not any(
                e.run is not None and e.on("setup")
                for cond in self.character(args["name"]).conditions
                if cond in conditions
                for e in conditions[cond].effects
            )
        if op == "draw_obstacle_step":
            if not st.obstacle_deck:
                return not st.obstacle_discard  # a reshuffle: the next card is not known yet
            name = st.obstacle_deck[0]
            if name in self.ruleset.events:  # an event's text may ask
                return False
            drawn = self.ruleset.obstacles[name]
            if any(e.run is not None and e.on("enter") for e in drawn.effects):
                return False
            return len(self._entry_places(drawn)) <= 1  # else: where does it enter?
        return False

    # ------------------------------------------------------------------ the procedure

    def _advance(self) -> Decision | None:
        """Run frames until one asks a decision or the session ends."""
        while True:
            st = self.state
            if st.over:
                return None
            if not st.frames:
                st.over = True
                return None
            frame = st.frames[-1]
            if frame.kind == "run":
                decision = self._run_frame(frame)
            else:
                decision = getattr(self, f"_step_{frame.kind}")(frame)
            if decision is not None:
                return decision

    def _snapshot(self, op: str) -> tuple[list[Any], int]:
        """The state as it is (``state.freeze``; the events and answers, which are only ever
        added to, are kept as the number of events so far). Only the downtime piece changes
        the sheets: any other piece's snapshot leaves them out, and goes back to them as they
        are (they are a seventh of a snapshot's cost)."""
        return freeze(self.state, sheets=op == "downtime"), len(self.state.events)

    def _run_frame(self, frame: Frame) -> Decision | None:
        data = frame.data
        depth = len(self.state.frames)
        if data["snap"] is None:
            if self._asks_nothing_op(data["op"], data["args"]):  # a piece set up as a frame
                self._run_at_once(data["op"], data["args"])
                if len(self.state.frames) >= depth:  # not the frames it may have pushed
                    del self.state.frames[depth - 1]
                return None
            data["snap"], data["events"] = self._snapshot(data["op"])
        ctx = Context(host=self, answers=list(data["answers"]))
        fn = getattr(self, f"op_{data['op']}")
        refused: dict[str, list[Any]] = data.get("refused") or {}
        self._giving_up = bool(data.get("giving_up"))
        self._untouched = _runs_a_text(data)
        try:
            fn(ctx, **data["args"])
        except DecisionNeeded as need:
            self._restore(data)
            decision = need.decision
            barred = refused.get(str(len(data["answers"])), [])
            if barred:
                left = tuple(o for o in decision.options if o not in barred)
                if left:
                    decision = Decision(
                        decision.kind,
                        decision.who,
                        decision.prompt,
                        left,
                        decision.source,
                        min(decision.min_choices, len(left)),
                        min(decision.max_choices, len(left)),
                    )
                else:  # nothing works: let the effect fail as written
                    self.state.frames[-1].data["giving_up"] = True
            return decision
        except _ActionRefused as refusal:
            self._restore(data)
            option = data["args"]["option"]
            del self.state.frames[-1]  # this piece: the action is not taken
            actions = self._actions_frame()
            if actions is not None:
                actions.data.setdefault("refused", []).append(option)
            self.emit("action_refused", option=_copy_option(option), reason=refusal.reason)
            return None
        except _Refused as refusal:
            answers = data["answers"]
            self._restore(data)
            top = self.state.frames[-1].data
            top.setdefault("refused", {}).setdefault(str(refusal.index), []).append(
                answers[refusal.index]
            )
            top["answers"] = answers[: refusal.index]
            self.emit("choice_refused", reason=refusal.reason)
            return None
        finally:
            self._giving_up = False
            self._untouched = False
        # the piece may have pushed frames of its own above itself; remove only this one
        if len(self.state.frames) >= depth:
            del self.state.frames[depth - 1]
        if data["op"] == "action":
            self._actions_changed()
        return None

    def _actions_changed(self) -> None:
        """An action was taken: cards refused before may work now."""
        actions = self._actions_frame()
        if actions is not None:
            actions.data.pop("refused", None)

    def _actions_frame(self) -> Frame | None:
        """The actions step under the pieces running now, if any."""
        return next((f for f in reversed(self.state.frames) if f.kind == "actions"), None)

    def _restore(self, data: dict[str, Any]) -> None:
        """Back to the state at the start of the piece, keeping its snapshot and answers."""
        if self._untouched:  # nothing changed but the events: no copy to make
            del self.state.events[data["events"] :]
            return
        saved: dict[str, Any] = {
            k: data[k] for k in ("snap", "events", "answers", "refused", "giving_up") if k in data
        }
        snap = data["snap"]
        # a snapshot read from JSON is the pickled state (see ``to_json``)
        if isinstance(snap, bytes):
            st = pickle.loads(snap)
        else:
            st = thaw(snap)
            if snap[28] is None:  # a snapshot without the sheets: they have not changed
                st.sheets = self.state.sheets
        st.events = self.state.events[: data["events"]]
        st.answers = self.state.answers
        self.state = st
        st.frames[-1].data.update(saved)

    # --- turn

    TURN_STEPS = ("actions", "refresh", "draw_scene", "activate", "draw_obstacle", "advance_time")

    def _step_turn(self, frame: Frame) -> Decision | None:
        st = self.state
        step = frame.data.get("step", "start")
        if step == "start":
            if st.lost is not None:
                frame.data["step"] = "year_over"
                return None
            season = self.ruleset.seasons[st.season][0]
            self.emit("turn_started", season=season, turn=st.turn)
            frame.data["step"] = "actions"
            st.frames.append(Frame("actions", {}))
        elif step == "actions":
            frame.data["step"] = "refresh"
            self.push_run("refresh")
        elif step == "refresh":
            frame.data["step"] = "draw_scene"
            if st.scene_deck:
                name = st.scene_deck.pop(0)
                st.scenes.append(name)
                self.emit("scene_drawn", scene=name)
        elif step == "draw_scene":
            frame.data["step"] = "activate"
            uids = [o.uid for loc in st.locations for o in loc.obstacles]
            st.frames.append(Frame("activate", {"uids": uids, "next": 0}))
        elif step == "activate":
            frame.data["step"] = "draw_obstacle"
            self.push_run("draw_obstacle_step")
        elif step == "draw_obstacle":
            self._advance_time(frame)
        elif step == "year_over":
            st.frames.pop()
            self.push_run("session_end")
        return None

    def _advance_time(self, frame: Frame) -> None:
        """Move the turn counter; a season's last turn runs the scheme's season-end steps."""
        st = self.state
        seasons = self.ruleset.seasons
        name, turns = seasons[st.season]
        if st.turn >= turns:
            last = st.season == len(seasons) - 1
            scheme = self.ruleset.schemes[st.scheme]
            steps = [e.text for e in scheme.effects if e.on("season end", name)]
            self.emit("season_ended", season=name, scheme_steps=steps)
            if not last:
                st.season += 1
                st.turn = 1
            frame.data["step"] = "year_over" if last or st.lost is not None else "start"
            self.push_run("season_end", season=name)
        else:
            st.turn += 1
            frame.data["step"] = "year_over" if st.lost is not None else "start"

    # --- actions

    def _step_actions(self, frame: Frame) -> Decision | None:
        options = self.action_options()
        refused = frame.data.get("refused")
        if refused:  # cards that could not do what they say, until the table changes
            options = [o for o in options if o not in refused]
        return Decision(
            kind="choose_action",
            who=None,
            prompt="Actions: choose an action, or end the actions step",
            options=tuple(options),
        )

    def _answer_actions(self, frame: Frame, answer: Any) -> None:
        if answer == "done":
            self.state.frames.pop()
            return
        if self._asks_nothing(answer):
            # no decision can come of it: run it at once, with no snapshot to keep
            self.op_action(Context(host=self), answer)
            frame.data.pop("refused", None)
            return
        self.push_run("action", option=answer)

    def _asks_nothing(self, option: dict[str, Any]) -> bool:
        act = option["act"]
        if act in ("trade", "craft"):
            return True
        if act == "move":
            return option.get("by") != "portal"
        if act == "muster":
            return bool(option["resource"] != self.sorcery)
        return False

    def action_options(self) -> list[Any]:
        """Every action the players may take now (useful ones: an action that cannot change
        anything, such as crafting with no die that fits, is left out).

        Asked at every action decision, so written for speed (the order of the options is part
        of the game's behaviour: bots pick by position): each location and its side is looked
        up once, and what a card offers comes from ``_card_actions``, worked out once per card."""
        st = self.state
        rs = self.ruleset
        options: list[Any] = []
        cards = rs.locations
        sided = [(loc, cards[loc.name].side(loc.developed)) for loc in st.locations]  # self.side
        at: dict[str, tuple[LocationState, Any]] = {}
        for loc, loc_side in sided:
            at.setdefault(loc.name, (loc, loc_side))  # the first of a name, as ``location``
        move_cost = rs.value("move cost", 1)
        trade_cost = self.action_cost("trade")
        muster_cost = rs.value("muster cost", 3)
        adjacency = self._adjacency_map()
        lowest_at: dict[str, int | None] = {}
        # ``_card_actions``, its memo read in line (a card's facts are never falsy)
        memo = self._card_memo
        card_actions = self._card_actions
        permitting: list[tuple[CharacterState, list[tuple[str, str, Any]]]] = []
        for c in st.characters:
            if c.location is None:
                continue
            name = c.location
            if name not in at:
                raise KeyError(name)
            here, side = at[name]
            ap = c.action_points
            # any character may move (in the solo variant the whole party moves)
            for dest in adjacency[name]:
                if ap >= move_cost + at[dest][1].entry_cost:
                    options.append({"act": "move", "character": c.name, "to": dest})
            if side.port_cost is not None and ap >= side.port_cost:
                for other, o_side in sided:
                    if other is not here and o_side.port_cost is not None:
                        options.append(
                            {"act": "move", "character": c.name, "to": other.name, "by": "port"}
                        )
            if side.portal_cost is not None or side.portal_stress_cost is not None:
                for other, o_side in sided:
                    if other is here or (
                        o_side.portal_cost is None and o_side.portal_stress_cost is None
                    ):
                        continue
                    if (
                        side.portal_cost is not None and ap >= side.portal_cost
                    ) or side.portal_stress_cost is not None:
                        options.append(
                            {
                                "act": "move",
                                "character": c.name,
                                "to": other.name,
                                "by": "portal",
                            }
                        )
            # ``restricted(here, verb, side)``, its obstacle lookup only when there are any
            if (
                ap >= trade_cost
                and len(here.dice) > 1  # a trade gives a pair
                and not side.no_trade
                and not (here.obstacles and self.restricted(here, "trade", side))
            ):
                options.extend(self._trade_options(c, here))
            if (
                ap >= muster_cost
                and not side.no_muster
                and not (here.obstacles and self.restricted(here, "muster", side))
            ):
                granted = [
                    noun
                    for n in c.abilities
                    for noun in (memo.get(("ability", n)) or card_actions("ability", n)).musters
                ]
                for resource in dict.fromkeys((*side.produces, *side.musters, *granted)):
                    if st.supply.get(resource, 0) > 0:
                        options.append({"act": "muster", "character": c.name, "resource": resource})
            if not c.initiative:  # only an obstacle with enough progress may be taken
                for i, o in enumerate(here.obstacles):
                    if o.progress >= rs.obstacles[o.name].difficulty:
                        options.append(
                            {"act": "overcome", "character": c.name, "obstacle": o.name, "index": i}
                        )
            if c.initiative:
                if here.dice:
                    if name not in lowest_at:  # the same for everyone here
                        targets = [a for o in self.characters_at(name) for a in o.in_progress]
                        lowest_at[name] = self._lowest_craftable(here, targets) if targets else None
                    lowest = lowest_at[name]
                    if lowest is not None:
                        # any initiative die at least as high as the lowest die that some
                        # empty slot takes can craft
                        for face in sorted(set(c.initiative)):
                            if face >= lowest:
                                options.append({"act": "craft", "character": c.name, "die": face})
                for i, o in enumerate(here.obstacles):
                    options.append(
                        {"act": "overcome", "character": c.name, "obstacle": o.name, "index": i}
                    )
            # the cards' texts used as actions; their "May ..." texts come after everyone's
            granting: list[tuple[str, str, tuple[tuple[int, Any], ...]]] = []
            if side.permissions:
                granting.append(("location", here.name, _usable_permissions(side.permissions)))
            for kind, held in (("ability", c.abilities), ("asset", c.assets)):
                for card in held:
                    actions = memo.get((kind, card)) or card_actions(kind, card)
                    if actions.permissions:
                        granting.append((kind, card, actions.permissions))
                    if card in c.exhausted:
                        continue
                    for k in actions.plays:
                        options.append(
                            {"act": kind, "character": c.name, "card": card, "effect": k}
                        )
            for n in st.events_out:
                actions = memo.get(("event", n)) or card_actions("event", n)
                if actions.permissions:
                    granting.append(("event", n, actions.permissions))
            permitting.append((c, granting))
        for c, granting in permitting:
            for on, card_name, permissions in granting:
                for k, permission in permissions:
                    if c.exhausted and f"{card_name}#{k}" in c.exhausted:
                        continue
                    if not self._holding_possible(c, card_name, permission):
                        continue
                    options.append(
                        {
                            "act": "permission",
                            "character": c.name,
                            "on": on,
                            "card": card_name,
                            "index": k,
                        }
                    )
        options += self._narrate_options()
        options.append("done")
        return options

    def _narrate_options(self) -> list[Any]:
        """The narrate actions: every scene available, where it may be narrated, by every team
        of the characters there whose cards could reach its points (a point per card that
        matches the scene's skill, and the points of all their cards)."""
        st = self.state
        rs = self.ruleset
        options: list[Any] = []
        # the most any team could score: with none of the cards, no scene can be narrated
        best = 0
        for c in st.characters:
            for n in (*c.assets, *c.obstacles):
                best += self._card_facts(n)[0] + 1
        if self._least_scene_points is None:
            self._least_scene_points = min((sc.points for sc in rs.scenes.values()), default=0)
        if best < self._least_scene_points:  # no scene at all: most of the time
            return options
        scenes = [n for n in self.available_scenes() if best >= rs.scenes[n].points]
        if not scenes:
            return options
        occupied = {c.location for c in st.characters}
        bonus = rs.value("skill match bonus", 1)
        places = self._scene_places_now()
        # by location: each team there, with the points of its cards and their skills
        teams_at: dict[str, list[tuple[list[str], int, list[str | None]]]] = {}
        for scene_name in scenes:
            scene = rs.scenes[scene_name]
            for name in self._scene_place_names(places, scene):
                if name not in occupied:
                    continue
                teams = teams_at.get(name)
                if teams is None:
                    teams = teams_at[name] = []
                    for team in _teams(self.characters_at(name)):
                        cards = [self._held_points(c) for c in team]
                        teams.append(
                            (
                                [c.name for c in team],
                                sum(points for points, _ in cards),
                                [skill for _, skills in cards for skill in skills],
                            )
                        )
                for participants, points, skills in teams:
                    if bonus * skills.count(scene.skill) + points >= scene.points:
                        options.append(
                            {
                                "act": "narrate",
                                "scene": scene_name,
                                "location": name,
                                "participants": list(participants),
                            }
                        )
        return options

    def _held_points(self, c: CharacterState) -> tuple[int, list[str | None]]:
        """The points of the cards a character could play in a scene (completed assets and
        overcome obstacles), and the skill of each."""
        points = 0
        skills = []
        for n in (*c.assets, *c.obstacles):
            facts = self._card_facts(n)
            points += facts[0]
            skills.append(facts[1])
        return points, skills

    def _card_facts(self, name: str) -> tuple[int, str | None]:
        """``card_points`` and ``card_skill`` of a card, worked out once per card."""
        facts = self._card_points_memo.get(name)
        if facts is None:
            facts = self._card_points_memo[name] = (self.card_points(name), self.card_skill(name))
        return facts

    def _lowest_craftable(self, here: LocationState, targets: list[AssetInProgress]) -> int | None:
        """The lowest face of a die here that an empty slot of ``targets`` accepts, if any."""
        assets = self.ruleset.assets
        recipes = [(assets[a.name].recipe, a.slots) for a in targets]
        for face, resource in sorted({(d.face, d.resource) for d in here.dice}):
            for recipe, slots in recipes:
                for s, slot in enumerate(recipe):
                    # slot.accepts(resource, face), written out: this is the inner loop
                    if (
                        slots[s] is None
                        and (slot.resource is None or slot.resource == resource)
                        and (slot.face is None or slot.face == face)
                    ):
                        return face
        return None

    def _card_actions(self, kind: str, name: str) -> _CardActions:
        """What a card of ``kind`` (ability, asset, event) offers as actions; it never changes
        within a session, so it is worked out once per card."""
        key = (kind, name)
        found = self._card_memo.get(key)
        if found is None:
            rs = self.ruleset
            card: Any = (
                rs.abilities[name]
                if kind == "ability"
                else rs.assets[name]
                if kind == "asset"
                else rs.events[name]
            )
            effects = getattr(card, "effects", ())
            permissions = getattr(card, "permissions", ())
            usable = [
                (k, any(v in OVERCOME_ONLY_VERBS for v in effect.verbs))
                for k, effect in enumerate(effects)
                if effect.run is not None and effect.usage in ("activated", "played")
            ]
            found = _CardActions(
                plays=tuple(k for k, defends in usable if not defends),
                defends=tuple(k for k, defends in usable if defends),
                musters=tuple(
                    str(getattr(p.roles.get("object"), "noun", ""))
                    for p in permissions
                    if p.verb == "muster"
                ),
                permissions=_usable_permissions(permissions),
            )
            self._card_memo[key] = found
        return found

    def _trade_options(self, c: CharacterState, here: LocationState) -> list[Any]:
        out: list[Any] = []
        seen: set[tuple[Any, ...]] = set()
        for i, a in enumerate(here.dice):
            for j in range(i + 1, len(here.dice)):
                b = here.dice[j]
                if a.resource != b.resource:
                    continue
                key = (a.resource, *sorted((a.face, b.face)))
                if key in seen:
                    continue
                seen.add(key)
                for into in self.trade_targets(a.resource):
                    if self.state.supply.get(into, 0) > 0:
                        out.append(
                            {"act": "trade", "character": c.name, "give": [i, j], "get": into}
                        )
        return out

    def trade_targets(self, resource: str) -> list[str]:
        """What a pair of dice of ``resource`` may be traded for."""
        found = self._trade_memo.get(resource)
        if found is None:
            found = self._trade_memo[resource] = self._trade_targets(resource)
        return list(found)

    def _trade_targets(self, resource: str) -> list[str]:
        targets = self.ruleset.trade.get(resource, ())
        if ANY in targets:
            return [r for r in self.ruleset.resources if r != resource]
        return [t for t in targets if t != resource]

    # --- activate obstacles

    def _step_activate(self, frame: Frame) -> Decision | None:
        """Activate every obstacle that was in play when the step began, once each."""
        data = frame.data
        while data["next"] < len(data["uids"]):
            uid = data["uids"][data["next"]]
            data["next"] += 1
            if self.find_obstacle(uid) is not None:
                self.push_run("activate_obstacle", uid=uid)
                return None
        self.state.frames.pop()
        return None

    # ------------------------------------------------------------------ run-frame pieces

    def op_setup(self, ctx: Context) -> None:
        """Session setup after the automatic steps: the scheme's setup, then one piece per
        step that asks (downtime, reserve, starting resources, character setup, placing)."""
        st = self.state
        scheme = self.ruleset.schemes[st.scheme]
        self.run_effects(ctx, scheme.effects, "setup", card=st.scheme)
        steps: list[tuple[str, dict[str, Any]]] = [
            ("downtime", {"name": n}) for n in st.idle_characters
        ]
        steps += [("reserve", {"asset": a}) for a in st.reserve]
        steps.append(("starting_resources", {}))
        steps += [("character_setup", {"name": c.name}) for c in st.characters]
        placers = st.characters[:1] if st.solo else st.characters
        steps += [("place_character", {"name": c.name}) for c in placers]
        for op, args in reversed(steps):
            if op in ("character_setup", "place_character"):
                # these ask first, before anything changes: a step frame asks, no snapshot
                st.frames.append(Frame(op, args))
                continue
            st.frames.append(
                Frame("run", {"op": op, "args": args, "snap": None, "events": 0, "answers": []})
            )

    def op_downtime(self, ctx: Context, name: str) -> None:
        """Train and rest: remove a condition, take two skill advances."""
        rs = self.ruleset
        sheet = self.state.sheets[name]
        if sheet.conditions:
            removed = self.decide(
                ctx,
                "choose_condition",
                list(sheet.conditions),
                f"Downtime: which condition does {name} recover from?",
                who=name,
            )
            sheet.conditions.remove(removed)
            self.emit("condition_removed", character=name, condition=removed, by="downtime")
        for n in range(rs.value("downtime advances", 2)):
            skill = self.decide(
                ctx,
                "choose_skill",
                list(rs.skills),
                f"Downtime: skill advance {n + 1} for {name}",
                who=name,
            )
            rank = self.mark_advance(sheet, skill)
            self.emit("downtime", character=name, skill=skill, rank=rank)
        # A character back from downtime plays this year as the sheet now stands (the session's
        # copy was taken at Choose Characters, before this step).
        for c in self.state.characters:
            if c.name == name:
                c.skills, c.advances = dict(sheet.skills), dict(sheet.advances)
                c.conditions = list(sheet.conditions)

    def op_reserve(self, ctx: Context, asset: str) -> None:
        st = self.state
        owner = self.decide(
            ctx, "choose_character", [c.name for c in st.characters], f"Reserve: who takes {asset}?"
        )
        st.reserve.remove(asset)
        self.character(owner).assets.append(asset)
        self.emit("reserve_taken", character=owner, asset=asset)

    def op_starting_resources(self, ctx: Context) -> None:
        """A die per production icon; sorcery explodes but stresses no one (no one is there)."""
        for loc in self.state.locations:
            for resource in self.side(loc).produces:
                self.new_resource_die(None, resource, loc, stress=False)

    def _step_character_setup(self, frame: Frame) -> Decision | None:
        """A character's setup: may take an asset from the staging area (asked here), then the
        rest (``op_character_ready``). ``op_character_setup`` is the same as one piece."""
        c = self.character(frame.data["name"])
        if self.state.asset_staging:
            return Decision(
                kind="choose_asset",
                who=c.name,
                prompt=_ASSET_PROMPT.format(c.name),
                options=(*self.state.asset_staging, "none"),
            )
        self.state.frames.pop()
        self.push_run("character_ready", name=c.name)
        return None

    def _answer_character_setup(self, frame: Frame, choice: Any) -> None:
        self.state.frames.pop()
        name = frame.data["name"]
        if choice != "none":
            self.take_asset_from_staging(self.character(name), choice)
        self.push_run("character_ready", name=name)

    def op_character_setup(self, ctx: Context, name: str) -> None:
        st = self.state
        c = self.character(name)
        if st.asset_staging:
            choice = self.decide(
                ctx,
                "choose_asset",
                [*st.asset_staging, "none"],
                _ASSET_PROMPT.format(c.name),
                who=c.name,
            )
            if choice != "none":
                self.take_asset_from_staging(c, choice)
        self.op_character_ready(ctx, name)

    def op_character_ready(self, ctx: Context, name: str) -> None:
        """Character setup once the asset is taken: initiative, an ability, action points, and
        what the character's conditions do at setup."""
        rs = self.ruleset
        c = self.character(name)
        self.gain_initiative(c, rs.value("starting initiative dice", 1))
        for _ in range(rs.value("starting abilities", 1)):
            self.take_ability(c)
        c.action_points = rs.value("starting action points", rs.value("action points per turn", 4))
        for cond in list(c.conditions):
            card = rs.conditions.get(cond)
            if card is not None:
                self.run_effects(ctx, card.effects, "setup", actor=c.name, card=cond)

    def _step_place_character(self, frame: Frame) -> Decision | None:
        """Where a character starts (the party, in the solo variant); ``op_place_character`` is
        the same as a piece."""
        name = frame.data["name"]
        options = tuple(loc.name for loc in self.state.locations)
        return Decision(kind="choose_location", who=name, prompt=f"Place {name}", options=options)

    def _answer_place_character(self, frame: Frame, where: Any) -> None:
        self.state.frames.pop()
        self._place_character(frame.data["name"], where)

    def op_place_character(self, ctx: Context, name: str) -> None:
        names = [loc.name for loc in self.state.locations]
        where = self.decide(ctx, "choose_location", names, f"Place {name}", who=name)
        self._place_character(name, where)

    def _place_character(self, name: str, where: str) -> None:
        st = self.state
        for moved in st.characters if st.solo else [self.character(name)]:
            moved.location = where
            self.emit("character_placed", character=moved.name, location=where)

    def op_action(self, ctx: Context, option: dict[str, Any]) -> None:
        act = option["act"]
        c = self.character(option["character"]) if "character" in option else None
        self.emit(
            "action", character=option.get("character"), action=act, details=_copy_option(option)
        )
        if act == "move":
            assert c is not None
            self.action_move(ctx, c, option["to"], option.get("by"))
        elif act == "trade":
            assert c is not None
            self.action_trade(c, option["give"], option["get"])
        elif act == "muster":
            assert c is not None
            self.action_muster(ctx, c, option["resource"])
        elif act == "craft":
            assert c is not None
            self.action_craft(ctx, c, option["die"])
        elif act == "overcome":
            assert c is not None
            self.action_overcome(ctx, c, option["index"])
        elif act == "narrate":
            self.action_narrate(ctx, option["scene"], option["location"], option["participants"])
        elif act in ("ability", "asset"):
            assert c is not None
            self.use_card(ctx, c, act, option["card"], option["effect"], as_action=True)
        elif act == "permission":
            assert c is not None
            self.use_permission(ctx, c, option)
        self.release_cards_left()

    def action_move(self, ctx: Context, c: CharacterState, to: str, by: str | None) -> None:
        here = self.location(c.location) if c.location else None
        assert here is not None
        side = self.side(here)
        if by == "port":
            cost = int(side.port_cost or 0)
            self.lose_action_points(c, cost)
        elif by == "portal":
            if side.portal_cost is not None:
                self.lose_action_points(c, side.portal_cost)
            else:
                kind = self.decide(
                    ctx,
                    "choose_stress",
                    list(self.ruleset.stress),
                    "Portal: which stress do you pay?",
                    who=c.name,
                )
                self.take_stress(ctx, c, kind, int(side.portal_stress_cost or 1))
        else:
            move_cost = self.ruleset.value("move cost", 1)
            self.lose_action_points(c, move_cost + self.side(self.location(to)).entry_cost)
        party = self.state.characters if self.state.solo else [c]
        for m in party:
            m.location = to
            self.emit("character_moved", character=m.name, location=to, by=by or "step")

    def action_trade(self, c: CharacterState, give: list[int], get: str) -> None:
        here = self.location(str(c.location))
        given = [here.dice[i] for i in give]
        for die in given:
            here.dice.remove(die)
            self.return_die(die)
        self.lose_action_points(c, self.action_cost("trade"))
        self.emit("traded", character=c.name, gave=[[d.resource, d.face] for d in given], got=get)
        self.new_resource_die(None, get, here, explode=False)

    def action_muster(self, ctx: Context, c: CharacterState, resource: str) -> None:
        here = self.location(str(c.location))
        self.lose_action_points(c, self.ruleset.value("muster cost", 3))
        self.new_resource_die(ctx, resource, here)

    def action_craft(self, ctx: Context, c: CharacterState, face: int) -> None:
        """Spend an initiative die; dice up to its value then move one by one (``craft``)."""
        self.spend_initiative(c, face)
        self.state.frames.append(Frame("craft", {"character": c.name, "face": face}))

    def craft_options(self, c: CharacterState, face: int) -> list[Any]:
        rs = self.ruleset
        here = self.location(str(c.location))
        options: list[Any] = []
        seen: set[tuple[Any, ...]] = set()
        owners = self.characters_at(here.name)
        for i, die in enumerate(here.dice):
            if die.face > face:
                continue
            for owner in owners:
                for a_index, asset in enumerate(owner.in_progress):
                    recipe = rs.assets[asset.name].recipe
                    for slot_index, slot in enumerate(recipe):
                        if asset.slots[slot_index] is None and slot.accepts(die.resource, die.face):
                            key = (die.resource, die.face, owner.name, a_index, slot_index)
                            if key in seen:
                                continue
                            seen.add(key)
                            options.append(
                                {
                                    "die": i,
                                    "character": owner.name,
                                    "asset": asset.name,
                                    "index": a_index,
                                    "slot": slot_index,
                                }
                            )
        return options

    def _step_craft(self, frame: Frame) -> Decision | None:
        c = self.character(frame.data["character"])
        face = frame.data["face"]
        options = self.craft_options(c, face)
        if not options:
            self.state.frames.pop()
            return None
        return Decision(
            kind="choose_craft",
            who=c.name,
            prompt=f"Craft with a {face}: place a die or stop",
            options=(*options, "stop"),
        )

    def _answer_craft(self, frame: Frame, choice: Any) -> None:
        if choice == "stop":
            self.state.frames.pop()
            return
        c = self.character(frame.data["character"])
        here = self.location(str(c.location))
        die = here.dice.pop(choice["die"])
        owner = self.character(choice["character"])
        asset = owner.in_progress[choice["index"]]
        asset.slots[choice["slot"]] = die
        self.emit(
            "die_crafted",
            character=c.name,
            asset=asset.name,
            owner=owner.name,
            die=[die.resource, die.face],
        )
        if all(slot is not None for slot in asset.slots):
            self.complete_asset(owner, asset)

    def action_overcome(self, ctx: Context, c: CharacterState, index: int) -> None:
        """The seven steps of overcoming an obstacle, with teamwork."""
        here = self.location(str(c.location))
        obstacle = here.obstacles[index]
        card = self.ruleset.obstacles[obstacle.name]
        if obstacle.progress >= card.difficulty:  # progress a text placed: it is taken as it is
            self.take_obstacle(ctx, c, here, obstacle)
            return
        # anyone here may join, dice or none (one without dice may still take stress dice)
        others = [o.name for o in self.characters_at(here.name) if o is not c]
        team = [c]
        if others:
            joined = self.decide(
                ctx,
                "choose_many",
                others,
                f"Who joins {c.name} against {card.name}?",
                min_choices=0,
                max_choices=len(others),
            )
            team += [self.character(n) for n in joined]
        # a card may have the stress dice rolled before defense is chosen (used now or earlier)
        for m in team:
            self._defend_window(
                ctx,
                m,
                BEFORE_DEFENSE_VERBS,
                f"{m.name}: use a card before defense against {card.name}?",
            )
        early = self.state.flags.pop("roll stress first", 0)
        takers = self._divide_stress_dice(ctx, c, team, card) if early else []
        faces = self.roll(f"{card.name} stress", len(card.stress)) if early else []
        # 1. allocate defense
        defense: dict[str, list[int]] = {}
        for m in team:
            positions = list(range(len(m.initiative)))
            chosen = (
                self.decide(
                    ctx,
                    "choose_many",
                    positions,
                    f"{m.name}: which initiative dice {sorted(m.initiative)} go to defense?"
                    + (f" (the stress dice show {faces})" if early else ""),
                    who=m.name,
                    min_choices=0,
                    max_choices=len(positions),
                )
                if positions
                else []
            )
            dice = [m.initiative[p] for p in sorted(chosen)]
            for face in dice:
                m.initiative.remove(face)
            defense[m.name] = dice
        # 2. stress roll
        if not early:
            takers = self._divide_stress_dice(ctx, c, team, card)
            faces = self.roll(f"{card.name} stress", len(card.stress))
        assigned: dict[str, list[tuple[str, int]]] = {m.name: [] for m in team}
        for who, kind, face in zip(takers, card.stress, faces, strict=True):
            assigned[who].append((kind, face))
        skill = card.skill
        # cards that defend, used once the member sees the stress dice coming at them
        for m in team:
            rank = m.skills.get(skill, 0)
            coming = [f"{kind} {face}" for kind, face in assigned[m.name] if face > rank]
            if coming:
                self._defend_window(
                    ctx,
                    m,
                    DEFENDING_VERBS,
                    f"{m.name}: use a card to defend against {', '.join(coming)} "
                    f"(defense pool {sorted(defense[m.name])})?",
                )
        for m in team:
            rank = m.skills.get(skill, 0)
            # 3. spend defense: cancel as many of the dice that would cause stress as the pool
            # can; the player says which stress to take when that is a choice
            harmful = sorted((d for d in assigned[m.name] if d[1] > rank), key=lambda d: d[1])
            kept = self._defend(ctx, m, harmful, defense[m.name])
            self.state.initiative_supply += len(defense[m.name])
            # 4. apply stress (a card may have this action ignore a kind of stress)
            standing = self.standing_flags(ctx, m) if kept else {}
            for kind, _face in kept:
                flags = self.state.flags
                ignored = flags.get(f"ignore {kind}") or flags.get(f"ignore {kind} for {m.name}")
                if not (ignored or standing.get(f"ignore {kind}")):
                    self.take_stress(ctx, m, kind, 1)
        # 5. progress or hindrance
        for m in team:
            if not m.initiative:
                continue
            rank = m.skills.get(skill, 0)
            progress = sum(1 for d in m.initiative if d <= rank)
            hindrance = len(m.initiative)
            choice = self.decide(
                ctx,
                "choose_token",
                ["progress", "hindrance"],
                f"{m.name}: add {progress} progress or {hindrance} hindrance to {card.name}?",
                who=m.name,
            )
            amount = progress if choice == "progress" else hindrance
            amount = min(amount, self.token_supply(choice))
            setattr(obstacle, choice, getattr(obstacle, choice) + amount)
            self.emit(
                "tokens_added", obstacle=card.name, token=choice, amount=amount, character=m.name
            )
        # 6. overcome or hinder
        if obstacle.progress >= card.difficulty:
            self.take_obstacle(ctx, c, here, obstacle)
        elif obstacle.progress + obstacle.hindrance >= card.difficulty:
            hinder = self.decide(
                ctx,
                "choose_option",
                ["hinder", "keep"],
                f"Discard {card.name} by hindering it?",
                who=c.name,
            )
            if hinder == "hinder":
                here.obstacles.remove(obstacle)
                self.state.obstacle_discard.append(obstacle.name)
                self.emit("obstacle_discarded", obstacle=card.name, location=here.name)
        # 7. reroll
        for m in team:
            self.reroll_initiative(m)

    def take_obstacle(
        self, ctx: Context, c: CharacterState, here: LocationState, obstacle: ObstacleInPlay
    ) -> None:
        """Progress at or above the difficulty: the character takes the obstacle (its points
        count in a scene) and its "Overcome:" text runs."""
        card = self.ruleset.obstacles[obstacle.name]
        here.obstacles.remove(obstacle)
        c.obstacles.append(obstacle.name)
        self.emit("obstacle_overcome", obstacle=card.name, location=here.name, character=c.name)
        self.run_effects(
            ctx, card.effects, "overcome", actor=c.name, location=here.name, card=card.name
        )

    def progress_placed(self, ctx: Context, uid: int) -> None:
        """A character's card added progress to an obstacle at their location: if it reached
        the difficulty, that character takes the obstacle at once (with no character to take
        it, it waits for one: the overcome action takes it)."""
        found = self.find_obstacle(uid)
        if found is None or ctx.actor is None:
            return
        here, obstacle = found
        c = self.character(ctx.actor)
        if c.location == here.name and obstacle.progress >= (
            self.ruleset.obstacles[obstacle.name].difficulty
        ):
            self.take_obstacle(ctx, c, here, obstacle)

    def _defend(
        self,
        ctx: Context,
        m: CharacterState,
        harmful: list[tuple[str, int]],
        pool: list[int],
    ) -> list[tuple[str, int]]:
        """Spend a defense pool on the stress dice that would hurt (sorted by face): each
        defense die cancels one stress die of at least its value. As many are cancelled as
        can be; when the stress left could be of different kinds, the player chooses which.
        Returns the dice not cancelled."""
        if not harmful or not pool:
            return list(harmful)
        ranked = sorted(pool)
        best: list[tuple[int, ...]] = []
        for size in range(min(len(harmful), len(ranked)), 0, -1):
            # a set of stress dice can be cancelled when its k-th lowest face is at least the
            # k-th lowest defense die
            best = [
                chosen
                for chosen in combinations(range(len(harmful)), size)
                if all(d <= harmful[i][1] for d, i in zip(ranked, chosen, strict=False))
            ]
            if best:
                break
        if not best:
            return list(harmful)

        def left_of(chosen: tuple[int, ...]) -> str:
            return ", ".join(sorted(harmful[i][0] for i in range(len(harmful)) if i not in chosen))

        outcomes = list(dict.fromkeys(left_of(chosen) for chosen in best))
        cancelled = best[0]
        if len(outcomes) > 1:
            take = self.decide(
                ctx,
                "choose_stress",
                outcomes,
                f"{m.name}: the defense pool {ranked} cancels {len(cancelled)} of "
                + ", ".join(f"{kind} {face}" for kind, face in harmful)
                + "; which stress do you take?",
                who=m.name,
            )
            cancelled = next(chosen for chosen in best if left_of(chosen) == take)
        for i in cancelled:
            kind, face = harmful[i]
            self.emit("stress_cancelled", character=m.name, stress=kind, face=face)
        return [d for i, d in enumerate(harmful) if i not in cancelled]

    def _divide_stress_dice(
        self, ctx: Context, c: CharacterState, team: list[CharacterState], card: Obstacle
    ) -> list[str]:
        """Teamwork: who takes each stress die, divided before the dice are rolled (one of
        the team may take them all, or none); alone, ``c`` takes them."""
        if len(team) == 1:
            return [c.name] * len(card.stress)
        takers = []
        for i, kind in enumerate(card.stress):
            takers.append(
                self.decide(
                    ctx,
                    "choose_character",
                    [m.name for m in team],
                    f"Who takes {card.name}'s {kind} stress die ({i + 1} of {len(card.stress)})?",
                )
            )
        for who, kind in zip(takers, card.stress, strict=True):
            self.emit("stress_die_assigned", character=who, stress=kind)
        return takers

    def action_narrate(
        self, ctx: Context, scene_name: str, location: str, participants: list[str]
    ) -> None:
        """Narrate a scene: skill-match points, cards played, epilogue, skill advance."""
        st = self.state
        scene = self.ruleset.scenes[scene_name]
        team = [self.character(n) for n in participants]
        bonus = self.ruleset.value("skill match bonus", 1)
        match = bonus * sum(
            1 for c in team for n in (*c.assets, *c.obstacles) if self.card_skill(n) == scene.skill
        )
        played: list[dict[str, Any]] = []
        total = match
        while True:
            options: list[Any] = []
            for c in team:
                for n in dict.fromkeys(c.obstacles):
                    options.append({"card": n, "kind": "obstacle", "character": c.name})
                for n in dict.fromkeys(c.assets):
                    options.append({"card": n, "kind": "asset", "character": c.name})
            if total >= scene.points:
                options.append("finish")
            choice = self.decide(
                ctx,
                "choose_card",
                options,
                f"{scene_name}: {total} of {scene.points} points; play a card or finish",
            )
            if choice == "finish":
                break
            owner = self.character(choice["character"])
            points = self.card_points(choice["card"])
            if choice["kind"] == "asset":
                owner.assets.remove(choice["card"])
                st.asset_discard.append(choice["card"])
            else:
                owner.obstacles.remove(choice["card"])
                st.archive.append(choice["card"])
            total += points
            played.append({**choice, "points": points})
        if scene_name in st.scenes:
            st.scenes.remove(scene_name)
        else:
            st.scene_deck.remove(scene_name)
        st.archive.append(scene_name)
        before = len(st.events)
        self.run_effects(ctx, scene.effects, "epilogue", location=location, card=scene_name)
        choice_events = [e.data.get("choice") for e in st.events[before:] if e.kind == "choice"]
        advances = []
        for c in team:
            rank = c.skills.get(scene.skill, 0)
            for _ in range(self.ruleset.value("scene advances", 1)):
                rank = self.mark_advance(c, scene.skill)
            advances.append({"character": c.name, "skill": scene.skill, "new_rank": rank})
        record = {
            "scene": scene_name,
            "location": location,
            "participants": participants,
            "cards_played": played,
            "skill_match_points": match,
            "points_needed": scene.points,
            "points": scene.points,
            "epilogue_choice": choice_events[0] if choice_events else None,
            "skill": scene.skill,
            "advances": advances,
            "finale": scene.finale,
        }
        st.scenes_completed.append(record)
        self.emit("scene_completed", **copy.deepcopy(record))

    def _holding_possible(self, c: CharacterState, card: str, permission: Any) -> bool:
        """A text that moves dice onto a card needs room on it and a die it names here; one
        that takes dice from (or spends dice on) the card needs such a die on it."""
        roles = permission.roles

        def this_card(role: str) -> bool:
            found = roles.get(role)
            return getattr(found, "reference", None) == "this" and (
                getattr(found, "noun_category", None) == "card"
            )

        obj = roles.get("object")
        noun = (
            getattr(obj, "noun", None) if getattr(obj, "noun_category", "") == "resource" else None
        )
        if this_card("onto"):
            room = self.hold_capacity(card)
            if room is not None and len(self.state.card_dice.get(card, [])) >= room:
                return False
            ctx = Context(host=self, card=card, actor=c.name, location=c.location)
            return any(r.get("kind") == "die" for r in self.select(ctx, obj))
        if this_card("from") or this_card("on"):
            return bool(self.held_refs(card, noun))
        return True

    def use_permission(self, ctx: Context, c: CharacterState, option: dict[str, Any]) -> None:
        """A card's "May ..." text used as an action: once per turn per character."""
        rs = self.ruleset
        name = option["card"]
        if option["on"] == "location":
            permissions = self.side(self.location(name)).permissions
        elif option["on"] == "event":
            permissions = rs.events[name].permissions
        elif option["on"] == "asset":
            permissions = rs.assets[name].permissions
        else:
            permissions = rs.abilities[name].permissions
        permission = permissions[option["index"]]
        effect = Effect(trigger="May", text=permission.text, run=permission.run, usage="activated")
        self.run_effect(ctx, effect, actor=c.name, location=c.location, card=name)
        c.exhausted.append(f"{name}#{option['index']}")
        if option["on"] == "event" and name not in self.state.events_out:
            self.apply_standing_texts(ctx)  # the event was burned: its text no longer holds

    def _defend_window(
        self, ctx: Context, m: CharacterState, verbs: tuple[str, ...], prompt: str
    ) -> None:
        """Inside an overcome action: offer ``m`` each card of theirs whose ability calls one of
        ``verbs`` and is not used this turn, one at a time, until they are done. The seed lets
        asset and character abilities "defend during the step"; asked only when such a card
        is at hand, so an overcome without one asks nothing more."""
        while True:
            usable = [
                option
                for option in self.card_options(m, defending=True)
                if any(v in verbs for v in self._effect_of(option).verbs)
            ]
            if not usable:
                return
            pick = self.decide(ctx, "choose_defense", ["done", *usable], prompt, who=m.name)
            if pick == "done":
                return
            self.use_card(ctx, m, pick["act"], pick["card"], pick["effect"])

    def card_options(self, c: CharacterState, *, defending: bool = False) -> list[dict[str, Any]]:
        """The abilities and completed assets ``c`` may use now (activated or played, not used
        this turn), as action options; ``defending``: the ones used inside an overcome."""
        options: list[dict[str, Any]] = []
        for kind, held in (("ability", c.abilities), ("asset", c.assets)):
            for card in held:
                if card in c.exhausted:
                    continue
                actions = self._card_actions(kind, card)
                for k in actions.defends if defending else actions.plays:
                    options.append({"act": kind, "character": c.name, "card": card, "effect": k})
        return options

    def _effect_of(self, option: dict[str, Any]) -> Effect:
        cards = self.ruleset.abilities if option["act"] == "ability" else self.ruleset.assets
        return cards[option["card"]].effects[option["effect"]]

    def use_card(
        self,
        ctx: Context,
        c: CharacterState,
        kind: str,
        name: str,
        k: int,
        *,
        as_action: bool = False,
    ) -> None:
        """Use a card's activated or played text; ``as_action``: a card used as an action that
        cannot do what it says (Traveling Tent with no technology here) is taken back, so it
        is not spent or turned for nothing."""
        rs = self.ruleset
        card = rs.abilities[name] if kind == "ability" else rs.assets[name]
        effect = card.effects[k]
        self.run_effect(ctx, effect, actor=c.name, location=c.location, card=name)
        last = self.state.events[-1] if self.state.events else None
        if as_action and last is not None and last.kind == "effect_failed":
            raise _ActionRefused(f"{name}: {last.data.get('reason')}")
        if effect.usage == "played" and kind == "ability":
            # played: to the bottom of the ability deck (the shared one in the solo variant)
            c.abilities.remove(name)
            (self.state.solo_ability_deck if self.state.solo else c.ability_deck).append(name)
            self.emit("ability_played", character=c.name, ability=name)
        elif effect.usage == "played" and name in c.assets:
            # a played asset is spent: to the asset discard
            c.assets.remove(name)
            self.state.asset_discard.append(name)
            self.emit("asset_played", character=c.name, asset=name)
        else:
            c.exhausted.append(name)

    def op_refresh(self, ctx: Context) -> None:
        """The six refresh steps."""
        st = self.state
        rs = self.ruleset
        sorcery = self.sorcery
        # 1. reroll sorcery; 6s explode and stress the characters there
        for loc in st.locations:
            old = [d for d in loc.dice if d.resource == sorcery]
            if not old:
                continue
            faces = self.roll(f"sorcery at {loc.name}", len(old))
            for die, face in zip(old, faces, strict=True):
                die.face = face
            for face in faces:
                if face >= rs.value("sorcery explodes on", 6):
                    self.emit("sorcery_exploded", location=loc.name)
                    self.explosion_stress(ctx, loc)
                    self.new_resource_die(ctx, sorcery, loc)
        # 2. refresh location resources
        for loc in st.locations:
            produces = self.side(loc).produces
            for resource in dict.fromkeys(produces):
                have = sum(1 for d in loc.dice if d.resource == resource)
                for _ in range(produces.count(resource) - have):
                    self.new_resource_die(ctx, resource, loc)
        # 3. action points, 4. reset abilities
        for c in st.characters:
            self.gain_action_points(c, rs.value("action points per turn", 4))
            c.exhausted = []
        for flag in [f for f in st.flags if f.startswith(("cancel ", "ignore "))]:
            del st.flags[flag]  # "this turn" effects end with the turn
        # 5. take any two (asked step by step), then 6. reroll all initiative; the cards'
        # "Refresh:" texts follow (a frame under the take step's)
        st.frames.append(
            Frame(
                "run", {"op": "refresh_texts", "args": {}, "snap": None, "events": 0, "answers": []}
            )
        )
        st.frames.append(
            Frame("take", {"order": [c.name for c in st.characters], "who": 0, "taken": 0})
        )

    def op_refresh_texts(self, ctx: Context) -> None:
        """The "Refresh:" texts, once the initiative dice are rerolled (so a text reads this
        turn's faces): each character's cards, then each location's text, once per location."""
        st = self.state
        for c in st.characters:
            for name, effects in self.held_cards(c):  # conditions, assets, abilities in hand
                self.run_effects(
                    ctx, effects, "refresh", actor=c.name, location=c.location, card=name
                )
        for loc in st.locations:
            self.run_effects(
                ctx, self.side(loc).effects, "refresh", location=loc.name, card=loc.name
            )

    def _take_options(self, c: CharacterState) -> list[Any]:
        st = self.state
        options: list[Any] = []
        if self.can_take_ability(c):
            options.append("ability")
        options += [f"asset:{a}" for a in dict.fromkeys(st.asset_staging)]
        if st.initiative_supply > 0:
            options.append("initiative")
        return options

    def _step_take(self, frame: Frame) -> Decision | None:
        """Refresh step 5: each player takes two of ability, staging asset, initiative die."""
        data = frame.data
        takes = self.ruleset.value("refresh takes", 2)
        while data["who"] < len(data["order"]):
            c = self.character(data["order"][data["who"]])
            options = self._take_options(c) if data["taken"] < takes else []
            if options:
                return Decision(
                    kind="choose_take",
                    who=c.name,
                    prompt=f"Refresh: {c.name} takes ({data['taken'] + 1} of {takes})",
                    options=tuple(options),
                )
            data["who"] += 1
            data["taken"] = 0
        self.state.frames.pop()
        for c in self.state.characters:
            self.reroll_initiative(c)
        return None

    def _answer_take(self, frame: Frame, take: Any) -> None:
        c = self.character(frame.data["order"][frame.data["who"]])
        frame.data["taken"] += 1
        if take == "ability":
            self.take_ability(c)
        elif take == "initiative":
            self.gain_initiative(c, 1, roll=False)
        else:
            self.take_asset_from_staging(c, take.split(":", 1)[1])

    def op_activate_obstacle(self, ctx: Context, uid: int) -> None:
        """One obstacle's activation: tokens, movement, then threat."""
        st = self.state
        found = self.find_obstacle(uid)
        assert found is not None
        loc, obstacle = found
        card = self.ruleset.obstacles[obstacle.name]
        count = self._activations(card)
        self.emit("obstacle_activated", obstacle=card.name, location=loc.name, activations=count)
        while count > 0 and (obstacle.progress or obstacle.hindrance):
            if obstacle.progress and obstacle.hindrance:
                token = self.decide(
                    ctx,
                    "choose_token",
                    ["progress", "hindrance"],
                    f"{card.name} activates: remove which token?",
                )
            else:
                token = "progress" if obstacle.progress else "hindrance"
            self._untouched = False  # the first change of this piece (see ``_runs_a_text``)
            setattr(obstacle, token, getattr(obstacle, token) - 1)
            self.emit("token_removed", obstacle=card.name, token=token)
            count -= 1
        self._untouched = False  # what follows changes the state without a primitive
        if count == 0:
            return
        if card.moves_toward:
            while count > 0:
                targets = [
                    other.name
                    for other in st.locations
                    if any(self.matches(other, t) for t in card.moves_toward)
                    and (not card.moves_toward_character or self.characters_at(other.name))
                ]
                if not targets or loc.name in targets:
                    break
                dist = self.distances(targets)
                steps = [n for n in self.adjacent(loc.name) if n in dist]
                if not steps:
                    break
                best = min(dist[n] for n in steps)
                nearest = [n for n in steps if dist[n] == best]
                dest = (
                    self.decide(ctx, "choose_location", nearest, f"{card.name} moves: where?")
                    if len(nearest) > 1
                    else nearest[0]
                )
                loc.obstacles.remove(obstacle)
                loc = self.location(dest)
                loc.obstacles.append(obstacle)
                self.emit("obstacle_moved", obstacle=card.name, location=dest)
                self.run_effects(
                    ctx,
                    self.side(loc).effects,
                    "obstacle arrives",
                    location=loc.name,
                    card=loc.name,
                    bindings={"it": _ref(obstacle, loc)},
                )
                count -= 1
            if count == 0:
                return
        # threat: "Instead of placing a threat, (may) ..." replaces it unless declined
        replaced = False
        for effect in card.effects:
            if effect.run is None or not effect.on("threat"):
                continue
            before = freeze(self.state) if effect.replaces == "place" else None
            declined = self.run_effect(ctx, effect, actor=None, location=loc.name, card=card.name)
            if effect.replaces == "place" and not declined:
                # a replacement that could not do anything leaves the threat to be placed
                # (the state compared as values, its events left out)
                replaced = replaced or freeze(self.state) != before
        if not replaced:
            self.place_threat(ctx, loc)
        if obstacle in loc.obstacles and not obstacle.stays:
            loc.obstacles.remove(obstacle)
            st.obstacle_discard.append(obstacle.name)
            self.emit("obstacle_discarded", obstacle=card.name, location=loc.name)

    def _activations(self, card: Obstacle) -> int:
        """How many times an obstacle activates: once, and once more per available scene of its
        skill."""
        return self.ruleset.value("obstacle activations", 1) + sum(
            1 for n in self.available_scenes() if self.ruleset.scenes[n].skill == card.skill
        )

    def op_draw_obstacle_step(self, ctx: Context) -> None:
        self.draw_obstacle(ctx)

    def op_season_end(self, ctx: Context, season: str) -> None:
        """The scheme's steps at the end of a season."""
        scheme = self.ruleset.schemes[self.state.scheme]
        self.run_effects(ctx, scheme.effects, "season end", qualifier=season, card=scheme.name)

    def op_session_end(self, ctx: Context) -> None:
        """Session end steps played at the table: scheme result, reduce location danger. After
        the finale year the campaign end follows instead (``campaign.end_session``)."""
        st = self.state
        won = st.lost is None and len(st.scenes_completed) >= self.ruleset.value("scenes to win", 3)
        reason = st.lost or (
            "three scenes completed" if won else "too few scenes by the end of winter"
        )
        threat_left = st.threat_pool  # as play ended, before the scheme's result text
        if st.year < self.ruleset.value("finale year", 6):
            self._session_end_steps(ctx, won)
        st.result = {
            "result": "won" if won else "lost",
            "reason": reason,
            "scenes_completed": len(st.scenes_completed),
            "threat_left": threat_left,
        }
        self.emit("session_ended", **st.result)
        st.over = True

    def _session_end_steps(self, ctx: Context, won: bool) -> None:
        """Check for scheme failure (its success or failure text), the events out leave,
        reduce location danger."""
        st = self.state
        scheme = self.ruleset.schemes[st.scheme]
        if self.ruleset.value("result threats from box", 1):
            st.flags["threats from box"] = 1  # play is over: the pool no longer counts
        try:
            self.run_effects(ctx, scheme.effects, "success" if won else "failure", card=scheme.name)
        finally:
            st.flags.pop("threats from box", None)
        for name in list(st.events_out):  # events out end with the session
            self.run_effects(ctx, self.ruleset.events[name].effects, "session end", card=name)
            if name in st.events_out:
                st.events_out.remove(name)
                st.obstacle_discard.append(name)
        self.apply_standing_texts(ctx)
        for loc in st.locations:
            options: list[Any] = []
            if loc.threats:
                options.append("threat")
            options += [f"obstacle:{o.name}" for o in loc.obstacles]
            if not options:
                continue
            options.append("nothing")
            choice = self.decide(
                ctx, "choose_option", options, f"Reduce danger at {loc.name}: remove what?"
            )
            if choice == "threat":
                loc.threats -= 1
                st.threat_box += 1
                self.emit("threat_removed", location=loc.name)
            elif choice != "nothing":
                name = choice.split(":", 1)[1]
                found = next(o for o in loc.obstacles if o.name == name)
                loc.obstacles.remove(found)
                st.obstacle_discard.append(name)
                self.emit("obstacle_discarded", obstacle=name, location=loc.name)


# The words each location side answers to, per ruleset (by id) and (name, developed).
_WORDS: dict[int, dict[tuple[str, bool], frozenset[str]]] = {}


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


def _json_default(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"__bytes__": base64.b64encode(value).decode("ascii")}
    raise TypeError(f"cannot encode {type(value).__name__}")


def _json_hook(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and "__bytes__" in obj:
        return base64.b64decode(obj["__bytes__"])
    return obj


def _check_answer(decision: Decision, answer: Any) -> Any:
    if decision.kind == "choose_many" or decision.max_choices > 1:
        if not isinstance(answer, list | tuple):
            raise IllegalMove(f"{decision.prompt}: expected a list of options, got {answer!r}")
        chosen = list(answer)
        if not decision.min_choices <= len(chosen) <= decision.max_choices:
            raise IllegalMove(
                f"{decision.prompt}: choose {decision.min_choices}-"
                f"{decision.max_choices}, got {len(chosen)}"
            )
        remaining = list(decision.options)
        for item in chosen:
            if item not in remaining:
                raise IllegalMove(f"{decision.prompt}: {item!r} is not an option")
            remaining.remove(item)
        return chosen
    if answer not in decision.options:
        raise IllegalMove(f"{decision.prompt}: {answer!r} is not among the options")
    return answer


# ---------------------------------------------------------------------- loading and setup


_RULESET_CACHE: dict[str, Ruleset] = {}


RULES_DIR = Path(__file__).parent


def load_ruleset(path: str | Path | None = None) -> Ruleset:
    """The Six Winters ruleset compiled from its card text (``rules/six_winters/*.rules``).

    Card text that does not compile is the user's error to see, never silently replaced:
    the loader's ``ChroniclerError`` (every diagnostic, file:line:col) goes up as it is.
    Cached per folder.
    """
    from dsl.loader import load_ruleset as compile_folder

    from .cards import from_compiled

    folder = Path(path) if path is not None else RULES_DIR
    key = str(folder.resolve())
    if key not in _RULESET_CACHE:
        _RULESET_CACHE[key] = from_compiled(compile_folder(folder))
    return _RULESET_CACHE[key]


def new_campaign(ruleset: Ruleset) -> CampaignState:
    """Campaign setup: the starting map, the starting scene and asset decks, the sheets."""
    layout = ruleset.starting_map or tuple(
        (loc.name, i, 0) for i, loc in enumerate(ruleset.locations.values()) if loc.starting
    )
    starting = sorted(ruleset.characters.values(), key=lambda c: c.name)
    sheets = {
        c.name: Sheet(c.name, skills=dict(c.skills), advances={s: 0 for s, _ in c.skills})
        for c in starting
    }
    return CampaignState(
        year=1,
        map=[MapLocation(name, x, y) for name, x, y in layout],
        decks={
            "asset": [a.name for a in ruleset.assets.values() if a.starting],
            "scene": [s.name for s in ruleset.scenes.values() if s.starting and not s.finale],
            "obstacle": [],
        },
        archive=[],
        unlocked_characters=[c.name for c in starting if c.starting],
        sheets=sheets,
    )


def near_names(name: str, names: Sequence[str]) -> str:
    near = difflib.get_close_matches(name, list(names), n=3, cutoff=0.5)
    return f"; did you mean {', '.join(near)}?" if near else f"; known: {', '.join(names)}"


def new_session(
    ruleset: Ruleset,
    campaign: CampaignState,
    seed: int,
    characters: Sequence[str],
    *,
    solo: bool = False,
    scheme: str | None = None,
    dice_script: Sequence[int] = (),
) -> Session:
    """Set up a session (the twelve setup steps; the ones needing choices are asked)."""
    from .state import GameRandom

    rng = GameRandom(seed)
    chosen = list(characters)
    for name in chosen:
        if name not in ruleset.characters:
            raise ChroniclerError(
                f"unknown character {name!r}{near_names(name, sorted(ruleset.characters))}"
            )
        if name not in campaign.unlocked_characters:
            raise ChroniclerError(f"{name} is not unlocked in this campaign")
    if len(set(chosen)) != len(chosen):
        raise ChroniclerError("a character may be chosen only once")
    if solo and len(chosen) != 2:
        raise ChroniclerError("the solo variant plays two characters")
    year = campaign.year
    # 1. restore the campaign state; the map records obstacles, not their tokens (unless the
    # ruleset keeps them): each enters play again with its printed tokens, as the supply allows
    keep_tokens = bool(ruleset.value("map obstacles keep tokens", 0))
    supply = {k: ruleset.value(f"{k} tokens", 12) for k in ("progress", "hindrance")}

    def restored(o: ObstacleInPlay, uid: int) -> ObstacleInPlay:
        card = ruleset.obstacles.get(o.name)
        wanted = {
            "progress": o.progress if keep_tokens or card is None else card.progress,
            "hindrance": o.hindrance if keep_tokens or card is None else card.hindrance,
        }
        for k in supply:
            wanted[k] = min(wanted[k], supply[k])
            supply[k] -= wanted[k]
        return ObstacleInPlay(o.name, wanted["progress"], wanted["hindrance"], uid=uid)

    locations = [
        LocationState(
            m.name,
            m.x,
            m.y,
            developed=m.developed,
            threats=m.threats,
            obstacles=[restored(o, k) for k, o in enumerate(m.obstacles, start=1000 * (i + 1))],
        )
        for i, m in enumerate(campaign.map)
    ]
    # 2. shuffle the decks
    decks = {k: list(v) for k, v in campaign.decks.items()}
    for kind in ("asset", "scene", "obstacle"):
        decks.setdefault(kind, [])
        rng.shuffle(decks[kind])
    # 4. select the scheme among those of this year
    if scheme is None:
        schemes = sorted(
            s.name for s in ruleset.schemes.values() if s.years[0] <= year <= s.years[1]
        )
        if not schemes:
            raise ChroniclerError(f"no scheme is available for year {year}")
        scheme = schemes[int(rng.random() * len(schemes))]
    # 5. season and threat trackers
    total_threat = ruleset.value("threat tokens", 12)
    on_map = sum(loc.threats for loc in locations)
    pool = ruleset.value("solo threat pool" if solo else "threat pool", 8 if solo else 6)
    pool = max(0, min(pool, total_threat - on_map))
    resources = ruleset.resources
    in_play = {r: 0 for r in resources}
    state_chars = []
    # 6-7. characters and their sorted ability decks
    for name in chosen:
        card = ruleset.characters[name]
        sheet = campaign.sheets[name]
        deck = ruleset.character_abilities(name, campaign.unlocked_abilities)
        state_chars.append(
            CharacterState(
                name=name,
                body=card.body,
                psyche=card.psyche,
                skills=dict(sheet.skills),
                advances=dict(sheet.advances),
                conditions=list(sheet.conditions),
                ability_deck=deck,
            )
        )
    solo_deck: list[str] = []
    if solo:
        # each character still starts with its own first cards: they are set aside, the rest
        # shuffled together, and they go on top in the order the characters are set up
        starting = ruleset.value("starting abilities", 1)
        for c in state_chars:
            solo_deck += c.ability_deck[starting:]
        rng.shuffle(solo_deck)
        solo_deck[:0] = [n for c in state_chars for n in c.ability_deck[:starting]]
        for c in state_chars:
            c.ability_deck = []
    idle = (
        [n for n in campaign.unlocked_characters if n not in campaign.last_characters]
        if year >= 2
        else []
    )
    per = ruleset.value("resource dice per resource", 6)
    state = _new_state(
        year=year,
        seed=seed,
        solo=solo,
        scheme=scheme,
        rng=rng,
        characters=state_chars,
        locations=locations,
        supply={r: per - in_play[r] for r in resources},
        initiative_supply=ruleset.value("initiative dice", 18),
        threat_pool=pool,
        threat_box=total_threat - on_map - pool,
        asset_deck=decks["asset"],
        scene_deck=decks["scene"],
        obstacle_deck=decks["obstacle"],
        archive=list(campaign.archive),
        reserve=list(campaign.reserve) if year >= 2 else [],
        unlocked_abilities=list(campaign.unlocked_abilities),
        solo_ability_deck=solo_deck,
        idle_characters=idle,
        campaign_characters=list(campaign.unlocked_characters),
        sheets={
            k: Sheet(
                v.name, dict(v.skills), dict(v.advances), list(v.conditions), list(v.chronicle)
            )
            for k, v in campaign.sheets.items()
        },
        dice_script=list(dice_script),
        next_uid=1_000_000,  # above the ids given to obstacles restored from the map
    )
    session = Session(ruleset, state)
    # 3. the asset staging area
    session.fill_staging()
    session.emit(
        "session_started",
        year=year,
        scheme=scheme,
        characters=chosen,
        seed=seed,
        solo=solo,
        threat_pool=pool,
    )
    state.frames = [Frame("turn", {"step": "start"})]
    session.push_run("setup")
    return session


def _new_state(**kwargs: Any) -> Any:
    from .state import SessionState

    return SessionState(**kwargs)


def replay(
    ruleset: Ruleset,
    campaign: CampaignState,
    seed: int,
    characters: Sequence[str],
    answers: Sequence[Any],
    *,
    solo: bool = False,
) -> Session:
    """A session rebuilt from its seed and the answers given: the same events, in order."""
    session = new_session(ruleset, campaign, seed, characters, solo=solo)
    for answer in answers:
        session.apply(answer)
    return session


def play(session: Session, bot: Any) -> Session:
    """Play a session to its end with a bot."""
    uses = getattr(bot, "uses_observation", True)
    while True:
        decision = session.pending()
        if decision is None:
            return session
        obs = session.observation(decision.who) if uses else None
        session.apply(bot.choose(obs, decision))


def iter_decisions(session: Session) -> Iterator[Decision]:
    while (d := session.pending()) is not None:
        yield d


from .campaign import end_session, play_campaign  # noqa: E402 - campaign builds on the session

__all__ = [
    "IllegalMove",
    "Session",
    "SessionResult",
    "end_session",
    "load_ruleset",
    "new_campaign",
    "new_session",
    "play",
    "play_campaign",
    "replay",
]
