"""Actions (rules: Actions; Move, Trade, Muster, Craft): the actions step, the options a
character has, and the four simple actions. Overcome and Narrate Scene have modules of their
own; cards used as actions are ``abilities``.
"""

from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from dsl.kernel.dispatch import answer, piece, step
from dsl.runtime import Context, Decision, new_decision

from .basics import (
    ANY,
    MapFacts,
    Section,
    _CardActions,
    _usable_permissions,
    ruleset_memo,
)
from .cards import Ruleset
from .contracts import DecisionKind
from .state import (
    AssetInProgress,
    CharacterState,
    Frame,
    LocationState,
    SessionState,
)

if TYPE_CHECKING:
    from .abilities import AbilityRules
    from .session import Session

# the hands of cards whose actions are kept at most (``hand``, ``_musters``)
_HANDS_KEPT = 20_000

# what a hand of cards offers: the resources its texts let muster, its texts used as actions
# (kind, card, effects), its "May ..." texts (kind, card, permissions)
_Hand = tuple[
    tuple[str, ...],
    tuple[tuple[str, str, tuple[int, ...]], ...],
    tuple[tuple[str, str, tuple[tuple[int, Any], ...]], ...],
]

# what each action costs now (``ActionRules._costs``): a move, a trade, a muster and a craft,
# then a port move and a portal move if a card in play sets them (``None``: as printed)
_Costs = tuple[int, int, int, int, int | None, int | None]


class ActionRules(Section):
    """The actions step: the options the players have, and the four simple actions
    (``session.actions``)."""

    def __init__(self, game: Session) -> None:
        super().__init__(game)
        ruleset = self.ruleset
        # facts of the cards that never change within a session, worked out when first needed
        # (the ruleset's memos, shared by every session of the ruleset)
        self._card_memo: dict[tuple[str, str], _CardActions] = ruleset_memo(ruleset, "actions")
        self._hands_memo: dict[tuple[Any, ...], _Hand] = ruleset_memo(ruleset, "hands")
        self._musters_memo: dict[tuple[Any, ...], tuple[str, ...]] = ruleset_memo(
            ruleset, "musters"
        )
        # the sets of dice a trade may give, by the row of dice ``(resource, face)`` at a
        # location (``_new_trade_sets``), and what a resource trades for
        self._trade_sets: dict[tuple[tuple[str, int], ...], tuple[tuple[Any, str], ...]] = (
            ruleset_memo(ruleset, "trade sets")
        )
        self._trade_memo: dict[str, list[str]] = ruleset_memo(ruleset, "trades")
        self._action_costs = _declared_costs(ruleset)
        # the action options offered last, and the count of events when they still hold
        self._options_kept_for: list[Any] = []
        self._options_told = -1  # the count of events when they were worked out
        self._options_kept: tuple[int, list[Any]] | None = None

    def act_in_any_order(self) -> None:
        """Actions: players act in any order until all pass."""
        self.game.push_frame("actions")

    def refused(self, data: dict[str, Any], reason: str) -> None:
        """A card used as an action could not do what it says: the action is not taken, and
        it is not offered again until the table changes."""
        option = data["args"]["option"]
        actions = self._actions_frame()
        if actions is not None:
            actions.data.setdefault("refused", []).append(option)
        self.ops.action_refused(option, reason)
        if data["events"] == self._options_told:  # the options offered at the piece's start
            self._options_kept = (len(self.state.events), self._options_kept_for)

    def changed(self) -> None:
        """An action was taken: cards refused before may work now."""
        actions = self._actions_frame()
        if actions is not None:
            actions.data.pop("refused", None)

    def _actions_frame(self) -> Frame | None:
        """The actions step under the pieces running now, if any."""
        frames = self.state.frames
        if frames and frames[-1].kind == "actions":  # most often: a card just taken back
            return frames[-1]
        return next((f for f in reversed(self.state.frames) if f.kind == "actions"), None)

    @step("actions")
    def walk_actions(self, frame: Frame) -> Decision | None:
        # after a card was taken back the table is as it was (no event since the refusal's):
        # the options are the ones offered before, less the card
        kept = self._options_kept
        if kept is not None and kept[0] == len(self.state.events):
            options = kept[1]
            # still the table's options now: a second card taken back keeps them too
            self._options_told = kept[0]
        else:
            options = self._options_kept_for = self.action_options()
            self._options_told = len(self.state.events)
        self._options_kept = None
        refused = frame.data.get("refused")
        if refused:  # cards that could not do what they say, until the table changes
            options = [o for o in options if o not in refused]
        return new_decision(
            DecisionKind.CHOOSE_ACTION,
            None,
            "Actions: choose an action, or end the actions step",
            tuple(options),
        )

    @answer("actions")
    def answer_actions(self, frame: Frame, answer: Any) -> None:
        if answer == "done":
            self.game.pop_frame()
            return
        if not self.state.table_dice and self._option_asks_nothing(answer):
            # no decision can come of it: run it at once, with no snapshot to keep
            self.take_action(Context(self.game), answer)
            frame.data.pop("refused", None)
            return
        self.game.push_run("action", option=answer)

    def _option_asks_nothing(self, option: dict[str, Any]) -> bool:
        act = option["act"]
        if act in ("trade", "craft"):
            return True
        if act == "move":
            return option.get("by") != "portal"
        if act == "muster":
            return bool(option["resource"] != self.game.sorcery)
        return False

    def action_options(self) -> list[Any]:
        """Every action the players may take now (useful ones: an action that cannot change
        anything, such as crafting with no die that fits, is left out).

        Asked at every action decision, so written for speed (the order of the options is part
        of the game's behaviour: bots pick by position): each location and its side is looked
        up once, each action's cost once (``_costs``), and what a card offers comes from
        ``card_actions``, worked out once per card (its memo read in line: a card's facts are
        never falsy). Each kind of action has its own method: moves, trades and musters,
        overcoming and crafting, the cards' texts, then everyone's "May ..." texts; what they
        read is handed to them (arguments are the compiled module's fastest reads: this is
        called at every action decision)."""
        game, st = self.game, self.state
        abilities = game.abilities
        abilities.new_round()  # (``may_act`` looks a character's table up once a round)
        board = game.map_facts()  # each location's side and neighbours, kept while the map is
        locations, sides, first = st.locations, board.sides, board.first
        costs = self._costs(st)
        options: list[Any] = []
        lowest_at: dict[str, int | None] = {}  # by location, the same for everyone there
        permitting: list[tuple[CharacterState, list[tuple[str, str, Any]]]] = []
        for c in st.characters:
            name = c.location
            if name is None:
                continue
            at = first[name]  # a name not on the map is a KeyError, as ``location`` raises
            here, side = locations[at], sides[at]
            hand = self.hand(c)  # what the cards it holds offer, worked out once per hand
            self._move_options(options, c, here, side, board, costs)
            self._place_options(options, c, here, side, hand, costs)
            self._obstacle_options(options, c, here, costs, lowest_at)
            granting = self._card_options(options, c, here, side, hand, abilities)
            if granting:
                permitting.append((c, granting))
        self._permission_options(options, permitting, abilities)
        options += game.scenes.narrate_options()
        options.append("done")
        return options

    def _costs(self, st: SessionState) -> _Costs:
        """What a move, a trade, a muster and a craft cost now, and a port and a portal move
        if a card sets it (``None``: as the location prints): the declared costs while no card
        in play changes one (most of the time)."""
        if not st.flags:
            return self._action_costs
        game = self.game
        return (
            game.action_cost("move"),
            game.action_cost("trade"),
            game.action_cost("muster"),
            game.action_cost("craft"),
            game.changed_cost("port move"),
            game.changed_cost("portal move"),
        )

    def _move_options(
        self,
        options: list[Any],
        c: CharacterState,
        here: LocationState,
        side: Any,
        board: MapFacts,
        costs: _Costs,
    ) -> None:
        """Any character may move (in the solo variant the whole party moves): to a
        neighbour, by port, or through a portal."""
        add, move_cost, port_card, portal_card = options.append, costs[0], costs[4], costs[5]
        ap, who = c.action_points, c.name
        if ap >= move_cost:
            for dest, entry_cost in board.steps[here.name]:
                if ap >= move_cost + entry_cost:
                    add({"act": "move", "character": who, "to": dest})
        if side.port_cost is None and side.portal_cost is None and side.portal_stress_cost is None:
            return  # (most places: no port and no portal)
        locations, sides = self.state.locations, board.sides
        if side.port_cost is not None and ap >= (
            side.port_cost if port_card is None else port_card
        ):
            for other, o_side in zip(locations, sides, strict=True):
                if other is not here and o_side.port_cost is not None:
                    add({"act": "move", "character": who, "to": other.name, "by": "port"})
        if side.portal_cost is not None or side.portal_stress_cost is not None:
            for other, o_side in zip(locations, sides, strict=True):
                if other is here or (
                    o_side.portal_cost is None and o_side.portal_stress_cost is None
                ):
                    continue
                if (
                    ap >= portal_card
                    if portal_card is not None
                    else (side.portal_cost is not None and ap >= side.portal_cost)
                    or side.portal_stress_cost is not None
                ):
                    add({"act": "move", "character": who, "to": other.name, "by": "portal"})

    def _place_options(
        self,
        options: list[Any],
        c: CharacterState,
        here: LocationState,
        side: Any,
        hand: _Hand,
        costs: _Costs,
    ) -> None:
        """Trades and musters at the character's location (``restricted(here, verb, side)``,
        its obstacle lookup only when there are any)."""
        ap, obstacles = c.action_points, here.obstacles
        if (
            ap >= costs[1]
            and len(here.dice) > 1  # a trade gives a pair
            and not side.no_trade
            and not (obstacles and self.game.restricted(here, "trade", side))
        ):
            options.extend(self._trade_options(c, here))
        if (
            ap >= costs[2]
            and not side.no_muster
            and not (obstacles and self.game.restricted(here, "muster", side))
        ):
            supply, add = self.state.supply, options.append
            for resource in self._musters(side, hand[0]):
                if supply.get(resource, 0) > 0:
                    add({"act": "muster", "character": c.name, "resource": resource})

    def _obstacle_options(
        self,
        options: list[Any],
        c: CharacterState,
        here: LocationState,
        costs: _Costs,
        lowest_at: dict[str, int | None],
    ) -> None:
        """Overcoming the obstacles here (with no initiative dice, only one with enough
        progress is taken) and crafting with an initiative die."""
        obstacles, initiative, who, add = here.obstacles, c.initiative, c.name, options.append
        if not obstacles and not initiative:
            return  # (often: nothing to overcome, no die to craft with)
        forbidden = self.ruleset.forbidden_on
        if obstacles and not initiative:
            obstacle_cards = self.ruleset.obstacles
            for i, o in enumerate(obstacles):
                if o.progress >= obstacle_cards[o.name].difficulty and not (
                    forbidden and self.game.forbids("overcome", o.uid)
                ):
                    add({"act": "overcome", "character": who, "obstacle": o.name, "index": i})
        if not initiative:
            return
        if here.dice and len(initiative) >= costs[3]:
            lowest = self._lowest_at(lowest_at, here)
            if lowest is not None:
                # any initiative die at least as high as the lowest die that some empty slot
                # takes can craft
                for face in sorted(set(initiative)):
                    if face >= lowest:
                        add({"act": "craft", "character": who, "die": face})
        for i, o in enumerate(obstacles):
            if forbidden and self.game.forbids("overcome", o.uid):
                continue  # "May not overcome Stability obstacles" stands
            add({"act": "overcome", "character": who, "obstacle": o.name, "index": i})

    def _lowest_at(self, lowest_at: dict[str, int | None], here: LocationState) -> int | None:
        """The lowest die an empty slot of an asset in progress here takes (the same for
        everyone here: worked out once a round, kept in ``lowest_at``)."""
        name = here.name
        if name not in lowest_at:
            targets = [
                a
                for o in self.state.characters
                if o.location == name
                for a in o.in_progress  # ``characters_at(name)``
            ]
            lowest_at[name] = self._lowest_craftable(here, targets) if targets else None
        return lowest_at[name]

    def _card_options(
        self,
        options: list[Any],
        c: CharacterState,
        here: LocationState,
        side: Any,
        hand: _Hand,
        abilities: AbilityRules,
    ) -> list[tuple[str, str, Any]]:
        """The cards' texts used as actions; their "May ..." texts, which come after
        everyone's (returned)."""
        granting: list[tuple[str, str, Any]] = []
        if side.permissions:
            granting.append(("location", here.name, _usable_permissions(side.permissions)))
        exhausted, who, add, may_act = c.exhausted, c.name, options.append, abilities.may_act
        for kind, card, plays in hand[1]:
            if card not in exhausted:
                for k in plays:
                    # a card whose text would find nothing to act on is not offered
                    if may_act(c, kind, card, k, here):
                        add({"act": kind, "character": who, "card": card, "effect": k})
        granting += hand[2]
        events_out = self.state.events_out
        if events_out:
            memo, card_actions = self._card_memo, abilities.card_actions
            for n in events_out:
                actions = memo.get(("event", n)) or card_actions("event", n)
                if actions.permissions:
                    granting.append(("event", n, actions.permissions))
        return granting

    def _permission_options(
        self,
        options: list[Any],
        permitting: list[tuple[CharacterState, list[tuple[str, str, Any]]]],
        abilities: AbilityRules,
    ) -> None:
        """Everyone's "May ..." texts (of cards held, locations and events out) that may be
        used now."""
        if not permitting:
            return
        holding_possible, add = abilities.holding_possible, options.append
        for c, granting in permitting:
            for on, card_name, permissions in granting:
                for k, permission in permissions:
                    if c.exhausted and f"{card_name}#{k}" in c.exhausted:
                        continue
                    if not holding_possible(c, card_name, permission):
                        continue
                    add(
                        {
                            "act": "permission",
                            "character": c.name,
                            "on": on,
                            "card": card_name,
                            "index": k,
                        }
                    )

    def hand(self, c: CharacterState) -> _Hand:
        """What the abilities and assets a character holds offer as actions (``card_actions``
        of each, in the order they are held): the resources their "May muster" texts name,
        their texts used as actions, and their other "May ..." texts. Part of
        ``action_options``: worked out once per hand of cards (a ruleset's fact)."""
        key = (tuple(c.abilities), tuple(c.assets))
        memo = self._hands_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= _HANDS_KEPT:
                memo.clear()
            musters: list[str] = []
            plays: list[tuple[str, str, tuple[int, ...]]] = []
            permissions: list[tuple[str, str, tuple[tuple[int, Any], ...]]] = []
            for kind, held in (("ability", c.abilities), ("asset", c.assets)):
                for card in held:
                    actions = self.game.abilities.card_actions(kind, card)
                    if kind == "ability":
                        musters += actions.musters
                    if actions.permissions:
                        permissions.append((kind, card, actions.permissions))
                    if actions.plays:
                        plays.append((kind, card, actions.plays))
            found = memo[key] = (tuple(musters), tuple(plays), tuple(permissions))
        return found

    def _musters(self, side: Any, granted: tuple[str, ...]) -> tuple[str, ...]:
        """The resources a character may muster on a location side: what it produces, what
        it lets muster, then what the character's abilities let muster, each once."""
        key = (side, granted)
        memo = self._musters_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= _HANDS_KEPT:
                memo.clear()
            found = memo[key] = tuple(dict.fromkeys((*side.produces, *side.musters, *granted)))
        return found

    def _lowest_craftable(self, here: LocationState, targets: list[AssetInProgress]) -> int | None:
        """The lowest face of a die here that an empty slot of ``targets`` accepts, if any."""
        assets = self.ruleset.assets
        dice = here.dice
        faces = (
            sorted({(d.face, d.resource) for d in dice})
            if len(dice) > 1
            else [(d.face, d.resource) for d in dice]  # most often one die: nothing to sort
        )
        for face, resource in faces:
            for a in targets:  # each recipe read where it is needed (most ask the first die)
                slots = a.slots
                for s, slot in enumerate(assets[a.name].recipe):
                    # slot.accepts(resource, face), written out: this is the inner loop
                    if (
                        slots[s] is None
                        and (slot.resource is None or slot.resource == resource)
                        and (slot.face is None or slot.face == face)
                    ):
                        return face
        return None

    def _trade_options(self, c: CharacterState, here: LocationState) -> list[Any]:
        """Trades: the declared ``trade dice in`` dice of one resource at the location for
        ``trade dice out`` of another (one option per set of faces given). Part of
        ``action_options``: the sets of dice given are worked out once per row of dice
        (``_trade_sets``), what a resource trades for is read from its memo in line."""
        dice = here.dice
        key = tuple([(d.resource, d.face) for d in dice])
        sets = self._trade_sets.get(key)
        if sets is None:
            sets = self._new_trade_sets(key)
        out: list[Any] = []
        supply = self.state.supply
        memo = self._trade_memo
        who = c.name
        for chosen, resource in sets:
            targets = memo.get(resource)
            if targets is None:
                targets = memo[resource] = self._trade_targets(resource)
            for into in targets:
                if supply.get(into, 0) > 0:
                    out.append(
                        {"act": "trade", "character": who, "give": list(chosen), "get": into}
                    )
        return out

    def _new_trade_sets(self, key: tuple[tuple[str, int], ...]) -> tuple[tuple[Any, str], ...]:
        """The sets of dice a trade may give from a row of dice ``(resource, face)``, in the
        order of the dice at the location, one per resource and set of faces: a fact of the
        row and the ruleset, kept in the ruleset's memo (a speed shortcut: ``action_options``
        asks at every action decision, and the dice at a location change far less often)."""
        give = self.ruleset.value("trade dice in", 2)
        by_resource: dict[str, list[int]] = {}
        for i, (resource, _) in enumerate(key):
            by_resource.setdefault(resource, []).append(i)
        sets = sorted(
            [
                chosen
                for positions in by_resource.values()
                if len(positions) >= give
                for chosen in combinations(positions, give)
            ]
        )  # in the order of the dice at the location
        found: list[tuple[Any, str]] = []
        seen: set[tuple[Any, ...]] = set()
        for chosen in sets:
            resource = key[chosen[0]][0]
            faces = (resource, *sorted([key[i][1] for i in chosen]))
            if faces in seen:
                continue
            seen.add(faces)
            found.append((chosen, resource))
        memo = self._trade_sets
        if len(memo) >= _HANDS_KEPT:
            memo.clear()
        result = memo[key] = tuple(found)
        return result

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

    @piece("action")
    def take_action(
        self, ctx: Context, option: dict[str, Any]
    ) -> Generator[Decision, Any, None] | None:
        """An action; an overcome and a narrated scene are pieces written as generators
        (``action_overcome``, ``action_narrate``), so the machine goes on with them where they
        asked, and this returns them."""
        act = option["act"]
        c = self.game.character(option["character"]) if "character" in option else None
        self.ops.action_taken(option)
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
            return self._overcoming(ctx, c, option["index"])
        elif act == "narrate":
            return self._narrating(ctx, option["scene"], option["location"], option["participants"])
        elif act in ("ability", "asset"):
            assert c is not None
            self.game.abilities.use_card(
                ctx, c, act, option["card"], option["effect"], as_action=True
            )
        elif act == "permission":
            assert c is not None
            self.game.abilities.use_permission(ctx, c, option)
        self.ops.release_cards_left()
        return None

    def _overcoming(
        self, ctx: Context, c: CharacterState, index: int
    ) -> Generator[Decision, Any, None]:
        yield from self.game.overcome.action_overcome(ctx, c, index)
        self.ops.release_cards_left()

    def _narrating(
        self, ctx: Context, scene: str, location: str, participants: list[str]
    ) -> Generator[Decision, Any, None]:
        yield from self.game.scenes.action_narrate(ctx, scene, location, participants)
        self.ops.release_cards_left()

    def action_move(self, ctx: Context, c: CharacterState, to: str, by: str | None) -> None:
        here = self.game.location(c.location) if c.location else None
        assert here is not None
        side = self.game.side(here)
        port_card, portal_card = (
            self.game.changed_cost("port move"),
            self.game.changed_cost("portal move"),
        )
        if by == "port":
            cost = int(side.port_cost or 0) if port_card is None else port_card
            self.ops.lose_action_points(c, cost)
        elif by == "portal":
            if portal_card is not None:  # a card's cost replaces the printed one, stress too
                self.ops.lose_action_points(c, portal_card)
            elif side.portal_cost is not None:
                self.ops.lose_action_points(c, side.portal_cost)
            else:
                kind = self.game.decide(
                    ctx,
                    DecisionKind.CHOOSE_STRESS,
                    list(self.ruleset.stress),
                    "Portal: which stress do you pay?",
                    who=c.name,
                )
                self.ops.take_stress(ctx, c, kind, int(side.portal_stress_cost or 1))
        else:
            move_cost = self.game.action_cost("move")
            self.ops.lose_action_points(
                c, move_cost + self.game.side(self.game.location(to)).entry_cost
            )
        party = self.state.characters if self.state.solo else [c]
        for m in party:
            self.ops.move_character(m, to, by or "step")

    def action_trade(self, c: CharacterState, give: list[int], get: str) -> None:
        here = self.game.location(str(c.location))
        given = self.ops.give_dice(here, give)
        self.ops.lose_action_points(c, self.game.action_cost("trade"))
        self.ops.traded(c, given, get)
        for _ in range(self.ruleset.value("trade dice out", 1)):
            self.ops.new_resource_die(None, get, here, explode=False)

    def action_muster(self, ctx: Context, c: CharacterState, resource: str) -> None:
        here = self.game.location(str(c.location))
        self.ops.lose_action_points(c, self.game.action_cost("muster"))
        self.ops.new_resource_die(ctx, resource, here)

    def action_craft(self, ctx: Context, c: CharacterState, face: int) -> None:
        """Spend an initiative die (and, where crafting costs more, the lowest others); dice up
        to its value then move one by one (``craft``)."""
        self.ops.spend_initiative(c, face)
        for _ in range(self.game.action_cost("craft") - 1):
            if c.initiative:
                self.ops.spend_initiative(c, min(c.initiative))
        self.game.push_frame("craft", {"character": c.name, "face": face})

    def craft_options(self, c: CharacterState, face: int) -> list[Any]:
        rs = self.ruleset
        here = self.game.location(str(c.location))
        options: list[Any] = []
        seen: set[tuple[Any, ...]] = set()
        # the empty slots of every card being crafted here, in the order they are offered
        # (owner, card, slot), each looked up once rather than once per die
        empty = [
            (owner.name, a_index, asset.name, slot_index, slot)
            for owner in self.game.characters_at(here.name)
            for a_index, asset in enumerate(owner.in_progress)
            for slot_index, slot in enumerate(rs.assets[asset.name].recipe)
            if asset.slots[slot_index] is None
        ]
        for i, die in enumerate(here.dice):
            if die.face > face:
                continue
            resource, value = die.resource, die.face
            for owner, a_index, name, slot_index, slot in empty:
                # slot.accepts(resource, value), written out: this is the inner loop
                if (slot.resource is None or slot.resource == resource) and (
                    slot.face is None or slot.face == value
                ):
                    key = (resource, value, owner, a_index, slot_index)
                    if key in seen:
                        continue
                    seen.add(key)
                    options.append(
                        {
                            "die": i,
                            "character": owner,
                            "asset": name,
                            "index": a_index,
                            "slot": slot_index,
                        }
                    )
        return options

    @step("craft")
    def walk_craft(self, frame: Frame) -> Decision | None:
        c = self.game.character(frame.data["character"])
        face = frame.data["face"]
        options = self.craft_options(c, face)
        if not options:
            self.game.pop_frame()
            return None
        return new_decision(
            DecisionKind.CHOOSE_CRAFT,
            c.name,
            f"Craft with a {face}: place a die or stop",
            (*options, "stop"),
        )

    @answer("craft")
    def answer_craft(self, frame: Frame, choice: Any) -> None:
        if choice == "stop":
            self.game.pop_frame()
            return
        c = self.game.character(frame.data["character"])
        owner = self.game.character(choice["character"])
        asset = owner.in_progress[choice["index"]]
        self.ops.craft_die(c, choice["die"], owner, asset, choice["slot"])
        if all(slot is not None for slot in asset.slots):
            self.ops.complete_asset(owner, asset)


def _declared_costs(ruleset: Ruleset) -> _Costs:
    """The declared costs of a move, a trade, a muster and a craft (a port or a portal move:
    as the location prints): what ``action_cost`` says while no card in play changes one
    (``action_options`` reads them at every decision), worked out once per ruleset."""
    kept = ruleset_memo(ruleset, "session")
    found: _Costs | None = kept.get("declared costs")
    if found is None:
        move, trade, muster, craft = (ruleset.value(f"{a} cost", 1) for a in _ACTIONS)
        found = kept["declared costs"] = (move, trade, muster, craft, None, None)
    return found


# the actions whose cost ``action_options`` reads, in the order it reads them
_ACTIONS = ("move", "trade", "muster", "craft")
