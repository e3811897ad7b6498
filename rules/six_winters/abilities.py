"""Character abilities and asset abilities used as actions or inside an overcome (rules:
Character Abilities, Asset Cards: Ability): what a card offers, and using it.
"""

from __future__ import annotations

from collections.abc import Generator
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from dsl.compiler import Trigger
from dsl.runtime import Context, Decision, can_act, marks_of
from dsl.selectors import Selector

from .basics import (
    OVERCOME_ONLY_VERBS,
    Section,
    _CardActions,
    _usable_permissions,
    ruleset_memo,
)
from .cards import Effect
from .contracts import DecisionKind
from .state import (
    CharacterState,
    LocationState,
)

if TYPE_CHECKING:
    from .session import Session

_UNKNOWN: Any = object()
_PROBES_KEPT = 50_000  # the answers of ``may_act`` kept at most
_DIE = attrgetter("resource", "face")
_TOKENS = attrgetter("name", "progress", "hindrance")


_HERE, _POOL = "here", "here and pool"
# a text at its location that reads no die's face and no obstacle's tokens: what is here
_KINDS = "kinds here"


def _local(effect: Effect) -> str:
    """What a one-clause text (``last_call``) reads, when it is only its character's location
    (``_HERE``) or that and the character's initiative dice (``_POOL``): each phrase it
    resolves is at this location (written, or dice and tokens with no place, which are those
    where the card acts), in the character's own pool, or made new; nothing is counted
    elsewhere. ``""``: anything else. ``_KINDS``: at the location, only what is there (the
    dice's resources, the obstacles, the threats), no die's face and no obstacle's tokens:
    "Set a military at this location to any value", "Place 3 progress on a Unit obstacle at
    this location"."""
    clause = effect.meaning.parts[0].alternatives[0]
    reads = _KINDS
    for role, value in clause.roles:
        if role in clause.creates:
            continue
        phrases = _phrases(value)
        if phrases is None:
            return ""
        for phrase in phrases:
            where = _here_or_yours(phrase)
            if not where:
                return ""
            if where == _POOL:
                reads = _POOL
            elif reads == _KINDS and not _kinds_only(phrase):
                reads = _HERE
    return reads


def _pays_first(effect: Effect) -> bool:
    """Whether a text's first sentence gives something up to act ("Spend a diplomacy at this
    location to ..."): the compiled text counts what it gives before anything else
    (``dsl.codegen``'s ``_payable``), so a probe (``can_act``) sees it cannot pay."""
    parts: tuple[Any, ...] = effect.meaning.parts if effect.meaning is not None else ()
    first = getattr(parts[0], "alternatives", ()) if parts else ()  # not a choice of texts
    return any(c.cost is not None for c in first[:1])


def _kinds_only(phrase: Selector) -> bool:
    """Whether a phrase found here reads only what is here: no face of a die (a value, a
    number compared), no token on an obstacle (but threats, which lie on the location)."""
    if phrase.value is not None or phrase.where:
        return False
    return phrase.noun_category != "piece" or phrase.noun == "threat"


def _first_call(effect: Effect) -> str | None:
    """The primitive a text of several sentences calls first, as the first thing it does
    (``None`` when that is not certain): its first sentence is plain ("Search the asset deck
    for a charm asset."), one clause with no condition, no "may", no "for each", no cost and
    no subject, so a probe (``can_act``) reaches that call before anything else and only
    resolves the clause's roles before it."""
    parts: tuple[Any, ...] = effect.meaning.parts if effect.meaning is not None else ()
    first: Any = parts[0] if parts else None
    alternatives: tuple[Any, ...] = getattr(first, "alternatives", ())
    if len(alternatives) != 1 or first.mode != "do" or first.condition is not None:
        return None
    clause: Any = alternatives[0]
    if first.each is not None or clause.optional or clause.negated or clause.per is not None:
        return None
    if clause.cost is not None or clause.subject is not None:
        return None
    function: str = clause.function
    return function


def _phrases(value: Any) -> list[Selector] | None:
    """The noun phrases a role's value resolves (``None``: it counts something, anywhere)."""
    if isinstance(value, Selector):
        return [value]
    choices = getattr(value, "choices", None)
    if choices is not None:
        found: list[Selector] = []
        for choice in choices:
            more = _phrases(choice)
            if more is None:
                return None
            found += more
        return found
    return None if getattr(value, "per", None) is not None else []


def _here_or_yours(phrase: Selector) -> str:
    """Where a phrase looks: at this location (``_HERE``), in the character's pool or among
    its counters (``_POOL``), or elsewhere (``""``)."""
    if phrase.superlative is not None or phrase.quantity.reading is not None or phrase.with_:
        return ""
    if phrase.reference is not None:
        return _HERE if phrase.reference == "this" and phrase.noun == "location" else ""
    place = phrase.place
    if place is None:
        if phrase.noun_category == "meter":
            return _POOL
        return _HERE if phrase.noun_category in ("die", "piece") else ""
    if place.kind == "this place":
        return _HERE
    return _POOL if place.kind == "zone" and place.owner == "your" else ""


class AbilityRules(Section):
    """Cards used as actions or inside an overcome: what a card offers, and using it
    (``session.abilities``)."""

    def __init__(self, game: Session) -> None:
        super().__init__(game)
        ruleset = self.ruleset
        # what a card offers as actions (the ruleset's memo: ``card_actions``)
        self._card_memo: dict[tuple[str, str], _CardActions] = ruleset_memo(ruleset, "actions")
        # the card texts whose reach the engine can tell without running them (``may_act``)
        self._probe_memo: dict[tuple[str, str, int], Any] = ruleset_memo(ruleset, "probes")
        self._probed: dict[tuple[Any, ...], dict[Any, bool]] = ruleset_memo(ruleset, "probed")
        # the answers of a character's local card texts, as last looked up (``may_act``): the
        # character, the round of action options, the answers kept for its location and dice
        self._probe_read: tuple[Any, int, dict[str, dict[Any, bool]]] = (None, -1, {})
        self.options_round = 0  # the rounds of action options worked out (``new_round``)

    def new_round(self) -> None:
        """The action options are worked out again (``ActionRules.action_options``): a
        character's table is looked up anew by ``may_act``."""
        self.options_round += 1

    def card_actions(self, kind: str, name: str) -> _CardActions:
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

    def holding_possible(self, c: CharacterState, card: str, permission: Any) -> bool:
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
            room = self.ops.hold_capacity(card)
            if room is not None and len(self.state.card_dice.get(card, [])) >= room:
                return False
            ctx = Context(host=self.game, card=card, actor=c.name, location=c.location)
            return any(r.get("kind") == "die" for r in self.game.select(ctx, obj))
        if this_card("from") or this_card("on"):
            return bool(self.ops.held_refs(card, noun))
        return True

    def use_permission(self, ctx: Context, c: CharacterState, option: dict[str, Any]) -> None:
        """A card's "May ..." text used as an action: once per turn per character."""
        rs = self.ruleset
        name = option["card"]
        if option["on"] == "location":
            permissions = self.game.side(self.game.location(name)).permissions
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
        self.game.run_effect(ctx, effect, actor=c.name, location=c.location, card=name)
        self.ops.exhaust(c, f"{name}#{option['index']}")
        if option["on"] == "event" and name not in self.state.events_out:
            self.ops.apply_standing_texts(ctx)  # the event was burned: its text no longer holds

    def defend_window(
        self, ctx: Context, m: CharacterState, verbs: tuple[str, ...], prompt: str
    ) -> Generator[Decision, Any, None]:
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
            pick = yield self.game.ask(
                ctx, DecisionKind.CHOOSE_DEFENSE, ["done", *usable], prompt, who=m.name
            )
            if pick == "done":
                return
            self.use_card(ctx, m, pick["act"], pick["card"], pick["effect"])

    def may_act(
        self, c: CharacterState, kind: str, name: str, k: int, here: LocationState | None = None
    ) -> bool:
        """Whether a card's text used as an action may act: ``False`` only when the engine
        knows, without running it, that it would find nothing to act on (a text that resolves
        its roles and then calls one primitive that says what it must find: Battle Hardened
        with no Unit or Foe here, The Hawkleader with no military here; ``dsl.runtime.can_act``).
        Any other text is offered, and taken back if it finds nothing when tried.

        A text that reads only its character's location (and initiative dice: ``_local``) is
        probed once per such table: the answer is kept by what it read (the location's side,
        dice, obstacles and threats, and the character's dice if it reads them; only the dice's
        resources and the obstacles' names when it reads no face and no token), a fact of the
        ruleset. ``here``: the character's location, when the caller has it at hand."""
        memo = self._probe_memo
        key = (kind, name, k)
        probe = memo.get(key, _UNKNOWN)
        if probe is _UNKNOWN:
            probe = memo[key] = self._probed_effect(kind, name, k)
        if probe is None or self.state.table_dice:
            return True
        effect, reads = probe
        if not reads or c.location is None:
            return can_act(effect.run, self.game, card=name, actor=c.name, location=c.location)
        read = self._probe_read
        if read[0] is not c or read[1] != self.options_round:
            read = self._probe_read = (c, self.options_round, {})
        kept: dict[str, dict[Any, bool]] = read[2]  # the probes' answers, not the table
        answers: dict[Any, bool] | None = kept.get(reads)
        if answers is None:
            # what a local text reads, worked out once per character and list of options (and
            # only the readings its cards need): the answers kept for the table as it reads it
            answers = kept[reads] = self._answers_kept(c, reads, here)
        found = answers.get(key)
        if found is None:
            found = answers[key] = can_act(
                effect.run, self.game, card=name, actor=c.name, location=c.location
            )
        return found

    def _answers_kept(
        self, c: CharacterState, reads: str, loc: LocationState | None
    ) -> dict[Any, bool]:
        """The probes' answers kept for what a local text reads (``_local``) of ``c``'s table:
        its location (with the dice's faces and the obstacles' tokens, ``_HERE``; with the
        character's dice too, ``_POOL``; or only the dice's resources and the obstacles,
        ``_KINDS``)."""
        if loc is None:
            assert c.location is not None
            loc = self.state.locations[self.game.map_facts().first[c.location]]
        if reads == _KINDS:
            dice: tuple[Any, ...] = tuple(sorted([d.resource for d in loc.dice]))
            obstacles: tuple[Any, ...] = tuple([o.name for o in loc.obstacles])
        else:
            dice = tuple(map(_DIE, loc.dice))
            obstacles = tuple(map(_TOKENS, loc.obstacles))
        pool = tuple(c.initiative) if reads == _POOL else ()
        table = (reads, c.name, loc.name, loc.developed, loc.threats, dice, obstacles, pool)
        probed = self._probed
        found = probed.get(table)
        if found is None:
            if len(probed) >= _PROBES_KEPT:
                probed.clear()
            found = probed[table] = {}
        return found

    def _probed_effect(self, kind: str, name: str, k: int) -> tuple[Effect, str] | None:
        """The card's effect ``k`` if the engine can tell whether it may act (``may_act``),
        and what it reads (``_local``)."""
        cards = self.ruleset.abilities if kind == "ability" else self.ruleset.assets
        effect = cards[name].effects[k]
        if effect.run is None or effect.cost is not None:
            return None
        if effect.last_call is None:
            # "Spend a diplomacy at this location to move ...": a text whose first sentence
            # pays first is refused unpaid before it changes anything (read each time); "Search
            # the asset deck for a charm asset. Then ...": one whose first deed is a primitive
            # that says what it must find is refused if that finds nothing
            first = _first_call(effect)
            finding = first is not None and marks_of(self.game.primitive(first)).finds is not None
            return (effect, "") if finding or _pays_first(effect) else None
        # the primitive's marks (inside a piece the primitive is a wrapper naming it: its own)
        fn = self.game.primitive(effect.last_call)
        return (effect, _local(effect)) if marks_of(fn).finds is not None else None

    def card_options(self, c: CharacterState, *, defending: bool = False) -> list[dict[str, Any]]:
        """The abilities and completed assets ``c`` may use now (activated or played, not used
        this turn), as action options; ``defending``: the ones used inside an overcome."""
        options: list[dict[str, Any]] = []
        for kind, held in (("ability", c.abilities), ("asset", c.assets)):
            for card in held:
                if card in c.exhausted:
                    continue
                actions = self.card_actions(kind, card)
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
        self.game.run_effect(
            ctx, effect, actor=c.name, location=c.location, card=name, refuse=as_action
        )
        if effect.usage == "played" and kind == "ability":
            self.ops.play_ability(c, name)
        elif effect.usage == "played" and name in c.assets:
            self.ops.play_asset(c, name)
        else:
            self.ops.exhaust(c, name)
