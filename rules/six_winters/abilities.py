"""Character abilities and asset abilities used as actions or inside an overcome (rules:
Character Abilities, Asset Cards: Ability): what a card offers, and using it.
"""

from __future__ import annotations

from typing import Any

from dsl.compiler import Trigger
from dsl.runtime import Context

from .basics import (
    OVERCOME_ONLY_VERBS,
    SessionPart,
    _CardActions,
    _usable_permissions,
)
from .cards import Effect
from .contracts import DecisionKind, EventKind
from .state import (
    CharacterState,
)


class AbilityRules(SessionPart):
    """The part of ``Session`` this rules section is (a mixin: ``self`` is the session)."""

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
        noun = getattr(obj, "noun", None) if getattr(obj, "noun_category", "") == "die" else None
        if this_card("onto"):
            room = self.hold_capacity(card)
            if room is not None and len(self.state.card_dice.get(card, [])) >= room:
                return False
            ctx = Context(host=self.host, card=card, actor=c.name, location=c.location)
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
        effect = Effect(
            Trigger("May", "activated"), permission.text, permission.run, permission.span
        )
        self.run_effect(ctx, effect, actor=c.name, location=c.location, card=name)
        self.exhaust(c, f"{name}#{option['index']}")
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
            pick = self.decide(
                ctx, DecisionKind.CHOOSE_DEFENSE, ["done", *usable], prompt, who=m.name
            )
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
        self.run_effect(ctx, effect, actor=c.name, location=c.location, card=name, refuse=as_action)
        if effect.usage == "played" and kind == "ability":
            # played: to the bottom of the ability deck (the shared one in the solo variant)
            c.abilities.remove(name)
            (self.state.solo_ability_deck if self.state.solo else c.ability_deck).append(name)
            self.emit(EventKind.ABILITY_PLAYED, character=c.name, ability=name)
        elif effect.usage == "played" and name in c.assets:
            # a played asset is spent: to the asset discard
            c.assets.remove(name)
            self.state.asset_discard.append(name)
            self.emit(EventKind.ASSET_PLAYED, character=c.name, asset=name)
        else:
            self.exhaust(c, name)
