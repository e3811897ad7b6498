"""A game written wholly in text, played: the kernel's machine walking the ruleset's procedure
over the world's state.

``new_game(ruleset, seed, players)`` deals every card to the zone its kind starts in, gives each
owner its starting numbers, puts the pawns on the first place, and starts the procedure's first
phase. From there the procedure's text drives everything: its steps are card sentences (run with
the player a ``for each`` gives acting), ``play "Phase"``, the engine's own steps (``do take an
action``, ``do choose the first player at random``...), and offers. The players' decisions are
the kernel's: ``pending()`` → ``apply(answer)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar

from dsl.compiler import CompiledAbility, CompiledRuleset
from dsl.kernel.dispatch import Part, answer, piece, step
from dsl.kernel.flat import FlatState
from dsl.kernel.machine import Frame, Machine, PieceRefused
from dsl.kernel.random import GameRandom
from dsl.procedure import ProcedureStep, ProcedureWalker
from dsl.runtime import (
    Context,
    Decision,
    EffectError,
    NothingToActOn,
    can_act,
    marks_of,
    new_decision,
)
from dsl.selectors import Place, Selector

from . import limits, partners, restraints
from .arranging import PRIMITIVES as ARRANGING_PRIMITIVES
from .copies import start_number
from .events import WorldDecision, WorldEvent
from .host import WorldHost
from .model import GAME, IN_PLAY, PLAYER, World
from .ops import Ops, each_owner
from .order_needs import check as check_order_needs
from .players import (
    Orders,
    StepRefused,
    check_steps,
    observed_orders,
    redeal_orders,
    refused_here,
)
from .pool_moves import PRIMITIVES as POOL_MOVE_PRIMITIVES
from .replacing import PRIMITIVES as REPLACING_PRIMITIVES
from .replacing import places as places_now
from .rolled import Declaring
from .rolled import check as check_rolled
from .state import WorldState, zone_key
from .step_pieces import StepPieces
from .verbs import CORE_VERBS

if TYPE_CHECKING:
    from dsl.checker import CheckedRuleset
    from dsl.diagnostics import Diagnostics

PASS = "pass"
HAND, DECK, DISCARD = "hand", "deck", "discard"


@dataclass(frozen=True, slots=True)
class ActionOption:
    """One thing a player may do on their turn: use a card's text, or pass."""

    card: str
    label: str

    @property
    def text(self) -> str:
        return f"{self.label}: {self.card}"


class WorldGame(FlatState, ProcedureWalker, Machine):
    """One game of a text-only ruleset, OpenSpiel-shaped (``pending``/``apply``/``clone``/
    ``to_json``/``observation``/``returns``)."""

    state_type: ClassVar[type] = WorldState
    orders = Part(Orders)  # orders placed face up or down, resolved in placement order
    ruleset_steps = Part(StepPieces)  # a ruleset's Python steps, as pieces (their dice asked)
    declaring = Part(Declaring)  # an action declared ahead (dsl.world.rolled)

    def __init__(
        self, ruleset: CompiledRuleset, state: WorldState, world: World | None = None
    ) -> None:
        super().__init__(state)
        from .declare import world_of

        self.ruleset = ruleset
        self.world = world if world is not None else world_of(ruleset)
        self.procedure = ruleset.procedure
        self.ops = Ops(self)
        self.host = WorldHost(self)
        self.primitives: dict[str, Callable[..., Any]] = {
            **{fn.__name__: fn for fn in CORE_VERBS.values()},
            **ARRANGING_PRIMITIVES,  # dsl/world/arranging.py: cards moved between zones
            **POOL_MOVE_PRIMITIVES,  # dsl/world/pool_moves.py: a place's dice to another place
            **REPLACING_PRIMITIVES,  # dsl/world/replacing.py: a card in another's place
            **ruleset.vocabulary.primitive_functions,
        }
        self.place_cards = bool(self.world.place_kind) and any(
            c.kind.casefold() == (self.world.place_kind or "").casefold() for c in ruleset.all_cards
        )
        if self.world.durations:
            from .durations import reaching

            self.reaching = reaching(self)
        checks_made = restraints.duties(self)  # "Its holder makes a ... check at its <step>"
        if checks_made is not None:
            self.reaching = restraints.also(self.reaching, checks_made)

    def _with_state(self, state: Any) -> WorldGame:
        return type(self)(self.ruleset, state, self.world)

    @classmethod
    def from_json(cls, ruleset: Any, text: str) -> WorldGame:
        import json

        from dsl.kernel.machine import _json_hook

        data = json.loads(text, object_hook=_json_hook)
        return cls(ruleset, cls.decode_state(ruleset, data))

    # ---- what the text reads -------------------------------------------------------------------

    def card_fields(self, card: str) -> Mapping[str, Any]:
        info = self.state.cards[card]
        return self.ruleset.card(info["name"], info["kind"]).fields

    def compiled_card(self, card: str) -> Any:
        info = self.state.cards[card]
        return self.ruleset.card(info["name"], info["kind"])

    def zone_decl(self, name: str) -> Any:
        """The declared zone a key names: ``relic deck`` is the kind's ``deck``."""
        decl = self.world.zone(name)
        if decl is None and " " in name:
            decl = self.world.zone(name.rsplit(" ", 1)[1])
        return decl

    def hand_zone(self) -> str:
        return HAND

    def deck_key(self, kind: str | None, source: Any, ctx: Context) -> str:
        """The zone a draw takes from: the one written, else the kind's deck."""
        if isinstance(source, Selector) and source.place is not None:
            return self.zone_key_for(source.place, ctx)
        if kind and kind.casefold() != "card":
            return f"{kind.casefold()} {DECK}"
        return DECK

    def discard_key(self, card: str) -> str:
        kind = self.state.cards[card]["kind"].casefold()
        key = f"{kind} {DISCARD}"
        return key if self.world.zone(key) is not None or key in self.state.zones else DISCARD

    def zone_key_for(self, place: Place, ctx: Context) -> str:
        """The zone a phrase names: "your hand" (the actor's), "the relic deck", "the discard"."""
        zone = (place.zone or "").casefold()
        if place.of_kind:
            zone = f"{place.of_kind.casefold()} {zone}"
        decl = self.world.zone(place.zone or "")
        owner = None
        if place.owner == "your" or (decl is not None and decl.owner == PLAYER):
            owner = ctx.actor
        return zone_key(zone, owner)

    def refill(self, deck: str) -> None:
        """An empty deck takes its discard pile back, shuffled."""
        discard = deck.replace(DECK, DISCARD)
        if discard == deck or not self.state.zones.get(discard):
            return
        for card in list(self.state.zones[discard]):
            self.ops.move_card(card, zone=deck, why="refill")
        self.ops.shuffle(deck)

    def cards_named_or_drawn(self, selector: Any, ctx: Context) -> list[str]:
        if isinstance(selector, list | str):
            return [selector] if isinstance(selector, str) else list(selector)
        if not isinstance(selector, Selector):
            return []
        if selector.name is not None:
            found = [c for c, info in self.state.cards.items() if info["name"] == selector.name]
            return found[:1]
        deck = self.deck_key(selector.noun, None, ctx)
        cards = list(self.state.zones.get(deck, []))
        if selector.quantity.mode == "all":  # "each monster": every one still in its deck
            return cards
        return cards[: selector.quantity.count or 1]

    # ---- running text --------------------------------------------------------------------------

    def immune(self, holder: str, card: str) -> bool:
        """Whether a card ``holder`` holds keeps it from being given ``card``
        (``dsl.world.restraints.unheld``: "Its holder is immune to psychology conditions.")."""
        return restraints.unheld(self, holder, card) is not None

    def context(self, actor: str | None = None, card: str | None = None) -> Context:
        return Context(self.host, card=card, actor=actor)

    def text_holds(self, test: Callable[[Context], bool], thing: Any = None) -> bool:
        """``play "Phase" only if <condition>``: the condition asked now, the thing a ``for
        each`` gives acting (else the player whose turn it is); one about nothing (no card to
        read) does not hold."""
        actor = thing if isinstance(thing, str) else (self.subject() or self.state.current)
        try:
            return test(Context(self.host, actor=actor))
        except NothingToActOn:
            return False

    def run_text(
        self,
        ability: CompiledAbility,
        actor: str | None,
        ctx: Context | None,
        bindings: Mapping[str, Any] | None = None,
    ) -> Any:
        """Run some text inside the piece running now, sharing its answers: a threshold a
        verb reached, a card a verb played (``bindings``: numbers it reads, "the deficit").
        A sentence of it with nothing to act on ends this text only: the change that reached
        it goes on."""
        inner = Context(self.host, actor=actor)
        inner.bindings.update(bindings or {})
        if ctx is not None:
            inner.answers, inner.cursor = ctx.answers, ctx.cursor
        try:
            return ability.run(inner)
        except NothingToActOn:
            return None
        finally:
            if ctx is not None:
                ctx.cursor = inner.cursor

    def run_card_text(self, card: str, label: str, ctx: Context) -> None:
        compiled = self.compiled_card(card)
        for ability in compiled.abilities_for(label):
            inner = Context(self.host, card=card, actor=ctx.actor)
            inner.answers, inner.cursor = ctx.answers, ctx.cursor
            try:
                ability.run(inner)
            finally:
                ctx.cursor = inner.cursor

    # ---- the procedure -------------------------------------------------------------------------

    def run_step_text(self, phase: str, index: int, item: Any) -> None:
        actor = item if isinstance(item, str) else (self.subject() or self.state.current)
        # a card a ``for each`` lists is the step's "it" (the key only then: older saved games)
        listed = {"listed": True} if isinstance(item, str) else {}
        self.push_run("step_text", phase=phase, index=index, actor=actor, **listed)

    @piece("step_text")
    def op_step_text(
        self, ctx: Context, phase: str, index: int, actor: str | None, listed: bool = False
    ) -> None:
        step = self.procedure.phase(phase).steps[index]
        ctx.host, ctx.actor = self.host, actor
        # "for each door in order, ...": the door is "it" and "this door"; a step run for the
        # one acting (no ``for each``) has no card of its own, so no card is its reason
        if listed and actor in self.state.cards and ctx.card is None:
            ctx.card = actor
            ctx.bindings.setdefault("it", actor)
        assert step.ability is not None
        # a step's text with nothing to act on (a cost that cannot be paid) does nothing
        with suppress(NothingToActOn):
            step.ability.run(ctx)

    def still_listed(self, item: Any) -> bool:
        """A card a ``for each`` listed in play that has left it since gets no turn."""
        info = self.state.cards.get(item) if isinstance(item, str) else None
        return info is None or bool(info.get("at"))

    def act_in_any_order(self) -> None:
        """Every player acts, in turn order, until all have passed (a player whose card is
        knocked out has passed already: ``dsl.world.boxes``)."""
        from .boxes import knocked_out

        self.state.passed = knocked_out(self)
        self.state.used = []  # "once per turn": once in each phase where all act until all pass
        self.state.frames.append(Frame("act", {"once": False}))

    def take_an_action(self, player: str | None = None) -> None:
        """The player whose turn it is takes one action (or passes)."""
        who = player or self.state.current
        self.state.frames.append(Frame("act", {"once": True, "who": who}))

    def _acting(self, frame: Frame) -> str | None:
        st = self.state
        if frame.data.get("once"):
            return frame.data.get("who")
        order = st.order or st.players
        waiting: list[str] = [player for player in order if player not in st.passed]
        return waiting[0] if waiting else None

    @step("act")
    def _step_act(self, frame: Frame) -> Decision | None:
        player = self._acting(frame)
        if player is None or (frame.data.get("once") and frame.data.get("done")):
            self.state.frames.pop()
            return None
        options = [o.text for o in self.action_options(player, frame)]
        return new_decision(
            WorldDecision.ACTION,
            player,
            f"{self.state.names.get(player, player)}: what do you do?",
            (*options, PASS),
        )

    @answer("act")
    def _answer_act(self, frame: Frame, answer: Any) -> None:
        player = self._acting(frame)
        assert player is not None
        if answer == PASS:
            self.ops.pass_turn(player)
            if frame.data.get("once"):
                self.state.frames.pop()
            return
        label, _, card = str(answer).partition(": ")
        if frame.data.get("once"):
            frame.data["done"] = True
        self.push_run("use", player=player, card=card, label=label)

    def action_options(self, player: str, frame: Frame | None = None) -> list[ActionOption]:
        """The texts a player may use now: activated texts of the cards in their hand, of the
        cards they own in play, of the cards where they stand, and of the shared actions; one
        used once this turn and refused since the table last changed are left out."""
        refused = set(frame.data.get("refused", ())) if frame is not None else set()
        options = []
        restrained = restraints.offered(self, player) if self.world.restraints else None
        for card in self._usable_cards(player):
            if restrained is not None and not restrained(card):
                continue  # "Its holder takes no ranged actions.": a card it holds forbids it
            compiled = self.compiled_card(card)
            for ability in compiled.abilities:
                if ability.usage not in ("activated", "played"):
                    continue
                key = f"{ability.label}|{card}"
                trigger = ability.trigger
                if trigger is not None and trigger.once_per_turn and key in self.state.used:
                    continue
                if key in refused:
                    continue
                if not self._may_act(ability, card, player):
                    continue
                options.append(ActionOption(card, ability.label))
        return options

    def misses(self, phase: str, subject: Any) -> bool:
        """A phase played for a thing holding a card that says it misses it is passed over
        (``dsl.world.restraints``)."""
        card = restraints.missed_by(self, phase, subject) if self.world.restraints else None
        if card is None:
            return False
        from .durations import lift  # the card is spent by the miss

        return lift(self, str(subject), card, why=f"missed its {phase}")

    def _may_act(self, ability: CompiledAbility, card: str, player: str) -> bool:
        """Whether a text would act, known without running it when a verb it calls says what
        it must find (``finds``: "Pay 2 momentum." with none held): its roles are read up to
        the first verb it calls, which is asked and not called (``dsl.runtime.can_act``). A
        text refused at its first verb changes nothing (``op_use``), so it is not offered;
        any other text is offered, and refused if it cannot act when run. A text whose every
        sentence has a condition on the one acting ("If you are a Character model, ...") is
        offered only when one of them holds: run to its end with none held, it would do
        nothing for this one."""
        if "target_thing" in ability.verbs and partners.choices(self, player, card) == []:
            return False  # it names a model, and there is none to name (``dsl.world.partners``)
        finding = any(
            marks_of(self.host.primitive(verb)).finds is not None
            for verb in ability.verbs
            if verb in self.primitives
        )
        if ability.cost is None and _conditional(ability, finding):
            return can_act(ability.run, self.host, card=card, actor=player, idle=False)
        if ability.cost is not None or not finding:
            return True
        return can_act(ability.run, self.host, card=card, actor=player)

    def _usable_cards(self, player: str) -> list[str]:
        st = self.state
        here = self.ops.pawn_at(player)
        found = []
        for card, info in st.cards.items():
            zone = info.get("zone") or ""
            if (
                zone == zone_key(HAND, player)
                or (info.get("at") and (info.get("owner") == player or info.get("at") == here))
                or card == here
                or self._shared(zone)
            ):
                found.append(card)
        if self.world.belongs:  # "powers are used by the player of their hero"
            from .belonging import usable

            found += [card for card in usable(self, player) if card not in found]
        return found

    def _shared(self, zone: str) -> bool:
        """A zone whose cards every player may use: the game's, face up, holding a kind
        ("actions is a zone, holding actions")."""
        decl = self.world.zone(zone) if zone else None
        return (
            decl is not None
            and decl.owner == GAME
            and decl.visibility == "public"
            and bool(decl.kinds)
        )

    @piece("use")
    def op_use(self, ctx: Context, player: str | None, card: str, label: str) -> None:
        compiled = self.compiled_card(card)
        ctx.host, ctx.actor, ctx.card = self.host, player, card
        info = self.state.cards[card]
        played = info.get("zone") == zone_key(HAND, player)
        if player is not None and self.world.restraints and limits.counting(self):
            limits.took(self, player, card)  # "Its holder takes at most 1 action a turn."
        for ability in compiled.abilities_for(label):
            try:
                if played:
                    self.ops.move_card(card, zone=self.discard_key(card), why="played")
                if ability.cost is not None:
                    ability.cost(ctx)
                ability.run(ctx)
            except NothingToActOn as nothing:
                raise PieceRefused(nothing.message) from None
            if ability.trigger is not None and ability.trigger.once_per_turn:
                self.state.used.append(f"{label}|{card}")
            return
        raise EffectError(f"{card} has no text '{label}'")

    def fire(self, label: str) -> None:
        """``do fire <trigger>``: every card in play with a text of that trigger runs it, in the
        order the cards lie in the state, with no one acting ("Each player at this stop ...")."""
        if not any(t.casefold() == label for t in self.ruleset.vocabulary.triggers):
            known = ", ".join(sorted(self.ruleset.vocabulary.triggers))
            raise EffectError(f"'do fire {label}': no trigger '{label}' is declared ({known})")
        firing = [
            card
            for card, info in self.state.cards.items()
            if info.get("at") and self.compiled_card(card).abilities_for(label)
        ]
        for card in reversed(firing):  # the last pushed runs first
            self.push_run("use", player=None, card=card, label=label)

    def piece_refused(self, data: dict[str, Any], reason: str) -> None:
        frames = self.state.frames
        if frames and (frames[-1].kind == "act" or refused_here(frames)):
            frame = frames[-1]
            args = data.get("args", {})
            frame.data.setdefault("refused", []).append(f"{args.get('label')}|{args.get('card')}")
            frame.data.pop("done", None)

    # ---- the engine's own steps ----------------------------------------------------------------

    def end_the_game(self, why: str = "the procedure ended") -> None:
        if self.world.together:  # played together, a session of a campaign: dsl/world/together
            from .together import end_together

            if end_together(self, why):
                return
        score = self.world.score
        scores = {p: self.ops.value(p, score) if score else 0 for p in self.state.players}
        self.ops.end_game(scores, why)

    # ---- what each player sees -----------------------------------------------------------------

    def observation(self, who: str | None = None) -> dict[str, Any]:
        """What ``who`` may see: every number, the map, the public zones and their own; of the
        others' hidden zones only how many cards they hold; never a choice not yet revealed."""
        st = self.state
        zones: dict[str, Any] = {}
        for key, cards in st.zones.items():
            name, _, owner = key.partition("@")
            decl = self.zone_decl(name)
            visibility = decl.visibility if decl is not None else "public"
            visible = owner == who if owner else visibility == "public"
            zones[key] = [st.cards[c]["name"] for c in cards] if visible else len(cards)
        on_map = {c: info["at"] for c, info in st.cards.items() if info.get("at")}
        committed = {
            p: (choices if p == who else len(choices)) for p, choices in st.committed.items()
        }
        return {
            "you": who,
            "players": list(st.players),
            "order": list(st.order),
            "current": st.current,
            "round": st.round,
            "values": {o: dict(v) for o, v in st.values.items()},
            "zones": zones,
            "on map": on_map,
            "pieces": {h: dict(p) for h, p in st.pieces.items()},
            "committed": committed,
            "orders": observed_orders(who, st.orders),
        }

    def determinize(self, who: str | None, rng: Any) -> WorldGame:
        """A copy in which what ``who`` may not see is dealt again at random: the cards of the
        zones hidden from them (a deck's order, another player's hand), card for card of the
        same kind, each zone keeping its size; the dice to come drawn afresh. What they see
        stays as it is."""
        copy = self.clone()
        st = copy.state
        hidden: dict[str, list[str]] = {}
        slots: list[tuple[str, int]] = []
        for key, cards in st.zones.items():
            name, _, owner = key.partition("@")
            decl = copy.zone_decl(name)
            visible = owner == who if owner else decl is None or decl.visibility == "public"
            if visible:
                continue
            for at, card in enumerate(cards):
                hidden.setdefault(st.cards[card]["kind"], []).append(card)
                slots.append((key, at))
        for cards in hidden.values():
            rng.shuffle(cards)
        for key, at in slots:
            kind = st.cards[st.zones[key][at]]["kind"]
            card = hidden[kind].pop()
            st.zones[key][at] = card
            st.cards[card]["zone"] = key
            owner = key.partition("@")[2]
            st.cards[card]["owner"] = owner or st.cards[card].get("owner")
        redeal_orders(copy, who, rng)
        st.rng = GameRandom(rng.randrange(2**62))  # the dice to come: unknown to anyone
        st.table_dice = False  # drawn by the copy's generator, not asked of a table
        return copy

    def returns(self) -> dict[str, float]:
        """Each player's final score (OpenSpiel's returns); empty until the game ends."""
        return dict(self.state.result.get("scores", {}))


def _conditional(ability: CompiledAbility, finding: bool = False) -> bool:
    """Whether a text is for some of those who act only: every sentence has a condition on
    the one acting ("If you are a Character model, ..."), and the text is used, not played
    (a card played from the hand leaves it whatever its text does). With ``finding`` (a verb
    of the text says what it must find: ``dsl.runtime.finds``) a comparison of numbers counts
    too ("If your slots is at most your rank in the skill of this location and the row of this
    location is 1, spend a die to move ..."): such a text is offered only when a condition
    holds and the verb finds; one whose verbs cannot say so is offered as it always was."""
    parts = getattr(ability.meaning, "parts", ())
    kinds = ("you are", "compare") if finding else ("you are",)
    return (
        ability.usage == "activated"
        and bool(parts)
        and all(getattr(getattr(p, "condition", None), "kind", None) in kinds for p in parts)
    )


def refused_step(ruleset: CompiledRuleset) -> StepRefused | None:
    """What a game of ``ruleset`` would refuse as it starts in its procedure's step words (the
    orders' steps, the rolled and declared ones), for ``chronicler check`` to tell at the step;
    ``None`` when nothing is."""
    from .declare import world_of

    probe = SimpleNamespace(ruleset=ruleset, procedure=ruleset.procedure, world=world_of(ruleset))
    try:
        check_steps(probe)  # type: ignore[arg-type]  # reads only these three
        check_rolled(probe)  # type: ignore[arg-type]
        check_order_needs(probe)  # type: ignore[arg-type]
    except StepRefused as refused:
        return refused
    return None


def tell_refused_step(checked: CheckedRuleset, diagnostics: Diagnostics) -> CompiledRuleset | None:
    """Check a world ruleset's procedure step words as a game would start (``refused_step``)
    and tell what it would refuse at the step, as ``chronicler check`` and the editor do.
    Only a text that checked clean and declares a world is compiled; the compiled ruleset is
    given back (``None`` when there was nothing to compile)."""
    if diagnostics.errors or checked.vocabulary.world is None:
        return None
    from dsl.codegen import compile_checked

    compiled = compile_checked(checked)
    refused = refused_step(compiled)
    if refused is not None:
        diagnostics.error(refused.why, refused.span)
    return compiled


def new_game(
    ruleset: CompiledRuleset,
    *,
    seed: int = 0,
    players: int | list[str] = 2,
    names: Mapping[str, str] | None = None,
    dice: list[int] | None = None,
    table_dice: bool = False,
    first_phase: str | None = None,
) -> WorldGame:
    """A game ready to play: cards dealt to their zones, numbers at their start, the first
    phase of the procedure begun."""
    from .declare import world_of

    world = world_of(ruleset)
    seats = [f"p{i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    low, high = world.players
    if not low <= len(seats) <= high:
        raise ValueError(f"{ruleset.name} is for {low} to {high} players, not {len(seats)}")
    state = WorldState(
        players=seats,
        rng=GameRandom(seed),
        names=dict(names or {p: f"Player {i + 1}" for i, p in enumerate(seats)}),
        order=list(seats),
        dice_script=list(dice or []),
        table_dice=table_dice,
    )
    game = WorldGame(ruleset, state, world)
    check_steps(game)  # the words of the orders' steps name what the ruleset declares
    check_rolled(game)  # and those of the rolled and declared steps (dsl.world.rolled)
    check_order_needs(game)  # and the numbers an order sorts by (dsl.world.order_needs)
    _deal(game)
    game.emit(WorldEvent.GAME_STARTED, players=list(seats), seed=seed)
    phase = first_phase or _first_phase(game)
    if phase is not None:
        game.start_phase(phase)
    return game


def _first_phase(game: WorldGame) -> str | None:
    for phase in game.procedure:
        name: str = phase.name
        return name
    return None


def _deal(game: WorldGame) -> None:
    """Each card to the zone its kind starts in; the places on the map; the numbers at their
    start; each pawn on the first place."""
    st = game.state
    world = game.world
    copies: dict[str, int] = {}
    off_map: list[str] = []  # place cards a map leaves off: their kind's deck, after the shuffle
    for card in game.ruleset.all_cards:
        count = int(card.fields.get("copies", 1) or 1)
        for n in range(count):
            copies[card.name] = copies.get(card.name, 0) + 1
            cid = card.name if n == 0 else f"{card.name}#{n + 1}"
            if cid in st.cards:  # a name two kinds share: each card keeps its own
                cid = f"{cid} ({card.kind})"
            kind = card.kind.casefold()
            info: dict[str, Any] = {"name": card.name, "kind": card.kind, "zone": None, "at": None}
            st.cards[cid] = info
            if kind == (world.place_kind or "").casefold():
                if cid not in world.places:  # a map's: one that may take a place later
                    off_map.append(cid)
                continue  # a place is the map, not in a zone
            if kind in world.in_play:  # in play from the start, on no place: the table's
                info["at"] = IN_PLAY
                continue
            home = world.home.get(kind, f"{kind} {DECK}")
            st.zones.setdefault(home, []).append(cid)
            info["zone"] = home
    for key in list(st.zones):
        if key.endswith(DECK):
            st.rng.shuffle(st.zones[key])
    for cid in off_map:  # in the text's order: the draws the text makes shuffle first
        kind = st.cards[cid]["kind"].casefold()
        home = world.home.get(kind, f"{kind} {DECK}")
        st.zones.setdefault(home, []).append(cid)
        st.cards[cid]["zone"] = home
    fields = {(c.name, c.kind): c.fields for c in game.ruleset.all_cards}
    for decl in world.properties.values():
        for owner in each_owner(world, st, decl.owner):
            info = st.cards.get(owner)
            own = fields.get((info["name"], info["kind"]), {}) if info is not None else {}
            start_number(game, owner, decl, own)  # dsl.world.copies: a copy's too
    pawn = world.pawn()
    if pawn is not None and world.places:
        for player in st.players:
            st.pieces.setdefault(world.places[0], {})[f"{pawn.name}@{player}"] = 1
    if world.played:  # "heroes are played by players, one each": one each, at the pawn
        from .control import deal

        deal(world, st, st.zones, lambda p: game.ops.pawn_at(p) or IN_PLAY)
    st.values.setdefault(GAME, {})


def steps_of(game: WorldGame) -> dict[str, Callable[..., Any]]:
    """The engine's own procedure words (``do <words>``)."""
    return dict(ENGINE_STEPS)


def _take_an_action(game: WorldGame, item: Any = None) -> None:
    game.take_an_action(item if isinstance(item, str) else None)


def _start_the_turn(game: WorldGame, item: Any = None) -> None:
    player = item if isinstance(item, str) else (game.subject() or game.state.current)
    if player is not None:
        game.ops.start_turn(player)


def _start_a_round(game: WorldGame, item: Any = None) -> None:
    game.ops.start_round()


def _choose_first_player(game: WorldGame, item: Any = None) -> None:
    st = game.state
    first = st.players[int(st.rng.random() * len(st.players))]
    at = st.players.index(first)
    game.ops.set_order(st.players[at:] + st.players[:at], "the first player at random")


def _end_the_game(game: WorldGame, item: Any = None) -> None:
    game.end_the_game()


ENGINE_STEPS: dict[str, Callable[..., Any]] = {
    "take an action": _take_an_action,
    "start the turn": _start_the_turn,
    "start a round": _start_a_round,
    "choose the first player at random": _choose_first_player,
    "end the game": _end_the_game,
}


def each_of(game: WorldGame, noun: str) -> list[str]:
    """The things a ``for each <noun>`` step goes through, in order: players in turn order,
    the places of the map, the cards of a kind in play."""
    folded = noun.casefold().rstrip("s")
    st = game.state
    if folded == PLAYER:
        return list(st.order or st.players)
    if folded == (game.world.place_kind or "").casefold():
        return list(places_now(game))
    return [
        c for c, info in st.cards.items() if info["kind"].casefold() == folded and info.get("at")
    ]


def offer_who(step: ProcedureStep) -> str | None:
    return None
