"""Refresh (rules: Refresh; reroll sorcery, refresh location resources, reset abilities,
initiative and action points, and taking an asset or an ability).
"""

from __future__ import annotations

from typing import Any

from dsl.kernel.machine import new_decision
from dsl.runtime import Context, Decision

from .basics import SessionPart
from .contracts import DecisionKind, EventKind
from .select import places
from .state import (
    CharacterState,
    Frame,
)

# the hands (conditions, assets, abilities) whose refresh texts are kept at most
_HANDS_KEPT = 20_000


class RefreshRules(SessionPart):
    """The part of ``Session`` this rules section is (a mixin: ``self`` is the session)."""

    def _quiet_refresh(self, args: dict[str, Any]) -> bool:
        """The refresh asks nothing unless a location's text runs, sorcery is rerolled where a
        character stands, or a held card's text runs at the refresh (a speed shortcut)."""
        st = self.state
        sorcery = self.sorcery
        cards = self.ruleset.locations
        occupied = {c.location for c in st.characters}
        for loc in st.locations:
            side = cards[loc.name].side(loc.developed)  # ``side(loc)``
            if side.effects:
                return False
            if loc.name in occupied and (
                sorcery in side.produces or any(d.resource == sorcery for d in loc.dice)
            ):
                return False
        return True  # the cards' "Refresh:" texts are a piece of their own

    def _quiet_refresh_texts(self, args: dict[str, Any]) -> bool:
        """No card held and no location in play has a "Refresh:" text (a speed shortcut)."""
        return not any(map(self._hand_refreshes, self.state.characters)) and not (
            self._map_refreshes()
        )

    def _hand_refreshes(self, c: CharacterState) -> bool:
        """Whether a card a character holds has a "Refresh:" text: worked out once per hand
        (conditions, assets, abilities), the cards' texts never change."""
        memo = self._refresh_memo
        hand = (tuple(c.conditions), tuple(c.assets), tuple(c.abilities))
        found = memo.get(hand)
        if found is None:
            if len(memo) >= _HANDS_KEPT:
                memo.clear()
            runs = self._runs_at_refresh
            found = memo[hand] = any(runs(effects) for _, effects in self.held_cards(c))
        return found

    def _map_refreshes(self) -> bool:
        """Whether a location in play has a "Refresh:" text: worked out once per map."""
        board = self._map()
        found = board.facts.get("refresh texts")
        if found is None:
            runs = self._runs_at_refresh
            found = board.facts["refresh texts"] = any(runs(side.effects) for side in board.sides)
        return bool(found)

    def _runs_at_refresh(self, effects: tuple[Any, ...]) -> bool:
        """Whether one of a card's effects happens at the refresh: a fact of its text, so it is
        worked out once per ruleset (kept by the effects' identity, and with them, so that an
        identity is never taken for another's)."""
        memo = self._effects_memo
        found = memo.get(id(effects))
        if found is None or found[0] is not effects:
            found = memo[id(effects)] = (effects, any(e.on("refresh") for e in effects))
        return bool(found[1])

    def _quiet_reroll_sorcery(self, args: dict[str, Any]) -> bool:
        return self._quiet_refresh(args)

    def sorcery_on_map(self) -> bool:
        """Whether a sorcery die is at some location (else the reroll has nothing to do)."""
        sorcery = self.sorcery
        return any(d.resource == sorcery for loc in self.state.locations for d in loc.dice)

    def op_reroll_sorcery(self, ctx: Context) -> None:
        """Refresh step 1: reroll sorcery; 6s explode and stress the characters there."""
        st = self.state
        rs = self.ruleset
        sorcery = self.sorcery
        kept = self.unrefreshed()  # "Dice at this location do not refresh."
        for loc in st.locations:
            if loc.name in kept:
                continue
            old = [d for d in loc.dice if d.resource == sorcery]
            if not old:
                continue
            faces = self.roll(f"sorcery at {loc.name}", len(old))
            for die, face in zip(old, faces, strict=True):
                die.face = face
            for face in faces:
                if face >= rs.value("sorcery explodes on", 6):
                    self.emit(EventKind.SORCERY_EXPLODED, location=loc.name)
                    self.explosion_stress(ctx, loc)
                    self.new_resource_die(ctx, sorcery, loc)

    def _quiet_refresh_location_resources(self, args: dict[str, Any]) -> bool:
        return self._quiet_refresh(args)

    def op_refresh_location_resources(self, ctx: Context) -> None:
        """Refresh step 2: each location rolls up to its production icons. The turn's "this
        turn" effects end here, with the dice (before anyone gains or readies)."""
        st = self.state
        kept = self.unrefreshed()  # "Dice at this location do not refresh."
        for loc in st.locations:
            if loc.name in kept:
                continue
            produces = self.side(loc).produces
            for resource in dict.fromkeys(produces):
                have = sum(1 for d in loc.dice if d.resource == resource)
                for _ in range(produces.count(resource) - have):
                    self.new_resource_die(ctx, resource, loc)
        for flag in [f for f in st.flags if f.startswith(("cancel ", "ignore "))]:
            del st.flags[flag]  # "this turn" effects end with the turn

    def gain_turn_action_points(self, name: str) -> None:
        """Refresh step 3 for one character: the declared action points per turn."""
        self.gain_action_points(
            self.character(name), self.ruleset.value("action points per turn", 4)
        )

    def reset_abilities(self, name: str) -> None:
        """Refresh step 4 for one character: every card it used this turn is upright again."""
        c = self.character(name)
        if c.exhausted:
            self.emit(EventKind.CARDS_READIED, character=c.name, cards=c.exhausted)
            c.exhausted = []

    def start_taking(self, name: str) -> None:
        """Refresh step 5 for one character: take any of ability, staging asset, initiative."""
        self.state.frames.append(Frame("take", {"order": [name], "who": 0, "taken": 0}))

    def unrefreshed(self) -> set[str]:
        """The locations whose dice a standing text in play keeps from refreshing ("Dice at
        this location do not refresh."): where the dice it names are."""
        kept: set[str] = set()
        for card_ctx, thing in self.forbidding("refresh"):
            if getattr(thing, "noun_category", None) == "die":
                kept.update(loc.name for loc in places(self.host, card_ctx, thing.place))
        return kept

    def op_refresh_texts(self, ctx: Context) -> None:
        """The refresh's teardown: the "Refresh:" texts, once the initiative dice are rerolled
        (so a text reads this turn's faces): each character's cards, then each location's
        text, once per location."""
        st = self.state
        runs = self._runs_at_refresh  # most cards have no such text: none of theirs is tried
        for c in st.characters:
            if not self._hand_refreshes(c):  # most hands: none, known once per hand
                continue
            for name, effects in self.held_cards(c):  # conditions, assets, abilities in hand
                if runs(effects):
                    self.run_effects(
                        ctx, effects, "refresh", actor=c.name, location=c.location, card=name
                    )
        if not self._map_refreshes():  # as the map is once the characters' texts ran
            return
        for loc in st.locations:
            effects = self.side(loc).effects
            if runs(effects):
                self.run_effects(ctx, effects, "refresh", location=loc.name, card=loc.name)

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
                return new_decision(
                    DecisionKind.CHOOSE_TAKE,
                    c.name,
                    f"Refresh: {c.name} takes ({data['taken'] + 1} of {takes})",
                    tuple(options),
                )
            data["who"] += 1
            data["taken"] = 0
        self.state.frames.pop()
        return None

    def _quiet_reroll_initiative(self, args: dict[str, Any]) -> bool:
        return True  # dice from the generator: nothing to ask

    def op_reroll_initiative(self, ctx: Context) -> None:
        """Refresh step 6: every character rerolls all their initiative dice."""
        for c in self.state.characters:
            self.reroll_initiative(c)

    def _answer_take(self, frame: Frame, take: Any) -> None:
        c = self.character(frame.data["order"][frame.data["who"]])
        frame.data["taken"] += 1
        if take == "ability":
            self.take_ability(c)
        elif take == "initiative":
            self.gain_initiative(c, 1, roll=False)
        else:
            self.take_asset_from_staging(c, take.split(":", 1)[1])
