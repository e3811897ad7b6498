"""The named state operations of Six Winters: every change to the table goes through one of
these (rolling, placing dice, stress and conditions, threats, obstacles entering play, cards
moving between decks), so each change is made and told (an event) in one place.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dsl.kernel.machine import record
from dsl.runtime import Context

from .basics import _copy_option, _leaves_a_side_open
from .cards import Effect, Obstacle, Ruleset
from .contracts import DecisionKind, EventKind
from .state import (
    AssetInProgress,
    CharacterState,
    Die,
    Event,
    LocationState,
    ObstacleInPlay,
    SessionState,
    Sheet,
)

if TYPE_CHECKING:
    from .session import Session


class Operations:
    """The operations facade of a session (``session.ops``): every change of the table is one
    of these, made and told (its event) here, and nowhere else."""

    def __init__(self, game: Session) -> None:
        self.game: Session = weakref.proxy(game)  # as a section holds it (``basics.Section``)
        self.ruleset: Ruleset = game.ruleset
        self.state: SessionState = game.state  # given again as a section's (``basics.Section``)

    def emit(self, kind: str, **data: Any) -> None:
        """Tell a change of the table: its event, straight into the table's log (what
        ``Machine.emit`` does, with no hop through the session: some six hundred a game)."""
        record(self.state.events, kind, data)

    def new_obstacle(self, name: str, progress: int = 0, hindrance: int = 0) -> ObstacleInPlay:
        self.state.next_uid += 1
        return ObstacleInPlay(name, progress, hindrance, uid=self.state.next_uid)

    def roll(self, what: str, count: int = 1) -> list[int]:
        """Roll d6s (a chance point of the kernel: a script, the table or the generator)."""
        return self.game.roll_dice(6, count, what)

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
            self.emit(EventKind.DIE_PLACED, resource=resource, face=value, location=loc.name)
            placed += 1
            explodes_on = self.ruleset.value("sorcery explodes on", 6)
            if not (explode and resource == self.game.sorcery and value >= explodes_on):
                break
            self.sorcery_exploded(loc)
            if stress and ctx is not None:
                self.explosion_stress(ctx, loc)
        return placed

    def explosion_stress(self, ctx: Context, loc: LocationState) -> None:
        """Each character at the location takes one stress of the player's choice."""
        for c in self.game.characters_at(loc.name):
            if self.game.standing_flags(ctx, c).get("cancel stress", 0) > 0:
                continue  # a card the character holds cancels all of it
            if self.state.flags.get("cancel stress", 0) > 0:  # a card cancelled it this turn
                self.state.flags["cancel stress"] -= 1
                continue
            kind = self.game.decide(
                ctx,
                DecisionKind.CHOOSE_STRESS,
                list(self.ruleset.stress),
                "Exploding sorcery: which stress?",
                who=c.name,
            )
            self.take_stress(ctx, c, kind, self.ruleset.value("stress per explosion", 1))

    def die_face(self, ref: dict[str, Any]) -> int:
        """The face of the die a reference names (see ``select``): a resource die at a
        location or held on a card, an initiative die, or a die being rolled (a condition
        roll)."""
        if ref["kind"] == "die":
            return self.game.location(ref["location"]).dice[ref["index"]].face
        if ref["kind"] == "held":
            return self.state.card_dice[ref["card"]][ref["index"]].face
        if ref["kind"] == "initiative":
            return self.game.character(ref["character"]).initiative[ref["index"]]
        return int(ref["face"])

    def set_die_face(self, ref: dict[str, Any], face: int) -> None:
        """Turn the die a reference names to ``face`` (1-6)."""
        face = max(1, min(6, face))
        if ref["kind"] == "die":
            self.game.location(ref["location"]).dice[ref["index"]].face = face
        elif ref["kind"] == "held":
            self.state.card_dice[ref["card"]][ref["index"]].face = face
        elif ref["kind"] == "initiative":
            self.game.character(ref["character"]).initiative[ref["index"]] = face
        else:  # a die being rolled: whoever rolled it reads the face back
            ref["face"] = face
        self.emit(
            EventKind.DIE_SET, die=ref.get("resource", ref.get("roll", "initiative")), face=face
        )

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
            die = self.game.location(ref["location"]).dice.pop(ref["index"])
            held.append(die)
            moved += 1
            self.emit(EventKind.DIE_HELD, card=card, resource=die.resource, face=die.face)
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
            self.emit(EventKind.DIE_UNHELD, card=ref["card"], resource=die.resource, location=where)

    def release_cards_left(self) -> None:
        """Dice on a card nobody holds any more (played, discarded, stored) go to the supply."""
        for card in [n for n in self.state.card_dice if self.card_holder(n) is None]:
            self.unhold_dice(self.held_refs(card), None)

    def return_die(self, die: Die) -> None:
        """A resource die goes back to the supply."""
        self.state.supply[die.resource] = self.state.supply.get(die.resource, 0) + 1
        self.emit(EventKind.DIE_RETURNED, resource=die.resource, face=die.face)

    def take_stress(self, ctx: Context, c: CharacterState, kind: str, amount: int) -> None:
        """Remove stress tokens; a pool at zero refills and the character takes a condition."""
        if amount <= 0:
            return
        left = getattr(c, kind) - amount
        self.emit(
            EventKind.STRESS_TAKEN, character=c.name, stress=kind, amount=amount, left=max(left, 0)
        )
        if left <= 0:
            setattr(c, kind, self._starting_stress(c.name, kind))
            self.take_condition(ctx, c, kind)
        else:
            setattr(c, kind, left)

    def recover_stress(self, c: CharacterState, kind: str, amount: int) -> None:
        before = getattr(c, kind)
        now = min(before + amount, self._starting_stress(c.name, kind))
        if now != before:
            setattr(c, kind, now)
            self.emit(
                EventKind.STRESS_RECOVERED,
                character=c.name,
                stress=kind,
                amount=now - before,
                now=now,
            )

    def _starting_stress(self, name: str, kind: str) -> int:
        return int(getattr(self.ruleset.characters[name], kind))

    def take_condition(self, ctx: Context, c: CharacterState, kind: str) -> None:
        """Roll on the stress kind's condition table. The roll is a die the character's cards
        may change ("When you roll for a condition, may set that die to any value": a text on
        ``condition roll`` finds the die as ``it``, a ``rolled`` reference)."""
        table = self.ruleset.condition_tables.get(kind, ())
        die: dict[str, Any] = {"kind": "rolled", "roll": f"{kind} condition", "character": c.name}
        die["face"] = self.roll(str(die["roll"]))[0]
        for name, effects in self.game.held_cards(c):
            self.game.run_effects(
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
                    self.emit(
                        EventKind.CONDITION_ALREADY_HELD,
                        character=c.name,
                        condition=name,
                        roll=roll,
                    )
                    return
                c.conditions.append(name)
                self.emit(EventKind.CONDITION_TAKEN, character=c.name, condition=name, roll=roll)
                return
        self.emit(EventKind.CONDITION_TAKEN, character=c.name, condition=None, roll=roll)

    def mark_advance(self, c: CharacterState | Sheet, skill: str) -> int:
        """One skill advance; a track above the skill resets and raises the skill by one."""
        top = self.ruleset.value("skill max", 5)
        if c.skills.get(skill, 0) >= top:  # skills go no higher than the declared maximum
            return c.skills.get(skill, 0)
        c.advances[skill] = c.advances.get(skill, 0) + 1
        over = self.ruleset.value("advances over rank", 1)
        if c.advances[skill] >= c.skills.get(skill, 0) + over:
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
            neighbours = [n for n in self.game.adjacent(current.name) if returns or n not in chain]
            if not neighbours:
                break
            target = self.game.decide(
                ctx,
                DecisionKind.CHOOSE_LOCATION,
                neighbours,
                f"Threat surges from {current.name}: where?",
            )
            nxt = self.game.location(target)
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
            self.emit(
                EventKind.THREAT_PLACED, location=loc.name, surge=surge, pool_left=st.threat_pool
            )
            return
        st.threat_pool -= 1
        loc.threats += 1
        self.emit(EventKind.THREAT_PLACED, location=loc.name, surge=surge, pool_left=st.threat_pool)
        if st.threat_pool == 0 and st.lost is None:
            st.lost = "the threat pool is empty"
            self.emit(EventKind.THREAT_POOL_EMPTY)

    def place_obstacle(self, ctx: Context, name: str, at: str | None = None) -> None:
        """Attach an obstacle to a matching location with the fewest obstacles."""
        card = self.ruleset.obstacles[name]
        names = self._entry_places(card, at)
        if not names:
            self.state.obstacle_discard.append(name)
            self.emit(EventKind.OBSTACLE_DISCARDED, obstacle=name, location=None)
            return
        where = self.game.location(
            self.game.decide(
                ctx, DecisionKind.CHOOSE_LOCATION, names, f"Where does {name} enter play?"
            )
            if len(names) > 1
            else names[0]
        )
        obstacle = self.new_obstacle(
            name,
            progress=min(card.progress, self.game.token_supply("progress")),
            hindrance=min(card.hindrance, self.game.token_supply("hindrance")),
        )
        where.obstacles.append(obstacle)
        self.emit(EventKind.OBSTACLE_PLACED, obstacle=name, location=where.name)
        self.game.run_effects(
            ctx, card.effects, "enter", actor=None, location=where.name, card=name
        )

    def _entry_places(self, card: Obstacle, at: str | None = None) -> list[str]:
        """Where an obstacle may enter play (``at``, or the first alternative of its spec found
        in play): those of the matching locations with the fewest obstacles."""
        candidates = (
            [self.game.location(at)] if at is not None else self.game.first_places(card.enters)
        )
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
            self.emit(EventKind.OBSTACLE_DECK_RESHUFFLED, size=len(st.obstacle_deck))
        if not st.obstacle_deck:
            return
        name = st.obstacle_deck.pop(0)
        if name in self.ruleset.events:
            self.emit(EventKind.EVENT_DRAWN, event=name)
            event = self.ruleset.events[name]
            # the drawn card is out while its text is followed: a text that fails part way
            # leaves it there, and session end stores it with the obstacles (a card drawn is
            # never lost from the campaign)
            st.events_out.append(name)
            self.game.run_effects(ctx, event.effects, "enter", card=name)
            if name in st.archive:  # a burned event is out of the campaign
                return
            if event.stays_out:
                self.apply_standing_texts(ctx)
            else:
                _last_out(st.events_out, name)
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
                    self.game.run_effect(ctx, effect, actor=None, location=None, card=name)

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
                self.emit(EventKind.CARD_ADDED, card_kind=kind, card=name)
            return
        if name in st.archive:
            st.archive.remove(name)
        deck.insert(0, name)
        self.emit(EventKind.CARD_ADDED, card_kind=kind, card=name)

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
        self.emit(EventKind.NO_COPY_LEFT, card=name)
        return False

    def add_tokens(self, uid: int, kind: str, amount: int) -> int:
        found = self.game.find_obstacle(uid)
        if found is None:
            return 0
        obstacle = found[1]
        amount = max(0, min(amount, self.game.token_supply(kind)))
        setattr(obstacle, kind, getattr(obstacle, kind) + amount)
        self.emit(
            EventKind.TOKENS_ADDED,
            obstacle=obstacle.name,
            token=kind,
            amount=amount,
            character=None,
        )
        return amount

    def develop(self, name: str) -> None:
        loc = (
            self.game.location(name) if any(x.name == name for x in self.state.locations) else None
        )
        if loc is not None and not loc.developed:
            loc.developed = True
            self.emit(EventKind.LOCATION_DEVELOPED, location=name)

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
        where = self.game.decide(
            ctx, DecisionKind.CHOOSE_POSITION, cells, f"Where does {name} join the map?"
        )
        col, row = (int(v) for v in where.split(","))
        st.locations.append(LocationState(name, col, row))
        if name in st.archive:
            st.archive.remove(name)
        self.emit(EventKind.LOCATION_ADDED, location=name, x=col, y=row)

    def spend_total(
        self, ctx: Context, resource: str, total: int, locations: Sequence[str] | None = None
    ) -> None:
        """Spend dice of a resource from the ``locations`` named (any, when none are) until
        their values reach ``total``."""
        spent = 0
        while spent < total:
            options = [
                {"location": loc.name, "die": i, "face": d.face}
                for loc in self.state.locations
                if locations is None or loc.name in locations
                for i, d in enumerate(loc.dice)
                if d.resource == resource
            ]
            if not options:
                return
            pick = self.game.decide(
                ctx, DecisionKind.CHOOSE_DIE, options, f"Spend {resource}: {spent}/{total}"
            )
            loc = self.game.location(pick["location"])
            die = loc.dice.pop(pick["die"])
            self.return_die(die)
            spent += die.face
            self.emit(EventKind.DIE_SPENT, location=loc.name, die=[die.resource, die.face])

    def unlock_ability(self, name: str) -> None:
        st = self.state
        if name not in st.unlocked_abilities:
            st.unlocked_abilities.append(name)
            self.emit(EventKind.ABILITY_UNLOCKED, ability=name)

    def shuffle_finale_scenes(self) -> None:
        st = self.state
        finale = [s.name for s in self.ruleset.scenes.values() if s.finale]
        st.rng.shuffle(finale)
        st.scene_deck[:0] = finale
        self.emit(EventKind.FINALE_SCENES_SHUFFLED, count=len(finale))

    def complete_asset(self, owner: CharacterState, asset: AssetInProgress) -> None:
        for die in asset.slots:
            if die is not None:
                self.return_die(die)
        owner.in_progress.remove(asset)
        owner.assets.append(asset.name)
        self.emit(EventKind.ASSET_COMPLETED, character=owner.name, asset=asset.name)

    def take_asset_from_staging(self, c: CharacterState, name: str) -> None:
        st = self.state
        st.asset_staging.remove(name)
        card = self.ruleset.assets[name]
        c.in_progress.append(AssetInProgress(name, [None] * len(card.recipe)))
        self.emit(EventKind.ASSET_TAKEN, character=c.name, asset=name)
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
            self.emit(EventKind.ASSET_STAGED, asset=st.asset_staging[-1])

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
        self.emit(EventKind.ABILITY_TAKEN, character=c.name, ability=name)
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
        """An initiative die of that face goes back to the supply."""
        c.initiative.remove(face)
        self.state.initiative_supply += 1
        self.emit(EventKind.INITIATIVE_SPENT, character=c.name, face=face)

    def gain_initiative(self, c: CharacterState, count: int = 1, *, roll: bool = True) -> int:
        gained = 0
        for _ in range(count):
            if self.state.initiative_supply <= 0:
                break
            self.state.initiative_supply -= 1
            face = self.roll(f"{c.name}'s initiative")[0] if roll else 1
            c.initiative.append(face)
            self.emit(EventKind.INITIATIVE_GAINED, character=c.name, face=face)
            gained += 1
        return gained

    def gain_action_points(self, c: CharacterState, amount: int) -> None:
        self.set_action_points(c, c.action_points + amount)

    def lose_action_points(self, c: CharacterState, amount: int) -> None:
        self.set_action_points(c, c.action_points - amount)

    def set_action_points(self, c: CharacterState, value: int) -> None:
        """Action points go between none and the tracker's maximum."""
        now = max(0, min(value, self.ruleset.value("action points max", 8)))
        if now != c.action_points:
            change, c.action_points = now - c.action_points, now
            self.emit(EventKind.ACTION_POINTS_CHANGED, character=c.name, change=change, now=now)

    def exhaust(self, c: CharacterState, card: str) -> None:
        """A card is used for this turn."""
        c.exhausted.append(card)
        self.emit(EventKind.CARD_EXHAUSTED, character=c.name, card=card)

    def play_ability(self, c: CharacterState, name: str) -> None:
        """A played ability goes to the character's ability discard, whence the refresh takes
        the lowest valued card once the draw pile is empty (the ruleset's abilities.rules says
        why)."""
        c.abilities.remove(name)
        c.ability_discard.append(name)
        self.emit(EventKind.ABILITY_PLAYED, character=c.name, ability=name)

    def play_asset(self, c: CharacterState, name: str) -> None:
        """A played asset is spent: to the asset discard."""
        c.assets.remove(name)
        self.state.asset_discard.append(name)
        self.emit(EventKind.ASSET_PLAYED, character=c.name, asset=name)

    # ------------------------------------------------------------------ scenes

    def spend_scene_card(self, owner: CharacterState, card: dict[str, Any]) -> None:
        """A card played into a narrated scene is spent: an asset to the asset discard, an
        obstacle to the archive."""
        name = card["card"]
        if card["kind"] == "asset":
            owner.assets.remove(name)
            self.state.asset_discard.append(name)
        else:
            owner.obstacles.remove(name)
            self.state.archive.append(name)

    def archive_scene(self, name: str) -> None:
        """A narrated scene's card leaves the drawn scenes (or the deck) for the archive."""
        st = self.state
        if name in st.scenes:
            st.scenes.remove(name)
        else:
            st.scene_deck.remove(name)
        st.archive.append(name)

    def scene_completed(self, record: dict[str, Any]) -> None:
        """A scene is recorded and told."""
        self.state.scenes_completed.append(record)
        self.emit(EventKind.SCENE_COMPLETED, **copy.deepcopy(record))

    # ------------------------------------------------------------------ what cards do

    def set_flag(self, name: str, value: int = 1) -> None:
        """A note of the table a card's text leaves (a cost changed, stress cancelled or
        ignored this turn, dice a card holds, a card burned...)."""
        self.state.flags[name] = value

    def take_die(self, location: str, index: int) -> Die:
        """The die at ``index`` of a location leaves it (for the caller to put somewhere)."""
        die: Die = self.game.location(location).dice.pop(index)
        return die

    def move_die(self, location: str, index: int, to: str) -> None:
        """The die at ``index`` of a location moves to another location."""
        die = self.take_die(location, index)
        self.game.location(to).dice.append(die)
        self.emit(EventKind.DIE_MOVED, resource=die.resource, face=die.face, from_=location, to=to)

    def clear_dice(self, loc: LocationState, taken: set[int]) -> None:
        """The dice at these positions of a location go back to the supply."""
        keep = []
        for i, die in enumerate(loc.dice):
            if i in taken:
                self.return_die(die)
            else:
                keep.append(die)
        loc.dice = keep
        self.emit(EventKind.DICE_CLEARED, location=loc.name)

    def initiative_from_die(self, c: CharacterState, face: int) -> None:
        """A die taken from the map joins a character's pool with its face (the initiative
        supply gives the die)."""
        self.state.initiative_supply -= 1
        c.initiative.append(face)
        self.emit(EventKind.INITIATIVE_GAINED, character=c.name, face=face)

    def traded_by(self, actor: str | None, gave: list[Any], got: str) -> None:
        """A trade a card's text made is told (its dice already given and got)."""
        self.emit(EventKind.TRADED, character=actor, gave=gave, got=got)

    def undevelop(self, loc: LocationState) -> None:
        """A developed location is turned back."""
        loc.developed = False
        self.emit(EventKind.LOCATION_UNDEVELOPED, location=loc.name)

    def take_to_crafting_area(self, actor: str, name: str) -> None:
        """An asset (from the staging area, the deck, the discard or the archive) goes to a
        character's crafting area; one already taken by another character is not copied."""
        st = self.state
        for pile in (st.asset_staging, st.asset_deck, st.asset_discard, st.archive):
            if name in pile:
                pile.remove(name)
                break
        else:
            return
        c = self.game.character(actor)
        recipe = self.ruleset.assets[name].recipe
        c.in_progress.append(AssetInProgress(name, [None] * len(recipe)))
        self.emit(EventKind.ASSET_TAKEN, character=c.name, asset=name)
        self.fill_staging()

    def take_card_out(self, name: str) -> bool:
        """Remove a card from wherever it is (decks, staging, a character, the map); whether
        it was found."""
        st = self.state
        for pile in (
            st.events_out,
            st.asset_staging,
            st.asset_deck,
            st.asset_discard,
            st.obstacle_deck,
            st.obstacle_discard,
            st.scene_deck,
            st.scenes,
            st.reserve,
        ):
            if name in pile:
                pile.remove(name)
                if pile is st.asset_staging:
                    self.fill_staging()
                return True
        for c in st.characters:
            for held in (c.assets, c.obstacles):
                if name in held:
                    held.remove(name)
                    return True
            for asset in c.in_progress:
                if asset.name == name:
                    for die in asset.slots:
                        if die is not None:
                            self.return_die(die)
                    c.in_progress.remove(asset)
                    return True
        for loc in st.locations:
            for o in loc.obstacles:
                if o.name == name:
                    loc.obstacles.remove(o)
                    return True
        return False

    def stage_asset(self, name: str) -> None:
        """An asset (from the archive, or wherever it is) goes to the staging area."""
        st = self.state
        if name in st.archive:
            st.archive.remove(name)
        else:
            self.take_card_out(name)
        st.asset_staging.append(name)
        self.emit(EventKind.ASSET_STAGED, asset=name)

    def obstacle_on_deck(self, name: str) -> None:
        """An obstacle (from the discard, or from nowhere) goes on top of the obstacle deck."""
        st = self.state
        if name in st.obstacle_discard:
            st.obstacle_discard.remove(name)
        st.obstacle_deck.insert(0, name)
        self.emit(EventKind.CARD_ADDED, card_kind="obstacle", card=name)

    def discard_asset(self, name: str) -> None:
        """An asset leaves wherever it is for the asset discard (told by nothing)."""
        self.take_card_out(name)
        self.state.asset_discard.append(name)

    def archive_card(self, name: str) -> None:
        """A card taken out goes to the archive."""
        self.state.archive.append(name)
        self.emit(EventKind.CARD_ARCHIVED, card=name)

    def burn_card(self, name: str) -> None:
        """A card taken out is burned: to the archive, noted as burned."""
        self.state.flags[f"burned:{name}"] = 1
        self.state.archive.append(name)
        self.emit(EventKind.CARD_BURNED, card=name)

    def refresh_card(self, c: CharacterState, card: str) -> None:
        """A card a character used this turn is upright again."""
        c.exhausted.remove(card)
        self.emit(EventKind.CARD_REFRESHED, character=c.name, card=card)

    def convert_tokens(self, obstacle: ObstacleInPlay, token: str, into: str, amount: int) -> None:
        """Tokens of one kind on an obstacle become the other kind."""
        setattr(obstacle, token, getattr(obstacle, token) - amount)
        setattr(obstacle, into, getattr(obstacle, into) + amount)
        self.emit(
            EventKind.TOKENS_CONVERTED, obstacle=obstacle.name, token=token, to=into, amount=amount
        )

    def remove_tokens(self, obstacle: ObstacleInPlay, token: str, count: int) -> None:
        """Tokens leave an obstacle (for the supply), each told."""
        setattr(obstacle, token, getattr(obstacle, token) - count)
        for _ in range(count):
            self.emit(EventKind.TOKEN_REMOVED, obstacle=obstacle.name, token=token)

    def remove_threats(self, loc: LocationState, count: int) -> None:
        """Threats leave a location for the box (told once, if any left)."""
        loc.threats -= count
        self.state.threat_box += count
        if count:
            self.emit(EventKind.THREAT_REMOVED, location=loc.name)

    def keep_in_play(self, obstacle: ObstacleInPlay) -> None:
        """An obstacle stays in play (it is not discarded when overcome)."""
        obstacle.stays = True

    # ------------------------------------------------------------------ a card's text

    def effect_told(self, card: str | None, effect: Effect) -> None:
        """A card's text has run."""
        self.emit(EventKind.EFFECT, card=card, trigger=effect.label, text=effect.text)

    def effect_failed(self, card: str | None, effect: Effect, reason: str) -> None:
        """A card's text could not be carried out (nothing of it done)."""
        self.emit(EventKind.EFFECT_FAILED, card=card, text=effect.text, reason=reason)

    def swap_flags(self, flags: dict[str, int]) -> dict[str, int]:
        """The turn's flags put aside for ``flags`` (a held card's standing text is run on flags
        of its own); the flags put aside."""
        kept, self.state.flags = self.state.flags, flags
        return kept

    # ------------------------------------------------------------------ as a session is made

    def session_started(self, chosen: list[str], *, seed: int, solo: bool) -> None:
        """The session-started event heads the log, telling what Session Setup chose."""
        st = self.state
        data = {
            "year": st.year,
            "scheme": st.scheme,
            "characters": chosen,
            "seed": seed,
            "solo": solo,
            "threat_pool": st.threat_pool,
        }
        st.events.insert(0, Event(EventKind.SESSION_STARTED, data))
        if st.lost is not None:  # the threat pool was empty as the year began
            st.events.insert(1, Event(EventKind.THREAT_POOL_EMPTY, {}))

    def shuffle(self, cards: list[str]) -> None:
        """Shuffle a pile of cards with the session's generator."""
        self.state.rng.shuffle(cards)

    def draw_one(self, names: Sequence[str]) -> str:
        """One of ``names``, drawn with the session's generator."""
        return names[int(self.state.rng.random() * len(names))]

    def restore_campaign(
        self,
        *,
        locations: list[LocationState],
        archive: list[str],
        unlocked_abilities: list[str],
        campaign_characters: list[str],
        sheets: dict[str, Sheet],
        reserve: list[str],
        idle_characters: list[str],
        supply: dict[str, int],
        initiative_supply: int,
    ) -> None:
        """Session Setup 1: the table as the campaign left it."""
        st = self.state
        st.locations = locations
        st.archive = archive
        st.unlocked_abilities = unlocked_abilities
        st.campaign_characters = campaign_characters
        st.sheets = sheets
        st.reserve = reserve
        st.idle_characters = idle_characters
        st.supply = supply
        st.initiative_supply = initiative_supply

    def set_decks(self, asset: list[str], scene: list[str], obstacle: list[str]) -> None:
        st = self.state
        st.asset_deck, st.scene_deck, st.obstacle_deck = asset, scene, obstacle

    def set_scheme(self, name: str) -> None:
        self.state.scheme = name

    def set_trackers(self, threat_pool: int, threat_box: int) -> None:
        """The season and turn trackers at their start, the threat pool and the box. "If this
        pool is ever empty, the players lose": a pool the map left empty loses the year before
        its first turn (``session_started`` tells it; the solo pool sets it again)."""
        st = self.state
        st.season, st.turn = 0, 1
        st.threat_pool, st.threat_box = threat_pool, threat_box
        st.lost = "the threat pool is empty" if threat_pool == 0 else None

    def seat_characters(self, characters: list[CharacterState]) -> None:
        self.state.characters = characters

    def set_ability_deck(self, c: CharacterState, deck: list[str]) -> None:
        c.ability_deck = deck

    def share_ability_deck(self, deck: list[str]) -> None:
        """The solo variant: one ability deck for the party, none of each character's own."""
        st = self.state
        for c in st.characters:
            c.ability_deck = []
        st.solo_ability_deck = deck

    # ------------------------------------------------------------------ session setup

    def recover_in_downtime(self, sheet: Sheet, condition: str) -> None:
        """Downtime: a condition leaves a resting character's sheet."""
        sheet.conditions.remove(condition)
        self.emit(
            EventKind.CONDITION_REMOVED, character=sheet.name, condition=condition, by="downtime"
        )

    def train_in_downtime(self, sheet: Sheet, skill: str) -> None:
        """Downtime: a skill advance on a resting character's sheet."""
        rank = self.mark_advance(sheet, skill)
        self.emit(EventKind.DOWNTIME, character=sheet.name, skill=skill, rank=rank)

    def take_up_sheet(self, c: CharacterState, sheet: Sheet) -> None:
        """A character plays on as its sheet now stands (back from downtime)."""
        c.skills, c.advances = dict(sheet.skills), dict(sheet.advances)
        c.conditions = list(sheet.conditions)

    def take_reserve_asset(self, c: CharacterState, asset: str) -> None:
        self.state.reserve.remove(asset)
        c.assets.append(asset)
        self.emit(EventKind.RESERVE_TAKEN, character=c.name, asset=asset)

    def place_character(self, c: CharacterState, where: str) -> None:
        c.location = where
        self.emit(EventKind.CHARACTER_PLACED, character=c.name, location=where)

    # ------------------------------------------------------------------ actions

    def action_taken(self, option: dict[str, Any]) -> None:
        """An action is taken (told first, then what it does)."""
        self.emit(
            EventKind.ACTION,
            character=option.get("character"),
            action=option["act"],
            details=_copy_option(option),
        )

    def action_refused(self, option: dict[str, Any], reason: str) -> None:
        """A card used as an action could not do what it says: not taken (the table as it was)."""
        self.emit(EventKind.ACTION_REFUSED, option=_copy_option(option), reason=reason)

    def move_character(self, c: CharacterState, to: str, by: str) -> None:
        c.location = to
        self.emit(EventKind.CHARACTER_MOVED, character=c.name, location=to, by=by)

    def give_dice(self, loc: LocationState, positions: Sequence[int]) -> list[Die]:
        """The dice at these positions of a location leave it for the supply (a trade's)."""
        given = [loc.dice[i] for i in positions]
        for die in given:
            loc.dice.remove(die)
            self.return_die(die)
        return given

    def traded(self, c: CharacterState, given: Sequence[Die], got: str) -> None:
        self.emit(
            EventKind.TRADED, character=c.name, gave=[[d.resource, d.face] for d in given], got=got
        )

    def craft_die(
        self,
        c: CharacterState,
        index: int,
        owner: CharacterState,
        asset: AssetInProgress,
        slot: int,
    ) -> None:
        """A die at ``c``'s location (at ``index``) goes onto a slot of an asset in progress."""
        die = self.game.location(str(c.location)).dice.pop(index)
        asset.slots[slot] = die
        self.emit(
            EventKind.DIE_CRAFTED,
            character=c.name,
            asset=asset.name,
            owner=owner.name,
            die=[die.resource, die.face],
        )

    # ------------------------------------------------------------------ the turn and the year

    def start_turn(self) -> None:
        """The turn begins (its season and number told)."""
        st = self.state
        season = self.ruleset.seasons[st.season][0]
        self.emit(EventKind.TURN_STARTED, season=season, turn=st.turn)

    def draw_scene(self) -> str | None:
        """The top scene of the deck joins the line of drawn scenes (``None``: the deck is
        empty)."""
        st = self.state
        if not st.scene_deck:
            return None
        name = st.scene_deck.pop(0)
        st.scenes.append(name)
        self.emit(EventKind.SCENE_DRAWN, scene=name)
        return name

    def end_season(self, season: str, scheme_steps: list[str]) -> None:
        """A season's last turn is over (told with the scheme's steps to come): the trackers
        move to the next season's first turn, or the last season's end ends the year."""
        st = self.state
        self.emit(EventKind.SEASON_ENDED, season=season, scheme_steps=scheme_steps)
        if st.season == len(self.ruleset.seasons) - 1:
            st.flags["year over"] = 1
        else:
            st.season += 1
            st.turn = 1

    def next_turn(self) -> None:
        self.state.turn += 1

    # ------------------------------------------------------------------ overcome

    def stress_rolled_first(self) -> None:
        """A card had this overcome's stress dice rolled before defense: used up."""
        del self.state.flags["roll stress first"]

    def to_defense(self, c: CharacterState, faces: Sequence[int]) -> None:
        """Initiative dice leave a character's pool for its defense pool (told when spent)."""
        for face in faces:
            c.initiative.remove(face)

    def spend_defense(self, c: CharacterState, faces: Sequence[int]) -> None:
        """A defense pool's dice go back to the initiative supply."""
        self.state.initiative_supply += len(faces)
        for face in faces:
            self.emit(EventKind.INITIATIVE_SPENT, character=c.name, face=face)

    def assign_stress_die(self, who: str, kind: str) -> None:
        self.emit(EventKind.STRESS_DIE_ASSIGNED, character=who, stress=kind)

    def cancel_stress_die(self, c: CharacterState, kind: str, face: int) -> None:
        self.emit(EventKind.STRESS_CANCELLED, character=c.name, stress=kind, face=face)

    def place_tokens(
        self, c: CharacterState, obstacle: ObstacleInPlay, token: str, amount: int
    ) -> None:
        """A character's overcome adds progress or hindrance, as the supply allows."""
        amount = min(amount, self.game.token_supply(token))
        setattr(obstacle, token, getattr(obstacle, token) + amount)
        self.emit(
            EventKind.TOKENS_ADDED,
            obstacle=obstacle.name,
            token=token,
            amount=amount,
            character=c.name,
        )

    def overcome_obstacle(
        self, c: CharacterState, here: LocationState, obstacle: ObstacleInPlay
    ) -> None:
        """A character takes an obstacle it overcame (beside its mat)."""
        here.obstacles.remove(obstacle)
        c.obstacles.append(obstacle.name)
        self.emit(
            EventKind.OBSTACLE_OVERCOME,
            obstacle=obstacle.name,
            location=here.name,
            character=c.name,
        )

    # ------------------------------------------------------------------ obstacles

    def obstacle_activates(self, loc: LocationState, obstacle: ObstacleInPlay, count: int) -> None:
        self.emit(
            EventKind.OBSTACLE_ACTIVATED,
            obstacle=obstacle.name,
            location=loc.name,
            activations=count,
        )

    def remove_token(self, obstacle: ObstacleInPlay, token: str) -> None:
        """One progress or hindrance token leaves an obstacle (for the supply)."""
        setattr(obstacle, token, getattr(obstacle, token) - 1)
        self.emit(EventKind.TOKEN_REMOVED, obstacle=obstacle.name, token=token)

    def move_obstacle(
        self, obstacle: ObstacleInPlay, here: LocationState, there: LocationState
    ) -> LocationState:
        """An obstacle in play moves to another location; where it is now."""
        here.obstacles.remove(obstacle)
        there.obstacles.append(obstacle)
        self.emit(EventKind.OBSTACLE_MOVED, obstacle=obstacle.name, location=there.name)
        return there

    # ------------------------------------------------------------------ the refresh

    def reroll(self, dice: Sequence[Die], why: str) -> list[int]:
        """Reroll dice where they lie; the new faces."""
        faces = self.roll(why, len(dice))
        for die, face in zip(dice, faces, strict=True):
            die.face = face
        return faces

    def sorcery_exploded(self, loc: LocationState) -> None:
        self.emit(EventKind.SORCERY_EXPLODED, location=loc.name)

    def end_turn_effects(self) -> None:
        """What cards cancelled or ignored "this turn" ends with the turn."""
        flags = self.state.flags
        for flag in [f for f in flags if f.startswith(("cancel ", "ignore "))]:
            del flags[flag]

    def ready_cards(self, c: CharacterState) -> None:
        """Every card a character used this turn is upright again."""
        self.emit(EventKind.CARDS_READIED, character=c.name, cards=c.exhausted)
        c.exhausted = []

    # ------------------------------------------------------------------ session end

    def note_year_result(self, won: bool) -> None:
        """The year's result and the threat left as play ended, kept until the teardown tells
        them (``take_year_result``)."""
        flags = self.state.flags
        flags["year won"], flags["threat left"] = int(won), self.state.threat_pool

    def take_year_result(self) -> tuple[bool, int]:
        """What ``note_year_result`` kept: whether the year is won, the threat left."""
        flags = self.state.flags
        won = bool(flags.pop("year won"))
        return won, flags.pop("threat left")

    def end_session(self, result: dict[str, Any]) -> None:
        """The session's result is told, and the session is over."""
        st = self.state
        st.result = result
        self.emit(EventKind.SESSION_ENDED, **result)
        st.over = True

    def take_threats_from_box(self, box: bool) -> None:
        """Threats placed from now on come from the box (``True``: play is over, the pool no
        longer counts), or from the pool again."""
        if box:
            self.state.flags["threats from box"] = 1
        else:
            self.state.flags.pop("threats from box", None)

    def end_event(self, name: str) -> None:
        """An event out ends with the session: to the obstacle discard."""
        st = self.state
        st.events_out.remove(name)
        st.obstacle_discard.append(name)

    def remove_threat(self, loc: LocationState) -> None:
        """A threat leaves a location for the box."""
        loc.threats -= 1
        self.state.threat_box += 1
        self.emit(EventKind.THREAT_REMOVED, location=loc.name)

    def discard_obstacle(self, loc: LocationState, obstacle: ObstacleInPlay) -> None:
        """An obstacle in play leaves its location for the obstacle discard."""
        loc.obstacles.remove(obstacle)
        self.state.obstacle_discard.append(obstacle.name)
        self.emit(EventKind.OBSTACLE_DISCARDED, obstacle=obstacle.name, location=loc.name)


def _last_out(pile: list[str], name: str) -> None:
    """Take the last ``name`` out of ``pile`` (the card just put there)."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == name:
            del pile[i]
            return
